/** What the service's log says of one run: its requests, its round trips, and the requests sent twice. */
import type { LoggedRequest } from './service.ts';

export interface RequestFigures {
  requests: number;
  duplicates: number;
  /** Round trips as the service saw them (only with latency). */
  waves?: number;
}

/**
 * The requests of one run, and how many were sent twice. A read repeated after a write is a
 * new question (the creation's verification), not a request sent twice.
 */
export function analyseRequests(seen: readonly LoggedRequest[], latencyMs: number): RequestFigures {
  // With latency, requests sent together arrive together and the next ones an answer later:
  // the number of such waves is the run's round trips as the service saw them.
  const arrivals = seen.map((r) => r.at).sort((a, b) => a - b);
  const waves = latencyMs === 0 ? undefined : arrivals.filter((at, i) => i === 0 || at - (arrivals[i - 1] ?? at) >= latencyMs / 2).length;
  let duplicates = 0;
  let sinceWrite = new Set<string>();
  for (const r of seen) {
    const key = JSON.stringify([r.method, r.path, r.query, r.body]);
    if (sinceWrite.has(key)) duplicates++;
    sinceWrite = r.method === 'GET' ? sinceWrite.add(key) : new Set([key]);
  }
  return { requests: seen.length, duplicates, ...(waves === undefined ? {} : { waves }) };
}
