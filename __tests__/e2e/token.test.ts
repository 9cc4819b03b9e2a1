/**
 * End to end, `auth: token`: the client credentials grant first, then every call with the
 * Bearer token; a refused grant; a token that expires during the run; and neither the secret
 * nor the token in any channel. `auth: basic` asks for no token.
 */
import { afterEach, beforeEach, expect, test } from '@jest/globals';
import { MANAGE_PROJECTS_SCOPE, TOKEN_PATH } from '../../dev/auth-service.ts';
import { expectNoForgedCommand, Harness, SPEC, SPEC_FILE } from '../support/harness.ts';
import { tokenRuns } from '../support/token-runs.ts';

let h: Harness;
beforeEach(async () => {
  h = await Harness.start({}, ['provider.example.org']);
});
afterEach(() => h.stop());

const { withToken, tokenRequests, apiRequests, expectNoLeak } = tokenRuns(() => h);

test('create: one token request (Basic, the grant and manage_projects), then every call with the token', async () => {
  const result = await withToken();
  expect(result.exitCode).toBe(0);
  expect(result.outputs.created).toBe('true');
  expect(h.clientScopes()).toEqual([h.expectedString, `${h.service.url}/scopes/provider.example.org/action_all`]);
  const [first, ...rest] = h.service.requests;
  expect(first).toMatchObject({ method: 'POST', path: TOKEN_PATH, auth: 'basic', clientId: h.client.id });
  expect(new URLSearchParams(first?.body as string).toString()).toBe(
    new URLSearchParams({ grant_type: 'client_credentials', scope: MANAGE_PROJECTS_SCOPE }).toString(),
  );
  // The calls a Basic run makes: the inspection and both lookups together, then the creation and its check.
  expect(rest.map((r) => `${r.method} ${r.path} ${r.auth} ${r.clientId}`).sort()).toEqual(
    [
      `GET /v2/api/clients/${h.client.id}`,
      'GET /v2/api/scopes',
      'GET /v2/api/scopes',
      `POST /v2/api/clients/${h.client.id}/scopes`,
      `GET /v2/api/clients/${h.client.id}`,
    ]
      .map((call) => `${call} bearer ${h.client.id}`)
      .sort(),
  );
  expect(h.service.issuedTokens()).toHaveLength(1);
  expectNoLeak(result);
  expectNoForgedCommand(result);
});

test('no-op: the client has its scope; one token, nothing written', async () => {
  h.addSpecifiedScope();
  const result = await withToken();
  expect([result.exitCode, result.outputs.created, result.outputs.updated]).toEqual([0, 'false', 'false']);
  expect(tokenRequests()).toHaveLength(1);
  expect(apiRequests().map((r) => r.method)).toEqual(['GET', 'GET', 'GET']);
  expectNoLeak(result);
});

test('update: on_drift: update applies the spec with the token', async () => {
  h.addSpecifiedScope();
  const changed = SPEC.replace('description: Runs example actions', 'description: Runs better actions');
  const result = await withToken({ files: { [SPEC_FILE]: changed }, inputs: { on_drift: 'update' } });
  expect([result.exitCode, result.outputs.updated]).toEqual([0, 'true']);
  const puts = apiRequests().filter((r) => r.method === 'PUT');
  expect(puts).toHaveLength(1);
  expect(puts[0]?.auth).toBe('bearer');
  expect([...h.service.scopes.values()].find((s) => s.client === h.client.id)?.description).toBe('Runs better actions');
  expectNoLeak(result);
});

test('auth: basic (the default) asks for no token: every call with the credentials', async () => {
  const result = await h.run();
  expect(result.exitCode).toBe(0);
  expect(tokenRequests()).toEqual([]);
  expect(h.service.requests.every((r) => r.auth === 'basic')).toBe(true);
  h.expectNoLeak(result);
});
