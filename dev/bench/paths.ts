/**
 * The measured paths, and the client each run of one starts from:
 * - no-op: the client already has its scope, as the spec says;
 * - creating: a fresh client, with no scope.
 */
import {
  GROUPS_SCOPE_ID,
  TRANSFER_SCOPE_ID_MADE_UP,
  type ClientRecord,
  type EmbeddedAuthService,
  type ScopeRecord,
} from '../auth-service.ts';
import { SPEC } from './spec.ts';

export const PATHS = ['noop', 'create'] as const;
export type PathName = (typeof PATHS)[number];

export const PATH_LABELS: Record<PathName, string> = {
  noop: 'no-op (the client has its scope)',
  create: 'creating (a fresh client)',
};

type Service = Pick<EmbeddedAuthService, 'addClient' | 'addScope' | 'url'>;

/** Makes a fresh client for each run of a path on the service. */
export class PathClients {
  /** The spec's dependent scopes, by id, as the service holds them. */
  readonly dependentScopes: ScopeRecord['dependent_scopes'];

  private readonly service: Service;

  constructor(service: Service) {
    this.service = service;
    // The two scopes the embedded service knows from the start, the spec's by string.
    this.dependentScopes = [
      { scope: GROUPS_SCOPE_ID, optional: false, requires_refresh_token: true },
      { scope: TRANSFER_SCOPE_ID_MADE_UP, optional: false, requires_refresh_token: true },
    ];
  }

  /** A fresh client, with its scope already registered as the spec says for the no-op path. */
  clientFor(pathName: PathName): ClientRecord {
    const client = this.service.addClient({ name: 'Benchmark Action Provider' });
    if (pathName === 'noop') {
      this.service.addScope({
        scope_string: `${this.service.url}/scopes/${client.id}/${SPEC.scope_suffix}`,
        name: SPEC.name,
        description: SPEC.description,
        client: client.id,
        advertised: SPEC.advertised,
        allows_refresh_token: SPEC.allow_refresh_tokens,
        dependent_scopes: this.dependentScopes.map((dep) => ({ ...dep })),
      });
    }
    return client;
  }
}
