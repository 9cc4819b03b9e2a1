/** The creation is never sent blindly twice, end to end: lost answers, conflicts, concurrent runs. */
import { afterEach, beforeEach, expect, test } from '@jest/globals';
import { expectCreated } from '../support/faults.ts';
import { Harness } from '../support/harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await Harness.start();
});
afterEach(() => h.stop());

const posts = (): number => h.countRequests('POST', '/v2/');

test('its answer is lost: the scope found by inspection is adopted', async () => {
  h.service.inject({ method: 'POST', loseAnswer: true });
  expectCreated(h, await h.run());
  expect(posts()).toBe(1);
});

test('another run created it first (409): adopted, created=false', async () => {
  h.service.inject({ method: 'POST', before: () => void h.addSpecifiedScope() });
  expectCreated(h, await h.run(), 'false');
  expect(posts()).toBe(1);
});

// The first creation times out, and is applied only after the inspection that follows (too
// early to show it); the creation sent again meets the run's own scope: 409. Still this run's.
test('its own creation applied late, then a 409: created=true', async () => {
  h.service.inject({ method: 'POST', hang: true });
  h.service.inject({ method: 'POST', before: () => void h.addSpecifiedScope() });
  const result = await h.run({ inputs: { timeout_seconds: '0.5' } });
  expectCreated(h, result);
  expect(posts()).toBe(2);
  expect(result.stdout).toContain(
    "The service answered that the scope exists (409), most likely from this run's own earlier creation",
  );
});

test('two runs at once on a fresh client: one scope, both green, the same outputs', async () => {
  const [a, b] = await Promise.all([h.run(), h.run()]);
  for (const result of [a, b]) {
    expect(result.exitCode).toBe(0);
    h.expectNoLeak(result);
  }
  expect(h.clientScopes()).toEqual([h.expectedString]);
  // The run that created says so; the one that adopted its scope does not.
  const same = (outputs: Record<string, string>) => ({
    ...outputs,
    created: '',
    changes: '',
    scopes: (JSON.parse(outputs.scopes ?? '') as Record<string, { scope_id: string }>).action_all?.scope_id,
  });
  expect(same(a.outputs)).toEqual(same(b.outputs));
  expect([a.outputs.created, b.outputs.created].sort()).toEqual(['false', 'true']);
  expect([a.outputs.changes, b.outputs.changes].sort()).toEqual(['false', 'true']);
});

test('the creation fails with a 503 and the scope is certainly absent: sent again', async () => {
  h.service.inject({ method: 'POST', status: 503 });
  expectCreated(h, await h.run());
  expect(posts()).toBe(2);
});
