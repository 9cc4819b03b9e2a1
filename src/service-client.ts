import type { Dispatcher } from 'undici';
import { z } from 'zod';
import type { Budget } from './budget.ts';
import { createJsonHttp, HttpError } from './http.ts';
import type { AuthService, Client, CreationOutcome, DependentScope, Scope, ScopeDefinition } from './service.ts';
import { uuidSchema } from './uuid.ts';

// Wire schemas: unknown fields are ignored (z.object strips them); the fields the action
// relies on are required, so a changed service fails with a message naming them. Each is
// typed by the domain type it yields.

const dependentScopeSchema: z.ZodType<DependentScope> = z.object({
  scope: uuidSchema,
  // As the service's defaults: an answer that leaves them out means these.
  optional: z.boolean().default(false),
  requires_refresh_token: z.boolean().default(true),
});

const scopeSchema: z.ZodType<Scope> = z.object({
  id: uuidSchema,
  scope_string: z.string().min(1),
  name: z.string().optional(),
  description: z.string().optional(),
  client: z.string().nullable().optional(),
  advertised: z.boolean().optional(),
  allows_refresh_token: z.boolean().optional(),
  dependent_scopes: z.array(dependentScopeSchema).optional(),
});

// `client.scopes` holds scope UUIDs as a rule, but full scope objects have been seen too.
const clientScopeSchema = z.union([uuidSchema, z.looseObject({ id: uuidSchema })]);

const clientResponseSchema = z
  .object({
    client: z.object({
      id: uuidSchema,
      name: z.string().optional(),
      scopes: z.array(clientScopeSchema),
    }),
  })
  .transform(({ client }): Client => ({
    id: client.id,
    name: client.name,
    scopeIds: client.scopes.map((s) => (typeof s === 'string' ? s : s.id)),
    // Embedded scope objects complete enough to use spare a lookup.
    scopes: client.scopes.flatMap((s) => {
      const parsed = scopeSchema.safeParse(s);
      return parsed.success ? [parsed.data] : [];
    }),
  }));

const scopeListResponseSchema = z.object({ scopes: z.array(scopeSchema) }).transform((r) => r.scopes);

// Creation answers `{"scopes": [...]}` as documented, or `{"scope": {...}}`. One object with
// both keys optional, rather than a union, so that a malformed answer names its field.
const createResponseSchema = z
  .object({ scopes: z.array(scopeSchema).min(1).optional(), scope: scopeSchema.optional() })
  .transform((r, ctx) => {
    const scopes = r.scopes ?? (r.scope === undefined ? [] : [r.scope]);
    if (scopes.length === 0) ctx.addIssue({ code: 'custom', path: ['scopes'], message: 'neither scopes nor scope' });
    return scopes;
  });

export interface ServiceClientOptions {
  authUrl: string;
  clientId: string;
  clientSecret: string;
  budget: Budget;
  /** Defaults to the HTTP layer's proxy-aware agent. */
  dispatcher?: Dispatcher | undefined;
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
export function createServiceClient({ authUrl, clientId, clientSecret, budget, dispatcher }: ServiceClientOptions): AuthService & { close(): Promise<void> } {
  const http = createJsonHttp({
    budget,
    urlInput: 'auth_url',
    hints: STATUS_HINTS,
    // The only place the secret is used: built once, sent in every call, never logged.
    headers: { authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}` },
    dispatcher,
  });
  const clientPath = `/v2/api/clients/${encodeURIComponent(clientId)}`;
  const scopesPath = '/v2/api/scopes';
  const lookup = (query: string) => http.retried(`Scope lookup (GET ${scopesPath})`, scopeListResponseSchema, 'GET', `${authUrl}${scopesPath}?${query}`, { notFound: [] });

  return {
    // The form of the system spec's 2.4.
    scopeStringFor: (suffix) => `${authUrl}/scopes/${clientId}/${suffix}`,
    getClient: () => http.retried(`Client inspection (GET ${clientPath})`, clientResponseSchema, 'GET', `${authUrl}${clientPath}`),
    // A string or id that does not exist may be answered with an empty list or with 404.
    lookupScopesByString: (scopeStrings) => lookup(`scope_strings=${list(scopeStrings)}`),
    lookupScopesById: (ids) => lookup(`ids=${list(ids)}`),
    createScope: async (definition: ScopeDefinition): Promise<CreationOutcome> => {
      try {
        const label = `Scope creation (POST ${clientPath}/scopes)`;
        return { kind: 'created', scopes: await http.send(label, createResponseSchema, 'POST', `${authUrl}${clientPath}/scopes`, { body: { scope: definition } }) };
      } catch (error) {
        if (error instanceof HttpError && error.status === 409) return { kind: 'conflict', error };
        // A failure that may be passing may also have happened after the scope was made.
        if (error instanceof HttpError && error.transient) return { kind: 'unknown', error, retryAfterMs: error.retryAfterMs };
        throw error;
      }
    },
    close: () => http.close(),
  };
}
