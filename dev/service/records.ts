/**
 * What the embedded service holds: clients and scopes, as the developer portal and the API
 * leave them, and who may see which scope.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { DependentScope } from '../../src/wire/service-client.ts';

export const GROUPS_SCOPE_ID = '73320ffe-4cb4-4b25-a0a3-83d53d59ce4f';
export const GROUPS_SCOPE_STRING = 'urn:globus:auth:scope:groups.api.globus.org:view_my_groups_and_memberships';
/** The client that owns the groups scope at the vendor's. */
export const GROUPS_SCOPE_CLIENT = '04896e9e-b98e-437e-becd-8084b9e234a0';
/**
 * The Transfer service's scope, by the string the vendor's SDK names it by (globus/globus-sdk-python,
 * `TransferScopes.all`; the token of __tests__/fixtures/vendor/oauth2_client_credentials_tokens.json
 * is for it). No public source records its id nor its owner: both are made up here, and say so.
 */
export const TRANSFER_SCOPE_STRING = 'urn:globus:auth:scope:transfer.api.globus.org:all';
export const TRANSFER_SCOPE_ID_MADE_UP = '00000000-0000-4000-8000-7a4e5f3e2000';
const TRANSFER_SCOPE_CLIENT_MADE_UP = '00000000-0000-4000-8000-7a4e5f3e2001';

export interface ScopeRecord {
  id: string;
  scope_string: string;
  name: string;
  description: string;
  client: string | null;
  advertised: boolean;
  allows_refresh_token: boolean;
  required_domains: string[];
  dependent_scopes: Array<Omit<DependentScope, 'scope'> & { scope: string }>;
}

/**
 * One of a client's credentials, in the fields of globus-sdk-python's fixtures
 * (testing/data/auth/get_client_credentials.py, create_client_credential.py): the service
 * shows `secret` only in the answer that creates it.
 */
export interface CredentialRecord {
  id: string;
  name: string;
  /** ISO 8601 with microseconds and `+00:00`, as the fixtures write it; strictly increasing across the service. */
  created: string;
  client: string;
  secret: string;
}

export interface ClientRecord {
  id: string;
  /** The secret the portal made with the client (its first credential's): what the tests hand a run. */
  secret: string;
  name: string;
  project: string;
  fqdns: string[];
  /** The client's scope ids, in the order they were made. */
  scopes: string[];
  /** Its credentials, oldest first: each one's secret authenticates the client. */
  credentials: CredentialRecord[];
}

export class ServiceState {
  readonly clients = new Map<string, ClientRecord>();
  readonly scopes = new Map<string, ScopeRecord>();
  /** The last creation time given, in µs since the epoch, so that no two credentials share one. */
  private lastCreatedMicros = 0;

  constructor() {
    // Another service's scope, advertised to all, as the vendor describes the groups scope
    // (globus/globus-cli, tests/files/api_fixtures/scopes.yaml; __tests__/fixtures/vendor/groups_scope.json):
    // owned by the groups service's client, which is no client of this service.
    this.addScope({
      id: GROUPS_SCOPE_ID,
      scope_string: GROUPS_SCOPE_STRING,
      name: 'View Groups and Memberships',
      description: 'View information about groups where you are a member, manager or administrator.',
      client: GROUPS_SCOPE_CLIENT,
    });
    this.addScope({
      id: TRANSFER_SCOPE_ID_MADE_UP,
      scope_string: TRANSFER_SCOPE_STRING,
      name: 'Globus Transfer (embedded service)',
      description: "Stands in for the Transfer service's scope: its id and owner here are made up.",
      client: TRANSFER_SCOPE_CLIENT_MADE_UP,
    });
  }

  /** Registers a client as the developer portal would, with no scope. */
  addClient(init: Partial<Omit<ClientRecord, 'scopes' | 'credentials'>> = {}): ClientRecord {
    const base: Omit<ClientRecord, 'secret'> = {
      id: init.id ?? randomUUID(),
      name: init.name ?? 'Example Action Provider',
      project: init.project ?? randomUUID(),
      fqdns: init.fqdns ?? [],
      scopes: [],
      credentials: [],
    };
    // The portal's credential, made with the client; its name is the portal's to choose (no public source records it).
    const portal = {
      id: randomUUID(),
      name: 'Created in the developer portal',
      created: '',
      client: base.id,
      secret: init.secret ?? randomBytes(24).toString('base64url'),
    };
    // `secret` is the portal credential's: setting it stands for that secret replaced by hand in the portal.
    const client: ClientRecord = Object.defineProperty(base, 'secret', {
      enumerable: true,
      get: () => portal.secret,
      set: (value: string) => void (portal.secret = value),
    }) as Omit<ClientRecord, 'secret'> & Pick<ClientRecord, 'secret'>;
    this.clients.set(client.id, client);
    Object.assign(portal, { created: this.nextCreated() });
    client.credentials.push(portal);
    return client;
  }

  /** A creation time after every other, in the fixtures' form: µs steps, so that two credentials made within one millisecond still sort. */
  private nextCreated(): string {
    this.lastCreatedMicros = Math.max(Date.now() * 1000, this.lastCreatedMicros + 1);
    const fraction = String(this.lastCreatedMicros % 1_000_000).padStart(6, '0');
    return `${new Date(Math.floor(this.lastCreatedMicros / 1000)).toISOString().slice(0, 19)}.${fraction}+00:00`;
  }

  /** A new credential of `client`, with a fresh id and secret unless given. */
  addCredential(
    client: ClientRecord,
    init: { name: string; secret?: string; refusals?: number | undefined },
  ): CredentialRecord {
    const credential = {
      id: randomUUID(),
      name: init.name,
      created: this.nextCreated(),
      client: client.id,
      secret: init.secret ?? randomBytes(24).toString('base64url'),
    };
    client.credentials.push(credential);
    if ((init.refusals ?? 0) > 0) this.refusals.set(credential.secret, init.refusals ?? 0);
    return credential;
  }

  /** New secrets still refused, and how many more times: the service propagating a credential. */
  private readonly refusals = new Map<string, number>();

  /** The client the id and secret name, when the secret is one of its credentials' (and has propagated). */
  authenticate(credentials: { id: string; secret: string } | undefined): ClientRecord | undefined {
    const client = credentials === undefined ? undefined : this.clients.get(credentials.id);
    if (credentials === undefined || !client?.credentials.some((c) => c.secret === credentials.secret))
      return undefined;
    const left = this.refusals.get(credentials.secret) ?? 0;
    if (left <= 0) return client;
    this.refusals.set(credentials.secret, left - 1);
    return undefined;
  }

  /** Adds a scope (another service's, or one attached to `client`). */
  addScope(init: Partial<ScopeRecord> & Pick<ScopeRecord, 'scope_string'>): ScopeRecord {
    const scope: ScopeRecord = {
      id: randomUUID(),
      name: 'A scope',
      description: 'A scope',
      client: null,
      advertised: true,
      allows_refresh_token: true,
      required_domains: [],
      dependent_scopes: [],
      ...init,
    };
    this.scopes.set(scope.id, scope);
    if (scope.client !== null) this.clients.get(scope.client)?.scopes.push(scope.id);
    return scope;
  }

  /** A scope is shown to its owner, and to anyone when it is advertised; a non-advertised one
   *  of another client is hidden from lookups, yet accepted as a dependency. */
  visibleTo(scope: ScopeRecord, caller: ClientRecord): boolean {
    return scope.advertised || scope.client === caller.id;
  }
}
