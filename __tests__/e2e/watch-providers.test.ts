/**
 * End-to-end: the bundled action as a scheduled watch over several deployed providers, against
 * the embedded service, two providers' introspection documents and the fake GitHub API
 * (dev/github-api.ts). Steps that each check one provider (provider_suffix) keep an issue each,
 * and never close, reopen or open another's; one step that checks several keeps one issue that
 * names each verdict; an issue opened under the marker of a client and spec file alone is still
 * found by a step without providers, or with one for any scope.
 */
import { afterEach, beforeEach, expect, test } from '@jest/globals';
import { WORKFLOW_BOT, type FakeGitHubApi, type GitHubRequest } from '../../dev/github-api.ts';
import { ProviderStub } from '../../dev/provider-stub.ts';
import { escapeMarkdown as md } from '../../src/render/summary.ts';
import { errors, Harness, SPEC_FILE } from '../support/harness.ts';
import { expectSafeWithGitHub, startGitHub } from '../support/pull-request.ts';
import { issueCalls, REPOSITORY, runWatch, watchIssues } from '../support/watch.ts';

let h: Harness;
let github: FakeGitHubApi;
let second: ProviderStub;
beforeEach(async () => {
  second = new ProviderStub();
  [h, github] = await Promise.all([Harness.start(), startGitHub(), second.start()]);
});
afterEach(() => Promise.all([h.stop(), github.stop(), second.stop()]));

const SUFFIXES = ['alpha', 'beta'];
const LIST_SPEC = [
  'scopes:',
  ...SUFFIXES.flatMap((suffix) => [
    `  - name: Scope ${suffix}`,
    `    description: Runs ${suffix} actions`,
    `    scope_suffix: ${suffix}`,
    '    advertised: true',
  ]),
  '',
].join('\n');
const files = { [SPEC_FILE]: LIST_SPEC };
const stringOf = (suffix: string): string => `${h.service.url}/scopes/${h.client.id}/${suffix}`;
const LIST = `GET /repos/${REPOSITORY}/issues`;
// Each test runs the bundled action five to seven times, one after the other.
const SEVERAL_RUNS = 120_000;

/** The spec's scopes, created by a release; then alpha's provider publishes alpha's string, beta's provider another. */
async function released(): Promise<void> {
  const release = await runWatch(h, github, { files, inputs: { dry_run: 'false' } });
  expect([release.exitCode, watchIssues(github)]).toEqual([0, []]);
  h.provider.document = { globus_auth_scope: stringOf('alpha') };
  second.document = { globus_auth_scope: stringOf('alpha') };
  github.requests.length = 0;
}
const step = (inputs: Record<string, string>) => runWatch(h, github, { files, inputs });
/** What the runs since `from` asked GitHub to write about issues: no creation, no state changed. */
const writesSince = (from: number): GitHubRequest[] =>
  github.requests.slice(from).filter((r) => r.method !== 'GET' && /\/issues/.test(r.path));

test(
  "two steps, each with its own provider_suffix, one broken: the broken one's issue stays open through the other's run; the next day neither closes, reopens or opens one",
  async () => {
    await released();
    const alpha = { provider_url: h.provider.url, provider_suffix: 'alpha' };
    const beta = { provider_url: second.url, provider_suffix: 'beta' };

    const broken = await step(beta);
    expect(broken.exitCode).toBe(1);
    const healthy = await step(alpha);
    expect(healthy.exitCode).toBe(0);
    const [issue] = watchIssues(github);
    expect(watchIssues(github)).toHaveLength(1);
    expect(issue?.state).toBe('open');
    expect(issue?.body.split('\n')[0]).toBe(
      `<!-- ensure-provider-scope watch client=${h.client.id} spec=${encodeURIComponent(SPEC_FILE)} providers=beta=${encodeURIComponent(second.url)} -->`,
    );
    expect(issue?.title).toBe(
      `Provider scope needs attention: ${h.client.name} (${h.client.id}), ${SPEC_FILE}, provider(s) of beta`,
    );
    expect(issue?.body).toContain(
      `- beta: <code>${md(`${second.url}/`)}</code> publishes <code>${md(stringOf('alpha'))}</code> (**not the scope string of the scope beta**)`,
    );
    // The healthy step looked for its own issue, found none, and wrote nothing.
    expect(issueCalls(github)).toEqual([LIST, `POST /repos/${REPOSITORY}/issues`, LIST]);
    expect(healthy.stdout).not.toContain("The watch's issue");
    expectSafeWithGitHub(h, github, broken);

    // The next day, the same: the broken step updates its body in place, the healthy one writes nothing.
    const from = github.requests.length;
    await step(beta);
    await step(alpha);
    expect(writesSince(from)).toEqual([
      expect.objectContaining({ method: 'PATCH', path: `/repos/${REPOSITORY}/issues/${issue?.number}` }),
    ]);
    expect(Object.keys(writesSince(from)[0]?.body as object)).toEqual(['body']);
    expect([watchIssues(github).length, issue?.state]).toEqual([1, 'open']);

    // Beta repaired: its own step closes its issue.
    second.document = { globus_auth_scope: stringOf('beta') };
    const repaired = await step(beta);
    expect([repaired.exitCode, issue?.state]).toEqual([0, 'closed']);
  },
  SEVERAL_RUNS,
);

test(
  'one step with several providers: one issue that names each verdict, its marker and title naming them all',
  async () => {
    await released();
    const both = await step({ provider_url: `beta=${second.url}\nalpha=${h.provider.url}/` });
    expect(both.exitCode).toBe(1);
    expect(errors(both)).toEqual([
      expect.stringContaining(
        `::error::The provider at ${second.url}/ publishes globus_auth_scope "${stringOf('alpha')}"`,
      ),
    ]);
    const [issue] = watchIssues(github);
    expect(watchIssues(github)).toHaveLength(1);
    expect(issue?.body.split('\n')[0]).toBe(
      `<!-- ensure-provider-scope watch client=${h.client.id} spec=${encodeURIComponent(SPEC_FILE)} ` +
        `providers=alpha=${encodeURIComponent(h.provider.url)},beta=${encodeURIComponent(second.url)} -->`,
    );
    expect(issue?.title).toBe(
      `Provider scope needs attention: ${h.client.name} (${h.client.id}), ${SPEC_FILE}, provider(s) of beta, alpha`,
    );
    const section = issue?.body.slice(
      issue.body.indexOf('#### The deployed providers'),
      issue.body.indexOf('</details>'),
    );
    expect(section).toBe(
      [
        '#### The deployed providers',
        '',
        `- beta: <code>${md(`${second.url}/`)}</code> publishes <code>${md(stringOf('alpha'))}</code> (**not the scope string of the scope beta**)`,
        `- alpha: <code>${md(`${h.provider.url}/`)}</code> publishes <code>${md(stringOf('alpha'))}</code> (matches)`,
        '',
        '',
      ].join('\n'),
    );
    // The job summary: a row per provider, and the settings the run planned with.
    expect(both.summary).toContain(`| Provider <code>${md(`${second.url}/`)}</code> for beta publishes |`);
    expect(both.summary).toContain(`| Provider <code>${md(`${h.provider.url}/`)}</code> for alpha publishes |`);
    expect(both.summary).toContain(`| Settings | <code>${md('on_drift: warn')}</code>, a dry run |`);
    expectSafeWithGitHub(h, github, both);

    // A step of alpha's alone is another set: it opens nothing of its own, and leaves this one open.
    await step({ provider_url: `alpha=${h.provider.url}` });
    expect([watchIssues(github).length, issue?.state]).toEqual([1, 'open']);
  },
  SEVERAL_RUNS,
);

test(
  'an issue opened under the marker of the client and spec file alone is still found by a step without providers, or with one for any scope',
  async () => {
    const marker = `<!-- ensure-provider-scope watch client=${h.client.id} spec=${encodeURIComponent(SPEC_FILE)} -->`;
    const own = github.addIssue(REPOSITORY, WORKFLOW_BOT, { body: `${marker}\nAn earlier report.` });
    // The client has no scope yet: unwell, the same issue updated.
    const first = await runWatch(h, github, { files });
    expect(first.exitCode).toBe(0);
    expect(github.calls()).toEqual(['GET /user', LIST, `PATCH /repos/${REPOSITORY}/issues/${own.number}`]);
    expect(own.body.split('\n')[0]).toBe(marker);

    // Released, and a provider for any listed scope that publishes one: well, the same issue closed.
    await runWatch(h, github, { files, inputs: { dry_run: 'false' } });
    h.provider.document = { globus_auth_scope: stringOf('beta') };
    const well = await runWatch(h, github, { files, inputs: { provider_url: h.provider.url } });
    expect(well.exitCode).toBe(0);
    expect([watchIssues(github).length, own.state]).toEqual([1, 'closed']);
  },
  SEVERAL_RUNS,
);
