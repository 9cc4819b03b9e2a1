/** What a run concludes, as a pure function of its result, its inputs and the provider check. */
import { PLAIN_WORDS } from '../../src/wire/words.ts';
import { describe, expect, test } from '@jest/globals';
import { concludeFailure, concludeRun } from '../../src/engine/conclude/conclude.ts';
import { actionOutputs } from '../support/plans.ts';
import { ValidationError } from '../../src/engine/settings/problems.ts';
import { CONSENT_NOTE, type FieldComparison, type FieldValue } from '../../src/engine/reconcile/drift.ts';
import type { ReconcileResult } from '../../src/engine/reconcile/reconcile.ts';
import { id } from '../support/ids.ts';
import { single } from '../support/plans.ts';

const SCOPE = {
  id: id('0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9'),
  scope_string: 'https://auth.example.org/scopes/c/action_all',
};
const differs = (field: string, spec: FieldValue, service: FieldValue): FieldComparison => ({
  field,
  spec,
  service,
  same: false,
});
const RESULT: ReconcileResult = {
  scope: SCOPE,
  scopes: [SCOPE],
  created: false,
  client: { id: id('6f4d4ff0-0f3c-4a55-9a8e-5a8c1f3d2b10'), name: 'App' },
  wouldCreate: false,
  comparison: [],
  changes: [],
  updated: false,
  names: new Map(),
};
const conclude = (
  result: Partial<Extract<ReconcileResult, { wouldCreate: false }>>,
  onDrift: 'warn' | 'fail' | 'ignore' | 'update',
  dryRun = false,
) =>
  concludeRun({
    inputs: { on_drift: onDrift, dry_run: dryRun },
    naming: {
      ...PLAIN_WORDS,
      assign: (setting, value) => `<${setting}=${value}>`,
      debugOutput: 'the debug output',
      applyRun: 'apply',
      scopeOutputOf: (suffix) => `the scopes output's ${suffix}`,
    },
    ensured: single({ ...RESULT, ...result, wouldCreate: false }),
    providers: undefined,
  });

describe('on_drift: update', () => {
  const description = differs('description', 'New', 'Old');
  const dependent = { scope_string: 'urn:a', scope: 'a-id', optional: false, requires_refresh_token: false };
  const dependents = differs('dependent_scopes', [dependent], []);

  test('applied: each change in the log, before and after, the consent note on dependent_scopes; updated=true; exit 0', () => {
    const conclusion = conclude(
      { updated: true, changes: [description, dependents], comparison: [{ ...description, same: true }] },
      'update',
    );
    expect(actionOutputs(conclusion)?.updated).toBe('true');
    expect(conclusion.messages.map((m) => m.text)).toEqual([
      `scope_string: ${SCOPE.scope_string} (already registered)`,
      'Updated description from "Old" to "New"',
      `Updated dependent_scopes from [] to [urn:a (a-id) optional: false, requires_refresh_token: false] (${CONSENT_NOTE})`,
    ]);
    expect(conclusion.plan).toMatchObject({
      dryRun: false,
      changes: true,
      scopes: [{ action: 'update' }],
    });
    expect(conclusion.plan?.scopes[0].fields).toEqual([
      { field: 'description', before: 'Old', after: 'New', consent: false },
      { field: 'dependent_scopes', before: [], after: [dependent], consent: true },
    ]);
    expect(actionOutputs(conclusion)?.changes).toBe('true');
    expect(conclusion.exitCode).toBe(0);
  });

  test('a dry run: the plan in the log and the report, no drift annotation, exit 0', () => {
    const conclusion = conclude({ changes: [description], comparison: [description] }, 'update', true);
    expect(conclusion.messages.map((m) => [m.level, m.text])).toEqual([
      ['info', `scope_string: ${SCOPE.scope_string} (already registered)`],
      ['info', 'Dry run: description would change from "Old" to "New"'],
    ]);
    expect(conclusion.plan).toMatchObject({
      dryRun: true,
      changes: true,
      scopes: [{ action: 'update', fields: [{ field: 'description', before: 'Old', after: 'New', consent: false }] }],
    });
    expect([actionOutputs(conclusion)?.updated, actionOutputs(conclusion)?.changes, conclusion.exitCode]).toEqual([
      'false',
      'true',
      0,
    ]);
  });

  test('a field the service ignored in the update is an error that fails the step', () => {
    const conclusion = conclude({ updated: true, changes: [description], comparison: [description] }, 'update');
    expect(conclusion.messages.at(-1)).toEqual({
      level: 'error',
      text: expect.stringMatching(
        /^The service kept the scope with description "Old", although the update asked for "New"/,
      ),
      title: 'Scope drift: description',
    });
    expect(conclusion.exitCode).toBe(1);
  });
});

describe('drift without update', () => {
  const drift = differs('advertised', true, false);
  test.each([
    ['warn', 'warning', 0],
    ['fail', 'error', 1],
  ] as const)('%s: a %s, exit %i', (onDrift, level, exitCode) => {
    const conclusion = conclude({ comparison: [drift] }, onDrift);
    expect(conclusion.messages.at(-1)?.level).toBe(level);
    // The advice names the setting as the door's users write it.
    expect(conclusion.messages.at(-1)?.text).toMatch(/, or apply the spec to the scope with <on_drift=update>\.$/);
    expect(conclusion.exitCode).toBe(exitCode);
  });

  test('with scope_suffix differing too, no update is offered for the other fields (an update refuses then)', () => {
    const suffix = differs('scope_suffix', 'read_only', 'action_all');
    const texts = conclude({ comparison: [drift, suffix] }, 'warn').messages.map((m) => m.text);
    expect(texts.find((t) => t.includes('in advertised'))).toMatch(
      /Align the spec with the service: no update is made while scope_suffix differs too\.$/,
    );
    expect(texts.join('\n')).not.toContain('<on_drift=update>');
  });

  test('ignore: nothing said, exit 0', () => {
    const conclusion = conclude({ comparison: [drift] }, 'ignore');
    expect(conclusion.messages).toHaveLength(1);
    expect(conclusion.exitCode).toBe(0);
  });

  test('right after a creation, a difference is a field the service ignored', () => {
    expect(conclude({ created: true, comparison: [drift] }, 'warn').messages.at(-1)?.text).toMatch(
      /^The service created the scope with advertised false/,
    );
  });
});

describe('concludeFailure', () => {
  test('a failure that is not a validation hands on no problems', () => {
    expect(concludeFailure(new Error('boom'), { debugOutput: 'the debug output', runAgain: 'Run it again' })).toEqual({
      messages: expect.any(Array),
      verdict: {
        title: 'The run failed',
        items: [{ says: 'the run stopped before it could tell what would change' }],
        rows: [],
        next: ['Unexpected error: boom. Please report it with the debug output.'],
      },
      exitCode: 1,
    });
  });

  test('a validation failure hands on every problem', () => {
    const problems = [{ field: 'name', message: 'f.yml: name is required', location: { file: 'f.yml', startLine: 2 } }];
    expect(
      concludeFailure(new ValidationError(problems), { debugOutput: 'the debug output', runAgain: 'Run it again' }),
    ).toEqual({
      messages: expect.any(Array),
      problems,
      verdict: {
        title: 'Nothing was done',
        items: [{ says: '1 problem(s) to fix first' }],
        rows: [],
        next: ['Fix each problem below at its line. Run it again.'],
      },
      exitCode: 1,
    });
  });
});

describe('the first line says what became of the scope', () => {
  const firstLine = (result: Partial<ReconcileResult>, dryRun = false) =>
    concludeRun({
      inputs: { on_drift: 'warn', dry_run: dryRun },
      naming: {
        ...PLAIN_WORDS,
        debugOutput: 'the debug output',
        applyRun: 'apply',
        scopeOutputOf: (suffix) => `the scopes output's ${suffix}`,
      },
      ensured: single({ ...RESULT, ...result } as ReconcileResult),
    }).messages[0]?.text;

  test.each<[string, Partial<ReconcileResult>, boolean, string]>([
    ['created', { created: true }, false, 'created'],
    [
      'would be created (a dry run)',
      { wouldCreate: true, scope: { id: '', scope_string: SCOPE.scope_string } },
      true,
      'would be created',
    ],
    ['already registered', {}, false, 'already registered'],
  ])('%s', (_title, result, dryRun, state) => {
    expect(firstLine(result, dryRun)).toBe(`scope_string: ${SCOPE.scope_string} (${state})`);
  });
});
