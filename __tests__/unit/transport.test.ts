/**
 * The wire's way out (src/wire/transport.ts) against real servers on 127.0.0.1 and a real
 * forward proxy: which proxy variables count, on which Node the built-in proxy support is used
 * and where undici's agent stands in, and how a request ends when its signal aborts.
 */
import { afterEach, describe, expect, test } from '@jest/globals';
import { execFile } from 'node:child_process';
import { getEventListeners, once } from 'node:events';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ForwardProxy } from '../../dev/forward-proxy.ts';
import {
  aheadAddress,
  closeAhead,
  hasBuiltInProxy,
  nodeTransport,
  OPENED_AHEAD,
  openAhead,
  openTransport,
  proxyVariables,
  type Transport,
  type TransportAnswer,
} from '../../src/wire/transport.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  // Connections opened ahead that a test left untaken are closed with the others.
  closeAhead();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A server on `host` that answers with `handle`; its origin, and every request it saw (method, url, headers). */
async function serve(
  handle: (req: http.IncomingMessage, res: http.ServerResponse) => void = (_req, res) => res.end('{"ok":true}'),
  host = '127.0.0.1',
): Promise<{ origin: string; seen: http.IncomingMessage[]; sockets: Set<Socket>; opened: Socket[] }> {
  const seen: http.IncomingMessage[] = [];
  const sockets = new Set<Socket>();
  const opened: Socket[] = [];
  const server = http.createServer((req, res) => (seen.push(req), handle(req, res)));
  server.on('connection', (socket) => {
    opened.push(socket);
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  cleanups.push(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const { port } = server.address() as AddressInfo;
  return { origin: `http://${host.includes(':') ? `[${host}]` : host}:${port}`, seen, sockets, opened };
}

async function proxy(): Promise<{ url: string; relayed: string[] }> {
  const forward = new ForwardProxy();
  const url = await forward.start();
  cleanups.push(() => forward.stop());
  return { url, relayed: forward.relayed };
}

/** A transport closed after the test. */
function opened(transport: Transport): Transport {
  cleanups.push(() => transport.destroy());
  return transport;
}

const get = (transport: Transport, origin: string, options: Partial<Parameters<Transport['request']>[0]> = {}) =>
  transport.request({
    origin,
    path: '/x?q=1',
    method: 'GET',
    headers: {},
    signal: new AbortController().signal,
    ...options,
  });

const text = async (answer: TransportAnswer): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of answer.body) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
};

describe('proxyVariables: as undici read them', () => {
  test.each<[string, NodeJS.ProcessEnv, ReturnType<typeof proxyVariables>]>([
    ['none set: none', {}, undefined],
    ['NO_PROXY alone: none', { NO_PROXY: 'x' }, undefined],
    ['empty values are unset', { HTTP_PROXY: '', HTTPS_PROXY: '', NO_PROXY: 'x' }, undefined],
    [
      'HTTP_PROXY alone also serves https',
      { HTTP_PROXY: 'http://p:1' },
      { HTTP_PROXY: 'http://p:1', HTTPS_PROXY: 'http://p:1' },
    ],
    ['HTTPS_PROXY alone: https only', { HTTPS_PROXY: 'http://s:2' }, { HTTPS_PROXY: 'http://s:2' }],
    [
      'the lower-case spelling first, NO_PROXY passed on',
      {
        HTTP_PROXY: 'http://P:1',
        http_proxy: 'http://p:1',
        HTTPS_PROXY: 'http://S:2',
        https_proxy: 'http://s:2',
        NO_PROXY: 'A',
        no_proxy: 'a',
      },
      { HTTP_PROXY: 'http://p:1', HTTPS_PROXY: 'http://s:2', NO_PROXY: 'a' },
    ],
    [
      'upper case where the lower is not set',
      { HTTP_PROXY: 'http://P:1', HTTPS_PROXY: 'http://S:2', NO_PROXY: 'A' },
      { HTTP_PROXY: 'http://P:1', HTTPS_PROXY: 'http://S:2', NO_PROXY: 'A' },
    ],
  ])('%s', (_what, env, expected) => {
    expect(proxyVariables(env)).toEqual(expected);
  });
});

test.each<[string, boolean]>([
  ['20.19.0', false],
  ['22.19.0', false],
  ['22.20.9', false],
  ['22.21.0', true],
  ['22.22.1', true],
  ['23.11.1', false],
  ['24.4.1', false],
  ['24.5.0', true],
  ['24.21.0', true],
  ['25.0.0', true],
])("Node %s's agents take proxyEnv: %s", (version, expected) => {
  expect(hasBuiltInProxy(version)).toBe(expected);
});

describe('openTransport: through the proxy the variables name, on every supported Node', () => {
  test.each([
    ['24.21.0', "Node's agents"],
    ['22.19.0', "undici's EnvHttpProxyAgent"],
  ])('Node %s (%s)', async (version) => {
    const { origin, seen } = await serve();
    const { url, relayed } = await proxy();
    const transport = opened(openTransport({ HTTP_PROXY: url }, version));
    const answer = await get(transport, origin);
    expect([answer.statusCode, await text(answer)]).toEqual([200, '{"ok":true}']);
    expect(relayed).toEqual([`GET ${origin}/x?q=1`]);
    expect(seen).toHaveLength(1);
  });

  test.each(['24.21.0', '22.19.0'])('Node %s: NO_PROXY bypasses it', async (version) => {
    const { origin, seen } = await serve();
    const { url, relayed } = await proxy();
    const transport = opened(openTransport({ HTTP_PROXY: url, NO_PROXY: '127.0.0.1' }, version));
    expect((await get(transport, origin)).statusCode).toBe(200);
    expect([relayed, seen.length]).toEqual([[], 1]);
  });

  test('no proxy set, an older Node: straight to the server', async () => {
    const { origin, seen } = await serve();
    const transport = opened(openTransport({}, '22.19.0'));
    expect(await text(await get(transport, origin))).toBe('{"ok":true}');
    expect(seen).toHaveLength(1);
  });

  test("undici's agent, destroyed: its kept-alive connection closes", async () => {
    const { origin, sockets } = await serve();
    const { url } = await proxy();
    const transport = openTransport({ HTTP_PROXY: url, NO_PROXY: '127.0.0.1' }, '22.19.0');
    await text(await get(transport, origin));
    expect(sockets.size).toBe(1);
    const [socket] = sockets;
    const closed = new Promise((resolve) => socket?.once('close', resolve));
    transport.destroy();
    await closed;
  });
});

describe("nodeTransport: one kept-alive connection per protocol, Node's own HTTP", () => {
  test('what is sent: the method, the path, the headers, a body with its length', async () => {
    const bodies: string[] = [];
    const { origin, seen } = await serve((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => (bodies.push(Buffer.concat(chunks).toString('utf8')), res.end('{}')));
    });
    const transport = opened(nodeTransport(undefined));
    await text(await get(transport, origin, { method: 'POST', headers: { 'x-one': 'é1' }, body: '{"a":"é"}' }));
    const [req] = seen;
    expect([req?.method, req?.url, req?.headers['x-one'], req?.headers['content-length']]).toEqual([
      'POST',
      '/x?q=1',
      'Ã©1',
      '10',
    ]);
    expect(bodies).toEqual(['{"a":"é"}']);
  });

  test('an IPv6 literal origin', async () => {
    const { origin, seen } = await serve(undefined, '::1');
    const transport = opened(nodeTransport(undefined));
    expect((await get(transport, origin)).statusCode).toBe(200);
    expect(seen).toHaveLength(1);
  });

  test('the answer: its status and headers, its body as chunks', async () => {
    const { origin } = await serve((_req, res) => res.writeHead(418, { 'x-request-id': 'r-1' }).end('teapot'));
    const answer = await get(opened(nodeTransport(undefined)), origin);
    expect([answer.statusCode, answer.headers['x-request-id'], await text(answer)]).toEqual([418, 'r-1', 'teapot']);
  });

  test('requests one after the other reuse one connection', async () => {
    const { origin, seen } = await serve();
    const transport = opened(nodeTransport(undefined));
    await text(await get(transport, origin));
    await text(await get(transport, origin));
    expect(new Set(seen.map((req) => req.socket.remotePort)).size).toBe(1);
  });

  test('a header value Node refuses: rejected, nothing sent', async () => {
    const { origin, seen } = await serve();
    const transport = opened(nodeTransport(undefined));
    await expect(get(transport, origin, { headers: { 'x-bad': 'a\nb' } })).rejects.toMatchObject({
      code: 'ERR_INVALID_CHAR',
    });
    // The connection is still good for the next request.
    expect((await get(transport, origin)).statusCode).toBe(200);
    expect(seen).toHaveLength(1);
  });

  test('a signal aborted already: its reason, and no connection', async () => {
    const { origin, sockets } = await serve();
    const stop = new AbortController();
    const reason = new Error('stopped');
    stop.abort(reason);
    await expect(get(opened(nodeTransport(undefined)), origin, { signal: stop.signal })).rejects.toBe(reason);
    expect(sockets.size).toBe(0);
  });

  test('aborted before the answer: its reason, and the connection closed', async () => {
    let arrived!: () => void;
    const held = new Promise<void>((resolve) => (arrived = resolve));
    const { origin, sockets } = await serve(() => arrived()); // never answers
    const stop = new AbortController();
    const pending = get(opened(nodeTransport(undefined)), origin, { signal: stop.signal });
    await held;
    const [socket] = sockets;
    const closed = new Promise((resolve) => socket?.once('close', resolve));
    const reason = new DOMException('The operation timed out.', 'TimeoutError');
    stop.abort(reason);
    await expect(pending).rejects.toBe(reason);
    await closed;
  });

  test('aborted while the body is read: its reason, and the connection closed', async () => {
    const { origin, sockets } = await serve((_req, res) => res.writeHead(200).write('{"partial":')); // never ends
    const stop = new AbortController();
    const answer = await get(opened(nodeTransport(undefined)), origin, { signal: stop.signal });
    const [socket] = sockets;
    const closed = new Promise((resolve) => socket?.once('close', resolve));
    const reason = new Error('the run has ended');
    const reading = text(answer);
    stop.abort(reason);
    await expect(reading).rejects.toBe(reason);
    await closed;
  });

  test('a signal that aborts after the answer was read changes nothing: the connection stays', async () => {
    const { origin, sockets } = await serve();
    const stop = new AbortController();
    const transport = opened(nodeTransport(undefined));
    await text(await get(transport, origin, { signal: stop.signal }));
    // The request has let go of the signal once its answer was read.
    await new Promise((resolve) => setImmediate(resolve));
    expect(getEventListeners(stop.signal, 'abort')).toEqual([]);
    stop.abort(new Error('later'));
    expect((await get(transport, origin)).statusCode).toBe(200);
    expect(sockets.size).toBe(1);
  });

  test('destroy closes a kept-alive connection at once', async () => {
    const { origin, sockets } = await serve((_req, res) =>
      res.writeHead(200, { 'keep-alive': 'timeout=60' }).end('{}'),
    );
    const transport = nodeTransport(undefined);
    await text(await get(transport, origin));
    const [socket] = sockets;
    const closed = new Promise((resolve) => socket?.once('close', resolve));
    transport.destroy();
    await closed;
  });
});

describe('aheadAddress: where connections are opened ahead', () => {
  test.each<[string, string | undefined, NodeJS.ProcessEnv, string, ReturnType<typeof aheadAddress>]>([
    ['https', 'https://auth.example.org', {}, '24.21.0', { protocol: 'https:', host: 'auth.example.org', port: 443 }],
    [
      'https, a port',
      'https://auth.example.org:8443/',
      {},
      '24.21.0',
      { protocol: 'https:', host: 'auth.example.org', port: 8443 },
    ],
    [
      'http to this machine',
      'http://127.0.0.1:9000',
      {},
      '24.21.0',
      { protocol: 'http:', host: '127.0.0.1', port: 9000 },
    ],
    ['http to localhost', 'http://localhost', {}, '24.21.0', { protocol: 'http:', host: 'localhost', port: 80 }],
    ['http to [::1]', 'http://[::1]:9000', {}, '24.21.0', { protocol: 'http:', host: '::1', port: 9000 }],
    ['http elsewhere: refused by the settings', 'http://auth.example.org', {}, '24.21.0', undefined],
    [
      'http to this machine behind a proxy',
      'http://127.0.0.1:9000',
      { HTTP_PROXY: 'http://p:1' },
      '24.21.0',
      undefined,
    ],
    [
      'https behind a proxy',
      'https://a.example',
      { HTTPS_PROXY: 'http://p:1' },
      '24.21.0',
      { protocol: 'https:', host: 'a.example', port: 443 },
    ],
    [
      "https behind a proxy, on a Node without proxy support (undici's agent)",
      'https://a.example',
      { HTTPS_PROXY: 'http://p:1' },
      '22.19.0',
      undefined,
    ],
    [
      'https on an older Node, no proxy set',
      'https://a.example',
      {},
      '22.19.0',
      { protocol: 'https:', host: 'a.example', port: 443 },
    ],
    ['another scheme', 'ftp://a.example', {}, '24.21.0', undefined],
    ['not an address', 'auth.example.org', {}, '24.21.0', undefined],
    ['none given', undefined, {}, '24.21.0', undefined],
  ])('%s', (_what, url, env, version, expected) => {
    expect(aheadAddress(url, env, version)).toEqual(expected);
  });
});

describe("openAhead: the first round's connections opened before its requests", () => {
  // The client side connects before the server (in this process) has taken the connection.
  const accepted = async (connections: Socket[], count: number): Promise<void> => {
    while (connections.length < count) await new Promise((resolve) => setImmediate(resolve));
  };

  test('opened, nothing sent; then taken by the first requests, one each, and no other opened', async () => {
    const { origin, seen, opened: connections } = await serve();
    await openAhead(origin, {});
    await accepted(connections, OPENED_AHEAD);
    expect(seen).toHaveLength(0);
    const answers = await Promise.all(
      Array.from({ length: OPENED_AHEAD }, async () => text(await get(opened(openTransport({})), origin))),
    );
    expect(answers).toEqual(Array(OPENED_AHEAD).fill('{"ok":true}'));
    expect([connections.length, seen.length]).toEqual([OPENED_AHEAD, OPENED_AHEAD]);
    // Each request on a connection of its own.
    expect(new Set(seen.map((r) => r.socket)).size).toBe(OPENED_AHEAD);
  });

  test('a request to another origin opens its own', async () => {
    const first = await serve();
    const second = await serve();
    await openAhead(first.origin, {});
    expect((await get(opened(openTransport({})), second.origin)).statusCode).toBe(200);
    expect([first.opened.length, second.opened.length]).toEqual([OPENED_AHEAD, 1]);
  });

  test('closed unused when the run stops (closeAhead): a request then opens its own', async () => {
    const { origin, opened: connections, sockets } = await serve();
    await openAhead(origin, {});
    await accepted(connections, OPENED_AHEAD);
    const closed = connections.map((socket) => once(socket, 'close'));
    closeAhead();
    await Promise.all(closed);
    expect(sockets.size).toBe(0);
    expect((await get(opened(openTransport({})), origin)).statusCode).toBe(200);
    expect(connections).toHaveLength(OPENED_AHEAD + 1);
  });

  test('one that failed is not handed on: the request connects itself and says why it could not', async () => {
    const { origin } = await serve();
    // Nothing listens there any more.
    const gone = await serve();
    await cleanups.pop()?.();
    // Waiting as long as it takes: settled by the refused connection's close, not by the time limit.
    await openAhead(gone.origin, {}, process.versions.node, 2 ** 31 - 1);
    await expect(get(opened(openTransport({})), gone.origin)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect((await get(opened(openTransport({})), origin)).statusCode).toBe(200);
  });

  test('where none may be opened (http elsewhere, or behind a proxy), none is', async () => {
    const { origin, opened: connections } = await serve();
    const { url, relayed } = await proxy();
    await openAhead(origin, { HTTP_PROXY: url });
    await openAhead(origin.replace('127.0.0.1', 'localhost.invalid'), {});
    expect((await get(opened(openTransport({})), origin)).statusCode).toBe(200);
    expect([connections.length, relayed]).toEqual([1, []]);
  });

  test('held by nothing: a process that opened them and sent no request ends at once', async () => {
    const { origin, opened: connections, seen } = await serve();
    const transport = new URL('../../src/wire/transport.ts', import.meta.url).href;
    const script = `const { openAhead } = await import(${JSON.stringify(transport)}); await openAhead(process.argv[1], {});`;
    await new Promise<void>((resolve, reject) =>
      execFile(process.execPath, ['--input-type=module', '-e', script, origin], (error) =>
        error === null ? resolve() : reject(error),
      ),
    );
    expect([connections.length, seen.length]).toEqual([OPENED_AHEAD, 0]);
  });
});
