/**
 * `npm run bench [-- --check] [-- --runs N --latency MS]`: the benchmark of the action's cost.
 *
 * Starts the embedded authentication service on 127.0.0.1 and runs the bundled action
 * (dist/index.js, as the runner does) on two paths, a client that already has its scope (no-op)
 * and a fresh one (creating), with a spec that has two dependent scopes given by string, at
 * latency 0 and at latency L per answer, several runs each. Side by side, on the same service,
 * a baseline that follows the system spec's procedure literally, as a script with curl would:
 * sequential calls, one lookup per dependent scope. A third path, update (the client's scope
 * differs from the spec in its description, and the action runs with on_drift: update), is
 * measured the same way when the service answers the PUT, and said not measured when it does not.
 * It prints medians and marks each target of issue 6 met or missed; with --check it exits 1 when
 * one is missed. Start-up overhead and bundle size are printed, not checked.
 *
 * Round trips on the critical path = (wall time at L - wall time at 0) / L, the median over runs
 * that pair each run at L with its twin at 0 just before it; as a cross-check, the service's log
 * gives the same figure free of the machine's noise (the waves of requests at latency L).
 * Start-up overhead = median wall time of a no-op run at latency 0 - median of `node -e 0`, both
 * spawned with process.execPath and piped output. Peak RSS is `process.resourceUsage().maxRSS` of the child, written at exit by a preload
 * (`NODE_OPTIONS=--import`) in separate runs, so that the timed runs carry no preload.
 *
 * The modules under dev/bench/ do the work and do nothing on import; only this entry runs.
 */
import { bundleFiles } from './bench/bundle.ts';
import { printHeader, printReport } from './bench/report.ts';
import { measure } from './bench/runs.ts';
import { BenchService } from './bench/service.ts';
import { parseSettings, UsageError, type Settings } from './bench/settings.ts';
import { checkTargets } from './bench/targets.ts';

/** Runs the benchmark; the exit code: 1 when --check and a target is missed, 2 for a bad argument. */
export async function main(argv: readonly string[]): Promise<number> {
  const [major] = process.versions.node.split('.').map(Number);
  if ((major ?? 0) < 24) {
    console.error(`Node ${process.versions.node} is too old: run this through npm (npm run bench), which uses the Node 24 of the devDependencies.`);
    return 1;
  }
  let settings: Settings;
  try {
    settings = parseSettings(argv, process.env);
  } catch (error) {
    if (!(error instanceof UsageError) && (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') !== true) throw error;
    console.error((error as Error).message);
    return 2;
  }

  const service = await BenchService.start();
  let measurements;
  try {
    printHeader(settings, service.url);
    measurements = await measure(settings, service);
  } finally {
    await service.stop();
  }

  const checks = checkTargets(measurements.samples);
  printReport(measurements, await bundleFiles(), checks);
  const missed = checks.filter((c) => !c.met).length;
  if (settings.check && missed > 0) {
    console.log(`\n${missed} target(s) missed.`);
    return 1;
  }
  return 0;
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
