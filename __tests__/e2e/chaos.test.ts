/**
 * A randomized fault schedule, seeded and bounded, on loopback only: each schedule disturbs
 * the requests of one run (or of two concurrent runs) with faults drawn from what a broken
 * service or a flaky network does, and checks the invariants that must hold whatever happens:
 * - at most one scope per scope string;
 * - exit 0: the right outputs, and `created` true for a run that may have made the scope;
 * - exit 1: one clear error annotation, never an "Unexpected error";
 * - no form of the secret in any channel, no forged workflow command;
 * - an end of its own, with exit 0 or 1, before the guard would kill it (20 s). The step's
 *   deadline itself is pinned on a fake clock (unit/http.test.ts, unit/retry.test.ts): no
 *   assertion here rests on how fast a loaded machine runs.
 * `npm test` runs a fixed-seed smoke; `npm run chaos` runs CHAOS_RUNS schedules (300 by default).
 */
import { afterAll, expect, test } from '@jest/globals';
import type { Fault } from '../../dev/auth-service.ts';
import type { ActionRun } from '../../dev/runner.ts';
import { annotations, expectNoForgedCommand, Harness } from '../support/harness.ts';

const RUNS = Number(process.env.CHAOS_RUNS ?? 6);
const SEED = Number(process.env.CHAOS_SEED ?? 20261123);
const TIMEOUT_SECONDS = 0.4;

/** mulberry32: a small seeded generator, so that a failing schedule can be run again by its seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Effect = Omit<Fault, 'method' | 'path' | 'query' | 'times' | 'before'>;
const EFFECTS: ReadonlyArray<(r: () => number) => Effect> = [
  (r) => ({ status: [500, 502, 503, 504][Math.floor(r() * 4)] ?? 503 }),
  (r) => ({ status: 429, headers: { 'retry-after': String(Math.floor(r() * 2)) } }),
  () => ({ status: 502, body: '<html><body>Bad Gateway</body></html>', headers: { 'content-type': 'text/html' } }),
  () => ({ reset: true }),
  () => ({ hang: true }),
  () => ({ loseAnswer: true }),
  (r) => ({ delayMs: Math.floor(r() * 600) }), // a slow answer, or an apply slower than the limit
  () => ({ status: 200, body: '{"scopes": [' }), // malformed JSON
  () => ({ status: 409 }),
];
const TARGETS = ['client', 'strings', 'ids', 'create'] as const;

interface Schedule {
  seed: number;
  faults: Array<Fault & { target: (typeof TARGETS)[number] }>;
  concurrent: boolean;
}

function draw(seed: number): Schedule {
  const r = random(seed);
  const faults: Schedule['faults'] = [];
  for (const target of TARGETS) {
    if (r() < 0.5) continue;
    const effect = EFFECTS[Math.floor(r() * EFFECTS.length)]?.(r) ?? {};
    faults.push({ target, times: 1 + Math.floor(r() * 3), ...effect } as Schedule['faults'][number]);
  }
  return { seed, faults, concurrent: r() < 0.2 };
}

const figures = { schedules: 0, runs: 0, ok: 0, failed: 0, maxWallMs: 0, errors: new Map<string, number>() };

async function runSchedule(schedule: Schedule): Promise<void> {
  const h = await Harness.start();
  try {
    const where: Record<(typeof TARGETS)[number], Pick<Fault, 'method' | 'path' | 'query'>> = {
      client: { method: 'GET', path: `/v2/api/clients/${h.client.id}` },
      strings: { method: 'GET', path: '/v2/api/scopes', query: { scope_strings: /./ } },
      ids: { method: 'GET', path: '/v2/api/scopes', query: { ids: /./ } },
      create: { method: 'POST' },
    };
    for (const { target, ...fault } of schedule.faults) h.service.inject({ ...fault, ...where[target] } as Fault);
    const started = Date.now();
    const runs = await Promise.all(
      Array.from({ length: schedule.concurrent ? 2 : 1 }, () =>
        h.run({ inputs: { timeout_seconds: String(TIMEOUT_SECONDS) }, killAfterMs: 20_000 }),
      ),
    );
    const wall = Date.now() - started;
    figures.schedules++;
    figures.maxWallMs = Math.max(figures.maxWallMs, wall);
    const context = `schedule ${schedule.seed}: ${JSON.stringify(schedule)}`;

    // At most one scope per string, whatever happened.
    const strings = h.clientScopes();
    expect({ context, strings: [...new Set(strings)].length }).toEqual({ context, strings: strings.length });
    expect(strings.length).toBeLessThanOrEqual(1);
    for (const run of runs) check(h, run, strings.length === 1, context);
    // Of the runs that succeeded, one at least says it created the scope: nobody else could have.
    const succeeded = runs.filter((run) => run.exitCode === 0);
    if (succeeded.length > 0)
      expect({ context, created: succeeded.some((run) => run.outputs.created === 'true') }).toEqual({
        context,
        created: true,
      });
  } finally {
    await h.stop();
  }
}

function check(h: Harness, run: ActionRun, scopeExists: boolean, context: string): void {
  figures.runs++;
  h.expectNoLeak(run);
  expectNoForgedCommand(run);
  const errors = annotations(run).filter((line) => line.startsWith('::error'));
  if (run.exitCode === 0) {
    figures.ok++;
    expect({ context, exists: scopeExists, scope_string: run.outputs.scope_string }).toEqual({
      context,
      exists: true,
      scope_string: h.expectedString,
    });
    expect(errors).toEqual([]);
  } else {
    figures.failed++;
    expect({ context, exitCode: run.exitCode, errors: errors.length }).toEqual({ context, exitCode: 1, errors: 1 });
    expect(errors[0]).not.toContain('Unexpected error');
    const kind = (errors[0] ?? '')
      .replace(/^::error::/, '')
      .replace(/[0-9a-f-]{36}|127\.0\.0\.1:\d+|\d+/g, '#')
      .slice(0, 90);
    figures.errors.set(kind, (figures.errors.get(kind) ?? 0) + 1);
  }
}

test(
  `${RUNS} fault schedules from seed ${SEED}: every invariant holds`,
  async () => {
    const schedules = Array.from({ length: RUNS }, (_, i) => draw(SEED + i));
    // Three at a time: independent services, independent processes.
    for (let i = 0; i < schedules.length; i += 3) await Promise.all(schedules.slice(i, i + 3).map(runSchedule));
  },
  Math.max(30_000, RUNS * 3_000),
);

afterAll(() => {
  if (RUNS <= 6) return;
  const top = [...figures.errors.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12);
  console.log(
    `chaos: ${figures.schedules} schedules, ${figures.runs} runs: ${figures.ok} exit 0, ${figures.failed} exit 1; slowest schedule ${figures.maxWallMs} ms\n` +
      top.map(([kind, n]) => `  ${n} × ${kind}`).join('\n'),
  );
});
