/**
 * Every rendering as GitHub would read it: parsed to HTML by micromark with its GFM extension
 * (which follows cmark-gfm, GitHub's parser: https://github.com/micromark/micromark-extension-gfm),
 * raw HTML let through as GitHub lets it through before it sanitizes. Every value from the spec
 * or a service is hostile here (HTML, links, autolinks, mentions, references, emphasis, a
 * `<details>` of its own). The HTML must hold: every table's columns headed; no link but the
 * renderer's own to the run; no element but the renderer's own (code, br, strong, details,
 * summary, sub, and what markdown makes: headings, paragraphs, lists, tables, a rule), with no
 * element inside a code span; every hostile value shown as the text it is. Mentions and
 * references, which cmark-gfm leaves as text and GitHub links, are checked by string, as in
 * pr-comment.test.ts: in a comment or an issue, each `@`, `#` and `www.` outside code carries a
 * word joiner (in code, none: GitHub links nothing there).
 * micromark is a devDependency: no bundle may hold it.
 */
import { TOLD_APART } from '../../src/engine/settings/telling.ts';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { concludeFailure, concludeRun, type Conclusion } from '../../src/engine/conclude/conclude.ts';
import type { DependentView } from '../../src/engine/reconcile/drift.ts';
import { type Ensured } from '../../src/engine/reconcile/plan.ts';
import { ValidationError } from '../../src/engine/settings/problems.ts';
import type { ReconcileResult } from '../../src/engine/reconcile/reconcile.ts';
import type { Unwell } from '../../src/engine/conclude/health.ts';
import { INPUT_NAMING } from '../../src/github/inputs.ts';
import { commentMarker, renderComment } from '../../src/render/comment.ts';
import { renderIssue, resolvedComment, watchMarker } from '../../src/render/issue.ts';
import { buildSummary } from '../../src/render/summary.ts';
import { ActionError } from '../../src/wire/errors.ts';
import { id, nthUuid } from '../support/ids.ts';
import { CLIENT_ID, REGISTERED, single } from '../support/plans.ts';

/** What a hostile spec or service could put in any value. */
const HOSTILE =
  '<img src=x> [x](http://e.test) https://e.test www.e.test WWW.e.test @someone #12 <details><summary>open</summary> </details> <script>x</script> a@b.test ![i](http://e.test/i.png) **b** _i_ `c` ~~s~~ &amp; | <!-- c --> <b>x</b> <a href="http://e.test">a</a>';
const RUN_URL = 'https://github.example/octo/provider/actions/runs/4242';
const SPEC = '.github/provider-scope.yml';
const DEPENDENT_ID = nthUuid(77);
const DEPENDENT: DependentView = {
  scope_string: `https://e.test/scopes/${HOSTILE}`,
  scope: DEPENDENT_ID,
  optional: false,
  requires_refresh_token: true,
};
const stringOf = (suffix: string): string => `https://auth.example.org/scopes/${CLIENT_ID}/${suffix}`;

// The results a run gives, with hostile values wherever the spec or the service gives one.
const client = { id: CLIENT_ID, name: HOSTILE };
const definition = (scope_suffix: string): NonNullable<ReconcileResult['definition']> => ({
  name: HOSTILE,
  description: HOSTILE,
  scope_suffix,
  advertised: true,
  allow_refresh_tokens: true,
  required_domains: [HOSTILE],
  dependent_scopes: [{ scope: id(DEPENDENT_ID), optional: false, requires_refresh_token: true }],
});
const names = new Map([[DEPENDENT_ID, DEPENDENT.scope_string as string]]);
const registered = (suffix: string, more: Partial<ReconcileResult> = {}): ReconcileResult => {
  // The service's string for it: as hostile as the rest.
  const scope = { id: nthUuid(suffix.length + 1), scope_string: `${stringOf(suffix)}${HOSTILE}` };
  const scopes = [scope, { id: nthUuid(90), scope_string: `https://e.test/${HOSTILE}` }];
  return {
    ...REGISTERED,
    client,
    scope,
    scopes,
    definition: definition(suffix),
    names,
    comparison: [{ field: 'name', spec: HOSTILE, service: HOSTILE, same: true }],
    ...more,
  } as ReconcileResult;
};
const DRIFT = [
  { field: 'description', spec: HOSTILE, service: `old ${HOSTILE}`, same: false },
  { field: 'dependent_scopes', spec: [DEPENDENT], service: [], same: false },
];
const planned = (suffix: string): ReconcileResult => {
  const scope = { id: '' as const, scope_string: `${stringOf(suffix)}${HOSTILE}` };
  return { ...registered(suffix), scope, scopes: [scope], wouldCreate: true, comparison: [] } as ReconcileResult;
};

type OnDrift = 'warn' | 'update';
const run = (
  ensured: Ensured,
  { dryRun = false, onDrift = 'warn' }: { dryRun?: boolean; onDrift?: OnDrift } = {},
): Conclusion => concludeRun({ inputs: { on_drift: onDrift, dry_run: dryRun }, naming: INPUT_NAMING, ensured });
const list = (results: ReconcileResult[]): Ensured => ({
  telling: TOLD_APART,
  results: results as Ensured['results'],
  unlisted: [{ scope_string: `https://e.test/${HOSTILE}` }],
});
const known = (...suffixes: string[]) => ({
  clientId: `${CLIENT_ID}${HOSTILE}`,
  scopes: suffixes.map((suffix) => ({ suffix, scopeString: `${stringOf(suffix)}${HOSTILE}` })),
});

/** Each conclusion, with why the watch would open its issue for it. */
const CASES: Array<[string, Conclusion, Unwell[]]> = [
  ['single form, created', run(single(registered('action_all', { created: true, comparison: [] }))), ['failed']],
  [
    'single form, updated (consent asked)',
    run(single(registered('action_all', { comparison: DRIFT, changes: DRIFT, updated: true })), { onDrift: 'update' }),
    ['drift'],
  ],
  ['single form, nothing to do but drift', run(single(registered('action_all', { comparison: DRIFT }))), ['drift']],
  ['single form, dry run of a creation', run(single(planned('action_all')), { dryRun: true }), ['no scope']],
  [
    'single form, dry run of an update',
    run(single(registered('action_all', { comparison: DRIFT, changes: DRIFT })), { dryRun: true, onDrift: 'update' }),
    ['drift'],
  ],
  [
    'single form, the provider publishing another string',
    concludeRun({
      inputs: { on_drift: 'warn', dry_run: false },
      naming: INPUT_NAMING,
      ensured: single(registered('action_all')),
      providers: [
        {
          target: { url: `https://p.e.test/${HOSTILE}`, suffix: HOSTILE },
          publishable: undefined,
          outcome: {
            check: {
              url: `https://p.e.test/${HOSTILE}/`,
              key: 'globus_auth_scope',
              published: HOSTILE,
              matches: false,
            },
          },
        },
      ],
    }),
    ['failed'],
  ],
  [
    'list form, several unchanged and one changed',
    run(
      list([
        registered('alpha'),
        registered('beta', { comparison: DRIFT, changes: DRIFT }),
        registered('gamma'),
        registered('delta'),
        planned('epsilon'),
      ]),
      { dryRun: true, onDrift: 'update' },
    ),
    ['drift', 'no scope'],
  ],
  ['list form, drift left', run(list([registered('alpha', { comparison: DRIFT }), registered('beta')])), ['drift']],
  [
    'failed validation',
    concludeFailure(
      new ValidationError([
        { field: 'name', message: HOSTILE, location: { file: SPEC, startLine: 2 } },
        { field: 'description', message: `${HOSTILE} again` },
      ]),
      INPUT_NAMING,
    ),
    ['failed'],
  ],
  ['failed run, single form', concludeFailure(new ActionError(HOSTILE), INPUT_NAMING, known('action_all')), ['failed']],
  [
    'failed run, list form',
    concludeFailure(new ActionError(HOSTILE), INPUT_NAMING, known('alpha', 'beta', 'gamma')),
    ['failed'],
  ],
  ['failed run, an unexpected error', concludeFailure(new Error(HOSTILE), INPUT_NAMING), ['failed']],
];

const toHtml = (markdown: string): string =>
  micromark(markdown, { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] });

// The elements markdown makes of the renderer's own markdown, and the raw tags the renderer writes.
const ELEMENTS = new Set([
  'p',
  'h3',
  'h4',
  'h5',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'ul',
  'li',
  'hr',
  'a',
  'strong',
  'em',
  'code',
  'br',
  'details',
  'summary',
  'sub',
]);
// What the renderer itself puts in bold or italics, or in a folded section's summary.
const STRONG =
  /^(warning|error|differs|Consent|No changes|Drift|Dry run|Applied|The run failed|Nothing was done|Needs attention|Next|not a scope string of this client)$/;
const EMPHASIS = /^The rest is too long for a comment\.$/;
const SUMMARY = /^(The whole report|The scope strings and the providers)$/;

const decode = (html: string): string =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** What is wrong with a rendering once parsed, each problem a line: none when it is as it should be. */
function problemsOf(markdown: string, { defused, marker }: { defused: boolean; marker?: string }): string[] {
  const problems: string[] = [];
  const html = toHtml(markdown);
  // The only HTML comment: the renderer's marker, first.
  const comments = html.match(/<!--[\s\S]*?-->/g) ?? [];
  if (comments.join('') !== (marker ?? '')) problems.push(`comments: ${comments.join(' ')}`);
  const body = html.replace(marker ?? '\0', '');
  for (const [tag, name = ''] of body.matchAll(/<\/?([a-zA-Z][\w-]*)[^>]*>/g))
    if (!ELEMENTS.has(name.toLowerCase())) problems.push(`element: ${tag}`);
  for (const [link] of body.matchAll(/<a\b[^>]*>/g))
    if (link !== `<a href="${RUN_URL}">`) problems.push(`link: ${link}`);
  for (const [, inner = ''] of body.matchAll(/<code>([\s\S]*?)<\/code>/g))
    if (inner.includes('<')) problems.push(`inside a code span: ${inner}`);
  for (const [, inner = ''] of body.matchAll(/<strong>([\s\S]*?)<\/strong>/g))
    if (!STRONG.test(inner)) problems.push(`bold: ${inner}`);
  for (const [, inner = ''] of body.matchAll(/<em>([\s\S]*?)<\/em>/g))
    if (!EMPHASIS.test(inner)) problems.push(`italics: ${inner}`);
  const details = body.match(/<details>[\s\S]*?(?=<\/summary>)/g) ?? [];
  for (const open of details)
    if (!open.startsWith('<details><summary>') || !SUMMARY.test(open.slice('<details><summary>'.length)))
      problems.push(`details: ${open}`);
  if (
    details.length !== (body.match(/<details\b/g) ?? []).length ||
    details.length !== (body.match(/<\/details>/g) ?? []).length
  )
    problems.push('details: not one summary and one end each');
  // Every table of the markdown is a table of the HTML, every column headed.
  const tables = body.match(/<table>[\s\S]*?<\/table>/g) ?? [];
  if (tables.length !== (markdown.match(/^\|---/gm) ?? []).length)
    problems.push(`tables: ${tables.length} of ${(markdown.match(/^\|---/gm) ?? []).length}`);
  for (const table of tables) {
    const head = /^<table>\n<thead>\n<tr>\n((?:<th[^>]*>.*<\/th>\n)+)<\/tr>\n<\/thead>/.exec(table)?.[1];
    if (head === undefined) problems.push(`a table without a header row: ${table.slice(0, 200)}`);
    for (const [th] of (head ?? '').matchAll(/<th[^>]*>(.*)<\/th>/g))
      if (decode(th).trim() === '') problems.push(`an empty column heading: ${table.slice(0, 200)}`);
  }
  if (defused) {
    // Outside code: GitHub finds no mention or reference in a code element, and values there are whole (rendered-values.test.ts).
    const text = decode(body.replace(/<code>[\s\S]*?<\/code>/g, ''));
    for (const [live] of text.matchAll(/[@#](?!\u2060)|www(?!\u2060)\./gi))
      problems.push(`live in a comment or issue: ${live}`);
  }
  return problems;
}

/** The hostile value, read back from the HTML as text, whole: shown as the text it is. */
const showsHostile = (markdown: string): boolean => decode(toHtml(markdown)).replaceAll('\u2060', '').includes(HOSTILE);

// The run's context (what it ran for, the spec input, the client input) hostile too; or plain, to see the values shown alone.
const context = (hostile: boolean): string => (hostile ? HOSTILE : '');
const summaryOf = (conclusion: Conclusion, hostile = true): string =>
  buildSummary(conclusion, { ranFor: `pull_request on refs/heads/${context(hostile)}` });
const commentOf = (conclusion: Conclusion, hostile = true): string =>
  renderComment({
    conclusion,
    marker: commentMarker(CLIENT_ID, SPEC),
    ranFor: `pull_request on refs/heads/${context(hostile)}`,
    runUrl: RUN_URL,
    spec: `${SPEC}${context(hostile)}`,
    scrub: (text) => text,
  });
const issueOf = (conclusion: Conclusion, because: Unwell[], hostile = true): string =>
  renderIssue(conclusion, {
    because,
    marker: watchMarker(CLIENT_ID, SPEC),
    runUrl: RUN_URL,
    spec: `${SPEC}${context(hostile)}`,
    clientId: `${CLIENT_ID}${context(hostile)}`,
    scrub: (text) => text,
  });

describe('every rendering, parsed as GitHub-flavoured markdown', () => {
  test.each(CASES)('%s: the job summary', (_what, conclusion) => {
    const summary = summaryOf(conclusion);
    expect(problemsOf(summary, { defused: false })).toEqual([]);
    expect(showsHostile(summaryOf(conclusion, false))).toBe(true);
  });

  test.each(CASES)("%s: the pull request's comment", (_what, conclusion) => {
    const comment = commentOf(conclusion);
    expect(problemsOf(comment, { defused: true, marker: commentMarker(CLIENT_ID, SPEC) })).toEqual([]);
    expect(showsHostile(commentOf(conclusion, false))).toBe(true);
  });

  test.each(CASES)("%s: the watch's issue", (_what, conclusion, because) => {
    const issue = issueOf(conclusion, because);
    expect(problemsOf(issue, { defused: true, marker: watchMarker(CLIENT_ID, SPEC) })).toEqual([]);
    expect(showsHostile(issueOf(conclusion, because, false))).toBe(true);
  });

  test("the issue's closing comment", () => {
    expect(problemsOf(resolvedComment(RUN_URL), { defused: true })).toEqual([]);
    expect(toHtml(resolvedComment(RUN_URL))).toContain(`<a href="${RUN_URL}">run</a>`);
  });

  test('the checks find what they look for: an empty heading, a link, an element, a bold value, a stray details, a mention', () => {
    const found = (markdown: string, defused = false): string[] =>
      problemsOf(markdown, { defused }).map((p) => p.split(':')[0] as string);
    expect(found('| | |\n|---|---|\n| a | b |\n')).toEqual(['an empty column heading', 'an empty column heading']);
    expect(found('x\n\n|---|\n')).toEqual(['tables']);
    expect(found('[x](http://e.test) www.e.test')).toEqual(['link', 'link']);
    expect(found('<img src=x> <b>x</b>')).toEqual(['element', 'element', 'element']);
    expect(found('<code>**x**</code> **x** _x_')).toEqual(['inside a code span', 'bold', 'bold', 'italics']);
    expect(found('<details><summary>x</summary>\n\ny\n\n</details>\n\n<details>')).toEqual(['details', 'details']);
    expect(found('@someone #12 www.x', true)).toEqual([
      'link',
      'live in a comment or issue',
      'live in a comment or issue',
      'live in a comment or issue',
    ]);
    expect(found('<!-- x -->')).toEqual(['comments']);
  });
});

describe('a comment cut inside its folded report', () => {
  test('renders its <details> closed: the end and the footer are outside it', () => {
    const same = Array.from({ length: 8 }, (_, k) => ({
      field: `field_${k}`,
      spec: HOSTILE,
      service: HOSTILE,
      same: true,
    }));
    const results = Array.from({ length: 300 }, (_, i) =>
      registered(`s${i}`, { comparison: i === 0 ? DRIFT : same, changes: i === 0 ? DRIFT : [] }),
    );
    const comment = commentOf(run(list(results), { dryRun: true, onDrift: 'update' }));
    expect(comment).toContain('_The rest is too long for a comment._');
    expect(problemsOf(comment, { defused: true, marker: commentMarker(CLIENT_ID, SPEC) })).toEqual([]);
    const html = toHtml(comment);
    expect(html.lastIndexOf('</details>')).toBeLessThan(html.indexOf('<em>The rest is too long for a comment.</em>'));
    expect(html.indexOf('<sub>')).toBeGreaterThan(html.lastIndexOf('</details>'));
  });
});

describe('micromark is for the tests alone', () => {
  test('no bundle holds it', () => {
    const dist = path.join(import.meta.dirname, '..', '..', 'dist');
    const bundles = (readdirSync(dist, { recursive: true }) as string[]).filter((file) => file.endsWith('.js'));
    expect(bundles.length).toBeGreaterThan(1);
    expect(bundles.filter((file) => readFileSync(path.join(dist, file), 'utf8').includes('micromark'))).toEqual([]);
  });
});
