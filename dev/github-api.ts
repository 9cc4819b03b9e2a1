/**
 * A fake of the part of GitHub's REST API the action's pull request comment uses, on
 * 127.0.0.1, for the tests and the demo (GITHUB_API_URL points at it, under a GitHub
 * Enterprise Server style path, `/api/v3`). It records every request (never a token: the
 * user the token stands for), and answers as GitHub does:
 *
 * - `GET /user`: the token's user; 403 "Resource not accessible by integration" for an
 *   installation token such as the workflow's (anthropics/claude-code-action#538 shows it).
 * - `GET /repos/{owner}/{repo}/issues/{number}/comments`: `per_page` (30 by default, 100 at
 *   most) and `page`, with a `Link` header (`next`, `last`, `first`, `prev`).
 * - `POST` there, and `PATCH /repos/{owner}/{repo}/issues/comments/{id}`: 403 for a read-only
 *   token (a fork's) and for another user's comment, 422 for a body over 65,536 characters
 *   (the message GitHub gives, danger/danger#424), 404 for a comment that does not exist.
 * - `GET /repos/{owner}/{repo}/issues`: the repository's issues and pull requests (a pull
 *   request has a `pull_request` key), newest first, filtered by `state` (`open` by default,
 *   `closed`, `all`) and `creator`, paged as the comments are
 *   (https://docs.github.com/en/rest/issues/issues#list-repository-issues).
 * - `POST` there (a title is required), and `PATCH /repos/{owner}/{repo}/issues/{number}`
 *   (`title`, `body`, `state`, `state_reason`): anyone's issue, as GitHub lets a token with
 *   `issues: write`; 403 for a read-only token, 422 for a body over 65,536 characters.
 * - `GET /search/issues`: nothing, as for an issue not yet indexed.
 * - `GET /repos/{owner}/{repo}/actions/secrets/public-key` and `PUT .../actions/secrets/{name}`
 *   (`{encrypted_value, key_id}`: 201 created, 204 updated; 422 for another key's id), the same
 *   under `/environments/{environment}/secrets/`, each with its own X25519 key pair
 *   (https://docs.github.com/en/rest/actions/secrets). A token's `secrets` and `environments`
 *   grants ('read' or 'write') stand for the fine-grained permissions GitHub names there:
 *   reading a public key needs read, a PUT write (both, for an environment's); the workflow's
 *   own token has neither (403). `sealedSecret()` gives what was stored, still sealed, with the
 *   private key that opens it.
 * - 401 "Bad credentials" for an unknown token.
 *
 * `fail()` queues answers of another status, a reset connection, or an answer lost after the
 * request was handled, for the next matching requests; `apply` has the request handled first
 * (a write GitHub applied, whose answer a gateway replaced by a 502 or the network lost),
 * `before` runs a step of the test when one arrives, and `hold` keeps one waiting until the
 * test lets it go (`hold()`: another run goes on meanwhile).
 */
import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import { LocalServer } from './local-server.ts';

export const GITHUB_COMMENT_LIMIT = 65_536;

export interface GitHubUser {
  login: string;
  id: number;
  type: 'User' | 'Bot';
}

export interface TokenGrant {
  user: GitHubUser;
  /** May write comments (false: a fork's read-only token). */
  write?: boolean;
  /** May ask GET /user (false: an installation token, as the workflow's own). */
  readUser?: boolean;
  /** The "Secrets" repository permission (none: the workflow's own token). */
  secrets?: 'read' | 'write';
  /** The "Environments" repository permission. */
  environments?: 'read' | 'write';
}

/** A repository's or an environment's key pair for sealed secrets: raw X25519 keys, base64. */
export interface SecretsKey {
  key_id: string;
  key: string;
  privateKey: string;
}

/** A secret as stored: sealed, with the id of the key it was sealed for. */
export interface StoredSecret {
  encrypted_value: string;
  key_id: string;
}

export interface IssueComment {
  id: number;
  body: string;
  user: GitHubUser;
  html_url: string;
  created_at: string;
  updated_at: string;
}

export interface Issue {
  number: number;
  title: string;
  body: string;
  state: 'open' | 'closed';
  state_reason: 'completed' | 'not_planned' | 'reopened' | null;
  user: GitHubUser;
  html_url: string;
  /** Only on a pull request, as GitHub lists them among the issues. */
  pull_request?: { url: string };
}

export interface GitHubRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The login the token stands for, if it is known. */
  user?: string;
  /** When it arrived (ms since the epoch), as the embedded service records its own. */
  at: number;
  body?: unknown;
}

export interface GitHubFault {
  method: string;
  path: RegExp;
  status?: number;
  reset?: boolean;
  /** Handled, then the connection reset before the answer leaves. */
  loseAnswer?: boolean;
  /** Handled for real first, then answered `status` (or reset): a write applied, its answer lost. */
  apply?: boolean;
  /** Runs as the request arrives, before anything else (another party acts at that moment). */
  before?: (request: GitHubRequest) => void;
  /** The request waits until this settles, then goes on as the fault says (with no effect: handled as usual). */
  hold?: Promise<unknown>;
  times?: number;
}

/** A request held by the fake: `arrived` once it is there, `release()` lets it go on. */
export interface Held {
  arrived: Promise<void>;
  release(): void;
}

export const WORKFLOW_BOT: GitHubUser = { login: 'github-actions[bot]', id: 41898282, type: 'Bot' };

/** Where the fake serves the API, as GitHub Enterprise Server does. */
const BASE = '/api/v3';

export class FakeGitHubApi {
  readonly requests: GitHubRequest[] = [];
  /** Comments by `owner/repo#number`. */
  readonly comments = new Map<string, IssueComment[]>();
  /** Issues and pull requests by `owner/repo`, in the order opened. */
  readonly issues = new Map<string, Issue[]>();
  private readonly tokens = new Map<string, TokenGrant>();
  /** Key pairs by `owner/repo` or `owner/repo/environment`, made on first use. */
  private readonly keys = new Map<string, SecretsKey>();
  /** Environments by `owner/repo`. */
  private readonly environments = new Map<string, Set<string>>();
  /** Sealed secrets by `owner/repo[/environment]:NAME`. */
  readonly secrets = new Map<string, StoredSecret>();
  private readonly faults: GitHubFault[] = [];
  private nextId = 1000;
  private readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void this.reply(
        req.method ?? 'GET',
        req.url ?? '/',
        req.headers.authorization,
        Buffer.concat(chunks).toString('utf8'),
      ).then((answer) => {
        if (answer === 'reset') return void req.socket.destroy();
        res
          .writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8', ...answer.headers })
          .end(JSON.stringify(answer.body));
      });
    });
  });
  private readonly local = new LocalServer(this.server);
  private origin = '';

  /** The API's address, for GITHUB_API_URL. */
  get url(): string {
    return `${this.origin}${BASE}`;
  }

  async start(): Promise<string> {
    this.origin = `http://127.0.0.1:${await this.local.listen(0)}`;
    return this.url;
  }

  stop(): Promise<void> {
    return this.local.stop();
  }

  /** A token and what it may do. */
  grant(token: string, grant: TokenGrant): void {
    this.tokens.set(token, grant);
  }

  /** A comment as if `user` had written it before the run. */
  addComment(issue: string, user: GitHubUser, body: string): IssueComment {
    const at = new Date(Date.UTC(2026, 0, 1, 0, 0, this.nextId - 1000)).toISOString();
    const comment = { id: this.nextId++, body, user, html_url: '', created_at: at, updated_at: at };
    comment.html_url = `https://github.example/${issue.replace('#', '/pull/')}#issuecomment-${comment.id}`;
    this.commentsOf(issue).push(comment);
    return comment;
  }

  /** An issue (or, with `pullRequest`, a pull request) as if `user` had opened it before the run. */
  addIssue(
    repository: string,
    user: GitHubUser,
    {
      title = 'An issue',
      body = '',
      state = 'open',
      pullRequest = false,
    }: Partial<Pick<Issue, 'title' | 'body' | 'state'>> & { pullRequest?: boolean } = {},
  ): Issue {
    const list = this.issuesOf(repository);
    const number = list.length + 1;
    const kind = pullRequest ? 'pull' : 'issues';
    const issue: Issue = {
      number,
      title,
      body,
      state,
      state_reason: state === 'closed' ? 'completed' : null,
      user,
      html_url: `https://github.example/${repository}/${kind}/${number}`,
    };
    if (pullRequest) issue.pull_request = { url: `${this.url}/repos/${repository}/pulls/${number}` };
    list.push(issue);
    return issue;
  }

  issuesOf(repository: string): Issue[] {
    let list = this.issues.get(repository);
    if (list === undefined) this.issues.set(repository, (list = []));
    return list;
  }

  commentsOf(issue: string): IssueComment[] {
    let list = this.comments.get(issue);
    if (list === undefined) this.comments.set(issue, (list = []));
    return list;
  }

  /** An environment of the repository `owner/repo` (its secrets need it to exist). */
  addEnvironment(repo: string, name: string): void {
    const set = this.environments.get(repo) ?? new Set<string>();
    set.add(name);
    this.environments.set(repo, set);
  }

  /** The key pair of the repository `owner/repo`, or of one of its environments. */
  keyOf(repo: string, environment?: string): SecretsKey {
    const where = environment === undefined ? repo : `${repo}/${environment}`;
    let pair = this.keys.get(where);
    if (pair === undefined) {
      const { publicKey, privateKey } = generateKeyPairSync('x25519');
      const raw = (key: typeof publicKey, part: 'x' | 'd'): string =>
        Buffer.from(String(key.export({ format: 'jwk' })[part]), 'base64url').toString('base64');
      pair = {
        key_id: String(this.nextId++) + String(this.keys.size).padStart(16, '0'),
        key: raw(publicKey, 'x'),
        privateKey: raw(privateKey, 'd'),
      };
      this.keys.set(where, pair);
    }
    return pair;
  }

  /** A secret as stored, still sealed, with the key it was sealed for; undefined if none. */
  sealedSecret(repo: string, name: string, environment?: string): (StoredSecret & { pair: SecretsKey }) | undefined {
    const stored = this.secrets.get(
      `${environment === undefined ? repo : `${repo}/${environment}`}:${name.toUpperCase()}`,
    );
    return stored === undefined ? undefined : { ...stored, pair: this.keyOf(repo, environment) };
  }

  /** The next `times` requests that match answer `status`, or have their connection reset. */
  fail(fault: GitHubFault): void {
    this.faults.push({ times: 1, ...fault });
  }

  /** The next request that matches waits, handled as usual once released. */
  hold(method: string, path: RegExp): Held {
    let arrive = (): void => {};
    let release = (): void => {};
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const hold = new Promise<void>((resolve) => (release = resolve));
    this.fail({ method, path, before: () => arrive(), hold });
    return { arrived, release };
  }

  /** `METHOD path` of every request, in order. */
  calls(): string[] {
    return this.requests.map((r) => `${r.method} ${r.path}`);
  }

  private async reply(
    method: string,
    rawUrl: string,
    authorization: string | undefined,
    raw: string,
  ): Promise<{ status: number; body: unknown; headers?: Record<string, string> } | 'reset'> {
    const url = new URL(rawUrl, this.origin);
    const path = url.pathname.startsWith(BASE) ? url.pathname.slice(BASE.length) : url.pathname;
    const token = /^(?:token|bearer) (\S+)$/i.exec(authorization ?? '')?.[1];
    const grant = token === undefined ? undefined : this.tokens.get(token);
    const body = raw === '' ? undefined : (JSON.parse(raw) as unknown);
    const request: GitHubRequest = {
      method,
      path,
      query: Object.fromEntries(url.searchParams),
      at: Date.now(),
      ...(grant === undefined ? {} : { user: grant.user.login }),
      ...(body === undefined ? {} : { body }),
    };
    this.requests.push(request);

    const fault = this.faults.find((f) => f.method === method && f.path.test(path) && (f.times ?? 1) > 0);
    if (fault === undefined) return this.handle(method, url, path, grant, body);
    fault.times = (fault.times ?? 1) - 1;
    fault.before?.(request);
    await fault.hold;
    // Only held or watched: handled as usual.
    const effect = fault.status !== undefined || fault.reset === true || fault.loseAnswer === true;
    if (!effect && (fault.hold !== undefined || fault.before !== undefined))
      return this.handle(method, url, path, grant, body);
    if (fault.apply === true || fault.loseAnswer === true) this.handle(method, url, path, grant, body);
    if (fault.reset === true || fault.loseAnswer === true) return 'reset';
    return { status: fault.status ?? 500, body: { message: 'Server Error' }, headers: { 'retry-after': '0' } };
  }

  private handle(
    method: string,
    url: URL,
    path: string,
    grant: TokenGrant | undefined,
    body: unknown,
  ): { status: number; body: unknown; headers?: Record<string, string> } {
    if (grant === undefined)
      return { status: 401, body: { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' } };
    const forbidden = {
      status: 403,
      body: { message: 'Resource not accessible by integration', documentation_url: 'https://docs.github.com/rest' },
    };
    const notFound = { status: 404, body: { message: 'Not Found' } };

    if (method === 'GET' && path === '/user')
      return grant.readUser === false ? forbidden : { status: 200, body: grant.user };

    const list = /^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/comments$/.exec(path);
    if (list !== null) {
      const issue = `${list[1]}/${list[2]}#${list[3]}`;
      if (method === 'GET') return this.page(url, this.commentsOf(issue));
      if (method === 'POST') {
        const text = (body as { body?: unknown } | undefined)?.body;
        if (grant.write === false) return forbidden;
        if (typeof text !== 'string') return { status: 422, body: { message: 'Invalid request.' } };
        if ([...text].length > GITHUB_COMMENT_LIMIT) return tooLong('IssueComment');
        return { status: 201, body: this.addComment(issue, grant.user, text) };
      }
    }
    const issues = /^\/repos\/([^/]+\/[^/]+)\/issues$/.exec(path);
    if (issues !== null) {
      const list = this.issuesOf(issues[1] as string);
      if (method === 'GET') {
        const state = url.searchParams.get('state') ?? 'open';
        const creator = url.searchParams.get('creator');
        const listed = list.filter(
          (i) => (state === 'all' || i.state === state) && (creator === null || i.user.login === creator),
        );
        return this.page(url, listed.reverse());
      }
      if (method === 'POST') {
        const { title, body: text } = (body ?? {}) as { title?: unknown; body?: unknown };
        if (grant.write === false) return forbidden;
        if (typeof title !== 'string' || title === '')
          return {
            status: 422,
            body: {
              message: 'Validation Failed',
              errors: [{ resource: 'Issue', code: 'missing_field', field: 'title' }],
            },
          };
        if (typeof text === 'string' && [...text].length > GITHUB_COMMENT_LIMIT) return tooLong('Issue');
        return {
          status: 201,
          body: this.addIssue(issues[1] as string, grant.user, { title, body: typeof text === 'string' ? text : '' }),
        };
      }
    }
    const issue = /^\/repos\/([^/]+\/[^/]+)\/issues\/(\d+)$/.exec(path);
    if (issue !== null && method === 'PATCH') {
      const found = this.issuesOf(issue[1] as string).find((i) => i.number === Number(issue[2]));
      if (found === undefined) return notFound;
      if (grant.write === false) return forbidden;
      const {
        title,
        body: text,
        state,
        state_reason,
      } = (body ?? {}) as { title?: unknown; body?: unknown; state?: unknown; state_reason?: unknown };
      if (typeof text === 'string' && [...text].length > GITHUB_COMMENT_LIMIT) return tooLong('Issue');
      if (typeof title === 'string') found.title = title;
      if (typeof text === 'string') found.body = text;
      if (state === 'open' || state === 'closed') {
        // Reopened, an issue's reason says so; closed, it is the one given (completed by default).
        found.state_reason =
          state === 'open'
            ? found.state === 'closed'
              ? 'reopened'
              : found.state_reason
            : ((state_reason as Issue['state_reason'] | undefined) ?? 'completed');
        found.state = state;
      }
      return { status: 200, body: found };
    }
    const secret = /^\/repos\/([^/]+\/[^/]+)\/(?:actions|environments\/([^/]+))\/secrets\/([^/]+)$/.exec(path);
    if (secret !== null)
      return this.secretCall(
        method,
        grant,
        secret[1] as string,
        secret[2] === undefined ? undefined : decodeURIComponent(secret[2]),
        secret[3] as string,
        body,
      );
    if (method === 'GET' && path === '/search/issues')
      return { status: 200, body: { total_count: 0, incomplete_results: false, items: [] } };
    const one = /^\/repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)$/.exec(path);
    if (one !== null && method === 'PATCH') {
      const comment = [...this.comments.values()].flat().find((c) => c.id === Number(one[1]));
      if (comment === undefined) return notFound;
      if (grant.write === false || comment.user.login !== grant.user.login) return forbidden;
      const text = (body as { body?: unknown } | undefined)?.body;
      if (typeof text !== 'string') return { status: 422, body: { message: 'Invalid request.' } };
      if ([...text].length > GITHUB_COMMENT_LIMIT) return tooLong('IssueComment');
      comment.body = text;
      comment.updated_at = new Date().toISOString();
      return { status: 200, body: comment };
    }
    return notFound;
  }

  /** A public key, or a secret's PUT, of a repository or one of its environments. */
  private secretCall(
    method: string,
    grant: TokenGrant,
    repo: string,
    environment: string | undefined,
    name: string,
    body: unknown,
  ): { status: number; body: unknown } {
    const forbidden = {
      status: 403,
      body: {
        message: 'Resource not accessible by integration',
        documentation_url: 'https://docs.github.com/rest/actions/secrets',
      },
    };
    if (environment !== undefined && this.environments.get(repo)?.has(environment) !== true)
      return { status: 404, body: { message: 'Not Found' } };
    const may = (level: 'read' | 'write'): boolean =>
      grant.secrets !== undefined &&
      (level === 'read' || grant.secrets === 'write') &&
      (environment === undefined ||
        (grant.environments !== undefined && (level === 'read' || grant.environments === 'write')));
    const pair = this.keyOf(repo, environment);
    if (name === 'public-key')
      return method === 'GET'
        ? may('read')
          ? { status: 200, body: { key_id: pair.key_id, key: pair.key } }
          : forbidden
        : { status: 404, body: { message: 'Not Found' } };
    if (method !== 'PUT') return { status: 404, body: { message: 'Not Found' } };
    if (!may('write')) return forbidden;
    const { encrypted_value, key_id } = (body ?? {}) as { encrypted_value?: unknown; key_id?: unknown };
    if (
      typeof encrypted_value !== 'string' ||
      !/^[A-Za-z0-9+/]+={0,2}$/.test(encrypted_value) ||
      key_id !== pair.key_id
    ) {
      return {
        status: 422,
        body: { message: 'Bad request: encrypted_value must be sealed with the public key whose key_id is given' },
      };
    }
    const where = `${environment === undefined ? repo : `${repo}/${environment}`}:${name.toUpperCase()}`;
    const existed = this.secrets.has(where);
    this.secrets.set(where, { encrypted_value, key_id });
    return existed ? { status: 204, body: '' } : { status: 201, body: {} };
  }

  /** One page of a list, with the Link header GitHub sends. */
  private page(url: URL, all: readonly unknown[]): { status: number; body: unknown; headers: Record<string, string> } {
    const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get('per_page') ?? 30) || 30));
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
    const last = Math.max(1, Math.ceil(all.length / perPage));
    const link = (n: number, rel: string): string => {
      const target = new URL(url);
      target.searchParams.set('per_page', String(perPage));
      target.searchParams.set('page', String(n));
      return `<${target.href}>; rel="${rel}"`;
    };
    const links = [
      ...(page < last ? [link(page + 1, 'next'), link(last, 'last')] : []),
      ...(page > 1 ? [link(1, 'first'), link(page - 1, 'prev')] : []),
    ];
    return {
      status: 200,
      body: all.slice((page - 1) * perPage, page * perPage),
      headers: links.length === 0 ? {} : { link: links.join(', ') },
    };
  }
}

const tooLong = (resource: string): { status: number; body: unknown } => ({
  status: 422,
  body: {
    message: 'Validation Failed',
    errors: [
      {
        resource,
        code: 'custom',
        field: 'body',
        message: `body is too long (maximum is ${GITHUB_COMMENT_LIMIT} characters)`,
      },
    ],
  },
});
