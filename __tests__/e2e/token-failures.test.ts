/**
 * End to end, `auth: token` when it goes wrong: a refused grant, a token that expires during
 * the run, a 503 on the token request, and a token echoed by the service (to the action and to
 * the command line), in no channel.
 */
import { afterEach, beforeEach, expect, test } from '@jest/globals';
import { MANAGE_PROJECTS_SCOPE, TOKEN_PATH } from '../../dev/auth-service.ts';
import { annotations, Harness, SPEC, SPEC_FILE } from '../support/harness.ts';
import { echoTheToken as echoLookup, tokenRuns } from '../support/token-runs.ts';

let h: Harness;
beforeEach(async () => {
  h = await Harness.start({}, ['provider.example.org']);
});
afterEach(() => h.stop());

const { withToken, tokenRequests, apiRequests, expectNoLeak } = tokenRuns(() => h);

test('a refused grant: one clear error naming the grant and the scope, not retried, nothing created', async () => {
  h.service.refuseClientCredentials(h.client.id);
  const result = await withToken();
  expect(result.exitCode).toBe(1);
  expect(annotations(result)).toEqual([
    expect.stringMatching(
      new RegExp(
        `^::error::Token request \\(POST /v2/oauth2/token, the client credentials grant for the scope ${MANAGE_PROJECTS_SCOPE}\\) failed with HTTP 400: ` +
          'the service refused the client credentials grant .*: check that the app may use the client credentials grant .* and that client_secret is one of its current secrets, or use auth: basic\\. The service said: unauthorized_client$',
      ),
    ),
  ]);
  expect(tokenRequests()).toHaveLength(1);
  expect(apiRequests()).toEqual([]);
  expect(h.clientScopes()).toEqual([]);
  expect(result.outputs).toEqual({});
  expectNoLeak(result);
});

test('a token that expires during the run: one fresh token, the calls sent again with it', async () => {
  // The token expires as the inspection arrives: the inspection (and the lookup, if it comes after) meets a 401.
  h.service.inject({ method: 'GET', path: `/v2/api/clients/${h.client.id}`, before: () => h.service.expireTokens() });
  const result = await withToken();
  expect(result.exitCode).toBe(0);
  expect(result.outputs.created).toBe('true');
  expect(tokenRequests()).toHaveLength(2);
  expect(h.service.issuedTokens()).toHaveLength(2);
  expect(result.stdout).toContain(
    'The service refused the access token (HTTP 401; expired or revoked since it was issued): asking for a fresh one, once',
  );
  expectNoLeak(result);
});

test('a fresh token refused too: no second refresh, one clear error', async () => {
  // Every token expires as soon as a call to the API arrives with it.
  h.service.inject({ path: /^\/v2\/api\//, before: () => h.service.expireTokens(), times: 100 });
  const result = await withToken();
  expect(result.exitCode).toBe(1);
  expect(tokenRequests()).toHaveLength(2);
  expect(annotations(result)).toEqual([
    expect.stringMatching(
      /failed with HTTP 401: the service refused the access token \(granted for urn:globus:auth:scope:auth\.globus\.org:manage_projects\), and a fresh one too/,
    ),
  ]);
  expect(h.clientScopes()).toEqual([]);
  expectNoLeak(result);
});

test('the token request is retried like a read: a 503, then the token', async () => {
  h.service.inject({ path: TOKEN_PATH, status: 503, headers: { 'retry-after': '0' } });
  const result = await withToken();
  expect(result.exitCode).toBe(0);
  expect(tokenRequests()).toHaveLength(2);
  expect(h.service.issuedTokens()).toHaveLength(1);
  expectNoLeak(result);
});

/** A lookup refused with an error whose detail echoes the token the service issued: a service's words may hold it. */
const echoTheToken = (): void => echoLookup(h.service, { method: 'GET', path: '/v2/api/scopes' });

test('a service that echoes the token in an error: scrubbed from the annotation and every channel', async () => {
  echoTheToken();
  const result = await withToken();
  expect(result.exitCode).toBe(1);
  expect(annotations(result)).toEqual([
    expect.stringMatching(/failed with HTTP 400: .*The service said: bad token \*\*\*, sent as \*\*\*, or \*\*\*/),
  ]);
  expectNoLeak(result);
});

test('the command line, --auth token: the token scrubbed from all it prints, debug lines and JSON included', async () => {
  const { mkdtemp, mkdir, rm, writeFile } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const path = await import('node:path');
  const { ROOT, spawnProcess } = await import('../../dev/runner.ts');
  const cwd = await mkdtemp(path.join(tmpdir(), 'eps-token-'));
  try {
    await mkdir(path.join(cwd, '.github'));
    await writeFile(path.join(cwd, SPEC_FILE), SPEC);
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: cwd,
      NO_COLOR: '1',
      PROVIDER_CLIENT_ID: h.client.id,
      PROVIDER_CLIENT_SECRET: h.client.secret,
      PROVIDER_AUTH_URL: h.service.url,
    };
    const cli = (...args: string[]) =>
      spawnProcess(
        process.execPath,
        [path.join(ROOT, 'dist', 'cli', 'index.js'), ...args, '--auth', 'token', '--debug'],
        { cwd, env },
      );
    const run = await cli('apply', '--json');
    expect(run.exitCode).toBe(0);
    expect(tokenRequests()).toHaveLength(1);
    expect(apiRequests().every((r) => r.auth === 'bearer')).toBe(true);
    expect(run.stderr).toContain('POST /v2/oauth2/token: HTTP 200');
    // A service that echoes the token: scrubbed from the error, the JSON report and the human one.
    echoTheToken();
    const echoed = await cli('plan', '--json');
    expect(echoed.exitCode).toBe(1);
    expect(echoed.stdout + echoed.stderr).toContain('The service said: bad token ***, sent as ***, or ***');
    echoTheToken();
    const human = await cli('plan');
    expect(human.exitCode).toBe(1);
    for (const [token, result] of [run, echoed, human].map(
      (r, i) => [h.service.issuedTokens()[i] as string, r] as const,
    )) {
      for (const form of [token, `Bearer ${token}`, h.client.secret]) {
        expect(result.stdout).not.toContain(form);
        expect(result.stderr).not.toContain(form);
      }
    }
  } finally {
    await rm(cwd, { recursive: true, force: true });
  }
});
