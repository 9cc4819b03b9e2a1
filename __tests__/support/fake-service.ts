/**
 * An in-memory AuthService that records each call: the reconciliation's tests run on it.
 * It models the service as the embedded one does (contract.test.ts holds the two to the same
 * answers), plus outcomes a real service gives only by bad luck: lost answers, another run
 * first, scopes not attached, answers that leave fields out.
 */
import { ActionError } from '../../src/wire/errors.ts';
import type { AuthService, Client, CreationOutcome, Scope, ScopeDefinition } from '../../src/engine/service.ts';
import type { Uuid } from '../../src/wire/uuid.ts';
import { nthUuid } from './ids.ts';

export type Call =
  | { method: 'getClient' }
  | { method: 'lookupScopesByString'; args: string[] }
  | { method: 'lookupScopesById'; args: string[] }
  | { method: 'createScope'; args: ScopeDefinition }
  | { method: 'updateScope'; args: [string, ScopeDefinition] }
  | { method: 'getScope'; args: string };

/** A creation that settles nothing: the reconciliation must inspect the client. */
export type Unsettled = Exclude<CreationOutcome, { kind: 'created' }>;

/**
 * What one createScope call does: create (and answer, lose the answer, or not attach the
 * scope), find that another run created it first (409), come to an outcome without creating
 * anything, or throw.
 */
export type CreateOutcome = 'create' | 'create-detached' | 'create-answer-lost' | 'another-run-first' | Unsettled | Error;

export interface FakeOptions {
  authUrl: string;
  clientId: Uuid;
  clientName?: string;
  /** Every scope the service knows, the client's included. */
  scopes?: Scope[];
  /** The ids the client lists. */
  clientScopeIds?: Uuid[];
  /** Answer client.scopes as full objects rather than ids. */
  embedScopes?: boolean;
  /** Answer a lookup with [] (a 404) as soon as one string or id is unknown. */
  notFoundIfAnyUnknown?: boolean;
  /** Ids that the lookup by id does not return. */
  hiddenFromIdLookup?: string[];
  /** One per createScope call; after the last one, 'create'. */
  createOutcomes?: CreateOutcome[];
  /** The scope strings a creation generates (two when an FQDN is registered). */
  createdStrings?: (suffix: string) => string[];
  /** Fields a creation or an update silently ignores: the scope gets (or keeps) the service's value instead. */
  ignoredFields?: Array<'name' | 'advertised'>;
  /** Fields an update's answer leaves out (the scope itself has them). */
  sparseUpdateAnswer?: Array<'name' | 'description'>;
}

export class FakeService implements AuthService {
  readonly calls: Call[] = [];
  readonly scopes: Scope[];
  readonly clientScopeIds: Uuid[];
  private readonly options: FakeOptions;
  private nextId = 500;

  constructor(options: FakeOptions) {
    this.options = options;
    this.scopes = [...(options.scopes ?? [])];
    this.clientScopeIds = [...(options.clientScopeIds ?? [])];
  }

  scopeStringFor = (suffix: string): string => `${this.options.authUrl}/scopes/${this.options.clientId}/${suffix}`;
  callNames = (): string[] => this.calls.map((c) => c.method);
  callsOf = <M extends Call['method']>(method: M): Extract<Call, { method: M }>[] =>
    this.calls.filter((c): c is Extract<Call, { method: M }> => c.method === method);

  async getClient(): Promise<Client> {
    this.calls.push({ method: 'getClient' });
    const scopes = this.options.embedScopes ? this.clientScopeIds.map((id) => this.byId(id)).filter((s) => s !== undefined) : [];
    return { id: this.options.clientId, name: this.options.clientName ?? 'My app', scopeIds: [...this.clientScopeIds], scopes };
  }

  async lookupScopesByString(scopeStrings: readonly string[]): Promise<Scope[]> {
    this.calls.push({ method: 'lookupScopesByString', args: [...scopeStrings] });
    const found = scopeStrings.flatMap((str) => this.scopes.filter((s) => s.scope_string === str));
    return this.options.notFoundIfAnyUnknown && found.length < scopeStrings.length ? [] : found;
  }

  async lookupScopesById(ids: readonly string[]): Promise<Scope[]> {
    this.calls.push({ method: 'lookupScopesById', args: [...ids] });
    const hidden = this.options.hiddenFromIdLookup ?? [];
    const found = ids.flatMap((id) => this.scopes.filter((s) => s.id === id && !hidden.includes(s.id)));
    return this.options.notFoundIfAnyUnknown && found.length < ids.length ? [] : found;
  }

  async createScope(definition: ScopeDefinition): Promise<CreationOutcome> {
    this.calls.push({ method: 'createScope', args: structuredClone(definition) });
    const outcome = this.options.createOutcomes?.shift() ?? 'create';
    if (outcome instanceof Error) throw outcome;
    if (typeof outcome === 'object') return outcome;
    const taken = this.clientScopeIds.some((id) => this.byId(id)?.scope_string.endsWith(`/${definition.scope_suffix}`));
    if (outcome === 'another-run-first' || taken) {
      if (!taken) this.attach(this.make(definition, this.scopeStringFor(definition.scope_suffix)));
      return { kind: 'conflict', error: new ActionError('Scope creation failed with HTTP 409: the scope already exists.') };
    }
    const strings = this.options.createdStrings?.(definition.scope_suffix) ?? [this.scopeStringFor(definition.scope_suffix)];
    const created = strings.map((str) => this.make(definition, str));
    if (outcome === 'create-detached') this.scopes.push(...created);
    else created.forEach((s) => this.attach(s));
    if (outcome === 'create-answer-lost') return { kind: 'unknown', error: new ActionError('Scope creation: the connection was closed') };
    return { kind: 'created', scopes: created };
  }

  async updateScope(id: Uuid, definition: ScopeDefinition): Promise<Scope> {
    this.calls.push({ method: 'updateScope', args: [id, structuredClone(definition)] });
    const scope = this.byId(id);
    if (scope === undefined) throw new ActionError(`Scope update (PUT /v2/api/scopes/${id}) failed with HTTP 404.`);
    const ignored = this.options.ignoredFields ?? [];
    Object.assign(scope, {
      ...(ignored.includes('name') ? {} : { name: definition.name }),
      description: definition.description,
      ...(ignored.includes('advertised') ? {} : { advertised: definition.advertised }),
      allows_refresh_token: definition.allow_refresh_tokens,
      dependent_scopes: structuredClone(definition.dependent_scopes),
    });
    const left = new Set<string>(this.options.sparseUpdateAnswer ?? []);
    return Object.fromEntries(Object.entries(structuredClone(scope)).filter(([field]) => !left.has(field))) as Scope;
  }

  async getScope(id: Uuid): Promise<Scope> {
    this.calls.push({ method: 'getScope', args: id });
    const scope = this.byId(id);
    if (scope === undefined) throw new ActionError(`Scope lookup (GET /v2/api/scopes/${id}) failed with HTTP 404.`);
    return structuredClone(scope);
  }

  private make(definition: ScopeDefinition, scopeString: string): Scope {
    const ignored = this.options.ignoredFields ?? [];
    return {
      id: nthUuid(this.nextId++),
      scope_string: scopeString,
      name: ignored.includes('name') ? `Scope ${scopeString}` : definition.name,
      description: definition.description,
      client: this.options.clientId,
      advertised: ignored.includes('advertised') ? false : definition.advertised,
      allows_refresh_token: definition.allow_refresh_tokens,
      required_domains: [...(definition.required_domains ?? [])],
      dependent_scopes: structuredClone(definition.dependent_scopes),
    };
  }

  private attach(scope: Scope): void {
    this.scopes.push(scope);
    this.clientScopeIds.push(scope.id);
  }

  private byId(id: string): Scope | undefined {
    return this.scopes.find((s) => s.id === id);
  }
}
