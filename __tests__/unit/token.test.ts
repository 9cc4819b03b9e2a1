/**
 * `auth: token` on the wire (wire/token.ts through the service client), against the embedded
 * service: the token request, its retries and its refusal, the Bearer header, the one fresh
 * token after a 401 and no loop; and the token's answer as the vendor's SDK records it.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  EmbeddedAuthService,
  MANAGE_PROJECTS_SCOPE,
  TOKEN_LIFETIME_SECONDS,
  TOKEN_PATH,
  type ClientRecord,
} from '../../dev/auth-service.ts';
import { createBudget } from '../../src/wire/budget.ts';
import { HttpError } from '../../src/wire/http.ts';
import type { ScopeDefinition } from '../../src/engine/reconcile/service.ts';
import { createServiceClient, UNUSABLE_ANSWER } from '../../src/wire/service-client.ts';
import { fakeClock } from '../support/clock.ts';
import { rejectionOf } from '../support/rejection.ts';

const fixture = (name: string): string =>
  readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'vendor', name), 'utf8');
const GRANT = `the client credentials grant for the scope ${MANAGE_PROJECTS_SCOPE}`;
const SECRET = 'token+Secret/with=signs';
const DEFINITION: ScopeDefinition = {
  name: 'n',
  description: 'd',
  scope_suffix: 'action_all',
  advertised: true,
  allow_refresh_tokens: true,
  dependent_scopes: [],
};

let service: EmbeddedAuthService;
let client: ClientRecord;
let run: AbortController;
let clock: ReturnType<typeof fakeClock>;
/** Every event in order: a credential handed over, a line logged. */
let events: string[];
beforeEach(async () => {
  service = new EmbeddedAuthService();
  await service.start();
  client = service.addClient({ secret: SECRET });
  run = new AbortController();
  clock = fakeClock();
  events = [];
});
afterEach(async () => {
  run.abort();
  await service.stop();
});

const serviceClient = (auth: 'basic' | 'token' = 'token') =>
  createServiceClient({
    authUrl: service.url,
    clientId: client.id,
    clientSecret: SECRET,
    auth,
    onCredential: (credential) => events.push(`credential ${credential}`),
    budget: createBudget(5, { clock, signal: run.signal }),
    log: {
      info: (text) => events.push(`info ${text}`),
      debug: (text) => events.push(`debug ${text}`),
      warning: (text) => events.push(`warning ${text}`),
    },
  });
const tokenRequests = () => service.requests.filter((r) => r.path === TOKEN_PATH);
const apiRequests = () => service.requests.filter((r) => r.path.startsWith('/v2/api/'));

describe('the token request', () => {
  test('HTTP Basic, the client credentials grant for manage_projects as a form; then the token on every call', async () => {
    const api = serviceClient();
    await Promise.all([api.getClient(), api.lookupScopesByString([api.scopeStringFor('action_all')])]);
    expect(tokenRequests()).toEqual([
      expect.objectContaining({
        method: 'POST',
        auth: 'basic',
        clientId: client.id,
        body: `grant_type=client_credentials&scope=${encodeURIComponent(MANAGE_PROJECTS_SCOPE)}`,
      }),
    ]);
    expect(apiRequests().map((r) => [r.auth, r.clientId])).toEqual([
      ['bearer', client.id],
      ['bearer', client.id],
    ]);
    // The one token, handed over before any line was logged about a call made with it.
    const [token] = service.issuedTokens();
    const handed = events.indexOf(`credential ${token}`);
    expect(handed).toBeGreaterThan(-1);
    expect(events.findIndex((e) => e.includes('/v2/api/'))).toBeGreaterThan(handed);
    expect(events.filter((e) => e.startsWith('credential '))).toHaveLength(1);
    expect(events).toContain(`debug Access token for ${MANAGE_PROJECTS_SCOPE}: valid ${TOKEN_LIFETIME_SECONDS} s`);
  });

  test('every call of the client sends the token: the scope by id and its update too', async () => {
    const api = serviceClient();
    const created = await api.createScope(DEFINITION);
    if (created.kind !== 'created') throw new Error(`not created: ${created.kind}`);
    const [scope] = created.scopes;
    if (scope === undefined) throw new Error('no scope');
    await api.getScope(scope.id);
    await api.updateScope(scope.id, { ...DEFINITION, name: 'renamed' });
    expect(apiRequests().map((r) => [r.method, r.auth])).toEqual([
      ['POST', 'bearer'],
      ['GET', 'bearer'],
      ['PUT', 'bearer'],
    ]);
    expect(tokenRequests()).toHaveLength(1);
  });

  test.each([
    ['429 with Retry-After', { status: 429, headers: { 'retry-after': '2' } }, [2000]],
    ['503', { status: 503 }, [150]],
    ['a reset connection', { reset: true as const }, [150]],
  ])('retried like a read: %s, then the token', async (_what, fault, slept) => {
    service.inject({ path: TOKEN_PATH, ...fault });
    await serviceClient().getClient();
    expect(tokenRequests()).toHaveLength(2);
    expect(clock.slept).toEqual(slept);
    expect(service.issuedTokens()).toHaveLength(1);
  });

  test('a 503 that lasts: given up after the policy, as a read is, and no API call is made', async () => {
    service.inject({ path: TOKEN_PATH, status: 503, times: 10 });
    const error = await rejectionOf(serviceClient().getClient(), HttpError);
    expect(error.message).toMatch(
      new RegExp(
        `^Token request \\(POST /v2/oauth2/token, ${GRANT}\\) failed with HTTP 503.* \\(gave up after 5 attempts\\)$`,
      ),
    );
    expect(tokenRequests()).toHaveLength(5);
    expect(apiRequests()).toEqual([]);
  });

  // How to replace a rejected secret, in PLAIN_WORDS: a 401 alone is the id or the secret rejected (RFC 6749 5.2, invalid_client).
  const REPLACE =
    'For a secret deleted or lost: make a new secret in the developer portal, put it in each place that holds a copy of it, then redeploy the provider with it, in that order';
  const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  test.each([
    [
      '400 unauthorized_client (the app may not use the grant)',
      () => service.refuseClientCredentials(client.id),
      400,
      'unauthorized_client',
    ],
    ['401 (the secret is not current)', () => void (client.secret = 'rotated'), 401, 'Basic auth failed'],
    [
      '401 invalid_grant, the body the SDK records',
      () => service.inject({ path: TOKEN_PATH, status: 401, body: fixture('oauth2_token.invalid_grant.json') }),
      401,
      'invalid_grant',
    ],
  ])(
    '%s: one clear error that names the grant and the scope and says what to check, sent once',
    async (_what, refuse, status, said) => {
      refuse();
      const api = serviceClient();
      const [inspection, lookup] = await Promise.all([
        rejectionOf(api.getClient(), HttpError),
        rejectionOf(api.lookupScopesById([client.id]), HttpError),
      ]);
      // The service's own words close the message (a Globus error adds its error id).
      expect(inspection.message).toMatch(
        new RegExp(
          `^Token request \\(POST /v2/oauth2/token, ${GRANT}\\) failed with HTTP ${status}: the service refused ${GRANT}: check that the app may use the client ` +
            'credentials grant \\(an app registered as a service account or a confidential client, not a native one\\) and that client_secret is one of ' +
            `its current secrets, or use auth: basic\\. ${status === 401 ? `${escape(REPLACE)}\\. ` : ''}The service said: ${said}( \\(error id [0-9a-f-]+\\))?$`,
        ),
      );
      expect(lookup).toBe(inspection);
      // Final, without a status: no refresh, and no creation outcome read into it. A 401 is the secret's.
      expect([inspection.status, inspection.transient, inspection.secretRejected]).toEqual([
        undefined,
        false,
        status === 401,
      ]);
      expect(tokenRequests()).toHaveLength(1);
      expect(apiRequests()).toEqual([]);
      expect(events.filter((e) => e.startsWith('credential '))).toEqual([]);
    },
  );

  test.each([
    ['no access_token', { token_type: 'Bearer', expires_in: 3600 }, 'access_token is missing: expected a string'],
    [
      'a token type that is not Bearer',
      { access_token: 'opaque-token-value', token_type: 'mac', expires_in: 3600 },
      'token_type is not Bearer: expected Bearer, got "mac"',
    ],
  ])('an answer with %s: an error that names the field, and nothing handed over', async (_what, body, problem) => {
    service.inject({ path: TOKEN_PATH, status: 200, body: JSON.stringify(body) });
    const error = await rejectionOf(serviceClient().getClient(), HttpError);
    expect(error.message).toBe(
      `Token request (POST /v2/oauth2/token, ${GRANT}): the answer (HTTP 200) cannot be used: ${problem}. ${UNUSABLE_ANSWER}.`,
    );
    expect(events.filter((e) => e.startsWith('credential '))).toEqual([]);
  });

  test("the vendor's answer (globus-sdk, oauth2_client_credentials_tokens.py) is read: its token handed over and sent as Bearer", async () => {
    service.inject({ path: TOKEN_PATH, status: 200, body: fixture('oauth2_client_credentials_tokens.json') });
    // The embedded service did not issue the SDK's dummy token: refused once, then a token of its own.
    expect((await serviceClient().getClient()).id).toBe(client.id);
    expect(events.filter((e) => e.startsWith('credential '))).toEqual([
      'credential DUMMY_TRANSFER_TOKEN_FROM_THE_INTERTUBES',
      `credential ${service.issuedTokens()[0]}`,
    ]);
    expect(events).toContain(
      'debug Access token for urn:globus:auth:scope:transfer.api.globus.org:all: valid 172800 s',
    );
    expect(apiRequests().map((r) => r.auth)).toEqual(['bearer', 'bearer']);
  });

  test("the embedded service answers with the SDK fixture's keys, its values for manage_projects", async () => {
    const answer = await fetch(`${service.url}${TOKEN_PATH}`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${client.id}:${SECRET}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: MANAGE_PROJECTS_SCOPE }),
    });
    const body = (await answer.json()) as Record<string, unknown>;
    expect(answer.status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(
      Object.keys(JSON.parse(fixture('oauth2_client_credentials_tokens.json')) as object).sort(),
    );
    expect(body).toEqual({
      access_token: expect.stringMatching(/^[\w-]{40,}$/),
      scope: MANAGE_PROJECTS_SCOPE,
      expires_in: TOKEN_LIFETIME_SECONDS,
      token_type: 'Bearer',
      resource_server: 'auth.globus.org',
      other_tokens: [],
    });
  });
});

describe('a 401 on a call with the token', () => {
  test('one fresh token, and the call sent again with it', async () => {
    service.inject({ method: 'GET', path: `/v2/api/clients/${client.id}`, before: () => service.expireTokens() });
    const api = serviceClient();
    expect((await api.getClient()).id).toBe(client.id);
    expect(tokenRequests()).toHaveLength(2);
    expect(apiRequests()).toHaveLength(2);
    const [first, second] = service.issuedTokens();
    expect(events.filter((e) => e.startsWith('credential '))).toEqual([`credential ${first}`, `credential ${second}`]);
    expect(events).toContain(
      'info The service refused the access token (HTTP 401; expired or revoked since it was issued): asking for a fresh one, once',
    );
  });

  test('calls refused together share the one fresh token', async () => {
    service.inject({ method: 'GET', path: `/v2/api/clients/${client.id}`, before: () => service.expireTokens() });
    const api = serviceClient();
    // Both sent with the first token; the second arrives after it expired.
    const inspection = api.getClient();
    const lookup = api.lookupScopesById([client.id]);
    await Promise.all([inspection, lookup]);
    expect(tokenRequests()).toHaveLength(2);
  });

  test('a creation refused with 401 is sent once more with the fresh token, and created once', async () => {
    service.inject({
      method: 'POST',
      path: `/v2/api/clients/${client.id}/scopes`,
      before: () => service.expireTokens(),
    });
    const outcome = await serviceClient().createScope(DEFINITION);
    expect(outcome.kind).toBe('created');
    expect(apiRequests().map((r) => r.method)).toEqual(['POST', 'POST']);
    expect(client.scopes).toHaveLength(1);
  });

  test('no loop: a fresh token refused too fails the call, and no third token is asked for in the run', async () => {
    service.inject({ path: /^\/v2\/api\//, before: () => service.expireTokens(), times: 100 });
    const api = serviceClient();
    const error = await rejectionOf(api.getClient(), HttpError);
    expect(error.message).toMatch(
      /^Client inspection \(GET .*\) failed with HTTP 401: the service refused the access token \(granted for urn:globus:auth:scope:auth\.globus\.org:manage_projects\), and a fresh one too: check that auth_url is the authentication service that issued it, or use auth: basic\./,
    );
    expect(tokenRequests()).toHaveLength(2);
    expect(apiRequests()).toHaveLength(2);
    // Later calls of the run: once with the token it has, no refresh any more.
    await rejectionOf(api.lookupScopesById([client.id]), HttpError);
    expect(tokenRequests()).toHaveLength(2);
    expect(apiRequests()).toHaveLength(3);
  });

  test('another refusal (403) is not about the token: no fresh token, the call not sent again', async () => {
    service.inject({ method: 'GET', path: `/v2/api/clients/${client.id}`, status: 403 });
    const error = await rejectionOf(serviceClient().getClient(), HttpError);
    expect(error.status).toBe(403);
    expect(tokenRequests()).toHaveLength(1);
    expect(apiRequests()).toHaveLength(1);
  });

  test('with auth: basic, no token and no second try', async () => {
    service.inject({ method: 'GET', status: 401 });
    const error = await rejectionOf(serviceClient('basic').getClient(), HttpError);
    expect(error.message).toMatch(/failed with HTTP 401: the credentials were rejected/);
    expect(tokenRequests()).toEqual([]);
    expect(apiRequests().map((r) => r.auth)).toEqual(['basic']);
  });
});
