/** Time as the retries see it: injected, so that tests run in milliseconds. */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
  /** A number in [0, 1), for the jitter. */
  random(): number;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
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

/** The policy, the clock and the step's deadline that a series of tries runs under. */
export interface RetryContext {
  policy: RetryPolicy;
  clock: Clock;
  deadline: number;
}

/** What a failed try says about trying again. */
export interface RetryAdvice {
  retryable: boolean;
  /** The wait the service asked for (Retry-After), if it did. */
  retryAfterMs?: number | undefined;
}

/**
 * Runs `attempt` until it succeeds, its error is not retryable, the tries are used up, or the
 * next sleep would pass the deadline; then the last error is thrown, with how far it got.
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  advise: (error: unknown) => RetryAdvice,
  { policy, clock, deadline }: RetryContext,
  giveUp: (error: unknown, reason: string) => unknown = (error) => error,
): Promise<T> {
  for (let tried = 1; ; tried++) {
    try {
      return await attempt();
    } catch (error) {
      const advice = advise(error);
      if (!advice.retryable) throw error;
      if (tried >= policy.attempts) throw giveUp(error, `gave up after ${tried} attempts`);
      if (advice.retryAfterMs !== undefined && advice.retryAfterMs > policy.maxDelayMs) {
        throw giveUp(error, `the service asked to wait ${Math.ceil(advice.retryAfterMs / 1000)} s, longer than this step waits`);
      }
      const backoff = clock.random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (tried - 1));
      const delay = advice.retryAfterMs ?? backoff;
      if (clock.now() + delay >= deadline) throw giveUp(error, `gave up after ${tried} attempts: the step's deadline is near`);
      await clock.sleep(delay);
    }
  }
}

/** Milliseconds to wait from a Retry-After header: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
