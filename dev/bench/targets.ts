/**
 * The targets --check holds the action to: ratios measured in the same run, so that the
 * machine's speed cancels out.
 * - Faster than every peer, on both paths, at 50 and 200 ms, directly and through the proxy.
 * - On the no-op path, at least 1.25 times faster than the curl procedure at 50 ms and 1.5 times
 *   at 200 ms; within 1.35 of the floor at 50 ms and 1.15 at 200 ms; directly and through the
 *   proxy.
 * - The command line no slower than the action on either path (its plan on the no-op path, its
 *   apply creating), at 50 and 200 ms (within the noise of a run: 5 %).
 * - Its first connection within 2.5 times bare Node's start-up (spawn to exit of an empty
 *   script, spawned the same way): a connection's time is when it opens, the first packet
 *   towards the service; what follows (the handshake, the request) is the wire's.
 * - After the last answer, at L = 0, no more than 15 ms longer to exit than the floor, on both
 *   paths, directly and through the proxy: what a run does after its answers are in (the
 *   summary, a comment, what a later change adds) stays within that budget.
 */
import { PEERS, type ContenderName } from './contenders.ts';
import { PATHS, type PathName } from './paths.ts';
import { median, type Samples } from './statistics.ts';
import type { Entrant } from './wire-run.ts';

export const TARGETS = {
  peerLatencies: [50, 200],
  /** The curl procedure's no-op over the action's, at least, by latency. */
  curlLead: { 50: 1.25, 200: 1.5 } as Readonly<Record<number, number>>,
  /** The action's no-op over the floor's, at most, by latency. */
  floorRatio: { 50: 1.35, 200: 1.15 } as Readonly<Record<number, number>>,
  /** The action's first connection over bare Node's start-up. */
  firstConnectionOverBareStart: 2.5,
  /** The command line's run over the action's, same path. */
  cliRatio: 1.05,
  /** The latency the tails are compared at, and how much longer the action's may be than the floor's, in ms. */
  tailLatency: 0,
  tailOverFloorMs: 15,
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
const PATH_WORDS: Record<PathName, string> = { noop: 'no-op', create: 'creating' };

/** The median time from spawn to first request of a contender, over its direct runs on both paths at every latency. */
export const firstRequestMs = (samples: Samples, name: ContenderName, latencies: readonly number[]): number =>
  median(
    PATHS.flatMap((p) => latencies.flatMap((l) => samples.of({ name, viaProxy: false }, p, l))).map(
      (s) => s.firstRequestMs,
    ),
  );

/** A ratio's check: not measured when either side did not run (or the latency was not run). */
const ratioCheck = (what: string, ratio: number, holds: (ratio: number) => boolean): Check => ({
  what,
  value: Number.isFinite(ratio) ? `${ratio.toFixed(2)}x` : 'not measured',
  met: Number.isFinite(ratio) ? holds(ratio) : undefined,
});

export function checkTargets(samples: Samples, latencies: readonly number[]): Check[] {
  // NaN for a latency not run, so that its checks say "not measured".
  const wall = (entrant: Entrant, pathName: PathName, latency: number): number =>
    latencies.includes(latency) ? samples.at(entrant, pathName, latency).median : Number.NaN;
  const checks: Check[] = [];

  // Faster than every peer: one check per latency and mode, with the closest peer named.
  for (const latency of TARGETS.peerLatencies) {
    for (const viaProxy of MODES) {
      const ratios = PATHS.flatMap((p) =>
        PEERS.map((peer) => ({
          peer,
          pathName: p,
          ratio: wall({ name: 'action', viaProxy }, p, latency) / wall({ name: peer, viaProxy }, p, latency),
        })),
      );
      const measured = ratios.filter((r) => Number.isFinite(r.ratio));
      const worst = measured.reduce<(typeof measured)[number] | undefined>(
        (a, b) => (a === undefined || b.ratio > a.ratio ? b : a),
        undefined,
      );
      checks.push({
        what: `faster than every peer, both paths, L = ${latency} ms, ${modeLabel(viaProxy)}`,
        value:
          worst === undefined
            ? 'not measured'
            : `closest: ${worst.ratio.toFixed(2)}x of ${worst.peer} (${worst.pathName})`,
        met: measured.length < ratios.length ? undefined : measured.every((r) => r.ratio < 1),
      });
    }
  }

  for (const [latency, lead] of Object.entries(TARGETS.curlLead).map(([l, x]) => [Number(l), x] as const)) {
    for (const viaProxy of MODES) {
      const ratio =
        wall({ name: 'curl', viaProxy }, 'noop', latency) / wall({ name: 'action', viaProxy }, 'noop', latency);
      checks.push(
        ratioCheck(
          `no-op at least ${lead}x faster than the curl procedure, L = ${latency} ms, ${modeLabel(viaProxy)}`,
          ratio,
          (r) => r >= lead,
        ),
      );
    }
  }

  for (const [latency, limit] of Object.entries(TARGETS.floorRatio).map(([l, x]) => [Number(l), x] as const)) {
    for (const viaProxy of MODES) {
      const ratio =
        wall({ name: 'action', viaProxy }, 'noop', latency) / wall({ name: 'floor', viaProxy }, 'noop', latency);
      checks.push(
        ratioCheck(
          `no-op within ${limit}x of the floor, L = ${latency} ms, ${modeLabel(viaProxy)}`,
          ratio,
          (r) => r <= limit,
        ),
      );
    }
  }

  for (const pathName of PATHS) {
    for (const latency of TARGETS.peerLatencies) {
      const ratio =
        wall({ name: 'cli', viaProxy: false }, pathName, latency) /
        wall({ name: 'action', viaProxy: false }, pathName, latency);
      checks.push(
        ratioCheck(
          `the command line no slower than the action, ${PATH_WORDS[pathName]}, L = ${latency} ms, direct`,
          ratio,
          (r) => r <= TARGETS.cliRatio,
        ),
      );
    }
  }

  const overBare = firstRequestMs(samples, 'action', latencies) / samples.bareStart().median;
  checks.push(
    ratioCheck(
      `first connection within ${TARGETS.firstConnectionOverBareStart}x of bare Node's start-up`,
      overBare,
      (r) => r <= TARGETS.firstConnectionOverBareStart,
    ),
  );

  // The tail: from the last answer byte to exit; the action's median over the floor's, in ms.
  for (const pathName of PATHS) {
    for (const viaProxy of MODES) {
      const tail = (name: ContenderName): number =>
        latencies.includes(TARGETS.tailLatency)
          ? samples.at({ name, viaProxy }, pathName, TARGETS.tailLatency, (s) => s.tailMs).median
          : Number.NaN;
      const [action, floor] = [tail('action'), tail('floor')];
      const over = action - floor;
      checks.push({
        what: `after the last answer at most ${TARGETS.tailOverFloorMs} ms longer than the floor, ${PATH_WORDS[pathName]}, L = ${TARGETS.tailLatency} ms, ${modeLabel(viaProxy)}`,
        value: Number.isFinite(over)
          ? `${over >= 0 ? '+' : ''}${over.toFixed(0)} ms (the action ${action.toFixed(0)} ms, the floor ${floor.toFixed(0)} ms)`
          : 'not measured',
        met: Number.isFinite(over) ? over <= TARGETS.tailOverFloorMs : undefined,
      });
    }
  }
  return checks;
}
