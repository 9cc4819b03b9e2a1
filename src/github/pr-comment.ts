/**
 * On a pull request, after the run: one comment that holds the run's report (pr-comment-body.ts),
 * created once and then updated in place, found again by its marker among the comments its own
 * token's user wrote. It never changes the step's result: whatever fails becomes one warning.
 * A `pr_comment` that is neither auto nor off is refused by run() before anything is sent.
 *
 * Through @actions/github rather than the wire's JSON client: getOctokit already takes the
 * runner's API address (GITHUB_API_URL, GitHub Enterprise Server too) and the runner's proxy
 * (HTTP(S)_PROXY, NO_PROXY, through @actions/http-client), follows the `Link` header page by
 * page, and sends PATCH; the wire's client would need all three added. What it lacks, retries
 * of 5xx and network failures, is the wire's own pacing (retry.ts), wrapped around each
 * idempotent request. @actions/github is loaded only here, after the last answer of the service.
 */
import type { getOctokit } from '@actions/github';
import type { Message } from '../engine/conclude.ts';
import { SETTING_DEFAULTS } from '../engine/settings.ts';
import { DEFAULT_RETRY_POLICY, formatPause, parseRetryAfter, systemClock, withRetries, type Clock, type Pacing } from '../wire/retry.ts';
import type { ActionCore, CommentRun } from './collaborators.ts';
import { describeRun, type RunContext } from './job-summary.ts';
import { commentMarker, renderComment } from './pr-comment-body.ts';

/** The part of @actions/github's context the comment needs. */
export interface GitHubContext extends RunContext {
  payload: RunContext['payload'] & { pull_request?: { number?: number } };
  repo: { owner: string; repo: string };
  runId: number;
  serverUrl: string;
  apiUrl: string;
}

export interface GitHubToolkit {
  context: GitHubContext;
  getOctokit: typeof getOctokit;
}

export interface CommentDeps {
  core: ActionCore;
  /** The event's name, read before anything is loaded: no other event loads the toolkit. */
  eventName: string;
  /** @actions/github, loaded only on a pull request. */
  load?: () => Promise<GitHubToolkit>;
  clock?: Clock;
}

/**
 * The action's inputs that only this door has (the command line never comments), with the
 * defaults action.yml declares.
 */
export const COMMENT_INPUT_DEFAULTS = { pr_comment: 'auto', github_token: '${{ github.token }}' } as const;

/** The events whose runs comment (pr_comment: auto). */
export const PULL_REQUEST_EVENTS = ['pull_request', 'pull_request_target'];

/** The user of the workflow's own token, which may not ask GET /user. */
export const WORKFLOW_TOKEN_USER = 'github-actions[bot]';

// Each request's limit, and the comment's as a whole (retries included).
const REQUEST_MS = 30_000;
const DEADLINE_MS = 90_000;

type Octokit = ReturnType<typeof getOctokit>;
interface Comment {
  id: number;
  body?: string | undefined;
  user: { login: string } | null;
  html_url: string;
}

/** pr_comment as the workflow gave it: auto, off, or the error that says what to write. */
export function readPrComment(value: string): 'auto' | 'off' | Message {
  if (value === '' || value === 'auto') return 'auto';
  if (value === 'off') return 'off';
  return { level: 'error', text: 'Input pr_comment must be auto or off: auto comments the plan on a pull request, off never comments. Leave it out for auto.' };
}

/** Comments the run on its pull request, if it is on one and pr_comment is auto (run() refused any other value). Never throws. */
export async function commentOnPullRequest(run: CommentRun, deps: CommentDeps): Promise<void> {
  const { write } = run;
  if (readPrComment(deps.core.getInput('pr_comment')) !== 'auto' || !PULL_REQUEST_EVENTS.includes(deps.eventName)) return;
  const token = deps.core.getInput('github_token');
  if (token === '') {
    write({ level: 'warning', text: 'The run was not commented on the pull request: Input github_token is empty. Leave it out for the workflow\'s token, or set pr_comment: off.' });
    return;
  }
  // Masked before it is used, by the run's one keeper: the runner hides it in the log, the scrub in everything else.
  run.secrets.learn(token);
  try {
    await comment(run, deps, token);
  } catch (error) {
    write({ level: 'warning', text: failure(error) });
  }
}

async function comment({ conclusion, secrets, write }: CommentRun, deps: CommentDeps, token: string): Promise<void> {
  const { context, getOctokit } = await (deps.load ?? loadToolkit)();
  const number = context.payload.pull_request?.number;
  if (number === undefined) return write({ level: 'debug', text: 'No pull request number in the event: no comment.' });
  const { owner, repo } = context.repo;
  const clock = deps.clock ?? systemClock;
  const octokit = getOctokit(token, { baseUrl: context.apiUrl });
  retrying(octokit, { policy: DEFAULT_RETRY_POLICY, clock, deadline: clock.now() + DEADLINE_MS }, write);

  const spec = deps.core.getInput('spec') || (SETTING_DEFAULTS.spec as string);
  const marker = commentMarker(deps.core.getInput('client_id'), spec);
  const runUrl = `${context.serverUrl}/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/actions/runs/${context.runId}`;
  const body = renderComment({ conclusion, marker, ranFor: describeRun(context), runUrl, spec, scrub: secrets.scrub });

  const login = await tokenUser(octokit, write);
  const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, { owner, repo, issue_number: number, per_page: 100 });
  const own = await findOwnComment(
    (async function* () {
      for await (const page of pages) yield page.data;
    })(),
    marker,
    login,
  );
  if (own === undefined) {
    const { data } = await octokit.rest.issues.createComment({ owner, repo, issue_number: number, body });
    write({ level: 'info', text: `The comment on pull request #${number} is created: ${data.html_url}` });
  } else {
    const { data } = await octokit.rest.issues.updateComment({ owner, repo, comment_id: own.id, body });
    write({ level: 'info', text: `The comment on pull request #${number} is updated: ${data.html_url}` });
  }
}

const loadToolkit = async (): Promise<GitHubToolkit> => {
  const { context, getOctokit } = await import('@actions/github');
  return { context: context as unknown as GitHubContext, getOctokit };
};

/**
 * The first comment, page by page, that carries the marker and was written by `login`: never
 * anyone else's, even one that copies the marker. Stops at the page that has it.
 */
export async function findOwnComment<C extends Comment>(pages: AsyncIterable<readonly C[]>, marker: string, login: string): Promise<C | undefined> {
  for await (const page of pages) {
    const own = page.find((c) => c.user?.login.toLowerCase() === login.toLowerCase() && c.body?.includes(marker) === true);
    if (own !== undefined) return own;
  }
  return undefined;
}

/** Whose comments are this token's: GET /user, or the workflow token's bot, which may not ask. */
async function tokenUser(octokit: Octokit, write: CommentRun['write']): Promise<string> {
  try {
    return (await octokit.rest.users.getAuthenticated()).data.login;
  } catch (error) {
    const status = statusOf(error);
    if (status === undefined || status >= 500 || status === 429) throw error;
    write({ level: 'debug', text: `GET /user answered HTTP ${status}, as for the workflow's token or an app's: its comments are ${WORKFLOW_TOKEN_USER}'s.` });
    return WORKFLOW_TOKEN_USER;
  }
}

const statusOf = (error: unknown): number | undefined => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
};

/**
 * Every request gets a time limit; the idempotent ones (GET, PATCH) are tried again on a 5xx,
 * a 429 or a network failure (octokit reports those as status 500), paced as the service's
 * reads are. A POST is never sent twice: a creation whose answer was lost may have been made,
 * and the next run finds it by its marker.
 */
function retrying(octokit: Octokit, pacing: Pacing, write: CommentRun['write']): void {
  octokit.hook.wrap('request', (request, options) => {
    const once = async () => request({ ...options, request: { ...options.request, signal: AbortSignal.timeout(REQUEST_MS) } });
    if (options.method === 'POST') return once();
    return withRetries(
      once,
      (error) => {
        const status = statusOf(error);
        const retryAfter = (error as { response?: { headers?: Record<string, string | undefined> } }).response?.headers?.['retry-after'];
        return { retryable: status !== undefined && (status >= 500 || status === 429), retryAfterMs: parseRetryAfter(retryAfter, pacing.clock.now()) };
      },
      pacing,
      (error, reason) => Object.assign(error as Error, { gaveUp: reason }),
      (error, tried, waitMs) =>
        write({ level: 'info', text: `GitHub ${describe(error)} Attempt ${tried} of ${pacing.policy.attempts} failed; trying again in ${formatPause(waitMs)}.` }),
    );
  });
}

const pathOf = (url: string): string => URL.parse(url, 'https://api.invalid')?.pathname ?? url;

/** What GitHub answered, or why no answer came (octokit gives those status 500 and no response). */
function describe(error: unknown): string {
  // octokit's RequestError carries its request; any other error (the toolkit's, say) none.
  const { message = String(error), request, response } = (error ?? {}) as { message?: string; request?: { method: string; url: string }; response?: { status?: number } };
  const where = request === undefined ? '' : `${request.method} ${pathOf(request.url)} `;
  return response?.status === undefined ? `${where}failed: ${message}.` : `${where}answered HTTP ${response.status}: ${message}.`;
}

/** The one warning a failed comment gives: what happened and what to do. */
export function failure(error: unknown): string {
  const status = statusOf(error);
  const gaveUp = (error as { gaveUp?: string } | null)?.gaveUp;
  const what = `GitHub ${describe(error)}${gaveUp === undefined ? '' : ` It ${gaveUp}.`}`;
  const head = 'The run was not commented on the pull request (the job summary has everything):';
  if (status === 403) {
    return `${head} ${what} Give the job the permission \`pull-requests: write\`. Where the token is read-only, as on a pull request from a fork, set pr_comment: off.`;
  }
  if (status === 401) return `${head} ${what} Check the token given as github_token, or leave it out for the workflow's own token.`;
  return `${head} ${what}`;
}
