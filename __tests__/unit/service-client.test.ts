/**
 * The service client against the embedded service (dev/service/), driven in process: what
 * goes on the wire (method, path, query, credentials, body), how answers are read, and what
 * every failure says. Where a test is about one of the service's rules, the service answers
 * by its rules; where it is about an odd answer on the wire (a malformed body, an odd shape,
 * an error body, a redirect, a Retry-After), a fault answers instead (`status`, `body`,
 * `headers`; dev/service/faults.ts).
 */
import { describe, expect, test } from '@jest/globals';
import type { Dispatcher } from 'undici';
import type { AuthServiceOptions, EmbeddedAuthService, ScopeRecord } from '../../dev/auth-service.ts';
import { createBudget } from '../../src/wire/budget.ts';
import { HttpError, MAX_RESPONSE_BYTES } from '../../src/wire/http.ts';
import type { RetryPolicy } from '../../src/wire/retry.ts';
import type { ScopeDefinition } from '../../src/engine/reconcile/service.ts';
import { PLAIN_WORDS } from '../../src/wire/words.ts';
import { createServiceClient, statusHints, UNUSABLE_ANSWER, updateHints } from '../../src/wire/service-client.ts';
import { fakeClock } from '../support/clock.ts';
import { id, nthUuid as uuid } from '../support/ids.ts';
import { AUTH_URL, inProcessService } from '../support/in-process.ts';
import { rejectionOf } from '../support/rejection.ts';

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

/** A scope as a service could answer it, with a field the client does not know: for odd answers. */
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
  client: { id: CLIENT_ID, name: 'My provider', scopes, fqdns: [], visibility: 'private', public_client: false },
  extra_top_level: 1,
});

/** A fault's body: JSON text. */
const json = (value: unknown): string => JSON.stringify(value);

const DEFINITION: ScopeDefinition = {
  name: 'n',
  description: 'd',
  scope_suffix: 's',
  advertised: true,
  allow_refresh_tokens: true,
  dependent_scopes: [],
};

/** A request as the client put it on the wire (the service records no secret: this is the test's own view). */
interface SeenRequest {
  method: string;
  path: string;
  /** The raw query string, without `?`. */
  query: string;
  headers: Record<string, string>;
  body: string;
}

interface SetUp {
  policy?: RetryPolicy;
  clock?: ReturnType<typeof fakeClock>;
  authUrl?: string;
  /** The service's options (dev/service/api.ts). */
  options?: AuthServiceOptions;
  fqdns?: string[];
}

/**
 * A fresh service with this file's client, "My provider", and the scope its definitions
 * depend on; a client of it on a fake clock, with no retries unless a policy is given; and
 * every request that client sent, as sent.
 */
function setUp({ policy = NO_RETRY, clock = fakeClock(), authUrl = AUTH_URL, options = {}, fqdns = [] }: SetUp = {}) {
  const service = inProcessService(options);
  service.addClient({ id: CLIENT_ID, secret: CLIENT_SECRET, name: 'My provider', fqdns });
  service.addScope({ id: uuid(900), scope_string: `${AUTH_URL}/scopes/another-service/all` });
  const seen: SeenRequest[] = [];
  const record: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (options, handler) => {
    const [path = '', query = ''] = options.path.split('?');
    const headers = Object.fromEntries(
      Object.entries(options.headers ?? {}).map(([name, value]) => [name.toLowerCase(), String(value)]),
    );
    seen.push({
      method: options.method,
      path,
      query,
      headers,
      body: typeof options.body === 'string' ? options.body : '',
    });
    return dispatch(options, handler);
  };
  const dispatcher = service.dispatcher().compose(record);
  const client = createServiceClient({
    authUrl,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    dispatcher,
    budget: createBudget(30, { clock, policy }),
  });
  const onlyRequest = (): SeenRequest => {
    expect(seen).toHaveLength(1);
    return seen[0] as SeenRequest;
  };
  return { service, client, seen, onlyRequest };
}

/** Gives the client a scope, as the service makes it. */
const addOwnScope = (service: EmbeddedAuthService, n: number, fields: Partial<ScopeRecord> = {}): ScopeRecord =>
  service.addScope({
    id: uuid(n),
    client: CLIENT_ID,
    scope_string: `${AUTH_URL}/scopes/${CLIENT_ID}/suffix${n}`,
    ...fields,
  });

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

/** A refused answer's message: the call, each field and what is wrong with it, and what to do. */
const unusable = (label: string, problem: string): string =>
  `${label}: the answer (HTTP 200) cannot be used: ${problem}. ${UNUSABLE_ANSWER}.`;
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('what is sent', () => {
  test('client inspection: GET with Basic credentials, no query, no body', async () => {
    const { client, onlyRequest } = setUp();
    await client.getClient();

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
    const { client, onlyRequest } = setUp();
    await client.lookupScopesByString([`${AUTH_URL}/scopes/${CLIENT_ID}/action_all`, 'urn:platform:scope:a,b c&d=e#f']);

    const request = onlyRequest();
    expect(request.method).toBe('GET');
    expect(request.path).toBe(SCOPES_PATH);
    expect(request.query).toBe(
      `scope_strings=https%3A%2F%2Fauth.example.test%2Fscopes%2F${CLIENT_ID}%2Faction_all,urn%3Aplatform%3Ascope%3Aa%2Cb%20c%26d%3De%23f`,
    );
    expect(request.headers.authorization).toBe(`Basic ${CREDENTIAL}`);
  });

  test('lookup by id: ids joined by raw commas', async () => {
    const { client, onlyRequest } = setUp();
    await client.lookupScopesById([uuid(1), uuid(2), uuid(3)]);

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
    const { client, onlyRequest } = setUp();
    expect((await client.createScope(definition)).kind).toBe('created');

    const request = onlyRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`${CLIENT_PATH}/scopes`);
    expect(request.query).toBe('');
    expect(request.headers.authorization).toBe(`Basic ${CREDENTIAL}`);
    expect(request.headers['content-type']).toBe('application/json');
    // Both refresh-token names, with the same value: the API's, and the one of the vendor's guide until 2025 (globus/action-provider-tools, docs/source/setting_up_auth.rst).
    expect(JSON.parse(request.body)).toEqual({ scope: { ...definition, allows_refresh_token: true } });
  });

  test.each([true, false])('allow_refresh_tokens: %s is sent under both names', async (value) => {
    const { service, client, onlyRequest } = setUp();
    await client.createScope({ ...DEFINITION, allow_refresh_tokens: value });
    const { scope } = JSON.parse(onlyRequest().body) as { scope: Record<string, unknown> };
    expect([scope.allow_refresh_tokens, scope.allows_refresh_token]).toEqual([value, value]);
    // And the service took it.
    expect([...service.scopes.values()].find((s) => s.client === CLIENT_ID)?.allows_refresh_token).toBe(value);
  });
});

describe('how answers are read', () => {
  test('client.scopes as UUIDs: ids only, no scope objects; unknown fields ignored', async () => {
    const { service, client } = setUp();
    addOwnScope(service, 1);
    addOwnScope(service, 2);
    // The service's client carries redirect_uris, grant_types, links and more, which the client does not use.
    expect(await client.getClient()).toStrictEqual({
      id: CLIENT_ID,
      name: 'My provider',
      scopeIds: [uuid(1), uuid(2)],
      scopes: [],
    });
  });

  test('client.scopes as objects: ids, and the complete ones as scopes', async () => {
    const idOnly = { id: uuid(3), whatever: true };
    const { service, client } = setUp();
    service.inject({ method: 'GET', status: 200, body: json(clientBody([wireScope(1), idOnly, wireScope(2)])) });
    const inspected = await client.getClient();
    expect(inspected.scopeIds).toEqual([uuid(1), uuid(3), uuid(2)]);
    expect(inspected.scopes).toStrictEqual([parsedScope(1), parsedScope(2)]);
  });

  test('lookup answers a list of scopes, unknown fields stripped', async () => {
    const { service, client } = setUp();
    service.inject({ method: 'GET', status: 200, body: json({ scopes: [wireScope(1), wireScope(2)], next: null }) });
    expect(await client.lookupScopesByString(['urn:x'])).toStrictEqual([parsedScope(1), parsedScope(2)]);
  });

  test.each([
    ['an empty list', () => {}],
    [
      '404',
      (service: EmbeddedAuthService) =>
        service.inject({ method: 'GET', status: 404, body: json({ errors: [{ detail: 'not found' }] }), times: 2 }),
    ],
    [
      '404 without a body',
      (service: EmbeddedAuthService) => service.inject({ method: 'GET', status: 404, body: '', times: 2 }),
    ],
  ])('lookup answering %s returns []', async (_what, answer) => {
    const { service, client, seen } = setUp();
    answer(service);
    expect(await client.lookupScopesByString(['urn:x'])).toEqual([]);
    expect(await client.lookupScopesById([uuid(1)])).toEqual([]);
    expect(seen).toHaveLength(2);
  });

  test('a service that answers 404 for an unknown string or id (notFound: 404): [] too', async () => {
    const { service, client } = setUp({ options: { notFound: '404' } });
    expect(await client.lookupScopesByString(['urn:x'])).toEqual([]);
    expect(await client.lookupScopesById([uuid(1)])).toEqual([]);
    expect(service.requests.map((r) => r.method)).toEqual(['GET', 'GET']);
  });

  test.each([
    ['{scopes: [...]}', { scopes: [wireScope(1), wireScope(2)] }, [parsedScope(1), parsedScope(2)]],
    ['{scope: {...}}', { scope: wireScope(1) }, [parsedScope(1)]],
  ])('creation answering %s gives the list of scopes', async (_shape, body, expected) => {
    const { service, client } = setUp();
    service.inject({ method: 'POST', status: 201, body: json(body) });
    expect(await client.createScope({ ...DEFINITION, scope_suffix: 'action_all' })).toStrictEqual({
      kind: 'created',
      scopes: expected,
    });
  });

  test.each(['scopes', 'scope'] as const)(
    'the service answering a creation as {%s: ...}: the scopes it made',
    async (createShape) => {
      const { service, client } = setUp({ options: { createShape }, fqdns: ['provider.example.test'] });
      const made = [...service.scopes.values()];
      const outcome = await client.createScope(DEFINITION);
      const created = [...service.scopes.values()].filter((s) => !made.includes(s));
      expect(created).toHaveLength(2);
      expect(outcome).toStrictEqual({
        kind: 'created',
        scopes: createShape === 'scopes' ? created : created.slice(0, 1),
      });
    },
  );
});

describe('what failures say', () => {
  const detail = 'Client credentials are invalid or expired';

  // The hints as src/ words them; what the tests hold is where each goes and what surrounds it.
  const hints = statusHints(PLAIN_WORDS);

  test.each([401, 403, 404] as const)(
    'HTTP %i on inspection: the call, the hint, the service detail, the request id from the body',
    async (status) => {
      const { service, client, seen } = setUp();
      service.inject({
        method: 'GET',
        status,
        body: json({ errors: [{ detail }, { detail: 'second' }], request_id: 'req-body-1' }),
      });
      const error = await failure(client.getClient());
      expect(error.message).toBe(
        `${INSPECTION} failed with HTTP ${status}: ${hints[status]}. The service said: ${detail} (request id req-body-1)`,
      );
      expect(error.status).toBe(status);
      expect(error.transient).toBe(false);
      expect(seen).toHaveLength(1);
    },
  );

  test("each status's hint, word for word, in the door's words for the settings", () => {
    const words = { ...PLAIN_WORDS, ref: (setting: string) => `<${setting}>`, secretCopies: '<copies>' };
    expect(statusHints(words)).toStrictEqual({
      400: 'the service refused the request as invalid',
      401:
        "the credentials were rejected: <client_id> must be the app's Client ID and <client_secret> one of its current secrets " +
        '(a secret deleted in the developer portal stops working at once; a Client ID and secret swapped or from two apps fail too). ' +
        'For a secret deleted or lost: make a new secret in the developer portal, put it in <copies>, then redeploy the provider with it, in that order',
      403:
        "the service refused this client the call: the app's project may require an administrator's recent login, or a policy " +
        'of the project blocks it; open the project in the developer portal with an administering identity',
      404: 'there is no such API at this address: check that <auth_url> is the base address of the authentication service',
      429: 'too many requests',
    });
  });

  test('the request id from the x-request-id header', async () => {
    const { service, client } = setUp();
    service.inject({
      method: 'GET',
      status: 401,
      body: json({ errors: [{ detail }] }),
      headers: { 'x-request-id': 'req-header-7' },
    });
    const error = await failure(client.getClient());
    expect(error.message).toBe(
      `${INSPECTION} failed with HTTP 401: ${hints[401]}. The service said: ${detail} (request id req-header-7)`,
    );
  });

  // The vendor's error shape (globus-sdk-python, testing/data/auth/_common.py), as the service
  // answers a wrong secret: the id its support asks for is errors[].id.
  test("the vendor's error body: its detail and its error id", async () => {
    const { service } = setUp();
    const wrong = createServiceClient({
      authUrl: AUTH_URL,
      clientId: CLIENT_ID,
      clientSecret: 'not-the-secret',
      dispatcher: service.dispatcher(),
      budget: createBudget(30, { clock: fakeClock(), policy: NO_RETRY }),
    });
    const error = await failure(wrong.getClient());
    expect(error.message).toMatch(
      new RegExp(
        `^${INSPECTION.replace(/[()]/g, '\\$&')} failed with HTTP 401: ${(hints[401] ?? '').replace(/[()]/g, '\\$&')}\\. The service said: Basic auth failed \\(error id [0-9a-f-]{36}\\)$`,
      ),
    );
    // Known to be the secret's, on every call (the creation's too), for the watch's advice; with the status kept.
    expect([error.status, error.secretRejected]).toEqual([401, true]);
    const creation = await wrong
      .createScope({
        name: 'n',
        description: 'd',
        scope_suffix: 'action_all',
        advertised: true,
        allow_refresh_tokens: true,
        dependent_scopes: [],
      })
      .catch((e: unknown) => e);
    expect([
      creation instanceof HttpError && creation.status,
      creation instanceof HttpError && creation.secretRejected,
    ]).toEqual([401, true]);
  });

  test("another failure is not the secret's: a 403, a 404", async () => {
    const { service, client } = setUp();
    for (const status of [403, 404, 400]) {
      service.inject({ method: 'GET', status, body: json({ errors: [{ detail }] }) });
      const error = await failure(client.getClient());
      expect([error.status, error.secretRejected]).toEqual([status, false]);
    }
  });

  test('an error id and a request id are both shown; error_description when there is no detail', async () => {
    const { service, client } = setUp();
    service.inject({
      method: 'GET',
      status: 403,
      body: json({ errors: [{ id: 'e-1' }], error_description: 'Forbidden' }),
      headers: { 'x-request-id': 'r-2' },
    });
    const error = await failure(client.getClient());
    expect(error.message).toBe(
      `${INSPECTION} failed with HTTP 403: ${hints[403]}. The service said: Forbidden (error id e-1, request id r-2)`,
    );
  });

  test.each(['/v2/api', '/api', '/v2'])(
    'an auth_url ending in %s is named as the likely cause of a 404',
    async (apiPath) => {
      // The service has no route there.
      const { client } = setUp({ authUrl: `${AUTH_URL}${apiPath}` });
      const error = await failure(client.getClient());
      expect(error.message).toContain(
        `failed with HTTP 404: auth_url ends in ${apiPath}, which looks like a path of the API: set it to the service's base address alone (e.g. https://auth.globus.org).`,
      );
    },
  );

  test('the body request id wins over the header', async () => {
    const { service, client } = setUp();
    service.inject({
      method: 'GET',
      status: 403,
      body: json({ request_id: 'from-body' }),
      headers: { 'x-request-id': 'from-header' },
    });
    const error = await failure(client.getClient());
    expect(error.message).toBe(`${INSPECTION} failed with HTTP 403: ${hints[403]}. (request id from-body)`);
  });

  test('a 200 that is not JSON', async () => {
    const { service, client } = setUp();
    service.inject({
      method: 'GET',
      status: 200,
      body: '<html>Sign in</html>',
      headers: { 'content-type': 'text/html' },
    });
    const error = await failure(client.getClient());
    expect(error.message).toBe(`${INSPECTION}: the answer (HTTP 200) is not JSON`);
    expect(error.status).toBe(200);
  });

  test('a client without its id', async () => {
    const { service, client } = setUp();
    service.inject({ method: 'GET', status: 200, body: json({ client: { name: 'x', scopes: [] } }) });
    const error = await failure(client.getClient());
    expect(error.message).toBe(unusable(INSPECTION, 'client.id is missing: expected a string'));
  });

  test('a client whose scopes are not a list', async () => {
    const { service, client } = setUp();
    service.inject({ method: 'GET', status: 200, body: json({ client: { id: CLIENT_ID, scopes: 'none' } }) });
    const error = await failure(client.getClient());
    expect(error.message).toBe(unusable(INSPECTION, 'client.scopes has the wrong type: expected a list, got "none"'));
  });

  test('a looked-up scope without its scope_string', async () => {
    const broken = without(wireScope(2), 'scope_string');
    const { service, client } = setUp();
    service.inject({ method: 'GET', status: 200, body: json({ scopes: [wireScope(1), broken] }) });
    const error = await failure(client.lookupScopesByString(['urn:x']));
    expect(error.message).toBe(unusable(LOOKUP, 'scopes.1.scope_string is missing: expected a string'));
  });

  describe('a creation answer of neither shape', () => {
    const broken = without(wireScope(1), 'scope_string');
    const create = (body: unknown) => {
      const { service, client } = setUp();
      service.inject({ method: 'POST', status: 200, body: json(body) });
      return client.createScope(DEFINITION);
    };

    test('names the call', async () => {
      expectPrefix(
        (await failure(create({ scopes: [broken] }))).message,
        `${CREATION}: the answer (HTTP 200) cannot be used: `,
      );
    });

    test('names the missing field', async () => {
      expect((await failure(create({ scopes: [broken] }))).message).toBe(
        unusable(CREATION, 'scopes.0.scope_string is missing: expected a string'),
      );
    });

    test('an answer with neither scopes nor scope', async () => {
      expect((await failure(create({ created: true }))).message).toBe(
        unusable(CREATION, 'scopes is missing: expected "scopes": [the scope] (or "scope": the scope)'),
      );
    });
  });

  test(`a body over MAX_RESPONSE_BYTES (${MAX_RESPONSE_BYTES}) is refused`, async () => {
    const huge = json({ client: { id: CLIENT_ID, scopes: [], padding: 'x'.repeat(MAX_RESPONSE_BYTES) } });
    const { service, client } = setUp();
    service.inject({ method: 'GET', status: 200, body: huge });
    const error = await failure(client.getClient());
    expect(error.message).toBe(`${INSPECTION}: the answer is larger than ${MAX_RESPONSE_BYTES} bytes and was not read`);
  });

  test('a body just under the limit is read', async () => {
    const body = json({ client: { id: CLIENT_ID, scopes: [], padding: '' } });
    const padded = body.replace('"padding":""', `"padding":"${'x'.repeat(MAX_RESPONSE_BYTES - body.length)}"`);
    expect(padded).toHaveLength(MAX_RESPONSE_BYTES);
    const { service, client } = setUp();
    service.inject({ method: 'GET', status: 200, body: padded });
    expect((await client.getClient()).id).toBe(CLIENT_ID);
  });

  test('a connection closed before the answer names the call and the host', async () => {
    const { service, client } = setUp();
    service.inject({ method: 'GET', reset: true });
    const error = await failure(client.getClient());
    expectPrefix(error.message, `${INSPECTION}: the connection to ${HOST} was closed before the answer came`);
    expect(error.status).toBeUndefined();
  });

  test('a redirect is not followed with the credentials', async () => {
    const { service, client, seen } = setUp();
    service.inject({
      method: 'GET',
      status: 302,
      body: '',
      headers: { location: 'https://elsewhere.example.test/login' },
    });
    const error = await failure(client.getClient());
    expect(error.message).toBe(
      `${INSPECTION} was redirected (HTTP 302) to https://elsewhere.example.test/login. Redirects are not followed with the credentials: ` +
        'set auth_url to the address of the service itself.',
    );
    expect(seen).toHaveLength(1);
  });
});

describe('retries', () => {
  test('a read is tried again after a 503', async () => {
    const clock = fakeClock();
    const { service, client, seen } = setUp({ policy: { attempts: 3, baseDelayMs: 100, maxDelayMs: 1000 }, clock });
    addOwnScope(service, 1);
    service.inject({ method: 'GET', status: 503, body: 'busy' });
    expect((await client.getClient()).scopeIds).toEqual([uuid(1)]);
    expect(seen).toHaveLength(2);
    expect(clock.slept).toEqual([50]); // random 0.5 × base 100
  });

  test('a creation is never sent twice by the client: a 503 is an outcome the reconciliation weighs', async () => {
    const clock = fakeClock();
    const { service, client, seen } = setUp({ policy: { attempts: 5, baseDelayMs: 100, maxDelayMs: 1000 }, clock });
    service.inject({ method: 'POST', status: 503, body: 'busy', headers: { 'retry-after': '7' }, times: 5 });
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
    const { service, client } = setUp();
    service.inject({ method: 'POST', status, body: '{}' });
    expect((await client.createScope(DEFINITION)).kind).toBe(kind);
  });

  test('the service refusing a creation by its rules: a taken suffix is a conflict, an unknown dependent a refusal', async () => {
    const { client } = setUp();
    expect((await client.createScope(DEFINITION)).kind).toBe('created');
    expect((await client.createScope(DEFINITION)).kind).toBe('conflict');
    expect(
      (
        await client.createScope({
          ...DEFINITION,
          scope_suffix: 'other',
          dependent_scopes: [{ scope: uuid(404), optional: false, requires_refresh_token: true }],
        })
      ).kind,
    ).toBe('refused');
  });

  test.each([401, 403, 404])('a creation answered %i is thrown', async (status) => {
    const { service, client } = setUp();
    service.inject({ method: 'POST', status, body: '{}' });
    expect((await failure(client.createScope(DEFINITION))).status).toBe(status);
  });
});

describe('updates', () => {
  const UPDATE = `${SCOPES_PATH}/${uuid(1)}`;

  test('PUT of the changeable fields under scope: all but the suffix, both refresh-token names', async () => {
    const { service, client, onlyRequest } = setUp();
    const scope = addOwnScope(service, 1);
    const definition: ScopeDefinition = {
      ...DEFINITION,
      required_domains: ['example.org'],
      dependent_scopes: [{ scope: uuid(900), optional: true, requires_refresh_token: false }],
    };
    // The answer is the scope as the service now holds it.
    expect(await client.updateScope(uuid(1), definition)).toStrictEqual({ ...scope });
    expect(scope).toEqual(
      expect.objectContaining({
        name: 'n',
        description: 'd',
        required_domains: ['example.org'],
        scope_string: `${AUTH_URL}/scopes/${CLIENT_ID}/suffix1`,
      }),
    );
    const request = onlyRequest();
    expect([request.method, request.path, request.headers.authorization, request.headers['content-type']]).toEqual([
      'PUT',
      UPDATE,
      `Basic ${CREDENTIAL}`,
      'application/json',
    ]);
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
    const clock = fakeClock();
    const { service, client, seen } = setUp({ policy: { attempts: 3, baseDelayMs: 100, maxDelayMs: 1000 }, clock });
    addOwnScope(service, 1);
    service.inject({ method: 'PUT', status: 503, body: 'busy' });
    await client.updateScope(uuid(1), DEFINITION);
    expect(seen).toHaveLength(2);
    expect(clock.slept).toEqual([50]);
  });

  test.each([
    [404, 'the scope no longer exists (deleted since the inspection?): run again, and it will be created anew'],
    [
      403,
      'the service refused this client the change of its scope: open the project in the developer portal with an administering identity, or change the scope there',
    ],
  ])('HTTP %i says what it means for a scope that existed a moment ago', async (status, hint) => {
    const { service, client } = setUp();
    // 404: there is no such scope; 403: it is another client's (advertised, so visible).
    if (status === 403)
      service.addScope({
        id: uuid(1),
        scope_string: `${AUTH_URL}/scopes/another/s`,
        client: service.addClient().id,
        advertised: true,
      });
    const error = await failure(client.updateScope(uuid(1), DEFINITION));
    expect(error.message).toContain(`Scope update (PUT ${UPDATE}) failed with HTTP ${status}: ${hint}`);
    expect(updateHints(PLAIN_WORDS)[status]).toBe(hint);
  });

  test("the hint of a 404 starts with the door's words for running again, as a clause", () => {
    expect(updateHints({ ...PLAIN_WORDS, runAgain: 'Run the step again' })[404]).toContain(
      ': run the step again, and it will be created anew',
    );
  });

  test('one scope by id that fails: the call named, with its path', async () => {
    const { service, client } = setUp();
    service.inject({ method: 'GET', status: 403, body: json({}) });
    const error = await failure(client.getScope(uuid(1)));
    expect(error.message.startsWith(`Scope lookup (GET ${UPDATE}) failed with HTTP 403`)).toBe(true);
  });

  test('one scope by id: GET, answered {scope: {...}}', async () => {
    const { service, client, onlyRequest } = setUp();
    const scope = addOwnScope(service, 1);
    expect(await client.getScope(uuid(1))).toStrictEqual({ ...scope });
    expect(onlyRequest().method).toBe('GET');
  });
});

describe("the service's values are checked before they are used", () => {
  test.each([
    ['a line break', 'https://auth.example.test/scopes/x/a\nb', 'contains a line break'],
    ['a NUL', 'https://auth.example.test/scopes/x/a\u0000', 'contains a control character U+0000'],
    ['a command substitution', 'https://auth.example.test/scopes/$(id)/all', 'contains "$"'],
    ['a javascript: URL', 'javascript:alert(1)', 'is neither an http(s) URL nor a URN'],
    ['white space', 'https://auth.example.test/scopes/x/a b', 'contains white space'],
    ['no scheme', 'auth.example.test/scopes/x/all', 'is neither an http(s) URL nor a URN'],
    [
      'a scheme that only ends in https',
      'xhttps://auth.example.test/scopes/x/all',
      'is neither an http(s) URL nor a URN',
    ],
  ])(
    'a scope_string with %s is refused, naming the call, the field and what is wrong',
    async (_what, scopeString, problem) => {
      const { service, client } = setUp();
      service.inject({
        method: 'GET',
        status: 200,
        body: json({ scopes: [{ ...wireScope(1), scope_string: scopeString }] }),
      });
      const error = await failure(client.lookupScopesByString(['urn:x']));
      expect(error.message).toMatch(
        new RegExp(
          `^${escapeRegExp(LOOKUP)}: the answer \\(HTTP 200\\) cannot be used: scopes\\.0\\.scope_string ${escapeRegExp(problem)}: expected a URL`,
        ),
      );
      expect(error.message.endsWith(`${UNUSABLE_ANSWER}.`)).toBe(true);
    },
  );

  test.each([
    'https://auth.globus.org/scopes/actions.globus.org/hello_world',
    'urn:globus:auth:scope:groups.api.globus.org:view_my_groups_and_memberships',
    'http://127.0.0.1:8080/scopes/x/action_all',
  ])('a real one is taken: %s', async (scopeString) => {
    const { service, client } = setUp();
    if (![...service.scopes.values()].some((s) => s.scope_string === scopeString))
      service.addScope({ scope_string: scopeString });
    expect((await client.lookupScopesByString([scopeString]))[0]?.scope_string).toBe(scopeString);
  });

  test('an id that is not a UUID is refused', async () => {
    const { service, client } = setUp();
    service.inject({
      method: 'GET',
      status: 200,
      body: json({ scopes: [{ ...wireScope(1), id: 'THE_SCOPE_ID_HERE' }] }),
    });
    expect((await failure(client.lookupScopesByString(['urn:x']))).message).toBe(
      unusable(LOOKUP, 'scopes.0.id is not a UUID: expected a UUID, got "THE_SCOPE_ID_HERE"'),
    );
  });
});

test('a 409 on a read is not called "the scope already exists": that hint is the creation\'s', async () => {
  const { service, client } = setUp();
  service.inject({ method: 'GET', status: 409, body: '{}' });
  expect((await failure(client.getClient())).message).toBe(`${INSPECTION} failed with HTTP 409.`);
  service.inject({ method: 'POST', status: 409, body: '{}' });
  const outcome = await client.createScope(DEFINITION);
  expect(outcome.kind === 'conflict' && outcome.error.message).toBe(
    `${CREATION} failed with HTTP 409: the scope already exists.`,
  );
});
