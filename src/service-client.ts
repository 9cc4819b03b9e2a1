import { EnvHttpProxyAgent, request, type Dispatcher } from 'undici';
import type { z } from 'zod';
import { DEFAULT_RETRY_POLICY, parseRetryAfter, systemClock, withRetries, type Clock, type RetryPolicy } from './retry.ts';
import {
  clientResponseSchema,
  createResponseSchema,
  scopeListResponseSchema,
  ServiceError,
  type AuthService,
  type ScopeDefinition,
} from './service.ts';

export { ServiceError };

/** Answers are a few kilobytes; a body far larger than this is refused, not buffered. */
export const MAX_RESPONSE_BYTES = 1024 * 1024;

export interface ServiceClientOptions {
  authUrl: string;
  clientId: string;
  clientSecret: string;
  /** Limit for each request (default 30 s). */
  timeoutMs?: number;
  /** When the whole step must be done, on the clock's time (default: three request limits from now). */
  deadline?: number;
  retry?: RetryPolicy;
  clock?: Clock;
  /** Defaults to one keep-alive agent that honours HTTP_PROXY, HTTPS_PROXY and NO_PROXY. */
  dispatcher?: Dispatcher;
}

// What to do about a status, in the words of the portal the user knows.
const STATUS_HINTS: Readonly<Record<number, string>> = {
  400: 'the service refused the request as invalid',
  401: 'the credentials were rejected: check the client_id and client_secret secrets, and that the secret was not deleted in the developer portal',
  403: 'the credentials do not own this client: client_id and client_secret must belong to the same app',
  404: 'no such client: check that client_id is the Client ID of the app in the developer portal',
  409: 'the scope already exists',
  429: 'too many requests',
};

const TRANSIENT_STATUSES = new Set([429, 500, 502, 503, 504]);
// Connection failures worth another try; a name that does not resolve is not one of them.
const TRANSIENT_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_CLOSED']);

type Query = Readonly<Record<string, readonly string[]>>;

// One comma-separated list per parameter, with the separators left as they are: each item
// is encoded on its own so that a server splitting before or after decoding reads the same.
const queryString = (query: Query): string =>
  Object.entries(query)
    .map(([key, values]) => `${key}=${values.map(encodeURIComponent).join(',')}`)
    .join('&');

async function readBody(body: Dispatcher.ResponseData['body'], call: string): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_RESPONSE_BYTES) {
      body.destroy();
      throw new ServiceError(`${call}: the answer is larger than ${MAX_RESPONSE_BYTES} bytes and was not read`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The service's own explanation, if its error body has one (`errors[].detail`), and the request id. */
function serviceDetail(body: unknown, headerRequestId: string | string[] | undefined): string {
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const errors = Array.isArray(record.errors) ? (record.errors as Array<Record<string, unknown> | null>) : [];
  const detail = [errors[0]?.detail, record.detail, record.message].find((d): d is string => typeof d === 'string' && d !== '');
  const requestId = typeof record.request_id === 'string' ? record.request_id : typeof headerRequestId === 'string' ? headerRequestId : undefined;
  return `${detail === undefined ? '' : ` The service said: ${detail.slice(0, 500)}`}${requestId === undefined ? '' : ` (request id ${requestId})`}`;
}

/** The authentication service's API over undici, authenticated with HTTP Basic. */
export function createServiceClient(options: ServiceClientOptions): AuthService & { close(): Promise<void> } {
  const { authUrl, clientId, timeoutMs = 30_000, retry = DEFAULT_RETRY_POLICY, clock = systemClock } = options;
  const startedAt = clock.now();
  const deadline = options.deadline ?? startedAt + 3 * timeoutMs;
  const dispatcher = options.dispatcher ?? new EnvHttpProxyAgent({ keepAliveTimeout: 10_000 });
  // The only place the secret is used: built once, sent in every call, never logged.
  const authorization = `Basic ${Buffer.from(`${clientId}:${options.clientSecret}`).toString('base64')}`;
  const host = new URL(authUrl).host;

  function networkError(label: string, error: unknown): ServiceError {
    const { code, name, message } = (error ?? {}) as { code?: string; name?: string; message?: string };
    if (name === 'TimeoutError') {
      const pastDeadline = clock.now() >= deadline;
      return new ServiceError(
        `${label} timed out waiting for ${host} (timeout_seconds: ${timeoutMs / 1000})` +
          (pastDeadline ? `; the step's deadline of ${Math.round((deadline - startedAt) / 1000)} s has passed` : ''),
        { transient: !pastDeadline },
      );
    }
    const what =
      code === 'ECONNREFUSED' ? `nothing is listening at ${host} (connection refused): check auth_url`
      : code === 'ENOTFOUND' ? `the host name ${host} does not resolve: check auth_url and the runner's DNS`
      : code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' ? `the connection to ${host} was closed before the answer came`
      : `could not reach ${host}: ${[code, message].filter(Boolean).join(': ')}`;
    return new ServiceError(`${label}: ${what}`, { transient: code !== undefined && TRANSIENT_CODES.has(code) });
  }

  /** One request; every failure becomes a ServiceError that says whether to try again. */
  async function once<S extends z.ZodType>(
    name: string,
    schema: S,
    method: 'GET' | 'POST',
    apiPath: string,
    { query, body, notFound }: { query?: Query; body?: unknown; notFound?: z.output<S> },
  ): Promise<z.output<S>> {
    const label = `${name} (${method} ${apiPath})`;
    const url = `${authUrl}${apiPath}${query === undefined ? '' : `?${queryString(query)}`}`;
    const headers: Record<string, string> = { authorization, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    // Each request gets its own limit, cut short by the step's deadline.
    const limitMs = Math.max(1, Math.min(timeoutMs, deadline - clock.now()));
    let response: Dispatcher.ResponseData;
    try {
      response = await request(url, {
        method,
        headers,
        dispatcher,
        signal: AbortSignal.timeout(limitMs),
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      throw networkError(label, error);
    }
    const status = response.statusCode;
    let text: string;
    try {
      text = await readBody(response.body, label);
    } catch (error) {
      throw error instanceof ServiceError ? error : networkError(label, error);
    }
    const json = parseJson(text);
    if (status === 404 && notFound !== undefined) return notFound;
    if (status >= 300 && status < 400) {
      // Never followed: the credentials go to auth_url's origin and nowhere else.
      throw new ServiceError(
        `${label} was redirected (HTTP ${status}) to ${String(response.headers.location)}. Redirects are not followed with the ` +
          'credentials: set auth_url to the address of the service itself.',
        { status },
      );
    }
    if (status < 200 || status >= 300) {
      const hint = STATUS_HINTS[status];
      const retryAfter = response.headers['retry-after'];
      const retryAfterMs = parseRetryAfter(typeof retryAfter === 'string' ? retryAfter : undefined, clock.now());
      throw new ServiceError(
        `${label} failed with HTTP ${status}${hint === undefined ? '' : `: ${hint}`}.${serviceDetail(json, response.headers['x-request-id'])}`,
        { status, transient: TRANSIENT_STATUSES.has(status), ...(retryAfterMs === undefined ? {} : { retryAfterMs }) },
      );
    }
    if (json === undefined) throw new ServiceError(`${label}: the answer (HTTP ${status}) is not JSON`, { status });
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((issue) => issue.path.join('.') || '(body)');
      throw new ServiceError(`${label}: the answer lacks or mistypes ${[...new Set(fields)].join(', ')}`, { status });
    }
    return parsed.data;
  }

  /** A read: retried with backoff while the failure is transient. */
  const read = <S extends z.ZodType>(name: string, schema: S, apiPath: string, extra: { query?: Query; notFound?: z.output<S> } = {}) =>
    withRetries(
      () => once(name, schema, 'GET', apiPath, extra),
      (error) => (error instanceof ServiceError ? { retryable: error.transient, retryAfterMs: error.retryAfterMs } : { retryable: false }),
      { policy: retry, clock, deadline },
      (error, reason) => (error instanceof ServiceError ? new ServiceError(`${error.message} (${reason})`, { ...(error.status === undefined ? {} : { status: error.status }) }) : error),
    );

  const clientPath = `/v2/api/clients/${encodeURIComponent(clientId)}`;
  return {
    getClient: () => read('Client inspection', clientResponseSchema, clientPath),
    // A string or id that does not exist may be answered with an empty list or with 404.
    lookupScopesByString: (scopeStrings) => read('Scope lookup', scopeListResponseSchema, '/v2/api/scopes', { query: { scope_strings: scopeStrings }, notFound: [] }),
    lookupScopesById: (ids) => read('Scope lookup', scopeListResponseSchema, '/v2/api/scopes', { query: { ids }, notFound: [] }),
    // Never repeated here: whether to send it again is the reconciliation's decision.
    createScope: (definition: ScopeDefinition) =>
      once('Scope creation', createResponseSchema, 'POST', `${clientPath}/scopes`, { body: { scope: definition } }),
    close: () => (options.dispatcher === undefined ? dispatcher.close() : Promise.resolve()),
  };
}
