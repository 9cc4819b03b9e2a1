import { createJsonHttp, type HttpOptions } from './http.ts';
import { clientResponseSchema, createResponseSchema, scopeListResponseSchema, type AuthService, type ScopeDefinition } from './service.ts';

export { MAX_RESPONSE_BYTES } from './http.ts';
export { ServiceError } from './service.ts';

export interface ServiceClientOptions extends HttpOptions {
  authUrl: string;
  clientId: string;
  clientSecret: string;
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

// One comma-separated list per parameter, with the separators left as they are: each item
// is encoded on its own so that a server splitting before or after decoding reads the same.
const list = (values: readonly string[]): string => values.map(encodeURIComponent).join(',');

/** The authentication service's API, authenticated with HTTP Basic. */
export function createServiceClient(options: ServiceClientOptions): AuthService & { close(): Promise<void> } {
  const { authUrl, clientId, clientSecret, ...httpOptions } = options;
  const http = createJsonHttp({
    ...httpOptions,
    urlInput: 'auth_url',
    hints: STATUS_HINTS,
    // The only place the secret is used: built once, sent in every call, never logged.
    headers: { authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}` },
  });
  const clientPath = `/v2/api/clients/${encodeURIComponent(clientId)}`;
  const scopesPath = '/v2/api/scopes';

  return {
    getClient: () => http.get(`Client inspection (GET ${clientPath})`, clientResponseSchema, `${authUrl}${clientPath}`),
    // A string or id that does not exist may be answered with an empty list or with 404.
    lookupScopesByString: (scopeStrings) =>
      http.get(`Scope lookup (GET ${scopesPath})`, scopeListResponseSchema, `${authUrl}${scopesPath}?scope_strings=${list(scopeStrings)}`, { notFound: [] }),
    lookupScopesById: (ids) => http.get(`Scope lookup (GET ${scopesPath})`, scopeListResponseSchema, `${authUrl}${scopesPath}?ids=${list(ids)}`, { notFound: [] }),
    // Never repeated here: whether to send it again is the reconciliation's decision.
    createScope: (definition: ScopeDefinition) =>
      http.send(`Scope creation (POST ${clientPath}/scopes)`, createResponseSchema, 'POST', `${authUrl}${clientPath}/scopes`, { body: { scope: definition } }),
    close: () => http.close(),
  };
}
