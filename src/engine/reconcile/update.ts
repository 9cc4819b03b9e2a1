/** An update: the spec applied to a scope the client has, and to its FQDN variants, never to another. */
import { ActionError } from '../../wire/errors.ts';
import type { Log } from '../../wire/log.ts';
import { compareScope, suffixOf, valueText } from './drift.ts';
import type { Registered } from './results.ts';
import type { AuthService, ScopeDefinition } from './service.ts';

/**
 * Applies the spec to the scope and its FQDN variants (the client's scopes with the same
 * suffix; no other scope is touched): one PUT each, in parallel, whose answer is the
 * verification. What the drift check found is the plan; in a dry run it is only told.
 */
export async function applySpec(
  service: AuthService,
  existing: Registered & { definition: ScopeDefinition },
  dryRun: boolean,
  log: Log,
): Promise<Registered> {
  const { definition, names } = existing;
  const changes = existing.comparison.filter((c) => !c.same);
  if (changes.length === 0) return existing;
  const suffix = changes.find((c) => c.field === 'scope_suffix');
  if (suffix !== undefined) {
    throw new ActionError(
      `scope_suffix: the spec says ${valueText(suffix.spec)}, the client's scope has ${valueText(suffix.service)}, and an update cannot change it: ` +
        "the suffix is part of the scope string, the provider's identity, which ensure-provider-scope never changes. Nothing was written. " +
        `Set scope_suffix back to ${valueText(suffix.service)} in the spec; a new scope string needs a new scope (and the users' consent to it).`,
    );
  }
  const fields = changes.map((c) => c.field).join(', ');
  const { scope } = existing;
  if (dryRun) {
    log.info(`Dry run: the scope ${scope.scope_string} differs from the spec in ${fields}: it would be updated`);
    return { ...existing, changes };
  }
  const targets = existing.scopes.filter((s) => suffixOf(s.scope_string) === definition.scope_suffix);
  log.info(`Updating ${fields} of ${targets.map((s) => s.scope_string).join(', ')}`);
  const answers = await Promise.all(targets.map((s) => service.updateScope(s.id, definition)));
  const byId = new Map(answers.map((a) => [a.id, a]));
  // The PUT's answer is the verification; one read more only if it leaves a field out.
  let after = byId.get(scope.id) ?? scope;
  if (compareScope(definition, after, names).length < existing.comparison.length)
    after = await service.getScope(scope.id);
  return {
    ...existing,
    scope: after,
    scopes: existing.scopes.map((s) => byId.get(s.id) ?? s),
    comparison: compareScope(definition, after, names),
    changes,
    updated: true,
  };
}
