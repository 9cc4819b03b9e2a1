/**
 * The authentication service as the reconciliation sees it: the domain's types and the port
 * it calls. The wire shapes that carry them live with the adapter, service-client.ts.
 */
import type { ScopeSpec } from './spec.ts';
import type { Uuid } from './uuid.ts';

/** A dependent scope as the service holds it: by id, with its flags. */
export interface DependentScope {
  scope: Uuid;
  optional: boolean;
  requires_refresh_token: boolean;
}

/** The spec resolved for the service: every dependent scope given by its id. */
export type ScopeDefinition = Omit<ScopeSpec, 'dependent_scopes'> & { dependent_scopes: DependentScope[] };

/** A scope as the service describes it; fields it left out are undefined, not guessed. */
export interface Scope {
  id: Uuid;
  scope_string: string;
  name?: string | undefined;
  description?: string | undefined;
  client?: string | null | undefined;
  advertised?: boolean | undefined;
  allows_refresh_token?: boolean | undefined;
  required_domains?: string[] | undefined;
  dependent_scopes?: DependentScope[] | undefined;
}

export interface Client {
  id: Uuid;
  name?: string | undefined;
  /** The ids of the client's scopes, FQDN variants included, in the client's order. */
  scopeIds: Uuid[];
  /** Those of its scopes the inspection described in full (sparing a lookup). */
  scopes: Scope[];
}

/**
 * What a creation came to. Only `created` is certain; `conflict` (a scope exists already) and
 * `unknown` (the answer was lost or the service failed: it may or may not have been applied)
 * leave the reconciliation to inspect the client; `refused` (the service found the definition
 * invalid) is final. Any other failure is thrown.
 */
export type CreationOutcome =
  | { kind: 'created'; scopes: Scope[] }
  | { kind: 'refused'; error: Error }
  | { kind: 'conflict'; error: Error }
  | { kind: 'unknown'; error: Error; retryAfterMs?: number | undefined };

/** The calls the reconciliation needs, bound to one client and its credentials. */
export interface AuthService {
  /** The scope string the service generates for this client's scope with `suffix`. */
  scopeStringFor(suffix: string): string;
  getClient(): Promise<Client>;
  /** Scopes found for the given strings; strings that do not exist are simply absent. */
  lookupScopesByString(scopeStrings: readonly string[]): Promise<Scope[]>;
  /** Scopes found for the given ids; ids that do not exist are simply absent. */
  lookupScopesById(ids: readonly string[]): Promise<Scope[]>;
  /** One creation request, never repeated by the adapter. */
  createScope(definition: ScopeDefinition): Promise<CreationOutcome>;
  /** Sets the definition's changeable fields on a scope (all but its suffix); idempotent. */
  updateScope(id: Uuid, definition: ScopeDefinition): Promise<Scope>;
  getScope(id: Uuid): Promise<Scope>;
}
