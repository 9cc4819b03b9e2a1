/**
 * End-to-end: the bundled dist/index.js run as a process the way the runner runs it,
 * against the embedded authentication service on 127.0.0.1.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { GROUPS_SCOPE_ID, GROUPS_SCOPE_STRING, type AuthServiceOptions } from '../dev/auth-service.ts';
import { runAction, type ActionRun } from '../dev/runner.ts';
import { annotations, Harness, SECRET, SPEC, SPEC_FILE, TRANSFER_SCOPE_ID, type RunOverrides } from './support/harness.ts';

let h: Harness;
const startService = async (options: AuthServiceOptions = {}, fqdns: string[] = []): Promise<void> => {
  h = await Harness.start(options, fqdns);
};
afterEach(() => h.stop());

const run = (overrides: RunOverrides = {}): Promise<ActionRun> => h.run(overrides);
const expectNoLeak = (result: ActionRun, secret?: string): Promise<void> => h.expectNoLeak(result, secret);

describe('on a fresh client', () => {
  beforeEach(() => startService());

  test('creates the scope once, verifies it and sets the outputs', async () => {
    const result = await run();

    expect(result.exitCode).toBe(0);
    const created = [...h.service.scopes.values()].find((s) => s.client === h.client.id);
    expect(result.outputs).toEqual({
      scope_string: h.expectedString,
      scope_id: created?.id,
      scope_strings: JSON.stringify([h.expectedString]),
      created: 'true',
    });
    const scopesPath = `/v2/api/clients/${h.client.id}`;
    expect(h.service.apiCalls().sort()).toEqual([`GET ${scopesPath}`, `GET ${scopesPath}`, 'GET /v2/api/scopes', `POST ${scopesPath}/scopes`].sort());
    // Inspection and lookup first, in parallel; creation; then the verifying inspection.
    expect(h.service.apiCalls().slice(2)).toEqual([`POST ${scopesPath}/scopes`, `GET ${scopesPath}`]);
    const lookup = h.service.requests.find((r) => r.path === '/v2/api/scopes');
    expect(lookup?.query).toEqual({ scope_strings: `${h.expectedString},${GROUPS_SCOPE_STRING}` });
    expect(h.service.requests.every((r) => r.clientId === h.client.id)).toBe(true);
    expect(h.service.requests.find((r) => r.method === 'POST')?.body).toEqual({
      scope: {
        name: 'Example Action Provider',
        description: 'Runs example actions',
        scope_suffix: 'action_all',
        advertised: true,
        allow_refresh_tokens: true,
        dependent_scopes: [
          { scope: GROUPS_SCOPE_ID, optional: false, requires_refresh_token: true },
          { scope: TRANSFER_SCOPE_ID, optional: true, requires_refresh_token: true },
        ],
      },
    });
    expect(result.summary).toContain('### Provider scope created');
    expect(result.summary).toContain(`<code>${h.expectedString}</code>`);
    expect(result.summary).toContain('| Ran for | release v1.2.3 |');
    expect(annotations(result)).toEqual([]);
    expect(result.files.state).toBe('');
    expect(result.files.env).toBe('');
    await expectNoLeak(result);
  });

  test('the re-run creates nothing, with the two requests of one round trip', async () => {
    const first = await run();
    const before = h.service.requests.length;
    const second = await run();

    expect(second.exitCode).toBe(0);
    expect(second.outputs).toEqual({ ...first.outputs, created: 'false' });
    expect(h.service.requests.slice(before).map((r) => `${r.method} ${r.path}`).sort()).toEqual(
      ['GET /v2/api/scopes', `GET /v2/api/clients/${h.client.id}`].sort(),
    );
    expect([...h.service.scopes.values()].filter((s) => s.client === h.client.id)).toHaveLength(1);
    expect(second.summary).toContain('### Provider scope already registered');
    await expectNoLeak(second);
  });

  test('a dependent scope string that does not exist fails before anything is created', async () => {
    const spec = `name: P\ndescription: D\nadvertised: false\ndependent_scopes:\n  - scope: https://nowhere.example.org/scopes/none\n`;
    const result = await run({ files: { [SPEC_FILE]: spec } });

    expect(result.exitCode).toBe(1);
    expect(annotations(result)).toEqual([expect.stringMatching(/^::error::dependent_scopes: no scope was found for "https:\/\/nowhere.example.org\/scopes\/none"/)]);
    expect(h.service.requests.some((r) => r.method === 'POST')).toBe(false);
    expect(result.outputs).toEqual({});
    await expectNoLeak(result);
  });

  test('a rejected secret fails with what to check, and leaks nothing', async () => {
    const result = await run({ inputs: { client_secret: `${SECRET}-wrong` }, env: { RUNNER_DEBUG: '1' } });

    expect(result.exitCode).toBe(1);
    expect(annotations(result)).toEqual([expect.stringContaining('::error::Client inspection (GET /v2/api/clients/')]);
    expect(annotations(result)[0]).toContain('HTTP 401: the credentials were rejected');
    expect(annotations(result)[0]).toContain('The service said: Invalid client credentials');
    expect(result.outputs).toEqual({});
    await expectNoLeak(result, `${SECRET}-wrong`);
  });

  test('invalid inputs and spec are all reported, each at its field, before any request', async () => {
    const spec = `name: P\ndescription: D\nadvertised: "yes"\nallow_refresh_token: true\n`;
    const result = await run({ files: { [SPEC_FILE]: spec }, inputs: { auth_url: 'auth.example.org' } });

    expect(result.exitCode).toBe(1);
    expect(annotations(result)).toEqual([
      '::error::Input auth_url must be an absolute http(s) URL, e.g. https://auth.example.org',
      `::error file=${SPEC_FILE},line=3,col=13::${SPEC_FILE}: advertised must be a boolean, not string "yes"`,
      `::error file=${SPEC_FILE},line=4,col=1::${SPEC_FILE}: unknown key "allow_refresh_token" (did you mean "allow_refresh_tokens"?)`,
    ]);
    expect(h.service.requests).toEqual([]);
    await expectNoLeak(result);
  });

  test('an empty secret says why it may be missing', async () => {
    const result = await runAction({
      files: { [SPEC_FILE]: SPEC },
      inputs: { client_id: h.client.id, client_secret: '', auth_url: h.service.url },
    });

    expect(result.exitCode).toBe(1);
    expect(annotations(result)).toEqual([expect.stringMatching(/^::error::Input client_secret is empty: .*forks or by Dependabot/)]);
    expect(h.service.requests).toEqual([]);
  });

  test('a missing spec file is named, with the input that points at it', async () => {
    const result = await run({ files: {}, inputs: { spec: 'config/scope.yml' } });

    expect(result.exitCode).toBe(1);
    expect(annotations(result)).toEqual([expect.stringMatching(/^::error::Spec file config\/scope.yml was not found in the workspace .*actions\/checkout/)]);
  });

  test('the spec input points at another file, here JSON under `scope:`', async () => {
    const spec = JSON.stringify({ scope: { name: 'P', description: 'D', advertised: false, scope_suffix: 'custom' } });
    const result = await run({ files: { 'provider/scope.json': spec }, inputs: { spec: 'provider/scope.json' } });

    expect(result.exitCode).toBe(0);
    expect(result.outputs.scope_string).toBe(`${h.service.url}/scopes/${h.client.id}/custom`);
  });
});

test('a client with an FQDN gets both scopes; the provider scope is the auth_url one', async () => {
  await startService({}, ['provider.example.org']);
  const first = await run();
  const before = h.service.requests.length;
  const second = await run();

  const strings = [h.expectedString, 'https://provider.example.org/action_all'];
  for (const result of [first, second]) {
    expect(result.exitCode).toBe(0);
    expect(result.outputs.scope_string).toBe(h.expectedString);
    expect(result.outputs.scope_strings).toBe(JSON.stringify(strings));
  }
  expect(first.outputs.created).toBe('true');
  expect(second.outputs.created).toBe('false');
  // The variant is not in the first lookup, so it is looked up by id.
  const lookups = h.service.requests.slice(before).filter((r) => r.path === '/v2/api/scopes');
  expect(lookups.map((r) => Object.keys(r.query)[0])).toEqual(['scope_strings', 'ids']);
  await expectNoLeak(second);
});

test('tolerates a service that answers 404 for unknown strings and {"scope": {...}} on creation', async () => {
  await startService({ notFound: '404', createShape: 'scope', clientScopes: 'objects' });
  const first = await run();
  const second = await run();

  expect(first.exitCode).toBe(0);
  expect(first.outputs.created).toBe('true');
  expect(second.outputs).toEqual({ ...first.outputs, created: 'false' });
  expect(h.service.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
});
