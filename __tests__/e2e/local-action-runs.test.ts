/**
 * `npm run local-action` (its script from package.json, with another file for `.env`): a run that succeeds creates
 * the scope.
 * The dev loop's other tests: e2e/dev-loop.test.ts and the other e2e/local-action-*.test.ts.
 */
import { describe, expect, test } from '@jest/globals';
import { localActionWorld } from '../support/local-action.ts';

describe('npm run local-action', () => {
  const { localAction, envFile } = localActionWorld();

  test('a run that succeeds creates the scope, exit 0', async () => {
    const { code, output } = await localAction(await envFile('the-right-secret'));
    expect([code, output]).toEqual([0, expect.stringContaining('scope_string')]);
    expect(output).not.toContain('::error::');
  }, 60_000);
});
