/**
 * `npm run local-action` (its script from package.json, with another file for `.env`): a dry run, as .env.example's
 * workflow_dispatch, warns about no token that only GitHub gives.
 * The dev loop's other tests: e2e/dev-loop.test.ts and the other e2e/local-action-*.test.ts.
 */
import { describe, expect, test } from '@jest/globals';
import { readFile, writeFile } from 'node:fs/promises';
import { localActionWorld } from '../support/local-action.ts';

describe('npm run local-action', () => {
  const { localAction, envFile } = localActionWorld();

  test("a dry run (INPUT_DRY_RUN=true, .env.example's workflow_dispatch) warns about no token that only GitHub gives", async () => {
    const file = await envFile('the-right-secret');
    await writeFile(file, `${await readFile(file, 'utf8')}\nINPUT_DRY_RUN=true\n`);
    const { code, output } = await localAction(file);
    expect([code, output]).toEqual([0, expect.stringContaining('Dry run')]);
    expect(output).not.toContain('github_token is empty');
    expect(output).not.toContain('::warning');
  }, 60_000);
});
