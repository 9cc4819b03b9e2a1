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
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';

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

/** Node's agents, one per protocol, each of one kept-alive connection. */
export function nodeTransport(proxyEnv: ProxyVariables | undefined): Transport {
  const agents = new Map<string, http.Agent>();
  const agentFor = (protocol: string): http.Agent => {
    let agent = agents.get(protocol);
    if (agent === undefined) {
      const options = { keepAlive: true, maxSockets: 1, timeout: KEEP_ALIVE_MS, ...(proxyEnv && { proxyEnv }) };
      agent = protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
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
