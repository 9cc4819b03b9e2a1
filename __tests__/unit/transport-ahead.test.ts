/**
 * Connections opened ahead over TLS (src/wire/transport.ts, openAhead), against the embedded
 * service behind its TLS front (a throw-away CA, trusted here for the test's time), directly
 * and through the local proxy that tunnels CONNECT (dev/wire/): what the service's side sees
 * once openAhead has settled, and once the first requests have gone.
 */
import { afterAll, afterEach, beforeAll, expect, test } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import tls from 'node:tls';
import { ServiceOnTheWire } from '../../dev/wire/service-on-the-wire.ts';
import { closeAhead, openAhead as openAheadOf, openTransport, type Transport } from '../../src/wire/transport.ts';

// Waiting as long as it takes: openAhead settles on its connections' events, not on its time limit.
const openAhead = (url: string, env: NodeJS.ProcessEnv): Promise<void> =>
  openAheadOf(url, env, process.versions.node, 2 ** 31 - 1);

let wire: ServiceOnTheWire;
const trusted = tls.getCACertificates('default');
beforeAll(async () => {
  wire = await ServiceOnTheWire.start();
  const ca = await readFile(wire.clientEnv(false).NODE_EXTRA_CA_CERTS as string, 'utf8');
  tls.setDefaultCACertificates([...trusted, ca]);
});
afterAll(async () => {
  tls.setDefaultCACertificates(trusted);
  await wire.stop();
});
const transports: Transport[] = [];
afterEach(() => {
  closeAhead();
  transports.splice(0).forEach((transport) => transport.destroy());
});

/** The first round: two requests together, each through a transport of its own (a lane's); their statuses. */
const firstRound = (origin: string, env: NodeJS.ProcessEnv): Promise<number[]> =>
  Promise.all(
    [0, 1].map(async () => {
      const transport = openTransport(env);
      transports.push(transport);
      const signal = new AbortController().signal;
      const answer = await transport.request({ origin, path: '/v2/api/clients/x', method: 'GET', headers: {}, signal });
      for await (const chunk of answer.body) void chunk;
      return answer.statusCode;
    }),
  );

/** What the wire saw since the mark: connections at the link, CONNECTs at the proxy, requests at the service. */
const seen = (mark: ReturnType<ServiceOnTheWire['mark']>, relayed: number) => {
  const { connections, requests } = wire.since(mark);
  return { connections: connections.length, relayed: wire.proxy.relayed.slice(relayed), requests: requests.length };
};

// The link takes a connection a turn of this process's loop after the client (here too) has it.
const accepted = async (mark: ReturnType<ServiceOnTheWire['mark']>, count: number): Promise<void> => {
  while (wire.since(mark).connections.length < count) await new Promise((resolve) => setImmediate(resolve));
};

// An http proxy, and one reached over TLS (its own handshake before the tunnels').
test.each([
  ['the proxy', () => Promise.resolve(wire.proxyUrl)],
  ['an https proxy', () => wire.httpsProxyUrl()],
])(
  'through %s: both tunnelled once openAhead settles, nothing sent; the first round takes them',
  async (_what, proxyUrl) => {
    const env = { HTTPS_PROXY: await proxyUrl() };
    const connect = `CONNECT ${new URL(wire.url).host}`;
    const mark = wire.mark();
    const relayed = wire.proxy.relayed.length;
    await openAhead(wire.url, env);
    expect(seen(mark, relayed)).toEqual({ connections: 2, relayed: [connect, connect], requests: 0 });
    expect(await firstRound(wire.url, env)).toHaveLength(2);
    expect(seen(mark, relayed)).toEqual({ connections: 2, relayed: [connect, connect], requests: 2 });
  },
);

test('an address NO_PROXY sends around the proxy: none opened ahead; the first round connects directly', async () => {
  const env = { HTTPS_PROXY: wire.proxyUrl, NO_PROXY: new URL(wire.url).hostname };
  const mark = wire.mark();
  const relayed = wire.proxy.relayed.length;
  await openAhead(wire.url, env);
  await firstRound(wire.url, env);
  expect(seen(mark, relayed)).toEqual({ connections: 2, relayed: [], requests: 2 });
});

test('directly, to a host name: its name given in the handshake (SNI), as a request gives it', async () => {
  const origin = wire.url.replace('127.0.0.1', 'localhost');
  const mark = wire.mark();
  const names = wire.front.servernames.length;
  await openAhead(origin, {});
  await accepted(mark, 2);
  expect(seen(mark, 0).requests).toBe(0);
  await firstRound(origin, {});
  expect(seen(mark, wire.proxy.relayed.length)).toEqual({ connections: 2, relayed: [], requests: 2 });
  expect(wire.front.servernames.slice(names)).toEqual(['localhost', 'localhost']);
});

test('directly, to an address: no name in the handshake', async () => {
  const names = wire.front.servernames.length;
  await openAhead(wire.url, {});
  await firstRound(wire.url, {});
  expect(wire.front.servernames.slice(names)).toEqual([false, false]);
});

test('a tunnel the proxy refuses is not handed on: the request says what the proxy said', async () => {
  // Nothing listens at the port any more: the proxy answers the CONNECT with 502.
  const closed = new URL(wire.url);
  closed.port = String(await freePort());
  const env = { HTTPS_PROXY: wire.proxyUrl };
  await openAhead(closed.origin, env);
  await expect(firstRound(closed.origin, env)).rejects.toMatchObject({ code: 'ERR_PROXY_TUNNEL' });
});

test('taken while its tunnel is still being opened, and refused: the request fails with it', async () => {
  const closed = new URL(wire.url);
  closed.port = String(await freePort());
  const env = { HTTPS_PROXY: wire.proxyUrl };
  const relayed = wire.proxy.relayed.length;
  void openAhead(closed.origin, env);
  await expect(firstRound(closed.origin, env)).rejects.toMatchObject({ code: 'ERR_PROXY_TUNNEL' });
  // The round took the two opened ahead: no CONNECT of its own.
  expect(wire.proxy.relayed.slice(relayed)).toHaveLength(2);
});

/** A port nothing listens on: one the system gave and took back. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
