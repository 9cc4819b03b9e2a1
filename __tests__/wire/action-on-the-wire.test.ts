/**
 * End-to-end on the wire: the bundled action against the embedded service over TLS (a throw-away
 * CA, trusted through NODE_EXTRA_CA_CERTS), directly and through a local HTTPS proxy
 * (dev/wire/). What is counted is what the service's side sees: when each TCP connection was
 * opened, relative to the answers, the TLS handshakes and the requests. No timing is asserted:
 * a connection opened before any answer byte came back was opened in parallel, whatever the
 * machine's speed.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { PathClients, type PathName } from '../../dev/bench/paths.ts';
import { SPEC_PATH, specFile } from '../../dev/bench/spec.ts';
import { runAction } from '../../dev/runner.ts';
import { ServiceOnTheWire } from '../../dev/wire/service-on-the-wire.ts';

let wire: ServiceOnTheWire;
let clients: PathClients;
beforeAll(async () => {
  wire = await ServiceOnTheWire.start();
  clients = new PathClients(wire.service);
  // A little latency on the wire: the answers' first bytes come back well after the requests'
  // connections could all have been opened, however the machine schedules the processes.
  wire.latencyMs = 20;
});
afterAll(() => wire.stop());

// The spec names two dependent scopes by string: the first round is the client's inspection and
// one lookup (the provider's own scope string and both dependents), two requests together.
const FIRST_ROUND = 2;
const REQUESTS: Record<PathName, number> = { noop: 2, create: 4 };

describe.each([
  ['directly', false],
  ['through an HTTPS proxy', true],
])('on the wire, %s', (_how, viaProxy) => {
  test.each(['noop', 'create'] as const)(
    '%s: the first round opens its connections together; later requests reuse them',
    async (pathName) => {
      const client = clients.clientFor(pathName);
      const mark = wire.mark();
      const connects = wire.proxy.relayed.length;

      const result = await runAction({
        inputs: { client_id: client.id, client_secret: client.secret, auth_url: wire.url },
        files: { [SPEC_PATH]: specFile() },
        env: wire.clientEnv(viaProxy),
      });

      expect(result.exitCode).toBe(0);
      expect(result.outputs.created).toBe(String(pathName === 'create'));
      // Neither the secret nor the Basic credential made with it, anywhere but in the masks.
      const channels = [
        result.stdout
          .split('\n')
          .filter((line) => !line.startsWith('::add-mask::'))
          .join('\n'),
        result.stderr,
        ...Object.values(result.leftFiles),
      ];
      for (const form of [client.secret, Buffer.from(`${client.id}:${client.secret}`).toString('base64')]) {
        for (const channel of channels) expect(channel).not.toContain(form);
      }
      const { connections, handshakes, requests } = wire.since(mark);
      expect(requests).toHaveLength(REQUESTS[pathName]);
      // One connection per request of the first round, each opened before any answer byte came
      // back: none waited for another's handshake. The creation and its check reuse them.
      expect(connections.map((c) => c.answeredBefore)).toEqual(Array(FIRST_ROUND).fill(0));
      expect(handshakes).toHaveLength(FIRST_ROUND);
      expect(wire.proxy.relayed.slice(connects)).toEqual(
        viaProxy ? Array(FIRST_ROUND).fill(`CONNECT ${new URL(wire.url).host}`) : [],
      );
    },
  );
});

// auth: token: the token request goes first, alone, on the first connection; the first round
// follows it together, one request reusing that connection and the other taking the second,
// opened ahead with the first (nothing is sent on it before the token). The rest is as with Basic.
describe.each([
  ['directly', false],
  ['through an HTTPS proxy', true],
])('auth: token on the wire, %s', (_how, viaProxy) => {
  test.each(['noop', 'create'] as const)(
    '%s: the token first, then the first round together on two connections',
    async (pathName) => {
      const client = clients.clientFor(pathName);
      const mark = wire.mark();

      const result = await runAction({
        inputs: { client_id: client.id, client_secret: client.secret, auth_url: wire.url, auth: 'token' },
        files: { [SPEC_PATH]: specFile() },
        env: wire.clientEnv(viaProxy),
      });

      expect(result.exitCode).toBe(0);
      expect(result.outputs.created).toBe(String(pathName === 'create'));
      const { connections, handshakes, requests } = wire.since(mark);
      const calls = requests.map((r) => `${r.method} ${r.path.replace(client.id, '{id}')}`);
      expect(calls[0]).toBe('POST /v2/oauth2/token');
      expect(calls.slice(1, 3).sort()).toEqual(['GET /v2/api/clients/{id}', 'GET /v2/api/scopes']);
      expect(calls.slice(3)).toEqual(
        pathName === 'create' ? ['POST /v2/api/clients/{id}/scopes', 'GET /v2/api/clients/{id}'] : [],
      );
      // Both opened before any answer: the second did not wait for the token's.
      expect(connections.map((c) => c.answeredBefore)).toEqual([0, 0]);
      expect(handshakes).toHaveLength(2);
    },
  );
});

// The first round's connections open while the action loads and reads its spec (transport.ts,
// openAhead): a spec that does not validate has had them opened, and sent nothing on them.
describe.each([
  ['directly', false],
  ['through an HTTPS proxy', true],
])('a spec that does not validate, %s', (_how, viaProxy) => {
  test('the connections opened ahead, and not one request', async () => {
    const client = clients.clientFor('noop');
    const mark = wire.mark();
    const connects = wire.proxy.relayed.length;

    const result = await runAction({
      inputs: { client_id: client.id, client_secret: client.secret, auth_url: wire.url },
      files: { [SPEC_PATH]: 'scope_suffix: [not, a, suffix]\n' },
      env: wire.clientEnv(viaProxy),
    });

    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain('::error');
    const { connections, requests } = wire.since(mark);
    expect(requests).toEqual([]);
    expect(connections).toHaveLength(FIRST_ROUND);
    expect(wire.proxy.relayed.slice(connects)).toEqual(
      viaProxy ? Array(FIRST_ROUND).fill(`CONNECT ${new URL(wire.url).host}`) : [],
    );
  });
});
