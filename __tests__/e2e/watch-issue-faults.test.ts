/**
 * End-to-end, as watch-issue.test.ts: a read-only token, GitHub failing, a lost answer to the
 * creation, hostile text and huge drift; runs on other events, or with watch_issue: off, make
 * exactly the requests they make without the watch. The step's result is never changed.
 */
import { afterEach, beforeEach, expect, test } from '@jest/globals';
import { ForwardProxy } from '../../dev/forward-proxy.ts';
import { GITHUB_COMMENT_LIMIT, type FakeGitHubApi } from '../../dev/github-api.ts';
import { annotations, errors, Harness, SPEC_FILE, specFiles, warnings } from '../support/harness.ts';
import { expectSafeWithGitHub, FORK_TOKEN, githubEnv, runOnPullRequest, startGitHub } from '../support/pull-request.ts';
import { issueCalls, REPOSITORY, runWatch, watchIssues } from '../support/watch.ts';

let h: Harness;
let github: FakeGitHubApi;
beforeEach(async () => {
  [h, github] = await Promise.all([Harness.start(), startGitHub()]);
});
afterEach(() => Promise.all([h.stop(), github.stop()]));

const LIST = `GET /repos/${REPOSITORY}/issues`;

test('a token without issues: write: one warning that names the permission and watch_issue: off; the same exit code, outputs and summary', async () => {
  const result = await runWatch(h, github, { inputs: { github_token: FORK_TOKEN } });

  expect(result.exitCode).toBe(0);
  expect(result.outputs.scope_string).toBe(h.expectedString);
  expect(result.summary).toContain('### Dry run: the provider scope would be created');
  expect(annotations(result)).toHaveLength(1);
  const [warning] = warnings(result);
  expect(warning).toMatch(
    /^::warning::The watch's issue was not kept \(the job summary has the run's report\): GitHub POST \/api\/v3\/repos\/octo\/provider\/issues answered HTTP 403: Resource not accessible by integration/,
  );
  expect(warning).toContain('`issues: write`');
  expect(warning).toContain('watch_issue: off');
  expect(issueCalls(github)).toEqual([LIST, `POST /repos/${REPOSITORY}/issues`]);
  expect(github.issuesOf(REPOSITORY)).toEqual([]);
  expectSafeWithGitHub(h, github, result, FORK_TOKEN);
});

test('a release, a pull request and watch_issue: off make no issue call, and the same requests to the service as before', async () => {
  h.addSpecifiedScope({ description: 'Changed by hand' });
  const service = (): string[] => h.service.requests.map((r) => `${r.method} ${r.path}`).sort();
  const runs = [
    await h.run({ env: githubEnv(github) }),
    await runOnPullRequest(h, github, { inputs: { pr_comment: 'off' } }),
    await runWatch(h, github, { inputs: { watch_issue: 'off' } }),
  ];
  for (const result of runs) {
    expect(result.exitCode).toBe(0);
    expect(warnings(result)).toHaveLength(1); // the drift
    expect(result.stdout).not.toContain('issue');
    h.expectNoLeak(result);
  }
  expect(github.requests).toEqual([]);
  // The pull request's comment alone, none about the repository's issues.
  await runOnPullRequest(h, github);
  expect(github.calls()).toEqual([
    'GET /user',
    'GET /repos/octo/provider/issues/7/comments',
    'POST /repos/octo/provider/issues/7/comments',
  ]);
  // Each run: the inspection and the lookups, one round trip.
  expect(service()).toEqual(
    Array.from({ length: 4 }, () => ['GET /v2/api/scopes', 'GET /v2/api/scopes', `GET /v2/api/clients/${h.client.id}`])
      .flat()
      .sort(),
  );
});

test('a well run with no issue costs the lookup alone, sent after the last answer of the service', async () => {
  h.addSpecifiedScope();
  const result = await runWatch(h, github);

  expect(result.exitCode).toBe(0);
  expect(annotations(result)).toEqual([]);
  expect(github.calls()).toEqual(['GET /user', LIST]);
  const lastOfService = Math.max(...h.service.requests.map((r) => r.at));
  expect(Math.min(...github.requests.map((r) => r.at))).toBeGreaterThanOrEqual(lastOfService);
  expect(result.stdout).not.toContain("The watch's issue");
});

test('watch_issue that is neither auto nor off fails the step before anything is sent', async () => {
  const result = await runWatch(h, github, { inputs: { watch_issue: 'on' } });
  expect(result.exitCode).toBe(1);
  expect(errors(result)).toEqual([
    '::error::Input watch_issue must be auto or off: auto keeps one issue open while a scheduled run finds the registration unwell, off never touches issues. Leave it out for auto.',
  ]);
  expect([github.requests, h.service.requests]).toEqual([[], []]);
});

test('reads and edits retried; a creation whose answer is lost is looked up again, never sent twice; a creation refused is one warning', async () => {
  github.fail({ method: 'GET', path: /\/issues$/, status: 503, times: 2 });
  github.fail({ method: 'GET', path: /^\/user$/, reset: true });
  github.fail({ method: 'POST', path: /\/issues$/, loseAnswer: true });
  const first = await runWatch(h, github);

  expect(first.exitCode).toBe(0);
  expect(annotations(first)).toEqual([]);
  expect(github.calls()).toEqual([
    'GET /user',
    'GET /user',
    LIST,
    LIST,
    LIST,
    `POST /repos/${REPOSITORY}/issues`,
    LIST,
  ]);
  expect(watchIssues(github)).toHaveLength(1);
  expect(first.stdout).toContain(`The watch's issue #1 is opened: https://github.example/${REPOSITORY}/issues/1`);

  github.fail({ method: 'PATCH', path: /\/issues\/1$/, status: 502 });
  const second = await runWatch(h, github);
  expect(annotations(second)).toEqual([]);
  expect(issueCalls(github).slice(5)).toEqual([
    LIST,
    `PATCH /repos/${REPOSITORY}/issues/1`,
    `PATCH /repos/${REPOSITORY}/issues/1`,
  ]);

  // Gone (deleted by an administrator): a creation that fails with nothing made is one warning, and one POST.
  github.issuesOf(REPOSITORY).length = 0;
  github.fail({ method: 'POST', path: /\/issues$/, status: 500 });
  const before = github.requests.length;
  const third = await runWatch(h, github);
  expect(third.exitCode).toBe(0);
  expect(github.calls().slice(before)).toEqual(['GET /user', LIST, `POST /repos/${REPOSITORY}/issues`, LIST]);
  expect(warnings(third)).toEqual([
    expect.stringMatching(/^::warning::The watch's issue was not kept .*answered HTTP 500/),
  ]);
  expect(warnings(third)[0]).not.toContain('issues: write');
  expectSafeWithGitHub(h, github, third);
});

// What each would become, live: HTML, a link, an image, a mention, an issue reference, autolinks.
const HOSTILE =
  '</details><img src=x onerror=alert(1)> [click](https://evil.example) ![i](https://evil.example/i.png) @octocat #1 www.evil.example https://evil.example <!-- x -->';

test('hostile text from the spec and the service is inert in the issue: no HTML, no live link, no mention, no reference', async () => {
  h.addSpecifiedScope({ name: `Service ${HOSTILE}` });
  h.client.name = `Client ${HOSTILE}`;
  const result = await runWatch(h, github, {
    files: specFiles('# a spec with hostile values', `required_domains: [${JSON.stringify(HOSTILE)}]`),
  });

  expect(result.exitCode).toBe(0);
  const [issue] = watchIssues(github);
  const text = issue?.body ?? '';
  expect(text).toMatch(/^\| {2}\| required_domains \| <code>.*<\/code> \| <code>.*octocat.*<\/code> \|$/m);
  expect(
    [...text.matchAll(/(?<!\\)<\/?([a-z]+)[\s>]/gi)]
      .map((m) => m[1])
      .filter((tag) => !['code', 'sub', 'br'].includes(tag as string)),
  ).toEqual(['details', 'summary', 'summary', 'details']);
  expect([...text.matchAll(/<!--/g)]).toHaveLength(1);
  // The only links are the run's.
  expect([...text.matchAll(/(?<!\\)\]\(/g)].map((m) => text.slice(m.index, m.index + 60))).toEqual(
    Array(2).fill(expect.stringMatching(/^\]\(https:\/\/github\.example\//)),
  );
  expect(text).not.toMatch(/(?<!\\)!\[/);
  expect(text).not.toMatch(/(?<!\\)https?:\/\/evil/);
  // Outside code no mention, reference or autolink; in code, where GitHub links nothing, the value whole.
  expect(text.replace(/<code>.*?<\/code>/g, '')).not.toMatch(/@octocat|#1\b|www\.evil/);
  expect(text).toContain('\\@octocat #1 www\\.evil.example');
  expect(issue?.title).not.toMatch(/@octocat|#1\b|www\.evil/);
  expect(issue?.title).toContain('Client </details><img');
  expectSafeWithGitHub(h, github, result);
});

test('huge drift: the values are cut, the body is under the limit, the summary has them whole', async () => {
  const huge = 'x'.repeat(200_000);
  h.addSpecifiedScope({ description: huge, name: 'n'.repeat(30_000) });
  const result = await runWatch(h, github, { files: { [SPEC_FILE]: 'name: P\ndescription: D\nadvertised: true\n' } });

  expect(result.exitCode).toBe(0);
  const text = watchIssues(github)[0]?.body ?? '';
  expect(text.length).toBeGreaterThan(1000);
  expect(text.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
  expect(text).toContain("more characters\\: the whole value is in the run's summary\\)");
  expect(result.summary).toContain(huge);
  expectSafeWithGitHub(h, github, result);
});

test("GitHub Enterprise Server behind the runner's proxy: the issue's requests at GITHUB_API_URL, through HTTP_PROXY", async () => {
  const proxy = new ForwardProxy({ hosts: { 'github.enterprise.test': '127.0.0.1' } });
  const proxyUrl = await proxy.start();
  try {
    const apiUrl = github.url.replace('127.0.0.1', 'github.enterprise.test');
    const result = await runWatch(h, github, {
      env: { ...githubEnv(github), GITHUB_API_URL: apiUrl, HTTP_PROXY: proxyUrl, http_proxy: proxyUrl },
    });
    expect(result.exitCode).toBe(0);
    expect(watchIssues(github)).toHaveLength(1);
    const viaProxy = proxy.relayed.filter((line) => line.includes('github.enterprise.test'));
    expect(viaProxy).toEqual(expect.arrayContaining([`POST ${apiUrl}/repos/${REPOSITORY}/issues`]));
    expect(github.requests.length).toBe(viaProxy.length);
  } finally {
    await proxy.stop();
  }
});
