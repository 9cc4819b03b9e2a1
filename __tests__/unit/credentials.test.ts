/**
 * The client's credentials on the wire: the service client's listing, creation, deletion and
 * proof of a secret, against the embedded service's rules (dev/service/api.ts, records.ts)
 * driven in process. The service holds several credentials per client, and each one's secret
 * authenticates, with Basic and with the token grant.
 */
import { describe, expect, test } from '@jest/globals';
import type { Dispatcher } from 'undici';
import type { AuthServiceOptions } from '../../dev/auth-service.ts';
import { createBudget } from '../../src/wire/budget.ts';
import { HttpError } from '../../src/wire/http.ts';
import type { RetryPolicy } from '../../src/wire/retry.ts';
import { createServiceClient } from '../../src/wire/service-client.ts';
import { fakeClock } from '../support/clock.ts';
import { id } from '../support/ids.ts';
import { AUTH_URL, inProcessService } from '../support/in-process.ts';
import { rejectionOf } from '../support/rejection.ts';

const CLIENT_ID = id('5b7c2d1e-3f4a-4b5c-8d6e-7f8091a2b3c4');
const PORTAL_SECRET = 'portal-Secret/made+by=hand';
const CREDENTIALS_PATH = `/v2/api/clients/${CLIENT_ID}/credentials`;
const NO_RETRY: RetryPolicy = { attempts: 1, baseDelayMs: 0, maxDelayMs: 0 };

interface SetUp {
  options?: AuthServiceOptions;
  auth?: 'basic' | 'token';
  policy?: RetryPolicy;
}

/** A fresh service with one client, and a way to make that client's service client with any secret; every request as sent. */
function setUp({ options = {}, auth = 'basic', policy = NO_RETRY }: SetUp = {}) {
  const service = inProcessService(options);
  service.addClient({ id: CLIENT_ID, secret: PORTAL_SECRET });
  const seen: Array<{ method: string; path: string; authorization: string; body: string }> = [];
  const record: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (opts, handler) => {
    const headers = Object.fromEntries(
      Object.entries(opts.headers ?? {}).map(([name, value]) => [name.toLowerCase(), String(value)]),
    );
    seen.push({
      method: opts.method,
      path: opts.path,
      authorization: headers.authorization ?? '',
      body: typeof opts.body === 'string' ? opts.body : '',
    });
    return dispatch(opts, handler);
  };
  const learned: string[] = [];
  const clientWith = (secret: string, how: 'basic' | 'token' = auth) =>
    createServiceClient({
      authUrl: AUTH_URL,
      clientId: CLIENT_ID,
      clientSecret: secret,
      auth: how,
      onCredential: (credential) => void learned.push(credential),
      dispatcher: service.dispatcher().compose(record),
      budget: createBudget(30, { clock: fakeClock(), policy }),
    });
  return { service, seen, learned, clientWith, client: clientWith(PORTAL_SECRET) };
}

const credentialsOf = (service: ReturnType<typeof setUp>['service']) =>
  service.clients.get(CLIENT_ID)?.credentials ?? [];

describe('the service holds several credentials, each of whose secrets authenticates', () => {
  test('the portal made one with the client: listed with its name, creation time and client, never its secret', async () => {
    const { client, seen } = setUp();
    const listed = await client.listCredentials();
    expect(listed).toEqual([
      {
        id: expect.any(String),
        name: 'Created in the developer portal',
        created: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/),
        client: CLIENT_ID,
      },
    ]);
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${CREDENTIALS_PATH}`]);
    expect(seen[0]?.authorization).toBe(`Basic ${Buffer.from(`${CLIENT_ID}:${PORTAL_SECRET}`).toString('base64')}`);
  });

  test('the listing answers secret: null for every credential, the creation alone shows one', async () => {
    const { service, client } = setUp();
    await client.createCredential('second');
    const answers: unknown[] = [];
    const reply = await service.reply({
      method: 'GET',
      path: CREDENTIALS_PATH,
      authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${PORTAL_SECRET}`).toString('base64')}`,
      body: '',
      connection: 0,
    });
    if (typeof reply === 'object') answers.push(JSON.parse(reply.body));
    expect(answers).toEqual([
      {
        credentials: [
          expect.objectContaining({ secret: null }),
          expect.objectContaining({ name: 'second', secret: null }),
        ],
      },
    ]);
  });

  test.each(['basic', 'token'] as const)(
    'a created credential: POST {"credential": {"name"}}, its secret handed over before the answer returns, and it authenticates beside the old one (%s)',
    async (auth) => {
      const { service, client, seen, learned, clientWith } = setUp({ auth });
      const made = await client.createCredential('ensure-provider-scope 2026-11-27T10:00:00Z abc');
      if (made.kind !== 'created') throw new Error(`expected created, got ${made.kind}`);
      expect(made.credential).toEqual({
        id: expect.any(String),
        name: 'ensure-provider-scope 2026-11-27T10:00:00Z abc',
        created: expect.any(String),
        client: CLIENT_ID,
      });
      expect(learned).toContain(made.secret);
      const post = seen.find((r) => r.method === 'POST' && r.path === CREDENTIALS_PATH);
      expect(JSON.parse(post?.body ?? '')).toEqual({
        credential: { name: 'ensure-provider-scope 2026-11-27T10:00:00Z abc' },
      });
      expect(credentialsOf(service).map((c) => c.secret)).toEqual([PORTAL_SECRET, made.secret]);
      // Both secrets work, with Basic and with the grant.
      for (const secret of [PORTAL_SECRET, made.secret]) {
        for (const how of ['basic', 'token'] as const) expect(await clientWith(secret, how).authenticates()).toBe(true);
        expect((await clientWith(secret).getClient()).id).toBe(CLIENT_ID);
      }
    },
  );

  test('a deleted credential: DELETE by id, its secret refused at once (Basic and the grant), the other kept; deleted again, it is absent', async () => {
    const { service, client, seen, clientWith } = setUp();
    const made = await client.createCredential('new');
    if (made.kind !== 'created') throw new Error('not created');
    const portal = credentialsOf(service)[0];
    if (portal === undefined) throw new Error('no portal credential');
    const fresh = clientWith(made.secret);
    expect(await fresh.deleteCredential(id(portal.id))).toBe('deleted');
    expect(seen.at(-1)).toEqual(
      expect.objectContaining({ method: 'DELETE', path: `${CREDENTIALS_PATH}/${portal.id}` }),
    );
    expect(credentialsOf(service).map((c) => c.id)).toEqual([made.credential.id]);
    expect(await clientWith(PORTAL_SECRET, 'basic').authenticates()).toBe(false);
    expect(await clientWith(PORTAL_SECRET, 'token').authenticates()).toBe(false);
    expect(await fresh.authenticates()).toBe(true);
    expect(await fresh.deleteCredential(id(portal.id))).toBe('absent');
  });

  test("another client's credentials are not this client's: 403", async () => {
    const { service, client } = setUp();
    const other = service.addClient();
    const reply = await service.reply({
      method: 'GET',
      path: `/v2/api/clients/${other.id}/credentials`,
      authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${PORTAL_SECRET}`).toString('base64')}`,
      body: '',
      connection: 0,
    });
    expect(typeof reply === 'object' && reply.status).toBe(403);
    expect(await client.listCredentials()).toHaveLength(1);
  });

  test('a creation without a name is refused (400); a credential path the API has not is 405', async () => {
    const { service } = setUp();
    const basic = `Basic ${Buffer.from(`${CLIENT_ID}:${PORTAL_SECRET}`).toString('base64')}`;
    const status = async (method: string, path: string, body = '') => {
      const reply = await service.reply({
        method,
        path,
        authorization: basic,
        contentType: 'application/json',
        body,
        connection: 0,
      });
      return typeof reply === 'object' ? reply.status : reply;
    };
    expect(await status('POST', CREDENTIALS_PATH, '{"credential": {}}')).toBe(400);
    expect(await status('GET', `${CREDENTIALS_PATH}/${credentialsOf(service)[0]?.id ?? ''}`)).toBe(405);
    expect(await status('DELETE', `${CREDENTIALS_PATH}/00000000-0000-4000-8000-000000000000`)).toBe(404);
    expect(await status('GET', '/v2/api/clients/00000000-0000-4000-8000-000000000000/credentials')).toBe(404);
    expect(credentialsOf(service)).toHaveLength(1);
  });

  test('credentials sort by creation time, strictly, even when made within one millisecond', async () => {
    const { client } = setUp();
    for (const name of ['a', 'b', 'c']) await client.createCredential(name);
    const listed = await client.listCredentials();
    const times = listed.map((c) => c.created);
    expect([...times].sort()).toEqual(times);
    expect(new Set(times).size).toBe(4);
  });
});

describe('faults and variants', () => {
  test('the creation is sent once: its answer lost, the outcome is unknown, and the credential exists', async () => {
    const { service, client, seen } = setUp({ policy: { attempts: 5, baseDelayMs: 1, maxDelayMs: 1 } });
    service.inject({ method: 'POST', path: CREDENTIALS_PATH, loseAnswer: true });
    const made = await client.createCredential('lost');
    expect(made.kind).toBe('unknown');
    expect(made.kind === 'unknown' && made.error.message).toMatch(
      /^Credential creation \(POST .*\/credentials\): the connection to auth\.example\.test was closed before the answer came/,
    );
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(credentialsOf(service).map((c) => c.name)).toEqual(['Created in the developer portal', 'lost']);
  });

  test('a 503 on the creation is unknown too; a 400 or 403 is thrown', async () => {
    const { service, client } = setUp();
    service.inject({ method: 'POST', status: 503 });
    expect((await client.createCredential('x')).kind).toBe('unknown');
    service.inject({ method: 'POST', status: 403 });
    expect((await rejectionOf(client.createCredential('x'), HttpError)).status).toBe(403);
    expect((await rejectionOf(client.createCredential(''), HttpError)).status).toBe(400);
  });

  test('a malformed creation answer: its secret learned first, so the message quoting the answer holds none', async () => {
    const { service, client, learned } = setUp();
    const secret = 'leaked-in-a-bad-answer-9f8e7d';
    service.inject({
      method: 'POST',
      status: 200,
      body: JSON.stringify({ credential: { id: 'not-a-uuid', name: 'n', created: 'c', secret } }),
    });
    const error = await rejectionOf(client.createCredential('n'), HttpError);
    expect(learned).toEqual([secret]);
    expect(error.message).toMatch(
      /^Credential creation \(POST .*\): the answer \(HTTP 200\) cannot be used: credential\.id/,
    );
  });

  test('a creation answer without a secret cannot be used', async () => {
    const { service, client, learned } = setUp();
    service.inject({
      method: 'POST',
      status: 200,
      body: JSON.stringify({
        credential: { id: '3a53cb4d-edd6-4ae3-900e-25b38b5fce02', name: 'n', created: 'c', secret: null },
      }),
    });
    expect((await rejectionOf(client.createCredential('n'), HttpError)).message).toMatch(/credential\.secret/);
    expect(learned).toEqual([]);
  });

  test('the deletion is retried after a lost answer, and the credential gone is then absent, not a failure', async () => {
    const { service, client } = setUp({ policy: { attempts: 3, baseDelayMs: 1, maxDelayMs: 1 } });
    const made = await client.createCredential('to delete');
    if (made.kind !== 'created') throw new Error('not created');
    service.inject({ method: 'DELETE', loseAnswer: true });
    expect(await client.deleteCredential(id(made.credential.id))).toBe('absent');
    expect(credentialsOf(service)).toHaveLength(1);
  });

  test('the listing is retried on a 503', async () => {
    const { service, client } = setUp({ policy: { attempts: 3, baseDelayMs: 1, maxDelayMs: 1 } });
    service.inject({ method: 'GET', path: CREDENTIALS_PATH, status: 503, times: 2 });
    expect(await client.listCredentials()).toHaveLength(1);
  });

  test("basicCredentials: 'refused' answers the credential calls 403 under Basic, and the token path works", async () => {
    const { client, clientWith } = setUp({ options: { basicCredentials: 'refused' } });
    const error = await rejectionOf(client.listCredentials(), HttpError);
    expect(error.status).toBe(403);
    expect(error.message).toContain(
      'The service said: Managing credentials requires a token with the manage_projects scope',
    );
    // The client itself is still Basic's.
    expect((await client.getClient()).id).toBe(CLIENT_ID);
    const viaToken = clientWith(PORTAL_SECRET, 'token');
    expect(await viaToken.listCredentials()).toHaveLength(1);
    expect((await viaToken.createCredential('t')).kind).toBe('created');
  });

  test('newCredentialRefusals: a new secret is refused that many times, then taken (Basic and the grant)', async () => {
    const { client, clientWith } = setUp({ options: { newCredentialRefusals: 2 } });
    const made = await client.createCredential('slow');
    if (made.kind !== 'created') throw new Error('not created');
    const tries = [];
    for (let i = 0; i < 3; i++) tries.push(await clientWith(made.secret, i === 1 ? 'token' : 'basic').authenticates());
    expect(tries).toEqual([false, false, true]);
    // The portal's secret was never held back.
    expect(await client.authenticates()).toBe(true);
  });

  test('authenticates: a failure other than 401 is thrown, not taken for a refusal', async () => {
    const { service, client } = setUp();
    service.inject({ method: 'GET', status: 500 });
    expect((await rejectionOf(client.authenticates(), HttpError)).status).toBe(500);
    const token = setUp();
    token.service.inject({ method: 'POST', status: 500 });
    expect((await rejectionOf(token.clientWith(PORTAL_SECRET, 'token').authenticates(), HttpError)).status).toBe(500);
    expect(await token.clientWith('wrong', 'token').authenticates()).toBe(false);
  });

  test('authenticates with a token: the token it got is handed over at once', async () => {
    const { service, clientWith, learned } = setUp();
    expect(await clientWith(PORTAL_SECRET, 'token').authenticates()).toBe(true);
    expect(learned).toEqual(service.issuedTokens());
    expect(learned).toHaveLength(1);
  });
});
