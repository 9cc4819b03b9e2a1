/**
 * End-to-end: the bundled dist/index.js run as a process the way the runner runs it,
 * against the embedded authentication service on 127.0.0.1.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { EmbeddedAuthService, GROUPS_SCOPE_ID, GROUPS_SCOPE_STRING, type AuthServiceOptions, type ClientRecord } from '../dev/auth-service.ts';
import { runAction, type ActionRun, type RunOptions } from '../dev/runner.ts';

// Characters that base64 and URL encoding change, so that every form of it differs.
const SECRET = 'e2e+Secret/with=chars&more?';
const SPEC_FILE = '.github/provider-scope.yml';
const SPEC = `name: Example Action Provider
description: Runs example actions
advertised: true
dependent_scopes:
  - scope: ${GROUPS_SCOPE_STRING}
  - scope: 6f4d4ff0-0f3c-4a55-9a8e-5a8c1f3d2b10
    optional: true
`;

let service: EmbeddedAuthService;
let client: ClientRecord;

async function startService(options: AuthServiceOptions = {}, fqdns: string[] = []): Promise<void> {
  service = new EmbeddedAuthService(options);
  await service.start();
  service.addScope({ id: '6f4d4ff0-0f3c-4a55-9a8e-5a8c1f3d2b10', scope_string: 'https://transfer.example.org/scopes/all' });
  client = service.addClient({ secret: SECRET, fqdns });
}

afterEach(async () => service.stop());

const run = (overrides: Partial<RunOptions> & { inputs?: Record<string, string> } = {}): Promise<ActionRun> =>
  runAction({
    files: { [SPEC_FILE]: SPEC },
    ...overrides,
    inputs: { client_id: client.id, client_secret: SECRET, auth_url: service.url, ...overrides.inputs },
  });

const expectedString = (): string => `${service.url}/scopes/${client.id}/action_all`;
const secretForms = (secret: string): string[] => [secret, Buffer.from(`${client.id}:${secret}`).toString('base64'), encodeURIComponent(secret)];
// Workflow command data is escaped by the toolkit and unescaped by the runner.
const commandData = (line: string): string => line.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
const annotations = (result: ActionRun): string[] => result.stdout.split('\n').filter((line) => /^::(error|warning)/.test(line));

/** No form of the secret in any channel but the ::add-mask:: commands, which come first. */
async function expectNoLeak(result: ActionRun, secret = SECRET): Promise<void> {
  const lines = result.stdout.split('\n');
  const masks = lines.filter((line) => line.startsWith('::add-mask::'));
  expect(lines.slice(0, masks.length)).toEqual(masks);
  expect(masks.map((line) => commandData(line.slice('::add-mask::'.length)))).toEqual(expect.arrayContaining(secretForms(secret)));

  const files = await readdir(result.tempDir, { recursive: true, withFileTypes: true });
  const onDisk = await Promise.all(files.filter((f) => f.isFile()).map((f) => readFile(path.join(f.parentPath, f.name), 'utf8')));
  const channels = [lines.slice(masks.length).join('\n'), result.stderr, ...onDisk];
  for (const form of secretForms(secret)) {
    for (const channel of channels) expect(channel).not.toContain(form);
  }
}

describe('on a fresh client', () => {
  beforeEach(() => startService());

  test('creates the scope once, verifies it and sets the outputs', async () => {
    const result = await run();

    expect(result.exitCode).toBe(0);
    const created = [...service.scopes.values()].find((s) => s.client === client.id);
    expect(result.outputs).toEqual({
      scope_string: expectedString(),
      scope_id: created?.id,
      scope_strings: JSON.stringify([expectedString()]),
      created: 'true',
    });
    const scopesPath = `/v2/api/clients/${client.id}`;
    expect(service.apiCalls().sort()).toEqual([`GET ${scopesPath}`, `GET ${scopesPath}`, 'GET /v2/api/scopes', `POST ${scopesPath}/scopes`].sort());
    // Inspection and lookup first, in parallel; creation; then the verifying inspection.
    expect(service.apiCalls().slice(2)).toEqual([`POST ${scopesPath}/scopes`, `GET ${scopesPath}`]);
    const lookup = service.requests.find((r) => r.path === '/v2/api/scopes');
    expect(lookup?.query).toEqual({ scope_strings: `${expectedString()},${GROUPS_SCOPE_STRING}` });
    expect(service.requests.every((r) => r.clientId === client.id)).toBe(true);
    expect(service.requests.find((r) => r.method === 'POST')?.body).toEqual({
      scope: {
        name: 'Example Action Provider',
        description: 'Runs example actions',
        scope_suffix: 'action_all',
        advertised: true,
        allow_refresh_tokens: true,
        dependent_scopes: [
          { scope: GROUPS_SCOPE_ID, optional: false, requires_refresh_token: true },
          { scope: '6f4d4ff0-0f3c-4a55-9a8e-5a8c1f3d2b10', optional: true, requires_refresh_token: true },
        ],
      },
    });
    expect(result.summary).toContain('### Provider scope created');
    expect(result.summary).toContain(`<code>${expectedString()}</code>`);
    expect(result.summary).toContain('| Ran for | release v1.2.3 |');
    expect(annotations(result)).toEqual([]);
    expect(result.files.state).toBe('');
    expect(result.files.env).toBe('');
    await expectNoLeak(result);
  });

  test('the re-run creates nothing, in one round trip of two requests', async () => {
    const first = await run();
    const before = service.requests.length;
    const second = await run();

    expect(second.exitCode).toBe(0);
    expect(second.outputs).toEqual({ ...first.outputs, created: 'false' });
    expect(service.requests.slice(before).map((r) => `${r.method} ${r.path}`).sort()).toEqual(
      ['GET /v2/api/scopes', `GET /v2/api/clients/${client.id}`].sort(),
    );
    expect([...service.scopes.values()].filter((s) => s.client === client.id)).toHaveLength(1);
    expect(second.summary).toContain('### Provider scope already registered');
    await expectNoLeak(second);
  });

  test('a dependent scope string that does not exist fails before anything is created', async () => {
    const spec = `name: P\ndescription: D\nadvertised: false\ndependent_scopes:\n  - scope: https://nowhere.example.org/scopes/none\n`;
    const result = await run({ files: { [SPEC_FILE]: spec } });

    expect(result.exitCode).toBe(1);
    expect(annotations(result)).toEqual([expect.stringMatching(/^::error::dependent_scopes: no scope was found for "https:\/\/nowhere.example.org\/scopes\/none"/)]);
    expect(service.requests.some((r) => r.method === 'POST')).toBe(false);
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
    expect(service.requests).toEqual([]);
    await expectNoLeak(result);
  });

  test('an empty secret says why it may be missing', async () => {
    const result = await runAction({
      files: { [SPEC_FILE]: SPEC },
      inputs: { client_id: client.id, client_secret: '', auth_url: service.url },
    });

    expect(result.exitCode).toBe(1);
    expect(annotations(result)).toEqual([expect.stringMatching(/^::error::Input client_secret is empty: .*forks or by Dependabot/)]);
    expect(service.requests).toEqual([]);
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
    expect(result.outputs.scope_string).toBe(`${service.url}/scopes/${client.id}/custom`);
  });
});

test('a client with an FQDN gets both scopes; the provider scope is the auth_url one', async () => {
  await startService({}, ['provider.example.org']);
  const first = await run();
  const before = service.requests.length;
  const second = await run();

  const strings = [expectedString(), 'https://provider.example.org/action_all'];
  for (const result of [first, second]) {
    expect(result.exitCode).toBe(0);
    expect(result.outputs.scope_string).toBe(expectedString());
    expect(result.outputs.scope_strings).toBe(JSON.stringify(strings));
  }
  expect(first.outputs.created).toBe('true');
  expect(second.outputs.created).toBe('false');
  // The variant is not in the first lookup, so it is looked up by id.
  const lookups = service.requests.slice(before).filter((r) => r.path === '/v2/api/scopes');
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
  expect(service.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
});
