/**
 * The bundled action as a scheduled watch: the harness's run on a `schedule` (or a dispatched
 * dry run), the fake GitHub API as GITHUB_API_URL, and what the watch tests share.
 */
import type { FakeGitHubApi, Issue } from '../../dev/github-api.ts';
import type { ActionRun } from '../../dev/runner.ts';
import type { Harness, RunOverrides } from './harness.ts';
import { githubEnv, WORKFLOW_TOKEN } from './pull-request.ts';

export const REPOSITORY = 'octo/provider';
const repository = { full_name: REPOSITORY, default_branch: 'main' };

/** The payloads GitHub sends (docs: "Events that trigger workflows"), with the repository's default branch. */
export const SCHEDULE_EVENT = {
  name: 'schedule',
  ref: 'refs/heads/main',
  payload: { schedule: '17 6 * * *', repository },
};
export const DISPATCH_EVENT = {
  name: 'workflow_dispatch',
  ref: 'refs/heads/main',
  payload: { inputs: {}, ref: 'refs/heads/main', repository },
};

/** The action on a schedule, a dry run with the workflow's token unless told otherwise. */
export const runWatch = (h: Harness, github: FakeGitHubApi, overrides: RunOverrides = {}): Promise<ActionRun> =>
  h.run({
    event: SCHEDULE_EVENT,
    ...overrides,
    env: { ...githubEnv(github), ...overrides.env },
    inputs: { dry_run: 'true', github_token: WORKFLOW_TOKEN, ...overrides.inputs },
  });

/** The repository's issues that carry the watch's marker, pull requests left out. */
export const watchIssues = (github: FakeGitHubApi): Issue[] =>
  github
    .issuesOf(REPOSITORY)
    .filter((i) => i.pull_request === undefined && i.body.startsWith('<!-- ensure-provider-scope watch '));

/** `METHOD path` of the requests about issues, searches included. */
export const issueCalls = (github: FakeGitHubApi): string[] =>
  github.calls().filter((call) => /\/issues|\/search/.test(call));
