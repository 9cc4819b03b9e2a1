import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import {
  formatPause,
  nextPause,
  parseRetryAfter,
  systemClock,
  withRetries,
  type RetryAdvice,
  type RetryPolicy,
} from '../../src/wire/retry.ts';
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
    await withRetries(attempt, advise, {
      policy: { ...POLICY, attempts: 6, baseDelayMs: 400 },
      clock,
      deadline: 60_000,
    });
    expect(clock.slept).toEqual([396, 792, 990, 990, 990]);
  });

  test('gives up after the last attempt, saying so', async () => {
    const clock = fakeClock();
    const { attempt, advise, calls } = flaky(10);
    await expect(withRetries(attempt, advise, { policy: POLICY, clock, deadline: 60_000 }, giveUp)).rejects.toThrow(
      'failure 4 (gave up after 4 attempts)',
    );
    expect(calls()).toBe(4);
  });

  test('never retries what is not retryable', async () => {
    const clock = fakeClock();
    const { attempt, advise, calls } = flaky(1, { retryable: false });
    await expect(withRetries(attempt, advise, { policy: POLICY, clock, deadline: 60_000 }, giveUp)).rejects.toThrow(
      /^failure 1$/,
    );
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
      'failure 1 (the service asked to wait 120 s, longer than this run waits)',
    );
    expect(clock.slept).toEqual([]);
  });

  test('stops before a sleep that would pass the deadline', async () => {
    const clock = fakeClock(0.5);
    const { attempt, advise, calls } = flaky(10);
    await expect(withRetries(attempt, advise, { policy: POLICY, clock, deadline: 120 }, giveUp)).rejects.toThrow(
      "failure 2 (gave up after 2 attempts: the run's deadline is near)",
    );
    expect(calls()).toBe(2);
    expect(clock.slept).toEqual([50]);
  });

  test('without a giveUp, the last error is thrown as it is', async () => {
    const { attempt, advise } = flaky(10);
    await expect(
      withRetries(attempt, advise, { policy: { ...POLICY, attempts: 1 }, clock: fakeClock(), deadline: 60_000 }),
    ).rejects.toThrow(/^failure 1$/);
  });
});

describe('the edges of a pause', () => {
  test('a Retry-After of exactly the longest sleep is honoured; a millisecond more ends the retries', () => {
    const pacing = { policy: POLICY, clock: fakeClock(), deadline: 60_000 };
    expect(nextPause(pacing, 1, POLICY.maxDelayMs)).toEqual({ waitMs: POLICY.maxDelayMs });
    expect(nextPause(pacing, 1, POLICY.maxDelayMs + 1)).toEqual({
      giveUp: 'the service asked to wait 2 s, longer than this run waits',
    });
  });

  test('an absurd Retry-After is worded as more than an hour; up to an hour, in whole seconds rounded up', () => {
    const pacing = { policy: POLICY, clock: fakeClock(), deadline: 60_000 };
    expect(nextPause(pacing, 1, 3_600_001)).toEqual({
      giveUp: 'the service asked to wait more than an hour, longer than this run waits',
    });
    expect(nextPause(pacing, 1, 3_600_000)).toEqual({
      giveUp: 'the service asked to wait 3600 s, longer than this run waits',
    });
    expect(nextPause(pacing, 1, 1_001)).toEqual({
      giveUp: 'the service asked to wait 2 s, longer than this run waits',
    });
  });

  test('a sleep that would end at the deadline is not taken; one that ends just before it is', () => {
    const clock = fakeClock(0.5, 1_000); // the first backoff: 0.5 × 100 = 50 ms
    expect(nextPause({ policy: POLICY, clock, deadline: 1_050 }, 1)).toEqual({
      giveUp: "gave up after 1 attempts: the run's deadline is near",
    });
    expect(nextPause({ policy: POLICY, clock, deadline: 1_051 }, 1)).toEqual({ waitMs: 50 });
  });

  test('the number of tries can be given for one call, over the policy', () => {
    const pacing = { policy: POLICY, clock: fakeClock(), deadline: 60_000 };
    expect(nextPause(pacing, 2, undefined, 2)).toEqual({ giveUp: 'gave up after 2 attempts' });
    expect(nextPause(pacing, 4, undefined, 5)).toEqual({ waitMs: 400 });
  });

  test("onRetry hears of each retry, with the error, the try and the wait; the sleep gets the step's signal", async () => {
    const signal = new AbortController().signal;
    const signals: Array<AbortSignal | undefined> = [];
    const base = fakeClock(0.5);
    const clock = { ...base, sleep: (ms: number, s?: AbortSignal) => (signals.push(s), base.sleep(ms)) };
    const { attempt, advise } = flaky(2);
    const heard: Array<[string, number, number]> = [];
    await withRetries(
      attempt,
      advise,
      { policy: POLICY, clock, deadline: 60_000, signal },
      undefined,
      (error, tried, waitMs) => heard.push([(error as Error).message, tried, waitMs]),
    );
    expect(heard).toEqual([
      ['failure 1', 1, 50],
      ['failure 2', 2, 100],
    ]);
    expect(signals).toEqual([signal, signal]);
  });
});

describe("systemClock (under jest's fake timers: no test waits)", () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  test('now is the time of day; random is in [0, 1)', () => {
    expect(systemClock.now()).toBe(1_000_000);
    const draws = Array.from({ length: 50 }, () => systemClock.random());
    expect(draws.every((r) => r >= 0 && r < 1)).toBe(true);
    expect(new Set(draws).size).toBeGreaterThan(1);
  });

  test('sleep resolves when its time has passed, not before', async () => {
    let done = false;
    const sleeping = systemClock.sleep(500).then(() => (done = true));
    await jest.advanceTimersByTimeAsync(499);
    expect(done).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await sleeping;
    expect(done).toBe(true);
  });

  test('an abort ends a sleep at once with its reason, and leaves no timer behind; an aborted signal, before any timer', async () => {
    const controller = new AbortController();
    const sleeping = systemClock.sleep(60_000, controller.signal);
    expect(jest.getTimerCount()).toBe(1);
    controller.abort(new Error('the step failed'));
    await expect(sleeping).rejects.toThrow('the step failed');
    expect(jest.getTimerCount()).toBe(0);
    await expect(systemClock.sleep(60_000, AbortSignal.abort(new Error('already')))).rejects.toThrow('already');
    expect(jest.getTimerCount()).toBe(0);
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
    // Not delta-seconds, and no date either: not a number of seconds with more around it.
    ['5 seconds', undefined],
    ['x5', undefined],
    ['5x', undefined],
    ['', undefined],
    ['   ', undefined],
    [undefined, undefined],
  ])('%p → %p ms', (header, expected) => {
    expect(parseRetryAfter(header, now)).toBe(expected);
  });
});

describe('formatPause: a pause as a person reads it', () => {
  test.each([
    [0, '1 ms'],
    [0.4, '1 ms'],
    [40, '40 ms'],
    [999.4, '999 ms'],
    [1000, '1.0 s'],
    [1249, '1.2 s'],
    [10_000, '10.0 s'],
  ])('%d ms: %s (never "0.0 s")', (ms, shown) => {
    expect(formatPause(ms)).toBe(shown);
  });
});
