/**
 * An A/B of bundles by CPU time, which load inflates far less than wall time:
 *
 *   node dev/bench/cpu-ab.ts [--runs N] [--latency L] <checkout> <checkout> ...
 *
 * Each checkout's `dist/index.js` (its own dev/runner.ts spawns it, as the runner does) runs the
 * no-op path against one embedded service on the wire (this checkout's), directly, the
 * checkouts in turn for N rounds (5 by default), at L = 0 by default. Each run is spawned with
 * cpu-probe.mjs (CPU at the first connect, the last chunk read and the exit event) and under
 * GNU time (`/usr/bin/time`: the CPU to the process's end, with what the exit waits for: V8's
 * background threads). Prints, per checkout, medians and quartiles in ms: those CPU times, and
 * in wall time the tail (from the last answer byte on the wire to the process's end).
 */
import { execFileSync } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ServiceOnTheWire } from '../wire/service-on-the-wire.ts';
import { PathClients } from './paths.ts';
import { SPEC_PATH, specFile } from './spec.ts';

type Runner = typeof import('../runner.ts');

const { values, positionals } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, latency: { type: 'string', default: '0' } },
  allowPositionals: true,
});
if (positionals.length === 0) throw new Error('Name at least one checkout (a directory with dev/ and dist/).');
const runs = Number(values.runs);
const probe = path.join(import.meta.dirname, 'cpu-probe.mjs');

const scratch = await mkdtemp(path.join(tmpdir(), 'cpu-ab-'));
// process.execPath, timed: every spawnNode of the runners goes through GNU time.
const node = process.execPath;
const timed = path.join(scratch, 'node');
await writeFile(timed, `#!/bin/sh\nexec /usr/bin/time -f '%U %S' -o "$CPU_OUT" '${node}' "$@"\n`);
await chmod(timed, 0o755);
execFileSync(timed, ['-e', ''], { env: { CPU_OUT: path.join(scratch, 'check') } });
process.execPath = timed;

const runners = await Promise.all(
  positionals.map(async (dir) => ({
    dir,
    runner: (await import(pathToFileURL(path.resolve(dir, 'dev', 'runner.ts')).href)) as Runner,
  })),
);
const wire = await ServiceOnTheWire.start();
wire.latencyMs = Number(values.latency);
const clients = new PathClients(wire.service);
const client = clients.clientFor('noop');

type Figures = Record<'first' | 'lastData' | 'exitEvent' | 'end' | 'tail', number>;
const samples = new Map<string, Figures[]>(positionals.map((dir) => [dir, []]));
try {
  for (let round = 0; round <= runs; round++) {
    for (const { dir, runner } of runners) {
      const [probeOut, cpuOut] = [path.join(scratch, 'probe.json'), path.join(scratch, 'cpu.txt')];
      const run = await runner.runAction({
        inputs: { client_id: client.id, client_secret: client.secret, auth_url: wire.url },
        files: { [SPEC_PATH]: specFile() },
        env: { ...wire.clientEnv(false), NODE_OPTIONS: `--import=${probe}`, PROBE_OUT: probeOut, CPU_OUT: cpuOut },
      });
      if (run.exitCode !== 0) throw new Error(`${dir}: exit ${run.exitCode}\n${run.stdout}${run.stderr}`);
      const seen = JSON.parse(await readFile(probeOut, 'utf8')) as Record<
        'first' | 'lastData' | 'exit',
        { cpu: number }
      >;
      const [user, system] = ((await readFile(cpuOut, 'utf8')).trim().split('\n').at(-1) ?? '').split(' ').map(Number);
      // The first round warms the disk cache and the service: not counted.
      if (round > 0)
        samples.get(dir)?.push({
          first: seen.first.cpu,
          lastData: seen.lastData.cpu,
          exitEvent: seen.exit.cpu,
          end: ((user ?? 0) + (system ?? 0)) * 1000,
          tail: run.spawnedAt + run.ms - wire.link.lastAnswerAt,
        });
    }
  }
} finally {
  await wire.stop();
  await rm(scratch, { recursive: true, force: true });
}

const quartiles = (xs: number[]): string => {
  const sorted = [...xs].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.round(q * (sorted.length - 1))] ?? Number.NaN;
  return `${at(0.5).toFixed(0)} [${at(0.25).toFixed(0)}-${at(0.75).toFixed(0)}]`;
};
console.log(`${runs} rounds, no-op, L = ${wire.latencyMs} ms, direct; medians [quartiles], ms`);
for (const [dir, figures] of samples) {
  console.log(dir);
  for (const [key, label] of [
    ['first', 'CPU at the first connection'],
    ['lastData', 'CPU at the last answer'],
    ['exitEvent', 'CPU at the exit event'],
    ['end', 'CPU to the end (GNU time)'],
    ['tail', 'wall, last answer to the end'],
  ] as const)
    console.log(`  ${label.padEnd(32)} ${quartiles(figures.map((f) => f[key]))}`);
}
