/**
 * The real service's answers, as recorded or published by the vendor (Globus Auth; see
 * fixtures/vendor/README.md for where each comes from), served from 127.0.0.1 to the
 * service client and the provider check: each is read, with the fields the action relies on.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createBudget } from '../../src/wire/budget.ts';
import { HttpError } from '../../src/wire/http.ts';
import { checkProvider } from '../../src/wire/provider.ts';
import type { ScopeDefinition } from '../../src/engine/reconcile/service.ts';
import { createServiceClient } from '../../src/wire/service-client.ts';
import { fakeClock } from '../support/clock.ts';
import { id } from '../support/ids.ts';
import { oneAnswerServer } from '../support/one-answer-server.ts';
import { rejectionOf } from '../support/rejection.ts';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'vendor', name), 'utf8'));

// The next answer of the server: a status and a fixture's body.
const server = oneAnswerServer();
const answerWith = (status: number, body: unknown): void => server.answer({ status, body: JSON.stringify(body) });

const NO_RETRY = { attempts: 1, baseDelayMs: 0, maxDelayMs: 0 };
const CLIENT_ID = id('0948a6b0-a622-4078-b0a4-bfd6d77d65cf');
// Each test's run, stopped after it: its connections close.
let run = new AbortController();
afterEach(() => run.abort());
const client = () => {
  run = new AbortController();
  return createServiceClient({
    authUrl: server.url(),
    clientId: CLIENT_ID,
    clientSecret: 's',
    budget: createBudget(5, { clock: fakeClock(), policy: NO_RETRY, signal: run.signal }),
  });
};
const DEFINITION: ScopeDefinition = {
  name: 'n',
  description: 'd',
  scope_suffix: 'test_scope',
  advertised: true,
  allow_refresh_tokens: true,
  dependent_scopes: [],
};

async function serving<T>(name: string, call: () => Promise<T>, status = 200): Promise<T> {
  answerWith(status, fixture(name));
  return call();
}

describe('creation answers', () => {
  test('the recorded {"scopes": [...]} (Garden-AI): every field read, required_domains included', async () => {
    const service = client();
    const outcome = await serving('create_scope.scopes.json', () => service.createScope(DEFINITION));
    expect(outcome).toEqual({
      kind: 'created',
      scopes: [
        {
          id: '31857a51-48b0-468d-b70e-478672b021de',
          scope_string: 'https://auth.globus.org/scopes/0948a6b0-a622-4078-b0a4-bfd6d77d65cf/test_scope',
          name: 'AI Model Garden Test Scope',
          description: 'A scope on the Garden-AI project that does not do anything in particular',
          client: '0948a6b0-a622-4078-b0a4-bfd6d77d65cf',
          advertised: true,
          allows_refresh_token: true,
          required_domains: [],
          dependent_scopes: [],
        },
      ],
    });
  });

  test.each(['create_scope.scope.json', 'create_scope.scope.dependent_scopes.json'])(
    'the SDK\'s {"scope": {...}} (%s)',
    async (name) => {
      const service = client();
      const outcome = await serving(name, () => service.createScope(DEFINITION));
      const expected = (fixture(name) as { scope: { id: string; dependent_scopes: unknown[] } }).scope;
      expect(outcome.kind === 'created' && outcome.scopes.map((s) => [s.id, s.dependent_scopes])).toEqual([
        [expected.id, expected.dependent_scopes],
      ]);
    },
  );

  test.each(['create_scope.scopes.apt-docs.json', 'create_scope.scopes.apt-docs-2024.json'])(
    'the docs example with placeholder ids (%s) is refused by name, not taken',
    async (name) => {
      const service = client();
      const error = await rejectionOf(
        serving(`placeholders/${name}`, () => service.createScope(DEFINITION)),
        HttpError,
      );
      expect(error.message).toMatch(/cannot be used: scopes\.0\.id is not a UUID: expected a UUID, got "/);
    },
  );
});

describe('lookups and inspections', () => {
  test.each(['get_scopes.json', 'get_scopes.cli-ids.json', 'get_scopes.hello_world.json', 'groups_scope.json'])(
    '%s',
    async (name) => {
      const service = client();
      const scopes = await serving(name, () => service.lookupScopesById([CLIENT_ID]));
      const expected = (fixture(name) as { scopes: Array<{ id: string; scope_string: string }> }).scopes;
      expect(scopes.map((s) => [s.id, s.scope_string])).toEqual(expected.map((s) => [s.id, s.scope_string]));
    },
  );

  test('the groups scope: the id and string our README and examples use', async () => {
    const service = client();
    const [groups] = await serving('groups_scope.json', () => service.lookupScopesById([CLIENT_ID]));
    expect([groups?.id, groups?.scope_string]).toEqual([
      '73320ffe-4cb4-4b25-a0a3-83d53d59ce4f',
      'urn:globus:auth:scope:groups.api.globus.org:view_my_groups_and_memberships',
    ]);
  });

  test.each(['get_client.json', 'get_client.fqdn.json', 'get_client.apt-docs-2024.json'])('%s', async (name) => {
    const service = client();
    const inspected = await serving(name, () => service.getClient());
    const expected = (fixture(name) as { client: { id: string; name: string; scopes: string[] } }).client;
    expect(inspected).toEqual(
      expect.objectContaining({ id: expected.id, name: expected.name, scopeIds: expected.scopes }),
    );
  });
});

describe('one scope, and the answer to an update', () => {
  test.each(['get_scope.json', 'get_scope.hello_world.json'])('%s through getScope', async (name) => {
    const service = client();
    const scope = await serving(name, () => service.getScope(CLIENT_ID));
    expect(scope.id).toBe((fixture(name) as { scope: { id: string } }).scope.id);
  });

  test.each(['update_scope.json', 'update_scope.dependent_scopes.json', 'update_scope.scope_suffix.json'])(
    '%s through updateScope',
    async (name) => {
      const service = client();
      const scope = await serving(name, () => service.updateScope(CLIENT_ID, DEFINITION));
      const expected = (fixture(name) as { scope: { id: string; dependent_scopes: unknown[] } }).scope;
      expect([scope.id, scope.dependent_scopes]).toEqual([expected.id, expected.dependent_scopes]);
    },
  );
});

describe('credentials', () => {
  test("the SDK's listing: each credential read, no secret", async () => {
    const listed = await serving('get_client_credentials.json', () => client().listCredentials());
    expect(listed).toEqual([
      {
        name: 'foo',
        id: 'cf88318e-b2dd-43fd-8ea5-2086fc69ffac',
        created: '2023-10-21T22:46:15.845937+00:00',
        client: '6336437e-37e8-4559-82a8-674390c1fd2e',
      },
    ]);
  });

  test("the SDK's creation: the credential and its secret apart", async () => {
    const made = await serving('create_client_credential.json', () => client().createCredential('New Credentials'));
    expect(made).toEqual({
      kind: 'created',
      credential: {
        name: 'New Credentials',
        id: '3a53cb4d-edd6-4ae3-900e-25b38b5fce02',
        created: '2023-10-21T22:46:15.845937+00:00',
        client: '25afc56d-02af-4175-8c90-9941ebb623dd',
      },
      secret: 'abc123',
    });
  });

  test("the SDK's deletion answer", async () => {
    expect(await serving('delete_client_credential.json', () => client().deleteCredential(CLIENT_ID))).toBe('deleted');
  });
});

describe('errors', () => {
  test.each([
    ['error.json', 401],
    ['error.403.json', 403],
  ])('%s: the detail and the error id', async (name, status) => {
    const body = fixture(name) as { errors: Array<{ id: string; detail: string }> };
    const service = client();
    const error = await rejectionOf(
      serving(name, () => service.getClient(), status),
      HttpError,
    );
    expect(error.message).toContain(`The service said: ${body.errors[0]?.detail} (error id ${body.errors[0]?.id})`);
  });
});

test("a real provider's introspection document (hello world): globus_auth_scope is read", async () => {
  answerWith(200, fixture('introspection.json'));
  const check = await checkProvider(
    server.url(),
    ['https://auth.globus.org/scopes/actions.globus.org/hello_world'],
    createBudget(5, { clock: fakeClock() }),
  );
  expect(check).toEqual({
    url: `${server.url()}/`,
    key: 'globus_auth_scope',
    published: 'https://auth.globus.org/scopes/actions.globus.org/hello_world',
    matches: true,
  });
});

describe('the embedded service answers in the shapes the real one does', () => {
  /** Every key of the fixture (nested in objects and the first element of lists) that the answer lacks. */
  function missingKeys(fixture: unknown, answer: unknown, at = ''): string[] {
    if (Array.isArray(fixture))
      return fixture.length === 0 || !Array.isArray(answer) ? [] : missingKeys(fixture[0], answer[0], `${at}[0]`);
    if (typeof fixture !== 'object' || fixture === null) return [];
    if (typeof answer !== 'object' || answer === null) return [at || '(root)'];
    return Object.entries(fixture).flatMap(([key, value]) =>
      key in answer ? missingKeys(value, (answer as Record<string, unknown>)[key], `${at}.${key}`) : [`${at}.${key}`],
    );
  }

  /** The keys of an object, nested ones by path (a list's by its first element): to hold an answer to a fixture's field set, both ways. */
  const keysOf = (value: unknown, at = ''): string[] =>
    Array.isArray(value)
      ? keysOf(value[0], `${at}0.`)
      : typeof value === 'object' && value !== null
        ? Object.entries(value)
            .flatMap(([key, v]) => [`${at}${key}`, ...keysOf(v, `${at}${key}.`)])
            .sort()
        : [];

  let embedded: import('../../dev/auth-service.ts').EmbeddedAuthService;
  let url = '';
  let caller: { id: string };
  let auth: Record<string, string>;
  beforeAll(async () => {
    const { EmbeddedAuthService } = await import('../../dev/auth-service.ts');
    embedded = new EmbeddedAuthService();
    url = await embedded.start();
    caller = embedded.addClient({ secret: 's' });
    auth = {
      authorization: `Basic ${Buffer.from(`${caller.id}:s`).toString('base64')}`,
      'content-type': 'application/json',
    };
  });
  afterAll(() => embedded.stop());
  const call = async (path: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> => {
    const response = await fetch(`${url}${path}`, { headers: auth, ...init });
    return { status: response.status, body: (await response.json()) as unknown };
  };
  const create = (suffix: string) =>
    call(`/v2/api/clients/${caller.id}/scopes`, {
      method: 'POST',
      body: JSON.stringify({ scope: { name: 'n', description: 'd', scope_suffix: suffix, advertised: true } }),
    });

  test('client inspection, scope creation and lookup, an error', async () => {
    const { body: created } = await create('x');
    expect(missingKeys(fixture('create_scope.scopes.json'), created)).toEqual([]);
    expect(
      missingKeys(
        fixture('get_scopes.json'),
        (await call(`/v2/api/scopes?ids=${(created as { scopes: Array<{ id: string }> }).scopes[0]?.id}`)).body,
      ),
    ).toEqual([]);
    expect(
      missingKeys(fixture('error.json'), await (await fetch(`${url}/v2/api/clients/${caller.id}`)).json()),
    ).toEqual([]);
    expect(
      missingKeys(fixture('get_client.apt-docs-2024.json'), (await call(`/v2/api/clients/${caller.id}`)).body),
    ).toEqual([]);
  });

  test("credentials: listed, created and deleted with the fields of the SDK's fixtures, no more, no fewer; the secret a string in the creation alone", async () => {
    const path = `/v2/api/clients/${caller.id}/credentials`;
    const created = await call(path, { method: 'POST', body: JSON.stringify({ credential: { name: 'n' } }) });
    expect(keysOf(created.body)).toEqual(keysOf(fixture('create_client_credential.json')));
    expect(typeof (created.body as { credential: { secret: unknown } }).credential.secret).toBe('string');
    const listed = await call(path);
    expect(keysOf(listed.body)).toEqual(keysOf(fixture('get_client_credentials.json')));
    expect((listed.body as { credentials: Array<{ secret: unknown }> }).credentials.map((c) => c.secret)).toEqual([
      null,
      null,
    ]);
    const deleted = await call(`${path}/${(created.body as { credential: { id: string } }).credential.id}`, {
      method: 'DELETE',
    });
    expect(keysOf(deleted.body)).toEqual(keysOf(fixture('delete_client_credential.json')));
    expect((deleted.body as { credential: { secret: unknown } }).credential.secret).toBeNull();
  });

  test("the client: the fields of the SDK's get_client fixture, no more, no fewer, of the same kinds", async () => {
    const { body } = await call(`/v2/api/clients/${caller.id}`);
    const client = (body as { client: Record<string, unknown> }).client;
    const vendor = (fixture('get_client.json') as { client: Record<string, unknown> }).client;
    expect(keysOf(client)).toEqual(keysOf(vendor));
    const kind = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'list' : typeof v);
    expect(Object.fromEntries(Object.entries(client).map(([k, v]) => [k, kind(v)]))).toEqual(
      Object.fromEntries(Object.entries(vendor).map(([k, v]) => [k, kind(v)])),
    );
    expect([client.client_type, client.prompt_for_named_grant, client.userinfo_from_effective_identity]).toEqual([
      'client_identity',
      false,
      true,
    ]);
  });

  test('a scope: the fields of the recorded creation answer, no more, no fewer', async () => {
    const { body } = await create('fields');
    const [scope] = (body as { scopes: unknown[] }).scopes;
    expect(keysOf(scope)).toEqual(keysOf((fixture('create_scope.scopes.json') as { scopes: unknown[] }).scopes[0]));
  });

  test('the groups scope: as the vendor describes it, owned by its client, named as the vendor names it', async () => {
    const { body } = await call(`/v2/api/scopes?ids=73320ffe-4cb4-4b25-a0a3-83d53d59ce4f`);
    expect(body).toEqual(fixture('groups_scope.json'));
  });

  test("an update with another scope_suffix: answered as the SDK's fixture is, the new suffix in scope_string", async () => {
    const { body } = await create('before');
    const [scope] = (body as { scopes: Array<{ id: string; scope_string: string }> }).scopes;
    const updated = await call(`/v2/api/scopes/${scope?.id}`, {
      method: 'PUT',
      body: JSON.stringify({ scope: { scope_suffix: 'after' } }),
    });
    expect(updated.status).toBe(200);
    expect(keysOf(updated.body)).toEqual(keysOf(fixture('update_scope.scope_suffix.json')));
    expect((updated.body as { scope: { scope_string: string } }).scope.scope_string).toBe(
      `${url}/scopes/${caller.id}/after`,
    );
    // And it sticks: the scope is found by its new string, not by the old one.
    expect(
      (await call(`/v2/api/scopes?scope_strings=${encodeURIComponent(`${url}/scopes/${caller.id}/after`)}`)).body,
    ).toEqual({ scopes: [(updated.body as { scope: unknown }).scope] });
    expect((await call(`/v2/api/scopes?scope_strings=${encodeURIComponent(scope?.scope_string ?? '')}`)).body).toEqual({
      scopes: [],
    });
  });

  test("an update to a suffix another scope of the client has: refused with a 409, in the vendor's error shape", async () => {
    await create('taken');
    const { body } = await create('mine');
    const [scope] = (body as { scopes: Array<{ id: string }> }).scopes;
    const refused = await call(`/v2/api/scopes/${scope?.id}`, {
      method: 'PUT',
      body: JSON.stringify({ scope: { scope_suffix: 'taken' } }),
    });
    expect(refused.status).toBe(409);
    expect(keysOf(refused.body)).toEqual(keysOf(fixture('error.json')));
  });

  test.each([
    [
      '401',
      () =>
        fetch(`${url}/v2/api/clients/${caller.id}`, {
          headers: { authorization: `Basic ${Buffer.from(`${caller.id}:wrong`).toString('base64')}` },
        }),
    ],
    ['404', () => fetch(`${url}/v2/api/scopes/00000000-0000-4000-8000-000000000000`, { headers: auth })],
    [
      '409',
      async () => (
        await create('twice'),
        fetch(`${url}/v2/api/clients/${caller.id}/scopes`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ scope: { name: 'n', description: 'd', scope_suffix: 'twice' } }),
        })
      ),
    ],
  ])("a %s in the vendor's error shape (_common.py), its status a string", async (status, send) => {
    const response = await send();
    const body = (await response.json()) as { errors: Array<{ status: string }> };
    expect(response.status).toBe(Number(status));
    expect(keysOf(body)).toEqual(keysOf(fixture('error.json')));
    expect(body.errors[0]?.status).toBe(status);
  });
});
