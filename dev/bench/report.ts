/** The benchmark's printout: the table of figures, start-up, bundle, import times, the targets. */
import { availableParallelism, loadavg } from 'node:os';
import type { BundleFile } from './bundle.ts';
import { CORE_PATHS, PATH_LABELS, type CorePathName, type PathName } from './paths.ts';
import type { Settings } from './settings.ts';
import { SPEC } from './spec.ts';
import type { Samples } from './statistics.ts';
import { REPORTED_ONLY, type Check } from './targets.ts';
import { UPDATE_NOT_MEASURED } from './update-path.ts';

/** Everything the runs measured. */
export interface Measurements {
  /** Runs per figure. */
  runs: number;
  samples: Samples;
  /** Median wall time of `node -e 0`, ms. */
  bareMs: number;
  /** Median peak RSS of `node -e 0`, KB. */
  bareRssKb: number;
  /** Median import time of each dependency, ms (NaN: could not be imported on its own). */
  importMs: Map<string, number>;
  /** Whether the update path was measured (the service answers the PUT). */
  updateMeasured: boolean;
}

const fmt = (value: number, digits = 0): string => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
const ratio = (a: number, b: number): string => `${fmt(a / b, 2)}x`;
const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

export function printHeader(settings: Settings, authUrl: string): void {
  console.log(
    `ensure-provider-scope benchmark: Node ${process.versions.node} (${process.execPath}), ${availableParallelism()} CPUs, load ${load()}; ` +
      `${settings.runs} runs per figure, L = ${settings.latencyMs} ms, service on ${authUrl}`,
  );
  console.log(`Spec: ${SPEC.dependent_scopes.length} dependent scopes given by string (${SPEC.dependent_scopes.map((d) => d.scope).join(', ')})\n`);
}

/** The no-op and creating paths side by side, action and baseline. */
function printTable({ samples, bareMs }: Measurements): void {
  const L = samples.latencyMs;
  const both = (f: (pathName: CorePathName) => string): [string, string] => [f('noop'), f('create')];
  const rows: Array<[string, string, string]> = [
    ['', PATH_LABELS.noop, PATH_LABELS.create],
    ['round trips on the critical path, action', ...both((p) => fmt(samples.roundTrips('action', p), 2))],
    ['  as the service saw them (waves of requests)', ...both((p) => fmt(samples.waves('action', p)))],
    ['round trips on the critical path, baseline', ...both((p) => fmt(samples.roundTrips('baseline', p), 2))],
    ['  as the service saw them (waves of requests)', ...both((p) => fmt(samples.waves('baseline', p)))],
    ['  gain in round trips (baseline / action)', ...both((p) => ratio(samples.roundTrips('baseline', p), samples.roundTrips('action', p)))],
    ['requests per run, action', ...both((p) => fmt(samples.requests('action', p)))],
    ['requests per run, baseline', ...both((p) => fmt(samples.requests('baseline', p)))],
    ['requests sent twice in a run, action (max)', ...both((p) => fmt(samples.duplicates(p)))],
    ['wall ms at latency 0, action (a process)', ...both((p) => fmt(samples.wall('action', p, 0)))],
    [`wall ms at latency ${L}, action (a process)`, ...both((p) => fmt(samples.wall('action', p, L)))],
    ['wall ms at latency 0, baseline (in-process)', ...both((p) => fmt(samples.wall('baseline', p, 0), 1))],
    [`wall ms at latency ${L}, baseline (in-process)`, ...both((p) => fmt(samples.wall('baseline', p, L)))],
    [`  as a script: + bare node's ${fmt(bareMs)} ms`, ...both((p) => fmt(samples.wall('baseline', p, L) + bareMs))],
    [
      `  gain in wall time at ${L} ms (baseline script / action)`,
      ...both((p) => ratio(samples.wall('baseline', p, L) + bareMs, samples.wall('action', p, L))),
    ],
    ['peak RSS MB, action (latency 0)', ...both((p) => fmt(samples.rssMb(p), 1))],
  ];
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((row) => (row[i] ?? '').length)));
  for (const [label, noop, create] of rows) {
    console.log(`${label.padEnd(widths[0] ?? 0)}  ${noop.padStart(widths[1] ?? 0)}  ${create.padStart(widths[2] ?? 0)}`);
  }
}

/** The update path (on_drift: update), action only: the baseline's procedure has no update. */
function printUpdatePath({ samples, updateMeasured }: Measurements): void {
  if (!updateMeasured) {
    console.log(`\n${UPDATE_NOT_MEASURED}`);
    return;
  }
  console.log(
    `\nupdate path (the scope's description differs, on_drift: update), action: ` +
      `round trips on the critical path ${fmt(samples.roundTrips('action', 'update'), 2)} ` +
      `(as the service saw them: ${fmt(samples.waves('action', 'update'))}), ` +
      `requests per run ${fmt(samples.requests('action', 'update'))}, ` +
      `sent twice (max) ${fmt(samples.duplicates('update'))}; ` +
      `wall ms at latency 0 / ${samples.latencyMs}: ${fmt(samples.wall('action', 'update', 0))} / ${fmt(samples.wall('action', 'update', samples.latencyMs))}`,
  );
}

/** Start-up overhead, peak RSS of bare node, bundle size and import times: reported, never checked. */
function printCosts({ runs, samples, bareMs, bareRssKb, importMs }: Measurements, files: readonly BundleFile[]): void {
  const noopMs = samples.wall('action', 'noop', 0);
  const startupOverhead = noopMs - bareMs;
  const bundleBytes = files.reduce((sum, f) => sum + f.bytes, 0);
  console.log(
    `\nStart-up: node dist/index.js, no-op at latency 0, ${fmt(noopMs)} ms - node -e 0 ${fmt(bareMs)} ms = ` +
      `${fmt(startupOverhead)} ms (the action's figure includes dev/runner.ts preparing the runner's files, about 10 ms)`,
  );
  console.log(`Peak RSS of node -e 0, measured the same way: ${fmt(bareRssKb / 1024, 1)} MB`);
  console.log(`Bundle: dist/ ${bundleBytes.toLocaleString('en')} bytes (${files.map((f) => `${f.file} ${f.bytes.toLocaleString('en')}`).join(', ')})`);
  console.log(
    `Start-up overhead (${fmt(startupOverhead)} ms) and bundle size (${bundleBytes.toLocaleString('en')} bytes) are reported, not checked: ` +
      `they are over their old targets (${REPORTED_ONLY.startupOverheadMs} ms, ${REPORTED_ONLY.bundleBytes.toLocaleString('en')} bytes), ` +
      "for the reasons CONTRIBUTING.md's Performance section gives.",
  );
  console.log(
    `\nImport time of each dependency, unbundled from node_modules, median of ${runs} fresh processes (they overlap: shared modules load once):`,
  );
  for (const [dep, ms] of importMs) console.log(`  ${dep.padEnd(20)} ${Number.isFinite(ms) ? `${fmt(ms)} ms` : 'could not be imported on its own'}`);
}

function printTargets(checks: readonly Check[]): void {
  console.log('\nTargets (issue 6), checked by --check:');
  for (const { what, value, digits, met } of checks) console.log(`  ${met ? 'met   ' : 'MISSED'}  ${what.padEnd(48)} ${fmt(value, digits)}`);
}

/** Wall times carry the machine's noise; the waves of requests do not. */
function printNoise({ samples, updateMeasured }: Measurements): void {
  const paths: PathName[] = [...CORE_PATHS, ...(updateMeasured ? (['update'] as const) : [])];
  const noisy = paths.filter((p) => Math.abs(samples.roundTrips('action', p) - samples.waves('action', p)) > 0.5);
  if (noisy.length > 0) {
    console.log(
      `\nWarning: round trips from wall times and from the service's log disagree (${noisy.join(', ')}): the machine was busy ` +
        `(load ${load()} at the end). Run again on a quiet machine, or with more runs (--runs) or a larger latency (--latency).`,
    );
  }
}

export function printReport(measurements: Measurements, files: readonly BundleFile[], checks: readonly Check[]): void {
  printTable(measurements);
  printUpdatePath(measurements);
  printCosts(measurements, files);
  printTargets(checks);
  printNoise(measurements);
}
