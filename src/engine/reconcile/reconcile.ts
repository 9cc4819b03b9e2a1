import type { Budget } from '../../wire/budget.ts';
import { ActionError } from '../../wire/errors.ts';
import { silentLog, type Log } from '../../wire/log.ts';
import { formatPause, nextPause } from '../../wire/retry.ts';
import { isUuid, type Uuid } from '../../wire/uuid.ts';
import { PLAIN_WORDS, type WireWords } from '../../wire/words.ts';
import {
  compareScope,
  scopeWithSuffixOf,
  suffixOf,
  valueText,
  type FieldComparison,
  type ScopeNames,
} from './drift.ts';
import { SpecFieldError } from '../spec/problems.ts';
import type { AuthService, Client, DependentScope, Scope, ScopeDefinition } from './service.ts';
import type { SpecDependent } from '../spec/spec.ts';
import { nearestKey } from '../spec/suggest.ts';

/**
 * How often a creation is sent in all while the client is certainly still without a scope
 * (each time after the backoff or the Retry-After the service asked for).
 */
const MAX_CREATION_ATTEMPTS = 3;

export interface ReconcileRequest {
  spec: ScopeDefinition<SpecDependent>;
  /** Everything but the writes: a creation or an update is only planned. */
  dryRun: boolean;
  /** Apply the spec to a scope that differs from it (on_drift: update). */
  update?: boolean;
  /** Paces a creation sent again. */
  budget: Budget;
  /** The door's words, for what to do next; plain names by default. */
  words?: WireWords | undefined;
}

/** The scope a dry run would create: its string is known, its id is not. */
export interface PlannedScope {
  id: '';
  scope_string: string;
}

export interface Found<S extends Scope | PlannedScope = Scope> {
  /** The provider's scope: the one with the expected string if the client has it, else its first. */
  scope: S;
  /** Every scope of the client (FQDN variants included), in the client's order; then those only planned. */
  scopes: Array<Scope | S>;
  created: boolean;
  client: Pick<Client, 'id' | 'name'>;
}

interface Reconciled<S extends Scope | PlannedScope> extends Found<S> {
  /** The spec set against the provider's scope, field by field (empty when there is none yet); after an update, against the updated scope. */
  comparison: FieldComparison[];
  /** The fields an update changed (or, in a dry run, would change): `service` before, `spec` after. */
  changes: FieldComparison[];
  /** Whether this run changed the scope. */
  updated: boolean;
  /** The dependent scopes' strings the run's lookups returned, by id in lower case, for the doors to show. */
  names: ScopeNames;
}

/** The client has its scope (found, created or updated) ... */
export type Registered = Reconciled<Scope> & {
  wouldCreate: false;
  /** What the spec asks for, its dependent scopes by id; none when no spec was held to the scope (verify). */
  definition?: ScopeDefinition;
};

/** ... or, in a dry run on a client without scope, `scope` is what would be created, with no id yet. */
export type Planned = Reconciled<PlannedScope> & {
  wouldCreate: true;
  /** What the creation would send. */
  definition: ScopeDefinition;
};

export type ReconcileResult = Registered | Planned;

// Called with the client's scopes or the created ones, never an empty list.
const pickProvidersScope = (scopes: Scope[], expected?: string): Scope =>
  (scopes.find((s) => s.scope_string === expected) ?? scopes[0]) as Scope;

/**
 * Makes sure the client has its scope, creating it only when the client has none.
 * Round trips: one when there is nothing to do (inspection and lookup in parallel), three
 * when the scope is created (then creation, then a second inspection to verify it).
 */
export async function reconcileScope(
  service: AuthService,
  { spec, dryRun, update = false, budget, words = PLAIN_WORDS }: ReconcileRequest,
  log: Log = silentLog,
): Promise<ReconcileResult> {
  const expected = service.scopeStringFor(spec.scope_suffix);
  const { strings: dependentStrings, ids: dependentIds } = dependentsToLookUp([spec], service);

  // One round trip: the inspection, one lookup of the expected string and every dependent
  // string, and, only when the spec gives any, one lookup of the dependents given by id.
  const [client, found, visibleIds] = await Promise.all([
    service.getClient(),
    service.lookupScopesByString([expected, ...dependentStrings]),
    lookupIds(service, dependentIds),
  ]);
  // Before any write, in dry runs too: an id the lookup does not return is left to the creation.
  const unverified = dependentIds.filter((id) => !visibleIds.has(id));
  warnUnverified(spec, undefined, unverified, log);
  let byString = new Map(found.map((s) => [s.scope_string, s]));
  // A service that answers 404 when any string is unknown says nothing about the others,
  // and the expected string is unknown until the scope exists: ask for the dependents alone.
  if (found.length === 0 && dependentStrings.length > 0) {
    byString = new Map((await service.lookupScopesByString(dependentStrings)).map((s) => [s.scope_string, s]));
  }
  // The client's scopes, before any write: a sibling it lacks is refused with the near miss among their suffixes.
  const held =
    client.scopeIds.length === 0
      ? undefined
      : await adoptExisting(service, client, [...client.scopes, ...found], expected);
  const suffixes = (held?.scopes ?? []).map((s) => suffixOf(s.scope_string));
  const definition: ScopeDefinition = {
    ...spec,
    dependent_scopes: resolveDependents(spec, byString, (suffix) => byString.get(service.scopeStringFor(suffix))?.id, {
      suffixes,
    }),
  };
  const names: ScopeNames = new Map(
    [...byString.values(), ...visibleIds.values()].map((s) => [s.id.toLowerCase(), s.scope_string]),
  );
  const compared = (result: Found): Registered & { definition: ScopeDefinition } => ({
    ...result,
    wouldCreate: false,
    definition,
    names,
    comparison: compareScope(definition, result.scope, names),
    changes: [],
    updated: false,
  });

  if (held !== undefined) {
    log.info(`Client ${client.id} already has ${client.scopeIds.length} scope(s): nothing to create`);
    const existing = compared(held);
    return update ? applySpec(service, existing, dryRun, log) : existing;
  }
  if (dryRun) {
    log.info(`Dry run: client ${client.id} has no scope; ${JSON.stringify(spec.name)} (${expected}) would be created`);
    const wouldBe: PlannedScope = { id: '', scope_string: expected };
    return {
      scope: wouldBe,
      scopes: [wouldBe],
      created: false,
      client,
      wouldCreate: true,
      definition,
      names,
      comparison: [],
      changes: [],
      updated: false,
    };
  }
  log.info(`Client ${client.id} has no scope: creating ${JSON.stringify(spec.name)} (${expected})`);
  // Right after a creation too: a field the service silently ignored shows as drift.
  const rule: CreationRule = { unverified, lacking: 'scope', claim: (after) => anyScope(service, after, expected) };
  return compared(
    await create(service, definition, rule, budget, log, words, (answered) =>
      verifyCreated(service, answered, expected, words),
    ),
  );
}

/** The single form's rule: any scope of the client is the provider's. */
const anyScope = async (service: AuthService, client: Client, expected: string): Promise<Found | undefined> =>
  client.scopeIds.length === 0 ? undefined : adoptExisting(service, client, client.scopes, expected);

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
 * The client's scopes as they are, with no spec to hold them to: the provider's scope is the
 * client's first. One round trip when the inspection describes them, two otherwise.
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
  const found = await adoptExisting(service, client, client.scopes);
  // The scope with that suffix: its own string's, else an FQDN variant's.
  const scope = suffix === undefined ? found.scope : scopeWithSuffixOf(found.scopes, service.scopeStringFor(suffix));
  if (scope === undefined) {
    const suffixes = [...new Set(found.scopes.map((s) => suffixOf(s.scope_string)))].join(', ');
    throw new ActionError(
      `Client ${client.id} has no scope with the suffix ${suffix} (its scopes' suffixes: ${suffixes}): there is nothing of it for the provider to publish. Create it first: ${createScope}.`,
    );
  }
  return { ...found, scope, wouldCreate: false, names: new Map(), comparison: [], changes: [], updated: false };
}

/**
 * Applies the spec to the provider's scope and its FQDN variants (the client's scopes with the
 * same suffix; no other scope is touched): one PUT each, in parallel, whose answer is the
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

/**
 * The spec's dependent scopes by id: given as one, found by the lookup of their string, or, for a
 * sibling named by its suffix, what `sibling` says: its id, '' while it is only planned, or
 * undefined when the client has no such scope.
 */
export function resolveDependents(
  spec: ScopeDefinition<SpecDependent>,
  byString: ReadonlyMap<string, Scope>,
  sibling: (suffix: string) => Uuid | undefined,
  /** The listed scope's index (none in the single form), and the listed and the client's suffixes, for a near miss. */
  { index, suffixes = [] }: { index?: number; suffixes?: readonly string[] } = {},
): DependentScope[] {
  const field = `${index === undefined ? '' : `scopes[${index}].`}dependent_scopes`;
  const unresolved: string[] = [];
  const orphans: Array<{ at: number; suffix: string }> = [];
  const resolved = spec.dependent_scopes.flatMap((dep, at) => {
    const { optional, requires_refresh_token } = dep;
    const id =
      'scope' in dep ? (isUuid(dep.scope) ? dep.scope : byString.get(dep.scope)?.id) : sibling(dep.scope_suffix);
    if (id === undefined) {
      if ('scope' in dep) unresolved.push(dep.scope);
      else orphans.push({ at, suffix: dep.scope_suffix });
    }
    return id === undefined ? [] : [{ scope: id, optional, requires_refresh_token }];
  });
  const notFound =
    unresolved.length === 0
      ? []
      : [
          `${field}: no scope was found for ${[...new Set(unresolved)].map((s) => `"${s}"`).join(', ')}. ` +
            'Check the scope string against the service that owns it, or give the scope by its UUID.',
        ];
  if (orphans.length === 0) {
    if (notFound.length > 0) throw new ActionError(notFound.join(''));
    return resolved;
  }
  // Each at its line: the near miss among the suffixes there are, the scope's own left out (it cannot depend on itself).
  const candidates = [...new Set(suffixes)].filter((s) => s !== spec.scope_suffix);
  throw new SpecFieldError([
    ...orphans.map(({ at, suffix }) => {
      const name = `${field}[${at}].scope_suffix`;
      const near = nearestKey(suffix, candidates);
      return {
        at: [index ?? 0, 'dependent_scopes', at, 'scope_suffix'] as const,
        field: name,
        message:
          `${name} ${JSON.stringify(suffix)}: the client has no scope with this suffix, and the spec lists none${near === undefined ? '' : ` (did you mean ${near}?)`}. ` +
          'A dependency by scope_suffix names another scope of this client: create that scope first, or list it under scopes: in the spec. Nothing was written.',
      };
    }),
    ...notFound.map((message) => ({ field, message })),
  ]);
}

/** How a creation knows its scope in an inspection, after a lost answer or a conflict. */
export interface CreationRule {
  /** Dependent scope ids the run could not see before: a refusal names them. */
  unverified: readonly string[];
  /** What the client lacks while the creation is not applied, after "no": "scope", "scope <string>". */
  lacking: string;
  /** The scope, if the inspected client has it; the client's scopes described. */
  claim(client: Client): Promise<Found | undefined>;
}

/**
 * Creates the scope, never blindly twice; `settle` receives the creation's answer. Each creation comes to one of five outcomes:
 * - created: verified by a second inspection of the client;
 * - refused (400): thrown, naming the dependents that could not be verified beforehand;
 * - conflict (409): another run was first; its scope, found by inspection, is adopted;
 * - unknown (answer lost, 5xx, 429): the client is inspected; a scope found there is this
 *   run's and is adopted; if there is none, the creation is sent again after a pause;
 * - any other failure: thrown.
 */
export async function create<T>(
  service: AuthService,
  definition: ScopeDefinition,
  { unverified, lacking, claim }: CreationRule,
  budget: Budget,
  log: Log,
  words: WireWords,
  settle: (answered: Scope[]) => Promise<T>,
): Promise<T | Found> {
  // Set once an answer of this run was lost: from then on, a scope found may be this run's.
  let maybeApplied = false;
  try {
    for (let attempt = 1; ; attempt++) {
      const outcome = await service.createScope(definition);
      if (outcome.kind === 'created') return await settle(outcome.scopes);
      if (outcome.kind === 'refused' && unverified.length === 0) throw outcome.error;
      if (outcome.kind === 'refused') {
        throw new ActionError(
          `${outcome.error.message.replace(/\.?$/, '.')} The dependent scope id(s) ${unverified.join(', ')} could not be verified before the ` +
            'creation (see the warning): check each id with its owner, who may need to advertise the scope.',
        );
      }

      const conflict = outcome.kind === 'conflict';
      maybeApplied ||= !conflict;
      log.info(
        conflict
          ? `The service answered that the scope exists (409)${maybeApplied ? ", most likely from this run's own earlier creation" : ''}: inspecting the client`
          : `The creation's answer was lost (${outcome.error.message}): inspecting the client`,
      );
      const found = await claim(await service.getClient());
      // After a lost answer the scope is most likely this run's: `created` says so, since a
      // step gated on it had better run twice than never (see the README's "Outputs").
      if (found !== undefined) return { ...found, created: maybeApplied };
      if (conflict) {
        throw new ActionError(
          `${outcome.error.message.replace(/\.?$/, '.')} Yet the client inspection that followed lists no ${lacking}: the service may still be ` +
            `applying a creation. ${words.runAgain}: it adopts the scope once the client lists it.`,
        );
      }
      const pause = nextPause(budget, attempt, outcome.retryAfterMs, MAX_CREATION_ATTEMPTS);
      if ('giveUp' in pause) throw new ActionError(`${outcome.error.message} (${pause.giveUp})`);
      log.info(`The client still has no ${lacking}: the creation will be sent again in ${formatPause(pause.waitMs)}.`);
      await budget.clock.sleep(pause.waitMs, budget.signal);
    }
  } catch (error) {
    if (!maybeApplied || !(error instanceof ActionError)) throw error;
    // Whatever failed after a creation that may have been applied: say so, and what comes next.
    throw new ActionError(
      `${error.message.replace(/\.?$/, '.')} A creation sent by this run may have been applied: the next run finds the scope and adopts it, ` +
        'without creating a second one.',
    );
  }
}

/** The created scopes must be attached to the client the next inspection shows. */
async function verifyCreated(
  service: AuthService,
  created: Scope[],
  expected: string,
  words: WireWords,
): Promise<Found> {
  const after = await inspectAfterCreation(service, created, words);
  return { scope: pickProvidersScope(created, expected), scopes: created, created: true, client: after };
}

/** The inspection that verifies creations: every created scope must be among the client's. */
export async function inspectAfterCreation(
  service: AuthService,
  created: readonly Scope[],
  words: WireWords,
): Promise<Client> {
  const after = await service.getClient().catch((error: unknown) => {
    if (!(error instanceof ActionError)) throw error;
    throw new ActionError(
      `The service created ${created.map((s) => s.scope_string).join(', ')}, but the client inspection that verifies it failed: ` +
        `${error.message.replace(/\.?$/, '.')} The next run finds the scope and adopts it.`,
    );
  });
  const detached = created.filter((s) => !after.scopeIds.includes(s.id));
  if (detached.length > 0) {
    throw new ActionError(
      `The service created ${detached.map((s) => `${s.scope_string} (${s.id})`).join(', ')}, but the client inspection that followed ` +
        `does not list it among the client's scopes. ${words.runAgain}; if it persists, inspect the client in the developer portal.`,
    );
  }
  return after;
}

/**
 * The client's scopes, each described (one lookup by id for those the inspection did not), and the
 * provider's among them: the one whose string is `expected`, or with no such one (or none given) the first.
 */
export async function adoptExisting(
  service: AuthService,
  client: Client,
  known: Scope[],
  expected?: string,
): Promise<Found> {
  const byId = new Map(known.map((s) => [s.id, s]));
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
  const scopes = client.scopeIds.map((id) => byId.get(id) as Scope);
  return { scope: pickProvidersScope(scopes, expected), scopes, created: false, client };
}
