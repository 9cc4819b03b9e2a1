/**
 * The bundled action on a pull request: the harness's run with a pull_request event, the fake
 * GitHub API (dev/github-api.ts) as GITHUB_API_URL, and the checks the pr-comment tests share.
 */
import { credentialForms } from '../../src/engine/secrets.ts';
import { expect } from '@jest/globals';
import { FakeGitHubApi, WORKFLOW_BOT, type GitHubUser } from '../../dev/github-api.ts';
import type { ActionRun } from '../../dev/runner.ts';
import { expectNoForgedCommand, SECRET, type Harness, type RunOverrides } from './harness.ts';

export const PR_NUMBER = 7;
export const ISSUE = `octo/provider#${PR_NUMBER}`;
export const RUN_URL = 'https://github.example/octo/provider/actions/runs/4242';
/** The workflow's token: an installation token, which may not ask GET /user. */
export const WORKFLOW_TOKEN = 'ghs_WorkflowToken0123456789abcdefABCDEF';
/** A fork's pull request: the same bot, read-only. */
export const FORK_TOKEN = 'ghs_ForkReadOnly0123456789abcdefABCDEF';
/** A personal token of a user, who may ask GET /user. */
export const USER_TOKEN = 'ghp_UserToken0123456789abcdefABCDEFGH';
export const DEVELOPER: GitHubUser = { login: 'octo-dev', id: 5001, type: 'User' };
export const SOMEONE: GitHubUser = { login: 'someone-else', id: 5002, type: 'User' };

export const PULL_REQUEST_EVENT = {
  name: 'pull_request',
  ref: `refs/pull/${PR_NUMBER}/merge`,
  payload: { action: 'synchronize', number: PR_NUMBER, pull_request: { number: PR_NUMBER } },
};

export async function startGitHub(): Promise<FakeGitHubApi> {
  const github = new FakeGitHubApi();
  await github.start();
  github.grant(WORKFLOW_TOKEN, { user: WORKFLOW_BOT, readUser: false });
  github.grant(FORK_TOKEN, { user: WORKFLOW_BOT, readUser: false, write: false });
  github.grant(USER_TOKEN, { user: DEVELOPER });
  return github;
}

/** The environment a runner gives a step on github.example, with the fake API. */
export const githubEnv = (github: FakeGitHubApi): Record<string, string> => ({
  GITHUB_API_URL: github.url,
  GITHUB_SERVER_URL: 'https://github.example',
  GITHUB_RUN_ID: '4242',
});

/** The action on pull request #7, with the workflow's token unless told otherwise. */
export const runOnPullRequest = (h: Harness, github: FakeGitHubApi, overrides: RunOverrides = {}): Promise<ActionRun> =>
  h.run({
    event: PULL_REQUEST_EVENT,
    ...overrides,
    env: { ...githubEnv(github), ...overrides.env },
    inputs: { github_token: WORKFLOW_TOKEN, ...overrides.inputs },
  });

/**
 * The harness's leak checks, and the GitHub token's: masked in every form it could take (its
 * late `::add-mask::` lines, before the line that says the comment or the issue is written),
 * and nowhere else, nor in any comment, nor in any issue's title or body.
 */
export function expectSafeWithGitHub(
  h: Harness,
  github: FakeGitHubApi,
  result: ActionRun,
  token = WORKFLOW_TOKEN,
): void {
  const masks = credentialForms(token).map((form) => `::add-mask::${form}`);
  const mask = `::add-mask::${token}`;
  const lines = result.stdout.split('\n');
  expect(lines.filter((line) => line === mask)).toHaveLength(1);
  h.expectNoLeak({ ...result, stdout: lines.filter((line) => !masks.includes(line)).join('\n') });
  expectNoForgedCommand(result);
  const comments = [...github.comments.values()].flat().map((c) => c.body);
  const issues = [...github.issues.values()].flat().flatMap((i) => [i.title, i.body]);
  const channels = [
    lines.filter((line) => !line.startsWith('::add-mask::')).join('\n'),
    result.stderr,
    ...Object.values(result.leftFiles),
    ...comments,
    ...issues,
  ];
  for (const form of [token, SECRET, ...SECRET.split('\n')]) {
    for (const channel of channels) expect(channel).not.toContain(form);
  }
  const said = lines.findIndex(
    (line) =>
      /^(The comment on pull request|The watch's issue) #\d+ is /.test(line) ||
      /^::warning::The (run was not commented|watch's issue was not kept)/.test(line),
  );
  if (said >= 0) expect(lines.indexOf(mask)).toBeLessThan(said);
}

/** The comments of pull request #7 that carry the action's marker. */
export const markedComments = (github: FakeGitHubApi): string[] =>
  github
    .commentsOf(ISSUE)
    .map((c) => c.body)
    .filter((body) => body.startsWith('<!-- ensure-provider-scope '));
