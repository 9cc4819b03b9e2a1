/**
 * An embedded authentication service for tests, the demo and local runs: the API of
 * service/api.ts, with a log of every request and fault injection (service/faults.ts), behind
 * two doors that share one handler (`reply`): a real HTTP server on 127.0.0.1, and an undici
 * dispatcher that serves the real service client in process (service/in-process.ts). Never
 * bundled into dist/. See dev/README.md.
 */
import http from 'node:http';
import type { Dispatcher } from 'undici';
import { LocalServer } from './local-server.ts';
import { handleApi, type Answer, type ApiOptions } from './service/api.ts';
import { FaultQueue, type Fault } from './service/faults.ts';
import { InProcessDispatcher, type IncomingCall, type Reply } from './service/in-process.ts';
import {
  GROUPS_SCOPE_ID,
  ServiceState,
  type ClientRecord,
  type CredentialRecord,
  type ScopeRecord,
} from './service/records.ts';
import { TOKEN_PATH, TokenStore } from './service/tokens.ts';

export {
  GROUPS_SCOPE_ID,
  GROUPS_SCOPE_STRING,
  TRANSFER_SCOPE_ID_MADE_UP,
  TRANSFER_SCOPE_STRING,
  type ClientRecord,
  type CredentialRecord,
  type ScopeRecord,
} from './service/records.ts';
export type { Fault } from './service/faults.ts';
export { MANAGE_PROJECTS_SCOPE, TOKEN_LIFETIME_SECONDS, TOKEN_PATH } from './service/tokens.ts';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** When it arrived (ms since the epoch). */
  at: number;
  /** The client's port (0 in process): requests that share it came over one kept-alive connection. */
  connection: number;
  /** The client the Basic credential or the Bearer token named, if any; neither the secret nor a token is ever recorded. */
  clientId?: string;
  /** How the request authenticated, if it did. */
  auth?: 'basic' | 'bearer';
  body?: unknown;
}

export interface AuthServiceOptions extends ApiOptions {
  /** Latency added to every answer. */
  latencyMs?: number;
  /**
   * The address its clients reach it at, when that is not where it listens (behind a TLS front
   * or a delaying link, dev/wire/), or when it does not listen (in process): its scope
   * strings are built on it.
   */
  publicUrl?: string;
  /** The lifetime of the access tokens it issues (default: the SDK fixture's two days). */
  tokenLifetimeSeconds?: number;
}

function parseBody(raw: string): unknown {
  if (raw === '') return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
  const match = /^Basic (.+)$/i.exec(header ?? '');
  if (match?.[1] === undefined) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

const bearerToken = (header: string | undefined): string | undefined => /^Bearer (\S+)$/i.exec(header ?? '')?.[1];

export class EmbeddedAuthService {
  readonly options: AuthServiceOptions;
  readonly requests: RecordedRequest[] = [];
  private readonly state = new ServiceState();
  private readonly faults = new FaultQueue();
  private readonly tokens: TokenStore;
  // The HTTP door: the request read in full, the handler's reply written back (or the
  // connection dropped, or left unanswered).
  private readonly server = http.createServer((req, res) => {
    void readAll(req).then(
      async (body) => {
        const reply = await this.reply({
          method: req.method ?? 'GET',
          path: req.url ?? '/',
          authorization: req.headers.authorization,
          contentType: req.headers['content-type'],
          body,
          connection: req.socket.remotePort ?? 0,
        });
        if (reply === 'hang') return;
        if (reply === 'drop') req.socket.destroy();
        else res.writeHead(reply.status, reply.headers).end(reply.body);
      },
      () => req.socket.destroy(),
    );
  });
  private readonly local = new LocalServer(this.server);
  /** Where it listens. */
  private baseUrl = '';

  constructor(options: AuthServiceOptions = {}) {
    this.options = options;
    this.tokens = new TokenStore(options.tokenLifetimeSeconds);
  }

  get url(): string {
    return this.options.publicUrl ?? this.baseUrl;
  }

  get clients(): ReadonlyMap<string, ClientRecord> {
    return this.state.clients;
  }

  get scopes(): ReadonlyMap<string, ScopeRecord> {
    return this.state.scopes;
  }

  /** Listens on 127.0.0.1 (any free port by default); a taken port is named in the error. */
  async start(port = 0): Promise<string> {
    this.baseUrl = `http://127.0.0.1:${await this.local.listen(port)}`;
    return this.baseUrl;
  }

  stop(): Promise<void> {
    return this.local.stop();
  }

  /** Registers a client as the developer portal would, with no scope. */
  addClient(init: Partial<Omit<ClientRecord, 'scopes'>> = {}): ClientRecord {
    return this.state.addClient(init);
  }

  /** Adds a scope (another service's, or one attached to `client`). */
  addScope(init: Partial<ScopeRecord> & Pick<ScopeRecord, 'scope_string'>): ScopeRecord {
    return this.state.addScope(init);
  }

  /** The client may no longer use the client credentials grant, as an app the developer portal does not allow it. */
  refuseClientCredentials(clientId: string): void {
    this.tokens.refusedGrant.add(clientId);
  }

  /** A new credential of the client, as the portal's "Generate Secret" or the API makes one. */
  addCredential(clientId: string, init: { name: string; secret?: string }): CredentialRecord {
    const client = this.state.clients.get(clientId);
    if (client === undefined) throw new Error(`The service has no client ${clientId}`);
    return this.state.addCredential(client, init);
  }

  /** Every access token issued so far, for the leak checks. */
  issuedTokens(): string[] {
    return this.tokens.issued();
  }

  /** Every access token issued so far expires at once. */
  expireTokens(): void {
    this.tokens.expireAll();
  }

  /** Disturbs matching requests; see service/faults.ts for how a fault matches and acts. */
  inject(fault: Fault): void {
    this.faults.add(fault);
  }

  /** Drops the faults still pending: the service behaves again. */
  clearFaults(): void {
    this.faults.clear();
  }

  /**
   * The in-process door: a dispatcher to give the service client (`dispatcher`), which hands
   * each request to the same handler as the HTTP server, at `url` (set `publicUrl`).
   */
  dispatcher(): Dispatcher {
    return new InProcessDispatcher((call) => this.reply(call));
  }

  /** The requests made, as `METHOD path`. */
  apiCalls(): string[] {
    return this.requests.map((r) => `${r.method} ${r.path}`);
  }

  /**
   * The one handler, for both doors: records the request, applies the fault that matches (the
   * one place a fault acts, in the order service/faults.ts gives), else hands it to the rules.
   * It records before anything is awaited, so that requests sent in process are recorded in
   * the order they were sent. A request the rules crash on is answered 500, not left hanging
   * until a test times out.
   */
  async reply(call: IncomingCall): Promise<Reply> {
    try {
      return await this.handle(call);
    } catch (error) {
      return jsonReply(500, { errors: [{ status: '500', detail: `the embedded service failed: ${String(error)}` }] });
    }
  }

  private async handle({
    method,
    path,
    authorization,
    contentType,
    body: raw,
    connection,
  }: IncomingCall): Promise<Reply> {
    const url = new URL(path, 'http://127.0.0.1');
    const body = parseBody(raw);
    const credentials = basicCredentials(authorization);
    const bearer = bearerToken(authorization);
    // Resolved now, for the record; a token that expires before the request is handled is refused then.
    const bearerCaller = bearer === undefined ? undefined : this.tokens.caller(this.state, bearer);
    const bearerId = bearerCaller !== undefined && 'client' in bearerCaller ? bearerCaller.client.id : undefined;
    this.requests.push({
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      at: Date.now(),
      connection,
      ...(credentials === undefined ? {} : { clientId: credentials.id, auth: 'basic' as const }),
      ...(bearer === undefined
        ? {}
        : { auth: 'bearer' as const, ...(bearerId === undefined ? {} : { clientId: bearerId }) }),
      ...(body === undefined ? {} : { body }),
    });

    const fault = this.faults.take({ method, path: url.pathname, query: url.searchParams });
    fault?.before?.();
    const delay = (fault?.delayMs ?? 0) + (this.options.latencyMs ?? 0);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    if (fault?.hang) return 'hang';
    if (fault?.reset) return 'drop';
    if (fault?.status !== undefined) {
      const body =
        fault.body ??
        JSON.stringify({ errors: [{ status: String(fault.status), detail: `injected ${fault.status}` }] });
      return { status: fault.status, headers: { 'content-type': 'application/json', ...fault.headers }, body };
    }
    const answer = this.answer(method, url, body, contentType, credentials, bearer);
    return fault?.loseAnswer ? 'drop' : jsonReply(answer.status, answer.body);
  }

  /** The token endpoint, or the API for the client that the Basic credential or a valid Bearer token names. */
  private answer(
    method: string,
    url: URL,
    body: unknown,
    contentType: string | undefined,
    credentials: ReturnType<typeof basicCredentials>,
    bearer: string | undefined,
  ): Answer {
    if (url.pathname === TOKEN_PATH) return this.tokens.grant(this.state, { method, contentType, body, credentials });
    if (bearer === undefined)
      return handleApi(this.state, this.options, this.url, {
        method,
        url,
        body,
        caller: this.state.authenticate(credentials),
        auth: 'basic',
      });
    const caller = this.tokens.caller(this.state, bearer);
    if ('refusal' in caller) return caller.refusal;
    // A valid token stands for its client: the API's rules are the same as with its credentials.
    return handleApi(this.state, this.options, this.url, { method, url, body, caller: caller.client, auth: 'bearer' });
  }
}

const jsonReply = (status: number, body: unknown): Reply => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

async function readAll(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

// `node dev/auth-service.ts [options]` (`npm run auth-service`): a service to point a local run
// at; `--help` and dev/service/command-line.ts say what it takes and prints. With
// --credentials-file, once it listens, it writes the first client's lines in one rename, so
// that a script that started it in the background can wait for the file.
if (import.meta.main) {
  const { rename, writeFile } = await import('node:fs/promises');
  const { USAGE, banner, parseServiceArgs } = await import('./service/command-line.ts');
  const settings = parseServiceArgs(process.argv.slice(2), process.env);
  if (settings === 'help') {
    process.stdout.write(USAGE);
    process.exit(0);
  }
  if ('problem' in settings) {
    process.stderr.write(`auth-service: ${settings.problem}. Run 'npm run auth-service -- --help' for the options.\n`);
    process.exit(1);
  }
  const service = new EmbeddedAuthService();
  const clients = settings.clients.map((init) => service.addClient(init));
  for (const scope_string of settings.scopes)
    service.addScope({ scope_string, name: scope_string, description: 'Added with --scope' });
  const url = await service.start(settings.port).catch((error: Error) => {
    process.stderr.write(`auth-service: ${error.message}\n`);
    process.exit(1);
  });
  const known = [...service.scopes.values()].filter((s) => s.client === null || !service.clients.has(s.client));
  process.stdout.write(
    banner(
      url,
      clients,
      known.map((s) => ({ scope_string: s.scope_string, id: s.id, madeUp: s.id !== GROUPS_SCOPE_ID })),
    ),
  );
  const [first] = clients;
  if (settings.credentialsFile !== undefined && first !== undefined) {
    await writeFile(
      `${settings.credentialsFile}.tmp`,
      `auth_url=${url}\nclient_id=${first.id}\nclient_secret=${first.secret}\n`,
    );
    await rename(`${settings.credentialsFile}.tmp`, settings.credentialsFile);
  }
}
