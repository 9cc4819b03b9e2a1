/**
 * End-to-end: the bundled action as a scheduled watch looks at the client's credentials too,
 * against the embedded service and the fake GitHub API; here, a credential nobody expects (the
 * secret's age: watch-credentials-age.test.ts). One made by hand beside the portal's first opens
 * the watch's issue, named by id with how to retire it; retired, the issue closes. A listing
 * refused is a warning; a release, a dry run and a run off the watch never list. No secret anywhere.
 */
import { afterEach, beforeEach, expect, test } from '@jest/globals';
import type { FakeGitHubApi } from '../../dev/github-api.ts';
import { Harness, SPEC, SPEC_FILE, warnings } from '../support/harness.ts';
import { expectSafeWithGitHub, startGitHub } from '../support/pull-request.ts';
import { runWatch, watchIssues } from '../support/watch.ts';

let h: Harness;
let github: FakeGitHubApi;
beforeEach(async () => {
  [h, github] = await Promise.all([Harness.start(), startGitHub()]);
  h.addSpecifiedScope();
});
afterEach(() => Promise.all([h.stop(), github.stop()]));

const withPolicy = (days: number) => ({ [SPEC_FILE]: `${SPEC}credentials:\n  max_age_days: ${days}\n` });
const listings = () => h.countRequests('GET', `/v2/api/clients/${h.client.id}/credentials`);

test("a credential made by hand beside the portal's first opens the issue, named by id with how to retire it; retired, the issue closes", async () => {
  const hand = h.service.addCredential(h.client.id, { name: 'laptop test <b>@team</b>' });
  const run = await runWatch(h, github);
  expect(run.exitCode).toBe(0);
  const [issue] = watchIssues(github);
  const body = issue?.body ?? '';
  expect(body).toContain(
    `- **A credential this tool did not make**, beside the client's first (the developer portal's): <code>laptop test \\<b\\>\\@team\\</b\\></code> (id <code>${hand.id}</code>`,
  );
  // In code, whole: GitHub finds no mention there.
  expect(body).toContain(
    `<code>retire\\_id\\: ${hand.id}</code> in the rotation action, or <code>--retire-id ${hand.id}</code>`,
  );
  expect(body).toContain(
    'If nobody did, someone may hold a leaked secret: follow docs/rotation.md, "A leaked secret", at once.',
  );
  // Escaped: GitHub shows the name as text, no tag and no mention.
  expect(body).not.toMatch(/[^\\]<b>|[^\\]@team/);
  expect(listings()).toBe(1);
  expectSafeWithGitHub(h, github, run);

  h.client.credentials.splice(h.client.credentials.indexOf(hand), 1);
  await runWatch(h, github);
  expect(issue?.state).toBe('closed');
});

test('a listing the service refuses (403 under auth: basic) is a warning naming auth: token, not an unwell registration', async () => {
  h.service.inject({ method: 'GET', path: /\/credentials$/, status: 403 });
  const run = await runWatch(h, github, { files: withPolicy(1) });
  expect(run.exitCode).toBe(0);
  expect(watchIssues(github)).toEqual([]);
  expect(warnings(run)).toEqual([
    expect.stringMatching(
      /^::warning::The client's credentials could not be read, so their age and who made them were not checked: .*HTTP 403.* use auth: token\.$/,
    ),
  ]);
});

test('a release, a dry run and a scheduled run off the watch never read the credentials', async () => {
  const release = await h.run({ files: withPolicy(1) });
  expect(release.exitCode).toBe(0);
  const planned = await h.run({ files: withPolicy(1), inputs: { dry_run: 'true' } });
  expect(planned.exitCode).toBe(0);
  const unwatched = await runWatch(h, github, { files: withPolicy(1), inputs: { watch_issue: 'off' } });
  expect(unwatched.exitCode).toBe(0);
  expect(listings()).toBe(0);
});
