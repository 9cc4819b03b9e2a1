/**
 * The benchmark's contenders, each run once per path, directly and through the proxy, on the
 * wire at latency 0 (dev/bench/wire-run.ts throws unless the run created or found the scope as
 * the path says): what `npm run bench` compares is sound. The action and the floor make the
 * same requests on the same connections; the procedure's peers make one request more when
 * creating (one lookup per dependent scope). A contender whose tools are missing on this
 * machine is reported, not skipped silently. Run by `npm run bench:contenders` (and .ci/run),
 * not by `npm test`: it needs curl, jq and python3.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { availableContenders, CONTENDER_NAMES, type ContenderName } from '../../dev/bench/contenders.ts';
import { PathClients, type PathName } from '../../dev/bench/paths.ts';
import { countRounds } from '../../dev/bench/rounds.ts';
import { entrantsOf, runOnce } from '../../dev/bench/wire-run.ts';
import { ServiceOnTheWire } from '../../dev/wire/service-on-the-wire.ts';

let wire: ServiceOnTheWire;
let clients: PathClients;
beforeAll(async () => {
  wire = await ServiceOnTheWire.start();
  clients = new PathClients(wire.service);
});
afterAll(() => wire.stop());

const { available, missing } = availableContenders();

test('every contender can run here', () => {
  // The benchmark's tools: Node, bash, curl, jq and python3. Missing ones are named.
  expect(Object.fromEntries(missing)).toEqual({});
  expect(available).toEqual([...CONTENDER_NAMES]);
});

/** Requests, TCP connections and TLS handshakes of a run. */
const ON_THE_WIRE: Record<ContenderName, Record<PathName, { requests: number; connections?: number }>> = {
  action: { noop: { requests: 2, connections: 2 }, create: { requests: 4, connections: 2 } },
  // The same engine and HTTP layer: the same round trips.
  cli: { noop: { requests: 2, connections: 2 }, create: { requests: 4, connections: 2 } },
  // The token request first, on a connection that the first round reuses; its second request opens the other.
  'action-token': { noop: { requests: 3, connections: 2 }, create: { requests: 5, connections: 2 } },
  floor: { noop: { requests: 2, connections: 2 }, create: { requests: 4, connections: 2 } },
  // A new connection per call.
  curl: { noop: { requests: 2, connections: 2 }, create: { requests: 5, connections: 5 } },
  python: { noop: { requests: 2, connections: 2 }, create: { requests: 5, connections: 5 } },
  // One agent, kept alive; how often it opens a second connection is Node's own undici's business.
  fetch: { noop: { requests: 2 }, create: { requests: 5 } },
};

describe.each(entrantsOf(available))('$name (through the proxy: $viaProxy)', (entrant) => {
  test.each(['noop', 'create'] as const)('%s', async (pathName) => {
    const tunnels = wire.proxy.relayed.length;
    const sample = await runOnce(wire, clients, entrant, pathName);

    const expected = ON_THE_WIRE[entrant.name][pathName];
    expect(sample.requests).toBe(expected.requests);
    if (expected.connections !== undefined) expect(sample.connections).toBe(expected.connections);
    expect(sample.handshakes).toBe(sample.connections);
    // Through the proxy, every connection is a CONNECT tunnel; directly, none is.
    expect(wire.proxy.relayed.length - tunnels).toBe(entrant.viaProxy ? sample.connections : 0);
  });
});

/**
 * The round trips of a spec that lists scopes (dev/bench/rounds.ts): counted exactly, the
 * engine in process, so they hold on any machine; the wire runs above measure what each costs.
 */
describe('a spec of 10 listed scopes', () => {
  test('all present: one round, the inspection and one lookup by string sent together', async () => {
    const { rounds, exitCode, suffixes } = await countRounds('listed-10-present');
    expect(exitCode).toBe(0);
    expect(suffixes).toHaveLength(10);
    expect(
      rounds.map((round) => round.map((call) => call.replace(/\/clients\/[^/]+/, '/clients/{id}')).sort()),
    ).toEqual([['GET /v2/api/clients/{id}', 'GET /v2/api/scopes']]);
  });

  test("5 to create, two levels deep: four rounds (the reads, each level's creations together, the verifying inspection)", async () => {
    const { rounds, exitCode, suffixes } = await countRounds('listed-10-create-5');
    expect(exitCode).toBe(0);
    expect(new Set(suffixes).size).toBe(10);
    expect(suffixes).toHaveLength(10);
    const shape = rounds.map((round) => round.map((call) => call.replace(/\/clients\/[^/]+/, '/clients/{id}')).sort());
    expect(shape).toEqual([
      ['GET /v2/api/clients/{id}', 'GET /v2/api/scopes'],
      Array(3).fill('POST /v2/api/clients/{id}/scopes'),
      Array(2).fill('POST /v2/api/clients/{id}/scopes'),
      ['GET /v2/api/clients/{id}'],
    ]);
  });
});
