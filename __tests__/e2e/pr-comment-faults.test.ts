/**
 * End-to-end, as pr-comment.test.ts: when the comment cannot be written (a fork's read-only
 * token, GitHub failing) the step's result is what it would have been, with one warning; runs
 * that are not on a pull request, or with pr_comment: off, never call GitHub.
 */
import { afterEach, beforeEach, expect, test } from '@jest/globals';
import { ForwardProxy } from '../../dev/forward-proxy.ts';
import type { FakeGitHubApi } from '../../dev/github-api.ts';
import { annotations, errors, Harness, warnings } from '../support/harness.ts';
import {
  expectSafeWithGitHub,
  FORK_TOKEN,
  githubEnv,
  ISSUE,
  runOnPullRequest,
  startGitHub,
} from '../support/pull-request.ts';

let h: Harness;
let github: FakeGitHubApi;
beforeEach(async () => {
  [h, github] = await Promise.all([Harness.start(), startGitHub()]);
});
afterEach(() => Promise.all([h.stop(), github.stop()]));

test("a fork's read-only token: one warning that names the permission and pr_comment: off; the same exit code, outputs and summary", async () => {
  const result = await runOnPullRequest(h, github, { inputs: { github_token: FORK_TOKEN } });

  expect(result.exitCode).toBe(0);
  expect(result.outputs.created).toBe('true');
  expect(result.summary).toContain('### Provider scope created');
  expect(annotations(result)).toHaveLength(1);
  const [warning] = warnings(result);
  expect(warning).toMatch(
    /^::warning::The run was not commented on the pull request \(the job summary has everything\): GitHub POST \/api\/v3\/repos\/octo\/provider\/issues\/7\/comments answered HTTP 403: Resource not accessible by integration/,
  );
  expect(warning).toContain('`pull-requests: write`');
  expect(warning).toContain('pr_comment: off');
  // Refused, so not sent again.
  expect(github.calls().filter((c) => c.startsWith('POST'))).toHaveLength(1);
  expect(github.commentsOf(ISSUE)).toEqual([]);
  expectSafeWithGitHub(h, github, result, FORK_TOKEN);
});

test('a release, and a pull request with pr_comment: off: no call to GitHub at all, no token read, the same requests to the service', async () => {
  const release = await h.run({ env: githubEnv(github) });
  const releaseCalls = h.service.apiCalls();
  const before = h.service.requests.length;
  const off = await runOnPullRequest(h, github, { inputs: { pr_comment: 'off' } });

  for (const result of [release, off]) {
    expect(result.exitCode).toBe(0);
    expect(annotations(result)).toEqual([]);
    expect(result.stdout).not.toContain('pull request');
    // Every mask is the secret's, before anything else (the harness's check), none is the token's.
    h.expectNoLeak(result);
  }
  expect(github.requests).toEqual([]);
  // The second run finds what the first created: one round trip, as any re-run.
  expect(releaseCalls).toContain(`POST /v2/api/clients/${h.client.id}/scopes`);
  expect(
    h.service.requests
      .slice(before)
      .map((r) => `${r.method} ${r.path}`)
      .sort(),
  ).toEqual(['GET /v2/api/scopes', 'GET /v2/api/scopes', `GET /v2/api/clients/${h.client.id}`].sort());
});

test("pr_comment that is neither auto nor off fails the step in the workflow's words before anything is sent: no service, no GitHub", async () => {
  const before = h.service.requests.length;
  const result = await runOnPullRequest(h, github, { inputs: { pr_comment: 'yes' } });

  expect(result.exitCode).toBe(1);
  expect(errors(result)).toEqual([
    '::error::Input pr_comment must be auto or off: auto comments the plan on a pull request, off never comments. Leave it out for auto.',
  ]);
  expect(github.requests).toEqual([]);
  expect(h.service.requests.slice(before)).toEqual([]);
  // The run's summary says so too, as for any problem of the inputs.
  expect(result.summary).toContain(
    '**Nothing was done**: 1 problem\\(s\\) to fix first.\n\n**Next**: Fix each problem below at its line. Run the step again.\n\nThe inputs or the spec have 1 problem(s):\n\n- Input pr\\_comment must be auto or off',
  );
});

test('5xx and a reset connection are retried on the reads and the update; a 5xx on the creation is not, and is a warning', async () => {
  github.fail({ method: 'GET', path: /\/comments$/, status: 503, times: 2 });
  github.fail({ method: 'GET', path: /^\/user$/, reset: true });
  const first = await runOnPullRequest(h, github, { inputs: { dry_run: 'true' } });

  expect(first.exitCode).toBe(0);
  expect(annotations(first)).toEqual([]);
  expect(github.calls().filter((c) => c === 'GET /user')).toHaveLength(2);
  expect(github.calls().filter((c) => c.endsWith('/comments') && c.startsWith('GET'))).toHaveLength(3);
  expect(github.commentsOf(ISSUE)).toHaveLength(1);

  github.fail({ method: 'PATCH', path: /\/comments\/\d+$/, status: 502 });
  const second = await runOnPullRequest(h, github, { inputs: { dry_run: 'true' } });
  expect(annotations(second)).toEqual([]);
  expect(github.calls().filter((c) => c.startsWith('PATCH'))).toHaveLength(2);

  // A creation that fails may still have been made: never sent twice.
  github.commentsOf(ISSUE).length = 0;
  github.fail({ method: 'POST', path: /\/comments$/, status: 500 });
  const before = github.requests.length;
  const third = await runOnPullRequest(h, github, { inputs: { dry_run: 'true' } });
  expect(third.exitCode).toBe(0);
  expect(
    github
      .calls()
      .slice(before)
      .filter((c) => c.startsWith('POST')),
  ).toHaveLength(1);
  expect(warnings(third)).toEqual([
    expect.stringMatching(/^::warning::The run was not commented on the pull request .*answered HTTP 500/),
  ]);
  expect(warnings(third)[0]).not.toContain('pull-requests: write');
});

test('GitHub failing on every try: given up on after five, one warning, the step passes as it would have', async () => {
  github.fail({ method: 'GET', path: /\/comments$/, status: 503, times: 10 });
  const result = await runOnPullRequest(h, github);

  expect(result.exitCode).toBe(0);
  expect(result.outputs.created).toBe('true');
  expect(github.calls().filter((c) => c.endsWith('/comments'))).toHaveLength(5);
  expect(warnings(result)).toEqual([
    expect.stringMatching(/answered HTTP 503: Server Error\. It gave up after 5 attempts\.$/),
  ]);
  expectSafeWithGitHub(h, github, result);
});

test("GitHub Enterprise Server behind the runner's proxy: the API at GITHUB_API_URL, reached through HTTP_PROXY", async () => {
  // A name that is not loopback (a client never proxies 127.0.0.1), which only the proxy resolves.
  const proxy = new ForwardProxy({ hosts: { 'github.enterprise.test': '127.0.0.1' } });
  const proxyUrl = await proxy.start();
  try {
    const apiUrl = github.url.replace('127.0.0.1', 'github.enterprise.test');
    const result = await runOnPullRequest(h, github, {
      env: { ...githubEnv(github), GITHUB_API_URL: apiUrl, HTTP_PROXY: proxyUrl, http_proxy: proxyUrl },
    });
    expect(result.exitCode).toBe(0);
    expect(github.commentsOf(ISSUE)).toHaveLength(1);
    const viaProxy = proxy.relayed.filter((line) => line.includes('github.enterprise.test'));
    expect(viaProxy).toEqual(expect.arrayContaining([`POST ${apiUrl}/repos/octo/provider/issues/7/comments`]));
    expect(github.requests.length).toBe(viaProxy.length);
    expectSafeWithGitHub(h, github, result);
  } finally {
    await proxy.stop();
  }
});
