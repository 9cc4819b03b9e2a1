import { DEFAULT_RETRY_POLICY, systemClock, type Clock, type Pacing, type RetryPolicy } from './retry.ts';

/** How many request limits the whole run may take: reads, creation, verification, provider check. */
const REQUEST_LIMITS_PER_RUN = 3;

/**
 * The run's time budget, built once from `timeout_seconds` and handed to every layer that
 * waits: the limit of one request, the run's deadline, the clock, the retry policy, and the
 * run's signal. The signal is the one way a run stops: when it aborts (the first failure, the
 * end of the run, a fatal error), every request and pause still pending ends, and every
 * connection the HTTP layer opened is closed.
 */
export interface Budget extends Pacing {
  requestTimeoutMs: number;
  startedAt: number;
  signal: AbortSignal;
}

export function createBudget(
  timeoutSeconds: number,
  {
    clock = systemClock,
    policy = DEFAULT_RETRY_POLICY,
    signal = new AbortController().signal,
  }: { clock?: Clock | undefined; policy?: RetryPolicy; signal?: AbortSignal | undefined } = {},
): Budget {
  const requestTimeoutMs = timeoutSeconds * 1000;
  const startedAt = clock.now();
  return {
    requestTimeoutMs,
    startedAt,
    deadline: startedAt + REQUEST_LIMITS_PER_RUN * requestTimeoutMs,
    clock,
    policy,
    signal,
  };
}

/** The limit of a request sent now: its own, cut short by the run's deadline. */
export const requestLimitMs = ({ requestTimeoutMs, deadline, clock }: Budget): number =>
  Math.max(1, Math.min(requestTimeoutMs, deadline - clock.now()));
