/**
 * The service client against msw 3 intercepting undici: what goes on the wire (method, path,
 * query, credentials, body), how answers are read, and what every failure says.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from '@jest/globals';
import { HttpRequestInterceptor } from '@mswjs/interceptors/http';
import { http, HttpResponse } from 'msw';
import { defineNetwork, InterceptorSource } from 'msw/experimental';
import { Agent } from 'undici';
import { createBudget } from '../../src/wire/budget.ts';
import { HttpError, MAX_RESPONSE_BYTES } from '../../src/wire/http.ts';
import type { RetryPolicy } from '../../src/wire/retry.ts';
import type { ScopeDefinition } from '../../src/engine/service.ts';
import { createServiceClient } from '../../src/wire/service-client.ts';
import { fakeClock } from '../support/clock.ts';
import { id, nthUuid as uuid } from '../support/ids.ts';
import { rejectionOf } from '../support/rejection.ts';

const AUTH_URL = 'https://auth.example.test';
const HOST = 'auth.example.test';
const CLIENT_ID = id('7f3c9a2e-1b4d-4e8f-9a6b-2c5d8e1f0a3b');
const CLIENT_SECRET = 'S3cr3t+value/with=signs';
// base64 of `${CLIENT_ID}:${CLIENT_SECRET}`, computed with coreutils' base64, not with the code under test.
const CREDENTIAL = 'N2YzYzlhMmUtMWI0ZC00ZThmLTlhNmItMmM1ZDhlMWYwYTNiOlMzY3IzdCt2YWx1ZS93aXRoPXNpZ25z';
const CLIENT_PATH = `/v2/api/clients/${CLIENT_ID}`;
const SCOPES_PATH = '/v2/api/scopes';
const INSPECTION = `Client inspection (GET ${CLIENT_PATH})`;
const LOOKUP = `Scope lookup (GET ${SCOPES_PATH})`;
const CREATION = `Scope creation (POST ${CLIENT_PATH}/scopes)`;

const NO_RETRY: RetryPolicy = { attempts: 1, baseDelayMs: 0, maxDelayMs: 0 };

/** A scope as the service answers it, with a field the client does not know. */
const wireScope = (n: number) => ({
  id: uuid(n),
  scope_string: `${AUTH_URL}/scopes/${CLIENT_ID}/suffix${n}`,
  name: `Scope ${n}`,
  description: `Description ${n}`,
  client: CLIENT_ID,
  advertised: true,
  allows_refresh_token: true,
  dependent_scopes: [{ scope: uuid(900), optional: false, requires_refresh_token: true }],
  unknown_field: 'ignored',
});

/** A copy of `value` without `key`. */
const without = <T extends object, K extends keyof T>(value: T, key: K): Omit<T, K> =>
  Object.fromEntries(Object.entries(value).filter(([k]) => k !== key)) as Omit<T, K>;

/** The same scope as the client returns it: unknown fields stripped. */
const parsedScope = (n: number) => without(wireScope(n), 'unknown_field');

/** A client inspection answer, with fields the client does not use. */
const clientBody = (scopes: unknown[]) => ({
  client: {
    id: CLIENT_ID,
    name: 'My provider',
    scopes,
    fqdns: [],
    redirect_uris: ['https://example.test/callback'],
    grant_types: ['authorization_code', 'client_credentials'],
    links: { privacy_policy: null, terms_and_conditions: null },
    visibility: 'private',
    public_client: false,
  },
  extra_top_level: 1,
});

const network = defineNetwork({
  sources: [new InterceptorSource({ interceptors: [new HttpRequestInterceptor()] })],
  handlers: [],
  onUnhandledFrame: 'error',
  context: { quiet: true },
});

beforeAll(async () => {
  await network.enable();
});
afterAll(async () => {
  await network.disable();
});

const DEFINITION: ScopeDefinition = { name: 'n', description: 'd', scope_suffix: 's', advertised: true, allow_refresh_tokens: true, dependent_scopes: [] };

/** What the mocked service received. */
interface SeenRequest {
  method: string;
  path: string;
  /** The raw query string, without `?`. */
  query: string;
  headers: Record<string, string>;
  body: string;
}

let seen: SeenRequest[] = [];
let agents: Agent[] = [];

afterEach(async () => {
  network.resetHandlers();
  seen = [];
  // Each test has its own agent, so that no pooled socket outlives its test.
  await Promise.all(agents.map((agent) => agent.destroy()));
  agents = [];
});

/** Answers `method path` with `respond()` each time, recording what was sent. */
function serve(method: 'get' | 'post' | 'put', path: string, respond: () => Response): void {
  network.use(
    http[method](`${AUTH_URL}${path}`, async ({ request }) => {
      const url = new URL(request.url);
      seen.push({
        method: request.method,
        path: url.pathname,
        query: url.search.replace(/^\?/, ''),
        headers: Object.fromEntries(request.headers),
        body: await request.text(),
      });
      return respond();
    }),
  );
}

/** A client on its own agent, with no retries unless a policy is given, on a fake clock. */
function makeClient({ policy = NO_RETRY, clock = fakeClock() }: { policy?: RetryPolicy; clock?: ReturnType<typeof fakeClock> } = {}) {
  const dispatcher = new Agent();
  agents.push(dispatcher);
  return createServiceClient({ authUrl: AUTH_URL, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, dispatcher, budget: createBudget(30, { clock, policy }) });
}

/** The HttpError the call fails with; its message never holds the secret. */
async function failure(promise: Promise<unknown>): Promise<HttpError> {
  const error = await rejectionOf(promise, HttpError);
  expect(error.message).not.toContain(CLIENT_SECRET);
  expect(error.message).not.toContain(CREDENTIAL);
  return error;
}

/** Compared as a prefix, so that a failure shows both texts. */
const expectPrefix = (message: string, prefix: string): void => {
  expect(message.slice(0, prefix.length)).toBe(prefix);
};

const onlyRequest = (): SeenRequest => {
  expect(seen).toHaveLength(1);
  return seen[0] as SeenRequest;
};

describe('what is sent', () => {
  test('client inspection: GET with Basic credentials, no query, no body', async () => {
    serve('get', CLIENT_PATH, () => HttpResponse.json(clientBody([])));
    await makeClient().getClient();

    const request = onlyRequest();
    expect(request.method).toBe('GET');
    expect(request.path).toBe(CLIENT_PATH);
    expect(request.query).toBe('');
    expect(request.headers.authorization).toBe(`Basic ${CREDENTIAL}`);
    expect(request.headers.accept).toBe('application/json');
    expect(request.headers['content-type']).toBeUndefined();
    expect(request.body).toBe('');
  });

  test('lookup by string: each string encoded on its own, the commas between them raw', async () => {
    serve('get', SCOPES_PATH, () => HttpResponse.json({ scopes: [] }));
    await makeClient().lookupScopesByString([`${AUTH_URL}/scopes/${CLIENT_ID}/action_all`, 'urn:platform:scope:a,b c&d=e#f']);

    const request = onlyRequest();
    expect(request.method).toBe('GET');
    expect(request.path).toBe(SCOPES_PATH);
    expect(request.query).toBe(
      `scope_strings=https%3A%2F%2Fauth.example.test%2Fscopes%2F${CLIENT_ID}%2Faction_all,urn%3Aplatform%3Ascope%3Aa%2Cb%20c%26d%3De%23f`,
    );
    expect(request.headers.authorization).toBe(`Basic ${CREDENTIAL}`);
  });

  test('lookup by id: ids joined by raw commas', async () => {
    serve('get', SCOPES_PATH, () => HttpResponse.json({ scopes: [] }));
    await makeClient().lookupScopesById([uuid(1), uuid(2), uuid(3)]);

    const request = onlyRequest();
    expect(request.method).toBe('GET');
    expect(request.query).toBe(`ids=${uuid(1)},${uuid(2)},${uuid(3)}`);
    expect(request.headers.authorization).toBe(`Basic ${CREDENTIAL}`);
  });

  test('creation: POST of {scope: definition} as JSON', async () => {
    const definition: ScopeDefinition = {
      name: 'My provider',
      description: 'Runs my actions',
      scope_suffix: 'action_all',
      advertised: false,
      allow_refresh_tokens: true,
      dependent_scopes: [{ scope: uuid(900), optional: true, requires_refresh_token: false }],
    };
    serve('post', `${CLIENT_PATH}/scopes`, () => HttpResponse.json({ scopes: [wireScope(1)] }));
    await makeClient().createScope(definition);

    const request = onlyRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`${CLIENT_PATH}/scopes`);
    expect(request.query).toBe('');
    expect(request.headers.authorization).toBe(`Basic ${CREDENTIAL}`);
    expect(request.headers['content-type']).toBe('application/json');
    // Both refresh-token names, with the same value: the API's and the system spec's.
    expect(JSON.parse(request.body)).toEqual({ scope: { ...definition, allows_refresh_token: true } });
  });

  test.each([true, false])('allow_refresh_tokens: %s is sent under both names', async (value) => {
    serve('post', `${CLIENT_PATH}/scopes`, () => HttpResponse.json({ scopes: [wireScope(1)] }));
    await makeClient().createScope({ ...DEFINITION, allow_refresh_tokens: value });
    const { scope } = JSON.parse(onlyRequest().body) as { scope: Record<string, unknown> };
    expect([scope.allow_refresh_tokens, scope.allows_refresh_token]).toEqual([value, value]);
  });
});

describe('how answers are read', () => {
  test('client.scopes as UUIDs: ids only, no scope objects; unknown fields ignored', async () => {
    serve('get', CLIENT_PATH, () => HttpResponse.json(clientBody([uuid(1), uuid(2)])));
    const client = await makeClient().getClient();
    expect(client).toStrictEqual({ id: CLIENT_ID, name: 'My provider', scopeIds: [uuid(1), uuid(2)], scopes: [] });
  });

  test('client.scopes as objects: ids, and the complete ones as scopes', async () => {
    const idOnly = { id: uuid(3), whatever: true };
    serve('get', CLIENT_PATH, () => HttpResponse.json(clientBody([wireScope(1), idOnly, wireScope(2)])));
    const client = await makeClient().getClient();
    expect(client.scopeIds).toEqual([uuid(1), uuid(3), uuid(2)]);
    expect(client.scopes).toStrictEqual([parsedScope(1), parsedScope(2)]);
  });

  test('lookup answers a list of scopes, unknown fields stripped', async () => {
    serve('get', SCOPES_PATH, () => HttpResponse.json({ scopes: [wireScope(1), wireScope(2)], next: null }));
    expect(await makeClient().lookupScopesByString(['urn:x'])).toStrictEqual([parsedScope(1), parsedScope(2)]);
  });

  test.each([
    ['an empty list', () => HttpResponse.json({ scopes: [] })],
    ['404', () => HttpResponse.json({ errors: [{ detail: 'not found' }] }, { status: 404 })],
    ['404 without a body', () => new HttpResponse(null, { status: 404 })],
  ])('lookup answering %s returns []', async (_what, respond) => {
    serve('get', SCOPES_PATH, respond);
    const client = makeClient();
    expect(await client.lookupScopesByString(['urn:x'])).toEqual([]);
    expect(await client.lookupScopesById([uuid(1)])).toEqual([]);
    expect(seen).toHaveLength(2);
  });

  test.each([
    ['{scopes: [...]}', { scopes: [wireScope(1), wireScope(2)] }, [parsedScope(1), parsedScope(2)]],
    ['{scope: {...}}', { scope: wireScope(1) }, [parsedScope(1)]],
  ])('creation answering %s gives the list of scopes', async (_shape, body, expected) => {
    serve('post', `${CLIENT_PATH}/scopes`, () => HttpResponse.json(body, { status: 201 }));
    const definition: ScopeDefinition = {
      name: 'n',
      description: 'd',
      scope_suffix: 'action_all',
      advertised: true,
      allow_refresh_tokens: true,
      dependent_scopes: [],
    };
    expect(await makeClient().createScope(definition)).toStrictEqual({ kind: 'created', scopes: expected });
  });
});

describe('what failures say', () => {
  const detail = 'Client credentials are invalid or expired';

  const hints = {
    401:
      "the credentials were rejected: client_id must be the app's Client ID and client_secret one of its current secrets " +
      '(a secret deleted in the developer portal stops working at once; a client_id and client_secret swapped or from two apps fail too)',
    403:
      "the service refused this client the call: the app's project may require an administrator's recent login, or a policy " +
      'of the project blocks it; open the project in the developer portal with an administering identity',
    404: 'there is no such API at this address: check that auth_url is the base address of the authentication service',
  } as const;

  test.each([401, 403, 404] as const)('HTTP %i on inspection: the call, the hint, the service detail, the request id from the body', async (status) => {
    serve('get', CLIENT_PATH, () => HttpResponse.json({ errors: [{ detail }, { detail: 'second' }], request_id: 'req-body-1' }, { status }));
    const error = await failure(makeClient().getClient());
    expect(error.message).toBe(`${INSPECTION} failed with HTTP ${status}: ${hints[status]}. The service said: ${detail} (request id req-body-1)`);
    expect(error.status).toBe(status);
    expect(error.transient).toBe(false);
    expect(seen).toHaveLength(1);
  });

  test('the request id from the x-request-id header', async () => {
    serve('get', CLIENT_PATH, () => HttpResponse.json({ errors: [{ detail }] }, { status: 401, headers: { 'x-request-id': 'req-header-7' } }));
    const error = await failure(makeClient().getClient());
    expect(error.message).toBe(`${INSPECTION} failed with HTTP 401: ${hints[401]}. The service said: ${detail} (request id req-header-7)`);
  });

  // The vendor's error shape (globus-sdk-python, testing/data/auth/_common.py): the id its
  // support asks for is errors[].id.
  test("the vendor's error body: its detail and its error id", async () => {
    const body = { errors: [{ status: '401', id: '5a6b1c2d-error-id', code: 'UNAUTHORIZED', title: 'Unauthorized', detail: 'Basic auth failed' }], error: 'unauthorized', error_description: 'Unauthorized' };
    serve('get', CLIENT_PATH, () => HttpResponse.json(body, { status: 401 }));
    const error = await failure(makeClient().getClient());
    expect(error.message).toBe(`${INSPECTION} failed with HTTP 401: ${hints[401]}. The service said: Basic auth failed (error id 5a6b1c2d-error-id)`);
  });

  test('an error id and a request id are both shown; error_description when there is no detail', async () => {
    serve('get', CLIENT_PATH, () => HttpResponse.json({ errors: [{ id: 'e-1' }], error_description: 'Forbidden' }, { status: 403, headers: { 'x-request-id': 'r-2' } }));
    const error = await failure(makeClient().getClient());
    expect(error.message).toBe(`${INSPECTION} failed with HTTP 403: ${hints[403]}. The service said: Forbidden (error id e-1, request id r-2)`);
  });

  test.each(['/v2/api', '/api', '/v2'])('an auth_url ending in %s is named as the likely cause of a 404', async (apiPath) => {
    network.use(http.get(`${AUTH_URL}${apiPath}${CLIENT_PATH}`, () => HttpResponse.json({}, { status: 404 })));
    const dispatcher = new Agent();
    agents.push(dispatcher);
    const client = createServiceClient({ authUrl: `${AUTH_URL}${apiPath}`, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, dispatcher, budget: createBudget(30, { clock: fakeClock(), policy: NO_RETRY }) });
    const error = await failure(client.getClient());
    expect(error.message).toContain(`failed with HTTP 404: auth_url ends in ${apiPath}, which looks like a path of the API: set it to the service's base address alone (e.g. https://auth.globus.org).`);
  });

  test('the body request id wins over the header', async () => {
    serve('get', CLIENT_PATH, () => HttpResponse.json({ request_id: 'from-body' }, { status: 403, headers: { 'x-request-id': 'from-header' } }));
    const error = await failure(makeClient().getClient());
    expect(error.message).toBe(`${INSPECTION} failed with HTTP 403: ${hints[403]}. (request id from-body)`);
  });

  test('a 200 that is not JSON', async () => {
    serve('get', CLIENT_PATH, () => HttpResponse.html('<html>Sign in</html>'));
    const error = await failure(makeClient().getClient());
    expect(error.message).toBe(`${INSPECTION}: the answer (HTTP 200) is not JSON`);
    expect(error.status).toBe(200);
  });

  test('a client without its id', async () => {
    serve('get', CLIENT_PATH, () => HttpResponse.json({ client: { name: 'x', scopes: [] } }));
    const error = await failure(makeClient().getClient());
    expect(error.message).toBe(`${INSPECTION}: the answer lacks or mistypes client.id`);
  });

  test('a client whose scopes are not a list', async () => {
    serve('get', CLIENT_PATH, () => HttpResponse.json({ client: { id: CLIENT_ID, scopes: 'none' } }));
    const error = await failure(makeClient().getClient());
    expect(error.message).toBe(`${INSPECTION}: the answer lacks or mistypes client.scopes`);
  });

  test('a looked-up scope without its scope_string', async () => {
    const broken = without(wireScope(2), 'scope_string');
    serve('get', SCOPES_PATH, () => HttpResponse.json({ scopes: [wireScope(1), broken] }));
    const error = await failure(makeClient().lookupScopesByString(['urn:x']));
    expect(error.message).toBe(`${LOOKUP}: the answer lacks or mistypes scopes.1.scope_string`);
  });

  describe('a creation answer of neither shape', () => {
    const broken = without(wireScope(1), 'scope_string');
    const create = () =>
      makeClient().createScope(DEFINITION);

    test('names the call', async () => {
      serve('post', `${CLIENT_PATH}/scopes`, () => HttpResponse.json({ scopes: [broken] }));
      expectPrefix((await failure(create())).message, `${CREATION}: the answer lacks or mistypes `);
    });

    test('names the missing field', async () => {
      serve('post', `${CLIENT_PATH}/scopes`, () => HttpResponse.json({ scopes: [broken] }));
      expect((await failure(create())).message).toBe(`${CREATION}: the answer lacks or mistypes scopes.0.scope_string`);
    });

    test('an answer with neither scopes nor scope', async () => {
      serve('post', `${CLIENT_PATH}/scopes`, () => HttpResponse.json({ created: true }));
      expect((await failure(create())).message).toBe(`${CREATION}: the answer lacks or mistypes scopes`);
    });
  });

  test(`a body over MAX_RESPONSE_BYTES (${MAX_RESPONSE_BYTES}) is refused`, async () => {
    const huge = JSON.stringify({ client: { id: CLIENT_ID, scopes: [], padding: 'x'.repeat(MAX_RESPONSE_BYTES) } });
    serve('get', CLIENT_PATH, () => new HttpResponse(huge, { headers: { 'content-type': 'application/json' } }));
    const error = await failure(makeClient().getClient());
    expect(error.message).toBe(`${INSPECTION}: the answer is larger than ${MAX_RESPONSE_BYTES} bytes and was not read`);
  });

  test('a body just under the limit is read', async () => {
    const body = JSON.stringify({ client: { id: CLIENT_ID, scopes: [], padding: '' } });
    const padded = body.replace('"padding":""', `"padding":"${'x'.repeat(MAX_RESPONSE_BYTES - body.length)}"`);
    expect(padded).toHaveLength(MAX_RESPONSE_BYTES);
    serve('get', CLIENT_PATH, () => new HttpResponse(padded, { headers: { 'content-type': 'application/json' } }));
    expect((await makeClient().getClient()).id).toBe(CLIENT_ID);
  });

  test('a connection error names the call and the host', async () => {
    serve('get', CLIENT_PATH, () => HttpResponse.error());
    const error = await failure(makeClient().getClient());
    expectPrefix(error.message, `${INSPECTION}: could not reach ${HOST}: `);
    expect(error.status).toBeUndefined();
  });

  test('a redirect is not followed with the credentials', async () => {
    serve('get', CLIENT_PATH, () => new HttpResponse(null, { status: 302, headers: { location: 'https://elsewhere.example.test/login' } }));
    network.use(
      http.get('https://elsewhere.example.test/login', () => {
        throw new Error('the redirect was followed');
      }),
    );
    const error = await failure(makeClient().getClient());
    expect(error.message).toBe(
      `${INSPECTION} was redirected (HTTP 302) to https://elsewhere.example.test/login. Redirects are not followed with the credentials: ` +
        'set auth_url to the address of the service itself.',
    );
    expect(seen).toHaveLength(1);
  });
});

describe('retries', () => {
  test('a read is tried again after a 503', async () => {
    let calls = 0;
    serve('get', CLIENT_PATH, () => (++calls === 1 ? new HttpResponse('busy', { status: 503 }) : HttpResponse.json(clientBody([uuid(1)]))));
    const clock = fakeClock();
    const client = makeClient({ policy: { attempts: 3, baseDelayMs: 100, maxDelayMs: 1000 }, clock });
    expect((await client.getClient()).scopeIds).toEqual([uuid(1)]);
    expect(seen).toHaveLength(2);
    expect(clock.slept).toEqual([50]); // random 0.5 × base 100
  });

  test('a creation is never sent twice by the client: a 503 is an outcome the reconciliation weighs', async () => {
    serve('post', `${CLIENT_PATH}/scopes`, () => new HttpResponse('busy', { status: 503, headers: { 'retry-after': '7' } }));
    const clock = fakeClock();
    const client = makeClient({ policy: { attempts: 5, baseDelayMs: 100, maxDelayMs: 1000 }, clock });
    const outcome = await client.createScope(DEFINITION);
    expect(outcome).toEqual({ kind: 'unknown', error: expect.any(HttpError), retryAfterMs: 7000 });
    expect(outcome.kind !== 'created' && outcome.error.message).toBe(`${CREATION} failed with HTTP 503.`);
    expect(seen).toHaveLength(1);
    expect(clock.slept).toEqual([]);
  });

  test.each([
    [409, 'conflict'],
    [400, 'refused'],
    [422, 'refused'],
    [500, 'unknown'],
    [429, 'unknown'],
  ])('a creation answered %i is the outcome %s', async (status, kind) => {
    serve('post', `${CLIENT_PATH}/scopes`, () => HttpResponse.json({}, { status }));
    expect((await makeClient().createScope(DEFINITION)).kind).toBe(kind);
  });

  test.each([401, 403, 404])('a creation answered %i is thrown', async (status) => {
    serve('post', `${CLIENT_PATH}/scopes`, () => HttpResponse.json({}, { status }));
    expect((await failure(makeClient().createScope(DEFINITION))).status).toBe(status);
  });
});

describe('updates', () => {
  const UPDATE = `${SCOPES_PATH}/${uuid(1)}`;

  test('PUT of the changeable fields under scope: all but the suffix, both refresh-token names', async () => {
    serve('put', UPDATE, () => HttpResponse.json({ scope: wireScope(1) }));
    const definition: ScopeDefinition = { ...DEFINITION, required_domains: ['example.org'], dependent_scopes: [{ scope: uuid(900), optional: true, requires_refresh_token: false }] };
    expect(await makeClient().updateScope(uuid(1), definition)).toStrictEqual(parsedScope(1));
    const request = onlyRequest();
    expect([request.method, request.path, request.headers.authorization, request.headers['content-type']]).toEqual(['PUT', UPDATE, `Basic ${CREDENTIAL}`, 'application/json']);
    expect(JSON.parse(request.body)).toEqual({
      scope: {
        name: 'n',
        description: 'd',
        advertised: true,
        allows_refresh_token: true,
        allow_refresh_tokens: true,
        required_domains: ['example.org'],
        dependent_scopes: [{ scope: uuid(900), optional: true, requires_refresh_token: false }],
      },
    });
  });

  test('idempotent: tried again after a 503, like a read', async () => {
    let calls = 0;
    serve('put', UPDATE, () => (++calls === 1 ? new HttpResponse('busy', { status: 503 }) : HttpResponse.json({ scope: wireScope(1) })));
    const clock = fakeClock();
    await makeClient({ policy: { attempts: 3, baseDelayMs: 100, maxDelayMs: 1000 }, clock }).updateScope(uuid(1), DEFINITION);
    expect(seen).toHaveLength(2);
    expect(clock.slept).toEqual([50]);
  });

  test.each([
    [404, 'the scope no longer exists (deleted since the inspection?): run the step again, and it will be created anew'],
    [403, 'the service refused this client the change of its scope'],
  ])('HTTP %i says what it means for a scope that existed a moment ago', async (status, hint) => {
    serve('put', UPDATE, () => HttpResponse.json({}, { status }));
    const error = await failure(makeClient().updateScope(uuid(1), DEFINITION));
    expect(error.message).toContain(`Scope update (PUT ${UPDATE}) failed with HTTP ${status}: ${hint}`);
  });

  test('one scope by id: GET, answered {scope: {...}}', async () => {
    serve('get', UPDATE, () => HttpResponse.json({ scope: wireScope(1) }));
    expect(await makeClient().getScope(uuid(1))).toStrictEqual(parsedScope(1));
    expect(onlyRequest().method).toBe('GET');
  });
});

describe("the service's values are checked before they are used", () => {
  test.each([
    ['a line break', 'https://auth.example.test/scopes/x/a\nb'],
    ['a NUL', 'https://auth.example.test/scopes/x/a\u0000'],
    ['a command substitution', 'https://auth.example.test/scopes/$(id)/all'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['white space', 'https://auth.example.test/scopes/x/a b'],
    ['no scheme', 'auth.example.test/scopes/x/all'],
  ])('a scope_string with %s is refused, naming the call and the field', async (_what, scopeString) => {
    serve('get', SCOPES_PATH, () => HttpResponse.json({ scopes: [{ ...wireScope(1), scope_string: scopeString }] }));
    const error = await failure(makeClient().lookupScopesByString(['urn:x']));
    expect(error.message).toBe(`${LOOKUP}: the answer lacks or mistypes scopes.0.scope_string`);
  });

  test.each(['https://auth.globus.org/scopes/actions.globus.org/hello_world', 'urn:globus:auth:scope:groups.api.globus.org:view_my_groups_and_memberships', 'http://127.0.0.1:8080/scopes/x/action_all'])(
    'a real one is taken: %s',
    async (scopeString) => {
      serve('get', SCOPES_PATH, () => HttpResponse.json({ scopes: [{ ...wireScope(1), scope_string: scopeString }] }));
      expect((await makeClient().lookupScopesByString(['urn:x']))[0]?.scope_string).toBe(scopeString);
    },
  );

  test('an id that is not a UUID is refused', async () => {
    serve('get', SCOPES_PATH, () => HttpResponse.json({ scopes: [{ ...wireScope(1), id: 'THE_SCOPE_ID_HERE' }] }));
    expect((await failure(makeClient().lookupScopesByString(['urn:x']))).message).toBe(`${LOOKUP}: the answer lacks or mistypes scopes.0.id`);
  });
});

test('a 409 on a read is not called "the scope already exists": that hint is the creation\'s', async () => {
  serve('get', CLIENT_PATH, () => HttpResponse.json({}, { status: 409 }));
  expect((await failure(makeClient().getClient())).message).toBe(`${INSPECTION} failed with HTTP 409.`);
  serve('post', `${CLIENT_PATH}/scopes`, () => HttpResponse.json({}, { status: 409 }));
  const outcome = await makeClient().createScope(DEFINITION);
  expect(outcome.kind === 'conflict' && outcome.error.message).toBe(`${CREATION} failed with HTTP 409: the scope already exists.`);
});
