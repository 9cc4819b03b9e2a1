import type { Clock } from '../../src/wire/retry.ts';

/** A clock whose sleeps only move its own time forward, at once, and record how long they were. */
export function fakeClock(random = 0.5, start = 0): Clock & { slept: number[]; advance(ms: number): void } {
  let now = start;
  const slept: number[] = [];
  return {
    slept,
    advance: (ms) => {
      now += ms;
    },
    now: () => now,
    random: () => random,
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
  };
}
