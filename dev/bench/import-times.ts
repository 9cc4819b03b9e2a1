/** What each dependency costs to import, unbundled from node_modules, each in a fresh process. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT } from '../runner.ts';
import { minimalEnv, spawnNode } from './node-process.ts';
import { median } from './statistics.ts';

/** The median import time of each dependency of package.json, in ms; NaN for one that cannot be imported on its own. */
export async function measureImportTimes(runs: number): Promise<Map<string, number>> {
  const pkg = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  const importMs = new Map<string, number>();
  for (const dep of Object.keys(pkg.dependencies ?? {})) {
    const times: number[] = [];
    for (let run = 1; run <= runs; run++) {
      const code = `const t = performance.now(); await import(${JSON.stringify(dep)}); console.log(performance.now() - t);`;
      const result = await spawnNode(['--input-type=module', '-e', code], minimalEnv());
      // A package that cannot be imported on its own (no main entry) is reported, not fatal.
      times.push(result.exitCode === 0 ? Number(result.stdout.trim()) : Number.NaN);
    }
    importMs.set(dep, median(times));
  }
  return importMs;
}
