/**
 * Where a request goes out: one kept-alive connection per origin's protocol, over Node's own
 * `node:http` and `node:https`, whose HTTP parser is native. undici's parser is WebAssembly, and
 * V8 finishes optimising it on a background thread that the process's exit waits for: about
 * the whole tail after the last answer (CONTRIBUTING.md, "What the start-up devices buy").
 *
 * Proxies: HTTP_PROXY, HTTPS_PROXY and NO_PROXY, as undici's EnvHttpProxyAgent read them before
 * (the lower-case spelling first; an https request goes through HTTP_PROXY when HTTPS_PROXY is
 * not set), through Node's built-in proxy support (the agents' `proxyEnv`, Node 22.21 and 24.5
 * on: https://nodejs.org/en/learn/http/enterprise-network-configuration). On an older Node
 * with a proxy variable set, undici's EnvHttpProxyAgent, loaded only then.
 */
import http, { type ClientRequestArgs, type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import tls from 'node:tls';

export interface TransportRequest {
  origin: string;
  path: string;
  method: string;
  headers: Record<string, string>;
  signal: AbortSignal;
  body?: string;
}

/** What comes back: undici's Dispatcher answers the same (a test's injected one). */
export interface TransportAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: AsyncIterable<Buffer>;
}

/** One lane's way out: a request, and closing every connection it holds. */
export interface Transport {
  request(options: TransportRequest): Promise<TransportAnswer>;
  destroy(): void;
}

/** How long an idle connection is kept, unless the server asks for less (its Keep-Alive: timeout). */
export const KEEP_ALIVE_MS = 10_000;

type ProxyVariables = Partial<Record<'HTTP_PROXY' | 'HTTPS_PROXY' | 'NO_PROXY', string>>;

/** The proxy variables as undici's EnvHttpProxyAgent reads them; none when none is set. */
export function proxyVariables(env: NodeJS.ProcessEnv): ProxyVariables | undefined {
  const httpProxy = env.http_proxy ?? env.HTTP_PROXY;
  const httpsProxy = env.https_proxy ?? env.HTTPS_PROXY ?? httpProxy;
  const noProxy = env.no_proxy ?? env.NO_PROXY;
  if (!httpProxy && !httpsProxy) return undefined;
  return {
    ...(httpProxy ? { HTTP_PROXY: httpProxy } : {}),
    ...(httpsProxy ? { HTTPS_PROXY: httpsProxy } : {}),
    ...(noProxy === undefined ? {} : { NO_PROXY: noProxy }),
  };
}

/** Whether Node's agents take `proxyEnv`: 22.21 on in 22, 24.5 on (23 never had it). */
export function hasBuiltInProxy(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > 24 || (major === 24 && minor >= 5) || (major === 22 && minor >= 21);
}

/**
 * A lane's transport: Node's agents (one connection each), or undici's proxy agent where this
 * Node has no proxy support of its own and a proxy is set.
 */
export function openTransport(
  env: NodeJS.ProcessEnv = process.env,
  nodeVersion: string = process.versions.node,
): Transport {
  const proxies = proxyVariables(env);
  return proxies === undefined || hasBuiltInProxy(nodeVersion) ? nodeTransport(proxies) : undiciTransport(proxies);
}

/** Node's agent of one kept-alive connection. */
function nodeAgent(protocol: string, proxyEnv: ProxyVariables | undefined): http.Agent {
  const options = { keepAlive: true, maxSockets: 1, timeout: KEEP_ALIVE_MS, ...(proxyEnv && { proxyEnv }) };
  return protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
}

/** A lane's agent, which takes a connection opened ahead to its origin before it opens one. */
function agentOf(protocol: string, proxyEnv: ProxyVariables | undefined): http.Agent {
  const agent = nodeAgent(protocol, proxyEnv);
  const open = agent.createConnection.bind(agent);
  // Either way the agent is given its socket by the callback: the documented asynchronous form.
  agent.createConnection = (connection, callback) =>
    callback !== undefined && takeAhead(originKey(protocol, connection), callback)
      ? undefined
      : open(connection, callback);
  return agent;
}

/** Node's agents, one per protocol, each of one kept-alive connection. */
export function nodeTransport(proxyEnv: ProxyVariables | undefined): Transport {
  const agents = new Map<string, http.Agent>();
  const agentFor = (protocol: string): http.Agent => {
    let agent = agents.get(protocol);
    if (agent === undefined) {
      agent = agentOf(protocol, proxyEnv);
      agents.set(protocol, agent);
    }
    return agent;
  };
  return {
    request: ({ origin, path, method, headers, signal, body }) =>
      new Promise((resolve, reject) => {
        signal.throwIfAborted();
        const { protocol, hostname, port } = new URL(origin);
        const request = (protocol === 'https:' ? https : http).request({
          agent: agentFor(protocol),
          protocol,
          // An IPv6 literal without its brackets.
          hostname: hostname.replace(/^\[(.*)\]$/, '$1'),
          port,
          path,
          method,
        });
        let response: http.IncomingMessage | undefined;
        // Stopped with the signal's reason (a limit's TimeoutError), before the answer or while its
        // body is read; either way the connection is closed, not given back.
        const abort = (): void => void (response ?? request).destroy(signal.reason as Error);
        signal.addEventListener('abort', abort, { once: true });
        // Closed once the answer's body has ended (or the request failed): nothing left to stop.
        request.once('close', () => signal.removeEventListener('abort', abort));
        // Every error, also one after the answer (the socket's, while its body is read): the first rejects.
        request.on('error', reject);
        request.once('response', (answer) => {
          response = answer;
          resolve({ statusCode: answer.statusCode ?? 0, headers: answer.headers, body: answer });
        });
        try {
          // Set on the request, not given with its options: the agent hands those to the socket's
          // connect, which NODE_DEBUG=net prints whole (the credentials with them).
          for (const [name, value] of Object.entries(headers)) request.setHeader(name, value);
        } catch (error) {
          // A value Node refuses (a line break): never sent.
          reject(error as Error);
          request.destroy();
          return;
        }
        // A body given whole to end() is sent with its Content-Length, in bytes.
        request.end(body);
      }),
    destroy: () => agents.forEach((agent) => agent.destroy()),
  };
}

/** undici's EnvHttpProxyAgent, loaded on first use: its parser's cost is paid only behind a proxy, on an older Node. */
function undiciTransport({ HTTP_PROXY = '', HTTPS_PROXY = '', NO_PROXY = '' }: ProxyVariables): Transport {
  // The variables as read above (an empty one is none: undici reads the environment only for
  // one not given); undici's own header and body timeouts (300 s) are off: the limit is the
  // budget's, by signal.
  const agent = import('./undici-core.ts').then(
    ({ EnvHttpProxyAgent }) =>
      new EnvHttpProxyAgent({
        httpProxy: HTTP_PROXY,
        httpsProxy: HTTPS_PROXY,
        noProxy: NO_PROXY,
        connections: 1,
        keepAliveTimeout: KEEP_ALIVE_MS,
        headersTimeout: 0,
        bodyTimeout: 0,
      }),
  );
  return {
    request: async (options) => (await agent).request(options),
    destroy: () => void agent.then((a) => a.destroy()).catch(() => {}),
  };
}

/**
 * How many connections are opened ahead: the first round's requests go together (the client's
 * inspection and the lookup of its scopes), each on a connection of its own.
 */
export const OPENED_AHEAD = 2;

type Handed = (error: Error | null, socket: Duplex) => void;

/** A connection opened ahead: its socket once ready (through a proxy, once the tunnel is up); unusable once it failed or closed. */
interface Ahead {
  key: string;
  ready: Promise<Duplex>;
  usable: boolean;
  /** Its sockets (a proxy's and the tunnel's), held by nothing until a request takes them. */
  sockets: Duplex[];
}

const ahead: Ahead[] = [];

// A request's connection options always hold its host and port (Node's ClientRequest sets both).
const originKey = (protocol: string, { host, port }: ClientRequestArgs): string => `${protocol}//${host}:${port}`;

// Until a request takes it, a connection's failure only makes it unusable.
const ignore = (): void => {};

/** An agent's request for a connection, answered with one opened ahead to its origin, if one is left and usable. */
function takeAhead(key: string, callback: Handed): boolean {
  const index = ahead.findIndex((a) => a.key === key && a.usable);
  if (index === -1) return false;
  const [taken] = ahead.splice(index, 1) as [Ahead];
  // From now on the request's: it holds the process (also while a proxy's tunnel is still being
  // opened), and once the socket is handed over, the request's listeners report what happens.
  const hold = (): void => taken.sockets.forEach((socket) => (socket as Partial<net.Socket>).ref?.());
  hold();
  taken.ready.then(
    (socket) => {
      hold();
      for (const held of taken.sockets) held.removeListener('error', ignore);
      callback(null, socket);
    },
    (error: unknown) => callback(error as Error, undefined as unknown as Duplex),
  );
  return true;
}

/** The longest the entry waits for the connections opened ahead to connect before it loads the rest. */
export const AHEAD_WAIT_MS = 1000;

/**
 * Opens the first round's connections to the service (TCP, TLS, a proxy's CONNECT) while the
 * rest of the run loads and reads its spec; the lanes' agents take them for their first
 * requests. Nothing is sent on them but the handshakes, so a run that ends before its first
 * request (a spec that does not validate) has sent nothing; held by nothing, they close with
 * the process.
 *
 * Settles once each is connected (or failed), at most AHEAD_WAIT_MS later: loading the rest
 * holds the event loop, and the TLS handshake (a proxy's CONNECT) can start only from the
 * connection's callback, so it starts before the load instead of after it. The wait costs
 * nothing: the first request could not go before the connection was open either way.
 */
export function openAhead(
  url: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
  nodeVersion: string = process.versions.node,
  waitMs: number = AHEAD_WAIT_MS,
): Promise<void> {
  const address = aheadAddress(url, env, nodeVersion);
  if (address === undefined) return Promise.resolve();
  const { protocol, host, port } = address;
  const proxies = proxyVariables(env);
  const agent = nodeAgent(protocol, proxies);
  const connection: ClientRequestArgs & Record<string, unknown> = {
    ...(agent as unknown as { options: object }).options,
    host,
    port,
    // As the agent names the server for a request: no SNI for an address.
    servername: net.isIP(host) === 0 ? host : '',
  };
  const key = originKey(protocol, connection);
  const connected: Array<Promise<unknown>> = [];
  for (let i = 0; i < OPENED_AHEAD; i++) {
    const sockets: Duplex[] = [];
    const entry: Ahead = { key, ready: Promise.resolve() as unknown as Promise<Duplex>, usable: true, sockets };
    const hold = (socket: Duplex): Duplex => {
      sockets.push(socket);
      socket.on('error', ignore).once('close', () => (entry.usable = false));
      (socket as Partial<net.Socket>).unref?.();
      return socket;
    };
    let tunnelled: Handed | undefined;
    const returned = agent.createConnection(connection, (error, socket) => tunnelled?.(error, socket));
    if (returned === null || returned === undefined) break;
    if (proxies === undefined) entry.ready = Promise.resolve(hold(returned));
    else if (waitsForTunnel(returned)) {
      hold(returned);
      entry.ready = new Promise((resolve, reject) => {
        tunnelled = (error, socket) => {
          if (error === null && socket !== undefined && entry.usable) resolve(hold(socket));
          else {
            entry.usable = false;
            socket?.destroy();
            reject(error ?? new Error('the proxy tunnel was not opened'));
          }
        };
      });
      // Not taken: a failure the request's own connection reports, never an unhandled one.
      entry.ready.catch(ignore);
    } else {
      // Behind a proxy and yet not tunnelled (NO_PROXY, or a Node that tunnels another way): not used.
      returned.destroy();
      break;
    }
    ahead.push(entry);
    connected.push(
      proxies === undefined
        ? event(returned, 'connect')
        : // The proxy's connection (an https proxy's once its handshake is done), on which Node
          // sends the CONNECT; then its answer, which Node reads first: the tunnel's handshake
          // starts from there.
          event(returned, returned instanceof tls.TLSSocket ? 'secureConnect' : 'connect').then(() =>
            event(returned, 'readable'),
          ),
    );
  }
  if (connected.length === 0) return Promise.resolve();
  return new Promise((settle) => {
    // Held: the sockets are not, and the process must not end while the entry waits.
    const timer = setTimeout(settle, waitMs);
    void Promise.all(connected).then(() => {
      clearTimeout(timer);
      settle();
    });
  });
}

/** Settles on the socket's event, or once it has closed. */
const event = (socket: Duplex, name: string): Promise<void> =>
  socket.closed
    ? Promise.resolve()
    : new Promise((settle) => socket.once(name, () => settle()).once('close', () => settle()));

/**
 * Where connections may be opened ahead: an https address, or http to this machine (what the
 * settings accept); not behind a proxy on a Node without proxy support (undici's agent then).
 */
export function aheadAddress(
  url: string | undefined,
  env: NodeJS.ProcessEnv,
  nodeVersion: string,
): { protocol: 'https:' | 'http:'; host: string; port: number } | undefined {
  let address: URL;
  try {
    address = new URL(url ?? '');
  } catch {
    return undefined;
  }
  const { protocol, hostname, port } = address;
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  const proxies = proxyVariables(env);
  const loopback = host === 'localhost' || host === '::1' || host.startsWith('127.');
  if (protocol !== 'https:' && !(protocol === 'http:' && loopback && proxies === undefined)) return undefined;
  if (proxies !== undefined && !hasBuiltInProxy(nodeVersion)) return undefined;
  return { protocol, host, port: port === '' ? (protocol === 'https:' ? 443 : 80) : Number(port) };
}

/** Closes the connections opened ahead that no request took (the run has stopped), and any still being opened. */
export function closeAhead(): void {
  for (const entry of ahead.splice(0)) {
    entry.usable = false;
    for (const socket of entry.sockets) socket.destroy();
  }
}

/** Whether Node's agent hands the socket over once a proxy's tunnel is up (an https origin behind a proxy). */
const waitsForTunnel = (socket: Duplex): boolean =>
  Object.getOwnPropertySymbols(socket).some((s) => s.description === 'kWaitForProxyTunnel');
