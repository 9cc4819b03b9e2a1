/**
 * The start-up of each action's entry, side by side: the main action (`dist/index.js`) and the
 * rotation (`dist/rotate/index.js`), each run as the runner runs it with no inputs, so that it
 * loads, reads its inputs, refuses the empty ones and exits 1, sending nothing:
 *
 *   node dev/bench/entries.ts [--runs N] [file ...]
 *
 * The entries in turn for N rounds (15 by default); more files (another checkout's bundle, to
 * compare) are run beside them. Prints each one's size and its wall time, spawn to exit: the
 * median and the quartiles, in ms.
 */
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../runner.ts';

const { values, positionals } = parseArgs({
  options: { runs: { type: 'string', default: '15' } },
  allowPositionals: true,
});
const files = [path.join(ROOT, 'dist', 'index.js'), path.join(ROOT, 'dist', 'rotate', 'index.js'), ...positionals];
const times = new Map<string, number[]>(files.map((file) => [file, []]));
for (let round = 0; round < Number(values.runs); round++)
  for (const file of files) {
    const started = process.hrtime.bigint();
    const run = spawnSync(process.execPath, [file], { env: { PATH: process.env.PATH, GITHUB_REPOSITORY: 'o/r' } });
    if (run.status !== 1) throw new Error(`${file} exited ${String(run.status)}, not 1 (its inputs refused)`);
    times.get(file)?.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
const at = (sorted: readonly number[], share: number): string =>
  (sorted[Math.floor((sorted.length - 1) * share)] ?? 0).toFixed(0);
for (const [file, spent] of times) {
  const sorted = [...spent].sort((a, b) => a - b);
  const size = (statSync(file).size / 1e6).toFixed(2);
  console.log(
    `${path.relative(ROOT, file)} (${size} MB): ${at(sorted, 0.5)} ms [${at(sorted, 0.25)}-${at(sorted, 0.75)}]`,
  );
}
