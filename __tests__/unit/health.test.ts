/**
 * A run's health (engine/conclude/health.ts), as the watch reads it from the conclusion: failed, drift
 * still there after the run unless on_drift is ignore, no scope.
 */
import { TOLD_APART } from '../../src/engine/settings/telling.ts';
import { describe, expect, test } from '@jest/globals';
import { concludeFailure, concludeRun, type Conclusion } from '../../src/engine/conclude/conclude.ts';
import { unwellBecause } from '../../src/engine/conclude/health.ts';
import type { ReconcileResult } from '../../src/engine/reconcile/reconcile.ts';
import type { Settings } from '../../src/engine/settings/settings.ts';
import { ActionError } from '../../src/wire/errors.ts';
import { INPUT_NAMING } from '../../src/github/inputs.ts';
import { id } from '../support/ids.ts';
import { single } from '../support/plans.ts';

const CLIENT_ID = id('6f4d4ff0-0f3c-4a55-9a8e-5a8c1f3d2b10');
const SCOPE = {
  id: id('0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9'),
  scope_string: `https://auth.example.org/scopes/${CLIENT_ID}/action_all`,
};
const SAME = { field: 'name', spec: 'P', service: 'P', same: true } as const;
const DIFFERS = { field: 'description', spec: 'D', service: 'E', same: false } as const;
const result = (more: Partial<ReconcileResult> = {}): ReconcileResult =>
  ({
    scope: SCOPE,
    scopes: [SCOPE],
    created: false,
    client: { id: CLIENT_ID },
    wouldCreate: false,
    comparison: [SAME],
    changes: [],
    updated: false,
    names: new Map(),
    ...more,
  }) as ReconcileResult;
const run = (onDrift: Settings['on_drift'], more: Partial<ReconcileResult> = {}, dryRun = true): Conclusion =>
  concludeRun({ inputs: { on_drift: onDrift, dry_run: dryRun }, naming: INPUT_NAMING, ensured: single(result(more)) });

describe('unwellBecause', () => {
  test('a run that passed with its scope the same as the spec is well', () => {
    expect(unwellBecause(run('warn'), 'warn')).toEqual([]);
    expect(unwellBecause(run('fail', { comparison: [] }), 'fail')).toEqual([]);
  });

  test('a failed run is unwell, with or without a report', () => {
    expect(unwellBecause(concludeFailure(new ActionError('rejected'), INPUT_NAMING), 'warn')).toEqual(['failed']);
    expect(unwellBecause({ ...run('warn'), exitCode: 1 }, 'warn')).toEqual(['failed']);
    // An on_drift that is not valid failed the run: unwell whatever it says.
    expect(unwellBecause(concludeFailure(new ActionError('bad input'), INPUT_NAMING), undefined)).toEqual(['failed']);
  });

  test.each(['warn', 'update'] as const)(
    'drift left after the run under %s (which passes a dry run) is unwell',
    (onDrift) => {
      const conclusion = run(onDrift, { comparison: [SAME, DIFFERS] });
      expect(conclusion.exitCode).toBe(0);
      expect(unwellBecause(conclusion, onDrift)).toEqual(['drift']);
    },
  );

  test('drift that fails the run under fail is both', () => {
    expect(unwellBecause(run('fail', { comparison: [DIFFERS] }), 'fail')).toEqual(['failed', 'drift']);
  });

  test('on_drift: ignore asks for quiet: its drift is well', () => {
    expect(unwellBecause(run('ignore', { comparison: [DIFFERS] }), 'ignore')).toEqual([]);
  });

  test('a dry run that would create the scope: the client has none', () => {
    const planned = {
      scope: { id: '', scope_string: SCOPE.scope_string },
      wouldCreate: true,
      comparison: [],
    } as unknown as Partial<ReconcileResult>;
    expect(unwellBecause(run('warn', planned), 'warn')).toEqual(['no scope']);
  });
});

describe('unwellBecause, a spec that lists scopes', () => {
  const other = {
    id: id('1c2d3e4f-5061-4728-9304-b5c6d7e8f9a0'),
    scope_string: `https://auth.example.org/scopes/${CLIENT_ID}/other`,
  };
  const list = (second: Partial<ReconcileResult>): Conclusion =>
    concludeRun({
      inputs: { on_drift: 'warn', dry_run: true },
      naming: INPUT_NAMING,
      ensured: {
        telling: TOLD_APART,
        results: [result(), result({ scope: other, scopes: [SCOPE, other], ...second } as Partial<ReconcileResult>)],
        unlisted: [],
      },
    });

  test('one listed scope of two that drifts, or one that the client lacks, makes the registration unwell', () => {
    expect(unwellBecause(list({}), 'warn')).toEqual([]);
    expect(unwellBecause(list({ comparison: [DIFFERS] }), 'warn')).toEqual(['drift']);
    const planned = { id: '', scope_string: other.scope_string } as const;
    expect(
      unwellBecause(
        list({ scope: planned, scopes: [planned], wouldCreate: true, comparison: [] } as Partial<ReconcileResult>),
        'warn',
      ),
    ).toEqual(['no scope']);
  });
});

describe("the client's credentials, for a watch", () => {
  const credential = { id: id('1b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9'), name: 'laptop test', created: '2026-01-01' };
  const found = { read: true as const, findings: [{ kind: 'not made by this tool' as const, credential }] };

  test('a finding makes a run unwell, last of the reasons, failed or not; none, or a listing not read, does not', () => {
    expect(unwellBecause({ ...run('warn'), credentials: found }, 'warn')).toEqual(['credentials']);
    expect(unwellBecause({ ...run('warn', { comparison: [SAME, DIFFERS] }), credentials: found }, 'warn')).toEqual([
      'drift',
      'credentials',
    ]);
    expect(
      unwellBecause({ ...concludeFailure(new ActionError('x'), INPUT_NAMING), credentials: found }, 'warn'),
    ).toEqual(['failed', 'credentials']);
    expect(unwellBecause({ ...run('warn'), credentials: { read: true, findings: [] } }, 'warn')).toEqual([]);
    expect(unwellBecause({ ...run('warn'), credentials: { read: false, warning: 'HTTP 403' } }, 'warn')).toEqual([]);
  });
});
