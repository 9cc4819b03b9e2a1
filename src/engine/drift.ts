import type { DependentScope, Scope, ScopeDefinition } from './service.ts';

/** One field of the spec set against what the service holds. */
export interface FieldComparison {
  field: string;
  spec: string;
  service: string;
  same: boolean;
}

// A set, written the same way on both sides: sorted, ids in one case.
const dependentSet = (deps: readonly DependentScope[]): string =>
  JSON.stringify(
    deps
      .map((d) => ({ scope: d.scope.toLowerCase(), optional: d.optional, requires_refresh_token: d.requires_refresh_token }))
      // A code-point order (localeCompare would start ICU's collator); ids are unique.
      .sort((a, b) => (a.scope < b.scope ? -1 : 1)),
  );

/**
 * What changing the dependent scopes means for the provider's users. Globus Auth asks each
 * user's consent to a provider's dependent scopes and reports one missing as ConsentRequired
 * (globus-sdk-python, gare/_variants.py); nothing documents what happens to earlier consents,
 * so the note says what to expect, not what is certain. See the README's "Drift, updates and dry runs".
 */
export const CONSENT_NOTE = 'users of the provider may have to consent again before it can use a new dependent scope for them';

/** The suffix a scope string implies: its last path segment (`.../scopes/<client>/<suffix>`). */
export const suffixOf = (scopeString: string): string => scopeString.slice(scopeString.lastIndexOf('/') + 1);

/**
 * Compares the spec, with every dependent scope resolved to its UUID, with a scope as the
 * service describes it. Fields the service did not report are left out, not guessed.
 */
export function compareScope(definition: ScopeDefinition, scope: Scope): FieldComparison[] {
  const pairs: Array<[string, unknown, unknown]> = [
    ['name', definition.name, scope.name],
    ['description', definition.description, scope.description],
    ['scope_suffix', definition.scope_suffix, suffixOf(scope.scope_string)],
    ['advertised', definition.advertised, scope.advertised],
    // The service answers the request's allow_refresh_tokens as allows_refresh_token.
    ['allow_refresh_tokens', definition.allow_refresh_tokens, scope.allows_refresh_token],
  ];
  const comparisons = pairs
    .filter(([, , service]) => service !== undefined)
    .map(([field, spec, service]) => ({ field, spec: JSON.stringify(spec), service: JSON.stringify(service), same: spec === service }));
  if (scope.required_domains !== undefined) {
    // A set too; a spec without the field asks for the service's default, none.
    const spec = JSON.stringify([...(definition.required_domains ?? [])].sort());
    const service = JSON.stringify([...scope.required_domains].sort());
    comparisons.push({ field: 'required_domains', spec, service, same: spec === service });
  }
  if (scope.dependent_scopes !== undefined) {
    const spec = dependentSet(definition.dependent_scopes);
    const service = dependentSet(scope.dependent_scopes);
    comparisons.push({ field: 'dependent_scopes', spec, service, same: spec === service });
  }
  return comparisons;
}

/**
 * What this run did to the scope before the comparison: found it, created it, or updated it
 * to the spec. After a creation or an update, a difference is a field the service ignored,
 * which aligning the spec cannot help.
 */
export type Written = 'nothing' | 'created' | 'updated';

/**
 * The annotation for a field that differs: what each side says, and what the user can do.
 * `update` is how the door's users ask for an update ("on_drift: update", "--on-drift update"),
 * or undefined when no update can be made (the suffix differs too: an update refuses then).
 */
export function describeDrift(c: FieldComparison, written: Written, update: string | undefined): string {
  if (written !== 'nothing') {
    return (
      `The service ${written === 'created' ? 'created the scope' : 'kept the scope'} with ${c.field} ${c.service}, although the ` +
      `${written === 'created' ? 'spec' : 'update'} asked for ${c.spec}: it ignored the field. ` +
      "Check the value against what the service accepts; if it should have been taken, report it with the run's log."
    );
  }
  return (
    `The client's scope differs from the spec in ${c.field}: the spec says ${c.spec}, the service has ${c.service}. ` +
    (c.field === 'scope_suffix'
      ? 'The existing scope is used; no second scope is created.'
      : update === undefined
        ? 'Align the spec with the service: no update is made while scope_suffix differs too.'
        : `Align the spec with the service, or apply the spec to the scope with ${update}.`)
  );
}
