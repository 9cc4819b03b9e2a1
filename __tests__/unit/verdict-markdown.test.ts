/**
 * The verdict in markdown (render/summary.ts, verdictLine and verdictLines; render/issue.ts):
 * the fields of an item one after the other, the scope named on its first row only, the rows cut
 * at a limit, several next steps as a list, and the watch's issue: its opener when only the
 * credentials are wrong, a failed run's next step left to its errors, nothing folded when there
 * is nothing to fold.
 */
import { expect, test } from '@jest/globals';
import type { Verdict } from '../../src/engine/conclude/verdict.ts';
import { failureVerdict } from '../../src/engine/conclude/verdict.ts';
import { concludeRun } from '../../src/engine/conclude/conclude.ts';
import type { Ensured } from '../../src/engine/reconcile/plan.ts';
import type { ReconcileResult } from '../../src/engine/reconcile/reconcile.ts';
import { TOLD_APART } from '../../src/engine/settings/telling.ts';
import { INPUT_NAMING } from '../../src/github/inputs.ts';
import { renderIssue, watchMarker } from '../../src/render/issue.ts';
import { verdictLine, verdictLines, writerOf } from '../../src/render/summary.ts';
import { nthUuid } from '../support/ids.ts';
import { CLIENT_ID, conclusionOf, REGISTERED } from '../support/plans.ts';

const w = writerOf({ ranFor: 'r' });
const RUN_URL = 'https://github.example/octo/provider/actions/runs/4242';
const SPEC = '.github/provider-scope.yml';
const issueOf = (
  conclusion: Parameters<typeof renderIssue>[0],
  because: Parameters<typeof renderIssue>[1]['because'],
) =>
  renderIssue(conclusion, {
    because,
    marker: watchMarker(CLIENT_ID, SPEC),
    runUrl: RUN_URL,
    spec: SPEC,
    clientId: CLIENT_ID,
    scrub: (text) => text,
  });

const VERDICT: Verdict = {
  title: 'Dry run',
  items: [
    { scope: 'a', fields: ['name', 'description'], says: 'would change' },
    { scope: 'b', says: 'would be created' },
  ],
  rows: [
    { scope: 'a', field: 'name', service: 'old', spec: 'new' },
    { scope: 'a', field: 'description', service: 'was', spec: 'is' },
    { scope: 'b', field: null, service: null, spec: 'https://auth.example.org/scopes/x/b' },
    { scope: 'b', field: 'advertised', service: null, spec: true },
  ],
  next: ['apply would send PUT /v2/api/scopes/1, POST /v2/api/clients/x/scopes.', 'Then deploy.'],
};

test("an item's fields one after the other; each scope named on its first row alone; several next steps a list", () => {
  expect(verdictLine(VERDICT, w)).toBe(
    '**Dry run**: <code>a</code>: name, description would change; <code>b</code> would be created.',
  );
  expect(verdictLines(VERDICT, w)).toEqual([
    '**Dry run**: <code>a</code>: name, description would change; <code>b</code> would be created.',
    '',
    '#### What changes',
    '',
    '| Scope | Field | Service | Spec |',
    '|---|---|---|---|',
    '| <code>a</code> | name | <code>"old"</code> | <code>"new"</code> |',
    '|  | description | <code>"was"</code> | <code>"is"</code> |',
    '| <code>b</code> | new scope | none | <code>https\\://auth.example.org/scopes/x/b</code> |',
    '|  | advertised | none | <code>true</code> |',
    '',
    '**Next**:',
    '',
    '- apply would send PUT /v2/api/scopes/1, POST /v2/api/clients/x/scopes.',
    '- Then deploy.',
    '',
  ]);
});

test('rows cut at a limit: the others counted, and where they are; at the limit exactly, none counted', () => {
  const more = { limit: 3, more: 'the summary has them all' };
  expect(verdictLines(VERDICT, w, more).slice(6, 10)).toEqual([
    '| <code>a</code> | name | <code>"old"</code> | <code>"new"</code> |',
    '|  | description | <code>"was"</code> | <code>"is"</code> |',
    '| <code>b</code> | new scope | none | <code>https\\://auth.example.org/scopes/x/b</code> |',
    '| and 1 more | the summary has them all | | |',
  ]);
  expect(verdictLines(VERDICT, w, { ...more, limit: 4 }).join('\n')).not.toContain('| and ');
});

test("the watch's issue: only the credentials wrong, it opens with what the watch found; a failed run's next step is its errors, listed once", () => {
  const well = conclusionOf(REGISTERED);
  expect(issueOf(well, ['credentials']).split('\n')[1]).toBe(
    "**Needs attention**: The client's credentials need attention.",
  );
  expect(issueOf({ ...well, exitCode: 1 }, ['failed', 'credentials']).split('\n')[1]).toBe(
    "**Needs attention**: The run failed. The client's credentials need attention.",
  );
  const drift = { field: 'name', spec: 'Q', service: 'P', same: false };
  const failed = conclusionOf(
    { ...REGISTERED, comparison: [drift] },
    { exitCode: 1, onDrift: 'fail', messages: [{ level: 'error', text: 'name differs, align the spec' }] },
  );
  expect(failed.verdict.next).toEqual(['name differs, align the spec']);
  const body = issueOf(failed, ['failed', 'drift']);
  expect(body).not.toContain('**Next**');
  expect(body.split('name differs, align the spec')).toHaveLength(2);
  // Failed before its settings were read: no scope string, no provider, nothing folded.
  const early = { messages: [], exitCode: 1 as const, verdict: failureVerdict({ messages: [] }, INPUT_NAMING) };
  const earlyIssue = issueOf(early, ['failed']);
  expect(earlyIssue).not.toContain('<details>');
  expect(earlyIssue).toContain('then run this workflow again.\n\n---\n<sub>Kept by');
});

test("the issue's table shows a dependent scope's entries one a line", () => {
  const a = {
    scope_string: 'https://e.test/scopes/a',
    scope: nthUuid(1),
    optional: false,
    requires_refresh_token: true,
  };
  const b = { ...a, scope_string: 'https://e.test/scopes/b', scope: nthUuid(2) };
  const ensured: Ensured = {
    telling: TOLD_APART,
    results: [
      {
        ...REGISTERED,
        comparison: [{ field: 'dependent_scopes', spec: [a, b], service: [], same: false }],
      } as ReconcileResult,
    ],
    unlisted: [],
  };
  const issue = issueOf(concludeRun({ inputs: { on_drift: 'warn', dry_run: true }, naming: INPUT_NAMING, ensured }), [
    'drift',
  ]);
  expect(issue).toContain(
    `| dependent_scopes | <code>\\[\\]</code> | <code>https\\://e.test/scopes/a \\(${nthUuid(1)}\\) optional\\: false, requires\\_refresh\\_token\\: true</code><br><code>https\\://e.test/scopes/b \\(${nthUuid(2)}\\) optional\\: false, requires\\_refresh\\_token\\: true</code> |`,
  );
});
