/** What the fault tests expect of every run: a clean success, or one clear failure; never a leak or a forged command. */
import { expect } from '@jest/globals';
import type { ActionRun } from '../../dev/runner.ts';
import { annotations, expectNoForgedCommand, type Harness } from './harness.ts';

/** A successful creating run: right outputs, exactly one scope, nothing leaked. */
export function expectCreated(h: Harness, result: ActionRun, created = 'true'): void {
  expect(annotations(result)).toEqual([]);
  expect(result.exitCode).toBe(0);
  expect(result.outputs.scope_string).toBe(h.expectedString);
  expect(result.outputs.created).toBe(created);
  expect(h.clientScopes()).toEqual([h.expectedString]);
  h.expectNoLeak(result);
  expectNoForgedCommand(result);
}

/** A failed run: exit 1, one annotation matching, no outputs, nothing leaked. */
export function expectFailure(h: Harness, result: ActionRun, message: RegExp): void {
  expect(result.exitCode).toBe(1);
  expect(annotations(result)).toEqual([expect.stringMatching(message)]);
  expect(result.outputs).toEqual({});
  h.expectNoLeak(result);
  expectNoForgedCommand(result);
}
