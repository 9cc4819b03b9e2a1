/**
 * End to end, how a run ends when the service fails or misleads: at once, saying what may
 * have been applied, never claiming what it did not see.
 * Each attack is the input, the absence of its effect the assertion, and every run is checked
 * for leaks. (One file per theme, so that none runs long on a loaded machine.)
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { annotations, expectSafe, Harness } from '../support/harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await Harness.start();
});
afterEach(() => h.stop());

const clientPath = (): string => `/v2/api/clients/${h.client.id}`;

describe('7. endings', () => {
  // Order, not time: the run ends by itself (exit 1) before the guard, set shorter than the
  // sibling's pause, would kill it; and nothing is sent again after the 401.
  test('a 401 known at once ends the run before a sibling lookup told to wait 9 s tries again', async () => {
    h.service.inject({ method: 'GET', path: '/v2/api/scopes', status: 429, headers: { 'retry-after': '9' } });
    h.service.inject({ method: 'GET', path: clientPath(), status: 401, delayMs: 50 });
    const result = await h.run({ killAfterMs: 8_000 });
    expect(result.exitCode).toBe(1); // not null: it was not killed
    // The first round, each request once: the lookup told to wait was never sent again.
    const calls = h.service.requests.map((r) => `${r.method} ${r.path}?${Object.keys(r.query).join()}`);
    expect(calls.sort()).toEqual(
      [`GET ${clientPath()}?`, 'GET /v2/api/scopes?ids', 'GET /v2/api/scopes?scope_strings'].sort(),
    );
    expect(annotations(result)).toEqual([expect.stringContaining('HTTP 401')]);
    expectSafe(h, result);
  });

  test('a failure after a creation that may have been applied says so, and that the next run adopts it', async () => {
    // The creation is applied but its answer lost; from then on, every inspection fails.
    h.service.inject({
      method: 'POST',
      loseAnswer: true,
      before: () => h.service.inject({ method: 'GET', path: clientPath(), status: 500, times: 100 }),
    });
    const result = await h.run({ inputs: { timeout_seconds: '0.5' } });
    expect(result.exitCode).toBe(1);
    expect(annotations(result)[0]).toMatch(
      /A creation sent by this run may have been applied: the next run finds the scope and adopts it/,
    );
    expectSafe(h, result);
    h.service.clearFaults();
    const next = await h.run();
    expect([next.exitCode, next.outputs.created]).toEqual([0, 'false']);
    expect(h.clientScopes()).toEqual([h.expectedString]);
  });

  test('a 409 while the client has no scope is not called "already exists" without saying what was found', async () => {
    h.service.inject({ method: 'POST', status: 409 });
    const result = await h.run();
    expect(result.exitCode).toBe(1);
    expect(annotations(result)[0]).toMatch(
      /Yet the client inspection that followed lists no scope: the service may still be applying a creation\. Run the step again/,
    );
    expectSafe(h, result);
  });

  test('a Retry-After of 1e17 seconds is not printed as such', async () => {
    h.service.inject({
      method: 'GET',
      path: clientPath(),
      status: 429,
      headers: { 'retry-after': '100000000000000000' },
    });
    const result = await h.run();
    expect(annotations(result)).toEqual([
      expect.stringMatching(/the service asked to wait more than an hour, longer than this run waits\)$/),
    ]);
  });
});
