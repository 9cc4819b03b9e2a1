/**
 * End-to-end: the bundled action on a pull request, against the embedded service and the fake
 * GitHub API (dev/github-api.ts): one comment, created once and updated in place, found again
 * behind other pages and other users' copies, one per spec file.
 */
import { afterEach, beforeEach, expect, test } from '@jest/globals';
import type { FakeGitHubApi } from '../../dev/github-api.ts';
import { escapeMarkdown as md } from '../../src/render/summary.ts';
import { annotations, Harness, SPEC, SPEC_FILE } from '../support/harness.ts';
import {
  DEVELOPER,
  expectSafeWithGitHub,
  ISSUE,
  markedComments,
  RUN_URL,
  runOnPullRequest,
  SOMEONE,
  startGitHub,
  USER_TOKEN,
} from '../support/pull-request.ts';

let h: Harness;
let github: FakeGitHubApi;
beforeEach(async () => {
  [h, github] = await Promise.all([Harness.start(), startGitHub()]);
});
afterEach(() => Promise.all([h.stop(), github.stop()]));

const marker = (spec = SPEC_FILE): string =>
  `<!-- ensure-provider-scope client=${h.client.id} spec=${encodeURIComponent(spec)} -->`;

test('the first plan creates one comment with what the summary shows, the outputs and a link to the run; the next run updates it', async () => {
  const first = await runOnPullRequest(h, github, { inputs: { dry_run: 'true' } });

  expect(first.exitCode).toBe(0);
  expect(annotations(first)).toEqual([]);
  // Only after the run, and only these: who the token is (the workflow's may not ask), the comments, the creation.
  expect(github.calls()).toEqual([
    'GET /user',
    `GET /repos/octo/provider/issues/7/comments`,
    'POST /repos/octo/provider/issues/7/comments',
  ]);
  expect(github.requests[1]?.query).toEqual({ per_page: '100' });
  const [created] = github.commentsOf(ISSUE);
  expect(github.commentsOf(ISSUE)).toHaveLength(1);
  expect(created?.user.login).toBe('github-actions[bot]');
  const body = created?.body ?? '';
  expect(body.split('\n')[0]).toBe(marker());
  expect(body).toContain('### Dry run: the provider scope would be created');
  expect(body).toContain(`<code>${md(h.expectedString)}</code>`);
  expect(body).toContain(`| scope_string | <code>${md(h.expectedString)}</code> |`);
  expect(body).toContain(`| created | <code>false</code> |`);
  expect(body).toContain(`](${RUN_URL})`);
  // The summary says the same, and the step says where the comment is.
  expect(first.summary).toContain('### Dry run: the provider scope would be created');
  expect(first.stdout).toContain(`The comment on pull request #7 is created: ${created?.html_url}`);
  expectSafeWithGitHub(h, github, first);

  const before = github.requests.length;
  const second = await runOnPullRequest(h, github);
  expect(second.exitCode).toBe(0);
  expect(github.calls().slice(before)).toEqual([
    'GET /user',
    `GET /repos/octo/provider/issues/7/comments`,
    `PATCH /repos/octo/provider/issues/comments/${created?.id}`,
  ]);
  expect(github.commentsOf(ISSUE)).toHaveLength(1);
  expect(github.commentsOf(ISSUE)[0]?.body).toContain('### Provider scope created');
  expect(second.stdout).toContain('The comment on pull request #7 is updated');

  // No changes any more: the comment says so, still the same one.
  await runOnPullRequest(h, github);
  expect(github.commentsOf(ISSUE)).toHaveLength(1);
  expect(github.commentsOf(ISSUE)[0]?.body).toContain('**No changes**: the scope matches the spec.');
  expect(github.commentsOf(ISSUE)[0]?.body).toContain('### Provider scope already registered');
});

test('its own comment on page 2, behind 130 others, one of them a copy of its marker by another user: that one is left alone', async () => {
  for (let n = 0; n < 130; n++) {
    github.addComment(
      ISSUE,
      n === 3 ? SOMEONE : DEVELOPER,
      n === 3 ? `${marker()}\nA copy, by someone else.` : `Review comment ${n}`,
    );
  }
  const own = github.addComment(ISSUE, DEVELOPER, `${marker()}\nAn earlier plan.`);
  github.addComment(ISSUE, SOMEONE, 'A later comment.');

  const result = await runOnPullRequest(h, github, { inputs: { github_token: USER_TOKEN } });

  expect(result.exitCode).toBe(0);
  // GET /user names the token's user; the Link header leads to page 2, where its comment is.
  expect(github.calls()).toEqual([
    'GET /user',
    'GET /repos/octo/provider/issues/7/comments',
    'GET /repos/octo/provider/issues/7/comments',
    `PATCH /repos/octo/provider/issues/comments/${own.id}`,
  ]);
  expect(github.requests.slice(1, 3).map((r) => r.query)).toEqual([
    { per_page: '100' },
    { per_page: '100', page: '2' },
  ]);
  expect(github.commentsOf(ISSUE)).toHaveLength(132);
  expect(github.commentsOf(ISSUE)[3]?.body).toBe(`${marker()}\nA copy, by someone else.`);
  expect(own.body).toContain('### Provider scope created');
  expect(markedComments(github)).toHaveLength(2);
  expectSafeWithGitHub(h, github, result, USER_TOKEN);
});

test('two spec files on one pull request: two comments, each updated by its own spec', async () => {
  const other = 'provider/other-scope.yml';
  const files = { [SPEC_FILE]: SPEC, [other]: SPEC.replace('name: Example Action Provider', 'name: Another Provider') };
  await runOnPullRequest(h, github, { files, inputs: { dry_run: 'true' } });
  await runOnPullRequest(h, github, { files, inputs: { dry_run: 'true', spec: other } });
  await runOnPullRequest(h, github, { files, inputs: { dry_run: 'true', spec: other } });

  const bodies = markedComments(github);
  expect(bodies).toHaveLength(2);
  expect(bodies.map((b) => b.split('\n')[0])).toEqual([marker(), marker(other)]);
  expect(bodies[0]).toContain(`<code>${md(SPEC_FILE)}</code>`);
  expect(bodies[1]).toContain(`<code>${md(other)}</code>`);
  expect(github.requests.filter((r) => r.method === 'POST')).toHaveLength(2);
  expect(github.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
});
