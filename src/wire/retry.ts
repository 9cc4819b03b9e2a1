/** Time as the retries see it: injected, so that tests run in milliseconds. */
export interface Clock {
  now(): number;
  /** Resolves after `ms`, or rejects at once when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** A number in [0, 1), for the jitter. */
  random(): number;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason as Error);
      const timer = setTimeout(resolve, ms);
      // A signal aborts once: the listener needs no `once`.
      signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason as Error)));
    }),
  random: () => Math.random(),
};

export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  /** The backoff before try n+1 is drawn from [0, min(maxDelayMs, baseDelayMs * 2^n)). */
  baseDelayMs: number;
  /** The longest single sleep, also for a Retry-After the service asks for. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { attempts: 5, baseDelayMs: 300, maxDelayMs: 10_000 };

/** What a series of tries runs under: a policy, a clock and a deadline (see budget.ts). */
export interface Pacing {
  policy: RetryPolicy;
  clock: Clock;
  deadline: number;
  /** Aborted when the run has failed: a pause in progress ends at once. */
  signal?: AbortSignal | undefined;
}

/** A wait as a person reads it: a service may ask for absurd ones. */
const describeWait = (ms: number): string => (ms > 3_600_000 ? 'more than an hour' : `${Math.ceil(ms / 1000)} s`);

/** A pause about to be taken, as a person reads it: milliseconds under a second (never "0.0 s"), else tenths of seconds. */
export const formatPause = (ms: number): string =>
  ms < 1000 ? `${Math.max(1, Math.round(ms))} ms` : `${(ms / 1000).toFixed(1)} s`;

/** After a failed try: wait this long and try again, or give up for this reason. */
export type Pause = { waitMs: number } | { giveUp: string };

/**
 * What to do after try number `tried` failed: the one place where the backoff, a Retry-After,
 * the number of tries and the deadline are weighed.
 */
export function nextPause(
  { policy, clock, deadline }: Pacing,
  tried: number,
  retryAfterMs?: number,
  attempts = policy.attempts,
): Pause {
  if (tried >= attempts) return { giveUp: `gave up after ${tried} attempts` };
  if (retryAfterMs !== undefined && retryAfterMs > policy.maxDelayMs) {
    return { giveUp: `the service asked to wait ${describeWait(retryAfterMs)}, longer than this run waits` };
  }
  const waitMs = retryAfterMs ?? clock.random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (tried - 1));
  if (clock.now() + waitMs >= deadline)
    return { giveUp: `gave up after ${tried} attempts: the run's deadline is near` };
  return { waitMs };
}

/** What a failed try says about trying again. */
export interface RetryAdvice {
  retryable: boolean;
  /** The wait the service asked for (Retry-After), if it did. */
  retryAfterMs?: number | undefined;
}

/**
 * Runs `attempt` until it succeeds, its error is not retryable, or nextPause gives up; then
 * the last error is thrown, as `giveUp` words it with the reason.
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  advise: (error: unknown) => RetryAdvice,
  pacing: Pacing,
  giveUp: (error: unknown, reason: string) => unknown = (error) => error,
  onRetry: (error: unknown, tried: number, waitMs: number) => void = () => {},
): Promise<T> {
  for (let tried = 1; ; tried++) {
    try {
      return await attempt();
    } catch (error) {
      const advice = advise(error);
      if (!advice.retryable) throw error;
      const pause = nextPause(pacing, tried, advice.retryAfterMs);
      if ('giveUp' in pause) throw giveUp(error, pause.giveUp);
      onRetry(error, tried, pause.waitMs);
      await pacing.clock.sleep(pause.waitMs, pacing.signal);
    }
  }
}

/** Milliseconds to wait from a Retry-After header: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
