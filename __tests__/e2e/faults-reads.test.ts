/**
 * Faults on the reads, end to end: the bundled action as a process against the embedded
 * service's fault injection. Retried, and given up on within the run's deadline, saying why.
 * The waits themselves (backoff, Retry-After) are pinned on an injected clock in http.test.ts;
 * here the smallest limits that show the behaviour keep every run short.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { createServer } from 'node:net';
import { expectCreated, expectFailure } from '../support/faults.ts';
import { Harness } from '../support/harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await Harness.start();
});
afterEach(() => h.stop());

const clientPath = (): string => `/v2/api/clients/${h.client.id}`;
const gets = (path: string): number => h.countRequests('GET', path);

describe('reads are retried', () => {
  test('two 503s, then success', async () => {
    h.service.inject({ method: 'GET', path: clientPath(), status: 503, times: 2 });
    expectCreated(h, await h.run());
    expect(gets(clientPath())).toBe(4); // two 503s, the inspection, the verification
  });

  test('a 429 with Retry-After, then success', async () => {
    h.service.inject({
      method: 'GET',
      path: '/v2/api/scopes',
      query: { scope_strings: /./ },
      status: 429,
      headers: { 'retry-after': '0' },
    });
    expectCreated(h, await h.run());
    expect(h.service.requests.filter((r) => r.path === '/v2/api/scopes' && 'scope_strings' in r.query)).toHaveLength(2);
  });

  test('the lookup by id, told apart from the lookup by string, fails once: only it is sent again', async () => {
    h.service.inject({ method: 'GET', path: '/v2/api/scopes', query: { ids: /./ }, status: 503 });
    expectCreated(h, await h.run());
    const lookups = h.service.requests.filter((r) => r.path === '/v2/api/scopes').map((r) => Object.keys(r.query)[0]);
    expect(lookups.sort()).toEqual(['ids', 'ids', 'scope_strings']);
  });

  test('an HTML 502 from a proxy is a retryable 502, not a crash', async () => {
    h.service.inject({
      method: 'GET',
      path: clientPath(),
      status: 502,
      body: '<html><body>Bad Gateway</body></html>',
      headers: { 'content-type': 'text/html' },
    });
    expectCreated(h, await h.run());
  });

  test('a reset connection', async () => {
    h.service.inject({ method: 'GET', path: '/v2/api/scopes', reset: true });
    expectCreated(h, await h.run());
  });
});

describe('given up on within the deadline', () => {
  // timeout_seconds 0.3: each try is cut at 0.3 s and the step at 0.9 s, shown as "1 s".
  test('a server that hangs: the process ends by itself, saying it timed out', async () => {
    h.service.inject({ method: 'GET', path: clientPath(), hang: true, times: 100 });
    const result = await h.run({ inputs: { timeout_seconds: '0.3' }, killAfterMs: 10_000 });
    expectFailure(
      h,
      result,
      /^::error::Client inspection \(GET .*\) timed out waiting for 127\.0\.0\.1:\d+ \(timeout_seconds: 0\.3\)(; the run's deadline of 1 s has passed| \(gave up after \d attempts: the run's deadline is near\))$/,
    );
    expect(h.countRequests('POST', '/v2/')).toBe(0);
  });

  test('nothing listening: retried until the deadline is near, then named', async () => {
    const port = await freePort();
    const result = await h.run({ inputs: { auth_url: `http://127.0.0.1:${port}`, timeout_seconds: '0.3' } });
    expectFailure(
      h,
      result,
      /nothing is listening at 127\.0\.0\.1:\d+ \(connection refused\): check auth_url \(gave up after \d attempts(: the run's deadline is near)?\)$/,
    );
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
