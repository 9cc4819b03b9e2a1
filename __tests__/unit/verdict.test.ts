/**
 * The verdict's parts that no rendering test reaches alone (engine/conclude/verdict.ts): a
 * provider named by its scope, the requests of several scopes, and a failed run's next step.
 */
import { expect, test } from '@jest/globals';
import { concludeRun } from '../../src/engine/conclude/conclude.ts';
import type { Ensured } from '../../src/engine/reconcile/plan.ts';
import type { ReconcileResult } from '../../src/engine/reconcile/reconcile.ts';
import { TOLD_APART } from '../../src/engine/settings/telling.ts';
import { cliNaming } from '../../src/cli/options.ts';
import { humanReport } from '../../src/render/human-report.ts';
import { nthUuid } from '../support/ids.ts';
import { CLIENT_ID, REGISTERED } from '../support/plans.ts';

const stringOf = (suffix: string): string => `https://auth.example.org/scopes/${CLIENT_ID}/${suffix}`;
const changed = (suffix: string, n: number): ReconcileResult => {
  const scope = { id: nthUuid(n), scope_string: stringOf(suffix) };
  const name = { field: 'name', spec: 'new', service: 'old', same: false };
  return {
    ...REGISTERED,
    scope,
    scopes: [scope],
    comparison: [name],
    changes: [name],
    definition: {
      name: 'new',
      description: 'd',
      scope_suffix: suffix,
      advertised: true,
      allow_refresh_tokens: true,
      dependent_scopes: [],
    },
  } as ReconcileResult;
};
const ensured: Ensured = { telling: TOLD_APART, results: [changed('a', 1), changed('b', 2)], unlisted: [] };

test('several scopes to change: each request named, one after the other', () => {
  const { verdict } = concludeRun({
    inputs: { on_drift: 'update', dry_run: true },
    naming: cliNaming(),
    ensured,
  });
  expect(verdict.next).toEqual([
    `apply would send PUT /v2/api/scopes/${nthUuid(1)}, PUT /v2/api/scopes/${nthUuid(2)}.`,
  ]);
});

test("a provider that publishes another scope: named by the scope it had to publish, or as the run's when any would do", () => {
  const published = { url: 'https://p.example.org/', key: 'globus_auth_scope', published: stringOf('z') };
  const { verdict, exitCode } = concludeRun({
    inputs: { on_drift: 'update', dry_run: true },
    naming: cliNaming(),
    ensured,
    providers: [
      {
        target: { url: 'https://p.example.org', suffix: 'b' },
        publishable: {
          expected: stringOf('b'),
          strings: [stringOf('b')],
          described: 'the scope string of b',
          suffix: 'b',
        },
        outcome: { check: { ...published, matches: false } },
      },
      {
        target: { url: 'https://q.example.org' },
        publishable: undefined,
        outcome: { failure: new Error('down') },
      },
    ],
  });
  expect(exitCode).toBe(1);
  expect(verdict.items.slice(2)).toEqual([
    { scope: 'b', says: 'the deployed provider publishes another scope' },
    { says: 'the deployed provider could not be read' },
  ]);
  // A failed run's next step is its errors; the terminal, which showed them as they came, adds none.
  expect(verdict.next.length).toBeGreaterThan(0);
  const lines = humanReport(
    { ...concludeRun({ inputs: { on_drift: 'update', dry_run: true }, naming: cliNaming(), ensured }), exitCode: 1 },
    { paint: { added: String, changed: String, removed: String, dim: String, bold: String }, show: String },
  );
  expect(lines.filter((line) => line.startsWith('Next:'))).toEqual([]);
});
