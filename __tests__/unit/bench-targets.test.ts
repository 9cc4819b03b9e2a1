/** The benchmark's targets (dev/bench/targets.ts): what each check compares, its bounds, and what "not measured" means. */
import { describe, expect, test } from '@jest/globals';
import { CONTENDER_NAMES, type ContenderName } from '../../dev/bench/contenders.ts';
import { PATHS, type PathName } from '../../dev/bench/paths.ts';
import { Samples } from '../../dev/bench/statistics.ts';
import { checkTargets, TARGETS, type Check } from '../../dev/bench/targets.ts';
import type { Sample } from '../../dev/bench/wire-run.ts';

const LATENCIES = [0, 50, 200];

// Wall times that meet every target, by contender, path and latency (the same through the proxy).
const WALL: Record<ContenderName, Record<PathName, Record<number, number>>> = {
  action: { noop: { 0: 100, 50: 130, 200: 230 }, create: { 0: 150, 50: 250, 200: 600 } },
  'action-token': { noop: { 0: 110, 50: 180, 200: 430 }, create: { 0: 160, 50: 300, 200: 800 } },
  cli: { noop: { 0: 100, 50: 130, 200: 230 }, create: { 0: 150, 50: 250, 200: 600 } },
  floor: { noop: { 0: 90, 50: 110, 200: 210 }, create: { 0: 120, 50: 200, 200: 550 } },
  curl: { noop: { 0: 60, 50: 200, 200: 400 }, create: { 0: 200, 50: 500, 200: 1500 } },
  python: { noop: { 0: 300, 50: 400, 200: 800 }, create: { 0: 400, 50: 700, 200: 2000 } },
  fetch: { noop: { 0: 250, 50: 350, 200: 700 }, create: { 0: 300, 50: 600, 200: 1800 } },
};

interface World {
  wall?: (name: ContenderName, pathName: PathName, latency: number, viaProxy: boolean) => number | undefined;
  tail?: (name: ContenderName, pathName: PathName, viaProxy: boolean) => number;
  firstRequestMs?: number;
  bareStartMs?: number;
  latencies?: number[];
  absent?: ContenderName[];
}

/** Three runs of every contender, the same figures each time; `wall` returns undefined for a run not made. */
function checksOf({
  wall = () => undefined,
  tail,
  firstRequestMs = 50,
  bareStartMs = 25,
  latencies = LATENCIES,
  absent = [],
}: World = {}): Check[] {
  const samples = new Samples();
  for (let run = 0; run < 3; run++) {
    samples.recordBareStart(bareStartMs);
    for (const name of CONTENDER_NAMES.filter((n) => !absent.includes(n))) {
      for (const pathName of PATHS) {
        for (const latency of latencies) {
          for (const viaProxy of [false, true]) {
            const sample: Sample = {
              wallMs: wall(name, pathName, latency, viaProxy) ?? WALL[name][pathName][latency] ?? Number.NaN,
              firstRequestMs: name === 'action' ? firstRequestMs : 30,
              tailMs: tail?.(name, pathName, viaProxy) ?? (name === 'floor' ? 10 : 20),
              requests: 2,
              connections: 2,
              handshakes: 2,
            };
            samples.record({ name, viaProxy }, pathName, latency, sample);
          }
        }
      }
    }
  }
  return checkTargets(samples, latencies);
}

const find = (checks: Check[], ...words: string[]): Check => {
  const found = checks.filter((c) => words.every((w) => c.what.includes(w)));
  if (found.length !== 1)
    throw new Error(`${found.length} checks with ${words.join(', ')}: ${checks.map((c) => c.what).join('; ')}`);
  return found[0] as Check;
};

test('every target met: one check per target, latency, path and mode, each named', () => {
  const checks = checksOf();
  expect(checks.map((c) => c.what)).toEqual([
    'faster than every peer, both paths, L = 50 ms, direct',
    'faster than every peer, both paths, L = 50 ms, via proxy',
    'faster than every peer, both paths, L = 200 ms, direct',
    'faster than every peer, both paths, L = 200 ms, via proxy',
    'no-op at least 1.25x faster than the curl procedure, L = 50 ms, direct',
    'no-op at least 1.25x faster than the curl procedure, L = 50 ms, via proxy',
    'no-op at least 1.5x faster than the curl procedure, L = 200 ms, direct',
    'no-op at least 1.5x faster than the curl procedure, L = 200 ms, via proxy',
    'no-op within 1.35x of the floor, L = 50 ms, direct',
    'no-op within 1.35x of the floor, L = 50 ms, via proxy',
    'no-op within 1.15x of the floor, L = 200 ms, direct',
    'no-op within 1.15x of the floor, L = 200 ms, via proxy',
    'the command line no slower than the action, no-op, L = 50 ms, direct',
    'the command line no slower than the action, no-op, L = 200 ms, direct',
    'the command line no slower than the action, creating, L = 50 ms, direct',
    'the command line no slower than the action, creating, L = 200 ms, direct',
    "first connection within 2.5x of bare Node's start-up",
    'after the last answer at most 15 ms longer than the floor, no-op, L = 0 ms, direct',
    'after the last answer at most 15 ms longer than the floor, no-op, L = 0 ms, via proxy',
    'after the last answer at most 15 ms longer than the floor, creating, L = 0 ms, direct',
    'after the last answer at most 15 ms longer than the floor, creating, L = 0 ms, via proxy',
  ]);
  expect(checks.filter((c) => c.met !== true)).toEqual([]);
  expect(find(checks, 'curl', 'L = 50 ms', 'direct').value).toBe('1.54x');
  expect(find(checks, 'floor, L = 200 ms', 'direct').value).toBe('1.10x');
  expect(find(checks, 'after the last answer', 'no-op', 'direct').value).toBe(
    '+10 ms (the action 20 ms, the floor 10 ms)',
  );
});

describe('each bound, on both sides of it', () => {
  // The action's no-op at L = 50 ms, direct, so that curl's lead is 200 / action.
  test.each([
    [160, true, '1.25x'],
    [161, false, '1.24x'],
  ])('curl 200 ms, the action %d ms at L = 50: met %s', (action, met, value) => {
    const checks = checksOf({
      wall: (name, p, l, proxy) => (name === 'action' && p === 'noop' && l === 50 && !proxy ? action : undefined),
    });
    expect(find(checks, 'curl procedure, L = 50 ms, direct')).toMatchObject({ met, value });
    expect(find(checks, 'curl procedure, L = 50 ms, via proxy').met).toBe(true);
  });

  test.each([
    [600, true],
    [601, false],
  ])('curl 900 ms at L = 200, the action %d ms: met %s (1.5x)', (action, met) => {
    const checks = checksOf({
      wall: (name, p, l) =>
        p === 'noop' && l === 200
          ? ({ action, curl: 900, floor: 600, cli: action } as Partial<Record<ContenderName, number>>)[name]
          : undefined,
    });
    expect(find(checks, 'curl procedure, L = 200 ms, via proxy').met).toBe(met);
  });

  test.each([
    [135, true],
    [136, false],
  ])('the floor 100 ms at L = 50, the action %d ms: met %s (1.35x)', (action, met) => {
    const checks = checksOf({
      wall: (name, p, l) =>
        p === 'noop' && l === 50
          ? ({ action, floor: 100, cli: action, curl: 400 } as Partial<Record<ContenderName, number>>)[name]
          : undefined,
    });
    expect(find(checks, 'floor, L = 50 ms, direct').met).toBe(met);
    expect(find(checks, 'floor, L = 200 ms, direct').met).toBe(true);
  });

  test.each([
    [230, true],
    [231, false],
  ])('the floor 200 ms at L = 200, the action %d ms: met %s (1.15x)', (action, met) => {
    const checks = checksOf({
      wall: (name, p, l, proxy) =>
        p === 'noop' && l === 200 && proxy
          ? ({ action, floor: 200, cli: action } as Partial<Record<ContenderName, number>>)[name]
          : undefined,
    });
    expect(find(checks, 'floor, L = 200 ms, via proxy').met).toBe(met);
    expect(find(checks, 'floor, L = 200 ms, direct').met).toBe(true);
  });

  test.each([
    ['noop', 'no-op', 50, 136.5, true],
    ['noop', 'no-op', 200, 241.6, false],
    ['create', 'creating', 50, 262.5, true],
    ['create', 'creating', 200, 630.1, false],
  ] as const)(
    "the command line on the %s path (%s) at L = %d: %d ms against the action's",
    (pathName, words, latency, cli, met) => {
      const checks = checksOf({
        wall: (name, p, l) => (name === 'cli' && p === pathName && l === latency ? cli : undefined),
      });
      expect(find(checks, 'command line', `${words},`, `L = ${latency} ms`).met).toBe(met);
      expect(checks.filter((c) => c.met !== true)).toHaveLength(met ? 0 : 1);
    },
  );

  test.each([
    [62.5, true],
    [63, false],
  ])('the first connection %d ms after spawn, bare Node 25 ms: met %s (2.5x)', (firstRequestMs, met) => {
    expect(find(checksOf({ firstRequestMs }), 'first connection').met).toBe(met);
  });

  test("a peer as fast as the action on one path misses the peers' check of that latency and mode", () => {
    const checks = checksOf({
      wall: (name, p, l, proxy) => (name === 'fetch' && p === 'create' && l === 200 && proxy ? 600 : undefined),
    });
    expect(find(checks, 'every peer', 'L = 200 ms, via proxy')).toMatchObject({
      met: false,
      value: 'closest: 1.00x of fetch (create)',
    });
    expect(checks.filter((c) => c.met !== true)).toHaveLength(1);
  });

  test.each([
    [25, true, '+15 ms (the action 25 ms, the floor 10 ms)'],
    [26, false, '+16 ms (the action 26 ms, the floor 10 ms)'],
    [4, true, '-6 ms (the action 4 ms, the floor 10 ms)'],
  ])("the action's tail %d ms, the floor's 10 ms, creating through the proxy: met %s", (tail, met, value) => {
    const checks = checksOf({
      tail: (name, p, proxy) => (name === 'floor' ? 10 : name === 'action' && p === 'create' && proxy ? tail : 20),
    });
    expect(find(checks, 'after the last answer', 'creating', 'via proxy')).toMatchObject({ met, value });
    expect(checks.filter((c) => c.met !== true)).toHaveLength(met ? 0 : 1);
  });
});

describe('not measured', () => {
  test('without L = 0, the tails; without L = 50, every check at 50', () => {
    const checks = checksOf({ latencies: [200] });
    const unmeasured = checks.filter((c) => c.met === undefined);
    expect(unmeasured.map((c) => c.what)).toEqual(
      checks.filter((c) => c.what.includes('L = 50 ms') || c.what.includes('L = 0 ms')).map((c) => c.what),
    );
    expect(unmeasured).toHaveLength(12);
    expect(find(checks, 'after the last answer', 'no-op', 'direct').value).toBe('not measured');
    expect(checks.filter((c) => c.met === false)).toEqual([]);
  });

  test("without curl: its lead, and the peers' checks, are not measured", () => {
    const checks = checksOf({ absent: ['curl'] });
    expect(checks.filter((c) => c.met === undefined).map((c) => c.what)).toEqual(
      checks.filter((c) => c.what.includes('curl') || c.what.includes('every peer')).map((c) => c.what),
    );
    expect(find(checks, 'curl procedure, L = 200 ms, direct').value).toBe('not measured');
  });

  test('without the floor, its ratios and the tails; without the command line, its checks', () => {
    const checks = checksOf({ absent: ['floor', 'cli'] });
    expect(checks.filter((c) => c.met === undefined).map((c) => c.what)).toEqual(
      checks.filter((c) => c.what.includes('floor') || c.what.includes('command line')).map((c) => c.what),
    );
  });

  test('the targets are those of the issue', () => {
    expect(TARGETS).toMatchObject({
      curlLead: { 50: 1.25, 200: 1.5 },
      floorRatio: { 50: 1.35, 200: 1.15 },
      firstConnectionOverBareStart: 2.5,
      cliRatio: 1.05,
      tailLatency: 0,
      tailOverFloorMs: 15,
    });
  });
});
