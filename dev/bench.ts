/**
 * `npm run bench [-- --check] [-- --runs N] [-- --latencies 0,50,200] [-- --contenders a,b] [-- --verbose]`: the
 * action's cost on the wire, side by side with what a team would write instead.
 *
 * The embedded authentication service is reached over TLS (a throw-away CA, trusted as a
 * runner trusts an intercepting proxy's) through a link that delays every chunk by L/2 each
 * way (dev/wire/), so that TCP connects, TLS handshakes, requests and answers each pay a real
 * round trip. Each contender runs as a process, directly and through a local HTTPS proxy, on
 * two paths (no-op: the client has its scope; creating: a fresh client), at each latency: the
 * bundled action as the runner runs it; the floor (bare node:https with keep-alive, the
 * action's own requests and nothing else); and the peers (the procedure by hand with curl and
 * jq, with Python's urllib, with Node's fetch; dev/bench/peers/). The rounds are interleaved,
 * and the order of the contenders turns from round to round, so that a slower moment of the
 * machine weighs on all alike. It prints medians and spreads, the ratios of the action to
 * each contender, what each pays on the wire, the time to first request, and the targets
 * (dev/bench/targets.ts), and the round trips of a spec that lists scopes (dev/bench/rounds.ts); with --check it exits 1 when one is missed or not measured.
 *
 * The modules under dev/bench/ do the work and do nothing on import; only this entry runs.
 */
import { bundleFiles } from './bench/bundle.ts';
import { availableContenders, type ContenderName } from './bench/contenders.ts';
import { PathClients, PATHS } from './bench/paths.ts';
import { printHeader, printReport } from './bench/report.ts';
import { printRounds } from './bench/rounds.ts';
import { parseSettings, UsageError, type Settings } from './bench/settings.ts';
import { Samples } from './bench/statistics.ts';
import { checkTargets } from './bench/targets.ts';
import { entrantKey, entrantsOf, runOnce } from './bench/wire-run.ts';
import { ROOT, spawnNode } from './runner.ts';
import { ServiceOnTheWire } from './wire/service-on-the-wire.ts';

/** A status line on a terminal; nothing when the output goes to a file or a pipe. */
const progress = (text: string): void => {
  if (process.stdout.isTTY) process.stdout.write(`\r${text.padEnd(60)}\r`);
};

/** Bare Node's start-up: spawn to exit of an empty script, spawned as the contenders are. */
const bareStartMs = async (): Promise<number> => (await spawnNode(['-e', ''], { cwd: ROOT, env: {} })).ms;

/** Every contender once per path and latency, their order turned by `turn`; bare Node's start-up once. */
async function round(
  wire: ServiceOnTheWire,
  clients: PathClients,
  contenders: readonly ContenderName[],
  settings: Settings,
  samples: Samples | undefined,
  turn: number,
): Promise<void> {
  const bare = await bareStartMs();
  samples?.recordBareStart(bare);
  const entrants = entrantsOf(contenders);
  const turned = [...entrants.slice(turn % entrants.length), ...entrants.slice(0, turn % entrants.length)];
  for (const latency of settings.latencies) {
    wire.latencyMs = latency;
    for (const pathName of PATHS) {
      for (const entrant of turned) {
        progress(
          `${samples === undefined ? 'warm-up' : `round ${turn + 1}/${settings.runs}`}: L = ${latency} ms, ${pathName}, ${entrantKey(entrant)}`,
        );
        const sample = await runOnce(wire, clients, entrant, pathName);
        if (samples === undefined) continue;
        samples.record(entrant, pathName, latency, sample);
        if (settings.verbose)
          console.log(
            `  ${entrantKey(entrant)}/${pathName}/${latency}: ${sample.wallMs.toFixed(0)} ms, first request ${sample.firstRequestMs.toFixed(0)} ms`,
          );
      }
    }
  }
}

/** Runs the benchmark; the exit code: 1 when --check and a target is missed, 2 for a bad argument. */
export async function main(argv: readonly string[]): Promise<number> {
  const [major] = process.versions.node.split('.').map(Number);
  if ((major ?? 0) < 24) {
    console.error(
      `Node ${process.versions.node} is too old: run this through npm (npm run bench), which uses the Node 24 of the devDependencies.`,
    );
    return 1;
  }
  let settings: Settings;
  try {
    settings = parseSettings(argv, process.env);
  } catch (error) {
    if (!(error instanceof UsageError) && (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') !== true)
      throw error;
    console.error((error as Error).message);
    return 2;
  }

  const { available: runnable, missing } = availableContenders();
  const available = runnable.filter((name) => settings.contenders.includes(name));
  const wire = await ServiceOnTheWire.start();
  const samples = new Samples();
  try {
    printHeader(settings);
    const clients = new PathClients(wire.service);
    // Warm-up, not counted: the file cache, the service's first connections.
    await round(wire, clients, available, { ...settings, latencies: [0] }, undefined, 0);
    for (let turn = 0; turn < settings.runs; turn++) await round(wire, clients, available, settings, samples, turn);
    progress('');
  } finally {
    await wire.stop();
  }

  const checks = checkTargets(samples, settings.latencies);
  printReport({ settings, samples, contenders: available, missing }, await bundleFiles(), checks);
  await printRounds();
  const missed = checks.filter((c) => c.met !== true).length;
  if (settings.check && missed > 0) {
    console.log(`\n${missed} target(s) missed or not measured.`);
    return 1;
  }
  return 0;
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
