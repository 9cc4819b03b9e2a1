/**
 * The measured paths, and the client each run of one starts from:
 * - no-op: the client already has its scope, as the spec says;
 * - creating: a fresh client, with no scope;
 * - update: the client has its scope, but its description differs from the spec, and the
 *   action runs with `on_drift: update`.
 */
import { GROUPS_SCOPE_ID, type ClientRecord, type EmbeddedAuthService, type ScopeRecord } from '../auth-service.ts';
import { SPEC, TRANSFER_SCOPE_STRING } from './spec.ts';

export type PathName = 'noop' | 'create' | 'update';

/** The paths the baseline runs too, and the targets cover. */
export const CORE_PATHS = ['noop', 'create'] as const satisfies readonly PathName[];
export type CorePathName = (typeof CORE_PATHS)[number];

export const PATH_LABELS: Record<PathName, string> = { noop: 'no-op', create: 'creating', update: 'update' };

/** The inputs of the path beyond the credentials and auth_url. */
export const PATH_INPUTS: Record<PathName, Record<string, string>> = { noop: {}, create: {}, update: { on_drift: 'update' } };

/** The outputs a healthy run of the path ends with. */
export const EXPECTED_OUTPUTS: Record<PathName, { created: string; updated: string }> = {
  noop: { created: 'false', updated: 'false' },
  create: { created: 'true', updated: 'false' },
  update: { created: 'false', updated: 'true' },
};

/** The description the update path's scope starts with. */
export const DRIFTED_DESCRIPTION = `${SPEC.description} (before the update)`;

/** Makes a fresh client for each run of a path on the service. */
export class PathClients {
  /** The spec's dependent scopes, by id, as the service holds them. */
  readonly dependentScopes: ScopeRecord['dependent_scopes'];

  private readonly service: Pick<EmbeddedAuthService, 'addClient' | 'addScope' | 'url'>;

  constructor(service: Pick<EmbeddedAuthService, 'addClient' | 'addScope' | 'url'>) {
    this.service = service;
    const transfer = service.addScope({ scope_string: TRANSFER_SCOPE_STRING, name: 'Transfer', description: 'The transfer service' });
    this.dependentScopes = [
      { scope: GROUPS_SCOPE_ID, optional: false, requires_refresh_token: true },
      { scope: transfer.id, optional: false, requires_refresh_token: true },
    ];
  }

  /** A fresh client, with its scope already registered (as the spec says, or drifted) for the no-op and update paths. */
  clientFor(pathName: PathName): ClientRecord {
    const client = this.service.addClient({ name: 'Benchmark Action Provider' });
    if (pathName !== 'create') {
      this.service.addScope({
        scope_string: `${this.service.url}/scopes/${client.id}/${SPEC.scope_suffix}`,
        name: SPEC.name,
        description: pathName === 'update' ? DRIFTED_DESCRIPTION : SPEC.description,
        client: client.id,
        advertised: SPEC.advertised,
        allows_refresh_token: SPEC.allow_refresh_tokens,
        dependent_scopes: this.dependentScopes.map((dep) => ({ ...dep })),
      });
    }
    return client;
  }
}
