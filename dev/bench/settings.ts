/**
 * The benchmark's settings, from its arguments and environment:
 * `--check`, `--runs N` (or BENCH_RUNS), `--latency MS` (or BENCH_LATENCY_MS), `--verbose`.
 */
import { parseArgs } from 'node:util';

export interface Settings {
  /** Exit 1 when a target is missed. */
  check: boolean;
  /** Runs per figure. */
  runs: number;
  /** The latency L injected per answer, in ms. */
  latencyMs: number;
  /** One line per sample. */
  verbose: boolean;
}

/** An argument out of range: the entry prints it and exits 2. */
export class UsageError extends Error {}

function boundedInt(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new UsageError(`${name} must be an integer from ${min} to ${max}, not "${raw}"`);
  return value;
}

export function parseSettings(argv: readonly string[], env: NodeJS.ProcessEnv): Settings {
  const { values: args } = parseArgs({
    args: [...argv],
    options: {
      check: { type: 'boolean', default: false },
      runs: { type: 'string' },
      latency: { type: 'string' },
      verbose: { type: 'boolean', default: false },
    },
  });
  return {
    check: args.check,
    runs: boundedInt('--runs / BENCH_RUNS', args.runs ?? env.BENCH_RUNS, 5, 1, 50),
    latencyMs: boundedInt('--latency / BENCH_LATENCY_MS', args.latency ?? env.BENCH_LATENCY_MS, 200, 20, 5000),
    verbose: args.verbose,
  };
}
