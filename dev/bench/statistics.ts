/** The samples of the runs, and the medians and spreads drawn from them. */
import type { PathName } from './paths.ts';
import { entrantKey, type Entrant, type Sample } from './wire-run.ts';

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? Number.NaN)
    : ((sorted[mid - 1] ?? Number.NaN) + (sorted[mid] ?? Number.NaN)) / 2;
};

export interface Figure {
  median: number;
  min: number;
  max: number;
}

const figure = (values: readonly number[]): Figure => ({
  median: median(values),
  min: Math.min(...values),
  max: Math.max(...values),
});

export class Samples {
  private readonly samples = new Map<string, Sample[]>();
  private readonly bareStarts: number[] = [];

  /** Bare Node's start-up, spawn to exit of an empty script, once a round. */
  recordBareStart(ms: number): void {
    this.bareStarts.push(ms);
  }

  bareStart(): Figure {
    return figure(this.bareStarts);
  }

  private static key(entrant: Entrant, pathName: PathName, latencyMs: number): string {
    return `${entrantKey(entrant)}/${pathName}/${latencyMs}`;
  }

  record(entrant: Entrant, pathName: PathName, latencyMs: number, sample: Sample): void {
    const key = Samples.key(entrant, pathName, latencyMs);
    this.samples.set(key, [...(this.samples.get(key) ?? []), sample]);
  }

  /** Empty when the entrant did not run. */
  of(entrant: Entrant, pathName: PathName, latencyMs: number): Sample[] {
    return this.samples.get(Samples.key(entrant, pathName, latencyMs)) ?? [];
  }

  /** A figure over the runs at one latency. */
  at(entrant: Entrant, pathName: PathName, latencyMs: number, pick: (s: Sample) => number = (s) => s.wallMs): Figure {
    return figure(this.of(entrant, pathName, latencyMs).map(pick));
  }

  /** A figure over the runs at every latency: for what latency does not change (requests, start-up). */
  overall(entrant: Entrant, pathName: PathName, latencies: readonly number[], pick: (s: Sample) => number): Figure {
    return figure(latencies.flatMap((l) => this.of(entrant, pathName, l)).map(pick));
  }
}
