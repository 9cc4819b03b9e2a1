import type { Clock } from '../../src/retry.ts';

/** A clock whose sleeps only move its own time forward, at once, and record how long they were. */
export function fakeClock(random = 0.5): Clock & { slept: number[] } {
  let now = 0;
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    random: () => random,
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
  };
}
