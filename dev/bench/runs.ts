/**
 * The runs: a warm-up, then the timed runs interleaved, each run at latency L right after its
 * twin at latency 0, then the peak RSS runs and the import times.
 */
import { ActionRuns } from './action-runs.ts';
import { runTheBaseline } from './baseline.ts';
import { measureImportTimes } from './import-times.ts';
import { bareNode } from './node-process.ts';
import { CORE_PATHS, PathClients, type PathName } from './paths.ts';
import { measurePeakRss } from './peak-rss.ts';
import type { Measurements } from './report.ts';
import type { BenchService } from './service.ts';
import type { Settings } from './settings.ts';
import { median, Samples } from './statistics.ts';
import { serviceHasPut } from './update-path.ts';

/** A status line on a terminal; nothing when the output goes to a file or a pipe. */
const progress = (text: string): void => {
  if (process.stdout.isTTY) process.stdout.write(`\r${text.padEnd(40)}\r`);
};

export async function measure(settings: Settings, service: BenchService): Promise<Measurements> {
  const { runs, latencyMs } = settings;
  const samples = new Samples(latencyMs, (key, measured) => {
    if (settings.verbose) {
      console.log(`  ${key}: ${measured.ms.toFixed(1)} ms, ${measured.requests} requests${measured.rssKb === undefined ? '' : `, ${measured.rssKb} KB`}`);
    }
  });
  const clients = new PathClients(service);
  const action = new ActionRuns(service, clients, latencyMs);
  service.latencyMs = 0;
  const updateMeasured = await serviceHasPut(service, clients);
  const actionPaths: PathName[] = [...CORE_PATHS, ...(updateMeasured ? (['update'] as const) : [])];

  // Warm-up, not counted: the file cache, the service's first connections.
  for (const pathName of actionPaths) {
    await action.run(pathName);
    if (pathName !== 'update') await runTheBaseline(service, clients, pathName, latencyMs);
  }
  await bareNode();

  // Interleaved, so that a slower moment of the machine weighs on every figure alike.
  const bareMs: number[] = [];
  for (let run = 1; run <= runs; run++) {
    progress(`run ${run}/${runs}`);
    bareMs.push((await bareNode()).ms);
    // Each run at latency L right after its twin at latency 0: round trips come from the pair.
    for (const pathName of actionPaths) {
      for (const latency of [0, latencyMs]) {
        service.latencyMs = latency;
        samples.record('action', pathName, latency, await action.run(pathName));
        if (pathName !== 'update') samples.record('baseline', pathName, latency, await runTheBaseline(service, clients, pathName, latencyMs));
      }
    }
  }

  progress('peak RSS');
  const bareRssKb = await measurePeakRss(service, action, CORE_PATHS, runs, samples);
  progress('import times');
  const importMs = await measureImportTimes(runs);
  progress('');
  return { runs, samples, bareMs: median(bareMs), bareRssKb, importMs, updateMeasured };
}
