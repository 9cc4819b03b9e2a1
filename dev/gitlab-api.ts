/**
 * A fake of the part of GitLab's REST API that `--gitlab-note` uses, on 127.0.0.1, for the tests
 * (CI_API_V4_URL points at `url`, under `/api/v4` as on GitLab). It records every request
 * (never a token: the user the token stands for) and answers as GitLab documents:
 *
 * - `GET /user`: the token's user (https://docs.gitlab.com/api/users/#get-the-current-user).
 * - `GET /projects/:id/merge_requests/:iid/notes`: `per_page` (20 by default, 100 at most),
 *   `page`, `sort` and `order_by`; offset pagination's headers, `X-Page`, `X-Per-Page`,
 *   `X-Next-Page` (empty on the last page), `X-Total` and `Link`
 *   (https://docs.gitlab.com/api/rest/#pagination); with `linkOnly`, only `Link`, as keyset
 *   pagination answers. System notes among the others, as GitLab lists them.
 * - `POST` there and `PUT .../notes/:note_id`: 403 `insufficient_scope` for a `read_api`
 *   token, 403 for a user who may not write or for another user's note, 404 for a merge request
 *   that is not there, 400 for a body over 1,000,000 characters
 *   (https://docs.gitlab.com/api/notes/#create-new-merge-request-note).
 * - 401 `{"message":"401 Unauthorized"}` for a missing or unknown token.
 *
 * `fail()` queues answers of another status, a reset connection, or an answer lost after the
 * request was handled, for the next matching requests.
 */
import http from 'node:http';
import { LocalServer } from './local-server.ts';

export const GITLAB_NOTE_LIMIT = 1_000_000;

export interface GitLabUser {
  id: number;
  username: string;
  name: string;
}

export interface TokenGrant {
  user: GitLabUser;
  /** `read_api` may read but not write. */
  scope?: 'api' | 'read_api';
  /** May comment on the merge requests (false: a role below what the project asks). */
  write?: boolean;
}

export interface GitLabNote {
  id: number;
  body: string;
  author: GitLabUser;
  system: boolean;
  created_at: string;
  updated_at: string;
  noteable_type: 'MergeRequest';
  noteable_iid: number;
}

export interface GitLabRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The username the token stands for, if it is known. */
  user?: string;
  /** The header the token came in. */
  via?: 'private-token' | 'bearer';
  body?: unknown;
}

export interface GitLabFault {
  method: string;
  path: RegExp;
  status?: number;
  reset?: boolean;
  /** Handled, then the connection reset before the answer leaves. */
  loseAnswer?: boolean;
  /** Handled, then answered with `status` all the same (a proxy's 5xx after GitLab did the work). */
  handled?: boolean;
  /** The answer's body, instead of GitLab's 500 message (what a server may echo). */
  body?: unknown;
  times?: number;
}

const BASE = '/api/v4';

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

export class FakeGitLabApi {
  readonly requests: GitLabRequest[] = [];
  /** Notes by `project!iid`, in the order written. */
  readonly notes = new Map<string, GitLabNote[]>();
  /** Only `Link`, as keyset pagination answers; no X-Next-Page. */
  linkOnly = false;
  /**
   * A server whose pages never end: `stuck` names the first page again as the next, `endless`
   * always a page more (each empty past the notes).
   */
  paging: 'pages' | 'stuck' | 'endless' = 'pages';
  private readonly tokens = new Map<string, TokenGrant>();
  private readonly faults: GitLabFault[] = [];
  private nextId = 500;
  private readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answer = this.reply(
        req.method ?? 'GET',
        req.url ?? '/',
        req.headers,
        Buffer.concat(chunks).toString('utf8'),
      );
      if (answer === 'reset') return void req.socket.destroy();
      res
        .writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers })
        .end(JSON.stringify(answer.body));
    });
  });
  private readonly local = new LocalServer(this.server);
  private origin = '';

  /** The API's address, for CI_API_V4_URL. */
  get url(): string {
    return `${this.origin}${BASE}`;
  }

  async start(): Promise<string> {
    this.origin = `http://127.0.0.1:${await this.local.listen(0)}`;
    return this.url;
  }

  /** Settles once every connection to the API has been closed. */
  allClosed(): Promise<void> {
    return this.local.allClosed();
  }

  stop(): Promise<void> {
    return this.local.stop();
  }

  grant(token: string, grant: TokenGrant): void {
    this.tokens.set(token, grant);
  }

  /** A merge request with no notes yet. */
  addMergeRequest(project: string, iid: number): void {
    this.notesOf(project, iid);
  }

  /** A note as if `author` (or GitLab, for a system note) had written it before the run. */
  addNote(
    project: string,
    iid: number,
    author: GitLabUser,
    body: string,
    { system = false }: { system?: boolean } = {},
  ): GitLabNote {
    const at = new Date(Date.UTC(2026, 0, 1, 0, 0, this.nextId - 500)).toISOString();
    const note: GitLabNote = {
      id: this.nextId++,
      body,
      author,
      system,
      created_at: at,
      updated_at: at,
      noteable_type: 'MergeRequest',
      noteable_iid: iid,
    };
    this.notesOf(project, iid).push(note);
    return note;
  }

  notesOf(project: string, iid: number): GitLabNote[] {
    const key = `${project}!${iid}`;
    let list = this.notes.get(key);
    if (list === undefined) this.notes.set(key, (list = []));
    return list;
  }

  fail(fault: GitLabFault): void {
    this.faults.push({ times: 1, ...fault });
  }

  /** `METHOD path` of every request, in order. */
  calls(): string[] {
    return this.requests.map((r) => `${r.method} ${r.path}`);
  }

  private reply(method: string, rawUrl: string, headers: http.IncomingHttpHeaders, raw: string): Answer | 'reset' {
    const url = new URL(rawUrl, this.origin);
    const path = url.pathname.startsWith(BASE) ? url.pathname.slice(BASE.length) : url.pathname;
    const privateToken = headers['private-token'];
    const bearer = /^bearer (\S+)$/i.exec(headers.authorization ?? '')?.[1];
    const token = typeof privateToken === 'string' ? privateToken : bearer;
    const grant = token === undefined ? undefined : this.tokens.get(token);
    const body = raw === '' ? undefined : (JSON.parse(raw) as unknown);
    this.requests.push({
      method,
      path,
      query: Object.fromEntries(url.searchParams),
      ...(grant === undefined ? {} : { user: grant.user.username }),
      ...(token === undefined ? {} : { via: typeof privateToken === 'string' ? 'private-token' : 'bearer' }),
      ...(body === undefined ? {} : { body }),
    });
    const fault = this.faults.find((f) => f.method === method && f.path.test(path) && (f.times ?? 1) > 0);
    if (fault !== undefined) {
      fault.times = (fault.times ?? 1) - 1;
      if (fault.reset === true) return 'reset';
      if (fault.loseAnswer === true) {
        this.handle(method, url, path, grant, body);
        return 'reset';
      }
      if (fault.handled === true) this.handle(method, url, path, grant, body);
      return {
        status: fault.status ?? 500,
        body: fault.body ?? { message: '500 Internal Server Error' },
        headers: { 'retry-after': '0' },
      };
    }
    return this.handle(method, url, path, grant, body);
  }

  private handle(method: string, url: URL, path: string, grant: TokenGrant | undefined, body: unknown): Answer {
    if (grant === undefined) return { status: 401, body: { message: '401 Unauthorized' } };
    const notFound = { status: 404, body: { message: '404 Not found' } };
    if (method === 'GET' && path === '/user')
      return {
        status: 200,
        body: { ...grant.user, state: 'active', web_url: `https://gitlab.example/${grant.user.username}` },
      };
    const list = /^\/projects\/([^/]+)\/merge_requests\/(\d+)\/notes(?:\/(\d+))?$/.exec(path);
    if (list === null) return notFound;
    const key = `${decodeURIComponent(list[1] as string)}!${list[2]}`;
    const notes = this.notes.get(key);
    if (notes === undefined) return notFound;
    if (method === 'GET' && list[3] === undefined) return this.page(url, notes);
    if (method !== 'POST' && method !== 'PUT') return notFound;
    if (grant.scope === 'read_api') {
      return {
        status: 403,
        body: {
          error: 'insufficient_scope',
          error_description: 'The request requires higher privileges than provided by the access token.',
          scope: 'api',
        },
      };
    }
    const forbidden = { status: 403, body: { message: '403 Forbidden' } };
    if (grant.write === false) return forbidden;
    const text = (body as { body?: unknown } | undefined)?.body;
    if (typeof text !== 'string' || text === '') return { status: 400, body: { error: 'body is missing' } };
    if ([...text].length > GITLAB_NOTE_LIMIT)
      return { status: 400, body: { message: { note: [`is too long (maximum is ${GITLAB_NOTE_LIMIT} characters)`] } } };
    if (method === 'POST' && list[3] === undefined) {
      const [project, iid] = key.split('!') as [string, string];
      return { status: 201, body: this.addNote(project, Number(iid), grant.user, text) };
    }
    const note = notes.find((n) => n.id === Number(list[3]));
    if (note === undefined || list[3] === undefined) return notFound;
    if (note.system || note.author.id !== grant.user.id) return forbidden;
    note.body = text;
    note.updated_at = new Date(Date.UTC(2026, 0, 2)).toISOString();
    return { status: 200, body: note };
  }

  /** One page of the notes, with the headers of offset pagination (or Link alone). */
  private page(url: URL, all: readonly GitLabNote[]): Answer {
    const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get('per_page') ?? 20) || 20));
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
    const sorted = url.searchParams.get('sort') === 'asc' ? [...all] : [...all].reverse();
    const last = this.paging === 'endless' ? page + 1 : Math.max(1, Math.ceil(sorted.length / perPage));
    const at = (n: number): string => {
      const target = new URL(url);
      target.searchParams.set('page', String(n));
      target.searchParams.set('per_page', String(perPage));
      return target.href;
    };
    const link = [
      ...(page < last ? [`<${at(page + 1)}>; rel="next"`] : []),
      `<${at(1)}>; rel="first"`,
      ...(this.linkOnly ? [] : [`<${at(last)}>; rel="last"`]),
    ].join(', ');
    const headers: Record<string, string> = this.linkOnly
      ? { link }
      : {
          link,
          'x-page': String(page),
          'x-per-page': String(perPage),
          'x-next-page': this.paging === 'stuck' ? '1' : page < last ? String(page + 1) : '',
          'x-prev-page': page > 1 ? String(page - 1) : '',
          'x-total': String(sorted.length),
          'x-total-pages': String(last),
        };
    return { status: 200, body: sorted.slice((page - 1) * perPage, page * perPage), headers };
  }
}
