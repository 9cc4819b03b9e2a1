import { DEFAULT_RETRY_POLICY, systemClock, type Clock, type Pacing, type RetryPolicy } from './retry.ts';

/** How many request limits the whole step may take: reads, creation, verification, provider check. */
const REQUEST_LIMITS_PER_STEP = 3;

/**
 * The step's time budget, built once from `timeout_seconds` and handed to every layer that
 * waits: the limit of one request, the deadline of the step, the clock and the retry policy.
 */
export interface Budget extends Pacing {
  requestTimeoutMs: number;
  startedAt: number;
  signal: AbortSignal;
  /** The step has failed: every request and pause still pending under this budget ends now. */
  cancel(): void;
}

export function createBudget(
  timeoutSeconds: number,
  { clock = systemClock, policy = DEFAULT_RETRY_POLICY, halt }: { clock?: Clock | undefined; policy?: RetryPolicy; halt?: AbortSignal | undefined } = {},
): Budget {
  const requestTimeoutMs = timeoutSeconds * 1000;
  const startedAt = clock.now();
  const controller = new AbortController();
  return {
    requestTimeoutMs,
    startedAt,
    deadline: startedAt + REQUEST_LIMITS_PER_STEP * requestTimeoutMs,
    clock,
    policy,
    // `halt`: from outside the step (a fatal error), with the same effect as cancel().
    signal: halt === undefined ? controller.signal : AbortSignal.any([controller.signal, halt]),
    cancel: () => controller.abort(new Error('the step has failed')),
  };
}

/** The limit of a request sent now: its own, cut short by the step's deadline. */
export const requestLimitMs = ({ requestTimeoutMs, deadline, clock }: Budget): number => Math.max(1, Math.min(requestTimeoutMs, deadline - clock.now()));
