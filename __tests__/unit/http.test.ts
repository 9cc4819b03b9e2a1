/**
 * The HTTP layer against real servers on 127.0.0.1: which failures are tried again, how long
 * it waits (on a fake clock, never the wall clock), the per-request limit cut by the step's
 * deadline, and the run's signal abandoning what is in flight.
 */
import { afterEach, describe, expect, jest, test } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo, Socket } from 'node:net';
import type { Dispatcher } from 'undici';
import { z } from 'zod/mini';
import { createBudget, requestLimitMs } from '../../src/wire/budget.ts';
import {
  createJsonHttp,
  explainError,
  HttpError,
  MAX_RESPONSE_BYTES,
  USER_AGENT,
  withHttpRetries,
  type JsonHttp,
} from '../../src/wire/http.ts';
import { silentLog } from '../../src/wire/log.ts';
import { systemClock, type RetryPolicy } from '../../src/wire/retry.ts';
import { closeAhead, OPENED_AHEAD, openAhead } from '../../src/wire/transport.ts';
import { fakeClock } from '../support/clock.ts';
import { rejectionOf } from '../support/rejection.ts';

const POLICY: RetryPolicy = { attempts: 3, baseDelayMs: 100, maxDelayMs: 10_000 };
const OK = z.object({ ok: z.literal(true) });

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, nth: number) => void;

const servers: Array<{ server: http.Server; sockets: Set<Socket> }> = [];
// Each test's run: stopped after it, which closes every connection its requests opened.
const runs: AbortController[] = [];
const runSignal = (): AbortSignal => {
  const run = new AbortController();
  runs.push(run);
  return run.signal;
};
afterEach(async () => {
  for (const run of runs.splice(0)) run.abort();
  closeAhead();
  for (const { server, sockets } of servers.splice(0)) {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A server that answers the n-th request (from 1) with `handle`; returns its base URL, the count and the connections opened. */
async function serve(handle: Handler): Promise<{ url: string; count: () => number; connections: () => number }> {
  let count = 0;
  let connections = 0;
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => handle(req, res, ++count));
  server.on('connection', (socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  servers.push({ server, sockets });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    count: () => count,
    connections: () => connections,
  };
}

const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
};

function client(clock = fakeClock(), timeoutSeconds = 30): JsonHttp {
  return createJsonHttp({
    budget: createBudget(timeoutSeconds, { clock, policy: POLICY, signal: runSignal() }),
    urlSetting: 'auth_url',
  });
}

describe('what is tried again', () => {
  test.each([429, 500, 502, 503, 504])('HTTP %i, then success', async (status) => {
    const { url, count } = await serve((_req, res, nth) =>
      nth === 1 ? json(res, status, {}) : json(res, 200, { ok: true }),
    );
    const clock = fakeClock();
    await expect(client(clock).retried('Read', OK, 'GET', url)).resolves.toEqual({ ok: true });
    expect(count()).toBe(2);
    expect(clock.slept).toEqual([50]); // half (the fake's random) of the first backoff
  });

  test.each([400, 401, 403, 404, 409, 422, 501])('HTTP %i is final', async (status) => {
    const { url, count } = await serve((_req, res) => json(res, status, {}));
    const error = await rejectionOf(client().retried('Read', OK, 'GET', url), HttpError);
    expect(error.message).toBe(`Read failed with HTTP ${status}.`);
    expect(error.name).toBe('HttpError');
    expect(count()).toBe(1);
  });

  test('a connection closed before the answer, then success', async () => {
    const { url, count } = await serve((req, res, nth) =>
      nth === 1 ? req.socket.destroy() : json(res, 200, { ok: true }),
    );
    await expect(client().retried('Read', OK, 'GET', url)).resolves.toEqual({ ok: true });
    expect(count()).toBe(2);
  });

  test('a connection reset by the peer (TCP RST, ECONNRESET), then success', async () => {
    const { url, count } = await serve((req, res, nth) =>
      nth === 1 ? req.socket.resetAndDestroy() : json(res, 200, { ok: true }),
    );
    await expect(client().retried('Read', OK, 'GET', url)).resolves.toEqual({ ok: true });
    expect(count()).toBe(2);
  });

  test('a reset that persists: the message says what happened and how far it got', async () => {
    const { url, count } = await serve((req) => req.socket.destroy());
    const error = await rejectionOf(client().retried('Read', OK, 'GET', url), HttpError);
    expect(error.message).toMatch(
      /^Read: the connection to 127\.0\.0\.1:\d+ was closed before the answer came \(gave up after 3 attempts\)$/,
    );
    expect(count()).toBe(3);
  });

  test('an error that is not an HttpError is never tried again', async () => {
    let tries = 0;
    const bug = new TypeError('a bug');
    const attempt = () => (tries++, Promise.reject(bug));
    await expect(
      withHttpRetries(attempt, createBudget(30, { clock: fakeClock(), policy: POLICY, signal: runSignal() })),
    ).rejects.toBe(bug);
    expect(tries).toBe(1);
  });

  test('a single request (send) is never repeated, whatever the failure', async () => {
    const { url, count } = await serve((_req, res) => json(res, 503, {}));
    const error = await rejectionOf(client().send('Create', OK, 'POST', url, { body: { a: 1 } }), HttpError);
    expect([error.status, error.transient]).toEqual([503, true]);
    expect(count()).toBe(1);
  });
});

describe('Retry-After, on the injected clock', () => {
  test('in seconds: waited for instead of the backoff', async () => {
    const { url } = await serve((_req, res, nth) =>
      nth === 1 ? json(res, 429, {}, { 'retry-after': '3' }) : json(res, 200, { ok: true }),
    );
    const clock = fakeClock();
    await client(clock).retried('Read', OK, 'GET', url);
    expect(clock.slept).toEqual([3000]);
  });

  test('as an HTTP date: the time until then', async () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    const { url } = await serve((_req, res, nth) =>
      nth === 1 ? json(res, 503, {}, { 'retry-after': 'Mon, 23 Nov 2026 10:00:04 GMT' }) : json(res, 200, { ok: true }),
    );
    const clock = fakeClock(0.5, now);
    await client(clock).retried('Read', OK, 'GET', url);
    expect(clock.slept).toEqual([4000]);
  });

  test('longer than the longest pause: given up on at once, saying so', async () => {
    const { url, count } = await serve((_req, res) => json(res, 503, {}, { 'retry-after': '11' }));
    const clock = fakeClock();
    const error = await rejectionOf(client(clock).retried('Read', OK, 'GET', url), HttpError);
    expect(error.message).toBe(
      'Read failed with HTTP 503. (the service asked to wait 11 s, longer than this run waits)',
    );
    expect([count(), clock.slept.length]).toEqual([1, 0]);
  });
});

describe('limits', () => {
  test("a request's limit is cut short by the run's deadline", () => {
    const clock = fakeClock();
    const budget = createBudget(30, { clock });
    expect(requestLimitMs(budget)).toBe(30_000);
    clock.advance(89_950);
    expect(requestLimitMs(budget)).toBe(50);
    clock.advance(1_000);
    expect(requestLimitMs(budget)).toBe(1);
  });

  // 60 ms of a 5 s limit are left before the deadline: the request is sent with a limit of
  // 60 ms, and when it fires, the message says the deadline has passed. The limit's timer is
  // taken over, so that it fires once the server holds the request, on no wall clock.
  test('a request sent just before the deadline is limited to what is left, and says the deadline passed', async () => {
    const clock = fakeClock();
    const limits: number[] = [];
    const limit = new AbortController();
    const timeout = jest.spyOn(AbortSignal, 'timeout').mockImplementation((ms) => {
      limits.push(ms);
      return limit.signal;
    });
    try {
      const { url } = await serve(() => {
        clock.advance(60);
        limit.abort(new DOMException('The operation timed out.', 'TimeoutError'));
      }); // never answers
      // The run started a second in: its deadline is counted from then.
      clock.advance(1_000);
      const http5s = client(clock, 5);
      clock.advance(15_000 - 60);
      const error = await rejectionOf(http5s.send('Read', OK, 'GET', url), HttpError);
      expect(limits).toEqual([60]);
      expect(error.message).toMatch(
        /^Read timed out waiting for 127\.0\.0\.1:\d+ \(timeout_seconds: 5\); the run's deadline of 15 s has passed$/,
      );
      expect(error.transient).toBe(false);
    } finally {
      timeout.mockRestore();
    }
  });

  test('a request that times out well before the deadline says only that, and may be tried again', async () => {
    const limit = new AbortController();
    const timeout = jest.spyOn(AbortSignal, 'timeout').mockImplementation(() => limit.signal);
    try {
      const { url } = await serve(() => limit.abort(new DOMException('The operation timed out.', 'TimeoutError'))); // never answers
      const error = await rejectionOf(client(fakeClock(), 5).send('Read', OK, 'GET', url), HttpError);
      expect(error.message).toMatch(/^Read timed out waiting for 127\.0\.0\.1:\d+ \(timeout_seconds: 5\)$/);
      expect(error.transient).toBe(true);
    } finally {
      timeout.mockRestore();
    }
  });

  test('the step budget: three request limits from now, on the system clock by default', () => {
    const before = Date.now();
    const budget = createBudget(2);
    expect(budget.clock).toBe(systemClock);
    expect(budget.requestTimeoutMs).toBe(2000);
    expect(budget.deadline - budget.startedAt).toBe(6000);
    expect(budget.startedAt).toBeGreaterThanOrEqual(before);
  });

  test('the system clock draws the jitter from [0, 1) and sleeps', async () => {
    const draw = systemClock.random();
    expect(draw >= 0 && draw < 1).toBe(true);
    await expect(systemClock.sleep(0)).resolves.toBeUndefined();
  });

  test("the system clock's pause ends at once when the step is cancelled, or never starts after", async () => {
    const controller = new AbortController();
    const pause = systemClock.sleep(3_600_000, controller.signal);
    controller.abort(new Error('cancelled'));
    await expect(pause).rejects.toThrow('cancelled');
    await expect(systemClock.sleep(3_600_000, controller.signal)).rejects.toThrow('cancelled');
  });
});

test('requests in flight together take a connection each, at most four; the next ones wait on the least busy and reuse it', async () => {
  // Requests served on each connection, by the client's port.
  const served = new Map<number, number>();
  const { url } = await serve((req, res) => {
    const port = req.socket.remotePort ?? 0;
    served.set(port, (served.get(port) ?? 0) + 1);
    json(res, 200, { ok: true });
  });
  const http = client();

  const answers = await Promise.all(Array.from({ length: 6 }, () => http.send('Read', OK, 'GET', url)));

  expect(answers).toHaveLength(6);
  // The fifth and sixth each waited on a different connection, not both on one.
  expect([...served.values()].sort()).toEqual([1, 1, 2, 2]);
});

test('a request sent after the others were answered reuses an idle kept-alive connection', async () => {
  const ports: number[] = [];
  const { url } = await serve((req, res) => {
    ports.push(req.socket.remotePort ?? 0);
    json(res, 200, { ok: true });
  });
  const http = client();

  await http.send('Read', OK, 'GET', url);
  await http.send('Read', OK, 'GET', url);
  await Promise.all([http.send('Read', OK, 'GET', url), http.send('Read', OK, 'GET', url)]);

  const [first, second, ...together] = ports;
  expect(second).toBe(first);
  // Sent together: the idle connection for one, a new one for the other.
  expect(together).toContain(first);
  expect(new Set(ports).size).toBe(2);
});

test("the run's signal closes a kept-alive connection that is idle", async () => {
  let arrived!: (socket: Socket) => void;
  const seen = new Promise<Socket>((resolve) => (arrived = resolve));
  // The server asks for a minute of keep-alive: only the run's stop can close it in time.
  const { url } = await serve(
    (req, res) => (arrived(req.socket), json(res, 200, { ok: true }, { 'keep-alive': 'timeout=60' })),
  );
  const run = new AbortController();
  const http1 = createJsonHttp({
    budget: createBudget(30, { clock: fakeClock(), signal: run.signal }),
    urlSetting: 'auth_url',
  });
  await http1.send('Read', OK, 'GET', url);
  const socket = await seen;
  const closed = new Promise((resolve) => socket.once('close', resolve));
  run.abort(new Error('the run has ended'));
  await closed;
}, 5_000);

test("the run's signal abandons a request still in flight and closes its connection", async () => {
  let arrived!: (socket: Socket) => void;
  const seen = new Promise<Socket>((resolve) => (arrived = resolve));
  const { url } = await serve((req) => arrived(req.socket)); // holds the request open
  const run = new AbortController();
  const http1 = createJsonHttp({
    budget: createBudget(30, { clock: fakeClock(), signal: run.signal }),
    urlSetting: 'auth_url',
  });
  const pending = http1.send('Read', OK, 'GET', url).catch((error: unknown) => error);
  const socket = await seen;
  const closed = new Promise((resolve) => socket.once('close', resolve));
  run.abort(new Error('the run has ended'));
  // Without the signal, the request would wait for an answer that never comes.
  expect(await pending).toBeInstanceOf(HttpError);
  await closed;
});

test("a retried request abandoned by the run's stop is not tried again, nor announced as a retry", async () => {
  let arrived!: () => void;
  const seen = new Promise<void>((resolve) => (arrived = resolve));
  const { url, count } = await serve(() => arrived()); // holds the request open
  const run = new AbortController();
  const lines: string[] = [];
  const http1 = createJsonHttp({
    budget: createBudget(30, { clock: fakeClock(), policy: POLICY, signal: run.signal }),
    urlSetting: 'auth_url',
    log: { ...silentLog, info: (m) => lines.push(m) },
  });
  const pending = rejectionOf(http1.retried('Read', OK, 'GET', url), HttpError);
  await seen;
  run.abort(new Error('a sibling request failed'));
  const error = await pending;
  expect(error).toMatchObject({ transient: false, message: 'Read was abandoned: the run has stopped' });
  expect(lines).toEqual([]);
  expect(count()).toBe(1);
});

test('a run that stops closes the connections opened ahead that no request took: the next run opens its own', async () => {
  const { url, connections } = await serve((_req, res) => json(res, 200, { ok: true }));
  await openAhead(url, {});
  const first = new AbortController();
  const budget = (signal: AbortSignal) => createBudget(30, { clock: fakeClock(), policy: POLICY, signal });
  await createJsonHttp({ budget: budget(first.signal), urlSetting: 'auth_url' }).retried('Read', OK, 'GET', url);
  first.abort(new Error('the run has ended'));
  // One opened ahead was left: closed with the first run, it is not the second's.
  await createJsonHttp({ budget: budget(runSignal()), urlSetting: 'auth_url' }).retried('Read', OK, 'GET', url);
  expect(connections()).toBe(OPENED_AHEAD + 1);
});

describe('what a run tells as it goes', () => {
  test('each retry: one log line with what failed, which attempt and how long it waits', async () => {
    const { url } = await serve((_req, res, nth) => (nth === 1 ? json(res, 503, {}) : json(res, 200, { ok: true })));
    const lines: string[] = [];
    const clock = fakeClock();
    const http1 = createJsonHttp({
      budget: createBudget(30, { clock, policy: POLICY, signal: runSignal() }),
      urlSetting: 'auth_url',
      log: { ...silentLog, info: (m) => lines.push(m) },
    });
    await http1.retried('Read', OK, 'GET', url);
    expect(lines).toEqual(['Read failed with HTTP 503. Attempt 1 of 3 failed; trying again in 50 ms.']);
  });

  test('each request: one debug line with method, path, status and its own time, never a header value', async () => {
    // The run's clock is well past 0 when the request starts, and the answer takes 42 ms of it.
    const clock = fakeClock(0.5, 1_000_000);
    const { url } = await serve((req, res) => {
      clock.advance(42);
      json(res, 200, { ok: true, agent: req.headers['user-agent'] });
    });
    const debug: string[] = [];
    const http1 = createJsonHttp({
      budget: createBudget(30, { clock, signal: runSignal() }),
      urlSetting: 'auth_url',
      headers: { authorization: 'Basic c2VjcmV0' },
      log: { ...silentLog, debug: (m) => debug.push(m) },
    });
    await http1.send('Read', z.object({ ok: z.literal(true) }), 'GET', `${url}v2/api/x?q=1`);
    expect(debug).toEqual(['GET /v2/api/x: HTTP 200 in 42 ms']);
  });

  test('every request names the action and its version in User-Agent', async () => {
    let agent: string | undefined;
    const { url } = await serve((req, res) => {
      agent = req.headers['user-agent'];
      json(res, 200, { ok: true });
    });
    await client().send('Read', OK, 'GET', url);
    expect(agent).toBe(USER_AGENT);
    expect(USER_AGENT).toMatch(/^ensure-provider-scope\/\d+\.\d+\.\d+/);
  });
});

test('a certificate that does not verify names the cause and the fix (NODE_EXTRA_CA_CERTS)', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'tls-test-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-subj',
        '/CN=127.0.0.1',
        '-days',
        '1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const server = https.createServer(
      { key: await readFile(path.join(dir, 'key.pem')), cert: await readFile(path.join(dir, 'cert.pem')) },
      (_req, res) => res.end('{}'),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const error = await rejectionOf(
        client().send('Read', OK, 'GET', `https://127.0.0.1:${(server.address() as AddressInfo).port}/`),
        HttpError,
      );
      expect(error.message).toMatch(
        /^Read: the TLS certificate of 127\.0\.0\.1:\d+ could not be verified \((DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN)\)\. If a proxy .* NODE_EXTRA_CA_CERTS/,
      );
      expect(error.transient).toBe(false);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

describe('a request that fails before any answer: what the error says, and whether it is tried again', () => {
  /** A dispatcher whose every request fails with `error`, counting the tries. */
  const failing = (error: unknown) => {
    let tries = 0;
    const dispatcher = { request: async () => (tries++, Promise.reject(error)) } as unknown as Dispatcher;
    const http = createJsonHttp({
      budget: createBudget(30, { clock: fakeClock(), policy: POLICY, signal: runSignal() }),
      urlSetting: 'auth_url',
      dispatcher,
    });
    return { http, tries: () => tries };
  };
  const HOST = 'auth.example.org';
  const URL_ = `https://${HOST}/v2/api/x`;
  const coded = (code: string) => Object.assign(new Error(`${code.toLowerCase()} happened`), { code });

  test.each<[string, string, boolean]>([
    ['ECONNREFUSED', `nothing is listening at ${HOST} (connection refused): check auth_url`, true],
    ['ENOTFOUND', `the host name ${HOST} does not resolve: check auth_url and the machine's DNS`, false],
    ['ECONNRESET', `the connection to ${HOST} was closed before the answer came`, true],
    ['UND_ERR_SOCKET', `the connection to ${HOST} was closed before the answer came`, true],
    ['EPIPE', `could not reach ${HOST}: EPIPE: epipe happened`, true],
    ['ETIMEDOUT', `could not reach ${HOST}: ETIMEDOUT: etimedout happened`, true],
    ['EAI_AGAIN', `could not reach ${HOST}: EAI_AGAIN: eai_again happened`, true],
    [
      'UND_ERR_CONNECT_TIMEOUT',
      `could not reach ${HOST}: UND_ERR_CONNECT_TIMEOUT: und_err_connect_timeout happened`,
      true,
    ],
    ['EHOSTUNREACH', `could not reach ${HOST}: EHOSTUNREACH: ehostunreach happened`, false],
  ])('%s', async (code, what, transient) => {
    const { http, tries } = failing(coded(code));
    const error = await rejectionOf(http.retried('Read', OK, 'GET', URL_), HttpError);
    expect(error.message).toBe(`Read: ${what}${transient ? ` (gave up after ${POLICY.attempts} attempts)` : ''}`);
    expect(tries()).toBe(transient ? POLICY.attempts : 1);
  });

  test.each([
    'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
    'SELF_SIGNED_CERT_IN_CHAIN',
    'DEPTH_ZERO_SELF_SIGNED_CERT',
    'CERT_HAS_EXPIRED',
    'ERR_TLS_CERT_ALTNAME_INVALID',
  ])(
    '%s: the certificate, the proxy that may intercept TLS, and NODE_EXTRA_CA_CERTS; never tried again',
    async (code) => {
      const { http, tries } = failing(coded(code));
      const error = await rejectionOf(http.retried('Read', OK, 'GET', URL_), HttpError);
      expect(error.message).toBe(
        `Read: the TLS certificate of ${HOST} could not be verified (${code}). If a proxy of the network intercepts TLS, ` +
          'give its CA certificate in NODE_EXTRA_CA_CERTS (the path of a PEM file); never turn verification off',
      );
      expect(tries()).toBe(1);
    },
  );

  test('the debug line of a request that got no answer names the error by its code, else by its name', async () => {
    const debugOf = async (error: unknown): Promise<string[]> => {
      const debug: string[] = [];
      const dispatcher = { request: () => Promise.reject(error) } as unknown as Dispatcher;
      const http = createJsonHttp({
        budget: createBudget(30, { clock: fakeClock(), signal: runSignal() }),
        urlSetting: 'auth_url',
        dispatcher,
        log: { ...silentLog, debug: (m) => debug.push(m) },
      });
      await rejectionOf(http.send('Read', OK, 'GET', URL_), HttpError);
      return debug;
    };
    expect(await debugOf(coded('ECONNREFUSED'))).toEqual(['GET /v2/api/x: no answer (ECONNREFUSED) after 0 ms']);
    expect(await debugOf(new TypeError('fetch failed'))).toEqual(['GET /v2/api/x: no answer (TypeError) after 0 ms']);
  });

  test('an error without a code: its message alone; without anything: the host alone; neither tried again', async () => {
    const plain = failing(new Error('something odd'));
    expect((await rejectionOf(plain.http.retried('Read', OK, 'GET', URL_), HttpError)).message).toBe(
      `Read: could not reach ${HOST}: something odd`,
    );
    expect(plain.tries()).toBe(1);
    const nothing = failing(null);
    expect((await rejectionOf(nothing.http.retried('Read', OK, 'GET', URL_), HttpError)).message).toBe(
      `Read: could not reach ${HOST}: `,
    );
  });
});

describe('answers the layer does not use', () => {
  test.each([300, 301, 302, 307, 308, 399])('HTTP %i is a redirect, never followed, and said so', async (status) => {
    const { url, count } = await serve((_req, res) =>
      res.writeHead(status, { location: 'https://elsewhere.example.org/' }).end(),
    );
    const error = await rejectionOf(client().retried('Read', OK, 'GET', url), HttpError);
    expect(error.message).toBe(
      `Read was redirected (HTTP ${status}) to https://elsewhere.example.org/. Redirects are not followed with the credentials: set auth_url to the address of the service itself.`,
    );
    expect(error.status).toBe(status);
    expect(count()).toBe(1);
  });

  test('an answer of exactly MAX_RESPONSE_BYTES is read; one byte more is refused, unread', async () => {
    const padded = (bytes: number) => {
      const head = '{"ok":true,"pad":"';
      return `${head}${'x'.repeat(bytes - head.length - 2)}"}`;
    };
    const { url } = await serve((req, res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(padded(req.url === '/more' ? MAX_RESPONSE_BYTES + 1 : MAX_RESPONSE_BYTES)),
    );
    await expect(client().send('Read', OK, 'GET', url)).resolves.toEqual({ ok: true });
    const error = await rejectionOf(client().send('Read', OK, 'GET', `${url}more`), HttpError);
    expect(error.message).toBe(`Read: the answer is larger than ${MAX_RESPONSE_BYTES} bytes and was not read`);
  });

  test('a 2xx answer of another shape: what is wrong, and the server to check', async () => {
    const { url } = await serve((_req, res) => json(res, 200, { name: 'x' }));
    const error = await rejectionOf(client().send('Read', z.object({ id: z.string() }), 'GET', url), HttpError);
    expect(error.message).toBe(
      'Read: the answer (HTTP 200) cannot be used: id is missing: expected a string. Check that auth_url names the server meant.',
    );
    expect(error.status).toBe(200);
  });

  test('a 2xx answer that is not JSON: said so, with its status', async () => {
    const { url } = await serve((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>login</html>'),
    );
    expect((await rejectionOf(client().send('Read', OK, 'GET', url), HttpError)).message).toBe(
      'Read: the answer (HTTP 200) is not JSON',
    );
  });
});

describe("explainError: a server's own words, and the ids its support asks for", () => {
  test.each<[string, unknown, Record<string, string>, string]>([
    [
      'errors[].detail first',
      { errors: [{ detail: 'a' }], error_description: 'b', detail: 'c', message: 'd', error: 'e' },
      {},
      ' The service said: a',
    ],
    [
      'then error_description',
      { errors: [{ detail: '' }], error_description: 'b', detail: 'c', message: 'd', error: 'e' },
      {},
      ' The service said: b',
    ],
    ['then detail', { error_description: '', detail: 'c', message: 'd', error: 'e' }, {}, ' The service said: c'],
    ['then message', { detail: 42, message: 'd', error: 'e' }, {}, ' The service said: d'],
    ['then error', { message: '', error: 'invalid_client' }, {}, ' The service said: invalid_client'],
    ['an error that is null is none', { errors: [null], detail: 'c' }, {}, ' The service said: c'],
    ['a detail that is not a string is none', { detail: 7 }, {}, ''],
    ['the first error only', { errors: [{ detail: 'first' }, { detail: 'second' }] }, {}, ' The service said: first'],
    [
      'the error id and the request id of the body, over the header',
      { errors: [{ id: 'e-1' }], request_id: 'r-body' },
      { 'x-request-id': 'r-header' },
      ' (error id e-1, request id r-body)',
    ],
    ['the request id of the header', {}, { 'x-request-id': 'r-header' }, ' (request id r-header)'],
    ['empty ids are none', { errors: [{ id: '' }], request_id: '' }, { 'x-request-id': '' }, ''],
    ['a body that is not an object', 'Bad Gateway', {}, ''],
    ['no body', null, {}, ''],
    ['errors that is not a list', { errors: { detail: 'x' } }, {}, ''],
  ])('%s', (_what, body, headers, expected) => {
    expect(explainError(body, headers)).toBe(expected);
  });
});
