/**
 * End to end, the real service's names, fields and errors (see fixtures/vendor/README.md):
 * the provider's key, both refresh-token names, required_domains. vendor-dependents.test.ts
 * has the dependents by id, the error id and the hints, the suffix rule.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { escapeMarkdown as md } from '../../src/render/summary.ts';
import { annotations, Harness, specFiles, warnings } from '../support/harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await Harness.start();
});
afterEach(() => h.stop());

describe('the provider check', () => {
  // Real providers publish globus_auth_scope (globus/action-provider-tools, data_types.py).
  test.each(['globus_auth_scope', 'platform_auth_scope'])(
    'a provider publishing only %s with a scope string of the client passes',
    async (key) => {
      h.addSpecifiedScope();
      h.provider.document = { title: 'Hello', [key]: h.expectedString };
      const result = await h.run({ inputs: { provider_url: h.provider.url } });
      expect(result.exitCode).toBe(0);
      expect(result.stdout).toContain(`publishes ${h.expectedString} (${key})`);
      h.expectNoLeak(result);
    },
  );

  test('one publishing neither fails with the key, the value and the fix; the summary is written', async () => {
    h.addSpecifiedScope();
    h.provider.document = { title: 'Hello' };
    const result = await h.run({ inputs: { provider_url: h.provider.url } });
    expect(result.exitCode).toBe(1);
    expect(annotations(result)).toEqual([
      `::error::The provider at ${h.provider.url}/ publishes no scope: its introspection document (GET /) has no platform_auth_scope and no single <name>_auth_scope key. ` +
        `Deploy the provider with globus_auth_scope (or platform_auth_scope) set to the step's scope_string output, "${h.expectedString}".`,
    ]);
    expect(result.summary).toContain('| Provider publishes | no scope (**not a scope string of this client**) |');
    expect(result.outputs.scope_string).toBe(h.expectedString);
    h.expectNoLeak(result);
  });
});

describe('the creation', () => {
  test('carries both refresh-token names; false gives a scope without refresh tokens, and no drift', async () => {
    const result = await h.run({ files: specFiles('allow_refresh_tokens: false') });
    expect(result.exitCode).toBe(0);
    const body = h.service.requests.find((r) => r.method === 'POST')?.body as { scope: Record<string, unknown> };
    expect([body.scope.allow_refresh_tokens, body.scope.allows_refresh_token]).toEqual([false, false]);
    expect([...h.service.scopes.values()].find((s) => s.client === h.client.id)?.allows_refresh_token).toBe(false);
    expect(annotations(result)).toEqual([]);
    h.expectNoLeak(result);
  });

  test('required_domains round-trips: sent, kept, compared', async () => {
    const first = await h.run({ files: specFiles('required_domains: [example.org]') });
    expect(
      (h.service.requests.find((r) => r.method === 'POST')?.body as { scope: Record<string, unknown> }).scope
        .required_domains,
    ).toEqual(['example.org']);
    expect(first.summary).toContain(
      `| required_domains | <code>${md('["example.org"]')}</code> | <code>${md('["example.org"]')}</code> | same |`,
    );
    const second = await h.run({ files: specFiles('required_domains: [other.org]') });
    expect(warnings(second)).toEqual([expect.stringContaining('differs from the spec in required_domains')]);
  });
});
