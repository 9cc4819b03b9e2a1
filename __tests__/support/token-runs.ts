/**
 * What the tests of `auth: token` share: a run with `auth: token`, the requests by kind, the
 * leak check that knows the tokens the service issued, and a service that echoes its token.
 */
import type { ActionRun } from '../../dev/runner.ts';
import { TOKEN_PATH, type EmbeddedAuthService } from '../../dev/auth-service.ts';
import type { Harness, RunOverrides } from './harness.ts';

/** Given the file's current harness (each test starts its own). */
export function tokenRuns(harness: () => Harness) {
  return {
    withToken: (overrides: RunOverrides = {}): Promise<ActionRun> =>
      harness().run({ ...overrides, inputs: { auth: 'token', ...overrides.inputs } }),
    tokenRequests: () => harness().service.requests.filter((r) => r.path === TOKEN_PATH),
    apiRequests: () => harness().service.requests.filter((r) => r.path.startsWith('/v2/api/')),
    expectNoLeak: (result: ActionRun): void =>
      harness().expectNoLeak(result, { tokens: harness().service.issuedTokens() }),
  };
}

/** The next matching call refused with 400 and a detail that quotes the token it was sent with, in three forms. */
export function echoTheToken(service: EmbeddedAuthService, where: { method: string; path: string }): void {
  service.inject({
    ...where,
    status: 400,
    body: '',
    // Called on the queued fault, whose body is then the answer: the token is known by now.
    before(this: { body: string }) {
      const token = service.issuedTokens().at(-1) ?? '';
      this.body = JSON.stringify({
        errors: [
          { status: '400', detail: `bad token ${token}, sent as Bearer ${token}, or ${encodeURIComponent(token)}` },
        ],
      });
    },
  });
}
