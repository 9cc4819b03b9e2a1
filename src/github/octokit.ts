/**
 * GitHub's REST API for what the action writes after a run (the pull request's comment, the
 * watch's issue): @actions/github's octokit, loaded only then, and what both need of it.
 *
 * Through @actions/github rather than the wire's JSON client: getOctokit already takes the
 * runner's API address (GITHUB_API_URL, GitHub Enterprise Server too) and the runner's proxy
 * (HTTP(S)_PROXY, NO_PROXY, through @actions/http-client), follows the `Link` header page by
 * page, and sends PATCH; the wire's client would need all three added. What it lacks, retries
 * of 5xx and network failures, is the wire's own pacing (retry.ts), wrapped around each
 * idempotent request.
 */
import type { getOctokit } from '@actions/github';
import type { Message } from '../engine/index.ts';
import {
  DEFAULT_RETRY_POLICY,
  formatPause,
  parseRetryAfter,
  systemClock,
  withRetries,
  type Clock,
  type Pacing,
} from '../wire/retry.ts';
import type { RunContext } from './run-context.ts';
import { findOwn as findOwnPost } from '../posting/own.ts';

/** The part of @actions/github's context the action needs. */
export interface GitHubContext extends RunContext {
  payload: RunContext['payload'] & { pull_request?: { number?: number }; repository?: { default_branch?: string } };
  repo: { owner: string; repo: string };
  runId: number;
  serverUrl: string;
  apiUrl: string;
}

export interface GitHubToolkit {
  context: GitHubContext;
  getOctokit: typeof getOctokit;
}

export type Octokit = ReturnType<typeof getOctokit>;
type Write = (message: Message) => void;

/** The user of the workflow's own token, which may not ask GET /user. */
export const WORKFLOW_TOKEN_USER = 'github-actions[bot]';

// Each request's limit, and the whole of what one run writes (retries included).
const REQUEST_MS = 30_000;
const DEADLINE_MS = 90_000;

export const loadToolkit = async (): Promise<GitHubToolkit> => {
  const { context, getOctokit } = await import('@actions/github');
  return { context: context as unknown as GitHubContext, getOctokit };
};

/** An octokit for `token` at the runner's API address, its requests timed and retried (below). */
export function connect(
  { context, getOctokit }: GitHubToolkit,
  token: string,
  clock: Clock = systemClock,
  write: Write,
): Octokit {
  const octokit = getOctokit(token, { baseUrl: context.apiUrl });
  retrying(octokit, { policy: DEFAULT_RETRY_POLICY, clock, deadline: clock.now() + DEADLINE_MS }, write);
  return octokit;
}

/** The page of the run, whose summary has the whole report. */
export const runUrlOf = ({ serverUrl, repo: { owner, repo }, runId }: GitHubContext): string =>
  `${serverUrl}/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/actions/runs/${runId}`;

/** What the action wrote, a comment or an issue: its author and its body. */
interface Written {
  user: { login: string } | null;
  body?: string | null | undefined;
}

/**
 * The first item, page by page, that carries the marker and was written by `login`: never
 * anyone else's, even one that copies the marker. Stops at the page that has it (../posting/own.ts).
 */
export const findOwn = <W extends Written>(
  pages: AsyncIterable<readonly W[]>,
  marker: string,
  login: string,
): Promise<W | undefined> =>
  findOwnPost(pages, (w) => w.user?.login.toLowerCase() === login.toLowerCase() && w.body?.includes(marker) === true);

/** The data of each page octokit's iterator fetches. */
export async function* pagesOf<T>(pages: AsyncIterable<{ data: T[] }>): AsyncIterable<T[]> {
  for await (const page of pages) yield page.data;
}

/** Whose comments and issues are this token's: GET /user, or the workflow token's bot, which may not ask. */
export async function readTokenUser(octokit: Octokit, write: Write): Promise<string> {
  try {
    return (await octokit.rest.users.getAuthenticated()).data.login;
  } catch (error) {
    const status = statusOf(error);
    if (status === undefined || status >= 500 || status === 429) throw error;
    write({
      level: 'debug',
      text: `GET /user answered HTTP ${status}, as for the workflow's token or an app's: what it writes is ${WORKFLOW_TOKEN_USER}'s.`,
    });
    return WORKFLOW_TOKEN_USER;
  }
}

export const statusOf = (error: unknown): number | undefined => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
};

/**
 * Every request gets a time limit; the idempotent ones (GET, PATCH) are tried again on a 5xx,
 * a 429 or a network failure (octokit reports those as status 500), paced as the service's
 * reads are. A POST is never sent twice: a creation whose answer was lost may have been made,
 * and is found again by its marker.
 */
function retrying(octokit: Octokit, pacing: Pacing, write: Write): void {
  octokit.hook.wrap('request', (request, options) => {
    // On these options, not a copy: the hook octokit wraps first (the token's) is bound to them,
    // and sends them whatever `request` is given. Each attempt gets a limit of its own.
    const once = async () => {
      options.request = { ...options.request, signal: AbortSignal.timeout(REQUEST_MS) };
      return request(options);
    };
    if (options.method === 'POST') return once();
    return withRetries(
      once,
      (error) => {
        const status = statusOf(error);
        const retryAfter = (error as { response?: { headers?: Record<string, string | undefined> } }).response
          ?.headers?.['retry-after'];
        return {
          retryable: status !== undefined && (status >= 500 || status === 429),
          retryAfterMs: parseRetryAfter(retryAfter, pacing.clock.now()),
        };
      },
      pacing,
      (error, reason) => Object.assign(error as Error, { gaveUp: reason }),
      (error, tried, waitMs) =>
        write({
          level: 'info',
          text: `GitHub ${describe(error)} Attempt ${tried} of ${pacing.policy.attempts} failed; trying again in ${formatPause(waitMs)}.`,
        }),
    );
  });
}

const pathOf = (url: string): string => URL.parse(url, 'https://api.invalid')?.pathname ?? url;

/** What GitHub answered, or why no answer came (octokit gives those status 500 and no response). */
function describe(error: unknown): string {
  // octokit's RequestError carries its request; any other error (the toolkit's, say) none.
  const {
    message = String(error),
    request,
    response,
  } = (error ?? {}) as { message?: string; request?: { method: string; url: string }; response?: { status?: number } };
  const where = request === undefined ? '' : `${request.method} ${pathOf(request.url)} `;
  return response?.status === undefined
    ? `${where}failed: ${message}.`
    : `${where}answered HTTP ${response.status}: ${message}.`;
}

/** A failure as a warning says it: what GitHub answered (or why nothing came), and whether the retries gave up. */
export function whatFailed(error: unknown): string {
  const gaveUp = (error as { gaveUp?: string } | null)?.gaveUp;
  return `GitHub ${describe(error)}${gaveUp === undefined ? '' : ` It ${gaveUp}.`}`;
}
