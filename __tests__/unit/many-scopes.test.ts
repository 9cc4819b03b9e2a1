/**
 * A spec that lists 50 scopes, each with long values (a name and a description of hundreds of
 * characters, several dependent scopes, required domains): every door's report still fits its
 * limit and names every scope. The job summary: GitHub refuses a step's summary over 1 MiB
 * ("Step isolation and limits", https://docs.github.com/actions/reference/workflows-and-actions/workflow-commands#step-isolation-and-limits);
 * the pull request's comment and the watch's issue: COMMENT_LIMIT characters.
 */
import { TOLD_APART } from '../../src/engine/settings/telling.ts';
import { describe, expect, test } from '@jest/globals';
import { concludeRun, type Conclusion } from '../../src/engine/conclude/conclude.ts';
import { compareScope } from '../../src/engine/reconcile/drift.ts';
import { type Ensured } from '../../src/engine/reconcile/plan.ts';
import type { ReconcileResult } from '../../src/engine/reconcile/reconcile.ts';
import type { ScopeDefinition } from '../../src/engine/reconcile/service.ts';
import { INPUT_NAMING } from '../../src/github/inputs.ts';
import { buildSummary, escapeMarkdown as md } from '../../src/render/summary.ts';
import {
  COMMENT_LIMIT,
  commentMarker,
  GITHUB_COMMENT,
  renderComment,
  type CommentFacts,
} from '../../src/render/comment.ts';
import { renderIssue, watchMarker } from '../../src/render/issue.ts';
import { id, nthUuid } from '../support/ids.ts';

/** GitHub's limit on one step's summary: 1 MiB, counted in bytes. */
const STEP_SUMMARY_LIMIT = 1024 * 1024;

const AUTH_URL = 'https://auth.globus.org';
const CLIENT_ID = id('5fac2e64-c734-4e6b-90ea-ff12ddbf9653');
const SPEC = '.github/provider-scope.yml';
const RUN_URL = 'https://github.example/octo/provider/actions/runs/4242';
const COUNT = 50;

/** 16 characters each, as the README's count of a dotenv file assumes. */
const suffixOf = (i: number): string => `operation_${String(i).padStart(6, '0')}`;
const stringOf = (suffix: string): string => `${AUTH_URL}/scopes/${CLIENT_ID}/${suffix}`;
const SUFFIXES = Array.from({ length: COUNT }, (_, i) => suffixOf(i));

// Other services' scopes each listed scope depends on, by string and id, as the lookups answer them.
const DEPENDENTS = Array.from({ length: 6 }, (_, k) => ({
  id: nthUuid(900 + k),
  scope_string: `https://auth.globus.org/scopes/${nthUuid(800 + k)}/dependent_scope_number_${k}`,
}));
const names = new Map(DEPENDENTS.map((d) => [d.id, d.scope_string]));

const long = (what: string, i: number, length: number): string =>
  `${what} of scope ${i}: ${'lorem ipsum dolor sit amet '.repeat(Math.ceil(length / 27))}`.slice(0, length);

const definitionOf = (i: number): ScopeDefinition => ({
  name: long('The name', i, 300),
  description: long('The description', i, 900),
  scope_suffix: suffixOf(i),
  advertised: true,
  allow_refresh_tokens: true,
  required_domains: ['example.org', 'example.edu', 'users.example.net'],
  dependent_scopes: DEPENDENTS.slice(0, 5).map((d, k) => ({
    scope: d.id,
    optional: k % 2 === 0,
    requires_refresh_token: true,
  })),
});

/** Every listed scope registered, differing from the spec in its name, description and dependent scopes. */
function drifted(i: number): ReconcileResult {
  const definition = definitionOf(i);
  const scope = {
    id: nthUuid(i + 1),
    scope_string: stringOf(suffixOf(i)),
    name: long('The old name', i, 300),
    description: long('The old description', i, 900),
    advertised: true,
    allows_refresh_token: true,
    required_domains: ['example.org'],
    dependent_scopes: DEPENDENTS.slice(1, 6).map((d) => ({
      scope: d.id,
      optional: false,
      requires_refresh_token: false,
    })),
  };
  const comparison = compareScope(definition, scope, names);
  return {
    scope,
    scopes: [],
    created: false,
    client: { id: CLIENT_ID, name: 'Example Action Provider' },
    wouldCreate: false,
    definition,
    names,
    comparison,
    changes: [],
    updated: false,
  };
}

/** A dry run under update: the first half to create (every field), the rest to update (each drifted field, before and after). */
function planned(i: number): ReconcileResult {
  if (i < COUNT / 2) {
    const scope = { id: '' as const, scope_string: stringOf(suffixOf(i)) };
    return {
      scope,
      scopes: [scope],
      created: false,
      client: { id: CLIENT_ID, name: 'Example Action Provider' },
      wouldCreate: true,
      definition: definitionOf(i),
      names,
      comparison: [],
      changes: [],
      updated: false,
    };
  }
  const result = drifted(i);
  return { ...result, changes: result.comparison.filter((c) => !c.same) };
}

function ensured(each: (i: number) => ReconcileResult): Ensured {
  const results = SUFFIXES.map((_, i) => each(i));
  // The client's scopes after the run: the listed ones, and three the spec leaves out.
  const unlisted = Array.from({ length: 3 }, (_, k) => ({
    id: nthUuid(700 + k),
    scope_string: stringOf(`left_alone_${k}`),
  }));
  const all = [...results.flatMap((r) => (r.wouldCreate ? [] : [r.scope])), ...unlisted];
  return {
    telling: TOLD_APART,
    results: results.map((r) =>
      r.wouldCreate
        ? { ...r, scopes: [...all, ...results.filter((p) => p.wouldCreate).map((p) => p.scope)] }
        : { ...r, scopes: all },
    ) as Ensured['results'],
    unlisted,
  };
}

/** An apply that created every listed scope, as the spec says. */
function made(i: number): ReconcileResult {
  const definition = definitionOf(i);
  const { name, description, advertised, required_domains, dependent_scopes } = definition;
  const scope = {
    id: nthUuid(i + 1),
    scope_string: stringOf(suffixOf(i)),
    name,
    description,
    advertised,
    allows_refresh_token: true,
    required_domains,
    dependent_scopes,
  };
  return {
    scope,
    scopes: [],
    created: true,
    client: { id: CLIENT_ID, name: 'Example Action Provider' },
    wouldCreate: false,
    definition,
    names,
    comparison: compareScope(definition, scope, names),
    changes: [],
    updated: false,
  };
}

/** Each case, and each scope's status in its section by the scope's index. */
const CASES: Array<[string, Conclusion, (i: number) => string]> = [
  [
    'an apply that finds every scope drifted (a warning per field)',
    concludeRun({ inputs: { on_drift: 'warn', dry_run: false }, naming: INPUT_NAMING, ensured: ensured(drifted) }),
    () => 'unchanged',
  ],
  [
    'a dry run under update: 25 creations and 25 updates',
    concludeRun({ inputs: { on_drift: 'update', dry_run: true }, naming: INPUT_NAMING, ensured: ensured(planned) }),
    (i) => (i < COUNT / 2 ? 'to create' : 'to update'),
  ],
  [
    'an apply that created all 50',
    concludeRun({ inputs: { on_drift: 'warn', dry_run: false }, naming: INPUT_NAMING, ensured: ensured(made) }),
    () => 'created',
  ],
];

const summaryOf = (conclusion: Conclusion): string =>
  buildSummary(conclusion, { ranFor: 'pull_request on refs/pull/7/merge' });
const commentFacts = (conclusion: Conclusion): CommentFacts => ({
  conclusion,
  marker: commentMarker(CLIENT_ID, SPEC),
  ranFor: 'pull_request on refs/pull/7/merge',
  runUrl: RUN_URL,
  spec: SPEC,
  scrub: (text) => text,
});
const commentOf = (conclusion: Conclusion): string => renderComment(commentFacts(conclusion));
const issueOf = (conclusion: Conclusion): string =>
  renderIssue(conclusion, {
    because: ['drift'],
    marker: watchMarker(CLIENT_ID, SPEC),
    runUrl: RUN_URL,
    spec: SPEC,
    clientId: CLIENT_ID,
    scrub: (text) => text,
  });

/** Each suffix the text does not name (a suffix's underscore may be escaped in Markdown). */
const missing = (text: string): string[] =>
  SUFFIXES.filter((suffix) => !text.includes(suffix) && !text.includes(suffix.replaceAll('_', '\\_')));

describe(`a spec of ${COUNT} listed scopes with long values`, () => {
  test.each(CASES)('%s: the plan has every scope, with long values', (_what, conclusion) => {
    expect(conclusion.plan?.scopes.map((s) => s.suffix)).toEqual(SUFFIXES);
    expect(JSON.stringify(conclusion.plan).length).toBeGreaterThan(100_000);
  });

  test.each(CASES)(
    "%s: the job summary is within GitHub's 1 MiB a step and names every suffix",
    (_what, conclusion) => {
      const summary = summaryOf(conclusion);
      expect(Buffer.byteLength(summary)).toBeLessThanOrEqual(STEP_SUMMARY_LIMIT);
      expect(missing(summary)).toEqual([]);
    },
  );

  test.each(CASES)(
    "%s: the pull request's comment is within COMMENT_LIMIT and names every suffix",
    (_what, conclusion) => {
      const comment = commentOf(conclusion);
      expect(comment.length).toBeLessThanOrEqual(COMMENT_LIMIT);
      expect(missing(comment)).toEqual([]);
    },
  );

  test.each(CASES)("%s: the watch's issue is within COMMENT_LIMIT and names every suffix", (_what, conclusion) => {
    const issue = issueOf(conclusion);
    expect(issue.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    expect(missing(issue)).toEqual([]);
  });

  test.each(CASES)(
    '%s: the comment names the scopes whose sections it cut, each with its status, after the ones it kept',
    (_what, conclusion, status) => {
      const comment = commentOf(conclusion);
      const kept = SUFFIXES.filter((suffix) => comment.includes(`\n#### ${md(suffix)}: `));
      const left = SUFFIXES.slice(kept.length);
      expect([kept.length > 0, left.length > 0, kept]).toEqual([true, true, SUFFIXES.slice(0, kept.length)]);
      const named = left.map((suffix) => `${suffix} (${status(SUFFIXES.indexOf(suffix))})`).join(', ');
      expect(comment).toContain(
        `\n\n_The rest is too long for a comment._ Its ${left.length} last scope(s), there: ${md(named)}.\n`,
      );
    },
  );

  test.each(CASES.slice(1, 2))(
    '%s: the rows of what changes cut to the last limit, the others counted and sent to the summary',
    (_what, conclusion) => {
      expect(conclusion.verdict.rows.length).toBeGreaterThan(40);
      expect(commentOf(conclusion)).toContain(
        `\n| and ${conclusion.verdict.rows.length - 10} more | the run's summary has them all | | |\n`,
      );
    },
  );

  test('a room the verdict alone outgrows: cut before the folded report, which it never opens, so it closes none', () => {
    const conclusion = CASES[1]?.[1] as Conclusion;
    const small = { ...GITHUB_COMMENT, limit: 2_500 };
    const comment = renderComment({ ...commentFacts(conclusion), target: small });
    expect(comment.length).toBeLessThanOrEqual(small.limit);
    expect(comment).toContain('_The rest is too long for a comment._');
    expect(comment.match(/<\/?details>/g)).toBeNull();
  });

  test('suffixes longer than a value the comment cuts: only the scopes whose sections it cut are named after it', () => {
    const longSuffix = (i: number): string => `${'s'.repeat(90)}_${i}`;
    const results = ensured(planned).results.map((r, i) => ({
      ...r,
      definition: { ...r.definition, scope_suffix: longSuffix(i) },
      scope: { ...r.scope, scope_string: stringOf(longSuffix(i)) },
    }));
    const comment = commentOf(
      concludeRun({
        inputs: { on_drift: 'update', dry_run: true },
        naming: INPUT_NAMING,
        ensured: { telling: TOLD_APART, results: results as Ensured['results'], unlisted: [] },
      }),
    );
    const sections = comment.match(/^#### s{80}… /gm)?.length ?? 0;
    expect([sections > 0, sections < COUNT]).toEqual([true, true]);
    expect(comment).toContain(`_The rest is too long for a comment._ Its ${COUNT - sections} last scope(s), there: `);
  });

  test.each(CASES)(
    '%s: the comment is cut to fit, the summary is whole: it is the one its end points to',
    (_what, conclusion) => {
      expect(commentOf(conclusion)).toContain('_The rest is too long for a comment._');
      expect(Buffer.byteLength(summaryOf(conclusion))).toBeGreaterThan(5 * COMMENT_LIMIT);
    },
  );

  test('every scope as the spec says: the verdict says so, the report folded in one <details> in the summary and the comment, each within its limit and naming every suffix', () => {
    const same = (i: number): ReconcileResult => made(i);
    const conclusion = concludeRun({
      inputs: { on_drift: 'warn', dry_run: true },
      naming: INPUT_NAMING,
      ensured: ensured((i) => ({ ...same(i), created: false })),
    });
    expect(conclusion.plan?.scopes.every((s) => s.action === 'none' && s.comparison.every((c) => c.same))).toBe(true);
    for (const text of [summaryOf(conclusion), commentOf(conclusion)]) {
      expect(text.match(/<\/?details>/g)).toEqual(['<details>', '</details>']);
      expect(text).toContain(
        '**No changes**: every listed scope matches the spec.\n\n<details><summary>The whole report</summary>\n\n',
      );
      expect(text).toContain(`\n#### ${md(SUFFIXES[0] as string)}: unchanged\n`);
      expect(missing(text)).toEqual([]);
    }
    expect(commentOf(conclusion).length).toBeLessThanOrEqual(COMMENT_LIMIT);
  });

  test.each(CASES.slice(0, 2))(
    "%s: the issue's table of drift keeps its first rows and counts the others, which the run has",
    (_what, conclusion) => {
      const issue = issueOf(conclusion);
      // Every row of what changes: each drifted or changed field, each scope to create and its fields.
      const drifted = conclusion.verdict.rows;
      // The rows of "What changes": a scope named on its first, its other fields below it.
      const rows = issue.match(/^\| (<code>operation\\_\d+<\/code>)? \| /gm)?.length ?? 0;
      expect([rows > 0, rows < drifted.length]).toEqual([true, true]);
      expect(issue).toContain(`\n| and ${drifted.length - rows} more | [the run](${RUN_URL}) has them all | | |\n\n`);
    },
  );
});
