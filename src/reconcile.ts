import { compareScope, type FieldComparison } from './drift.ts';
import { ActionError } from './errors.ts';
import { DEFAULT_RETRY_POLICY, systemClock, type RetryContext } from './retry.ts';
import { ServiceError, withServiceRetries, type AuthService, type Client, type Scope } from './service.ts';
import type { ScopeSpec } from './spec.ts';
import { isUuid } from './uuid.ts';

export interface EnsureRequest {
  authUrl: string;
  clientId: string;
  spec: ScopeSpec;
  /** Everything but the creation. */
  dryRun?: boolean;
  /** Paces a creation sent again (default: the default policy, the system clock, no deadline). */
  retry?: RetryContext;
}

interface Found {
  /** The provider's scope: the one with the expected string if the client has it, else its first. */
  scope: Scope;
  /** Every scope of the client (FQDN variants included), in the client's order. */
  scopes: Scope[];
  created: boolean;
  client: Pick<Client, 'id' | 'name'>;
}

export interface EnsureResult extends Found {
  /** A dry run on a client without scope: `scope` is what would be created, with no id yet. */
  wouldCreate: boolean;
  /** The spec set against the provider's scope, field by field (empty when there is none yet). */
  comparison: FieldComparison[];
}

/** The scope string the service generates for a client's scope, per the system spec's 2.4. */
export const expectedScopeString = (authUrl: string, clientId: string, suffix: string): string =>
  `${authUrl}/scopes/${clientId}/${suffix}`;

// Called with the client's scopes or the created ones, never an empty list.
const pickProvidersScope = (scopes: Scope[], expected: string): Scope => (scopes.find((s) => s.scope_string === expected) ?? scopes[0]) as Scope;

/**
 * Makes sure the client has its scope, creating it only when the client has none.
 * Round trips: one when there is nothing to do (inspection and lookup in parallel), three
 * when the scope is created (then creation, then a second inspection to verify it).
 */
export async function ensureScope(
  service: AuthService,
  { authUrl, clientId, spec, dryRun = false, retry = { policy: DEFAULT_RETRY_POLICY, clock: systemClock, deadline: Infinity } }: EnsureRequest,
  log: (message: string) => void = () => {},
): Promise<EnsureResult> {
  const expected = expectedScopeString(authUrl, clientId, spec.scope_suffix);
  const dependentStrings = [...new Set(spec.dependent_scopes.map((d) => d.scope).filter((s) => !isUuid(s)))];

  // One lookup carries the expected string and every dependent string.
  const [client, found] = await Promise.all([service.getClient(), service.lookupScopesByString([expected, ...dependentStrings])]);
  let byString = new Map(found.map((s) => [s.scope_string, s]));
  // A service that answers 404 when any string is unknown says nothing about the others,
  // and the expected string is unknown until the scope exists: ask for the dependents alone.
  if (found.length === 0 && dependentStrings.length > 0) {
    byString = new Map((await service.lookupScopesByString(dependentStrings)).map((s) => [s.scope_string, s]));
  }
  const unresolved = dependentStrings.filter((s) => !byString.has(s));
  if (unresolved.length > 0) {
    throw new ActionError(
      `dependent_scopes: no scope was found for ${unresolved.map((s) => `"${s}"`).join(', ')}. ` +
        'Check the scope string against the service that owns it, or give the scope by its UUID. Nothing was created.',
    );
  }

  const definition: ScopeSpec = {
    ...spec,
    dependent_scopes: spec.dependent_scopes.map((d) => ({ ...d, scope: isUuid(d.scope) ? d.scope : (byString.get(d.scope)?.id ?? d.scope) })),
  };
  const compared = (result: Found): EnsureResult => ({ ...result, wouldCreate: false, comparison: compareScope(definition, result.scope) });

  if (client.scopeIds.length > 0) {
    log(`Client ${client.id} already has ${client.scopeIds.length} scope(s): nothing to create`);
    return compared(await adoptExisting(service, client, [...client.scopes, ...found], expected));
  }
  if (dryRun) {
    log(`Dry run: client ${client.id} has no scope; "${spec.name}" (${expected}) would be created`);
    const wouldBe: Scope = { id: '', scope_string: expected };
    return { scope: wouldBe, scopes: [wouldBe], created: false, client, wouldCreate: true, comparison: [] };
  }
  log(`Client ${client.id} has no scope: creating "${spec.name}" (${expected})`);
  // Right after a creation too: a field the service silently ignored shows as drift.
  return compared(await create(service, definition, expected, log, { ...retry, policy: { ...retry.policy, attempts: MAX_CREATION_ATTEMPTS } }));
}

/** How often a creation is sent when the client is certainly still without a scope. */
export const MAX_CREATION_ATTEMPTS = 3;

/**
 * Creates the scope, never blindly twice: when the answer is lost, or another run was first
 * (409), the client is inspected, and a scope found there is adopted instead.
 */
async function create(service: AuthService, definition: ScopeSpec, expected: string, log: (message: string) => void, retry: RetryContext): Promise<Found> {
  return withServiceRetries(async () => {
    let created: Scope[];
    try {
      created = await service.createScope(definition);
    } catch (error) {
      const conflict = error instanceof ServiceError && error.status === 409;
      if (!conflict && !(error instanceof ServiceError && error.transient)) throw error;
      log(`${conflict ? 'Another run created the scope first' : `The creation's answer was lost (${error.message})`}: inspecting the client`);
      const client = await service.getClient();
      if (client.scopeIds.length > 0) {
        // A lost answer most likely means this run created it; a conflict means another did.
        return { ...(await adoptExisting(service, client, client.scopes, expected)), created: !conflict };
      }
      // A 409 is final; a transient failure is sent again after the backoff (or Retry-After).
      if (!conflict) log('The client still has no scope: the creation will be sent again');
      throw error;
    }
    const after = await service.getClient();
    const detached = created.filter((s) => !after.scopeIds.includes(s.id));
    if (detached.length > 0) {
      throw new ActionError(
        `The service created ${detached.map((s) => `${s.scope_string} (${s.id})`).join(', ')}, but the client inspection that followed ` +
          "does not list it among the client's scopes. Run the step again; if it persists, inspect the client in the developer portal.",
      );
    }
    return { scope: pickProvidersScope(created, expected), scopes: created, created: true, client: after };
  }, retry);
}

async function adoptExisting(service: AuthService, client: Client, known: Scope[], expected: string): Promise<Found> {
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
