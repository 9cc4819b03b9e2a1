/**
 * On a pull request, after the run: one comment that holds the run's report (../render/places.ts),
 * created once and then updated in place, found again by its marker among the comments its own
 * token's user wrote. It never changes the step's result: whatever fails becomes one warning.
 * A `pr_comment` that is neither auto nor off is refused by run() before anything is sent.
 * GitHub's API through octokit.ts, loaded only here, after the last answer of the service.
 */
import type { Message } from '../engine/index.ts';
import { keepOwn, warnOnFailure } from '../posting/own.ts';
import { pullRequestComment } from '../render/places.ts';
import type { Clock } from '../wire/retry.ts';
import type { ActionCore, CommentRun } from './collaborators.ts';
import { describeRun } from './run-context.ts';
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
} from './octokit.ts';

export interface CommentDeps {
  core: ActionCore;
  /** The event's name, read before anything is loaded: no other event loads the toolkit. */
  eventName: string;
  /** @actions/github, loaded only on a pull request. */
  load?: () => Promise<GitHubToolkit>;
  clock?: Clock;
  /** On GitHub's runner (GITHUB_ACTIONS=true), the default true: elsewhere no workflow token exists to be missed. */
  onRunner?: boolean;
}

/**
 * The action's inputs that only this door has (the command line never comments), with the
 * defaults action.yml declares.
 */
export const COMMENT_INPUT_DEFAULTS = { pr_comment: 'auto', github_token: '${{ github.token }}' } as const;

/** The events whose runs comment (pr_comment: auto). */
export const PULL_REQUEST_EVENTS = ['pull_request', 'pull_request_target'];

/** pr_comment as the workflow gave it: auto, off, or the error that says what to write. */
export function readPrComment(value: string): 'auto' | 'off' | Message {
  if (value === '' || value === 'auto') return 'auto';
  if (value === 'off') return 'off';
  return {
    level: 'error',
    text: 'Input pr_comment must be auto or off: auto comments the plan on a pull request, off never comments. Leave it out for auto.',
  };
}

/** Comments the run on its pull request, if it is on one and pr_comment is auto (run() refused any other value). Never throws. */
export async function commentOnPullRequest(run: CommentRun, deps: CommentDeps): Promise<void> {
  const { write } = run;
  if (readPrComment(deps.core.getInput('pr_comment')) !== 'auto' || !PULL_REQUEST_EVENTS.includes(deps.eventName))
    return;
  const token = deps.core.getInput('github_token');
  if (token === '') {
    if (deps.onRunner === false)
      return write({
        level: 'debug',
        text: 'Not on a GitHub runner, and no github_token given: the pull request is not commented.',
      });
    write({
      level: 'warning',
      text: "The run was not commented on the pull request: Input github_token is empty. Leave it out for the workflow's token, or set pr_comment: off.",
    });
    return;
  }
  // Masked before it is used, by the run's one keeper: the runner hides it in the log, the scrub in everything else.
  run.secrets.learn(token);
  await warnOnFailure(write, failure, () => comment(run, deps, token));
}

async function comment(
  { conclusion, settings, secrets, write }: CommentRun,
  deps: CommentDeps,
  token: string,
): Promise<void> {
  const toolkit = await (deps.load ?? loadToolkit)();
  const { context } = toolkit;
  const number = context.payload.pull_request?.number;
  if (number === undefined) return write({ level: 'debug', text: 'No pull request number in the event: no comment.' });
  const { owner, repo } = context.repo;
  const octokit = connect(toolkit, token, deps.clock, write);

  const { marker, body } = pullRequestComment({
    conclusion,
    clientId: settings.clientId,
    spec: settings.spec,
    ranFor: describeRun(context),
    runUrl: runUrlOf(context),
    scrub: secrets.scrub,
  });

  const login = await readTokenUser(octokit, write);
  const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, {
    owner,
    repo,
    issue_number: number,
    per_page: 100,
  });
  const { post, created } = await keepOwn({
    find: () => findOwn(pagesOf(pages), marker, login),
    update: async (own) => (await octokit.rest.issues.updateComment({ owner, repo, comment_id: own.id, body })).data,
    create: async () => (await octokit.rest.issues.createComment({ owner, repo, issue_number: number, body })).data,
  });
  write({
    level: 'info',
    text: `The comment on pull request #${number} is ${created ? 'created' : 'updated'}: ${post.html_url}`,
  });
}

/** The one warning a failed comment gives: what happened and what to do. */
export function failure(error: unknown): string {
  const status = statusOf(error);
  const what = whatFailed(error);
  const head = 'The run was not commented on the pull request (the job summary has everything):';
  if (status === 403) {
    return `${head} ${what} Give the job the permission \`pull-requests: write\`. Where the token is read-only, as on a pull request from a fork, set pr_comment: off.`;
  }
  if (status === 401)
    return `${head} ${what} Check the token given as github_token, or leave it out for the workflow's own token.`;
  return `${head} ${what}`;
}
