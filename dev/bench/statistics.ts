/** The samples of the runs, and the medians drawn from them. */
import type { PathName } from './paths.ts';
import type { RequestFigures } from './request-log.ts';

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? Number.NaN) + (sorted[mid] ?? Number.NaN)) / 2;
};

/** One run: its wall time and what the service saw of it. */
export interface Measured extends RequestFigures {
  ms: number;
  rssKb?: number;
}

export type Impl = 'action' | 'baseline';

/** The samples of every run, by implementation, path and latency. */
export class Samples {
  private readonly samples = new Map<string, Measured[]>();

  /** L, the latency of the runs paired with their twins at 0. */
  readonly latencyMs: number;
  /** Sees each sample as it is recorded (--verbose). */
  private readonly onRecord: (key: string, measured: Measured) => void;

  constructor(latencyMs: number, onRecord: (key: string, measured: Measured) => void = () => {}) {
    this.latencyMs = latencyMs;
    this.onRecord = onRecord;
  }

  private static key(impl: Impl, pathName: PathName, latency: number): string {
    return `${impl}/${pathName}/${latency}`;
  }

  record(impl: Impl, pathName: PathName, latency: number, measured: Measured): void {
    this.recordAs(Samples.key(impl, pathName, latency), measured);
  }

  /** A sample of the peak RSS runs. */
  recordRss(pathName: PathName, measured: Measured): void {
    this.recordAs(`rss/${pathName}`, measured);
  }

  private recordAs(key: string, measured: Measured): void {
    this.samples.set(key, [...(this.samples.get(key) ?? []), measured]);
    this.onRecord(key, measured);
  }

  private get(impl: Impl, pathName: PathName, latency: number): Measured[] {
    return this.samples.get(Samples.key(impl, pathName, latency)) ?? [];
  }

  private figure(impl: Impl, pathName: PathName, latency: number, pick: (m: Measured) => number): number {
    return median(this.get(impl, pathName, latency).map(pick));
  }

  wall(impl: Impl, pathName: PathName, latency: number): number {
    return this.figure(impl, pathName, latency, (m) => m.ms);
  }

  /** The median over the runs of (wall time at L - wall time at 0 of the same run) / L. */
  roundTrips(impl: Impl, pathName: PathName): number {
    const atZero = this.get(impl, pathName, 0);
    const atL = this.get(impl, pathName, this.latencyMs);
    return median(atL.map((m, i) => (m.ms - (atZero[i]?.ms ?? Number.NaN)) / this.latencyMs));
  }

  waves(impl: Impl, pathName: PathName): number {
    return this.figure(impl, pathName, this.latencyMs, (m) => m.waves ?? Number.NaN);
  }

  requests(impl: Impl, pathName: PathName): number {
    return this.figure(impl, pathName, 0, (m) => m.requests);
  }

  /** The most requests sent twice in one run of the action on the path, at either latency. */
  duplicates(pathName: PathName): number {
    return Math.max(...[0, this.latencyMs].flatMap((latency) => this.get('action', pathName, latency).map((m) => m.duplicates)));
  }

  rssMb(pathName: PathName): number {
    return median((this.samples.get(`rss/${pathName}`) ?? []).map((m) => m.rssKb ?? Number.NaN)) / 1024;
  }
}
