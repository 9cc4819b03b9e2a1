/**
 * The pull request's comment in process: its pure parts (the marker, the inert and cut values,
 * the body within GitHub's limit, the search page by page, the warning), and the whole of it
 * through @actions/github's octokit against the fake GitHub API (dev/github-api.ts) on
 * 127.0.0.1, on a fake clock.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { getOctokit } from '@actions/github';
import { FakeGitHubApi, WORKFLOW_BOT } from '../../dev/github-api.ts';
import { concludeFailure, concludeRun, type Conclusion, type Message } from '../../src/engine/conclude/conclude.ts';
import { type Ensured, tellingOf } from '../../src/engine/reconcile/plan.ts';
import type { ReconcileResult } from '../../src/engine/reconcile/reconcile.ts';
import { ValidationError } from '../../src/engine/settings/problems.ts';
import { credentialForms, keepSecrets } from '../../src/engine/secrets.ts';
import { ActionError } from '../../src/wire/errors.ts';
import type { ActionCore } from '../../src/github/collaborators.ts';
import { INPUT_NAMING } from '../../src/github/inputs.ts';
import { runSettingsOf } from '../../src/engine/settings/settings.ts';
import { escapeMarkdown as md } from '../../src/render/summary.ts';
import {
  COMMENT_LIMIT,
  commentMarker,
  cut,
  defuse,
  renderComment,
  type CommentFacts,
} from '../../src/render/comment.ts';
import { findOwn, type GitHubContext, type GitHubToolkit } from '../../src/github/octokit.ts';
import { commentOnPullRequest, failure, readPrComment } from '../../src/github/pr-comment.ts';
import { run } from '../../src/github/action.ts';
import { fromGitHubRunner } from '../../src/github/runner.ts';
import { fakeClock } from '../support/clock.ts';
import { RecordingRunner } from '../support/recording-core.ts';
import { id } from '../support/ids.ts';
import { CLIENT_ID, REGISTERED, SCOPE_STRING, single } from '../support/plans.ts';

const RESULT = REGISTERED;
// A result as the reconciliation gives it, changed where a test says (a test's shapes, cast once here).
type Changed = { [K in keyof ReconcileResult]?: unknown };
const concluded = (result: Changed = {}): Conclusion =>
  concludeRun({
    inputs: { on_drift: 'warn', dry_run: false },
    naming: INPUT_NAMING,
    ensured: single({ ...RESULT, ...result } as ReconcileResult),
  });
const RUN_URL = 'https://github.example/octo/provider/actions/runs/4242';
const facts = (conclusion: Conclusion, more: Partial<CommentFacts> = {}): CommentFacts => ({
  conclusion,
  marker: commentMarker(CLIENT_ID, '.github/provider-scope.yml'),
  ranFor: 'pull_request on refs/pull/7/merge',
  runUrl: RUN_URL,
  spec: '.github/provider-scope.yml',
  scrub: (text) => text,
  ...more,
});

describe('the marker', () => {
  test('names the client, in lower case, and the spec file, URL-encoded: nothing in either ends the HTML comment', () => {
    expect(commentMarker(CLIENT_ID.toUpperCase(), '.github/provider-scope.yml')).toBe(
      `<!-- ensure-provider-scope client=${CLIENT_ID} spec=.github%2Fprovider-scope.yml -->`,
    );
    const hostile = commentMarker('x --> <b>', 'a.yml --><img src=x>');
    expect(hostile.match(/-->/g)).toEqual(['-->']);
    expect(hostile.endsWith(' -->')).toBe(true);
    expect(hostile).not.toMatch(/<(?!!--)/);
    expect(commentMarker(CLIENT_ID, 'a.yml')).not.toBe(commentMarker(CLIENT_ID, 'b.yml'));
  });
});

describe('values', () => {
  test('defuse: a word joiner after each @ and #, and inside www., so that no mention, reference or autolink is found', () => {
    expect(defuse('@octocat #12 WWW.example.org and www.x')).toBe(
      '@\u2060octocat #\u206012 WWW\u2060.example.org and www\u2060.x',
    );
    expect(defuse('plain text')).toBe('plain text');
  });

  test('cut: a value at the limit is whole; a longer one is cut there, saying how much more there is and where', () => {
    expect(cut('abcde', 5)).toBe('abcde');
    expect(cut('abcdef', 5)).toBe("abcde… (1 more characters: the whole value is in the run's summary)");
  });
});

describe('the body', () => {
  test('what the summary shows, the run passed with no changes, the warnings and errors, the outputs, the run', () => {
    const conclusion = concluded();
    conclusion.messages.push({ level: 'warning', text: 'Watch @out' }, { level: 'debug', text: 'not shown' });
    const body = renderComment(facts(conclusion));
    const lines = body.split('\n');
    expect(lines.slice(0, 4)).toEqual([
      commentMarker(CLIENT_ID, '.github/provider-scope.yml'),
      '**No changes**: the scope matches the spec.',
      '',
      '<details><summary>The whole report</summary>',
    ]);
    expect(body).toContain('<details><summary>The whole report</summary>\n\n### Provider scope already registered\n');
    expect(body).toContain(`| Ran for | ${md('pull_request on refs/pull/7/merge')} |`);
    expect(body).not.toContain('not shown');
    expect(body).not.toContain('scope_string: ');
    expect(body).toContain(`| scope_string | <code>${md(SCOPE_STRING)}</code> |`);
    expect(body).toContain(`| updated | <code>false</code> |`);
    expect(body).toContain(`[the run](${RUN_URL})`);
    expect(body).not.toContain('cut');
    // What ends the report, whole: its outputs, the end of the fold, and where the rest is.
    const scopeId = RESULT.scope.id;
    expect(body.slice(body.indexOf('\n\n#### Warnings'))).toBe(
      [
        '',
        '',
        '#### Warnings',
        '',
        '- **warning**: Watch \\@\u2060out',
        '',
        '#### Outputs',
        '',
        '| Output | Value |',
        '|---|---|',
        `| scope_string | <code>${md(SCOPE_STRING)}</code> |`,
        `| scope_id | <code>${scopeId}</code> |`,
        `| scope_strings | <code>${md(JSON.stringify([SCOPE_STRING]))}</code> |`,
        '| created | <code>false</code> |',
        '| updated | <code>false</code> |',
        '| changes | <code>false</code> |',
        '| scopes | JSON: each scope by its suffix, as the table below |',
        '',
        '| Suffix | scope_string | scope_id | created | updated | changes |',
        '|---|---|---|---|---|---|',
        `| <code>action${md('_')}all</code> | <code>${md(SCOPE_STRING)}</code> | <code>${scopeId}</code> | <code>false</code> | <code>false</code> | <code>false</code> |`,
        '',
        '</details>',
        '',
        '---',
        `<sub>Spec file <code>.github/provider-scope.yml</code>. The job summary of [the run](${RUN_URL}) has the whole report.</sub>`,
        '',
      ].join('\n'),
    );
  });

  test('no warnings or errors: no heading for them; no outputs: no table of them', () => {
    const quiet = renderComment(facts(concluded()));
    expect(quiet).not.toContain('#### Warnings');
    expect(quiet).toContain('|\n\n#### Outputs\n\n| Output | Value |\n');
    const failed = renderComment(
      facts(concludeFailure(new ActionError('Client inspection failed with HTTP 503'), INPUT_NAMING)),
    );
    expect(
      failed.endsWith(
        `**Next**: ${md('Client inspection failed with HTTP 503')}\n\n---\n<sub>Spec file <code>.github/provider-scope.yml</code>. The job summary of [the run](${RUN_URL}) has the whole report.</sub>\n`,
      ),
    ).toBe(true);
  });

  test.each<[string, Changed]>([
    ['created', { created: true }],
    ['would be created', { wouldCreate: true }],
    ['updated', { updated: true, changes: [{ field: 'name', spec: 'Q', service: 'P', same: false }] }],
    ['a change planned', { changes: [{ field: 'name', spec: 'Q', service: 'P', same: false }] }],
    ['drift', { comparison: [{ field: 'name', spec: 'Q', service: 'P', same: false }] }],
    [
      'drift in one field of two',
      {
        comparison: [
          { field: 'name', spec: 'P', service: 'P', same: true },
          { field: 'description', spec: 'Q', service: 'P', same: false },
        ],
      },
    ],
  ])('no "No changes" when %s', (_title, result) => {
    expect(renderComment(facts(concluded(result)))).not.toContain('No changes');
  });

  test('a list: "No changes" only when every listed scope is unchanged and matches', () => {
    const definition = (scope_suffix: string) => ({
      name: 'P',
      description: 'Runs actions',
      scope_suffix,
      advertised: true,
      allow_refresh_tokens: true,
      required_domains: [],
      dependent_scopes: [],
    });
    const listed = (...results: Changed[]): Conclusion =>
      concludeRun({
        inputs: { on_drift: 'warn', dry_run: true },
        naming: INPUT_NAMING,
        ensured: {
          telling: tellingOf('list'),
          results: results.map((r, i) => ({ ...RESULT, definition: definition(`s${i}`), ...r })) as Ensured['results'],
          unlisted: [],
        },
      });
    expect(renderComment(facts(listed({}, {}))).split('\n')[1]).toBe(
      '**No changes**: every listed scope matches the spec.',
    );
    expect(renderComment(facts(listed({}, { wouldCreate: true })))).not.toContain('No changes');
    expect(
      renderComment(facts(listed({ comparison: [{ field: 'name', spec: 'Q', service: 'P', same: false }] }, {}))),
    ).not.toContain('No changes');
  });

  test('a list cut after its last section (thousands of warnings): no scope is named as cut off', () => {
    const definition = (scope_suffix: string) => ({
      name: 'P',
      description: 'Runs actions',
      scope_suffix,
      advertised: true,
      allow_refresh_tokens: true,
      required_domains: [],
      dependent_scopes: [],
    });
    const conclusion = concludeRun({
      inputs: { on_drift: 'warn', dry_run: true },
      naming: INPUT_NAMING,
      ensured: {
        telling: tellingOf('list'),
        results: [0, 1].map((i) => ({ ...RESULT, definition: definition(`s${i}`) })) as unknown as Ensured['results'],
        unlisted: [],
      },
    });
    conclusion.messages.push(
      ...Array.from({ length: 3000 }, (_, n) => ({
        level: 'warning' as const,
        text: `Warning ${n}: ${'w'.repeat(200)}`,
      })),
    );
    const comment = renderComment(facts(conclusion));
    expect([comment.length <= COMMENT_LIMIT, comment.includes('#### s1: unchanged')]).toEqual([true, true]);
    expect(comment).toContain('\n\n_The rest is too long for a comment._\n');
  });

  test('a list cut inside the folded report: its <details> is closed before the end, and the scopes cut off are named in the order the comment has them', () => {
    const definition = (scope_suffix: string) => ({
      name: 'P',
      description: 'Runs actions',
      scope_suffix,
      advertised: true,
      allow_refresh_tokens: true,
      required_domains: [],
      dependent_scopes: [],
    });
    const same = Array.from({ length: 8 }, (_, k) => ({
      field: `field_${k}`,
      spec: 'x'.repeat(60),
      service: 'x'.repeat(60),
      same: true,
    }));
    const changed = { field: 'name', spec: 'Q', service: 'P', same: false };
    // The last listed scope is the one that changes, shown first; 400 others match the spec, each a section of about 1,200 characters.
    const results = Array.from({ length: 401 }, (_, i) => ({
      ...RESULT,
      definition: definition(`s${i}`),
      comparison: i === 400 ? [changed] : same,
      changes: i === 400 ? [changed] : [],
    }));
    const conclusion = concludeRun({
      inputs: { on_drift: 'update', dry_run: true },
      naming: INPUT_NAMING,
      ensured: { telling: tellingOf('list'), results: results as unknown as Ensured['results'], unlisted: [] },
    });
    const comment = renderComment(facts(conclusion));
    expect(comment.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    const [kept = '', rest = ''] = comment.split('\n\n_The rest is too long for a comment._');
    // The changed one opens the comment, in the verdict and its table; the report has every scope in the spec's order.
    expect(kept.split('\n')[1]).toBe('**Dry run**: <code>s400</code>: name would change.');
    expect(kept).toContain('<details><summary>The whole report</summary>\n\n');
    expect(kept.endsWith('\n\n</details>')).toBe(true);
    expect(kept.match(/<\/?details>/g)).toEqual(['<details>', '</details>']);
    const shown = kept.match(/^#### s\d+/gm)?.map((h) => h.slice(5)) ?? [];
    const order = results.map((_, i) => `s${i}`);
    expect(shown).toEqual(order.slice(0, shown.length));
    const left = order.slice(shown.length);
    expect([shown.length > 2, left.length > 0]).toEqual([true, true]);
    expect(
      rest.startsWith(
        ` Its ${left.length} last scope(s), there: ${md(cut(left.map((s) => `${s} (unchanged)`).join(', '), 2_000))}.\n`,
      ),
    ).toBe(true);
  });

  test('a failed run says so first; a validation lists its problems; a failure before a plan says what failed, and what was known', () => {
    const known = { clientId: CLIENT_ID, scopes: [{ suffix: 'action_all', scopeString: SCOPE_STRING }] };
    const failed = renderComment(
      facts(concludeFailure(new ActionError('Client inspection failed with HTTP 503'), INPUT_NAMING, known)),
    );
    expect(failed.split('\n').slice(1, 4)).toEqual([
      '**The run failed**: the run stopped before it could tell what would change.',
      '',
      `**Next**: ${md('Client inspection failed with HTTP 503')}`,
    ]);
    expect(failed).toContain('### Provider scope: the run failed');
    expect(failed).toContain(
      `| Client | <code>${CLIENT_ID}</code> |\n| Scope string | <code>${md(SCOPE_STRING)}</code> (the spec's; not read from the service) |`,
    );
    expect(failed).not.toContain('#### Outputs');
    const invalid = renderComment(
      facts(
        concludeFailure(
          new ValidationError([
            { field: 'name', message: 'name must not be empty @here', location: { file: 'a.yml', startLine: 2 } },
          ]),
          INPUT_NAMING,
        ),
      ),
    );
    expect(invalid.split('\n')[1]).toBe('**Nothing was done**: 1 problem\\(s\\) to fix first.');
    expect(invalid).toContain('- line 2: name must not be empty \\@\u2060here');
  });

  test('every value is scrubbed whole before it is cut, then made inert and escaped', () => {
    const secret = 's3cr3t-value';
    const long = `${'a'.repeat(1995)}${secret}${'b'.repeat(70_000)}`;
    const body = renderComment(
      facts(concluded({ comparison: [{ field: 'description', spec: 'D', service: long, same: false }] }), {
        scrub: keepSecrets(CLIENT_ID, secret).scrub,
      }),
    );
    expect(body).not.toContain('s3cr');
    // The value as the doors quote it: the opening quote, then 1,999 characters of it.
    expect(body).toContain(`"${'a'.repeat(1995)}\\*\\*\\*b…`);
    expect(body.length).toBeLessThanOrEqual(COMMENT_LIMIT);
  });

  test('long values are cut only as far as needed, with the note and the footer that say where they are whole', () => {
    const value = 'v'.repeat(70_000);
    const body = renderComment(
      facts(concluded({ comparison: [{ field: 'description', spec: 'D', service: value, same: false }] })),
    );
    expect(body.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    // 2,000 characters kept (the first limit that fits), in the table and in the warning.
    expect(body).toContain(
      `"${'v'.repeat(1999)}… \\(68002 more characters\\: the whole value is in the run's summary\\)`,
    );
    expect(body).not.toContain('v'.repeat(2000));
    expect(body).toContain(
      "Some values were cut to keep this comment within GitHub's limit: the summary has them whole.",
    );
    // Just under the limit, nothing is cut.
    const fits = renderComment(
      facts(concluded({ comparison: [{ field: 'description', spec: 'D', service: 'w'.repeat(20_000), same: false }] })),
    );
    expect(fits).toContain('w'.repeat(20_000));
    expect(fits).not.toContain('Some values were cut');
  });

  test('thousands of short values: the body itself is cut at a line, under the limit, and keeps its footer', () => {
    const scopes = Array.from({ length: 3000 }, (_, n) => ({
      id: id('0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9'),
      scope_string: `https://auth.example.org/scopes/${n}/${'s'.repeat(60)}`,
    }));
    const changes = Array.from({ length: 1500 }, (_, n) => ({
      field: `f${n}`,
      spec: 'x'.repeat(50),
      service: 'y'.repeat(50),
    }));
    const body = renderComment(facts(concluded({ scopes, changes })));
    expect(body.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    expect(body.length).toBeGreaterThan(COMMENT_LIMIT - 2_000);
    expect(body.startsWith(commentMarker(CLIENT_ID, '.github/provider-scope.yml'))).toBe(true);
    // A blank line before the rule: right under the line above, it would make that line a heading.
    expect(body).toContain('\n\n_The rest is too long for a comment._\n\n---\n<sub>Spec file');
    expect(body.endsWith('the summary has them whole.</sub>\n')).toBe(true);
  });

  test('a line of every scope string is cut after a whole value, wherever the limit falls in it, and the body is never over', () => {
    const scopes = Array.from({ length: 700 }, (_, n) => ({
      id: id('0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9'),
      scope_string: `https://auth.example.org/scopes/${n}/${'s'.repeat(40)}`,
    }));
    const ends = new Set<string>();
    // The line moves by one character a time (the client's name, shown before it), across more than one value's width: the limit falls on every part of a value.
    for (let shift = 0; shift < 110; shift++) {
      const body = renderComment(facts(concluded({ scopes, client: { id: CLIENT_ID, name: 'P'.repeat(shift) } })));
      expect(body.length).toBeLessThanOrEqual(COMMENT_LIMIT);
      // Cut inside the folded report: its <details> closed before the tail.
      const kept = body.slice(0, body.indexOf('\n\n</details>\n\n_The rest is too long for a comment._\n'));
      const last = kept.split('\n').at(-1) as string;
      expect(last.startsWith('| All scope strings | <code>')).toBe(true);
      // (booleans: a failure would print the whole line)
      expect(/<code>https\\:\/\/auth\.example\.org\/scopes\/\d+\/s{40}<\/code>(<br>)?$/.test(last)).toBe(true);
      ends.add(last.endsWith('<br>') ? '<br>' : '</code>');
      // Within one value of the limit: nothing more could have been kept.
      expect(body.length).toBeGreaterThan(COMMENT_LIMIT - 100);
    }
    expect([...ends].sort()).toEqual(['</code>', '<br>']);
  });

  test('a body of exactly the limit is kept whole', () => {
    const withValue = (length: number, shift: number) =>
      renderComment(
        facts(
          concluded({ comparison: [{ field: 'description', spec: 'D', service: 'w'.repeat(length), same: false }] }),
          { ranFor: 'r'.repeat(shift) },
        ),
      );
    const base = withValue(20_000, 0).length;
    const perCharacter = withValue(20_001, 0).length - base;
    const length = 20_000 + Math.floor((COMMENT_LIMIT - base) / perCharacter);
    const body = withValue(length, (COMMENT_LIMIT - base) % perCharacter);
    expect(body.length).toBe(COMMENT_LIMIT);
    expect(body).toContain('w'.repeat(length));
    expect(body).not.toContain('Some values were cut');
  });

  test('a plan that leaves drift begins with it under its marker: the field named, then its two values', () => {
    const drifted = renderComment(
      facts(concluded({ comparison: [{ field: 'name', spec: 'Q', service: 'P', same: false }] })),
    ).split('\n');
    expect(drifted.slice(0, 9)).toEqual([
      commentMarker(CLIENT_ID, '.github/provider-scope.yml'),
      '**Drift**: <code>action\\_all</code>: name differs from the spec.',
      '',
      '#### What changes',
      '',
      '| Scope | Field | Service | Spec |',
      '|---|---|---|---|',
      '| <code>action\\_all</code> | name | <code>"P"</code> | <code>"Q"</code> |',
      '',
    ]);
  });
});

describe('finding its own comment', () => {
  const marker = commentMarker(CLIENT_ID, 'a.yml');
  const comment = (id: number, login: string | undefined, body: string | undefined) => ({
    id,
    user: login === undefined ? null : { login },
    body,
    html_url: '',
  });

  test("the first with the marker by the token's user, page by page, stopping at the page that has it", async () => {
    let read = 0;
    async function* pages() {
      const all = [
        [
          comment(1, 'someone', marker),
          comment(2, 'bot', 'no marker'),
          comment(3, undefined, marker),
          comment(4, 'bot', undefined),
        ],
        [comment(5, 'BOT', `${marker}\nmine`), comment(6, 'bot', marker)],
        [comment(7, 'bot', marker)],
      ];
      for (const page of all) {
        read++;
        yield page;
      }
    }
    expect((await findOwn(pages(), marker, 'bot'))?.id).toBe(5);
    expect(read).toBe(2);
    expect(await findOwn(pages(), commentMarker(CLIENT_ID, 'b.yml'), 'bot')).toBeUndefined();
    expect(await findOwn(pages(), marker, 'nobody')).toBeUndefined();
  });
});

describe('pr_comment', () => {
  test.each([
    ['', 'auto'],
    ['auto', 'auto'],
    ['off', 'off'],
  ])('%j is %s', (value, mode) => expect(readPrComment(value)).toBe(mode));

  test.each(['yes', 'Off', 'false', 'on'])("%j is an error in the workflow's words", (value) => {
    expect(readPrComment(value)).toEqual({
      level: 'error',
      text: 'Input pr_comment must be auto or off: auto comments the plan on a pull request, off never comments. Leave it out for auto.',
    });
  });
});

describe('the warning', () => {
  const answered = (status: number, message: string) =>
    Object.assign(new Error(message), {
      status,
      request: { method: 'POST', url: 'https://api.example/repos/o/r/issues/7/comments' },
      response: { status },
    });

  test('a 403 names the permission and pr_comment: off', () => {
    expect(failure(answered(403, 'Resource not accessible by integration'))).toBe(
      'The run was not commented on the pull request (the job summary has everything): GitHub POST /repos/o/r/issues/7/comments answered HTTP 403: Resource not accessible by integration. ' +
        'Give the job the permission `pull-requests: write`. Where the token is read-only, as on a pull request from a fork, set pr_comment: off.',
    );
  });

  test('a 401 points at github_token; anything else says what happened, and how far the retries went', () => {
    expect(failure(answered(401, 'Bad credentials'))).toMatch(
      /answered HTTP 401: Bad credentials\. Check the token given as github_token, or leave it out for the workflow's own token\.$/,
    );
    expect(failure(Object.assign(answered(502, 'Bad Gateway'), { gaveUp: 'gave up after 5 attempts' }))).toMatch(
      /answered HTTP 502: Bad Gateway\. It gave up after 5 attempts\.$/,
    );
    expect(
      failure(
        Object.assign(new Error('connect ECONNREFUSED'), {
          status: 500,
          request: { method: 'GET', url: 'https://api.example/user' },
        }),
      ),
    ).toBe(
      'The run was not commented on the pull request (the job summary has everything): GitHub GET /user failed: connect ECONNREFUSED.',
    );
    expect(failure('odd')).toBe(
      'The run was not commented on the pull request (the job summary has everything): GitHub failed: odd.',
    );
  });
});

describe('commentOnPullRequest, through octokit against the fake GitHub API', () => {
  const TOKEN = 'ghs_InProcessToken0123456789abcdefABCD';
  let github: FakeGitHubApi;
  beforeEach(async () => {
    github = new FakeGitHubApi();
    await github.start();
    github.grant(TOKEN, { user: WORKFLOW_BOT, readUser: false });
  });
  afterEach(() => github.stop());

  function setup(
    inputs: Record<string, string> = {},
    eventName = 'pull_request',
    payload: GitHubContext['payload'] = { pull_request: { number: 7 } },
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
      ref: 'refs/pull/7/merge',
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
    // The run's keeper: its mask is the runner's (core.setSecret).
    const keeper = keepSecrets(CLIENT_ID, '', (form) => core.setSecret(form));
    const { scrub } = keeper;
    const clock = fakeClock();
    const comment = (conclusion: Conclusion) =>
      commentOnPullRequest(
        {
          conclusion,
          settings: runSettingsOf(core.getInput, INPUT_NAMING),
          secrets: keeper,
          write: (m) => void written.push(m),
        },
        { core, eventName, load, clock },
      );
    return { written, secrets, loads: () => loads, scrub, clock, comment };
  }

  test('creates the comment, then updates it; the token is masked and scrubbed first', async () => {
    const { written, secrets, scrub, comment } = setup();
    const conclusion = concluded();
    await comment(conclusion);
    expect(secrets).toEqual(credentialForms(TOKEN));
    expect(scrub(`x ${TOKEN} y`)).toBe('x *** y');
    expect(github.calls()).toEqual([
      'GET /user',
      'GET /repos/octo/provider/issues/7/comments',
      'POST /repos/octo/provider/issues/7/comments',
    ]);
    const [created] = github.commentsOf('octo/provider#7');
    expect(created?.body.split('\n')[0]).toBe(commentMarker(CLIENT_ID, '.github/provider-scope.yml'));
    expect(created?.body).toContain(`[the run](${RUN_URL})`);
    expect(written).toContainEqual({
      level: 'debug',
      text: "GET /user answered HTTP 403, as for the workflow's token or an app's: what it writes is github-actions[bot]'s.",
    });
    expect(written).toContainEqual({
      level: 'info',
      text: `The comment on pull request #7 is created: ${created?.html_url}`,
    });

    await comment(concluded({ created: true }));
    expect(github.calls().at(-1)).toBe(`PATCH /repos/octo/provider/issues/comments/${created?.id}`);
    expect(github.commentsOf('octo/provider#7')).toHaveLength(1);
    expect(written.at(-1)).toEqual({
      level: 'info',
      text: `The comment on pull request #7 is updated: ${created?.html_url}`,
    });
  });

  test.each([
    ['a push', {}, 'push'],
    ['pr_comment: off', { pr_comment: 'off' }, 'pull_request'],
  ])('%s: nothing loaded, no token read or masked, no request', async (_title, inputs, event) => {
    const { written, secrets, loads, comment } = setup(inputs, event);
    const conclusion = concluded();
    await comment(conclusion);
    expect([loads(), secrets, written, github.requests]).toEqual([0, [], [], []]);
  });

  test('pull_request_target comments too; an invalid pr_comment (which run() refuses first) loads and sends nothing', async () => {
    await setup({}, 'pull_request_target').comment(concluded());
    expect(github.commentsOf('octo/provider#7')).toHaveLength(1);

    const bad = setup({ pr_comment: 'always' });
    await bad.comment(concluded());
    expect([bad.written, bad.loads()]).toEqual([[], 0]);
  });

  test("off GitHub's runner (a local run) an empty github_token is a debug line, no warning, nothing sent", async () => {
    const written: Message[] = [];
    const core = {
      getInput: (name: string) => ({ client_id: CLIENT_ID, github_token: '' })[name] ?? '',
      setSecret: () => {},
    } as unknown as ActionCore;
    let loads = 0;
    const load = async (): Promise<GitHubToolkit> => (loads++, Promise.reject(new Error('never loaded')));
    const run = {
      conclusion: concluded(),
      settings: runSettingsOf(core.getInput, INPUT_NAMING),
      secrets: keepSecrets(CLIENT_ID, ''),
      write: (m: Message) => void written.push(m),
    };
    await commentOnPullRequest(run, { core, eventName: 'pull_request', load, onRunner: false });
    expect([written, loads, github.requests]).toEqual([
      [
        {
          level: 'debug',
          text: 'Not on a GitHub runner, and no github_token given: the pull request is not commented.',
        },
      ],
      0,
      [],
    ]);
    // On the runner, the same: the warning.
    await commentOnPullRequest(run, { core, eventName: 'pull_request', load, onRunner: true });
    expect(written[1]?.level).toBe('warning');
  });

  test('an empty github_token is a warning; an event with no pull request number, a debug line', async () => {
    const empty = setup({ github_token: '' });
    await empty.comment(concluded());
    expect(empty.written).toEqual([
      {
        level: 'warning',
        text: "The run was not commented on the pull request: Input github_token is empty. Leave it out for the workflow's token, or set pr_comment: off.",
      },
    ]);
    expect(empty.secrets).toEqual([]);

    const none = setup({}, 'pull_request', {});
    await none.comment(concluded());
    expect(none.written).toEqual([{ level: 'debug', text: 'No pull request number in the event: no comment.' }]);
    expect(github.requests).toEqual([]);
  });

  test("5xx are retried on the clock with the service's pacing; given up on, one warning, the conclusion unchanged", async () => {
    github.fail({ method: 'GET', path: /\/comments$/, status: 503, times: 2 });
    const retried = setup();
    await retried.comment(concluded());
    expect(github.calls().filter((c) => c.endsWith('/comments'))).toHaveLength(4);
    expect(retried.clock.slept).toEqual([0, 0]);
    expect(retried.written.filter((m) => m.level === 'info')[0]?.text).toBe(
      'GitHub GET /api/v3/repos/octo/provider/issues/7/comments answered HTTP 503: Server Error. Attempt 1 of 5 failed; trying again in 1 ms.',
    );

    github.fail({ method: 'GET', path: /^\/user$/, status: 500, times: 5 });
    const failing = setup();
    const conclusion = concluded();
    await failing.comment(conclusion);
    expect(github.calls().filter((c) => c === 'GET /user')).toHaveLength(6);
    expect(failing.written.filter((m) => m.level === 'warning')).toEqual([
      {
        level: 'warning',
        text: 'The run was not commented on the pull request (the job summary has everything): GitHub GET /api/v3/user answered HTTP 500: Server Error. It gave up after 5 attempts.',
      },
    ]);
  });

  test("a 429 is retried like a 5xx; GET /user still refused after the retries is a warning, not the bot's comments", async () => {
    github.fail({ method: 'GET', path: /\/comments$/, status: 429, times: 1 });
    const retried = setup();
    await retried.comment(concluded());
    expect(github.calls().filter((c) => c.endsWith('/issues/7/comments'))).toEqual([
      'GET /repos/octo/provider/issues/7/comments',
      'GET /repos/octo/provider/issues/7/comments',
      'POST /repos/octo/provider/issues/7/comments',
    ]);

    github.fail({ method: 'GET', path: /^\/user$/, status: 429, times: 5 });
    const limited = setup();
    await limited.comment(concluded());
    expect(limited.written.filter((m) => m.level === 'warning')).toEqual([
      {
        level: 'warning',
        text: 'The run was not commented on the pull request (the job summary has everything): GitHub GET /api/v3/user answered HTTP 429: Server Error. It gave up after 5 attempts.',
      },
    ]);
    expect(github.commentsOf('octo/provider#7')).toHaveLength(1);
  });

  test('a POST is never sent twice: a creation whose answer failed may have been made', async () => {
    github.fail({ method: 'POST', path: /\/comments$/, status: 502, times: 1 });
    const { written, comment } = setup();
    await comment(concluded());
    expect(github.calls().filter((c) => c.startsWith('POST'))).toEqual(['POST /repos/octo/provider/issues/7/comments']);
    expect(written.filter((m) => m.level === 'warning')).toEqual([
      {
        level: 'warning',
        text: 'The run was not commented on the pull request (the job summary has everything): GitHub POST /api/v3/repos/octo/provider/issues/7/comments answered HTTP 502: Server Error.',
      },
    ]);
  });

  test('the marker names the spec file the spec input gives', async () => {
    await setup({ spec: 'providers/transfer.yml' }).comment(concluded());
    expect(github.commentsOf('octo/provider#7')[0]?.body.split('\n')[0]).toBe(
      commentMarker(CLIENT_ID, 'providers/transfer.yml'),
    );
  });

  test('a toolkit that cannot load is a warning too', async () => {
    const { written } = setup();
    const conclusion = concluded();
    const getInput = (name: string) => (name === 'github_token' ? TOKEN : '');
    await commentOnPullRequest(
      {
        conclusion,
        settings: runSettingsOf(getInput, INPUT_NAMING),
        secrets: keepSecrets(CLIENT_ID, ''),
        write: (m) => void written.push(m),
      },
      {
        core: {
          getInput,
          setSecret: () => {},
        } as unknown as ActionCore,
        eventName: 'pull_request',
        load: () => Promise.reject(new Error('no toolkit')),
      },
    );
    expect(written).toEqual([
      {
        level: 'warning',
        text: 'The run was not commented on the pull request (the job summary has everything): GitHub failed: no toolkit.',
      },
    ]);
  });
});

describe('the wiring', () => {
  test("run() comments last, with the conclusion and the run's keeper of secrets and writer; the comment never changes the exit code", async () => {
    const runner = new RecordingRunner({
      client_id: CLIENT_ID,
      client_secret: 'a-secret-value',
      auth_url: 'not a url',
      spec: 'x.yml',
    });
    const seen: Array<{ conclusion: Conclusion; summaries: number }> = [];
    await run(
      runner.collaborators({
        comment: async ({ conclusion, secrets, write }) => {
          seen.push({ conclusion, summaries: runner.summaries.length });
          write({ level: 'info', text: `commented a-secret-value ${secrets.scrub('a-secret-value')}` });
        },
      }),
    );
    expect(seen).toHaveLength(1);
    expect(seen[0]?.summaries).toBe(1);
    expect(seen[0]?.conclusion.exitCode).toBe(1);
    expect(seen[0]?.conclusion.problems?.length).toBeGreaterThan(0);
    expect(runner.lines('info').at(-1)).toBe('commented *** ***');
    expect(runner.exitCode).toBe(1);
  });

  test('run() refuses an invalid pr_comment before anything is sent: one error, exit 1, no run, no comment, a summary that says so', async () => {
    const runner = new RecordingRunner({
      client_id: CLIENT_ID,
      client_secret: 'a-secret-value',
      auth_url: 'https://auth.example.invalid',
      pr_comment: 'always',
    });
    let commented = false;
    await run(runner.collaborators({ comment: async () => void (commented = true) }));
    const { text } = readPrComment('always') as Message;
    expect(runner.annotations()).toEqual([{ level: 'error', message: text, properties: {} }]);
    expect([runner.exitCode, commented, runner.summaries]).toEqual([
      1,
      false,
      [expect.stringContaining(`- ${md(text)}`)],
    ]);
  });

  test("the runner's comment reads the event from GITHUB_EVENT_NAME: a push loads nothing and sends nothing", async () => {
    const { comment } = fromGitHubRunner({ GITHUB_EVENT_NAME: 'push', INPUT_GITHUB_TOKEN: 'ghs_x' });
    const conclusion = concluded();
    await expect(
      comment?.({
        conclusion,
        settings: runSettingsOf(() => '', INPUT_NAMING),
        secrets: keepSecrets(CLIENT_ID, ''),
        write: () => {},
      }),
    ).resolves.toBeUndefined();
  });
});
