/**
 * Faults, races, timeouts, proxies: the bundled action run as a process against the embedded
 * service's fault injection. Every run either ends with the right outputs or fails with a
 * message that says what happened; it never creates a second scope, and never leaks.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { createServer } from 'node:net';
import type { ActionRun } from '../dev/runner.ts';
import { ForwardProxy } from '../dev/forward-proxy.ts';
import { annotations, Harness, SECRET } from './support/harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await Harness.start();
});
afterEach(() => h.stop());

const clientPath = (): string => `/v2/api/clients/${h.client.id}`;
const gets = (path: string): number => h.countRequests('GET', path);
const posts = (): number => h.countRequests('POST', '/v2/');

/** A successful creating run: right outputs, exactly one scope, nothing leaked. */
async function expectCreated(result: ActionRun, created = 'true'): Promise<void> {
  expect(annotations(result)).toEqual([]);
  expect(result.exitCode).toBe(0);
  expect(result.outputs.scope_string).toBe(h.expectedString);
  expect(result.outputs.created).toBe(created);
  expect(h.clientScopes()).toEqual([h.expectedString]);
  await h.expectNoLeak(result);
}

/** A failed run: exit 1, one annotation matching, no outputs, nothing leaked. */
async function expectFailure(result: ActionRun, message: RegExp): Promise<void> {
  expect(result.exitCode).toBe(1);
  expect(annotations(result)).toEqual([expect.stringMatching(message)]);
  expect(result.outputs).toEqual({});
  await h.expectNoLeak(result);
}

describe('reads are retried', () => {
  test('two 503s, then success', async () => {
    h.service.inject({ method: 'GET', path: clientPath(), status: 503, times: 2 });
    await expectCreated(await h.run());
    expect(gets(clientPath())).toBe(4); // two 503s, the inspection, the verification
  });

  test('a 429 with Retry-After is waited for', async () => {
    h.service.inject({ method: 'GET', path: '/v2/api/scopes', status: 429, headers: { 'retry-after': '1' } });
    await expectCreated(await h.run());
    const lookups = h.service.requests.filter((r) => r.path === '/v2/api/scopes');
    expect(lookups).toHaveLength(2);
    // The service's own clock: the second lookup came at least the second it asked for later.
    expect((lookups[1]?.at ?? 0) - (lookups[0]?.at ?? 0)).toBeGreaterThanOrEqual(950);
  });

  test('an HTML 502 from a proxy is a retryable 502, not a crash', async () => {
    h.service.inject({ method: 'GET', path: clientPath(), status: 502, body: '<html><body>Bad Gateway</body></html>', headers: { 'content-type': 'text/html' } });
    await expectCreated(await h.run());
  });

  test('a reset connection', async () => {
    h.service.inject({ method: 'GET', path: '/v2/api/scopes', reset: true });
    await expectCreated(await h.run());
  });

  test('a server that hangs fails within the deadline and says it timed out', async () => {
    h.service.inject({ method: 'GET', path: clientPath(), hang: true, times: 100 });
    // The runner's guard kills the process after 20 s: exit code 1 proves it ended by itself.
    const result = await h.run({ inputs: { timeout_seconds: '2' }, killAfterMs: 20_000 });
    await expectFailure(result, /^::error::Client inspection \(GET .*\) timed out waiting for 127\.0\.0\.1:\d+ \(timeout_seconds: 2\); the step's deadline of 6 s has passed$/);
    expect(posts()).toBe(0);
  });

  test('nothing listening', async () => {
    const port = await freePort();
    const result = await h.run({ inputs: { auth_url: `http://127.0.0.1:${port}` } });
    await expectFailure(result, /nothing is listening at 127\.0\.0\.1:\d+ \(connection refused\): check auth_url \(gave up after 5 attempts\)/);
  });
});

describe('what is never retried', () => {
  test('401: the credentials were rejected', async () => {
    const result = await h.run({ inputs: { client_secret: 'not-the-secret' } });
    expect(result.exitCode).toBe(1);
    expect(annotations(result)).toEqual([expect.stringContaining('HTTP 401: the credentials were rejected')]);
    expect(gets(clientPath())).toBe(1);
    await h.expectNoLeak(result, 'not-the-secret');
  });

  test('a 400 on creation, shown with the service\'s detail', async () => {
    const body = JSON.stringify({ errors: [{ detail: 'scope_suffix is reserved' }], request_id: 'req-42' });
    h.service.inject({ method: 'POST', status: 400, body });
    const result = await h.run();
    await expectFailure(result, /^::error::Scope creation \(POST .*\) failed with HTTP 400: .* The service said: scope_suffix is reserved \(request id req-42\)$/);
    expect(posts()).toBe(1);
  });

  test('malformed JSON', async () => {
    h.service.inject({ method: 'GET', path: clientPath(), status: 200, body: '{"client": {"id": ' });
    await expectFailure(await h.run(), /^::error::Client inspection \(GET .*\): the answer \(HTTP 200\) is not JSON$/);
    expect(gets(clientPath())).toBe(1);
  });

  test('an answer without a needed field names it', async () => {
    h.service.inject({ method: 'GET', path: clientPath(), status: 200, body: '{"client": {"name": "x", "scopes": []}}' });
    await expectFailure(await h.run(), /^::error::Client inspection \(GET .*\): the answer lacks or mistypes client\.id$/);
  });

  test('a redirect is not followed with the credentials', async () => {
    const elsewhere = await Harness.start();
    h.service.inject({ method: 'GET', path: clientPath(), status: 302, headers: { location: `${elsewhere.service.url}/v2/api/clients/x` } });
    await expectFailure(await h.run(), /was redirected \(HTTP 302\) to http:\/\/127\.0\.0\.1:\d+\/v2\/api\/clients\/x\. Redirects are not followed/);
    expect(elsewhere.service.requests).toEqual([]);
    await elsewhere.stop();
  });

  test('plain http to a host that is not loopback is refused before any connection', async () => {
    const result = await h.run({ inputs: { auth_url: 'http://auth.example.org' } });
    await expectFailure(result, /^::error::Input auth_url must use https/);
    expect(h.service.requests).toEqual([]);
  });
});

describe('the creation is never sent blindly twice', () => {
  test('its answer is lost: the scope found by inspection is adopted', async () => {
    h.service.inject({ method: 'POST', loseAnswer: true });
    await expectCreated(await h.run());
    expect(posts()).toBe(1);
  });

  test('another run created it first (409): adopted', async () => {
    const other = () => void h.addSpecifiedScope();
    h.service.inject({ method: 'POST', before: other });
    await expectCreated(await h.run(), 'false');
    expect(posts()).toBe(1);
  });

  test('two runs at once on a fresh client: one scope, both green, the same outputs', async () => {
    const [a, b] = await Promise.all([h.run(), h.run()]);
    for (const result of [a, b]) {
      expect(result.exitCode).toBe(0);
      await h.expectNoLeak(result);
    }
    expect(h.clientScopes()).toEqual([h.expectedString]);
    expect({ ...a.outputs, created: '' }).toEqual({ ...b.outputs, created: '' });
    expect([a.outputs.created, b.outputs.created].sort()).toEqual(['false', 'true']);
  });

  test('the creation fails with a 503 and the scope is certainly absent: sent again', async () => {
    h.service.inject({ method: 'POST', status: 503 });
    await expectCreated(await h.run());
    expect(posts()).toBe(2);
  });
});

describe('proxies', () => {
  let proxy: ForwardProxy;
  let proxyUrl: string;
  beforeEach(async () => {
    proxy = new ForwardProxy();
    proxyUrl = await proxy.start();
  });
  afterEach(() => proxy.stop());

  test('HTTP_PROXY is honoured', async () => {
    await expectCreated(await h.run({ env: { HTTP_PROXY: proxyUrl } }));
    expect(proxy.relayed).toHaveLength(4);
    expect(proxy.relayed).toContain(`POST ${h.service.url}${clientPath()}/scopes`);
  });

  test('NO_PROXY bypasses it', async () => {
    await expectCreated(await h.run({ env: { HTTP_PROXY: proxyUrl, NO_PROXY: '127.0.0.1' } }));
    expect(proxy.relayed).toEqual([]);
  });
});

describe('debug logging reveals nothing secret', () => {
  const debug = { RUNNER_DEBUG: '1', ACTIONS_STEP_DEBUG: 'true', NODE_DEBUG: 'http,net,undici,fetch' };

  test('on success', async () => {
    const result = await h.run({ env: debug });
    await expectCreated(result);
    // The debug logging really was on: undici and net wrote their traces.
    expect(result.stderr).toMatch(/^(UNDICI|FETCH) \d+: connecting to/m);
    expect(result.stderr).toMatch(/^NET \d+:/m);
  });

  test('a lost creation whose answer echoes the secret: the log line is scrubbed too', async () => {
    h.service.inject({ method: 'POST', status: 503, body: JSON.stringify({ errors: [{ detail: `overloaded while storing ${SECRET}` }] }) });
    const result = await h.run({ env: debug });
    await expectCreated(result);
    expect(result.stdout).toContain('The service said: overloaded while storing ***');
  });

  test('on a failure whose text from the service echoes the secret: scrubbed', async () => {
    const detail = `secret ${SECRET} is malformed`;
    h.service.inject({ method: 'GET', path: clientPath(), status: 400, body: JSON.stringify({ errors: [{ detail }] }) });
    const result = await h.run({ env: debug });
    await expectFailure(result, /HTTP 400: .* The service said: secret \*\*\* is malformed/);
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
