/** Proxies and debug logging, end to end. */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { ForwardProxy } from '../../dev/forward-proxy.ts';
import { expectCreated, expectFailure } from '../support/faults.ts';
import { Harness, SECRET } from '../support/harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await Harness.start();
});
afterEach(() => h.stop());

const clientPath = (): string => `/v2/api/clients/${h.client.id}`;

describe('proxies', () => {
  let proxy: ForwardProxy;
  let proxyUrl: string;
  beforeEach(async () => {
    proxy = new ForwardProxy();
    proxyUrl = await proxy.start();
  });
  afterEach(() => proxy.stop());

  test('HTTP_PROXY is honoured', async () => {
    expectCreated(h, await h.run({ env: { HTTP_PROXY: proxyUrl } }));
    expect(proxy.relayed).toHaveLength(5);
    expect(proxy.relayed).toContain(`POST ${h.service.url}${clientPath()}/scopes`);
  });

  test('NO_PROXY bypasses it', async () => {
    expectCreated(h, await h.run({ env: { HTTP_PROXY: proxyUrl, NO_PROXY: '127.0.0.1' } }));
    expect(proxy.relayed).toEqual([]);
  });
});

describe('debug logging reveals nothing secret', () => {
  const debug = { RUNNER_DEBUG: '1', ACTIONS_STEP_DEBUG: 'true', NODE_DEBUG: 'http,net,undici,fetch' };

  test('on success', async () => {
    const result = await h.run({ env: debug });
    expectCreated(h, result);
    // The debug logging really was on: Node's http and net wrote their traces (the wire's
    // requests go through node:http since issue 48; undici's traces, UNDICI, were matched before).
    expect(result.stderr).toMatch(/^HTTP \d+: createConnection/m);
    expect(result.stderr).toMatch(/^NET \d+:/m);
  });

  test('a lost creation whose answer echoes the secret: the log line is scrubbed too', async () => {
    h.service.inject({
      method: 'POST',
      status: 503,
      body: JSON.stringify({ errors: [{ detail: `overloaded while storing ${SECRET}` }] }),
    });
    const result = await h.run({ env: debug });
    expectCreated(h, result);
    expect(result.stdout).toContain('The service said: overloaded while storing ***');
  });

  test('on a failure whose text from the service echoes the secret: scrubbed', async () => {
    const detail = `secret ${SECRET} is malformed`;
    h.service.inject({
      method: 'GET',
      path: clientPath(),
      status: 400,
      body: JSON.stringify({ errors: [{ detail }] }),
    });
    const result = await h.run({ env: debug });
    expectFailure(h, result, /HTTP 400: .* The service said: secret \*\*\* is malformed/);
  });
});
