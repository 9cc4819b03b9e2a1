/** What is never retried, end to end: each failure is one clear annotation, nothing leaked. */
import { afterEach, beforeEach, expect, test } from '@jest/globals';
import { expectFailure } from '../support/faults.ts';
import { annotations, Harness } from '../support/harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await Harness.start();
});
afterEach(() => h.stop());

const clientPath = (): string => `/v2/api/clients/${h.client.id}`;

test('401: the credentials were rejected, with the service error id', async () => {
  const result = await h.run({ inputs: { client_secret: 'not-the-secret' } });
  expect(result.exitCode).toBe(1);
  expect(annotations(result)).toEqual([
    expect.stringMatching(
      /HTTP 401: the credentials were rejected: .* The service said: Basic auth failed \(error id [0-9a-f-]{36}\)$/,
    ),
  ]);
  expect(h.countRequests('GET', clientPath())).toBe(1);
  h.expectNoLeak(result, { secret: 'not-the-secret' });
});

test("a 400 on creation, shown with the service's detail and ids", async () => {
  const body = JSON.stringify({ errors: [{ id: 'e-7', detail: 'scope_suffix is reserved' }], request_id: 'req-42' });
  h.service.inject({ method: 'POST', status: 400, body });
  expectFailure(
    h,
    await h.run(),
    /^::error::Scope creation \(POST .*\) failed with HTTP 400: .* The service said: scope_suffix is reserved \(error id e-7, request id req-42\)$/,
  );
  expect(h.countRequests('POST', '/v2/')).toBe(1);
});

test('malformed JSON', async () => {
  h.service.inject({ method: 'GET', path: clientPath(), status: 200, body: '{"client": {"id": ' });
  expectFailure(h, await h.run(), /^::error::Client inspection \(GET .*\): the answer \(HTTP 200\) is not JSON$/);
  expect(h.countRequests('GET', clientPath())).toBe(1);
});

test('an answer without a needed field names it', async () => {
  h.service.inject({ method: 'GET', path: clientPath(), status: 200, body: '{"client": {"name": "x", "scopes": []}}' });
  expectFailure(
    h,
    await h.run(),
    /^::error::Client inspection \(GET .*\): the answer \(HTTP 200\) cannot be used: client\.id is missing: expected a string\. This is the service's answer, not a setting of yours: report it/,
  );
});

test('a redirect is not followed with the credentials', async () => {
  const elsewhere = await Harness.start();
  try {
    h.service.inject({
      method: 'GET',
      path: clientPath(),
      status: 302,
      headers: { location: `${elsewhere.service.url}/v2/api/clients/x` },
    });
    expectFailure(
      h,
      await h.run(),
      /was redirected \(HTTP 302\) to http:\/\/127\.0\.0\.1:\d+\/v2\/api\/clients\/x\. Redirects are not followed/,
    );
    expect(elsewhere.service.requests).toEqual([]);
  } finally {
    await elsewhere.stop();
  }
});

test('an auth_url with the API path in it is named as the likely cause of the 404', async () => {
  expectFailure(
    h,
    await h.run({ inputs: { auth_url: `${h.service.url}/v2/api` } }),
    /HTTP 404: auth_url ends in \/v2\/api, which looks like a path of the API/,
  );
});

test('plain http to a host that is not loopback is refused before any connection', async () => {
  const result = await h.run({ inputs: { auth_url: 'http://auth.example.org' } });
  expectFailure(h, result, /^::error::Input auth_url must use https/);
  expect(h.service.requests).toEqual([]);
});
