/**
 * Peak RSS: `process.resourceUsage().maxRSS` (KB) of the child, written at exit by a preload
 * (`NODE_OPTIONS=--import`), in runs of their own at latency 0, so that the timed runs carry no preload.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ActionRuns } from './action-runs.ts';
import { bareNode } from './node-process.ts';
import type { CorePathName } from './paths.ts';
import type { BenchService } from './service.ts';
import { median, type Samples } from './statistics.ts';

/** Records the action's peak RSS on each path into the samples; returns the median of `node -e 0`'s, in KB. */
export async function measurePeakRss(
  service: BenchService,
  action: ActionRuns,
  paths: readonly CorePathName[],
  runs: number,
  samples: Samples,
): Promise<number> {
  service.latencyMs = 0;
  const rssDir = await mkdtemp(path.join(tmpdir(), 'ensure-provider-scope-bench-'));
  try {
    const preload = path.join(rssDir, 'max-rss.mjs');
    await writeFile(
      preload,
      "import { writeFileSync } from 'node:fs';\n" +
        "process.on('exit', () => writeFileSync(process.env.BENCH_RSS_FILE, String(process.resourceUsage().maxRSS)));\n",
    );
    const rssEnv = (file: string): Record<string, string> => ({ NODE_OPTIONS: `--import=${pathToFileURL(preload).href}`, BENCH_RSS_FILE: file });
    const readRss = async (file: string): Promise<number> => Number(await readFile(file, 'utf8'));
    const bareRss: number[] = [];
    for (let run = 1; run <= runs; run++) {
      for (const pathName of paths) {
        const file = path.join(rssDir, `${pathName}-${run}`);
        const measured = await action.run(pathName, rssEnv(file));
        samples.recordRss(pathName, { ...measured, rssKb: await readRss(file) });
      }
      const file = path.join(rssDir, `bare-${run}`);
      await bareNode(rssEnv(file));
      bareRss.push(await readRss(file));
    }
    return median(bareRss);
  } finally {
    await rm(rssDir, { recursive: true, force: true });
  }
}
