/**
 * Beyond create-if-missing, end to end: drift between the spec and the live scope, and what
 * each on_drift does about it.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { escapeMarkdown as md } from '../../src/render/summary.ts';
import { annotations, errors, Harness, warnings } from '../support/harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await Harness.start();
});
afterEach(() => h.stop());

const posts = (): number => h.countRequests('POST', '/v2/');

describe('drift', () => {
  test.each<[string, Parameters<Harness['addSpecifiedScope']>[0], string, string]>([
    ['name', { name: 'Old name' }, '"Example Action Provider"', '"Old name"'],
    ['description', { description: 'Old text' }, '"Runs example actions"', '"Old text"'],
    ['advertised', { advertised: false }, 'true', 'false'],
    ['allow_refresh_tokens', { allows_refresh_token: false }, 'true', 'false'],
  ])('in %s: one warning naming the field and both values', async (field, change, spec, service) => {
    h.addSpecifiedScope(change);
    const result = await h.run();

    expect(result.exitCode).toBe(0);
    expect(warnings(result)).toEqual([
      `::warning title=Scope drift%3A ${field}::The client's scope differs from the spec in ${field}: the spec says ${spec}, the service has ${service}. ` +
        'Align the spec with the service, or apply the spec to the scope with on_drift: update.',
    ]);
    expect(result.summary).toContain(
      `| ${field} | <code>${md(spec)}</code> | <code>${md(service)}</code> | **differs** |`,
    );
    h.expectNoLeak(result);
  });

  test('in dependent_scopes, compared as a set with the strings resolved', async () => {
    h.addSpecifiedScope({ dependent_scopes: [] });
    const result = await h.run();
    expect(warnings(result)).toEqual([expect.stringContaining('::warning title=Scope drift%3A dependent_scopes::')]);
    expect(warnings(result)[0]).toContain('the service has []');
  });

  test('none when the scope matches: the summary shows every field the same', async () => {
    h.addSpecifiedScope();
    const result = await h.run();
    expect(annotations(result)).toEqual([]);
    expect(result.summary).toContain(
      `| name | <code>${md('"Example Action Provider"')}</code> | <code>${md('"Example Action Provider"')}</code> | same |`,
    );
    expect(result.summary).not.toContain('differs');
  });

  test('on_drift: fail makes it an error and fails the step, with the outputs set', async () => {
    h.addSpecifiedScope({ name: 'Old name' });
    const result = await h.run({ inputs: { on_drift: 'fail' } });
    expect(result.exitCode).toBe(1);
    expect(errors(result)).toEqual([
      expect.stringMatching(/^::error title=Scope drift%3A name::The client's scope differs from the spec in name/),
    ]);
    expect(result.outputs.scope_string).toBe(h.expectedString);
    h.expectNoLeak(result);
  });

  test('on_drift: ignore stays quiet', async () => {
    h.addSpecifiedScope({ name: 'Old name', advertised: false });
    const result = await h.run({ inputs: { on_drift: 'ignore' } });
    expect(result.exitCode).toBe(0);
    expect(annotations(result)).toEqual([]);
  });

  test('an invalid on_drift is an input error', async () => {
    const result = await h.run({ inputs: { on_drift: 'loud' } });
    expect(result.exitCode).toBe(1);
    expect(annotations(result)).toEqual(['::error::Input on_drift must be warn, fail, ignore or update, not "loud"']);
    expect(h.service.requests).toEqual([]);
  });

  test('a client whose only scope has another suffix: adopted, scope_suffix drift, no second scope', async () => {
    const legacy = h.addSpecifiedScope({ scope_string: `${h.service.url}/scopes/${h.client.id}/legacy` });
    const result = await h.run();

    expect(result.exitCode).toBe(0);
    expect(posts()).toBe(0);
    expect(result.outputs).toEqual({
      scope_string: legacy.scope_string,
      scope_id: legacy.id,
      scope_strings: JSON.stringify([legacy.scope_string]),
      created: 'false',
      updated: 'false',
      changes: 'false',
      // Keyed by the spec's suffix, which the user reads it by; the scope string is the adopted scope's.
      scopes: JSON.stringify({
        action_all: {
          scope_string: legacy.scope_string,
          scope_id: legacy.id,
          created: false,
          updated: false,
          changes: false,
        },
      }),
    });
    expect(warnings(result)).toEqual([
      '::warning title=Scope drift%3A scope_suffix::The client\'s scope differs from the spec in scope_suffix: the spec says "action_all", the service has "legacy". ' +
        'The existing scope is used; no second scope is created.',
    ]);
  });

  test('right after a creation: a field the service silently ignored is caught', async () => {
    await h.stop();
    h = await Harness.start({ ignoredFields: ['advertised'] });
    const result = await h.run();
    expect(result.exitCode).toBe(0);
    expect(result.outputs.created).toBe('true');
    expect(posts()).toBe(1);
    expect(warnings(result)).toEqual([
      expect.stringContaining(
        'The service created the scope with advertised false, although the spec asked for true: it ignored the field.',
      ),
    ]);
  });
});
