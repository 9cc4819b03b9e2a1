import { describe, expect, test } from '@jest/globals';
import { parseRetryAfter, withRetries, type RetryAdvice, type RetryPolicy } from '../../src/wire/retry.ts';
import { fakeClock } from '../support/clock.ts';

const POLICY: RetryPolicy = { attempts: 4, baseDelayMs: 100, maxDelayMs: 1000 };

/** An attempt that fails `failures` times with the given advice, then returns 'ok'. */
function flaky(failures: number, advice: RetryAdvice = { retryable: true }) {
  let calls = 0;
  const attempt = async (): Promise<string> => {
    calls++;
    if (calls <= failures) throw Object.assign(new Error(`failure ${calls}`), { advice });
    return 'ok';
  };
  return { attempt, calls: () => calls, advise: (error: unknown) => (error as { advice: RetryAdvice }).advice };
}

const giveUp = (error: unknown, reason: string): Error => new Error(`${(error as Error).message} (${reason})`);

describe('withRetries', () => {
  test('retries a transient failure with full-jitter exponential backoff', async () => {
    const clock = fakeClock(0.5);
    const { attempt, advise, calls } = flaky(3);
    await expect(withRetries(attempt, advise, { policy: POLICY, clock, deadline: 60_000 })).resolves.toBe('ok');
    expect(calls()).toBe(4);
    expect(clock.slept).toEqual([50, 100, 200]); // random 0.5 × 100 × 2^n
  });

  test('a single sleep is capped', async () => {
    const clock = fakeClock(0.99);
    const { attempt, advise } = flaky(5);
    await withRetries(attempt, advise, { policy: { ...POLICY, attempts: 6, baseDelayMs: 400 }, clock, deadline: 60_000 });
    expect(clock.slept).toEqual([396, 792, 990, 990, 990]);
  });

  test('gives up after the last attempt, saying so', async () => {
    const clock = fakeClock();
    const { attempt, advise, calls } = flaky(10);
    await expect(withRetries(attempt, advise, { policy: POLICY, clock, deadline: 60_000 }, giveUp)).rejects.toThrow('failure 4 (gave up after 4 attempts)');
    expect(calls()).toBe(4);
  });

  test('never retries what is not retryable', async () => {
    const clock = fakeClock();
    const { attempt, advise, calls } = flaky(1, { retryable: false });
    await expect(withRetries(attempt, advise, { policy: POLICY, clock, deadline: 60_000 }, giveUp)).rejects.toThrow(/^failure 1$/);
    expect(calls()).toBe(1);
    expect(clock.slept).toEqual([]);
  });

  test('honours Retry-After instead of the backoff', async () => {
    const clock = fakeClock();
    const { attempt, advise } = flaky(2, { retryable: true, retryAfterMs: 700 });
    await withRetries(attempt, advise, { policy: POLICY, clock, deadline: 60_000 });
    expect(clock.slept).toEqual([700, 700]);
  });

  test('a Retry-After longer than the longest sleep ends the retries at once', async () => {
    const clock = fakeClock();
    const { attempt, advise } = flaky(1, { retryable: true, retryAfterMs: 120_000 });
    await expect(withRetries(attempt, advise, { policy: POLICY, clock, deadline: 600_000 }, giveUp)).rejects.toThrow(
      'failure 1 (the service asked to wait 120 s, longer than this step waits)',
    );
    expect(clock.slept).toEqual([]);
  });

  test('stops before a sleep that would pass the deadline', async () => {
    const clock = fakeClock(0.5);
    const { attempt, advise, calls } = flaky(10);
    await expect(withRetries(attempt, advise, { policy: POLICY, clock, deadline: 120 }, giveUp)).rejects.toThrow(
      "failure 2 (gave up after 2 attempts: the step's deadline is near)",
    );
    expect(calls()).toBe(2);
    expect(clock.slept).toEqual([50]);
  });

  test('without a giveUp, the last error is thrown as it is', async () => {
    const { attempt, advise } = flaky(10);
    await expect(withRetries(attempt, advise, { policy: { ...POLICY, attempts: 1 }, clock: fakeClock(), deadline: 60_000 })).rejects.toThrow(/^failure 1$/);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-22T08:00:00Z');
  test.each<[string | undefined, number | undefined]>([
    ['3', 3000],
    [' 0 ', 0],
    ['Sun, 22 Nov 2026 08:00:05 GMT', 5000],
    ['Sun, 22 Nov 2026 07:59:00 GMT', 0], // a date in the past: no wait
    ['soon', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%p → %p ms', (header, expected) => {
    expect(parseRetryAfter(header, now)).toBe(expected);
  });
});
