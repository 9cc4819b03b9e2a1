import type { IncomingHttpHeaders } from 'node:http';
import type { Dispatcher } from 'undici';
import { closeAhead, openTransport, type Transport, type TransportAnswer } from './transport.ts';
import type { z } from 'zod/mini';
import { requestLimitMs, type Budget } from './budget.ts';
import { describeAnswerProblems } from './answer-problems.ts';
import { ActionError } from './errors.ts';
import { silentLog, type Log } from './log.ts';
import packageJson from '../../package.json' with { type: 'json' };
import { formatPause, parseRetryAfter, withRetries } from './retry.ts';
import { PLAIN_WORDS, type WireSetting, type WireWords } from './words.ts';

/** Answers are a few kilobytes; a body far larger than this is refused, not buffered. */
export const MAX_RESPONSE_BYTES = 1024 * 1024;

/** A request that failed; `transient` when trying again may succeed. */
export class HttpError extends ActionError {
  override readonly name = 'HttpError';
  readonly status: number | undefined;
  readonly transient: boolean;
  /** The wait the server asked for (Retry-After), if it did. */
  readonly retryAfterMs: number | undefined;
  /** The service rejected the client's secret (or id): its replacement is the fix. */
  readonly secretRejected: boolean;

  constructor(
    message: string,
    {
      status,
      transient = false,
      retryAfterMs,
      secretRejected = false,
    }: { status?: number; transient?: boolean; retryAfterMs?: number; secretRejected?: boolean } = {},
  ) {
    super(message);
    this.status = status;
    this.transient = transient;
    this.retryAfterMs = retryAfterMs;
    this.secretRejected = secretRejected;
  }

  /** The same failure, known to be the secret's. */
  asSecretRejected(): HttpError {
    return new HttpError(this.message, {
      ...(this.status === undefined ? {} : { status: this.status }),
      secretRejected: true,
    });
  }
}

/** Tries `attempt` again while it fails with a transient HttpError, paced by the budget. */
export const withHttpRetries = <T>(attempt: () => Promise<T>, budget: Budget, log: Log = silentLog): Promise<T> =>
  withRetries(
    attempt,
    (error) =>
      error instanceof HttpError
        ? { retryable: error.transient, retryAfterMs: error.retryAfterMs }
        : { retryable: false },
    budget,
    // Final once given up on: the message says how far it got.
    (error, reason) => (error instanceof HttpError ? new HttpError(`${error.message} (${reason})`) : error),
    (error, tried, waitMs) =>
      log.info(
        `${sentence((error as Error).message)} Attempt ${tried} of ${budget.policy.attempts} failed; trying again in ${formatPause(waitMs)}.`,
      ),
  );

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface JsonHttpOptions {
  budget: Budget;
  /** The setting that names the server, for messages that say what to check; or the variable, where no setting does. */
  urlSetting: WireSetting | { variable: string };
  /** Who answers, as a message quotes it: "The service said: ...". */
  speaker?: string;
  /** A larger answer is refused, not buffered; MAX_RESPONSE_BYTES by default. */
  maxResponseBytes?: number;
  /** How the user names the settings a message mentions; plain names by default. */
  words?: WireWords | undefined;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** What to do about a status, in the user's words. */
  hints?: Readonly<Record<number, string>>;
  /** What to do about an answer whose fields are not as expected (after what is wrong with it). */
  unusableAnswer?: string;
  /** Applied to the server's values a message quotes, before they are clipped: the secret never cut in two. */
  scrub?: ((text: string) => string) | undefined;
  /** For every request; by default, keep-alive lanes that honour HTTP_PROXY, HTTPS_PROXY and NO_PROXY, closed when the budget's signal aborts. */
  dispatcher?: Dispatcher | undefined;
  log?: Log | undefined;
}

/** Sent with every request, so that a service's operators can tell this action's calls apart. */
export const USER_AGENT = `ensure-provider-scope/${packageJson.version}`;

export interface RequestOptions<T> {
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as application/x-www-form-urlencoded instead (an OAuth2 token request). */
  form?: Record<string, string>;
  /** Headers for this request, over the client's. */
  headers?: Record<string, string>;
  /** What a status means for this request, where it differs from the client's hints. */
  hints?: Readonly<Record<number, string>>;
  /** The value a 404 stands for, where 404 means "none" rather than a failure. */
  notFound?: T;
}

export interface JsonHttp {
  /** One request, never repeated. */
  send<S extends z.ZodMiniType>(
    label: string,
    schema: S,
    method: Method,
    url: string,
    options?: RequestOptions<z.output<S>>,
  ): Promise<z.output<S>>;
  /** An idempotent request, sent again with backoff while the failure is transient. */
  retried<S extends z.ZodMiniType>(
    label: string,
    schema: S,
    method: Method,
    url: string,
    options?: RequestOptions<z.output<S>>,
  ): Promise<z.output<S>>;
  /** As retried, with the answer's headers (a page's links to the next). */
  retriedWithHeaders<S extends z.ZodMiniType>(
    label: string,
    schema: S,
    method: Method,
    url: string,
    options?: RequestOptions<z.output<S>>,
  ): Promise<Answer<z.output<S>>>;
}

/** An answer's data and its headers. */
export interface Answer<T> {
  data: T;
  headers: IncomingHttpHeaders;
}

const TRANSIENT_STATUSES = new Set([429, 500, 502, 503, 504]);
// A certificate that does not verify: most often a proxy of the network that intercepts TLS.
const TLS_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);
// Connection failures worth another try; a name that does not resolve is not one of them.
const TRANSIENT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);

async function readBody(body: TransportAnswer['body'], label: string, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) {
      // Leaving the loop by a throw destroys the body's stream (a Readable's async iterator).
      throw new HttpError(`${label}: the answer is larger than ${maxBytes} bytes and was not read`);
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

/** A message as a sentence: ended by a full stop, so that the next one does not run into it. */
export const sentence = (text: string): string => text.replace(/\.?$/, '.');

/**
 * A server's own words about a failure: `errors[].detail` (the vendor's convention), the OAuth2
 * `error_description`, `detail`, `message`, and last the bare OAuth2 error code a token
 * endpoint may answer alone (RFC 6749 5.2; globus-sdk, oauth2_exchange_code_for_tokens.py);
 * and the ids support asks for: the error's `errors[].id` (the one the vendor records) and a
 * request id, in the body or a header.
 */
export function explainError(body: unknown, headers: IncomingHttpHeaders, speaker = 'The service'): string {
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const first = (Array.isArray(record.errors) ? record.errors[0] : undefined) as
    Record<string, unknown> | null | undefined;
  const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
  const detail =
    text(first?.detail) ??
    text(record.error_description) ??
    text(record.detail) ??
    text(record.message) ??
    text(record.error);
  const ids = [
    ['error id', text(first?.id)],
    ['request id', text(record.request_id) ?? text(headers['x-request-id'])],
  ].flatMap(([name, value]) => (value === undefined ? [] : [`${name} ${value}`]));
  return `${detail === undefined ? '' : ` ${speaker} said: ${detail}`}${ids.length === 0 ? '' : ` (${ids.join(', ')})`}`;
}

/** What every request of one client shares: how its failures are worded and whom they name. */
interface Speech {
  budget: Budget;
  words: WireWords;
  /** The setting (or variable) that names the server, as a message refers to it. */
  server: string;
  hints: Readonly<Record<number, string>>;
  speaker: string | undefined;
  scrub: ((text: string) => string) | undefined;
  unusableAnswer: string;
}

/** A request that got no answer, as an HttpError that says why in the user's terms. */
function networkError(label: string, host: string, error: unknown, { budget, words, server }: Speech): HttpError {
  const { code, name, message } = (error ?? {}) as { code?: string; name?: string; message?: string };
  if (name === 'TimeoutError') {
    const pastDeadline = budget.clock.now() >= budget.deadline;
    return new HttpError(
      `${label} timed out waiting for ${host} (${words.assign('timeout_seconds', String(budget.requestTimeoutMs / 1000))})` +
        (pastDeadline
          ? `; the run's deadline of ${Math.round((budget.deadline - budget.startedAt) / 1000)} s has passed`
          : ''),
      { transient: !pastDeadline },
    );
  }
  const what =
    code === 'ECONNREFUSED'
      ? `nothing is listening at ${host} (connection refused): check ${server}`
      : code === 'ENOTFOUND'
        ? `the host name ${host} does not resolve: check ${server} and the machine's DNS`
        : code === 'ECONNRESET' || code === 'UND_ERR_SOCKET'
          ? `the connection to ${host} was closed before the answer came`
          : code !== undefined && TLS_CODES.has(code)
            ? `the TLS certificate of ${host} could not be verified (${code}). If a proxy of the network intercepts TLS, ` +
              'give its CA certificate in NODE_EXTRA_CA_CERTS (the path of a PEM file); never turn verification off'
            : `could not reach ${host}: ${[code, message].filter(Boolean).join(': ')}`;
  return new HttpError(`${label}: ${what}`, { transient: code !== undefined && TRANSIENT_CODES.has(code) });
}

/** The headers of a request: JSON accepted, the client's and the request's own, and the payload's type. */
function requestOf(
  options: Pick<JsonHttpOptions, 'headers'>,
  { body, form, headers: requestHeaders }: Pick<RequestOptions<unknown>, 'body' | 'form' | 'headers'>,
): { headers: Record<string, string>; payload: string | undefined } {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'user-agent': USER_AGENT,
    ...options.headers,
    ...requestHeaders,
  };
  const payload =
    form !== undefined ? new URLSearchParams(form).toString() : body === undefined ? undefined : JSON.stringify(body);
  if (payload !== undefined)
    headers['content-type'] = form !== undefined ? 'application/x-www-form-urlencoded' : 'application/json';
  return { headers, payload };
}

/** An answer read whole: its data by the schema, or the HttpError that says what was wrong with it. */
function answerOf<S extends z.ZodMiniType>(
  label: string,
  schema: S,
  response: { statusCode: number; headers: IncomingHttpHeaders; text: string },
  { notFound, hints: requestHints = {} }: Pick<RequestOptions<z.output<S>>, 'notFound' | 'hints'>,
  { budget, server, hints, speaker, scrub, unusableAnswer }: Speech,
): Answer<z.output<S>> {
  const { statusCode: status, headers } = response;
  const json = parseJson(response.text);
  if (status === 404 && notFound !== undefined) return { data: notFound, headers };
  if (status >= 300 && status < 400) {
    // Never followed: the credentials go to the origin the user named and nowhere else.
    throw new HttpError(
      `${label} was redirected (HTTP ${status}) to ${String(headers.location)}. Redirects are not followed with the ` +
        `credentials: set ${server} to the address of the service itself.`,
      { status },
    );
  }
  if (status < 200 || status >= 300) {
    const hint = requestHints[status] ?? hints[status];
    const retryAfter = headers['retry-after'];
    const retryAfterMs = parseRetryAfter(typeof retryAfter === 'string' ? retryAfter : undefined, budget.clock.now());
    throw new HttpError(
      `${label} failed with HTTP ${status}${hint === undefined ? '' : `: ${hint}`}.${explainError(json, headers, speaker)}`,
      {
        status,
        transient: TRANSIENT_STATUSES.has(status),
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      },
    );
  }
  if (json === undefined) throw new HttpError(`${label}: the answer (HTTP ${status}) is not JSON`, { status });
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const problems = describeAnswerProblems(parsed.error.issues, json, scrub);
    throw new HttpError(
      `${label}: the answer (HTTP ${status}) cannot be used: ${problems}. ${sentence(unusableAnswer)}${explainError(json, headers, speaker)}`,
      { status },
    );
  }
  return { data: parsed.data, headers };
}

/**
 * JSON over Node's HTTP (transport.ts) with the project's transport rules: a limit per request, a deadline for
 * the run, retries of transient failures of idempotent requests, no redirects followed,
 * bounded bodies, and every failure turned into an HttpError whose message says what happened.
 */
export function createJsonHttp(options: JsonHttpOptions): JsonHttp {
  const { budget, urlSetting, words = PLAIN_WORDS, log = silentLog, maxResponseBytes = MAX_RESPONSE_BYTES } = options;
  const server = typeof urlSetting === 'string' ? words.ref(urlSetting) : urlSetting.variable;
  const speech: Speech = {
    budget,
    words,
    server,
    hints: options.hints ?? {},
    speaker: options.speaker,
    scrub: options.scrub,
    unusableAnswer: options.unusableAnswer ?? `Check that ${server} names the server meant`,
  };
  const lanes = options.dispatcher === undefined ? keepAliveLanes(budget.signal) : givenDispatcher(options.dispatcher);

  async function exchange<S extends z.ZodMiniType>(
    label: string,
    schema: S,
    method: Method,
    url: string,
    requestOptions: RequestOptions<z.output<S>> = {},
  ): Promise<Answer<z.output<S>>> {
    const { host, origin, pathname, search } = new URL(url);
    const { headers, payload } = requestOf(options, requestOptions);
    const started = budget.clock.now();
    const took = (): string => `${Math.round(budget.clock.now() - started)} ms`;
    let response: TransportAnswer;
    let text: string;
    const lane = lanes.take();
    try {
      response = await lane.transport.request({
        origin,
        path: `${pathname}${search}`,
        method,
        headers,
        signal: AbortSignal.any([AbortSignal.timeout(requestLimitMs(budget)), budget.signal]),
        ...(payload === undefined ? {} : { body: payload }),
      });
      text = await readBody(response.body, label, maxResponseBytes);
    } catch (error) {
      const { code, name } = (error ?? {}) as { code?: string; name?: string };
      log.debug(`${method} ${pathname}: no answer (${code ?? name}) after ${took()}`);
      // The run has stopped (a sibling failed): its connections were destroyed under this request,
      // which then reads as a reset; it is abandoned, never tried again or announced as a retry.
      if (budget.signal.aborted) throw new HttpError(`${label} was abandoned: the run has stopped`);
      throw error instanceof HttpError ? error : networkError(label, host, error, speech);
    } finally {
      lane.release();
    }
    log.debug(`${method} ${pathname}: HTTP ${response.statusCode} in ${took()}`);
    return answerOf(label, schema, { ...response, text }, requestOptions, speech);
  }

  const send: JsonHttp['send'] = async (label, schema, method, url, requestOptions) =>
    (await exchange(label, schema, method, url, requestOptions)).data;
  return {
    send,
    retried: (label, schema, method, url, requestOptions) =>
      withHttpRetries(() => send(label, schema, method, url, requestOptions), budget, log),
    retriedWithHeaders: (label, schema, method, url, requestOptions) =>
      withHttpRetries(() => exchange(label, schema, method, url, requestOptions), budget, log),
  };
}

/** Where a request goes out: a transport, given back once the answer is read. */
interface Lanes {
  take(): { transport: Pick<Transport, 'request'>; release(): void };
}

/** A dispatcher the caller gave (a test's): every request goes through it, and the caller closes it. */
const givenDispatcher = (dispatcher: Dispatcher): Lanes => {
  const transport = { request: (options: Dispatcher.RequestOptions) => dispatcher.request(options) };
  return { take: () => ({ transport, release: () => {} }) };
};

/** At most this many connections to one origin; a request beyond waits on the least busy one. */
const MAX_LANES = 4;

/**
 * Keep-alive lanes, one connection each (transport.ts). Requests sent together take a lane each
 * and connect at once, directly or through a proxy, none waiting for another's TLS handshake;
 * a later request takes an idle lane and reuses its kept-alive connection (a pool of one agent
 * would do neither reliably: undici's opened no second https connection while the first
 * negotiated its protocol, and may open a new one for a request sent as an answer was read).
 * Pinned on the wire by __tests__/wire/action-on-the-wire.test.ts.
 */
function keepAliveLanes(signal: AbortSignal): Lanes {
  type Lane = { transport: Transport; busy: number };
  const lanes: Lane[] = [];
  // The run has stopped: every connection destroyed rather than closed, so that a request still
  // in flight when a sibling failed is abandoned at once instead of being waited for. A signal
  // aborts once: the listener needs no `once`.
  signal.addEventListener('abort', () => {
    lanes.forEach((l) => l.transport.destroy());
    closeAhead();
  });
  const open = (): Lane => {
    const lane: Lane = { transport: openTransport(), busy: 0 };
    lanes.push(lane);
    return lane;
  };
  return {
    take() {
      const lane =
        lanes.find((l) => l.busy === 0) ??
        (lanes.length < MAX_LANES ? open() : lanes.reduce((a, b) => (b.busy < a.busy ? b : a)));
      lane.busy++;
      return { transport: lane.transport, release: () => void lane.busy-- };
    },
  };
}
