/**
 * `npm run local-action` (its script from package.json, with another file for `.env`): a run that fails ends in the
 * action's own error, not in a stack trace of the tool that runs it; without the file, what to do.
 * The dev loop's other tests: e2e/dev-loop.test.ts and the other e2e/local-action-*.test.ts.
 */
import { describe, expect, test } from '@jest/globals';
import path from 'node:path';
import { localActionWorld } from '../support/local-action.ts';

describe('npm run local-action', () => {
  const { localAction, envFile, dir } = localActionWorld();

  test('a run that fails ends in its own error and exit 1, with no stack trace', async () => {
    const { code, output } = await localAction(await envFile('not-the-secret'));
    expect([code, output]).toEqual([1, expect.stringContaining('::error::Client inspection')]);
    expect(output).toContain('HTTP 401: the credentials were rejected');
    expect(output).not.toMatch(/^\s+at \S+.*\(?(?:node:|file:|\/)/m);
    expect(output).not.toContain('Command failed');
  }, 60_000);

  test('without the file it says what to do and where to read more', async () => {
    const { code, output } = await localAction(path.join(dir(), 'missing.env'));
    expect([code, output.trim()]).toEqual([
      1,
      'No .env: start the embedded service (npm run auth-service), copy .env.example to .env and put in the client id and secret it prints. See CONTRIBUTING.md, "Local runs".',
    ]);
  });
});
