/**
 * An embedded authentication service for tests, the demo and local runs: the system spec's
 * client and scope calls on a real HTTP server on 127.0.0.1, with HTTP Basic checks,
 * per-client state, FQDN variant scopes, a provider's introspection document, a log of
 * every request and fault injection. Never bundled into dist/.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export const GROUPS_SCOPE_STRING = 'urn:platform:auth:scope:groups.api.platform.org:view_my_groups_and_memberships';
export const GROUPS_SCOPE_ID = '73320ffe-4cb4-4b25-a0a3-83d53d59ce4f';

export interface DependentScope {
  scope: string;
  optional: boolean;
  requires_refresh_token: boolean;
}

export interface ScopeRecord {
  id: string;
  scope_string: string;
  name: string;
  description: string;
  client: string | null;
  advertised: boolean;
  allows_refresh_token: boolean;
  dependent_scopes: DependentScope[];
}

export interface ClientRecord {
  id: string;
  secret: string;
  name: string;
  project: string;
  fqdns: string[];
  scopes: string[];
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** When it arrived (ms since the epoch). */
  at: number;
  /** The client's port: requests that share it came over one kept-alive connection. */
  connection: number;
  /** The client the Basic credential named, if any; the secret is never recorded. */
  clientId?: string;
  body?: unknown;
}

/** Replaces or disturbs the answer to matching requests, `times` times (default once). */
export interface Fault {
  method?: string;
  path?: string | RegExp;
  times?: number;
  /** Answer with this status (and body, headers) instead of handling the request. */
  status?: number;
  body?: string;
  headers?: Record<string, string>;
  /** Never answer. */
  hang?: boolean;
  /** Destroy the connection without an answer. */
  reset?: boolean;
  /** Handle the request for real, then destroy the connection: an answer lost on the way. */
  loseAnswer?: boolean;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Runs when the fault fires, before the request is handled: e.g. another run's creation. */
  before?: () => void;
}

export interface AuthServiceOptions {
  /** How a lookup of an unknown string or id is answered: leaving it out, or 404 (default 'empty'). */
  notFound?: 'empty' | '404';
  /** The shape of the creation answer (default 'scopes', as documented). */
  createShape?: 'scopes' | 'scope';
  /** What `client.scopes` holds (default 'ids'). */
  clientScopes?: 'ids' | 'objects';
  /** Latency added to every answer. */
  latencyMs?: number;
  /** Request fields the creation silently ignores, leaving the scope with the service's default. */
  ignoredFields?: Array<'advertised' | 'allow_refresh_tokens' | 'dependent_scopes'>;
}

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

const json = (status: number, body: unknown): Answer => ({ status, body });
const error = (status: number, code: string, detail: string): Answer =>
  json(status, { code, errors: [{ status: String(status), code, detail }], request_id: randomBytes(6).toString('hex') });

const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isNonEmptyString = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

export class EmbeddedAuthService {
  readonly clients = new Map<string, ClientRecord>();
  readonly scopes = new Map<string, ScopeRecord>();
  readonly requests: RecordedRequest[] = [];
  /** The provider's introspection document, served at GET /. */
  providerDocument: Record<string, unknown> = { title: 'Example Action Provider', platform_auth_scope: null };
  options: AuthServiceOptions;
  private faults: Fault[] = [];
  private readonly server = http.createServer((req, res) => void this.handle(req, res));
  private readonly sockets = new Set<Socket>();
  private baseUrl = '';

  constructor(options: AuthServiceOptions = {}) {
    this.options = options;
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    this.addScope({ id: GROUPS_SCOPE_ID, scope_string: GROUPS_SCOPE_STRING, name: 'View groups', description: 'The groups service', client: null });
  }

  get url(): string {
    return this.baseUrl;
  }

  async start(port = 0): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.baseUrl;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Registers a client as the developer portal would, with no scope. */
  addClient(init: Partial<Omit<ClientRecord, 'scopes'>> = {}): ClientRecord {
    const client: ClientRecord = {
      id: init.id ?? randomUUID(),
      secret: init.secret ?? randomBytes(24).toString('base64url'),
      name: init.name ?? 'Example Action Provider',
      project: init.project ?? randomUUID(),
      fqdns: init.fqdns ?? [],
      scopes: [],
    };
    this.clients.set(client.id, client);
    return client;
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
      dependent_scopes: [],
      ...init,
    };
    this.scopes.set(scope.id, scope);
    if (scope.client !== null) this.clients.get(scope.client)?.scopes.push(scope.id);
    return scope;
  }

  inject(fault: Fault): void {
    this.faults.push({ times: 1, ...fault });
  }

  /** The requests made to the API (not to GET /), as `METHOD path`. */
  apiCalls(): string[] {
    return this.requests.filter((r) => r.path.startsWith('/v2/')).map((r) => `${r.method} ${r.path}`);
  }

  private takeFault(method: string, path: string): Fault | undefined {
    const index = this.faults.findIndex(
      (f) =>
        (f.method === undefined || f.method === method) &&
        (f.path === undefined || (typeof f.path === 'string' ? f.path === path : f.path.test(path))),
    );
    const fault = this.faults[index];
    if (fault === undefined) return undefined;
    fault.times = (fault.times ?? 1) - 1;
    if (fault.times <= 0) this.faults.splice(index, 1);
    return fault;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const credentials = this.credentials(req.headers.authorization);
    const recorded: RecordedRequest = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      at: Date.now(),
      connection: req.socket.remotePort ?? 0,
    };
    if (credentials !== undefined) recorded.clientId = credentials.id;
    if (raw !== '') recorded.body = parseJson(raw);
    this.requests.push(recorded);

    const fault = this.takeFault(method, url.pathname);
    fault?.before?.();
    const delay = (fault?.delayMs ?? 0) + (this.options.latencyMs ?? 0);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    if (fault?.hang) return;
    if (fault?.reset) {
      req.socket.destroy();
      return;
    }
    if (fault?.status !== undefined) {
      res.writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers });
      res.end(fault.body ?? JSON.stringify({ errors: [{ detail: `injected ${fault.status}` }] }));
      return;
    }

    const answer = this.route(method, url, raw, credentials);
    if (fault?.loseAnswer) {
      req.socket.destroy();
      return;
    }
    const body = JSON.stringify(answer.body);
    res.writeHead(answer.status, { 'content-type': 'application/json', 'x-request-id': randomBytes(6).toString('hex'), ...answer.headers });
    res.end(body);
  }

  private credentials(header: string | undefined): { id: string; secret: string } | undefined {
    const match = /^Basic (.+)$/i.exec(header ?? '');
    if (match?.[1] === undefined) return undefined;
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon < 0 ? undefined : { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
  }

  private route(method: string, url: URL, raw: string, credentials: { id: string; secret: string } | undefined): Answer {
    if (method === 'GET' && url.pathname === '/') return json(200, this.providerDocument);

    const caller = credentials === undefined ? undefined : this.clients.get(credentials.id);
    if (caller === undefined || caller.secret !== credentials?.secret) {
      return error(401, 'UNAUTHORIZED', 'Invalid client credentials');
    }
    const clientMatch = /^\/v2\/api\/clients\/([^/]+)(\/scopes)?$/.exec(url.pathname);
    if (clientMatch?.[1] !== undefined) {
      const id = decodeURIComponent(clientMatch[1]);
      const client = this.clients.get(id);
      if (client === undefined) return error(404, 'NOT_FOUND', `No client with id ${id}`);
      if (client.id !== caller.id) return error(403, 'FORBIDDEN', 'You do not own this client');
      if (clientMatch[2] === undefined && method === 'GET') return json(200, { client: this.clientView(client) });
      if (clientMatch[2] !== undefined && method === 'POST') return this.createScope(client, raw);
      return error(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed here`);
    }
    if (url.pathname === '/v2/api/scopes' && method === 'GET') return this.lookup(url.searchParams);
    return error(404, 'NOT_FOUND', `No route for ${method} ${url.pathname}`);
  }

  private clientView(client: ClientRecord): Record<string, unknown> {
    return {
      scopes: this.options.clientScopes === 'objects' ? client.scopes.map((id) => this.scopes.get(id)) : client.scopes,
      redirect_uris: ['https://provider.example.org/redirect'],
      name: client.name,
      links: { privacy_policy: null, terms_and_conditions: null },
      grant_types: ['authorization_code', 'client_credentials', 'refresh_token', 'urn:platform:auth:grant_type:dependent_token'],
      fqdns: client.fqdns,
      visibility: 'private',
      project: client.project,
      required_idp: null,
      preselect_idp: null,
      id: client.id,
      public_client: false,
      parent_client: null,
    };
  }

  private lookup(params: URLSearchParams): Answer {
    const strings = params.get('scope_strings');
    const ids = params.get('ids');
    const wanted = (strings ?? ids)?.split(',').filter((s) => s !== '');
    if (wanted === undefined || wanted.length === 0) return error(400, 'BAD_REQUEST', 'Give scope_strings or ids');
    const all = [...this.scopes.values()];
    const found = wanted.flatMap((w) => all.filter((s) => (strings === null ? s.id === w : s.scope_string === w)));
    if (this.options.notFound === '404' && found.length < wanted.length) {
      return error(404, 'NOT_FOUND', 'At least one scope could not be found');
    }
    return json(200, { scopes: found });
  }

  private createScope(client: ClientRecord, raw: string): Answer {
    const body = parseJson(raw) as { scope?: Record<string, unknown> } | undefined;
    const def = body?.scope;
    if (def === undefined || typeof def !== 'object') return error(400, 'BAD_REQUEST', 'The body must be {"scope": {...}}');
    const { name, description, scope_suffix: suffix = '', advertised, allow_refresh_tokens: refresh, dependent_scopes: deps = [] } = def;
    if (!isNonEmptyString(name) || !isNonEmptyString(description)) return error(400, 'BAD_REQUEST', 'name and description are required');
    if (!isBoolean(advertised) || !isBoolean(refresh)) return error(400, 'BAD_REQUEST', 'advertised and allow_refresh_tokens are required booleans');
    if (typeof suffix !== 'string' || !Array.isArray(deps)) return error(400, 'BAD_REQUEST', 'scope_suffix must be a string and dependent_scopes a list');
    for (const dep of deps as Array<Partial<DependentScope>>) {
      if (typeof dep.scope !== 'string' || !this.scopes.has(dep.scope)) {
        return error(400, 'BAD_REQUEST', `Unknown dependent scope ${String(dep.scope)}: dependent scopes are given by UUID`);
      }
    }
    const taken = client.scopes.some((id) => this.scopes.get(id)?.scope_string.endsWith(`/${suffix}`));
    if (taken) return error(409, 'CONFLICT', `The client already has a scope with suffix ${suffix}`);

    const ignored = this.options.ignoredFields ?? [];
    const strings = [`${this.baseUrl}/scopes/${client.id}/${suffix}`, ...client.fqdns.map((fqdn) => `https://${fqdn}/${suffix}`)];
    const created = strings.map((scope_string) =>
      this.addScope({
        scope_string,
        name,
        description,
        client: client.id,
        advertised: ignored.includes('advertised') ? false : advertised,
        allows_refresh_token: ignored.includes('allow_refresh_tokens') ? false : refresh,
        dependent_scopes: ignored.includes('dependent_scopes') ? [] : (deps as DependentScope[]),
      }),
    );
    return this.options.createShape === 'scope' ? json(200, { scope: created[0] }) : json(200, { scopes: created });
  }
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

// `node dev/auth-service.ts [port] [--credentials-file FILE]`: a service to point a local run
// at, with one fresh client. With --credentials-file, once it listens, it also writes
// `auth_url=`, `client_id=` and `client_secret=` lines to FILE (the GITHUB_OUTPUT format), in
// one rename, so that a script that started it in the background can wait for the file.
if (import.meta.main) {
  const { parseArgs } = await import('node:util');
  const { rename, writeFile } = await import('node:fs/promises');
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'credentials-file': { type: 'string' } } });
  const service = new EmbeddedAuthService();
  const client = service.addClient({ secret: 'local-demo-secret' });
  const url = await service.start(Number(positionals[0] ?? 0));
  console.log(`Embedded authentication service on ${url}`);
  console.log(`client_id=${client.id}\nclient_secret=${client.secret} (a local, throw-away credential)`);
  const file = values['credentials-file'];
  if (file !== undefined) {
    await writeFile(`${file}.tmp`, `auth_url=${url}\nclient_id=${client.id}\nclient_secret=${client.secret}\n`);
    await rename(`${file}.tmp`, file);
  }
}
