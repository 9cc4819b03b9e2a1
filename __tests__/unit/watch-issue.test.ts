/**
 * The watch's issue in process: its pure parts (the input, the marker, the title, the body
 * within GitHub's limit, the closing comment, the warning), and the whole of it through
 * @actions/github's octokit against the fake GitHub API (dev/github-api.ts) on 127.0.0.1, on a
 * fake clock.
 */
import { TOLD_APART } from '../../src/engine/settings/telling.ts';
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { getOctokit } from '@actions/github';
import { FakeGitHubApi, WORKFLOW_BOT, type GitHubUser } from '../../dev/github-api.ts';
import { concludeFailure, concludeRun, type Conclusion, type Message } from '../../src/engine/conclude/conclude.ts';
import { type Ensured } from '../../src/engine/reconcile/plan.ts';
import type { ReconcileResult } from '../../src/engine/reconcile/reconcile.ts';
import { ValidationError } from '../../src/engine/settings/problems.ts';
import { credentialForms, keepSecrets } from '../../src/engine/secrets.ts';
import { ActionError } from '../../src/wire/errors.ts';
import { HttpError } from '../../src/wire/http.ts';
import type { ActionCore } from '../../src/github/collaborators.ts';
import { INPUT_NAMING } from '../../src/github/inputs.ts';
import { runSettingsOf } from '../../src/engine/settings/settings.ts';
import { escapeMarkdown as md } from '../../src/render/summary.ts';
import type { GitHubContext, GitHubToolkit } from '../../src/github/octokit.ts';
import { commentMarker, COMMENT_LIMIT } from '../../src/render/comment.ts';
import { issueTitle, renderIssue, resolvedComment, watchMarker, type IssueFacts } from '../../src/render/issue.ts';
import { readWatchIssue, watchFailure, watchIssue } from '../../src/github/watch-issue.ts';
import { run } from '../../src/github/action.ts';
import { fromGitHubRunner } from '../../src/github/runner.ts';
import { fakeClock } from '../support/clock.ts';
import { nthUuid } from '../support/ids.ts';
import { RecordingRunner } from '../support/recording-core.ts';
import { CLIENT_ID, REGISTERED, SCOPE_STRING, single } from '../support/plans.ts';

const SPEC = '.github/provider-scope.yml';
const RESULT = REGISTERED;
type Changed = { [K in keyof ReconcileResult]?: unknown };
const concluded = (result: Changed = {}): Conclusion =>
  concludeRun({
    inputs: { on_drift: 'warn', dry_run: true },
    naming: INPUT_NAMING,
    ensured: single({ ...RESULT, ...result } as ReconcileResult),
  });
const DRIFT = {
  comparison: [
    { field: 'name', spec: 'P', service: 'P', same: true },
    { field: 'description', spec: 'Runs actions', service: 'Changed by hand', same: false },
  ],
};
const drifted = (): Conclusion => concluded(DRIFT);
/** A listed scope's definition, with this suffix. */
const definition = (scope_suffix: string) => ({
  name: 'P',
  description: 'Runs actions',
  scope_suffix,
  advertised: true,
  allow_refresh_tokens: true,
  required_domains: [],
  dependent_scopes: [],
});
const listConclusion = (results: unknown[]): Conclusion =>
  concludeRun({
    inputs: { on_drift: 'warn', dry_run: true },
    naming: INPUT_NAMING,
    ensured: { telling: TOLD_APART, results: results as Ensured['results'], unlisted: [] },
  });
const RUN_URL = 'https://github.example/octo/provider/actions/runs/4242';
const facts = (more: Partial<IssueFacts> = {}): IssueFacts => ({
  because: ['drift'],
  marker: watchMarker(CLIENT_ID, SPEC),
  runUrl: RUN_URL,
  spec: SPEC,
  clientId: CLIENT_ID,
  scrub: (text) => text,
  ...more,
});

describe('the input', () => {
  test('auto (or left out) and off; anything else is one error that says what each does', () => {
    expect([readWatchIssue(''), readWatchIssue('auto'), readWatchIssue('off')]).toEqual(['auto', 'auto', 'off']);
    expect(readWatchIssue('on')).toEqual({
      level: 'error',
      text: 'Input watch_issue must be auto or off: auto keeps one issue open while a scheduled run finds the registration unwell, off never touches issues. Leave it out for auto.',
    });
  });
});

describe('the issue', () => {
  test("its marker is the comment's, of another kind: one per client and spec file, never the comment's", () => {
    expect(watchMarker(CLIENT_ID.toUpperCase(), SPEC)).toBe(
      `<!-- ensure-provider-scope watch client=${CLIENT_ID} spec=.github%2Fprovider-scope.yml -->`,
    );
    expect(watchMarker(CLIENT_ID, SPEC)).not.toContain(commentMarker(CLIENT_ID, SPEC).slice(0, -4));
    expect(watchMarker('x --> <b>', 'a.yml -->').match(/-->/g)).toEqual(['-->']);
  });

  test('with providers named by their scopes, the marker adds each (suffix and address, encoded, sorted); none, or one for any scope, keeps it as it was', () => {
    const plain = `<!-- ensure-provider-scope watch client=${CLIENT_ID} spec=.github%2Fprovider-scope.yml -->`;
    expect(watchMarker(CLIENT_ID, SPEC, [])).toBe(plain);
    expect(watchMarker(CLIENT_ID, SPEC, [{ url: 'https://p.example.org' }])).toBe(plain);
    const named = watchMarker(CLIENT_ID, SPEC, [
      { url: 'https://t.example.org/base', suffix: 'transfer' },
      { url: 'https://c.example.org', suffix: 'compute' },
    ]);
    expect(named).toBe(
      `<!-- ensure-provider-scope watch client=${CLIENT_ID} spec=.github%2Fprovider-scope.yml ` +
        'providers=compute=https%3A%2F%2Fc.example.org,transfer=https%3A%2F%2Ft.example.org%2Fbase -->',
    );
    // The order given is not the marker's; another address, another suffix or one provider fewer is another issue.
    expect(
      watchMarker(CLIENT_ID, SPEC, [
        { url: 'https://c.example.org', suffix: 'compute' },
        { url: 'https://t.example.org/base', suffix: 'transfer' },
      ]),
    ).toBe(named);
    const others = [
      [{ url: 'https://c.example.org', suffix: 'compute' }],
      [{ url: 'https://t.example.org/base', suffix: 'transfer' }],
      [{ url: 'https://c.example.org', suffix: 'transfer' }],
      [{ url: 'https://c.example.org/x', suffix: 'compute' }],
    ].map((providers) => watchMarker(CLIENT_ID, SPEC, providers));
    expect(new Set([named, plain, ...others]).size).toBe(6);
    expect(watchMarker(CLIENT_ID, SPEC, [{ url: 'x --> <b>,a=b', suffix: ' -->,=' }]).match(/-->/g)).toEqual(['-->']);
  });

  test('with providers named, the title names them, each value cut shorter: still within 256', () => {
    const scrub = (text: string): string => text;
    const providers = [
      { url: 'https://t.example.org', suffix: 'transfer' },
      { url: 'https://c.example.org', suffix: 'compute' },
    ];
    expect(issueTitle({ conclusion: drifted(), clientId: CLIENT_ID, spec: SPEC, scrub, providers })).toBe(
      `Provider scope needs attention: Example Action Provider (${CLIENT_ID}), ${SPEC}, provider(s) of transfer, compute`,
    );
    expect(
      issueTitle({
        conclusion: drifted(),
        clientId: CLIENT_ID,
        spec: SPEC,
        scrub,
        providers: [providers[0] as { url: string }].map(({ url }) => ({ url })),
      }),
    ).toBe(`Provider scope needs attention: Example Action Provider (${CLIENT_ID}), ${SPEC}`);
    const long = issueTitle({
      conclusion: concluded({ client: { id: CLIENT_ID, name: 'n'.repeat(500) } }),
      clientId: 'i'.repeat(500),
      spec: 's'.repeat(500),
      scrub,
      providers: [{ url: 'https://x.example.org', suffix: 'p'.repeat(500) }],
    });
    expect(long).toBe(
      `Provider scope needs attention: ${'n'.repeat(47)}… (${'i'.repeat(47)}…), ${'s'.repeat(47)}…, provider(s) of ${'p'.repeat(47)}…`,
    );
    expect(long.length).toBeLessThanOrEqual(256);
  });

  test("its body lists every provider's verdict, by the scope it had to publish", () => {
    const conclusion: Conclusion = {
      ...drifted(),
      providers: [
        {
          suffix: 'a',
          url: 'https://a.example.org/',
          read: true,
          key: 'globus_auth_scope',
          published: SCOPE_STRING,
          matches: true,
          allowed: 'the scope string of the scope a',
        },
        {
          suffix: 'b',
          url: 'https://b.example.org/',
          read: true,
          key: undefined,
          published: undefined,
          matches: false,
          allowed: 'the scope string of the scope b',
        },
        {
          suffix: undefined,
          url: 'https://c.example.org/',
          read: false,
          matches: false,
          allowed: 'a scope string of this client',
        },
      ],
    };
    const body = renderIssue(conclusion, facts());
    // Folded with the scope strings, below what to do.
    const section = body.slice(body.indexOf('#### The deployed providers'), body.indexOf('</details>'));
    expect(section).toBe(
      [
        '#### The deployed providers',
        '',
        `- a: <code>https\\://a.example.org/</code> publishes <code>${md(SCOPE_STRING)}</code> (matches)`,
        '- b: <code>https\\://b.example.org/</code> publishes no scope (**not the scope string of the scope b**)',
        '- <code>https\\://c.example.org/</code> could not be read (**not a scope string of this client**)',
        '',
        '',
      ].join('\n'),
    );
    expect(renderIssue(drifted(), facts())).not.toContain('#### The deployed providers');
  });

  test("its title: the client's name where known, its id, the spec file; inert, on one line, cut", () => {
    const scrub = (text: string): string => text;
    expect(issueTitle({ conclusion: drifted(), clientId: CLIENT_ID, spec: SPEC, scrub })).toBe(
      `Provider scope needs attention: Example Action Provider (${CLIENT_ID}), ${SPEC}`,
    );
    const failed = concludeFailure(new ActionError('rejected'), INPUT_NAMING);
    expect(issueTitle({ conclusion: failed, clientId: CLIENT_ID, spec: SPEC, scrub })).toBe(
      `Provider scope needs attention: ${CLIENT_ID}, ${SPEC}`,
    );
    const spaced = concluded({ client: { id: CLIENT_ID, name: 'Two\r\n\tlines,  spaced' } });
    expect(issueTitle({ conclusion: spaced, clientId: CLIENT_ID, spec: SPEC, scrub })).toBe(
      `Provider scope needs attention: Two lines, spaced (${CLIENT_ID}), ${SPEC}`,
    );
    const hostile = concluded({ client: { id: CLIENT_ID, name: `@octocat #12\n\u001b[31m${'x'.repeat(100)}` } });
    const title = issueTitle({
      conclusion: hostile,
      clientId: CLIENT_ID,
      spec: 'a#1.yml',
      scrub: (text) => text.replace('octocat', '***'),
    });
    expect(title).toBe(
      `Provider scope needs attention: @\u2060*** #\u206012 \\u001b[31m${'x'.repeat(42)}… (${CLIENT_ID}), a#\u20601.yml`,
    );
    // Each value at most 64 characters: the longest title is within GitHub's 256.
    const long = issueTitle({
      conclusion: concluded({ client: { id: CLIENT_ID, name: '#'.repeat(500) } }),
      clientId: '@'.repeat(500),
      spec: 'x'.repeat(500),
      scrub,
    });
    expect(long).toBe(
      `Provider scope needs attention: ${'#\u2060'.repeat(31)}#… (${'@\u2060'.repeat(31)}@…), ${'x'.repeat(63)}…`,
    );
    expect(long.length).toBeLessThanOrEqual(256);
    // At the limit, whole.
    expect(issueTitle({ conclusion: drifted(), clientId: CLIENT_ID, spec: 'y'.repeat(64), scrub })).toMatch(/, y{64}$/);
  });

  test('its body, whole: the marker, what was found, each warning and error, the drifted fields alone, the scope string, what to do, the run', () => {
    const warning = drifted().messages.find((m) => m.level === 'warning')?.text ?? '';
    expect(renderIssue(drifted(), facts())).toBe(
      [
        watchMarker(CLIENT_ID, SPEC),
        '**Drift**: <code>action\\_all</code>: description differs from the spec.',
        '',
        '#### What changes',
        '',
        '| Scope | Field | Service | Spec |',
        '|---|---|---|---|',
        '| <code>action\\_all</code> | description | <code>"Changed by hand"</code> | <code>"Runs actions"</code> |',
        '',
        `**Next**: ${md('With on_drift: warn, a run without dry_run leaves the scope as the service has it; on_drift: update would change 1 field(s).')}`,
        '',
        `The watch's [run](${RUN_URL}) of the spec file <code>${md(SPEC)}</code> for client <code>${md(CLIENT_ID)}</code> found:`,
        '',
        '- The scope differs from the spec.',
        '',
        '#### Warnings and errors',
        '',
        `- **warning**: ${md(warning)}`,
        '',
        '#### What to do',
        '',
        '- The scope differs from the spec: someone changed it outside the spec, or the spec changed since the release. Bring the scope back with the release workflow under `on_drift: update`, or change the spec to what the service has and release it.',
        '',
        '<details><summary>The scope strings and the providers</summary>',
        '',
        `The scope string: <code>${md(SCOPE_STRING)}</code>.`,
        '',
        '</details>',
        '',
        '---',
        `<sub>Kept by ensure-provider-scope's watch: updated in place while the registration is unwell, closed by the first watch that finds it well. The job summary of [the run](${RUN_URL}) has the whole report.</sub>`,
        '',
      ].join('\n'),
    );
  });

  test("the client's credentials: each finding with its own fix, its values in code; none read, or none found, no section", () => {
    const old = { id: nthUuid(1), name: 'old_one', created: '2025-01-02T03:04:05Z' };
    const hand = { id: nthUuid(2), name: 'by *hand*', created: '2026-11-01T00:00:00Z' };
    const checked = (credentials: Conclusion['credentials']): string =>
      renderIssue(
        { ...concluded(), ...(credentials === undefined ? {} : { credentials }) },
        facts({ because: ['credentials'] }),
      );
    const body = checked({
      read: true,
      findings: [
        { kind: 'old secret', credential: old, ageDays: 695, maxAgeDays: 90 },
        { kind: 'not made by this tool', credential: hand },
      ],
    });
    // Nothing between what was found and the findings: the run had no warning or error.
    expect(body).toContain(
      [
        'found:',
        '',
        "- The client's credentials need attention.",
        '',
        "#### The client's credentials",
        '',
        `- **The secret in use is older than 90 days** (the spec's \`credentials.max_age_days\`): every credential that may be the one in use is older; the youngest of them, <code>${md(old.name)}</code> (id <code>${md(old.id)}</code>, created ${md(old.created)}), is 695 days old. ` +
          "Rotate the secret (the rotation action, or `ensure-provider-scope rotate`: docs/rotation.md), deploy the provider with the new one, and check that the rotation's schedule still runs (GitHub disables a schedule after 60 days without activity in the repository).",
        `- **A credential this tool did not make**, beside the client's first (the developer portal's): <code>${md(hand.name)}</code> (id <code>${md(hand.id)}</code>, created ${md(hand.created)}). ` +
          `If someone on the team made it (a test, a quick fix), retire it once nothing uses it: <code>${md(`retire_id: ${hand.id}`)}</code> in the rotation action, or <code>${md(`--retire-id ${hand.id}`)}</code>. ` +
          'If nobody did, someone may hold a leaked secret: follow docs/rotation.md, "A leaked secret", at once.',
        '',
        '#### What to do',
      ].join('\n'),
    );
    for (const none of [{ read: true as const, findings: [] }, { read: false as const, warning: 'unread' }, undefined])
      expect(checked(none)).not.toContain("#### The client's credentials");
  });

  test('its body: each part', () => {
    const body = renderIssue(drifted(), facts());
    const lines = body.split('\n');
    expect(lines[0]).toBe(watchMarker(CLIENT_ID, SPEC));
    expect(lines[1]).toBe('**Drift**: <code>action\\_all</code>: description differs from the spec.');
    expect(body).toContain(
      `The watch's [run](${RUN_URL}) of the spec file <code>${md(SPEC)}</code> for client <code>${md(CLIENT_ID)}</code> found:\n\n- The scope differs from the spec.\n`,
    );
    const warning = drifted().messages.find((m) => m.level === 'warning')?.text ?? '';
    expect(warning).toContain('description');
    expect(body).toContain(`#### Warnings and errors\n\n- **warning**: ${md(warning)}\n`);
    expect(body).toContain('| description | <code>"Changed by hand"</code> | <code>"Runs actions"</code> |');
    expect(body).not.toContain('| name |');
    expect(body).toContain(`The scope string: <code>${md(SCOPE_STRING)}</code>.`);
    expect(body).toContain('#### What to do\n\n- The scope differs from the spec: someone changed it outside the spec');
    expect(body).toContain('`on_drift: update`');
    expect(body).toContain(`The job summary of [the run](${RUN_URL}) has the whole report.`);
    expect(body).not.toContain('- The run failed.');
  });

  test('a failed run: its errors, no table, no scope string; a dry run with no scope says it is not created yet', () => {
    const failed = renderIssue(
      concludeFailure(new ActionError('The client secret was rejected'), INPUT_NAMING),
      facts({ because: ['failed'] }),
    );
    expect(failed).toContain('- The run failed.\n');
    expect(failed).toContain('- **error**: The client secret was rejected\n');
    expect(failed).toContain('- The run failed: its errors are above, and its log has each step.');
    expect(failed).not.toContain('#### The spec and the service');
    expect(failed).not.toContain('The scope string');

    const planned = concluded({ scope: { id: '', scope_string: SCOPE_STRING }, wouldCreate: true, comparison: [] });
    const none = renderIssue(planned, facts({ because: ['no scope'] }));
    expect(none).toContain('- The client has no scope.\n');
    expect(none).not.toContain('#### Warnings and errors');
    expect(none).toContain(`The scope string: <code>${md(SCOPE_STRING)}</code> (not created yet).`);
    expect(none).toContain('Run the release workflow (not a dry run) to create it.');
  });

  test('a rejected secret: what to do is its replacement, step by step, in that order; any other failure keeps the general advice', () => {
    const rejected = new HttpError(
      'Client inspection (GET /v2/api/clients/x) failed with HTTP 401: the credentials were rejected',
      { status: 401, secretRejected: true },
    );
    const body = renderIssue(
      concludeFailure(rejected, INPUT_NAMING, { clientId: CLIENT_ID, scopes: [] }),
      facts({ because: ['failed'] }),
    );
    const todo = body.slice(body.indexOf('#### What to do'));
    expect(todo).toContain(
      "- The service rejected the client's credentials. If the Client ID is right, its secret was deleted or is wrong: make a new secret in the developer portal, " +
        "put it in each GitHub environment that holds a copy of it as a secret (the release's, and this watch's), then redeploy the provider with it, in that order. Then run this workflow again.\n",
    );
    expect(todo).not.toContain('Fix what they name');
    // A 401 that is not the secret's (a refused token, a 403): the general advice.
    for (const error of [
      new HttpError('refused token', { status: 401 }),
      new HttpError('forbidden', { status: 403 }),
    ]) {
      const other = renderIssue(concludeFailure(error, INPUT_NAMING), facts({ because: ['failed'] }));
      expect([other.includes('Fix what they name'), other.includes('make a new secret')]).toEqual([true, false]);
    }
  });

  test("a failed run that knew the spec's scope string: that string, said to be the spec's", () => {
    const failed = renderIssue(
      concludeFailure(new ActionError('The service is down'), INPUT_NAMING, {
        clientId: CLIENT_ID,
        scopes: [{ suffix: 'action_all', scopeString: SCOPE_STRING }],
      }),
      facts({ because: ['failed'] }),
    );
    expect(failed).toContain(
      `\nThe scope string: <code>${md(SCOPE_STRING)}</code> (the spec's; not read from the service).\n\n</details>\n`,
    );
  });

  test("a failed run of a list: every listed scope's string by its suffix, each the spec's", () => {
    const scopes = ['a', 'b', 'c'].map((suffix) => ({
      suffix,
      scopeString: SCOPE_STRING.replace('action_all', suffix),
    }));
    const failed = renderIssue(
      concludeFailure(new ActionError('The service is down'), INPUT_NAMING, { clientId: CLIENT_ID, scopes }),
      facts({ because: ['failed'] }),
    );
    const each = scopes.map(
      ({ suffix, scopeString }) =>
        `- ${suffix}: <code>${md(scopeString)}</code> (the spec's; not read from the service)`,
    );
    expect(failed).toContain(`\nThe scope strings:\n\n${each.join('\n')}\n\n</details>\n`);
  });

  test('a list: each scope string by its suffix, one a line, a planned one not created yet; the ones it lacks named', () => {
    const a = { ...REGISTERED, definition: definition('a') };
    const b = {
      ...REGISTERED,
      scope: { id: '', scope_string: SCOPE_STRING.replace('action_all', 'b') },
      wouldCreate: true,
      comparison: [],
      definition: definition('b'),
    };
    const issue = renderIssue(listConclusion([a, b]), facts({ because: ['no scope'] }));
    expect(issue).not.toContain('The scope string:');
    const both = renderIssue(listConclusion([{ ...a, ...DRIFT }, b]), facts({ because: ['drift', 'no scope'] }));
    expect(both).toContain('found:\n\n- The scope differs from the spec.\n- The client lacks listed scope(s): b.\n\n');
    expect(both).toContain('#### What to do\n\n- The scope differs from the spec: someone changed it outside the spec');
    expect(both).toContain(
      "\n- The client lacks listed scopes: the provider's users cannot consent to them. Run the release workflow (not a dry run) to create them.\n",
    );
    expect(issue).toContain('found:\n\n- The client lacks listed scope(s): b.\n');
    const c = {
      ...b,
      scope: { id: '', scope_string: SCOPE_STRING.replace('action_all', 'c') },
      definition: definition('c'),
    };
    const two = renderIssue(listConclusion([a, b, c]), facts({ because: ['no scope'] }));
    expect(two).toContain('found:\n\n- The client lacks listed scope(s): b, c.\n');
    expect(issue).toContain(
      "#### What to do\n\n- The client lacks listed scopes: the provider's users cannot consent to them. Run the release workflow (not a dry run) to create them.\n",
    );
    expect(issue).toContain(
      `\n\nThe scope strings:\n\n- a: <code>${md(SCOPE_STRING)}</code>\n- b: <code>${md(SCOPE_STRING.replace('action_all', 'b'))}</code> (not created yet)\n\n</details>\n`,
    );
  });

  test("a thousand listed scopes: cut at the end of a line, as much as fits; the rest left to the run's summary", () => {
    const results = Array.from({ length: 1000 }, (_, i) => ({
      ...REGISTERED,
      scope: { ...REGISTERED.scope, scope_string: SCOPE_STRING.replace('action_all', `op_${i}`) },
      definition: definition(`op_${i}`),
    }));
    const body = renderIssue(listConclusion(results), facts());
    const tail = `\n\n_The rest is too long for an issue: the job summary of [the run](${RUN_URL}) has the whole report._\n`;
    expect([body.length <= COMMENT_LIMIT, body.endsWith(tail)]).toEqual([true, true]);
    const lines = body.slice(0, -tail.length).split('\n');
    expect(lines.at(-1)).toMatch(/^- op\\_\d+: <code>[^<]+<\/code>$/);
    // One line more would not have fitted.
    expect(body.length + (lines.at(-1)?.length ?? 0)).toBeGreaterThan(COMMENT_LIMIT);
  });

  test('hostile text is inert: escaped, no live mention, reference or autolink; the secret scrubbed before anything', () => {
    const conclusion = concluded({
      comparison: [
        {
          field: 'description',
          spec: '@octocat fixes #12 see www.evil.example',
          service: '<img src=x> [a](javascript:x) a-secret',
          same: false,
        },
      ],
    });
    conclusion.messages.push({ level: 'warning', text: '@octocat fixes #12 see www.evil.example' });
    const body = renderIssue(conclusion, facts({ scrub: (text) => text.replaceAll('a-secret', '***') }));
    // Each character that could start markup is escaped, in code too.
    expect(body).not.toMatch(/(?<!\\)<img|\]\(javascript/);
    expect(body).not.toContain('a-secret');
    // Outside code, a mention, a reference and an autolink are broken by a word joiner.
    expect(body.replace(/<code>.*?<\/code>/g, '')).not.toMatch(/@octocat|#12|www\.evil/);
    expect(body).toContain('- **warning**: \\@\u2060octocat fixes #\u206012 see www\u2060.evil.example');
    // In code the value is whole (GitHub links nothing in code): only backslash escapes, which the renderer takes away.
    expect(body).toContain('<code>"\\@octocat fixes #12 see www\\.evil.example"</code>');
  });

  test('huge drift and a thousand problems: within GitHub limit, values cut, messages listed up to 60', () => {
    const huge = 'x@'.repeat(100_000);
    const big = renderIssue(
      concluded({ comparison: [{ field: 'description', spec: huge, service: huge, same: false }] }),
      facts(),
    );
    expect(big.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    expect(big).toContain("more characters\\: the whole value is in the run's summary\\)</code>");

    const problems = Array.from({ length: 1000 }, (_, n) => ({
      field: 'name',
      message: `Problem ${n}: ${'\u0001'.repeat(5_000)}`,
    }));
    const many = renderIssue(
      concludeFailure(new ValidationError(problems), INPUT_NAMING),
      facts({ because: ['failed'] }),
    );
    expect(many.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    expect(many.match(/^- \*\*error\*\*: /gm)).toHaveLength(60);
    expect(many).toContain(`- and 940 more: [the run](${RUN_URL}) has them all.`);
    // Exactly 60 messages: all listed, no "more" line.
    const sixty = renderIssue(
      concludeFailure(
        new ValidationError(problems.slice(0, 60).map((p) => ({ ...p, message: 'short' }))),
        INPUT_NAMING,
      ),
      facts({ because: ['failed'] }),
    );
    expect([sixty.match(/^- \*\*error\*\*: /gm)?.length, sixty.includes('more: [the run]')]).toEqual([60, false]);
    // Short enough whole: not cut.
    expect(
      renderIssue(concludeFailure(new ValidationError(problems.slice(0, 3)), INPUT_NAMING), facts()).length,
    ).toBeLessThan(60_000);
  });

  test('a body of exactly the limit is kept whole; one character more, and its values are cut', () => {
    const withWarning = (text: string): Conclusion => {
      const conclusion = drifted();
      conclusion.messages.push({ level: 'warning', text });
      return conclusion;
    };
    const room = COMMENT_LIMIT - renderIssue(withWarning(''), facts()).length;
    const exact = renderIssue(withWarning('w'.repeat(room)), facts());
    expect(exact.length).toBe(COMMENT_LIMIT);
    expect(exact).toContain(`- **warning**: ${'w'.repeat(room)}\n`);
    const over = renderIssue(withWarning('w'.repeat(room + 1)), facts());
    expect(over.length).toBeLessThan(COMMENT_LIMIT);
    expect(over).toContain(`- **warning**: ${'w'.repeat(1000)}… \\(${room + 1 - 1000} more characters`);
  });

  test('the closing comment links the run', () => {
    expect(resolvedComment(RUN_URL)).toBe(
      `Resolved: the watch's [run](${RUN_URL}) found the registration well (the run passed, the scope exists and matches the spec). Closing this issue; the next problem reopens it.`,
    );
  });

  test('the warning names the permission and watch_issue: off on a 403, the token on a 401', () => {
    const answered = (status: number, message: string) =>
      Object.assign(new Error(message), {
        status,
        request: { method: 'POST', url: 'https://api.example/api/v3/repos/octo/provider/issues' },
        response: { status },
      });
    const head =
      "The watch's issue was not kept (the job summary has the run's report): GitHub POST /api/v3/repos/octo/provider/issues";
    expect(watchFailure(answered(403, 'Resource not accessible by integration'))).toBe(
      `${head} answered HTTP 403: Resource not accessible by integration. Give the job the permission \`issues: write\`, or set watch_issue: off.`,
    );
    expect(watchFailure(answered(401, 'Bad credentials'))).toBe(
      `${head} answered HTTP 401: Bad credentials. Check the token given as github_token, or leave it out for the workflow's own token.`,
    );
    expect(watchFailure(answered(502, 'Bad Gateway'))).toBe(`${head} answered HTTP 502: Bad Gateway.`);
  });
});

describe('watchIssue, through octokit against the fake GitHub API', () => {
  const TOKEN = 'ghs_InProcessToken0123456789abcdefABCD';
  const READ_ONLY = 'ghs_ReadOnlyToken0123456789abcdefABCD';
  const DEVELOPER: GitHubUser = { login: 'octo-dev', id: 5001, type: 'User' };
  const REPO = 'octo/provider';
  let github: FakeGitHubApi;
  beforeEach(async () => {
    github = new FakeGitHubApi();
    await github.start();
    github.grant(TOKEN, { user: WORKFLOW_BOT, readUser: false });
    github.grant(READ_ONLY, { user: WORKFLOW_BOT, readUser: false, write: false });
  });
  afterEach(() => github.stop());

  const MARKER = watchMarker(CLIENT_ID, SPEC);
  const LIST = `GET /repos/${REPO}/issues`;
  const DISPATCH = { ref: 'refs/heads/main', payload: { repository: { default_branch: 'main' } } };

  function setup(
    inputs: Record<string, string> = {},
    eventName = 'schedule',
    { ref, payload }: { ref: string; payload: GitHubContext['payload'] } = DISPATCH,
  ) {
    const written: Message[] = [];
    const secrets: string[] = [];
    let loads = 0;
    const core = {
      getInput: (name: string) => ({ client_id: CLIENT_ID, spec: '', github_token: TOKEN, ...inputs })[name] ?? '',
      setSecret: (value: string) => void secrets.push(value),
    } as ActionCore;
    const context: GitHubContext = {
      eventName,
      ref,
      payload,
      repo: { owner: 'octo', repo: 'provider' },
      runId: 4242,
      serverUrl: 'https://github.example',
      apiUrl: github.url,
    };
    const load = async (): Promise<GitHubToolkit> => {
      loads++;
      return { context, getOctokit };
    };
    const keeper = keepSecrets(CLIENT_ID, '', (form) => core.setSecret(form));
    const clock = fakeClock();
    const watch = (conclusion: Conclusion) =>
      watchIssue(
        {
          conclusion,
          settings: runSettingsOf(core.getInput, INPUT_NAMING),
          secrets: keeper,
          write: (m) => void written.push(m),
        },
        { core, eventName, load, clock },
      );
    return { written, secrets, loads: () => loads, scrub: keeper.scrub, clock, watch };
  }
  const issues = () => github.issuesOf(REPO);
  const infos = (written: Message[]) => written.filter((m) => m.level === 'info').map((m) => m.text);

  test('unwell: opens one issue; unwell again: updates its body in place; well: one comment, closed as completed; unwell again: the same issue reopened', async () => {
    const first = setup();
    await first.watch(drifted());
    expect(first.secrets).toEqual(credentialForms(TOKEN));
    expect(github.calls()).toEqual(['GET /user', LIST, `POST /repos/${REPO}/issues`]);
    expect(github.requests[1]?.query).toEqual({ state: 'all', creator: 'github-actions[bot]', per_page: '100' });
    const [issue] = issues();
    expect(issues()).toHaveLength(1);
    expect(issue?.title).toBe(`Provider scope needs attention: Example Action Provider (${CLIENT_ID}), ${SPEC}`);
    expect(issue?.body).toBe(renderIssue(drifted(), facts()));
    expect(issue?.user.login).toBe('github-actions[bot]');
    expect(infos(first.written)).toEqual([`The watch's issue #1 is opened: ${issue?.html_url}`]);

    // Renamed by someone: still found, its title kept; a failed run now.
    if (issue !== undefined) issue.title = 'Renamed by a maintainer';
    const second = setup();
    const failed = concludeFailure(new ActionError('The client secret was rejected'), INPUT_NAMING);
    await second.watch(failed);
    expect(github.calls().slice(3)).toEqual(['GET /user', LIST, `PATCH /repos/${REPO}/issues/1`]);
    expect(github.requests.at(-1)?.body).toEqual({ body: renderIssue(failed, facts({ because: ['failed'] })) });
    expect([issues().length, issue?.title, issue?.state]).toEqual([1, 'Renamed by a maintainer', 'open']);
    expect(infos(second.written)).toEqual([`The watch's issue #1 is updated: ${issue?.html_url}`]);

    const well = setup();
    await well.watch(concluded());
    expect(github.calls().slice(6)).toEqual([
      'GET /user',
      LIST,
      `POST /repos/${REPO}/issues/1/comments`,
      `PATCH /repos/${REPO}/issues/1`,
    ]);
    expect(github.commentsOf(`${REPO}#1`).map((c) => c.body)).toEqual([resolvedComment(RUN_URL)]);
    expect(github.requests.at(-1)?.body).toEqual({ state: 'closed', state_reason: 'completed' });
    expect([issue?.state, issue?.state_reason]).toEqual(['closed', 'completed']);
    expect(infos(well.written)).toEqual([
      `The watch's issue #1 is closed: the registration is well again: ${issue?.html_url}`,
    ]);

    // Well again, its issue closed: the lookup alone.
    const quiet = setup();
    await quiet.watch(concluded());
    expect(github.calls().slice(10)).toEqual(['GET /user', LIST]);
    expect(quiet.written).toContainEqual({
      level: 'debug',
      text: 'The registration is well and the watch has no open issue: nothing to write.',
    });

    const again = setup();
    const planned = concluded({ scope: { id: '', scope_string: SCOPE_STRING }, wouldCreate: true, comparison: [] });
    await again.watch(planned);
    expect(github.calls().slice(12)).toEqual(['GET /user', LIST, `PATCH /repos/${REPO}/issues/1`]);
    expect(github.requests.at(-1)?.body).toEqual({
      body: renderIssue(planned, facts({ because: ['no scope'] })),
      state: 'open',
    });
    expect([issues().length, issue?.state, issue?.state_reason]).toEqual([1, 'open', 'reopened']);
    expect(infos(again.written)).toEqual([`The watch's issue #1 is reopened: ${issue?.html_url}`]);
    expect(github.commentsOf(`${REPO}#1`)).toHaveLength(1);
  });

  test('well with no issue of its own: nothing written, whatever else is open', async () => {
    github.addIssue(REPO, DEVELOPER, { body: `${MARKER}\nA copy.` });
    const { watch } = setup();
    await watch(concluded());
    expect(github.calls()).toEqual(['GET /user', LIST]);
    expect(issues()[0]?.state).toBe('open');
  });

  test("its issue on page 2, behind 150 others and pull requests; a copy of its marker in another user's issue and in a pull request are left alone", async () => {
    const own = github.addIssue(REPO, WORKFLOW_BOT, { body: `${MARKER}\nAn earlier report.` });
    github.addIssue(REPO, DEVELOPER, { body: `${MARKER}\nA copy, by someone else.` });
    for (let n = 0; n < 150; n++)
      github.addIssue(REPO, WORKFLOW_BOT, {
        title: `Other ${n}`,
        body: n === 6 ? `${MARKER}\nIn a pull request.` : `Another ${n}`,
        pullRequest: n % 3 === 0,
      });
    const { watch } = setup();
    await watch(drifted());
    expect(github.calls()).toEqual(['GET /user', LIST, LIST, `PATCH /repos/${REPO}/issues/${own.number}`]);
    expect(github.requests[2]?.query).toEqual({
      state: 'all',
      creator: 'github-actions[bot]',
      per_page: '100',
      page: '2',
    });
    expect(own.body).toBe(renderIssue(drifted(), facts()));
    expect(issues()[1]?.body).toBe(`${MARKER}\nA copy, by someone else.`);
    expect([issues()[8]?.body, issues()[8]?.pull_request === undefined]).toEqual([
      `${MARKER}\nIn a pull request.`,
      false,
    ]);
  });

  test("another user's issue with its marker is never touched, even when well: the token's user is the creator", async () => {
    const copy = github.addIssue(REPO, DEVELOPER, { body: `${MARKER}\nA copy.` });
    await setup().watch(drifted());
    expect(github.calls()).toEqual(['GET /user', LIST, `POST /repos/${REPO}/issues`]);
    expect(copy.body).toBe(`${MARKER}\nA copy.`);
    await setup().watch(concluded());
    expect(copy.state).toBe('open');
    expect(github.requests.filter((r) => r.path === `/repos/${REPO}/issues/${copy.number}`)).toEqual([]);
  });

  test('a personal token: GET /user names its user, whose issues are listed', async () => {
    const USER_TOKEN = 'ghp_UserToken0123456789abcdefABCDEFGH';
    github.grant(USER_TOKEN, { user: DEVELOPER });
    const own = github.addIssue(REPO, DEVELOPER, { body: `${MARKER}\nMine.` });
    await setup({ github_token: USER_TOKEN }).watch(drifted());
    expect(github.requests[1]?.query.creator).toBe('octo-dev');
    expect(github.calls().at(-1)).toBe(`PATCH /repos/${REPO}/issues/${own.number}`);
  });

  test('two spec files: two issues, each its own', async () => {
    await setup().watch(drifted());
    await setup({ spec: 'providers/other.yml' }).watch(drifted());
    await setup({ spec: 'providers/other.yml' }).watch(drifted());
    expect(issues().map((i) => i.body.split('\n')[0])).toEqual([MARKER, watchMarker(CLIENT_ID, 'providers/other.yml')]);
    expect(issues()[1]?.title).toBe(
      `Provider scope needs attention: Example Action Provider (${CLIENT_ID}), providers/other.yml`,
    );
  });

  test('providers named by their scopes: an issue per set, its marker and title naming them; a step that checks none, or one for any scope, keeps the issue of the client and spec file', async () => {
    const second = 'a=https://a.example.org\nb=https://b.example.org';
    await setup({ provider_url: 'https://a.example.org', provider_suffix: 'a' }).watch(drifted());
    await setup({ provider_url: 'b=https://B.example.org/' }).watch(drifted());
    await setup({ provider_url: second }).watch(drifted());
    await setup({ provider_url: 'https://a.example.org' }).watch(drifted());
    await setup().watch(drifted());
    // The same provider by provider_suffix or by its line: the same issue.
    await setup({ provider_url: 'a=https://a.example.org/' }).watch(drifted());
    const a = [{ url: 'https://a.example.org', suffix: 'a' }];
    const b = [{ url: 'https://b.example.org', suffix: 'b' }];
    expect(issues().map((i) => i.body.split('\n')[0])).toEqual([
      watchMarker(CLIENT_ID, SPEC, a),
      watchMarker(CLIENT_ID, SPEC, b),
      watchMarker(CLIENT_ID, SPEC, [...a, ...b]),
      MARKER,
    ]);
    expect(issues().map((i) => i.title.slice(i.title.indexOf('.yml')))).toEqual([
      '.yml, provider(s) of a',
      '.yml, provider(s) of b',
      '.yml, provider(s) of a, b',
      '.yml',
    ]);
    // A well run of one provider closes its own issue alone.
    await setup({ provider_url: 'b=https://b.example.org' }).watch(concluded());
    expect(issues().map((i) => i.state)).toEqual(['open', 'closed', 'open', 'open']);
  });

  test('provider inputs the run refused keep an issue of their own, as given: never the one without providers', async () => {
    await setup({ provider_url: 'not a url' }).watch(drifted());
    await setup({ provider_url: 'https://a.example.org', provider_suffix: 'a b' }).watch(drifted());
    expect(issues().map((i) => i.body.split('\n')[0])).toEqual([
      watchMarker(CLIENT_ID, SPEC, [{ url: 'not a url', suffix: '' }]),
      watchMarker(CLIENT_ID, SPEC, [{ url: 'https://a.example.org', suffix: 'a b' }]),
    ]);
  });

  test.each([
    ['a release', {}, 'release'],
    ['a pull request', {}, 'pull_request'],
    ['a push', {}, 'push'],
    ['watch_issue: off on a schedule', { watch_issue: 'off' }, 'schedule'],
    ['an invalid watch_issue (run() refuses it first)', { watch_issue: 'always' }, 'schedule'],
    ['a workflow_dispatch that writes (not a dry run)', {}, 'workflow_dispatch'],
    ['a push that is a dry run', { dry_run: 'true' }, 'push'],
    ['a workflow_dispatch with an invalid dry_run', { dry_run: 'yes' }, 'workflow_dispatch'],
  ])('%s: nothing loaded, no token read or masked, no request', async (_title, inputs, event) => {
    const { written, secrets, loads, watch } = setup(inputs, event);
    await watch(drifted());
    expect([loads(), secrets, written, github.requests]).toEqual([0, [], [], []]);
  });

  test("a schedule acts whatever its payload says of the repository (it runs on the default branch's workflow)", async () => {
    await setup({}, 'schedule', { ref: 'refs/heads/main', payload: {} }).watch(drifted());
    expect(issues()).toHaveLength(1);
  });

  test('a workflow_dispatch dry run acts on the default branch only', async () => {
    const branch = setup({ dry_run: 'true' }, 'workflow_dispatch', {
      ref: 'refs/heads/feature',
      payload: { repository: { default_branch: 'main' } },
    });
    await branch.watch(drifted());
    expect(github.requests).toEqual([]);
    expect(branch.written).toEqual([
      {
        level: 'debug',
        text: "Dispatched on refs/heads/feature, not on the default branch (main): the watch's issue is left alone.",
      },
    ]);
    const tag = setup({ dry_run: 'True' }, 'workflow_dispatch', { ref: 'refs/tags/v1', payload: {} });
    await tag.watch(drifted());
    expect(github.requests).toEqual([]);

    await setup({ dry_run: 'TRUE' }, 'workflow_dispatch').watch(drifted());
    expect(issues()).toHaveLength(1);
  });

  test('drift under on_drift: ignore is well: its open issue is closed', async () => {
    await setup().watch(drifted());
    const quiet = concludeRun({
      inputs: { on_drift: 'ignore', dry_run: true },
      naming: INPUT_NAMING,
      ensured: single({ ...RESULT, ...DRIFT } as ReconcileResult),
    });
    await setup({ on_drift: 'ignore' }).watch(quiet);
    expect(issues()[0]?.state).toBe('closed');
  });

  test("off GitHub's runner (a local dry run) an empty github_token is a debug line, no warning, nothing sent", async () => {
    const written: Message[] = [];
    const core = {
      getInput: (name: string) => ({ client_id: CLIENT_ID, github_token: '', dry_run: 'true' })[name] ?? '',
      setSecret: () => {},
    } as unknown as ActionCore;
    let loads = 0;
    const load = async (): Promise<GitHubToolkit> => (loads++, Promise.reject(new Error('never loaded')));
    const run = {
      conclusion: drifted(),
      settings: runSettingsOf(core.getInput, INPUT_NAMING),
      secrets: keepSecrets(CLIENT_ID, ''),
      write: (m: Message) => void written.push(m),
    };
    await watchIssue(run, { core, eventName: 'workflow_dispatch', load, onRunner: false });
    expect([written, loads, github.requests]).toEqual([
      [{ level: 'debug', text: "Not on a GitHub runner, and no github_token given: the watch's issue is left alone." }],
      0,
      [],
    ]);
    await watchIssue(run, { core, eventName: 'workflow_dispatch', load, onRunner: true });
    expect(written[1]?.level).toBe('warning');
  });

  test('an empty github_token is a warning, nothing sent', async () => {
    const empty = setup({ github_token: '' });
    await empty.watch(drifted());
    expect(empty.written).toEqual([
      {
        level: 'warning',
        text: "The watch's issue was not kept: Input github_token is empty. Leave it out for the workflow's token, or set watch_issue: off.",
      },
    ]);
    expect([empty.secrets, github.requests]).toEqual([[], []]);
  });

  test('a read-only token: the lookup, then one warning that names the permission and watch_issue: off', async () => {
    const readOnly = setup({ github_token: READ_ONLY });
    await readOnly.watch(drifted());
    expect(github.calls()).toEqual(['GET /user', LIST, `POST /repos/${REPO}/issues`]);
    expect(readOnly.written.filter((m) => m.level === 'warning')).toEqual([
      { level: 'warning', text: expect.stringContaining('answered HTTP 403') as unknown as string },
    ]);
    expect(readOnly.written.find((m) => m.level === 'warning')?.text).toMatch(
      /Give the job the permission `issues: write`, or set watch_issue: off\.$/,
    );
    expect(issues()).toEqual([]);
  });

  test('reads and edits are retried on the clock; a lost answer to the creation is looked up again, never sent twice', async () => {
    github.fail({ method: 'GET', path: /\/issues$/, status: 503, times: 2 });
    github.fail({ method: 'POST', path: /\/issues$/, loseAnswer: true });
    const lost = setup();
    await lost.watch(drifted());
    expect(github.calls()).toEqual(['GET /user', LIST, LIST, LIST, `POST /repos/${REPO}/issues`, LIST]);
    expect(lost.clock.slept).toHaveLength(2);
    expect(issues()).toHaveLength(1);
    expect(infos(lost.written).at(-1)).toBe(`The watch's issue #1 is opened: ${issues()[0]?.html_url}`);
    expect(lost.written.filter((m) => m.level === 'warning')).toEqual([]);

    github.fail({ method: 'PATCH', path: /\/issues\/1$/, status: 502, times: 1 });
    const edited = setup();
    await edited.watch(concludeFailure(new ActionError('x'), INPUT_NAMING));
    expect(github.calls().slice(6)).toEqual([
      'GET /user',
      LIST,
      `PATCH /repos/${REPO}/issues/1`,
      `PATCH /repos/${REPO}/issues/1`,
    ]);
    expect(issues()[0]?.body).toContain('- **error**: x');
  });

  test('a creation answered 5xx that made nothing: looked up again, one warning, no second POST; a 422 is not looked up', async () => {
    github.fail({ method: 'POST', path: /\/issues$/, status: 502 });
    const failing = setup();
    await failing.watch(drifted());
    expect(github.calls()).toEqual(['GET /user', LIST, `POST /repos/${REPO}/issues`, LIST]);
    expect(failing.written.filter((m) => m.level === 'warning').map((m) => m.text)).toEqual([
      `The watch's issue was not kept (the job summary has the run's report): GitHub POST /api/v3/repos/${REPO}/issues answered HTTP 502: Server Error.`,
    ]);

    github.fail({ method: 'POST', path: /\/issues$/, status: 422 });
    await setup().watch(drifted());
    expect(github.calls().slice(4)).toEqual(['GET /user', LIST, `POST /repos/${REPO}/issues`]);
    expect(issues()).toEqual([]);
  });

  test('a toolkit that cannot load is a warning too', async () => {
    const written: Message[] = [];
    const getInput = (name: string) => (name === 'github_token' ? TOKEN : '');
    await watchIssue(
      {
        conclusion: drifted(),
        settings: runSettingsOf(getInput, INPUT_NAMING),
        secrets: keepSecrets(CLIENT_ID, ''),
        write: (m) => void written.push(m),
      },
      {
        core: {
          getInput,
          setSecret: () => {},
        } as unknown as ActionCore,
        eventName: 'schedule',
        load: () => Promise.reject(new Error('no toolkit')),
      },
    );
    expect(written).toEqual([
      {
        level: 'warning',
        text: "The watch's issue was not kept (the job summary has the run's report): GitHub failed: no toolkit.",
      },
    ]);
  });
});

describe('the wiring', () => {
  test('run() keeps the issue last, after the comment, with the conclusion, the keeper and the writer; never a change of the exit code', async () => {
    const runner = new RecordingRunner({
      client_id: CLIENT_ID,
      client_secret: 'a-secret-value',
      auth_url: 'not a url',
      spec: 'x.yml',
    });
    const order: string[] = [];
    let seen: Conclusion | undefined;
    await run(
      runner.collaborators({
        comment: async () => void order.push('comment'),
        watch: async ({ conclusion, secrets, write }) => {
          order.push('watch');
          seen = conclusion;
          write({ level: 'info', text: `watched a-secret-value ${secrets.scrub('a-secret-value')}` });
        },
      }),
    );
    expect(order).toEqual(['comment', 'watch']);
    expect(seen?.exitCode).toBe(1);
    expect(runner.lines('info').at(-1)).toBe('watched *** ***');
    expect(runner.exitCode).toBe(1);
  });

  test('run() refuses an invalid watch_issue before anything is sent: one error, exit 1; with an invalid pr_comment too, both', async () => {
    const runner = new RecordingRunner({
      client_id: CLIENT_ID,
      client_secret: 'a-secret-value',
      auth_url: 'https://auth.example.invalid',
      watch_issue: 'always',
    });
    let watched = false;
    await run(runner.collaborators({ watch: async () => void (watched = true) }));
    expect(runner.annotations()).toEqual([
      { level: 'error', message: (readWatchIssue('always') as Message).text, properties: {} },
    ]);
    // Its summary lists the problem, as for any input's.
    expect([runner.exitCode, watched, runner.summaries]).toEqual([
      1,
      false,
      [expect.stringContaining('- Input watch\\_issue must be auto or off')],
    ]);

    const both = new RecordingRunner({
      client_id: CLIENT_ID,
      client_secret: 'a-secret-value',
      auth_url: 'https://auth.example.invalid',
      watch_issue: 'x',
      pr_comment: 'y',
    });
    await run(both.collaborators());
    expect(both.annotations().map((a) => a.message)).toEqual([
      expect.stringMatching(/^Input pr_comment must be/),
      expect.stringMatching(/^Input watch_issue must be/),
    ]);
    expect(both.summaries).toEqual([expect.stringContaining('The inputs or the spec have 2 problem(s)')]);
  });

  test("the runner's watch reads the event from GITHUB_EVENT_NAME: a release loads nothing and sends nothing", async () => {
    const { watch } = fromGitHubRunner({ GITHUB_EVENT_NAME: 'release', INPUT_GITHUB_TOKEN: 'ghs_x' });
    await expect(
      watch?.({
        conclusion: drifted(),
        settings: runSettingsOf(() => '', INPUT_NAMING),
        secrets: keepSecrets(CLIENT_ID, ''),
        write: () => {},
      }),
    ).resolves.toBeUndefined();
  });
});
