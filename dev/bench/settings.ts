/**
 * The benchmark's settings, from its arguments and environment: `--check`, `--runs N` (or
 * BENCH_RUNS), `--latencies 0,50,200` (or BENCH_LATENCIES, round trips in ms), `--verbose`.
 */
import { parseArgs } from 'node:util';
import { CONTENDER_NAMES, type ContenderName } from './contenders.ts';

export interface Settings {
  /** Exit 1 when a target is missed. */
  check: boolean;
  /** Rounds: each runs every contender once per path and latency. */
  runs: number;
  /** The round-trip times L injected on the wire, in ms. */
  latencies: number[];
  /** The contenders to run (all by default): to look at a few of them closely. */
  contenders: ContenderName[];
  /** One line per sample. */
  verbose: boolean;
}

/** An argument out of range: the entry prints it and exits 2. */
export class UsageError extends Error {}

function boundedInt(name: string, raw: string, min: number, max: number): number {
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(value) || value < min || value > max)
    throw new UsageError(`${name} must be an integer from ${min} to ${max}, not "${raw}"`);
  return value;
}

export function parseSettings(argv: readonly string[], env: NodeJS.ProcessEnv): Settings {
  const { values: args } = parseArgs({
    args: [...argv],
    options: {
      check: { type: 'boolean', default: false },
      runs: { type: 'string' },
      latencies: { type: 'string' },
      contenders: { type: 'string' },
      verbose: { type: 'boolean', default: false },
    },
  });
  const runs = args.runs ?? env.BENCH_RUNS ?? '5';
  const latencies = args.latencies ?? env.BENCH_LATENCIES ?? '0,50,200';
  return {
    check: args.check,
    runs: boundedInt('--runs / BENCH_RUNS', runs, 1, 50),
    latencies: [
      ...new Set(latencies.split(',').map((l) => boundedInt('each of --latencies / BENCH_LATENCIES', l, 0, 2000))),
    ].sort((a, b) => a - b),
    contenders: parseContenders(args.contenders ?? env.BENCH_CONTENDERS),
    verbose: args.verbose,
  };
}

function parseContenders(raw: string | undefined): ContenderName[] {
  if (raw === undefined || raw.trim() === '') return [...CONTENDER_NAMES];
  const names = raw.split(',').map((n) => n.trim());
  const unknown = names.filter((n) => !(CONTENDER_NAMES as readonly string[]).includes(n));
  if (unknown.length > 0)
    throw new UsageError(
      `--contenders / BENCH_CONTENDERS: unknown ${unknown.join(', ')}; the contenders are ${CONTENDER_NAMES.join(', ')}`,
    );
  return CONTENDER_NAMES.filter((n) => names.includes(n));
}
