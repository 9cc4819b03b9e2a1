/**
 * What a reviewer reads first, in every place the plan appears: the text before the first
 * `<details>`, as GitHub would render it (micromark with its GFM extension, as gfm.test.ts),
 * names what changes (the scope, the field, the service's value and the spec's), and nothing
 * that stays as it is; a new scope comes before an unchanged one; a failure says what is wrong
 * and its fix. Four cases, as a reviewer would meet them: a creation with a dependent scope,
 * a drifted description under `on_drift: fail`, a shared client with one scope unchanged and
 * one new, a rejected secret.
 */
import { describe, expect, test } from '@jest/globals';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { concludeFailure, concludeRun, type Conclusion } from '../../src/engine/conclude/conclude.ts';
import type { Ensured } from '../../src/engine/reconcile/plan.ts';
import type { ReconcileResult } from '../../src/engine/reconcile/reconcile.ts';
import { TOLD_APART } from '../../src/engine/settings/telling.ts';
import { INPUT_NAMING } from '../../src/github/inputs.ts';
import { commentMarker, GITLAB_NOTE, renderComment } from '../../src/render/comment.ts';
import { renderIssue, watchMarker } from '../../src/render/issue.ts';
import { buildSummary } from '../../src/render/summary.ts';
import { HttpError } from '../../src/wire/http.ts';
import { id, nthUuid } from '../support/ids.ts';
import { CLIENT_ID, REGISTERED, single } from '../support/plans.ts';

const RUN_URL = 'https://github.example/octo/provider/actions/runs/4242';
const SPEC = '.github/provider-scope.yml';
const stringOf = (suffix: string): string => `https://auth.example.org/scopes/${CLIENT_ID}/${suffix}`;
const GROUPS = 'urn:globus:auth:scope:groups.api.globus.org:view_my_groups_and_memberships';
const GROUPS_ID = '73320ffe-4cb4-4b25-a0a3-83d53d59ce4f';

const definition = (scope_suffix: string, description: string): NonNullable<ReconcileResult['definition']> => ({
  name: `Provider ${scope_suffix}`,
  description,
  scope_suffix,
  advertised: true,
  allow_refresh_tokens: true,
  dependent_scopes: [],
});
const registered = (suffix: string, more: Partial<ReconcileResult> = {}): ReconcileResult =>
  ({
    ...REGISTERED,
    scope: { id: nthUuid(suffix.length), scope_string: stringOf(suffix) },
    scopes: [{ id: nthUuid(suffix.length), scope_string: stringOf(suffix) }],
    definition: definition(suffix, 'Unchanged words'),
    comparison: [
      { field: 'name', spec: `Provider ${suffix}`, service: `Provider ${suffix}`, same: true },
      { field: 'description', spec: 'Unchanged words', service: 'Unchanged words', same: true },
    ],
    ...more,
  }) as ReconcileResult;
const planned = (suffix: string): ReconcileResult => {
  const scope = { id: '' as const, scope_string: stringOf(suffix) };
  return {
    ...registered(suffix),
    scope,
    scopes: [scope],
    wouldCreate: true,
    comparison: [],
    definition: {
      ...definition(suffix, 'Makes folders'),
      dependent_scopes: [{ scope: id(GROUPS_ID), optional: false, requires_refresh_token: true }],
    },
    names: new Map([[GROUPS_ID, GROUPS]]),
  } as ReconcileResult;
};
const run = (ensured: Ensured, onDrift: 'warn' | 'fail' = 'warn'): Conclusion =>
  concludeRun({ inputs: { on_drift: onDrift, dry_run: true }, naming: INPUT_NAMING, ensured });

const DRIFT = { field: 'description', spec: 'Runs the new actions', service: 'Runs old actions', same: false };
const drifted = run(
  single(
    registered('action_all', {
      comparison: [{ field: 'name', spec: 'Provider action_all', service: 'Provider action_all', same: true }, DRIFT],
    }),
  ),
  'fail',
);
const created = run(single(planned('transfer_mkdir')));
const shared = run({
  telling: TOLD_APART,
  results: [registered('transfer_ls'), planned('transfer_mkdir')],
  unlisted: [],
});
const rejected = concludeFailure(
  new HttpError('Token request failed with HTTP 401: the credentials were rejected. Replace the client secret.', {
    status: 401,
    secretRejected: true,
  }),
  INPUT_NAMING,
);

const scrub = (text: string): string => text;
/** Every place the plan appears, as each door renders it. */
const PLACES: Array<[string, (conclusion: Conclusion) => string]> = [
  ['the job summary', (conclusion) => buildSummary(conclusion, { ranFor: 'pull_request' })],
  [
    "the pull request's comment",
    (conclusion) =>
      renderComment({
        conclusion,
        marker: commentMarker(CLIENT_ID, SPEC),
        ranFor: 'pull_request',
        runUrl: RUN_URL,
        spec: SPEC,
        scrub,
      }),
  ],
  [
    "the merge request's note",
    (conclusion) =>
      renderComment({
        conclusion,
        marker: commentMarker(CLIENT_ID, SPEC),
        ranFor: 'merge_request_event',
        runUrl: RUN_URL,
        spec: SPEC,
        scrub,
        target: GITLAB_NOTE,
      }),
  ],
  [
    "the watch's issue",
    (conclusion) =>
      renderIssue(conclusion, {
        because: conclusion.exitCode === 0 ? ['no scope'] : ['failed'],
        marker: watchMarker(CLIENT_ID, SPEC),
        runUrl: RUN_URL,
        spec: SPEC,
        clientId: CLIENT_ID,
        scrub,
      }),
  ],
];

const toHtml = (markdown: string): string =>
  micromark(markdown, { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] });
const text = (html: string): string =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/[\u2060\s]+/g, ' ');
/** The rendered text a reader sees before anything folded, and the folded rest. */
const firstSeen = (markdown: string): { seen: string; html: string } => {
  const html = toHtml(markdown);
  const at = html.indexOf('<details>');
  return { seen: text(at === -1 ? html : html.slice(0, at)), html };
};

describe.each(PLACES)('%s: what changes first', (_place, render) => {
  test('a drifted description under on_drift: fail: the field and both values, nothing unchanged', () => {
    const { seen } = firstSeen(render(drifted));
    expect(seen).toContain('action_all : description differs from the spec');
    expect(seen).toMatch(/description "Runs old actions" "Runs the new actions"/);
    expect(seen).not.toContain('Provider action_all');
    // The unchanged field's row is folded: no "name" followed by its value.
    expect(seen).not.toMatch(/\bname "/);
  });

  test('a creation with a dependent scope: the scope, then each field it sends, the dependent scope by its string', () => {
    const { seen } = firstSeen(render(created));
    expect(seen).toContain('transfer_mkdir would be created');
    expect(seen).toContain(`transfer_mkdir new scope none ${stringOf('transfer_mkdir')}`);
    expect(seen).toContain('description none "Makes folders"');
    expect(seen).toContain(GROUPS);
    expect(seen).toContain('POST /v2/api/clients/');
  });

  test('a shared client, one scope unchanged and one new: the new one alone, the unchanged one folded', () => {
    const { seen, html } = firstSeen(render(shared));
    expect(seen).toContain('transfer_mkdir would be created');
    expect(seen).not.toContain('transfer_ls');
    expect(seen).not.toContain('Unchanged words');
    // Folded, whole: the unchanged scope is still there, after the new one's verdict.
    expect(text(html).indexOf('transfer_ls')).toBeGreaterThan(text(html).indexOf('transfer_mkdir would be created'));
  });

  test('a rejected secret: what is wrong first, and the fix', () => {
    const { seen } = firstSeen(render(rejected));
    expect(seen).toContain("The run failed : the service rejected the client's credentials.");
    expect(seen).toContain('Replace the client secret.');
    expect(seen).not.toContain('What changes');
  });
});
