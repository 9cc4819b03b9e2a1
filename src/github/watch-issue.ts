/**
 * Between releases, a scheduled watch: after the run, one issue per client and spec file, kept
 * open while the registration is unwell (engine/conclude/health.ts) and closed once it is well again. It
 * acts on `schedule`, and on `workflow_dispatch` when the run is a dry run of the default branch
 * (a release dispatched by hand, or a branch's spec, never touches it); never on other events.
 *
 * The issue is found again by its hidden marker among the repository's issues, open and closed,
 * that the token's user wrote: GitHub's list of a repository's issues filters by `state` and
 * `creator` and pages by `per_page` and the `Link` header, and holds pull requests too, told
 * apart by their `pull_request` key
 * (https://docs.github.com/en/rest/issues/issues#list-repository-issues). Not by title (a
 * renamed issue is still found), not by the search API, which lags behind a new issue. GitHub
 * lets the token edit anyone's issue: only one it wrote is ever touched.
 *
 * Unwell: the issue is opened, or its body updated in place, or the closed one reopened with
 * the new body. Well: its open issue gets one comment and is closed as completed (`state_reason:
 * completed`, https://docs.github.com/en/rest/issues/issues#update-an-issue); with none open,
 * nothing is written. Never a change of the step's result: whatever fails is one warning.
 */
import type { Message, RunSettings } from '../engine/index.ts';
import type { Clock } from '../wire/retry.ts';
import type { ActionCore, CommentRun } from './collaborators.ts';
import {
  connect,
  findOwn,
  loadToolkit,
  pagesOf,
  runUrlOf,
  statusOf,
  readTokenUser,
  whatFailed,
  type GitHubToolkit,
  type Octokit,
} from './octokit.ts';
import { createOnce, warnOnFailure } from '../posting/own.ts';
import { watchWriting } from '../render/places.ts';

/** This door's input for the watch, with the default action.yml declares. */
export const WATCH_INPUT_DEFAULTS = { watch_issue: 'auto' } as const;

export interface WatchDeps {
  core: ActionCore;
  /** The event's name, read before anything is loaded: other events load nothing. */
  eventName: string;
  /** @actions/github, loaded only when the watch acts. */
  load?: () => Promise<GitHubToolkit>;
  clock?: Clock;
  /** On GitHub's runner (GITHUB_ACTIONS=true), the default true: elsewhere no workflow token exists to be missed. */
  onRunner?: boolean;
}

/** watch_issue as the workflow gave it: auto, off, or the error that says what to write. */
export function readWatchIssue(value: string): 'auto' | 'off' | Message {
  if (value === '' || value === 'auto') return 'auto';
  if (value === 'off') return 'off';
  return {
    level: 'error',
    text: 'Input watch_issue must be auto or off: auto keeps one issue open while a scheduled run finds the registration unwell, off never touches issues. Leave it out for auto.',
  };
}

/**
 * Whether the event, the inputs and the run's settings make this run a watch (run() refused a
 * watch_issue that is neither auto nor off): such a run reads the client's credentials too. A
 * dispatched dry run off the default branch counts here; its issue is then left alone (keep, below).
 */
export function watches(
  { core, eventName }: Pick<WatchDeps, 'core' | 'eventName'>,
  { dryRun }: Pick<RunSettings, 'dryRun'>,
): boolean {
  if (readWatchIssue(core.getInput('watch_issue')) !== 'auto') return false;
  if (eventName === 'schedule') return true;
  return eventName === 'workflow_dispatch' && dryRun === true;
}

/** Keeps the watch's issue after the run, when the run is a watch. Never throws. */
export async function watchIssue(run: CommentRun, deps: WatchDeps): Promise<void> {
  if (!watches(deps, run.settings)) return;
  const token = deps.core.getInput('github_token');
  if (token === '') {
    if (deps.onRunner === false)
      return run.write({
        level: 'debug',
        text: "Not on a GitHub runner, and no github_token given: the watch's issue is left alone.",
      });
    run.write({
      level: 'warning',
      text: "The watch's issue was not kept: Input github_token is empty. Leave it out for the workflow's token, or set watch_issue: off.",
    });
    return;
  }
  // Masked before it is used, by the run's one keeper: the runner hides it in the log, the scrub in everything else.
  run.secrets.learn(token);
  await warnOnFailure(run.write, watchFailure, () => keep(run, deps, token));
}

async function keep(
  { conclusion, settings, secrets, write }: CommentRun,
  deps: WatchDeps,
  token: string,
): Promise<void> {
  const toolkit = await (deps.load ?? loadToolkit)();
  const { context } = toolkit;
  const branch = context.payload.repository?.default_branch;
  if (deps.eventName === 'workflow_dispatch' && context.ref !== `refs/heads/${branch}`) {
    return write({
      level: 'debug',
      text: `Dispatched on ${context.ref}, not on the default branch (${branch}): the watch's issue is left alone.`,
    });
  }
  const { owner, repo } = context.repo;
  const octokit = connect(toolkit, token, deps.clock, write);
  const writing = watchWriting({
    conclusion,
    clientId: settings.clientId,
    spec: settings.spec,
    runUrl: runUrlOf(context),
    scrub: secrets.scrub,
    onDrift: settings.onDrift,
    providers: settings.providers,
  });
  const { marker } = writing;

  const login = await readTokenUser(octokit, write);
  const find = (): Promise<Issue | undefined> =>
    findOwn(listOwnIssues(octokit, { owner, repo, creator: login }), marker, login);
  const own = await find();
  const said = (what: string, { number, html_url }: Pick<Issue, 'number' | 'html_url'>): void =>
    write({ level: 'info', text: `The watch's issue #${number} is ${what}: ${html_url}` });

  if ('resolved' in writing) {
    if (own?.state !== 'open')
      return write({
        level: 'debug',
        text: 'The registration is well and the watch has no open issue: nothing to write.',
      });
    await octokit.rest.issues.createComment({ owner, repo, issue_number: own.number, body: writing.resolved });
    const { data } = await octokit.rest.issues.update({
      owner,
      repo,
      issue_number: own.number,
      state: 'closed',
      state_reason: 'completed',
    });
    return said('closed: the registration is well again', data);
  }
  const { title, body } = writing.issue;
  if (own === undefined) {
    // Its answer lost, the issue may be there all the same: looked up again, never created twice.
    const data = await createOnce<Pick<Issue, 'number' | 'html_url'>>(
      async () => (await octokit.rest.issues.create({ owner, repo, title, body })).data,
      find,
      statusOf,
    );
    return said('opened', data);
  }
  // The title is left as it is: whoever renamed it meant to.
  const reopen = own.state !== 'open';
  const { data } = await octokit.rest.issues.update({
    owner,
    repo,
    issue_number: own.number,
    body,
    ...(reopen ? { state: 'open' } : {}),
  });
  said(reopen ? 'reopened' : 'updated', data);
}

interface Issue {
  number: number;
  state: string;
  html_url: string;
  body?: string | null | undefined;
  user: { login: string } | null;
  pull_request?: unknown;
}

/** The repository's issues (open and closed) that `creator` opened, page by page, pull requests left out. */
async function* listOwnIssues(
  octokit: Octokit,
  { owner, repo, creator }: { owner: string; repo: string; creator: string },
): AsyncIterable<Issue[]> {
  const pages = octokit.paginate.iterator(octokit.rest.issues.listForRepo, {
    owner,
    repo,
    state: 'all',
    creator,
    per_page: 100,
  });
  for await (const page of pagesOf(pages)) yield page.filter((issue) => issue.pull_request === undefined);
}

/** The one warning a failed watch gives: what happened and what to do. */
export function watchFailure(error: unknown): string {
  const status = statusOf(error);
  const head = "The watch's issue was not kept (the job summary has the run's report):";
  const what = whatFailed(error);
  if (status === 403) return `${head} ${what} Give the job the permission \`issues: write\`, or set watch_issue: off.`;
  if (status === 401)
    return `${head} ${what} Check the token given as github_token, or leave it out for the workflow's own token.`;
  return `${head} ${what}`;
}
