/**
 * The authentication service's API rules, as functions of the state and a request: the client
 * and scope calls the action makes, in the shapes the real service (Globus Auth) answers with
 * (globus/globus-sdk-python, src/globus_sdk/testing/data/auth/; each answer copied into
 * __tests__/fixtures/vendor/, whose README gives its source).
 */
import { randomUUID } from 'node:crypto';
import type { ClientRecord, CredentialRecord, ScopeRecord, ServiceState } from './records.ts';

export interface ApiOptions {
  /** How a lookup of an unknown string or id is answered: leaving it out, or 404 (default 'empty'). */
  notFound?: 'empty' | '404';
  /** The shape of the creation answer (default 'scopes', as recorded). */
  createShape?: 'scopes' | 'scope';
  /** What `client.scopes` holds (default 'ids'). */
  clientScopes?: 'ids' | 'objects';
  /** Fields a creation or an update silently ignores, leaving the scope with the service's value. */
  ignoredFields?: Array<'advertised' | 'allows_refresh_token' | 'dependent_scopes' | 'description'>;
  /** Fields the answer to an update leaves out (the scope itself keeps them). */
  updateAnswerOmits?: Array<keyof ScopeRecord>;
  /**
   * Whether HTTP Basic may manage credentials (default 'allowed'). No public source says; the
   * SDK's docstrings name the manage_projects scope for a token: 'refused' answers Basic 403.
   */
  basicCredentials?: 'allowed' | 'refused';
  /** How many times a new credential's secret is refused before it works: the service propagating it (default 0). */
  newCredentialRefusals?: number;
}

export interface ApiRequest {
  method: string;
  url: URL;
  body: unknown;
  /** The client the Basic credential or the Bearer token authenticated, if any. */
  caller: ClientRecord | undefined;
  /** How it authenticated. */
  auth: 'basic' | 'bearer';
}

export interface Answer {
  status: number;
  body: unknown;
}

const json = (status: number, body: unknown): Answer => ({ status, body });

const TITLES: Readonly<Record<number, [string, string]>> = {
  400: ['BAD_REQUEST', 'Bad Request'],
  401: ['UNAUTHORIZED', 'Unauthorized'],
  403: ['FORBIDDEN', 'Forbidden'],
  404: ['NOT_FOUND', 'Not Found'],
  405: ['METHOD_NOT_ALLOWED', 'Method Not Allowed'],
  409: ['CONFLICT', 'Conflict'],
};

/** An error in the vendor's shape (globus-sdk-python, testing/data/auth/_common.py), with a fresh id. */
export function error(status: number, detail: string): Answer {
  const [code, title] = TITLES[status] ?? ['ERROR', 'Error'];
  return json(status, {
    errors: [{ status: String(status), id: randomUUID(), code, title, detail }],
    error: code.toLowerCase(),
    error_description: title,
  });
}

const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const isList = (v: unknown, item: (x: unknown) => boolean): boolean => Array.isArray(v) && v.every(item);

/** Handles a call to `/v2/api/...`; the caller has checked nothing. */
export function handleApi(
  state: ServiceState,
  options: ApiOptions,
  baseUrl: string,
  { method, url, body, caller, auth }: ApiRequest,
): Answer {
  // The detail the real service gives (ssl-hep/ServiceX issue 841).
  if (caller === undefined) return error(401, 'Basic auth failed');

  const credentialMatch = /^\/v2\/api\/clients\/([^/]+)\/credentials(?:\/([^/]+))?$/.exec(url.pathname);
  if (credentialMatch?.[1] !== undefined) {
    const client = state.clients.get(decodeURIComponent(credentialMatch[1]));
    if (client === undefined) return error(404, 'No such client');
    if (client.id !== caller.id) return error(403, 'You do not own this client');
    if (auth === 'basic' && options.basicCredentials === 'refused')
      return error(403, 'Managing credentials requires a token with the manage_projects scope');
    return credentialCall(
      state,
      options,
      client,
      method,
      credentialMatch[2] === undefined ? undefined : decodeURIComponent(credentialMatch[2]),
      body,
    );
  }

  const clientMatch = /^\/v2\/api\/clients\/([^/]+)(\/scopes)?$/.exec(url.pathname);
  if (clientMatch?.[1] !== undefined) {
    const id = decodeURIComponent(clientMatch[1]);
    const client = state.clients.get(id);
    if (client === undefined) return error(404, `No client with id ${id}`);
    if (client.id !== caller.id) return error(403, 'You do not own this client');
    if (clientMatch[2] === undefined && method === 'GET')
      return json(200, { client: clientView(state, options, client) });
    if (clientMatch[2] !== undefined && method === 'POST') return createScope(state, options, baseUrl, client, body);
    return error(405, `${method} is not allowed here`);
  }
  if (url.pathname === '/v2/api/scopes' && method === 'GET') return lookup(state, options, caller, url.searchParams);
  const scopeMatch = /^\/v2\/api\/scopes\/([^/]+)$/.exec(url.pathname);
  if (scopeMatch?.[1] !== undefined) {
    const scope = state.scopes.get(decodeURIComponent(scopeMatch[1]));
    if (scope === undefined || !state.visibleTo(scope, caller)) return error(404, 'No such scope');
    if (method === 'GET') return json(200, { scope });
    if (method === 'PUT')
      return scope.client === caller.id
        ? updateScope(state, options, scope, body)
        : error(403, 'Only the owner may change a scope');
    return error(405, `${method} is not allowed here`);
  }
  return error(404, `No route for ${method} ${url.pathname}`);
}

/** A credential as the service shows it: its secret only in the answer that creates it (globus-sdk-python, testing/data/auth/*credential*.py). */
const credentialView = ({ id, name, created, client }: CredentialRecord, secret: string | null = null) => ({
  name,
  id,
  created,
  client,
  secret,
});

/** `GET` and `POST .../credentials`, `DELETE .../credentials/{id}` (globus-sdk-python, get_client_credentials, create_client_credential, delete_client_credential). */
function credentialCall(
  state: ServiceState,
  options: ApiOptions,
  client: ClientRecord,
  method: string,
  credentialId: string | undefined,
  body: unknown,
): Answer {
  if (credentialId === undefined && method === 'GET')
    return json(200, { credentials: client.credentials.map((c) => credentialView(c)) });
  if (credentialId === undefined && method === 'POST') {
    const name = (body as { credential?: { name?: unknown } } | undefined)?.credential?.name;
    if (!isText(name)) return error(400, 'The body must be {"credential": {"name": "..."}}');
    const made = state.addCredential(client, { name, refusals: options.newCredentialRefusals });
    return json(200, { credential: credentialView(made, made.secret) });
  }
  const index = client.credentials.findIndex((c) => c.id === credentialId);
  const [gone] = method === 'DELETE' && index >= 0 ? client.credentials.splice(index, 1) : [];
  if (gone !== undefined) return json(200, { credential: credentialView(gone) });
  return method === 'DELETE'
    ? error(404, `No credential with id ${String(credentialId)}`)
    : error(405, `${method} is not allowed here`);
}

/** A client as `GET /v2/api/clients/{id}` shows it: the fields of globus-sdk-python's get_client fixture (testing/data/auth/get_client.py). */
function clientView(state: ServiceState, options: ApiOptions, client: ClientRecord): Record<string, unknown> {
  return {
    scopes: options.clientScopes === 'objects' ? client.scopes.map((id) => state.scopes.get(id)) : client.scopes,
    redirect_uris: ['https://provider.example.org/redirect'],
    name: client.name,
    links: { privacy_policy: null, terms_and_conditions: null },
    grant_types: [
      'authorization_code',
      'client_credentials',
      'refresh_token',
      'urn:globus:auth:grant_type:dependent_token',
    ],
    fqdns: client.fqdns,
    visibility: 'private',
    project: client.project,
    required_idp: null,
    preselect_idp: null,
    id: client.id,
    public_client: false,
    parent_client: null,
    client_type: 'client_identity',
    prompt_for_named_grant: false,
    userinfo_from_effective_identity: true,
  };
}

function lookup(state: ServiceState, options: ApiOptions, caller: ClientRecord, params: URLSearchParams): Answer {
  const strings = params.get('scope_strings');
  const ids = params.get('ids');
  const wanted = (strings ?? ids)?.split(',').filter((s) => s !== '');
  if (wanted === undefined || wanted.length === 0) return error(400, 'Give scope_strings or ids');
  const all = [...state.scopes.values()].filter((s) => state.visibleTo(s, caller));
  const found = wanted.flatMap((w) => all.filter((s) => (strings === null ? s.id === w : s.scope_string === w)));
  if (options.notFound === '404' && found.length < wanted.length)
    return error(404, 'At least one scope could not be found');
  return json(200, { scopes: found });
}

/** The fields of a definition a creation or an update reads; anything else is ignored, as the real service does. */
function readDefinition(
  state: ServiceState,
  def: Record<string, unknown>,
  partial: boolean,
): Partial<ScopeRecord> | string {
  const { name, description, advertised, required_domains: domains, dependent_scopes: deps } = def;
  // The API's name wins; the older guide's name is still read (Garden-AI/garden-backend, test_scope.txt).
  const refresh = def.allows_refresh_token ?? def.allow_refresh_tokens;
  if (!partial && (!isText(name) || !isText(description))) return 'name and description are required';
  if ((name !== undefined && !isText(name)) || (description !== undefined && !isText(description)))
    return 'name and description must be text';
  if ((advertised !== undefined && !isBoolean(advertised)) || (refresh !== undefined && !isBoolean(refresh)))
    return 'advertised and allows_refresh_token must be booleans';
  if (domains !== undefined && !isList(domains, isText)) return 'required_domains must be a list of domains';
  if (deps !== undefined && !isList(deps, (d) => typeof d === 'object' && d !== null))
    return 'dependent_scopes must be a list';
  for (const dep of (deps ?? []) as Array<{ scope?: unknown }>) {
    // Given by id, and known: another client's non-advertised scope is accepted too.
    if (typeof dep.scope !== 'string' || !state.scopes.has(dep.scope))
      return `Unknown dependent scope ${String(dep.scope)}: dependent scopes are given by id`;
  }
  return Object.fromEntries(
    Object.entries({
      name,
      description,
      advertised,
      allows_refresh_token: refresh,
      required_domains: domains,
      dependent_scopes: deps,
    }).filter(([, v]) => v !== undefined),
  ) as Partial<ScopeRecord>;
}

const withoutIgnored = (options: ApiOptions, fields: Partial<ScopeRecord>): Partial<ScopeRecord> =>
  Object.fromEntries(
    Object.entries(fields).filter(([key]) => !(options.ignoredFields ?? []).includes(key as never)),
  ) as Partial<ScopeRecord>;

function createScope(
  state: ServiceState,
  options: ApiOptions,
  baseUrl: string,
  client: ClientRecord,
  body: unknown,
): Answer {
  const def = (body as { scope?: unknown } | undefined)?.scope;
  if (typeof def !== 'object' || def === null) return error(400, 'The body must be {"scope": {...}}');
  const fields = readDefinition(state, def as Record<string, unknown>, false);
  if (typeof fields === 'string') return error(400, fields);
  const suffix = (def as { scope_suffix?: unknown }).scope_suffix ?? '';
  if (typeof suffix !== 'string') return error(400, 'scope_suffix must be a string');
  if (client.scopes.some((id) => state.scopes.get(id)?.scope_string.endsWith(`/${suffix}`))) {
    return error(409, `The client already has a scope with suffix ${suffix}`);
  }
  // One scope per scope string: the client's own, and one per FQDN (SDK get_client fixture;
  // globus-cli, the hello_world scope https://auth.globus.org/scopes/actions.globus.org/hello_world).
  const strings = [
    `${baseUrl}/scopes/${client.id}/${suffix}`,
    ...client.fqdns.map((fqdn) => `${baseUrl}/scopes/${fqdn}/${suffix}`),
  ];
  // What the service assumes for a field not sent: not advertised, refresh tokens allowed.
  const taken = withoutIgnored(options, fields);
  const created = strings.map((scope_string) =>
    state.addScope({ advertised: false, allows_refresh_token: true, ...taken, scope_string, client: client.id }),
  );
  return options.createShape === 'scope' ? json(200, { scope: created[0] }) : json(200, { scopes: created });
}

function updateScope(state: ServiceState, options: ApiOptions, scope: ScopeRecord, body: unknown): Answer {
  const def = (body as { scope?: unknown } | undefined)?.scope;
  if (typeof def !== 'object' || def === null) return error(400, 'The body must be {"scope": {...}}');
  const fields = readDefinition(state, def as Record<string, unknown>, true);
  if (typeof fields === 'string') return error(400, fields);
  // scope_suffix is a field of an update, and the answer carries the new suffix in scope_string
  // (globus-sdk-python, update_scope in services/auth/client/service_client.py and its fixture
  // testing/data/auth/update_scope.py, case scope_suffix).
  const suffix = (def as { scope_suffix?: unknown }).scope_suffix;
  if (suffix !== undefined && !isText(suffix)) return error(400, 'scope_suffix must be a non-empty string');
  const scopeString = suffix === undefined ? scope.scope_string : scope.scope_string.replace(/[^/]*$/, suffix);
  const owner = scope.client === null ? undefined : state.clients.get(scope.client);
  if (owner?.scopes.some((id) => id !== scope.id && state.scopes.get(id)?.scope_string === scopeString)) {
    return error(409, `The client already has a scope with suffix ${String(suffix)}`);
  }
  Object.assign(scope, withoutIgnored(options, fields), { scope_string: scopeString });
  const omitted: ReadonlyArray<string> = options.updateAnswerOmits ?? [];
  return json(200, { scope: Object.fromEntries(Object.entries(scope).filter(([key]) => !omitted.includes(key))) });
}
