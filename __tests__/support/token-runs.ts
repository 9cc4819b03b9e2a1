/**
 * What the end-to-end tests of `auth: token` share: a run with `auth: token`, the requests by
 * kind, and the leak check that knows the tokens the service issued.
 */
import type { ActionRun } from '../../dev/runner.ts';
import { TOKEN_PATH } from '../../dev/auth-service.ts';
import type { Harness, RunOverrides } from './harness.ts';

/** Given the file's current harness (each test starts its own). */
export function tokenRuns(harness: () => Harness) {
  return {
    withToken: (overrides: RunOverrides = {}): Promise<ActionRun> => harness().run({ ...overrides, inputs: { auth: 'token', ...overrides.inputs } }),
    tokenRequests: () => harness().service.requests.filter((r) => r.path === TOKEN_PATH),
    apiRequests: () => harness().service.requests.filter((r) => r.path.startsWith('/v2/api/')),
    expectNoLeak: (result: ActionRun): void => harness().expectNoLeak(result, { tokens: harness().service.issuedTokens() }),
  };
}
