/** The benchmark's printout: per path, wall times side by side; what each contender pays on the wire; start-up; the targets. */
import { availableParallelism, cpus, loadavg } from 'node:os';
import type { BundleFile } from './bundle.ts';
import { CONTENDER_LABELS, type ContenderName } from './contenders.ts';
import { PATH_LABELS, PATHS, type PathName } from './paths.ts';
import type { Settings } from './settings.ts';
import { SPEC } from './spec.ts';
import type { Figure, Samples } from './statistics.ts';
import { firstRequestMs, type Check } from './targets.ts';
import { entrantsOf, type Entrant, type Sample } from './wire-run.ts';

export interface Measurements {
  settings: Settings;
  samples: Samples;
  /** The contenders that ran, each directly and through the proxy. */
  contenders: ContenderName[];
  missing: ReadonlyMap<ContenderName, string>;
}

const fmt = (value: number, digits = 0): string => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
const cell = ({ median, min, max }: Figure): string => `${fmt(median)} [${fmt(min)}-${fmt(max)}]`;
const row = (label: string, cells: string[], width = 42, cellWidth = 30): string =>
  label.padEnd(width) + cells.map((c) => c.padEnd(cellWidth)).join('');

export function printHeader(settings: Settings): void {
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  console.log(
    `ensure-provider-scope benchmark, ${new Date().toISOString().slice(0, 10)}: Node ${process.versions.node}, ${availableParallelism()} CPUs ` +
      `(${cpus()[0]?.model.trim() ?? 'unknown'}), load ${load}`,
  );
  console.log(
    `${settings.runs} interleaved rounds; latency on the wire L = ${settings.latencies.join(', ')} ms (round trip), over TLS with a throw-away CA; ` +
      `each contender directly and through a local HTTPS proxy`,
  );
  console.log(`Spec: ${SPEC.dependent_scopes.length} dependent scopes given by string\n`);
}

const entrantLabel = ({ name, viaProxy }: Entrant): string =>
  viaProxy ? '  through the proxy' : CONTENDER_LABELS[name];

function printPath({ settings, samples, contenders }: Measurements, pathName: PathName): void {
  const { latencies } = settings;
  console.log(
    `${PATH_LABELS[pathName]}: wall ms from spawn to exit, median [min-max]; xN: the action's time over this contender's`,
  );
  console.log(
    row(
      '',
      latencies.map((l) => `L = ${l} ms`),
    ),
  );
  for (const entrant of entrantsOf(contenders)) {
    const action: Entrant = { name: 'action', viaProxy: entrant.viaProxy };
    const cells = latencies.map((l) => {
      const own = samples.at(entrant, pathName, l);
      const ratio = entrant.name === 'action' ? '' : ` x${fmt(samples.at(action, pathName, l).median / own.median, 2)}`;
      return `${cell(own)}${ratio}`;
    });
    console.log(row(entrantLabel(entrant), cells));
  }
  console.log();
}

/** What each contender pays on the wire, and its own time around the requests. */
function printWire({ settings, samples, contenders }: Measurements): void {
  const { latencies } = settings;
  console.log(
    'On the wire, per run (medians over every latency): requests, TCP connections, TLS handshakes; ms from spawn to the first',
  );
  console.log('connection, and from the last answer byte to exit');
  const heads = PATHS.map((p) => (p === 'noop' ? 'no-op' : 'creating'));
  console.log(
    row(
      '',
      heads.map((h) => `${h}: req conn TLS | first | after`),
      42,
      40,
    ),
  );
  for (const entrant of entrantsOf(contenders)) {
    const cells = PATHS.map((p) => {
      const f = (pick: (s: Sample) => number): string => fmt(samples.overall(entrant, p, latencies, pick).median);
      return `${f((s) => s.requests).padStart(8)} ${f((s) => s.connections).padStart(4)} ${f((s) => s.handshakes).padStart(3)} | ${f((s) => s.firstRequestMs).padStart(5)} | ${f((s) => s.tailMs).padStart(5)}`;
    });
    console.log(row(entrantLabel(entrant), cells, 42, 40));
  }
  console.log();
}

/** What `auth: token` adds to the action's wall time (the token's round trip), per path, latency and mode. */
function printTokenCost({ settings, samples, contenders }: Measurements): void {
  if (!contenders.includes('action') || !contenders.includes('action-token')) return;
  console.log('auth: token over auth: basic, ms added to the median wall time (in round trips L where L > 0)');
  console.log(
    row(
      '',
      settings.latencies.map((l) => `L = ${l} ms`),
    ),
  );
  for (const pathName of PATHS) {
    for (const viaProxy of [false, true]) {
      const cells = settings.latencies.map((l) => {
        const added =
          samples.at({ name: 'action-token', viaProxy }, pathName, l).median -
          samples.at({ name: 'action', viaProxy }, pathName, l).median;
        return `+${fmt(added)}${l > 0 ? ` (${fmt(added / l, 1)} L)` : ''}`;
      });
      console.log(
        row(`${pathName === 'noop' ? 'no-op' : 'creating'}, ${viaProxy ? 'through the proxy' : 'direct'}`, cells),
      );
    }
  }
  console.log();
}

export function printReport(measurements: Measurements, bundle: readonly BundleFile[], checks: readonly Check[]): void {
  const { settings, samples, missing } = measurements;
  for (const pathName of PATHS) printPath(measurements, pathName);
  printTokenCost(measurements);
  printWire(measurements);
  for (const [name, why] of missing) console.log(`Not run: ${CONTENDER_LABELS[name]} (${why}).`);

  const action = firstRequestMs(samples, 'action', settings.latencies);
  const bare = firstRequestMs(samples, 'floor', settings.latencies);
  const start = samples.bareStart();
  console.log(
    `First connection after spawn (direct runs, median): the action ${fmt(action)} ms, the floor (floor.mjs) ${fmt(bare)} ms`,
  );
  console.log(
    `Bare Node's start-up (spawn to exit of an empty script): ${fmt(start.median)} [${fmt(start.min)}-${fmt(start.max)}] ms; the action's first connection ${fmt(action / start.median, 2)}x`,
  );
  const total = bundle.reduce((sum, f) => sum + f.bytes, 0);
  console.log(
    `Bundle: ${fmt(total / 1e6, 2)} MB (${bundle.map((f) => `${f.file} ${fmt(f.bytes / 1e6, 2)}`).join(', ')})\n`,
  );

  console.log('Targets:');
  for (const check of checks) {
    const status = check.met === undefined ? 'NOT MEASURED' : check.met ? 'met' : 'MISSED';
    console.log(`  ${status.padEnd(13)}${check.what}: ${check.value}`);
  }
}
