/**
 * `--gitlab-note`: in a GitLab merge request pipeline, after the run, one note on the merge
 * request that holds the run's report (note-body.ts renders it, in GitLab's words),
 * created once and then updated in place, found again by its marker among the notes its own
 * token's user wrote. It never changes the exit code: whatever fails becomes one warning.
 * Loaded by main.ts only when the flag is on.
 *
 * GitLab's REST API (https://docs.gitlab.com/api/notes/#merge-requests): the notes of a merge
 * request, page by page, `GET /user` for the token's user, `POST` a note, `PUT` it. The token
 * (GITLAB_TOKEN) goes in the `PRIVATE-TOKEN` header (https://docs.gitlab.com/api/rest/authentication/),
 * only to CI_API_V4_URL, through the wire's client: the service's proxy settings, limits and retries.
 */
import type { Dispatcher } from 'undici';
import { z } from 'zod/mini';
import type { Conclusion, Message, Naming, Secrets } from '../engine/index.ts';
import { createOnce, findOwn, keepOwn, warnOnFailure } from '../posting/own.ts';
import { renderNote } from './note-body.ts';
import { createBudget } from '../wire/budget.ts';
import { createJsonHttp, HttpError, type JsonHttp } from '../wire/http.ts';
import type { Clock } from '../wire/retry.ts';
import type { WireWords } from '../wire/words.ts';

export interface NoteRun {
  conclusion: Conclusion;
  /** The job's variables (CI_*) and GITLAB_TOKEN. */
  env: Readonly<Record<string, string | undefined>>;
  /** The client and the spec file, as given: they name the note's marker. */
  clientId: string;
  spec: string;
  /** The limit of each request, from --timeout-seconds. */
  timeoutSeconds: number;
  secrets: Secrets;
  write(message: Message): void;
  /** The command line's words (the timeout's flag, the settings the report names). */
  words: WireWords & Pick<Naming, 'assign'>;
  clock?: Clock | undefined;
  dispatcher?: Dispatcher | undefined;
}

/** A page of notes is far larger than the service's answers: up to 100 notes of up to a million characters. */
const MAX_PAGE_BYTES = 64 * 1024 * 1024;
const PER_PAGE = 100;
/** A guard against a server whose pages never end. */
const MAX_PAGES = 1000;

const User = z.object({ id: z.number(), username: z.string() });
const Note = z.object({
  id: z.number(),
  body: z.nullish(z.string()),
  system: z.optional(z.boolean()),
  author: z.nullish(z.object({ id: z.number() })),
});
type Note = z.output<typeof Note>;
const Notes = z.array(Note);

/** What the warning starts with, wherever the note failed. */
const HEAD = 'The plan was not noted on the merge request (the job log has everything):';
const TOKEN_HOW =
  'Set GITLAB_TOKEN (a masked variable) to a token with the api scope whose user may comment on the merge request: a project or group access token, or the personal token of a bot account. CI_JOB_TOKEN cannot write notes';

/** Whether an address may carry the token: https, or http to this machine alone. */
export function apiUrlProblem(value: string): string | undefined {
  const url = URL.parse(value);
  if (url === null || !['https:', 'http:'].includes(url.protocol))
    return `CI_API_V4_URL is not an address (${JSON.stringify(value)})`;
  const loopback = ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname);
  if (url.protocol === 'http:' && !loopback) {
    return `CI_API_V4_URL (${url.origin}) is not https, and the token is never sent in the clear: give GitLab's https address (http only to 127.0.0.1, ::1 or localhost)`;
  }
  return undefined;
}

/** Notes the run on its merge request, if the job runs for one. Never throws. */
export async function noteOnMergeRequest(run: NoteRun): Promise<void> {
  const { env, write } = run;
  const iid = env.CI_MERGE_REQUEST_IID?.trim() ?? '';
  if (iid === '') {
    return write({
      level: 'info',
      text: '--gitlab-note: no merge request (CI_MERGE_REQUEST_IID is not set): no note. It is set in merge request pipelines only.',
    });
  }
  const token = env.GITLAB_TOKEN?.trim() ?? '';
  if (token === '') return write({ level: 'warning', text: `${HEAD} GITLAB_TOKEN is empty. ${TOKEN_HOW}.` });
  // Scrubbed from everything written from here on, as the secret is.
  run.secrets.learn(token);
  const api = env.CI_API_V4_URL?.trim() ?? '';
  const project = env.CI_PROJECT_ID?.trim() ?? '';
  const missing = [
    ['CI_API_V4_URL', api],
    ['CI_PROJECT_ID', project],
  ].flatMap(([name, value]) => (value === '' ? [name] : []));
  if (missing.length > 0)
    return write({
      level: 'warning',
      text: `${HEAD} ${missing.join(' and ')} not set: run the command in a GitLab CI job, which sets them.`,
    });
  const refused = apiUrlProblem(api);
  if (refused !== undefined) return write({ level: 'warning', text: `${HEAD} ${refused}.` });

  const stop = new AbortController();
  const http = createJsonHttp({
    budget: createBudget(run.timeoutSeconds, { clock: run.clock, signal: stop.signal }),
    urlSetting: { variable: 'CI_API_V4_URL' },
    speaker: 'GitLab',
    words: run.words,
    headers: { 'private-token': token },
    scrub: run.secrets.scrub,
    dispatcher: run.dispatcher,
    maxResponseBytes: MAX_PAGE_BYTES,
    log: {
      info: (text) => write({ level: 'info', text }),
      debug: (text) => write({ level: 'debug', text }),
      warning: (text) => write({ level: 'warning', text }),
    },
  });
  try {
    await warnOnFailure(write, noteFailure, () => note(run, http, api.replace(/\/+$/, ''), project, iid));
  } finally {
    // Every connection the note opened is closed: the command exits at once.
    stop.abort();
  }
}

async function note(
  { conclusion, env, clientId, spec, secrets, write, words }: NoteRun,
  http: JsonHttp,
  api: string,
  project: string,
  iid: string,
): Promise<void> {
  const notes = `${api}/projects/${encodeURIComponent(project)}/merge_requests/${encodeURIComponent(iid)}/notes`;
  const { marker, body } = renderNote({
    conclusion,
    clientId,
    spec,
    ranFor: `${env.CI_PIPELINE_SOURCE || 'merge_request_event'} on ${env.CI_COMMIT_REF_NAME || `merge request ${iid}`}`,
    jobUrl: env.CI_JOB_URL ?? '',
    scrub: secrets.scrub,
    assign: words.assign,
  });

  const user = await http.retried("GitLab's GET /user", User, 'GET', `${api}/user`);
  // Never a system note, never anyone else's, even one that copies the marker.
  const find = (): Promise<Note | undefined> =>
    findOwn(
      readNotePages(http, api, notes),
      (n) => n.system !== true && n.author?.id === user.id && n.body?.includes(marker) === true,
    );
  const where = (id: number): string =>
    env.CI_PROJECT_URL ? `${env.CI_PROJECT_URL}/-/merge_requests/${iid}#note_${id}` : `note ${id}`;
  const { post, created } = await keepOwn({
    find,
    update: (own: Note) =>
      http.retried("GitLab's PUT of the note", Note, 'PUT', `${notes}/${own.id}`, { body: { body } }),
    // Its answer lost, the note may be there all the same: looked up again, never posted twice.
    create: () =>
      createOnce(
        () => http.send("GitLab's POST of the note", Note, 'POST', notes, { body: { body } }),
        find,
        (error) => (error instanceof HttpError ? error.status : undefined),
      ),
  });
  write({
    level: 'info',
    text: `The note on merge request !${iid} is ${created ? 'created' : 'updated'}: ${where(post.id)}`,
  });
}

/**
 * The merge request's notes, page by page, oldest first, as long as they are read. Pages follow
 * X-Next-Page, or the Link header's next (keyset pagination sends only that), on the API's origin alone.
 */
async function* readNotePages(http: JsonHttp, api: string, notes: string): AsyncIterable<Note[]> {
  const origin = new URL(api).origin;
  let url: string | undefined = `${notes}?per_page=${PER_PAGE}&sort=asc&order_by=created_at`;
  const seen = new Set<string>();
  for (let page = 1; url !== undefined && page <= MAX_PAGES; page++) {
    if (seen.has(url)) break;
    seen.add(url);
    const { data, headers } = await http.retriedWithHeaders(
      `GitLab's GET of the merge request's notes (page ${page})`,
      Notes,
      'GET',
      url,
    );
    yield data;
    url = nextPage(url, headers, origin);
  }
}

/** The next page's address: X-Next-Page (a number, empty on the last), else Link's rel="next" on the API's origin. */
export function nextPage(
  url: string,
  headers: Record<string, string | string[] | undefined>,
  origin: string,
): string | undefined {
  const next = headerOf(headers, 'x-next-page');
  if (next !== undefined && /^\d+$/.test(next.trim())) {
    const target = new URL(url);
    target.searchParams.set('page', next.trim());
    return target.href;
  }
  const link = /<([^>]+)>\s*;\s*rel="?next"?/.exec(headerOf(headers, 'link') ?? '')?.[1];
  if (link === undefined) return undefined;
  const target = URL.parse(link, url);
  // The token goes to the API's origin and nowhere else.
  return target?.origin === origin ? target.href : undefined;
}

const headerOf = (headers: Record<string, string | string[] | undefined>, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
};

/** The one warning a failed note gives: what happened and what to do. */
export function noteFailure(error: unknown): string {
  const what = error instanceof Error ? error.message : String(error);
  const status = error instanceof HttpError ? error.status : undefined;
  const fix =
    status === 401
      ? ' Check GITLAB_TOKEN: GitLab does not know it (expired, revoked, or of another instance).'
      : status === 403
        ? " Give GITLAB_TOKEN the api scope (read_api cannot write), and its user a role that may comment on the project's merge requests (Reporter or more on a private project)."
        : status === 404
          ? ' Check that the merge request exists and that the user of GITLAB_TOKEN is a member of the project (CI_PROJECT_ID) who can see it.'
          : '';
  return `${HEAD} ${what.replace(/\.?$/, '.')}${fix}`;
}
