import { Agent, request, type Dispatcher } from 'undici';
import type { z } from 'zod';
import { ActionError } from './errors.ts';
import {
  clientResponseSchema,
  createResponseSchema,
  scopeListResponseSchema,
  type AuthService,
  type ScopeDefinition,
} from './service.ts';

/** Answers are a few kilobytes; a body far larger than this is refused, not buffered. */
export const MAX_RESPONSE_BYTES = 1024 * 1024;

export interface ServiceClientOptions {
  authUrl: string;
  clientId: string;
  clientSecret: string;
  /** Limit for each request. */
  timeoutMs?: number;
  /** Defaults to one keep-alive agent for all calls of the client. */
  dispatcher?: Dispatcher;
}

/** An answer of the service that is not a success. */
export class ServiceError extends ActionError {
  override readonly name = 'ServiceError';
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
  }
}

// What to do about a status, in the words of the portal the user knows.
const STATUS_HINTS: Readonly<Record<number, string>> = {
  401: 'the credentials were rejected: check the client_id and client_secret secrets, and that the secret was not deleted in the developer portal',
  403: 'the credentials do not own this client: client_id and client_secret must belong to the same app',
  404: 'no such client: check that client_id is the Client ID of the app in the developer portal',
};

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

/** The service's own explanation, if its error body has one (Globus-style `errors[].detail`). */
function serviceDetail(body: unknown, requestId: string | undefined): string {
  const record = (body ?? {}) as Record<string, unknown>;
  const errors = Array.isArray(record.errors) ? (record.errors as Array<Record<string, unknown>>) : [];
  const detail = [errors[0]?.detail, record.detail, record.message].find((d) => typeof d === 'string' && d !== '') as string | undefined;
  const id = typeof record.request_id === 'string' ? record.request_id : requestId;
  return [detail === undefined ? '' : ` The service said: ${detail.slice(0, 500)}`, id === undefined ? '' : ` (request id ${id})`].join('');
}

function describeNetworkError(error: unknown): string {
  const { code, name, message } = (error ?? {}) as { code?: string; name?: string; message?: string };
  if (name === 'TimeoutError') return 'timed out';
  return [code, message].filter(Boolean).join(': ') || String(error);
}

/** The authentication service's API over undici, authenticated with HTTP Basic. */
export function createServiceClient(options: ServiceClientOptions): AuthService & { close(): Promise<void> } {
  const { authUrl, clientId, timeoutMs = 30_000 } = options;
  const dispatcher = options.dispatcher ?? new Agent({ keepAliveTimeout: 10_000 });
  // The only place the secret is used: built once, sent in every call, never logged.
  const authorization = `Basic ${Buffer.from(`${clientId}:${options.clientSecret}`).toString('base64')}`;
  const host = new URL(authUrl).host;

  async function call<S extends z.ZodType>(
    name: string,
    schema: S,
    method: 'GET' | 'POST',
    apiPath: string,
    { query, body, notFound }: { query?: Query; body?: unknown; notFound?: z.output<S> } = {},
  ): Promise<z.output<S>> {
    const url = `${authUrl}${apiPath}${query === undefined ? '' : `?${queryString(query)}`}`;
    const headers: Record<string, string> = { authorization, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Dispatcher.ResponseData;
    try {
      response = await request(url, {
        method,
        headers,
        dispatcher,
        signal: AbortSignal.timeout(timeoutMs),
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      throw new ServiceError(`${name} (${method} ${apiPath}) could not reach ${host}: ${describeNetworkError(error)}`);
    }
    const text = await readBody(response.body, name);
    const json = parseJson(text);
    const status = response.statusCode;
    if (status === 404 && notFound !== undefined) return notFound;
    if (status < 200 || status >= 300) {
      const requestId = response.headers['x-request-id'];
      const hint = STATUS_HINTS[status];
      throw new ServiceError(
        `${name} (${method} ${apiPath}) failed with HTTP ${status}${hint === undefined ? '' : `: ${hint}`}.` +
          serviceDetail(json, typeof requestId === 'string' ? requestId : undefined),
        status,
      );
    }
    if (json === undefined) throw new ServiceError(`${name} (${method} ${apiPath}): the answer (HTTP ${status}) is not JSON`, status);
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((issue) => issue.path.join('.') || '(body)');
      throw new ServiceError(`${name} (${method} ${apiPath}): the answer lacks or mistypes ${[...new Set(fields)].join(', ')}`, status);
    }
    return parsed.data;
  }

  const clientPath = `/v2/api/clients/${encodeURIComponent(clientId)}`;
  return {
    getClient: () => call('Client inspection', clientResponseSchema, 'GET', clientPath),
    // A string or id that does not exist may be answered with an empty list or with 404.
    lookupScopesByString: (scopeStrings) =>
      call('Scope lookup', scopeListResponseSchema, 'GET', '/v2/api/scopes', { query: { scope_strings: scopeStrings }, notFound: [] }),
    lookupScopesById: (ids) => call('Scope lookup', scopeListResponseSchema, 'GET', '/v2/api/scopes', { query: { ids }, notFound: [] }),
    createScope: (definition: ScopeDefinition) =>
      call('Scope creation', createResponseSchema, 'POST', `${clientPath}/scopes`, { body: { scope: definition } }),
    close: () => (options.dispatcher === undefined ? dispatcher.close() : Promise.resolve()),
  };
}
