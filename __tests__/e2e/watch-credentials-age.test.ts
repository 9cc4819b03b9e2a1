/**
 * End-to-end: the bundled action as a scheduled watch looks at the client's credentials too,
 * against the embedded service and the fake GitHub API; here, the secret's age (a credential
 * nobody expects: watch-credentials-made.test.ts). A secret in use older than the spec's
 * `credentials.max_age_days` opens the watch's issue, with its fix; a younger secret, or no
 * policy, does not; a rotation closes it. One listing per watch run; no secret anywhere.
 */
import { afterEach, beforeEach, expect, test } from '@jest/globals';
import type { FakeGitHubApi } from '../../dev/github-api.ts';
import { credentialName, fingerprintOf } from '../../src/engine/reconcile/lineage.ts';
import { Harness, SECRET, SPEC, SPEC_FILE } from '../support/harness.ts';
import { expectSafeWithGitHub, startGitHub } from '../support/pull-request.ts';
import { runWatch, watchIssues } from '../support/watch.ts';

let h: Harness;
let github: FakeGitHubApi;
beforeEach(async () => {
  [h, github] = await Promise.all([Harness.start(), startGitHub()]);
  h.addSpecifiedScope();
});
afterEach(() => Promise.all([h.stop(), github.stop()]));

const DAY = 86_400_000;
const daysAgo = (days: number): string => new Date(Date.now() - days * DAY).toISOString().replace('Z', '000+00:00');
const withPolicy = (days: number) => ({ [SPEC_FILE]: `${SPEC}credentials:\n  max_age_days: ${days}\n` });
const listings = () => h.countRequests('GET', `/v2/api/clients/${h.client.id}/credentials`);
const portal = () => h.client.credentials[0];

test("a secret in use older than the policy opens the issue, naming the credential and the policy's days; a rotation's younger secret closes it", async () => {
  const first = portal();
  if (first !== undefined) first.created = daysAgo(200);
  const run = await runWatch(h, github, { files: withPolicy(90) });
  expect(run.exitCode).toBe(0);
  expect(listings()).toBe(1);
  const [issue] = watchIssues(github);
  const body = issue?.body ?? '';
  expect(body).toContain("- The client's credentials need attention.");
  expect(body).toContain("#### The client's credentials");
  expect(body).toContain(
    `- **The secret in use is older than 90 days** (the spec's \`credentials.max_age_days\`): every credential that may be the one in use is older; the youngest of them, <code>Created in the developer portal</code> (id <code>${first?.id}</code>, created `,
  );
  expect(body).toContain('is 200 days old.');
  expectSafeWithGitHub(h, github, run);

  // Rotated: the run now holds a secret 10 days old, made by the tool from the portal's.
  const made = h.service.addCredential(h.client.id, {
    name: credentialName(Date.now(), 'abc123', fingerprintOf(h.client.id, SECRET)),
    secret: 'the-rotated-secret-of-ten-days',
  });
  made.created = daysAgo(10);
  const after = await runWatch(h, github, {
    files: withPolicy(90),
    inputs: { client_secret: 'the-rotated-secret-of-ten-days' },
  });
  expect(after.exitCode).toBe(0);
  expect(issue?.state).toBe('closed');
  expect(listings()).toBe(2);
});

test('a younger secret, or no policy, opens nothing; the old secret still counts when it may be the one in use', async () => {
  const first = portal();
  if (first !== undefined) first.created = daysAgo(60);
  await runWatch(h, github, { files: withPolicy(90) });
  if (first !== undefined) first.created = daysAgo(400);
  await runWatch(h, github);
  expect(watchIssues(github)).toEqual([]);
  // A credential made from this run's own secret is not the one in use: it does not make the secret young.
  const child = h.service.addCredential(h.client.id, {
    name: credentialName(Date.now(), 'orphan1', fingerprintOf(h.client.id, SECRET)),
  });
  child.created = daysAgo(1);
  await runWatch(h, github, { files: withPolicy(90) });
  expect(watchIssues(github)[0]?.body).toContain('is 400 days old.');
});
