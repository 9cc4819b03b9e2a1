/**
 * The targets --check holds the action to: ratios measured in the same run, so that the
 * machine's speed cancels out.
 * - Faster than every peer, on both paths, at 50 and 200 ms, directly and through the proxy.
 * - On the no-op path at 200 ms, within 1.25 of the floor, directly and through the proxy.
 * - The command line's no-op plan no slower than the action's no-op, at 50 and 200 ms (within
 *   the noise of a run: 5 %).
 * - Its first connection within 2.5 times bare Node's start-up (spawn to exit of an empty
 *   script, spawned the same way): a connection's time is when it opens, the first packet
 *   towards the service; what follows (the handshake, the request) is the wire's.
 */
import { PEERS, type ContenderName } from './contenders.ts';
import { PATHS, type PathName } from './paths.ts';
import { median, type Samples } from './statistics.ts';
import type { Entrant } from './wire-run.ts';

export const TARGETS = {
  peerLatencies: [50, 200],
  /** The action's wall time over the floor's, no-op path, at this latency. */
  floorLatency: 200,
  floorRatio: 1.25,
  /** The action's first connection over bare Node's start-up. */
  firstConnectionOverBareStart: 2.5,
  /** The command line's no-op plan over the action's no-op. */
  cliRatio: 1.05,
};

export interface Check {
  what: string;
  /** The measured value, as printed. */
  value: string;
  /** Undefined: not measured in this run (a latency not run, a peer not available). */
  met: boolean | undefined;
}

const MODES = [false, true] as const;
const modeLabel = (viaProxy: boolean): string => (viaProxy ? 'via proxy' : 'direct');

/** The median time from spawn to first request of a contender, over its direct runs on both paths at every latency. */
export const firstRequestMs = (samples: Samples, name: ContenderName, latencies: readonly number[]): number =>
  median(PATHS.flatMap((p) => latencies.flatMap((l) => samples.of({ name, viaProxy: false }, p, l))).map((s) => s.firstRequestMs));

export function checkTargets(samples: Samples, latencies: readonly number[]): Check[] {
  const wall = (entrant: Entrant, pathName: PathName, latency: number): number => samples.at(entrant, pathName, latency).median;
  const checks: Check[] = [];

  // Faster than every peer: one check per latency and mode, with the closest peer named.
  for (const latency of TARGETS.peerLatencies) {
    for (const viaProxy of MODES) {
      const ratios = PATHS.flatMap((p) =>
        PEERS.map((peer) => ({ peer, pathName: p, ratio: wall({ name: 'action', viaProxy }, p, latency) / wall({ name: peer, viaProxy }, p, latency) })),
      );
      const measured = ratios.filter((r) => Number.isFinite(r.ratio));
      const worst = measured.reduce<(typeof measured)[number] | undefined>((a, b) => (a === undefined || b.ratio > a.ratio ? b : a), undefined);
      checks.push({
        what: `faster than every peer, both paths, L = ${latency} ms, ${modeLabel(viaProxy)}`,
        value: worst === undefined ? 'not measured' : `closest: ${worst.ratio.toFixed(2)}x of ${worst.peer} (${worst.pathName})`,
        met: measured.length < ratios.length || !latencies.includes(latency) ? undefined : measured.every((r) => r.ratio < 1),
      });
    }
  }

  for (const viaProxy of MODES) {
    const ratio = wall({ name: 'action', viaProxy }, 'noop', TARGETS.floorLatency) / wall({ name: 'floor', viaProxy }, 'noop', TARGETS.floorLatency);
    checks.push({
      what: `no-op at L = ${TARGETS.floorLatency} ms within ${TARGETS.floorRatio}x of the floor, ${modeLabel(viaProxy)}`,
      value: Number.isFinite(ratio) ? `${ratio.toFixed(2)}x` : 'not measured',
      met: Number.isFinite(ratio) ? ratio <= TARGETS.floorRatio : undefined,
    });
  }

  for (const latency of TARGETS.peerLatencies) {
    const ratio = wall({ name: 'cli', viaProxy: false }, 'noop', latency) / wall({ name: 'action', viaProxy: false }, 'noop', latency);
    checks.push({
      what: `the command line's no-op plan no slower than the action's, L = ${latency} ms, direct`,
      value: Number.isFinite(ratio) ? `${ratio.toFixed(2)}x` : 'not measured',
      met: Number.isFinite(ratio) && latencies.includes(latency) ? ratio <= TARGETS.cliRatio : undefined,
    });
  }

  const overBare = firstRequestMs(samples, 'action', latencies) / samples.bareStart().median;
  checks.push({
    what: `first connection within ${TARGETS.firstConnectionOverBareStart}x of bare Node's start-up`,
    value: Number.isFinite(overBare) ? `${overBare.toFixed(2)}x` : 'not measured',
    met: Number.isFinite(overBare) ? overBare <= TARGETS.firstConnectionOverBareStart : undefined,
  });
  return checks;
}
