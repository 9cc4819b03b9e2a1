/**
 * Beyond create-if-missing, end to end: dry runs, and the verification of the deployed
 * provider's introspection document.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { escapeMarkdown as md } from '../../src/render/summary.ts';
import { errors, Harness, SPEC_FILE, warnings } from '../support/harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await Harness.start();
});
afterEach(() => h.stop());

const posts = (): number => h.countRequests('POST', '/v2/');

describe('a dry run', () => {
  test('on a fresh client: no creation, the would-be scope_string, said plainly', async () => {
    const result = await h.run({ inputs: { dry_run: 'true' } });

    expect(result.exitCode).toBe(0);
    expect(posts()).toBe(0);
    expect(h.clientScopes()).toEqual([]);
    expect(result.outputs).toEqual({
      scope_string: h.expectedString,
      scope_id: '',
      scope_strings: JSON.stringify([h.expectedString]),
      created: 'false',
      updated: 'false',
      changes: 'true',
      scopes: JSON.stringify({
        action_all: { scope_string: h.expectedString, scope_id: '', created: false, updated: false, changes: true },
      }),
    });
    expect(result.stdout).toContain(
      `Dry run: client ${h.client.id} has no scope; "Example Action Provider" (${h.expectedString}) would be created`,
    );
    expect(result.summary).toContain('### Dry run: the provider scope would be created');
    expect(result.summary).toContain('| Created by this run | no: dry run, nothing was created |');
    h.expectNoLeak(result);
  });

  test('on a client with its scope: outputs as a real run, drift reported', async () => {
    h.addSpecifiedScope({ description: 'Old text' });
    const result = await h.run({ inputs: { dry_run: 'true' } });
    expect(result.exitCode).toBe(0);
    expect(result.summary).toContain('### Dry run: provider scope already registered');
    expect(result.outputs.created).toBe('false');
    expect(warnings(result)).toEqual([expect.stringContaining('in description')]);
  });
});

describe('provider verification', () => {
  test('a provider publishing a scope string of the client passes', async () => {
    h.addSpecifiedScope();
    h.provider.document = { title: 'Example', platform_auth_scope: h.expectedString };
    const result = await h.run({ inputs: { provider_url: h.provider.url } });

    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(
      `The provider at ${h.provider.url}/ publishes ${h.expectedString} (platform_auth_scope)`,
    );
    expect(result.summary).toContain(
      `| Provider publishes | <code>${md(h.expectedString)}</code> as <code>${md('platform_auth_scope')}</code> (matches) |`,
    );
    expect(h.provider.requests).toBe(1);
    h.expectNoLeak(result);
  });

  test('a provider publishing another scope fails, naming platform_auth_scope, what it holds and what was expected', async () => {
    h.addSpecifiedScope();
    h.provider.document = { platform_auth_scope: 'https://auth.example.org/scopes/someone-else/action_all' };
    const result = await h.run({ inputs: { provider_url: h.provider.url } });

    expect(result.exitCode).toBe(1);
    expect(errors(result)).toEqual([
      `::error::The provider at ${h.provider.url}/ publishes platform_auth_scope "https://auth.example.org/scopes/someone-else/action_all", ` +
        `which is not a scope string of this client (${h.expectedString}). Deploy the provider with platform_auth_scope set to the step's scope_string output, "${h.expectedString}".`,
    ]);
    expect(result.summary).toContain('(**not a scope string of this client**)');
    h.expectNoLeak(result);
  });

  test('a provider whose description is not public is explained', async () => {
    h.addSpecifiedScope();
    h.provider.status = 401;
    h.provider.document = { errors: [{ detail: 'token required' }] };
    const result = await h.run({ inputs: { provider_url: h.provider.url } });

    expect(result.exitCode).toBe(1);
    expect(errors(result)).toEqual([
      `::error::Provider introspection (GET ${h.provider.url}/) failed with HTTP 401: the provider's description is not public: ` +
        'GET / must answer without credentials for this check (none are ever sent to the provider). The service said: token required',
    ]);
    // The scope was ensured all the same: its outputs and summary are there.
    expect(result.outputs.scope_string).toBe(h.expectedString);
    expect(result.summary).toContain('### Provider scope already registered');
    h.expectNoLeak(result);
  });

  test('plain http to a provider that is not loopback is refused before any request', async () => {
    const result = await h.run({ inputs: { provider_url: 'http://provider.example.org' } });
    expect(result.exitCode).toBe(1);
    expect(errors(result)).toEqual([expect.stringMatching(/^::error::Input provider_url must use https/)]);
    expect(h.service.requests).toEqual([]);
  });
});

test('a spec error is annotated at its file, line and column', async () => {
  const spec = 'name: Example\ndescription: Runs\nadvertised: true\ndependent_scopes:\n  - scope: not a scope\n';
  const result = await h.run({ files: { [SPEC_FILE]: spec } });
  expect(errors(result)).toEqual([
    `::error file=${SPEC_FILE},line=5,col=12::${SPEC_FILE}: dependent_scopes[0].scope must be a scope UUID or a scope string (a URL or URN)`,
  ]);
});
