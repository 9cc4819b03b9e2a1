import { EnvHttpProxyAgent, request, type Dispatcher } from 'undici';
import type { z } from 'zod';
import { DEFAULT_RETRY_POLICY, parseRetryAfter, systemClock, type Clock, type RetryPolicy } from './retry.ts';
import { ServiceError, withServiceRetries } from './service.ts';

/** Answers are a few kilobytes; a body far larger than this is refused, not buffered. */
export const MAX_RESPONSE_BYTES = 1024 * 1024;

export interface HttpOptions {
  /** Limit for each request (default 30 s). */
  timeoutMs?: number;
  /** When the whole step must be done, on the clock's time (default: three request limits from now). */
  deadline?: number;
  retry?: RetryPolicy;
  clock?: Clock;
  /** Defaults to one keep-alive agent that honours HTTP_PROXY, HTTPS_PROXY and NO_PROXY. */
  dispatcher?: Dispatcher;
}

export interface JsonHttpOptions extends HttpOptions {
  /** The input that names the server, for messages that say what to check. */
  urlInput: string;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** What to do about a status, in the user's words. */
  hints?: Readonly<Record<number, string>>;
}

export interface RequestOptions<T> {
  body?: unknown;
  /** The value a 404 stands for, where 404 means "none" rather than a failure. */
  notFound?: T;
}

export interface JsonHttp {
  /** One request, never repeated. */
  send<S extends z.ZodType>(label: string, schema: S, method: 'GET' | 'POST', url: string, options?: RequestOptions<z.output<S>>): Promise<z.output<S>>;
  /** A read, retried with backoff while the failure is transient. */
  get<S extends z.ZodType>(label: string, schema: S, url: string, options?: RequestOptions<z.output<S>>): Promise<z.output<S>>;
  close(): Promise<void>;
}

const TRANSIENT_STATUSES = new Set([429, 500, 502, 503, 504]);
// Connection failures worth another try; a name that does not resolve is not one of them.
const TRANSIENT_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);

async function readBody(body: Dispatcher.ResponseData['body'], label: string): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_RESPONSE_BYTES) {
      body.destroy();
      throw new ServiceError(`${label}: the answer is larger than ${MAX_RESPONSE_BYTES} bytes and was not read`);
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

/** The server's own explanation, if its error body has one (`errors[].detail`), and the request id. */
function serverDetail(body: unknown, headerRequestId: string | string[] | undefined): string {
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const errors = Array.isArray(record.errors) ? (record.errors as Array<Record<string, unknown> | null>) : [];
  const detail = [errors[0]?.detail, record.detail, record.message].find((d): d is string => typeof d === 'string' && d !== '');
  const requestId = typeof record.request_id === 'string' ? record.request_id : typeof headerRequestId === 'string' ? headerRequestId : undefined;
  return `${detail === undefined ? '' : ` The service said: ${detail}`}${requestId === undefined ? '' : ` (request id ${requestId})`}`;
}

/**
 * JSON over undici with the project's transport rules: a limit per request, a deadline for
 * the step, retries of transient read failures, no redirects followed, bounded bodies, and
 * every failure turned into a ServiceError whose message says what happened.
 */
export function createJsonHttp(options: JsonHttpOptions): JsonHttp {
  const { timeoutMs = 30_000, retry = DEFAULT_RETRY_POLICY, clock = systemClock, urlInput, hints = {} } = options;
  const startedAt = clock.now();
  const deadline = options.deadline ?? startedAt + 3 * timeoutMs;
  // undici's own header and body timeouts (300 s) are off: the limit is timeoutMs, by signal.
  const dispatcher = options.dispatcher ?? new EnvHttpProxyAgent({ keepAliveTimeout: 10_000, headersTimeout: 0, bodyTimeout: 0 });

  function networkError(label: string, host: string, error: unknown): ServiceError {
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
      code === 'ECONNREFUSED' ? `nothing is listening at ${host} (connection refused): check ${urlInput}`
      : code === 'ENOTFOUND' ? `the host name ${host} does not resolve: check ${urlInput} and the runner's DNS`
      : code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' ? `the connection to ${host} was closed before the answer came`
      : `could not reach ${host}: ${[code, message].filter(Boolean).join(': ')}`;
    return new ServiceError(`${label}: ${what}`, { transient: code !== undefined && TRANSIENT_CODES.has(code) });
  }

  async function send<S extends z.ZodType>(
    label: string,
    schema: S,
    method: 'GET' | 'POST',
    url: string,
    { body, notFound }: RequestOptions<z.output<S>> = {},
  ): Promise<z.output<S>> {
    const host = new URL(url).host;
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (body !== undefined) headers['content-type'] = 'application/json';
    // Each request gets its own limit, cut short by the step's deadline.
    const limitMs = Math.max(1, Math.min(timeoutMs, deadline - clock.now()));
    let response: Dispatcher.ResponseData;
    let text: string;
    try {
      response = await request(url, {
        method,
        headers,
        dispatcher,
        signal: AbortSignal.timeout(limitMs),
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      text = await readBody(response.body, label);
    } catch (error) {
      throw error instanceof ServiceError ? error : networkError(label, host, error);
    }
    const status = response.statusCode;
    const json = parseJson(text);
    if (status === 404 && notFound !== undefined) return notFound;
    if (status >= 300 && status < 400) {
      // Never followed: the credentials go to the origin the user named and nowhere else.
      throw new ServiceError(
        `${label} was redirected (HTTP ${status}) to ${String(response.headers.location)}. Redirects are not followed with the ` +
          `credentials: set ${urlInput} to the address of the service itself.`,
        { status },
      );
    }
    if (status < 200 || status >= 300) {
      const hint = hints[status];
      const retryAfter = response.headers['retry-after'];
      const retryAfterMs = parseRetryAfter(typeof retryAfter === 'string' ? retryAfter : undefined, clock.now());
      throw new ServiceError(`${label} failed with HTTP ${status}${hint === undefined ? '' : `: ${hint}`}.${serverDetail(json, response.headers['x-request-id'])}`, {
        status,
        transient: TRANSIENT_STATUSES.has(status),
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      });
    }
    if (json === undefined) throw new ServiceError(`${label}: the answer (HTTP ${status}) is not JSON`, { status });
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((issue) => issue.path.join('.') || '(body)');
      throw new ServiceError(`${label}: the answer lacks or mistypes ${[...new Set(fields)].join(', ')}`, { status });
    }
    return parsed.data;
  }

  return {
    send,
    get: (label, schema, url, requestOptions) => withServiceRetries(() => send(label, schema, 'GET', url, requestOptions), { policy: retry, clock, deadline }),
    // Destroyed rather than closed: a request still in flight when a sibling failed is
    // abandoned at once instead of being waited for.
    close: () => (options.dispatcher === undefined ? dispatcher.destroy() : Promise.resolve()),
  };
}
