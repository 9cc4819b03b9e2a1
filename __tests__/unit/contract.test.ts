/**
 * One model of the service: the embedded service's rules (dev/service/), which the unit tests
 * drive in process (dev/service/in-process.ts) and the end-to-end tests over HTTP. Its two
 * doors must not differ: the same script, sent through undici to each, gets the same answers
 * (status, headers, body; the same failure for a fault) and leaves the same request log. Ids
 * are compared by the order in which they first appear, and the address by name, since each
 * service makes its own. And the answers keep the real service's shapes
 * (fixtures/vendor/, whose sources its README gives).
 */
import { afterEach, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Agent, request, type Dispatcher } from 'undici';
import { EmbeddedAuthService, GROUPS_SCOPE_ID, GROUPS_SCOPE_STRING } from '../../dev/auth-service.ts';
import { inProcessService } from '../support/in-process.ts';

const SECRET = 'contract-secret';

type Outcome = { status: number; contentType: unknown; retryAfter: unknown; body: unknown } | { failed: string };

let stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(stops.map((stop) => stop()));
  stops = [];
});

/** One request through undici, as the service client sends it; what came back, or how it failed. */
async function send(
  dispatcher: Dispatcher,
  origin: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  requestPath: string,
  init: { body?: unknown; secret?: string; signal?: AbortSignal; clientId: string },
): Promise<Outcome> {
  const authorization = `Basic ${Buffer.from(`${init.clientId}:${init.secret ?? SECRET}`).toString('base64')}`;
  try {
    const response = await request(`${origin}${requestPath}`, {
      dispatcher,
      method,
      headers: { authorization, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      ...(init.signal === undefined ? {} : { signal: init.signal }),
    });
    const text = await response.body.text();
    return {
      status: response.statusCode,
      contentType: response.headers['content-type'],
      retryAfter: response.headers['retry-after'],
      body: text === '' ? '' : (JSON.parse(text) as unknown),
    };
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    return { failed: code ?? message };
  }
}

/** The same calls, faults included, to a fresh service; every answer, in order. */
async function script(service: EmbeddedAuthService, dispatcher: Dispatcher, origin: string): Promise<Outcome[]> {
  const client = service.addClient({ secret: SECRET, name: 'Contract app' });
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    requestPath: string,
    init: { body?: unknown; secret?: string; signal?: AbortSignal } = {},
  ) => send(dispatcher, origin, method, requestPath, { ...init, clientId: client.id });
  const clientPath = `/v2/api/clients/${client.id}`;
  const own = `${service.url}/scopes/${client.id}/action_all`;
  const definition = {
    name: 'Contract provider',
    description: 'Runs contract actions',
    scope_suffix: 'action_all',
    advertised: true,
    allows_refresh_token: false,
    dependent_scopes: [{ scope: GROUPS_SCOPE_ID, optional: true, requires_refresh_token: false }],
  };

  const answers: Outcome[] = [];
  answers.push(await call('GET', clientPath));
  answers.push(
    await call(
      'GET',
      `/v2/api/scopes?scope_strings=${[own, GROUPS_SCOPE_STRING, 'https://nowhere.example.org/scopes/none'].map(encodeURIComponent).join(',')}`,
    ),
  );
  answers.push(await call('GET', `/v2/api/scopes?ids=${GROUPS_SCOPE_ID},00000000-0000-4000-8000-00000000dead`));
  const created = await call('POST', `${clientPath}/scopes`, { body: { scope: definition } });
  answers.push(created);
  const scopePath = `/v2/api/scopes/${('body' in created ? (created.body as { scopes: Array<{ id: string }> }).scopes[0]?.id : undefined) ?? 'none'}`;
  answers.push(await call('GET', clientPath));
  answers.push(await call('GET', scopePath));
  answers.push(await call('PUT', scopePath, { body: { scope: { description: 'Changed' } } }));
  // The same suffix again: the service refuses a second scope.
  answers.push(await call('POST', `${clientPath}/scopes`, { body: { scope: definition } }));
  answers.push(await call('GET', clientPath, { secret: 'wrong' }));
  answers.push(await call('GET', '/v2/api/nothing'));
  // Faults: an answer instead, a connection dropped, an answer lost once applied, no answer.
  service.inject({ method: 'GET', status: 503, headers: { 'retry-after': '7' } });
  answers.push(await call('GET', clientPath));
  service.inject({ method: 'GET', reset: true });
  answers.push(await call('GET', clientPath));
  service.inject({ method: 'POST', loseAnswer: true });
  answers.push(
    await call('POST', `${clientPath}/scopes`, { body: { scope: { ...definition, scope_suffix: 'second' } } }),
  );
  answers.push(await call('GET', clientPath));
  const stop = new AbortController();
  service.inject({ method: 'GET', hang: true, before: () => stop.abort(new Error('the caller stopped waiting')) });
  answers.push(await call('GET', clientPath, { signal: stop.signal }));
  // Credentials: a second one made, each secret authenticates, the first deleted and its secret refused.
  const made = await call('POST', `${clientPath}/credentials`, { body: { credential: { name: 'contract' } } });
  answers.push(made);
  const madeSecret = 'body' in made ? (made.body as { credential: { secret: string } }).credential.secret : '';
  answers.push(await call('GET', `${clientPath}/credentials`, { secret: madeSecret }));
  const portalId = service.clients.get(client.id)?.credentials[0]?.id ?? 'none';
  answers.push(await call('DELETE', `${clientPath}/credentials/${portalId}`, { secret: madeSecret }));
  answers.push(await call('GET', clientPath));
  answers.push(await call('DELETE', `${clientPath}/credentials/${portalId}`, { secret: madeSecret }));
  return answers;
}

/** The answers and the request log, with the address and every UUID named by order of first appearance. */
function normalize(service: EmbeddedAuthService, answers: Outcome[]): unknown {
  const requests = service.requests.map(({ method, path: requestPath, query, clientId, body }) => ({
    method,
    requestPath,
    query,
    clientId,
    body,
  }));
  const seen = new Map<string, string>();
  const text = JSON.stringify({ answers, requests })
    .replaceAll(service.url, '<auth_url>')
    // Each service makes its own secrets and times.
    .replace(/"secret":"[^"]+"/g, '"secret":"<secret>"')
    .replace(/"created":"[^"]+"/g, '"created":"<time>"')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, (uuid) => {
      const key = uuid.toLowerCase();
      if (!seen.has(key)) seen.set(key, `<id ${seen.size}>`);
      return seen.get(key) as string;
    });
  return JSON.parse(text) as unknown;
}

async function overHttp(): Promise<[EmbeddedAuthService, Outcome[]]> {
  const service = new EmbeddedAuthService();
  const agent = new Agent();
  const url = await service.start();
  stops.push(
    () => agent.destroy(),
    () => service.stop(),
  );
  return [service, await script(service, agent, url)];
}

test('the in-process door and the HTTP server answer the same script alike, faults included', async () => {
  const http = await overHttp();
  const local = inProcessService();
  const inProcess = await script(local, local.dispatcher(), 'https://anywhere.example.test');

  expect(normalize(local, inProcess)).toEqual(normalize(...http));
  // Not equal by being empty: the calls did what they say.
  expect(inProcess.map((a) => ('failed' in a ? a.failed : a.status))).toEqual([
    200,
    200,
    200,
    200,
    200,
    200,
    200,
    409,
    401,
    404,
    503,
    'UND_ERR_SOCKET',
    'UND_ERR_SOCKET',
    200,
    'the caller stopped waiting',
    200,
    200,
    200,
    401,
    404,
  ]);
  expect(inProcess[3]).toEqual(
    expect.objectContaining({
      body: { scopes: [expect.objectContaining({ scope_string: expect.stringMatching(/\/action_all$/) })] },
    }),
  );
  // The answer lost was applied: the client lists two scopes.
  expect(inProcess[13]).toEqual(
    expect.objectContaining({
      body: { client: expect.objectContaining({ scopes: [expect.any(String), expect.any(String)] }) },
    }),
  );
  expect(inProcess[10]).toEqual(expect.objectContaining({ retryAfter: '7' }));
  // The credential made is listed, with its secret hidden; the one deleted is answered as it was.
  expect(inProcess[16]).toEqual(
    expect.objectContaining({
      body: {
        credentials: [
          expect.objectContaining({ secret: null }),
          expect.objectContaining({ name: 'contract', secret: null }),
        ],
      },
    }),
  );
  expect(inProcess[17]).toEqual(
    expect.objectContaining({
      body: { credential: expect.objectContaining({ name: 'Created in the developer portal', secret: null }) },
    }),
  );
});

const vendor = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'vendor', name), 'utf8')) as Record<
    string,
    unknown
  >;
const keys = (value: unknown): string[] => Object.keys(value as object).sort();

test("its answers keep the real service's shapes: scopes and errors field for field, the client's fields all the vendor's", async () => {
  const service = inProcessService();
  const answers = await script(service, service.dispatcher(), 'https://anywhere.example.test');
  const bodies = answers.flatMap((a) => ('body' in a ? [a.body as Record<string, unknown>] : []));
  const scopeKeys = keys(vendor('get_scope.json').scope);
  const errorBody = vendor('error.json');

  const scopes = bodies.flatMap((b) => [
    ...((b.scopes as unknown[] | undefined) ?? []),
    ...(b.scope === undefined ? [] : [b.scope]),
  ]);
  expect(scopes.length).toBeGreaterThanOrEqual(4);
  for (const scope of scopes) expect(keys(scope)).toEqual(scopeKeys);

  const errors = bodies.filter(
    (b) => b.errors !== undefined && answers.some((a) => 'status' in a && a.body === b && a.status !== 503),
  );
  expect(errors).toHaveLength(5);
  for (const error of errors) {
    expect(keys(error)).toEqual(keys(errorBody));
    expect(keys((error.errors as unknown[])[0])).toEqual(keys((errorBody.errors as unknown[])[0]));
  }

  const clients = bodies.filter((b) => b.client !== undefined);
  expect(clients.length).toBeGreaterThanOrEqual(3);
  for (const { client } of clients)
    expect(keys(vendor('get_client.json').client)).toEqual(expect.arrayContaining(keys(client)));
});
