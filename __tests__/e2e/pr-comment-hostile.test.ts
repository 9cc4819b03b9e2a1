/**
 * End-to-end, as pr-comment.test.ts: a failing plan is commented with its problem, and text
 * from the spec or the service is inert in the comment and cut to keep it under GitHub's limit
 * (the fake API answers 422 above it).
 */
import { afterEach, beforeEach, expect, test } from '@jest/globals';
import { GITHUB_COMMENT_LIMIT, type FakeGitHubApi } from '../../dev/github-api.ts';
import { escapeMarkdown as md } from '../../src/render/summary.ts';
import { Harness, SPEC_FILE, specFiles } from '../support/harness.ts';
import { expectSafeWithGitHub, ISSUE, runOnPullRequest, startGitHub } from '../support/pull-request.ts';

let h: Harness;
let github: FakeGitHubApi;
beforeEach(async () => {
  [h, github] = await Promise.all([Harness.start(), startGitHub()]);
});
afterEach(() => Promise.all([h.stop(), github.stop()]));

const body = (): string => github.commentsOf(ISSUE)[0]?.body ?? '';

test('a failing plan: the comment says it failed and names each problem, for a validation and for the service', async () => {
  const invalid = await runOnPullRequest(h, github, {
    files: { [SPEC_FILE]: 'name: P\ndescription: D\nadvertised: "yes"\n' },
  });
  expect(invalid.exitCode).toBe(1);
  expect(body()).toContain('**Nothing was done**: 1 problem\\(s\\) to fix first.');
  expect(body()).toContain(`- line 3: ${md(`${SPEC_FILE}: advertised must be a boolean, not string "yes"`)}`);
  // Said once, with its line: the problems are the run's errors.
  expect(body().split(md(`${SPEC_FILE}: advertised must be a boolean`))).toHaveLength(2);

  const missing = await runOnPullRequest(h, github, {
    files: specFiles('dependent_scopes:', '  - scope: https://nowhere.example.org/scopes/none'),
  });
  expect(missing.exitCode).toBe(1);
  expect(github.commentsOf(ISSUE)).toHaveLength(1);
  expect(body()).toContain('**The run failed**: the run stopped before it could tell what would change.');
  expect(body()).toContain('### Provider scope: the run failed');
  expect(body()).toContain(`| Client | <code>${h.client.id}</code> |`);
  expect(body()).toContain(
    '**Next**: dependent\\_scopes\\: no scope was found for "https\\://nowhere.example.org/scopes/none"',
  );
  expectSafeWithGitHub(h, github, missing);
});

// What each would become, live: HTML, a closed <details>, a link, an image, a mention, an issue reference, autolinks.
const HOSTILE =
  '</details><img src=x onerror=alert(1)> [click](https://evil.example) ![i](https://evil.example/i.png) @octocat #1 www.evil.example https://evil.example <!-- x -->';

test('hostile drift from the spec and the service is inert: no HTML, no live link, no mention, no reference', async () => {
  h.addSpecifiedScope({ name: `Service ${HOSTILE}` });
  const result = await runOnPullRequest(h, github, {
    files: specFiles(`# a spec with hostile values`, `required_domains: [${JSON.stringify(HOSTILE)}]`),
  });

  expect(result.exitCode).toBe(0);
  const text = body();
  // Both sides of the drift hold it: the service's name, the spec's required_domains.
  expect(text).toMatch(/^\| name \| .*\| \*\*differs\*\* \|$/m);
  expect(text).toMatch(/^\| required_domains \| <code>.*octocat.*\| \*\*differs\*\* \|$/m);
  // The only tags are the comment's own; the only link is the run's.
  expect(
    [...text.matchAll(/(?<!\\)<\/?([a-z]+)[\s>]/gi)]
      .map((m) => m[1])
      .filter((tag) => !['code', 'br', 'sub'].includes(tag as string)),
  ).toEqual(['details', 'summary', 'summary', 'details']);
  expect([...text.matchAll(/<!--/g)]).toHaveLength(1);
  expect([...text.matchAll(/(?<!\\)\]\(/g)]).toHaveLength(1);
  expect(text).not.toMatch(/(?<!\\)!\[/);
  expect(text).not.toMatch(/(?<!\\)https?:\/\/evil/);
  // Outside code no mention, reference or autolink; in code, where GitHub links nothing, the value whole.
  expect(text.replace(/<code>.*?<\/code>/g, '')).not.toMatch(/@octocat|#1\b|www\.evil/);
  expect(text).toContain('\\@octocat #1 www\\.evil.example');
  expectSafeWithGitHub(h, github, result);
});

test('huge drift: the values are cut with a note, the comment is under the limit, the summary has them whole', async () => {
  const huge = 'x'.repeat(200_000);
  h.addSpecifiedScope({ description: huge, name: `${'n'.repeat(30_000)}` });
  const result = await runOnPullRequest(h, github, {
    files: { [SPEC_FILE]: 'name: P\ndescription: D\nadvertised: true\n' },
  });

  expect(result.exitCode).toBe(0);
  expect(github.calls().filter((c) => c.startsWith('POST'))).toHaveLength(1);
  const text = body();
  expect(text.length).toBeGreaterThan(1000);
  expect(text.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
  expect(text).toContain(md("more characters: the whole value is in the run's summary)"));
  expect(text).toContain('the summary has them whole');
  expect(result.summary).toContain(huge);
  expectSafeWithGitHub(h, github, result);
});
