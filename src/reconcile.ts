import { compareScope, type FieldComparison } from './drift.ts';
import { ActionError } from './errors.ts';
import type { Budget } from './budget.ts';
import { nextPause } from './retry.ts';
import type { AuthService, Client, DependentScope, Scope, ScopeDefinition } from './service.ts';
import type { ScopeSpec } from './spec.ts';
import { isUuid } from './uuid.ts';

/**
 * How often a creation is sent in all while the client is certainly still without a scope
 * (each time after the backoff or the Retry-After the service asked for).
 */
const MAX_CREATION_ATTEMPTS = 3;

export interface EnsureRequest {
  spec: ScopeSpec;
  /** Everything but the creation. */
  dryRun: boolean;
  /** Paces a creation sent again. */
  budget: Budget;
}

/** The scope a dry run would create: its string is known, its id is not. */
export interface PlannedScope {
  id: '';
  scope_string: string;
}

interface Found {
  /** The provider's scope: the one with the expected string if the client has it, else its first. */
  scope: Scope | PlannedScope;
  /** Every scope of the client (FQDN variants included), in the client's order. */
  scopes: Array<Scope | PlannedScope>;
  created: boolean;
  client: Pick<Client, 'id' | 'name'>;
}

export interface EnsureResult extends Found {
  /** A dry run on a client without scope: `scope` is what would be created, with no id yet. */
  wouldCreate: boolean;
  /** The spec set against the provider's scope, field by field (empty when there is none yet). */
  comparison: FieldComparison[];
}

type Log = (message: string) => void;

// Called with the client's scopes or the created ones, never an empty list.
const pickProvidersScope = (scopes: Scope[], expected: string): Scope => (scopes.find((s) => s.scope_string === expected) ?? scopes[0]) as Scope;

/**
 * Makes sure the client has its scope, creating it only when the client has none.
 * Round trips: one when there is nothing to do (inspection and lookup in parallel), three
 * when the scope is created (then creation, then a second inspection to verify it).
 */
export async function ensureScope(service: AuthService, { spec, dryRun, budget }: EnsureRequest, log: Log = () => {}): Promise<EnsureResult> {
  const expected = service.scopeStringFor(spec.scope_suffix);
  const dependentStrings = [...new Set(spec.dependent_scopes.map((d) => d.scope).filter((s) => !isUuid(s)))];

  // One lookup carries the expected string and every dependent string.
  const [client, found] = await Promise.all([service.getClient(), service.lookupScopesByString([expected, ...dependentStrings])]);
  let byString = new Map(found.map((s) => [s.scope_string, s]));
  // A service that answers 404 when any string is unknown says nothing about the others,
  // and the expected string is unknown until the scope exists: ask for the dependents alone.
  if (found.length === 0 && dependentStrings.length > 0) {
    byString = new Map((await service.lookupScopesByString(dependentStrings)).map((s) => [s.scope_string, s]));
  }
  const definition: ScopeDefinition = { ...spec, dependent_scopes: resolveDependents(spec, byString) };
  const compared = (result: Found & { scope: Scope }): EnsureResult => ({ ...result, wouldCreate: false, comparison: compareScope(definition, result.scope) });

  if (client.scopeIds.length > 0) {
    log(`Client ${client.id} already has ${client.scopeIds.length} scope(s): nothing to create`);
    return compared(await adoptExisting(service, client, [...client.scopes, ...found], expected));
  }
  if (dryRun) {
    log(`Dry run: client ${client.id} has no scope; "${spec.name}" (${expected}) would be created`);
    const wouldBe: PlannedScope = { id: '', scope_string: expected };
    return { scope: wouldBe, scopes: [wouldBe], created: false, client, wouldCreate: true, comparison: [] };
  }
  log(`Client ${client.id} has no scope: creating "${spec.name}" (${expected})`);
  // Right after a creation too: a field the service silently ignored shows as drift.
  return compared(await create(service, definition, expected, budget, log));
}

/** The spec's dependent scopes by id: given as one, or found by the lookup of their string. */
function resolveDependents(spec: ScopeSpec, byString: ReadonlyMap<string, Scope>): DependentScope[] {
  const unresolved: string[] = [];
  const resolved = spec.dependent_scopes.flatMap(({ scope, ...flags }) => {
    const id = isUuid(scope) ? scope : byString.get(scope)?.id;
    if (id === undefined) unresolved.push(scope);
    return id === undefined ? [] : [{ ...flags, scope: id }];
  });
  if (unresolved.length > 0) {
    throw new ActionError(
      `dependent_scopes: no scope was found for ${[...new Set(unresolved)].map((s) => `"${s}"`).join(', ')}. ` +
        'Check the scope string against the service that owns it, or give the scope by its UUID. Nothing was created.',
    );
  }
  return resolved;
}

/**
 * Creates the scope, never blindly twice. Each creation comes to one of four outcomes:
 * - created: verified by a second inspection of the client;
 * - conflict (409): another run was first; its scope, found by inspection, is adopted;
 * - unknown (answer lost, 5xx, 429): the client is inspected; a scope found there is this
 *   run's and is adopted; if there is none, the creation is sent again after a pause;
 * - any other failure: thrown.
 */
async function create(service: AuthService, definition: ScopeDefinition, expected: string, budget: Budget, log: Log): Promise<Found & { scope: Scope }> {
  for (let attempt = 1; ; attempt++) {
    const outcome = await service.createScope(definition);
    if (outcome.kind === 'created') return verifyCreated(service, outcome.scopes, expected);

    const conflict = outcome.kind === 'conflict';
    log(`${conflict ? 'Another run created the scope first' : `The creation's answer was lost (${outcome.error.message})`}: inspecting the client`);
    const client = await service.getClient();
    if (client.scopeIds.length > 0) {
      // A lost answer most likely means this run created it; a conflict means another did.
      return { ...(await adoptExisting(service, client, client.scopes, expected)), created: !conflict };
    }
    if (conflict) throw outcome.error;
    const pause = nextPause(budget, attempt, outcome.retryAfterMs, MAX_CREATION_ATTEMPTS);
    if ('giveUp' in pause) throw new ActionError(`${outcome.error.message} (${pause.giveUp})`);
    log('The client still has no scope: the creation will be sent again');
    await budget.clock.sleep(pause.waitMs);
  }
}

/** The created scopes must be attached to the client the next inspection shows. */
async function verifyCreated(service: AuthService, created: Scope[], expected: string): Promise<Found & { scope: Scope }> {
  const after = await service.getClient();
  const detached = created.filter((s) => !after.scopeIds.includes(s.id));
  if (detached.length > 0) {
    throw new ActionError(
      `The service created ${detached.map((s) => `${s.scope_string} (${s.id})`).join(', ')}, but the client inspection that followed ` +
        "does not list it among the client's scopes. Run the step again; if it persists, inspect the client in the developer portal.",
    );
  }
  return { scope: pickProvidersScope(created, expected), scopes: created, created: true, client: after };
}

async function adoptExisting(service: AuthService, client: Client, known: Scope[], expected: string): Promise<Found & { scope: Scope }> {
  const byId = new Map(known.map((s) => [s.id, s]));
  const unknownIds = client.scopeIds.filter((id) => !byId.has(id));
  if (unknownIds.length > 0) {
    for (const scope of await service.lookupScopesById(unknownIds)) byId.set(scope.id, scope);
  }
  const missing = client.scopeIds.filter((id) => !byId.has(id));
  if (missing.length > 0) {
    throw new ActionError(`The client lists scope(s) ${missing.join(', ')}, but the scope lookup by id did not return them.`);
  }
  const scopes = client.scopeIds.map((id) => byId.get(id) as Scope);
  return { scope: pickProvidersScope(scopes, expected), scopes, created: false, client };
}
