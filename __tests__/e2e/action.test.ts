/**
 * End-to-end: the bundled dist/index.js run as a process the way the runner runs it,
 * against the embedded authentication service on 127.0.0.1.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { GROUPS_SCOPE_ID, GROUPS_SCOPE_STRING, type AuthServiceOptions } from '../../dev/auth-service.ts';
import type { ActionRun } from '../../dev/runner.ts';
import { escapeMarkdown as md } from '../../src/render/summary.ts';
import {
  annotations,
  expectSafe,
  Harness,
  SECRET,
  SPEC_FILE,
  TRANSFER_SCOPE_ID,
  type RunOverrides,
} from '../support/harness.ts';

let h: Harness;
const startService = async (options: AuthServiceOptions = {}, fqdns: string[] = []): Promise<void> => {
  h = await Harness.start(options, fqdns);
};
afterEach(() => h.stop());

const run = (overrides: RunOverrides = {}): Promise<ActionRun> => h.run(overrides);

/** The outputs of a run after `first`, which created the scope: the same scope, neither created nor changed now. */
function asRerun(first: Record<string, string>): Record<string, string> {
  const scopes = Object.fromEntries(
    Object.entries(JSON.parse(first.scopes ?? '{}') as Record<string, object>).map(([suffix, s]) => [
      suffix,
      { ...s, created: false, changes: false },
    ]),
  );
  return { ...first, created: 'false', changes: 'false', scopes: JSON.stringify(scopes) };
}

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
      updated: 'false',
      changes: 'true',
      scopes: JSON.stringify({
        action_all: {
          scope_string: h.expectedString,
          scope_id: created?.id,
          created: true,
          updated: false,
          changes: true,
        },
      }),
    });
    const scopesPath = `/v2/api/clients/${h.client.id}`;
    // Inspection and the two lookups first, in parallel; creation; then the verifying inspection.
    expect(h.service.apiCalls().slice(0, 3).sort()).toEqual(
      [`GET ${scopesPath}`, 'GET /v2/api/scopes', 'GET /v2/api/scopes'].sort(),
    );
    expect(h.service.apiCalls().slice(3)).toEqual([`POST ${scopesPath}/scopes`, `GET ${scopesPath}`]);
    const lookups = h.service.requests.filter((r) => r.path === '/v2/api/scopes').map((r) => r.query);
    expect(lookups).toEqual(
      expect.arrayContaining([
        { scope_strings: `${h.expectedString},${GROUPS_SCOPE_STRING}` },
        { ids: TRANSFER_SCOPE_ID },
      ]),
    );
    expect(h.service.requests.every((r) => r.clientId === h.client.id)).toBe(true);
    expect(h.service.requests.find((r) => r.method === 'POST')?.body).toEqual({
      scope: {
        name: 'Example Action Provider',
        description: 'Runs example actions',
        scope_suffix: 'action_all',
        advertised: true,
        allow_refresh_tokens: true,
        allows_refresh_token: true,
        dependent_scopes: [
          { scope: GROUPS_SCOPE_ID, optional: false, requires_refresh_token: true },
          { scope: TRANSFER_SCOPE_ID, optional: true, requires_refresh_token: true },
        ],
      },
    });
    expect(result.summary).toContain('### Provider scope created');
    expect(result.summary).toContain(`<code>${md(h.expectedString)}</code>`);
    expect(result.summary).toContain(`| Ran for | ${md('release v1.2.3')} |`);
    expect(annotations(result)).toEqual([]);
    expect(result.files.state).toBe('');
    expect(result.files.env).toBe('');
    expectSafe(h, result);
  });

  test('the re-run creates nothing, with the requests of one round trip', async () => {
    const first = await run();
    const before = h.service.requests.length;
    const second = await run();

    expect(second.exitCode).toBe(0);
    expect(second.outputs).toEqual(asRerun(first.outputs));
    expect(
      h.service.requests
        .slice(before)
        .map((r) => `${r.method} ${r.path}`)
        .sort(),
    ).toEqual(['GET /v2/api/scopes', 'GET /v2/api/scopes', `GET /v2/api/clients/${h.client.id}`].sort());
    expect([...h.service.scopes.values()].filter((s) => s.client === h.client.id)).toHaveLength(1);
    expect(second.summary).toContain('### Provider scope already registered');
    expectSafe(h, second);
  });

  test('a dependent scope string that does not exist fails before anything is created', async () => {
    const spec = `name: P\ndescription: D\nadvertised: false\ndependent_scopes:\n  - scope: https://nowhere.example.org/scopes/none\n`;
    const result = await run({ files: { [SPEC_FILE]: spec } });

    expect(result.exitCode).toBe(1);
    expect(annotations(result)).toEqual([
      expect.stringMatching(
        /^::error::dependent_scopes: no scope was found for "https:\/\/nowhere.example.org\/scopes\/none"/,
      ),
    ]);
    expect(h.service.requests.some((r) => r.method === 'POST')).toBe(false);
    expect(result.outputs).toEqual({});
    expectSafe(h, result);
  });

  test('a rejected secret fails with what to check, and leaks nothing', async () => {
    const result = await run({ inputs: { client_secret: `${SECRET}-wrong` }, env: { RUNNER_DEBUG: '1' } });

    expect(result.exitCode).toBe(1);
    expect(annotations(result)).toEqual([expect.stringContaining('::error::Client inspection (GET /v2/api/clients/')]);
    expect(annotations(result)[0]).toContain('HTTP 401: the credentials were rejected');
    // The real service's words and the error id its support asks for.
    expect(annotations(result)[0]).toMatch(/The service said: Basic auth failed \(error id [0-9a-f-]{36}\)$/);
    expect(result.outputs).toEqual({});
    expectSafe(h, result, { secret: `${SECRET}-wrong` });
  });
});

test('a client with an FQDN gets both scopes; the provider scope is the auth_url one', async () => {
  await startService({}, ['provider.example.org']);
  const first = await run();
  const before = h.service.requests.length;
  const second = await run();

  // The vendor's form of an FQDN scope string: {auth_url}/scopes/{fqdn}/{suffix}.
  const strings = [h.expectedString, `${h.service.url}/scopes/provider.example.org/action_all`];
  for (const result of [first, second]) {
    expect(result.exitCode).toBe(0);
    expect(result.outputs.scope_string).toBe(h.expectedString);
    expect(result.outputs.scope_strings).toBe(JSON.stringify(strings));
  }
  expect(first.outputs.created).toBe('true');
  expect(second.outputs.created).toBe('false');
  // The variant is not in the first lookup, so it is looked up by id, after the first round trip.
  const lookups = h.service.requests.slice(before).filter((r) => r.path === '/v2/api/scopes');
  expect(lookups.map((r) => Object.keys(r.query)[0]).sort()).toEqual(['ids', 'ids', 'scope_strings']);
  const variant = [...h.service.scopes.values()].find((s) => s.scope_string === strings[1]);
  expect(lookups.at(-1)?.query.ids).toBe(variant?.id);
  expectSafe(h, second);
});

test('tolerates a service that answers 404 for unknown strings and {"scope": {...}} on creation', async () => {
  await startService({ notFound: '404', createShape: 'scope', clientScopes: 'objects' });
  const first = await run();
  const second = await run();

  expect(first.exitCode).toBe(0);
  expect(first.outputs.created).toBe('true');
  expect(second.outputs).toEqual(asRerun(first.outputs));
  expect(h.service.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
});

test('the client_id input in upper case: the Basic credential in either case is masked, and nothing leaks', async () => {
  await startService();
  const result = await run({ inputs: { client_id: h.client.id.toUpperCase() } });
  expect(result.exitCode).toBe(0);
  expect(result.outputs.scope_string).toBe(h.expectedString);
  h.expectNoLeak(result, { clientId: h.client.id.toUpperCase() });
});
