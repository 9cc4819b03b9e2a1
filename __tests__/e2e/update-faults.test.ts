/** End to end, `on_drift: update` when its PUT fails: retried like a read, a clear error, or the field the service ignored named. */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { annotations, Harness } from '../support/harness.ts';
import { clientScopes, puts, seedCreated, update } from '../support/update.ts';

let h: Harness;
beforeEach(async () => {
  h = await Harness.start({}, ['provider.example.org']);
});
afterEach(() => h.stop());

describe("the PUT's faults", () => {
  test('503, then success: retried like a read', async () => {
    seedCreated(h);
    h.service.inject({ method: 'PUT', status: 503 });
    const result = await update(h);
    expect(result.exitCode).toBe(0);
    expect(result.outputs.updated).toBe('true');
    expect(puts(h)).toHaveLength(3); // the 503, then one for each scope
    h.expectNoLeak(result);
  });

  test('404: the scope was deleted meanwhile, a clear error', async () => {
    seedCreated(h);
    h.service.inject({ method: 'PUT', status: 404, times: 2 });
    const result = await update(h);
    expect(result.exitCode).toBe(1);
    expect(annotations(result)).toEqual([
      expect.stringMatching(
        /Scope update \(PUT \/v2\/api\/scopes\/.*\) failed with HTTP 404: the scope no longer exists \(deleted since the inspection\?\): run the step again, and it will be created anew/,
      ),
    ]);
    h.expectNoLeak(result);
  });

  test('a lost answer: sent again (idempotent), and the scope is right', async () => {
    seedCreated(h);
    h.service.inject({ method: 'PUT', loseAnswer: true });
    const result = await update(h);
    expect(result.exitCode).toBe(0);
    expect(clientScopes(h).map((s) => s.description)).toEqual(['Runs better actions', 'Runs better actions']);
    h.expectNoLeak(result);
  });

  test('a field the service ignores in the update fails the step, naming it', async () => {
    await h.stop();
    h = await Harness.start({ ignoredFields: ['description'] }, []);
    h.addSpecifiedScope();
    const result = await update(h);
    expect(result.exitCode).toBe(1);
    expect(annotations(result)).toEqual([
      expect.stringMatching(
        /^::error title=Scope drift%3A description::The service kept the scope with description "Runs example actions", although the update asked for "Runs better actions"/,
      ),
    ]);
  });
});
