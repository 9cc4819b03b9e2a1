/** What a run concludes, as a pure function of its result, its inputs and the provider check. */
import { describe, expect, test } from '@jest/globals';
import { concludeFailure, concludeRun } from '../src/conclude.ts';
import { ValidationError } from '../src/errors.ts';
import type { FieldComparison } from '../src/drift.ts';
import type { EnsureResult } from '../src/reconcile.ts';
import { id } from './support/ids.ts';

const SCOPE = { id: id('0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9'), scope_string: 'https://auth.example.org/scopes/c/action_all' };
const differs = (field: string, spec: string, service: string): FieldComparison => ({ field, spec, service, same: false });
const RESULT: EnsureResult = {
  scope: SCOPE,
  scopes: [SCOPE],
  created: false,
  client: { id: id('6f4d4ff0-0f3c-4a55-9a8e-5a8c1f3d2b10'), name: 'App' },
  wouldCreate: false,
  comparison: [],
  changes: [],
  updated: false,
};
const identity = (text: string): string => text;
const conclude = (result: Partial<EnsureResult>, onDrift: 'warn' | 'fail' | 'ignore' | 'update', dryRun = false) =>
  concludeRun({ inputs: { on_drift: onDrift, dry_run: dryRun }, result: { ...RESULT, ...result }, ranFor: 'release v1', scrub: identity });

describe('on_drift: update', () => {
  const description = differs('description', '"New"', '"Old"');
  const dependents = differs('dependent_scopes', '["a"]', '[]');

  test('applied: each change in the log, before and after, the consent note on dependent_scopes; updated=true; exit 0', () => {
    const conclusion = conclude({ updated: true, changes: [description, dependents], comparison: [{ ...description, same: true }] }, 'update');
    expect(conclusion.outputs?.updated).toBe('true');
    expect(conclusion.messages.map((m) => m.text)).toEqual([
      `scope_string: ${SCOPE.scope_string} (already registered)`,
      'Updated description from "Old" to "New"',
      'Updated dependent_scopes from [] to ["a"] (users of the provider may have to consent again before it can use a new dependent scope for them)',
    ]);
    expect(conclusion.summary).toContain('#### Updated by this run');
    expect(conclusion.summary).toMatch(/\| dependent_scopes \| .* \| users of the provider may have to consent again/);
    expect(conclusion.exitCode).toBe(0);
  });

  test('a dry run: the plan in the log and the summary, no drift annotation, exit 0', () => {
    const conclusion = conclude({ changes: [description], comparison: [description] }, 'update', true);
    expect(conclusion.messages.map((m) => [m.level, m.text])).toEqual([
      ['info', `scope_string: ${SCOPE.scope_string} (already registered)`],
      ['info', 'Dry run: description would change from "Old" to "New"'],
    ]);
    expect(conclusion.summary).toContain('### Dry run: the provider scope would be updated');
    expect(conclusion.summary).toContain('| Field | Before | Would become | |');
    expect([conclusion.outputs?.updated, conclusion.exitCode]).toEqual(['false', 0]);
  });

  test('a field the service ignored in the update is an error that fails the step', () => {
    const conclusion = conclude({ updated: true, changes: [description], comparison: [description] }, 'update');
    expect(conclusion.messages.at(-1)).toEqual({
      level: 'error',
      text: expect.stringMatching(/^The service kept the scope with description "Old", although the update asked for "New"/),
      properties: { title: 'Scope drift: description' },
    });
    expect(conclusion.exitCode).toBe(1);
  });
});

describe('drift without update', () => {
  const drift = differs('advertised', 'true', 'false');
  test.each([
    ['warn', 'warning', 0],
    ['fail', 'error', 1],
  ] as const)('%s: a %s, exit %i', (onDrift, level, exitCode) => {
    const conclusion = conclude({ comparison: [drift] }, onDrift);
    expect(conclusion.messages.at(-1)?.level).toBe(level);
    expect(conclusion.exitCode).toBe(exitCode);
  });

  test('ignore: nothing said, exit 0', () => {
    const conclusion = conclude({ comparison: [drift] }, 'ignore');
    expect(conclusion.messages).toHaveLength(1);
    expect(conclusion.exitCode).toBe(0);
  });

  test('right after a creation, a difference is a field the service ignored', () => {
    expect(conclude({ created: true, comparison: [drift] }, 'warn').messages.at(-1)?.text).toMatch(/^The service created the scope with advertised false/);
  });
});

test('no summary without a run context; the outputs all the same', () => {
  const conclusion = concludeRun({ inputs: { on_drift: 'warn', dry_run: false }, result: RESULT, scrub: identity });
  expect(conclusion.summary).toBeUndefined();
  expect(conclusion.outputs?.scope_string).toBe(SCOPE.scope_string);
});

describe('concludeFailure', () => {
  test('a failure that is not a validation writes no summary', () => {
    expect(concludeFailure(new Error('boom'))).toEqual({ messages: expect.any(Array), exitCode: 1 });
  });

  test('a validation failure: its problems, scrubbed, in the summary, each escaped', () => {
    const error = new ValidationError([{ field: 'name', message: 'f.yml: name [bad](x) secret', location: { file: 'f.yml', startLine: 2 } }]);
    const { summary } = concludeFailure(error, (text) => text.replace('secret', '***'));
    expect(summary).toContain('- line 2: f.yml\\: name \\[bad\\]\\(x\\) \\*\\*\\*');
  });
});
