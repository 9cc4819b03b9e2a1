/**
 * The client inspected: its scopes, each described, and the dependent scopes the spec names,
 * looked up by string and by id, in one round trip when the service allows it.
 */
import { ActionError } from '../../wire/errors.ts';
import type { Log } from '../../wire/log.ts';
import { isUuid } from '../../wire/uuid.ts';
import { scopeWithSuffixOf, suffixOf } from './drift.ts';
import type { Registered } from './results.ts';
import type { AuthService, Client, Scope, ScopeDefinition } from './service.ts';
import type { SpecDependent } from '../settings/spec.ts';

/** What the first round trip found, before any write. */
export interface Inspection {
  client: Client;
  /** The spec's scopes and the dependent scopes given by string that the lookup found, by string. */
  byString: ReadonlyMap<string, Scope>;
  /** The dependent scopes given by id that the service shows this client, by id in lower case. */
  visibleIds: ReadonlyMap<string, Scope>;
  /** The dependent ids the lookup did not return: the creation decides. */
  unverified: string[];
  /** Every scope of the client, each described, in the client's order. */
  scopes: Scope[];
}

/**
 * One round trip: the inspection, one lookup of the spec's scope strings and every dependent
 * string, and, only when the spec gives any, one lookup of the dependents given by id. Then,
 * before any other request, `warn` hears of the ids not found.
 */
export async function inspect(
  service: AuthService,
  specs: ReadonlyArray<ScopeDefinition<SpecDependent>>,
  warn: (unverified: readonly string[]) => void,
): Promise<Inspection> {
  const expected = specs.map((spec) => service.scopeStringFor(spec.scope_suffix));
  const { strings, ids } = dependentsToLookUp(specs, service);
  const [client, found, visibleIds] = await Promise.all([
    service.getClient(),
    service.lookupScopesByString([...new Set([...expected, ...strings])]),
    lookupIds(service, ids),
  ]);
  const unverified = ids.filter((id) => !visibleIds.has(id));
  warn(unverified);
  let byString = new Map(found.map((s) => [s.scope_string, s]));
  // A service that answers 404 when any string is unknown says nothing about the others, and a
  // scope of the spec is unknown until it exists: the dependents alone (the spec's come with the client).
  const others = strings.filter((s) => !expected.includes(s));
  if (found.length === 0 && others.length > 0)
    byString = new Map((await service.lookupScopesByString(others)).map((s) => [s.scope_string, s]));
  const scopes =
    client.scopeIds.length === 0 ? [] : await describeScopes(service, client, [...client.scopes, ...found]);
  return { client, byString, visibleIds, unverified, scopes };
}

/** The dependent scopes the specs name by string (a sibling's by its own string) and by id, each once, to look up before any write. */
export function dependentsToLookUp(
  specs: ReadonlyArray<ScopeDefinition<SpecDependent>>,
  service: Pick<AuthService, 'scopeStringFor'>,
): { strings: string[]; ids: string[] } {
  const named = specs.flatMap((spec) =>
    spec.dependent_scopes.map((d) => ('scope' in d ? d.scope : service.scopeStringFor(d.scope_suffix))),
  );
  return { strings: [...new Set(named.filter((s) => !isUuid(s)))], ids: [...new Set(named.filter(isUuid))] };
}

/** Before any write, in dry runs too: an id the lookup does not return is left to the creation. */
export function warnUnverified(
  spec: ScopeDefinition<SpecDependent>,
  index: number | undefined,
  unverified: readonly string[],
  log: Log,
): void {
  spec.dependent_scopes.forEach((dep, j) => {
    if ('scope' in dep && isUuid(dep.scope) && unverified.includes(dep.scope)) {
      log.warning(
        `dependent_scopes: no scope with id ${dep.scope} is visible to this client. It may not exist, or it may be another ` +
          "client's scope that is not advertised, which the service shows only to its owner yet accepts as a dependency. " +
          'This run cannot tell which: the creation will decide.',
        // The single form's fields are the file's; a listed scope's start with its index.
        index === undefined ? ['dependent_scopes', j, 'scope'] : [index, 'dependent_scopes', j, 'scope'],
      );
    }
  });
}

/**
 * The scopes given by id that the service shows this client, by id in lower case. A service
 * that answers 404 when any id is unknown says nothing about the others: then each is asked
 * for alone.
 */
export async function lookupIds(service: AuthService, ids: readonly string[]): Promise<Map<string, Scope>> {
  if (ids.length === 0) return new Map();
  let found = await service.lookupScopesById(ids);
  if (found.length === 0 && ids.length > 1)
    found = (await Promise.all(ids.map((id) => service.lookupScopesById([id])))).flat();
  return new Map(found.map((s) => [s.id.toLowerCase(), s]));
}

/** The client's scopes in its order, each described: one lookup by id for those `known` does not describe. */
export async function describeScopes(service: AuthService, client: Client, known: Iterable<Scope>): Promise<Scope[]> {
  const byId = new Map([...known].map((s) => [s.id, s]));
  const unknownIds = client.scopeIds.filter((id) => !byId.has(id));
  if (unknownIds.length > 0) {
    for (const scope of await service.lookupScopesById(unknownIds)) byId.set(scope.id, scope);
  }
  const missing = client.scopeIds.filter((id) => !byId.has(id));
  if (missing.length > 0) {
    throw new ActionError(
      `The client lists scope(s) ${missing.join(', ')}, but the scope lookup by id did not return them.`,
    );
  }
  return client.scopeIds.map((id) => byId.get(id) as Scope);
}

/**
 * The client's scopes as they are, with no spec to hold them to: the provider's scope is the
 * client's first, or the one with `suffix`. One round trip when the inspection describes them, two otherwise.
 */
export async function inspectScopes(
  service: AuthService,
  { createScope }: { createScope: string },
  suffix?: string,
): Promise<Registered> {
  const client = await service.getClient();
  if (client.scopeIds.length === 0) {
    throw new ActionError(
      `Client ${client.id} has no scope yet: there is nothing for the provider to publish. Create it first: ${createScope}.`,
    );
  }
  const scopes = await describeScopes(service, client, client.scopes);
  // The scope with that suffix: its own string's, else an FQDN variant's.
  const scope = suffix === undefined ? scopes[0] : scopeWithSuffixOf(scopes, service.scopeStringFor(suffix));
  if (scope === undefined) {
    const suffixes = [...new Set(scopes.map((s) => suffixOf(s.scope_string)))].join(', ');
    throw new ActionError(
      `Client ${client.id} has no scope with the suffix ${suffix} (its scopes' suffixes: ${suffixes}): there is nothing of it for the provider to publish. Create it first: ${createScope}.`,
    );
  }
  const found = { scope, scopes, created: false, client };
  return { ...found, wouldCreate: false, names: new Map(), comparison: [], changes: [], updated: false };
}
