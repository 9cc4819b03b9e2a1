/**
 * End-to-end: the bundled action as a scheduled watch, against the embedded service and the
 * fake GitHub API (dev/github-api.ts): one issue per client and spec file, opened while the
 * registration is unwell, updated in place, closed with one comment once it is well, reopened
 * on the next problem; found behind other pages, never another user's.
 */
import { afterEach, beforeEach, expect, test } from '@jest/globals';
import type { FakeGitHubApi } from '../../dev/github-api.ts';
import { escapeMarkdown as md } from '../../src/render/summary.ts';
import { annotations, errors, Harness, SPEC, SPEC_FILE, warnings } from '../support/harness.ts';
import { DEVELOPER, expectSafeWithGitHub, RUN_URL, SOMEONE, startGitHub, USER_TOKEN } from '../support/pull-request.ts';
import { DISPATCH_EVENT, issueCalls, REPOSITORY, runWatch, watchIssues } from '../support/watch.ts';

let h: Harness;
let github: FakeGitHubApi;
beforeEach(async () => {
  [h, github] = await Promise.all([Harness.start(), startGitHub()]);
});
afterEach(() => Promise.all([h.stop(), github.stop()]));

const marker = (spec = SPEC_FILE): string =>
  `<!-- ensure-provider-scope watch client=${h.client.id} spec=${encodeURIComponent(spec)} -->`;
const LIST = `GET /repos/${REPOSITORY}/issues`;
// The client's name, as the service names it, and its id: the title tells this issue from the others.
const title = (spec = SPEC_FILE): string =>
  `Provider scope needs attention: ${h.client.name} (${h.client.id}), ${spec}`;

test('drift opens one issue; a second unwell run updates it; a clean run comments and closes it; a new problem reopens the same one', async () => {
  const scope = h.addSpecifiedScope({ description: 'Changed by hand' });
  const first = await runWatch(h, github);
  expect(first.exitCode).toBe(0);
  expect(warnings(first)).toHaveLength(1); // the drift, as on any run
  // After the registration's requests, and only these: the token's user (the workflow's may not ask), the lookup, the creation.
  expect(github.calls()).toEqual(['GET /user', LIST, `POST /repos/${REPOSITORY}/issues`]);
  expect(github.requests[1]?.query).toEqual({ state: 'all', creator: 'github-actions[bot]', per_page: '100' });
  const [issue] = watchIssues(github);
  expect(watchIssues(github)).toHaveLength(1);
  expect(issue?.title).toBe(title());
  expect(issue?.user.login).toBe('github-actions[bot]');
  const body = issue?.body ?? '';
  expect(body.split('\n')[0]).toBe(marker());
  expect(body).toContain('- The scope differs from the spec.');
  expect(body).toContain('| description | <code>"Changed by hand"</code> | <code>"Runs example actions"</code> |');
  expect(body).toContain(`The scope string: <code>${md(h.expectedString)}</code>.`);
  expect(body).toContain(`[run](${RUN_URL})`);
  expect(first.stdout).toContain(`The watch's issue #1 is opened: ${issue?.html_url}`);
  expectSafeWithGitHub(h, github, first);

  // Still unwell, now also a failed check of the deployed provider: the same issue, its body replaced.
  h.provider.document = { globus_auth_scope: 'https://auth.example.org/scopes/another/scope' };
  const second = await runWatch(h, github, { inputs: { provider_url: h.provider.url } });
  expect(second.exitCode).toBe(1);
  expect(issueCalls(github).slice(2)).toEqual([LIST, `PATCH /repos/${REPOSITORY}/issues/1`]);
  expect(watchIssues(github)).toHaveLength(1);
  expect(issue?.body).toContain('- The run failed.');
  expect(second.stdout).toContain(`The watch's issue #1 is updated: ${issue?.html_url}`);
  expectSafeWithGitHub(h, github, second);

  // Repaired: one comment, and closed as completed.
  scope.description = 'Runs example actions';
  const clean = await runWatch(h, github);
  expect(clean.exitCode).toBe(0);
  expect(annotations(clean)).toEqual([]);
  expect(issueCalls(github).slice(4)).toEqual([
    LIST,
    `POST /repos/${REPOSITORY}/issues/1/comments`,
    `PATCH /repos/${REPOSITORY}/issues/1`,
  ]);
  expect([issue?.state, issue?.state_reason]).toEqual(['closed', 'completed']);
  expect(github.commentsOf(`${REPOSITORY}#1`).map((c) => c.body)).toEqual([
    expect.stringContaining(`Resolved: the watch's [run](${RUN_URL}) found the registration well`),
  ]);
  expect(clean.stdout).toContain(`The watch's issue #1 is closed: the registration is well again: ${issue?.html_url}`);

  // Well again: the lookup alone.
  await runWatch(h, github);
  expect(issueCalls(github).slice(7)).toEqual([LIST]);

  // A new problem: an administrator deleted the secret in the portal, and it is rejected. The same issue, reopened with the new body.
  h.client.secret = 'a-new-secret-nobody-stored';
  const rejected = await runWatch(h, github);
  expect(rejected.exitCode).toBe(1);
  expect(issueCalls(github).slice(8)).toEqual([LIST, `PATCH /repos/${REPOSITORY}/issues/1`]);
  expect([watchIssues(github).length, issue?.state, issue?.state_reason]).toEqual([1, 'open', 'reopened']);
  expect(issue?.body).toContain('- **error**: ');
  expect(issue?.body).toMatch(/secret|credential/i);
  // What to do is the secret's replacement, in that order, not the general advice.
  const todo = issue?.body.slice(issue.body.indexOf('#### What to do')) ?? '';
  expect(todo).toMatch(
    /make a new secret in the developer portal, put it in each GitHub environment that holds a copy of it as a secret .*, then redeploy the provider with it, in that order\./,
  );
  expect(todo).not.toContain('Fix what they name');
  // The error itself says the same, in the action's words.
  expect(errors(rejected).join('\n')).toContain(
    'For a secret deleted or lost: make a new secret in the developer portal, put it in each GitHub environment',
  );
  expect(rejected.stdout).toContain(`The watch's issue #1 is reopened: ${issue?.html_url}`);
  expectSafeWithGitHub(h, github, rejected);
  // Never the search API, which lags behind a new issue.
  expect(github.calls().filter((c) => c.includes('/search'))).toEqual([]);
});

test("its issue on page 2, behind 150 others and pull requests; a copy of its marker in another user's issue is left alone", async () => {
  const own = github.addIssue(REPOSITORY, DEVELOPER, { body: `${marker()}\nAn earlier report.`, state: 'closed' });
  const copy = github.addIssue(REPOSITORY, SOMEONE, { body: `${marker()}\nA copy, by someone else.` });
  for (let n = 0; n < 150; n++)
    github.addIssue(REPOSITORY, DEVELOPER, { title: `Other ${n}`, body: `Work ${n}`, pullRequest: n % 2 === 0 });

  const result = await runWatch(h, github, { inputs: { github_token: USER_TOKEN } });

  expect(result.exitCode).toBe(0);
  expect(github.calls()).toEqual(['GET /user', LIST, LIST, `PATCH /repos/${REPOSITORY}/issues/${own.number}`]);
  expect(github.requests.slice(1, 3).map((r) => r.query)).toEqual([
    { state: 'all', creator: 'octo-dev', per_page: '100' },
    { state: 'all', creator: 'octo-dev', per_page: '100', page: '2' },
  ]);
  // The client has no scope: a dry run would create it. Its own issue is reopened; the copy is untouched.
  expect([own.state, own.body.split('\n')[0]]).toEqual(['open', marker()]);
  expect(own.body).toContain('- The client has no scope.');
  expect(copy.body).toBe(`${marker()}\nA copy, by someone else.`);
  expectSafeWithGitHub(h, github, result, USER_TOKEN);
});

test('two spec files: two issues, each updated by its own spec', async () => {
  const other = 'provider/other-scope.yml';
  const files = { [SPEC_FILE]: SPEC, [other]: SPEC.replace('name: Example Action Provider', 'name: Another Provider') };
  await runWatch(h, github, { files });
  await runWatch(h, github, { files, inputs: { spec: other } });
  await runWatch(h, github, { files, inputs: { spec: other } });

  const issues = watchIssues(github);
  expect(issues.map((i) => i.body.split('\n')[0])).toEqual([marker(), marker(other)]);
  expect(issues.map((i) => i.title)).toEqual([title(), title(other)]);
  expect(github.requests.filter((r) => r.method === 'POST')).toHaveLength(2);
  expect(github.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
});

test('a dry run dispatched by hand on the default branch keeps the issue; on another branch, or not a dry run, it never does', async () => {
  const branch = await runWatch(h, github, { event: { ...DISPATCH_EVENT, ref: 'refs/heads/spec-change' } });
  expect(branch.exitCode).toBe(0);
  expect(github.requests).toEqual([]);

  const release = await runWatch(h, github, { event: DISPATCH_EVENT, inputs: { dry_run: 'false' } });
  expect(release.exitCode).toBe(0);
  expect(github.requests).toEqual([]);
  expect(h.clientScopes()).toEqual([h.expectedString]);

  // Created by that run: now drift on the default branch's dry run opens the issue.
  const drift = await runWatch(h, github, {
    event: DISPATCH_EVENT,
    files: { [SPEC_FILE]: SPEC.replace('Runs example actions', 'Runs other actions') },
  });
  expect(drift.exitCode).toBe(0);
  expect(watchIssues(github)).toHaveLength(1);
  expectSafeWithGitHub(h, github, drift);
});
