/**
 * The port: the calls the reconciliation makes to the authentication service, bound to one
 * client and its credentials. wire/service-client.ts implements it over HTTP (the shapes it
 * carries are declared there, once); the tests drive it against the embedded service.
 */
import type {
  Client,
  Credential,
  CredentialCreation,
  CreationOutcome,
  Scope,
  ScopeDefinition,
} from '../../wire/service-client.ts';
import type { Uuid } from '../../wire/uuid.ts';

export type {
  Client,
  Credential,
  CredentialCreation,
  CreationOutcome,
  DependentScope,
  Scope,
  ScopeDefinition,
} from '../../wire/service-client.ts';

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
  /** The client's credentials, never a secret. */
  listCredentials(): Promise<Credential[]>;
  /** One creation request, never repeated: the new secret, handed to the keeper before it is returned. */
  createCredential(name: string): Promise<CredentialCreation>;
  /** Deletes one credential; idempotent (`absent` when it was gone already). */
  deleteCredential(id: Uuid): Promise<'deleted' | 'absent'>;
  /** Whether the service takes the client's secret now (one try; false on a 401). */
  authenticates(): Promise<boolean>;
}
