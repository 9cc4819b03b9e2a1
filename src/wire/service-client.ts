import type { Dispatcher } from 'undici';
import { z } from 'zod/mini';
import type { Budget } from './budget.ts';
import { unsafeCharacter, type ExpectedParams } from './answer-problems.ts';
import { createJsonHttp, HttpError, type JsonHttp } from './http.ts';
import type { Log } from './log.ts';
import { lowerFirst, PLAIN_WORDS, replaceSecret, type WireWords } from './words.ts';
import { grantOnce, sendAuthorized, MANAGE_PROJECTS_SCOPE, tokenAuthorization } from './token.ts';
import { uuidSchema, type Uuid } from './uuid.ts';

// Wire schemas: unknown fields are ignored (z.object strips them); the fields the action
// relies on are required, so a changed service fails with a message naming them. Each shape
// is declared here once; the types the engine works with are derived from them.

const dependentScopeSchema = z.object({
  scope: uuidSchema,
  // As the service's defaults: an answer that leaves them out means these.
  optional: z._default(z.boolean(), false),
  requires_refresh_token: z._default(z.boolean(), true),
});

// A scope string goes to the outputs, and from there into deploy scripts: only a URL
// (https, or http for a loopback test service) or a URN, of characters no shell, YAML or
// markdown treats specially. Anything else from the service is refused, saying what is wrong.
const SCOPE_STRING_START = /^(https?:\/\/[A-Za-z0-9.-]+(:\d+)?\/|urn:)/;
const SCOPE_STRING_CHARACTER = /[A-Za-z0-9._~:/@!*+,=%-]/;
const scopeStringExpected: ExpectedParams = {
  expected:
    'a URL (https, or http for a loopback test service) or a URN, of letters, digits and . _ ~ : / @ ! * + , = % - alone',
};
const scopeStringSchema = z.string().check(
  z.superRefine((value, ctx) => {
    const rest = value.replace(SCOPE_STRING_START, '');
    const stray = [...rest].find((char) => !SCOPE_STRING_CHARACTER.test(char));
    const problem =
      unsafeCharacter(value) ??
      (/\s/.test(value)
        ? 'contains white space'
        : !/^(https?:\/\/|urn:)/.test(value)
          ? 'is neither an http(s) URL nor a URN'
          : !SCOPE_STRING_START.test(value)
            ? 'has a malformed host'
            : stray === undefined
              ? undefined
              : `contains ${JSON.stringify(stray)}`);
    if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem, params: scopeStringExpected });
  }),
);

const scopeSchema = z.object({
  id: uuidSchema,
  scope_string: scopeStringSchema,
  name: z.optional(z.string()),
  description: z.optional(z.string()),
  client: z.optional(z.nullable(z.string())),
  advertised: z.optional(z.boolean()),
  allows_refresh_token: z.optional(z.boolean()),
  required_domains: z.optional(z.array(z.string())),
  dependent_scopes: z.optional(z.array(dependentScopeSchema)),
});

/** A dependent scope as the service holds it: by id, with its flags. */
export type DependentScope = z.output<typeof dependentScopeSchema>;

/** A scope as the service describes it; fields it left out are undefined, not guessed. */
export type Scope = z.output<typeof scopeSchema>;

// `client.scopes` holds scope UUIDs as a rule, but full scope objects have been seen too.
const clientScopeSchema = z.union([uuidSchema, z.looseObject({ id: uuidSchema })]);

const clientResponseSchema = z.pipe(
  z.object({
    client: z.object({
      id: uuidSchema,
      name: z.optional(z.string()),
      scopes: z.array(clientScopeSchema),
    }),
  }),
  z.transform(({ client }) => ({
    id: client.id,
    name: client.name,
    /** The ids of the client's scopes, FQDN variants included, in the client's order. */
    scopeIds: client.scopes.map((s) => (typeof s === 'string' ? s : s.id)),
    /** Those of its scopes the inspection described in full (embedded objects spare a lookup). */
    scopes: client.scopes.flatMap((s): Scope[] => {
      const parsed = scopeSchema.safeParse(s);
      return parsed.success ? [parsed.data] : [];
    }),
  })),
);

export type Client = z.output<typeof clientResponseSchema>;

/** The scope string the service generates for a client's scope with `suffix`. */
export const scopeStringOf = (authUrl: string, clientId: string, suffix: string): string =>
  `${authUrl}/scopes/${clientId}/${suffix}`;

const scopeListResponseSchema = z.pipe(
  z.object({ scopes: z.array(scopeSchema) }),
  z.transform((r) => r.scopes),
);
// One scope by id, and the answer to an update (Globus SDK, get_scope and update_scope).
const oneScopeResponseSchema = z.pipe(
  z.object({ scope: scopeSchema }),
  z.transform((r) => r.scope),
);

// An update that fails says what the status means for a scope that existed a moment ago.
export const updateHints = (words: WireWords): Readonly<Record<number, string>> => ({
  403: 'the service refused this client the change of its scope: open the project in the developer portal with an administering identity, or change the scope there',
  404: `the scope no longer exists (deleted since the inspection?): ${lowerFirst(words.runAgain)}, and it will be created anew`,
});

// Creation answers `{"scopes": [...]}` as documented, or `{"scope": {...}}`. One object with
// both keys optional, rather than a union, so that a malformed answer names its field.
const createResponseSchema = z.pipe(
  z.object({ scopes: z.optional(z.array(scopeSchema).check(z.minLength(1))), scope: z.optional(scopeSchema) }),
  z.transform((r, ctx) => {
    const scopes = r.scopes ?? (r.scope === undefined ? [] : [r.scope]);
    const expected: ExpectedParams = { expected: '"scopes": [the scope] (or "scope": the scope)' };
    // No message: a field that is absent is said to be missing (describeAnswerProblems).
    if (scopes.length === 0) ctx.issues.push({ code: 'custom', path: ['scopes'], params: expected, input: r });
    return scopes;
  }),
);

// A client's credential (globus-sdk-python, get_client_credentials, create_client_credential,
// delete_client_credential; their fixtures in __tests__/fixtures/vendor/*credential*.json).
// Its secret is null but in the answer that creates it.
const credentialSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  created: z.string(),
  client: z.optional(z.nullable(z.string())),
});

/** A credential as the service lists it; never its secret. */
export type Credential = z.output<typeof credentialSchema>;

const credentialListSchema = z.pipe(
  z.object({ credentials: z.array(credentialSchema) }),
  z.transform((r) => r.credentials),
);

/**
 * The creation's answer. `onSecret` takes the secret before anything else reads the answer, so
 * that a message about a malformed answer is scrubbed of it too.
 */
const createdCredentialSchema = (onSecret: (secret: string) => void) =>
  z.pipe(
    z.pipe(
      z.unknown(),
      z.transform((answer) => {
        const secret = (answer as { credential?: { secret?: unknown } } | null)?.credential?.secret;
        if (typeof secret === 'string' && secret !== '') onSecret(secret);
        return answer;
      }),
    ),
    z.pipe(
      z.object({ credential: z.extend(credentialSchema, { secret: z.string().check(z.minLength(1)) }) }),
      z.transform(({ credential: { secret, ...credential } }) => ({ credential, secret })),
    ),
  );

/**
 * What a credential's creation came to: `created` with the new secret (shown once, in this
 * answer alone), or `unknown` (the answer was lost or the service failed: the credential may
 * exist, and its secret can never be read). Any other failure is thrown.
 */
export type CredentialCreation =
  { kind: 'created'; credential: Credential; secret: string } | { kind: 'unknown'; error: HttpError };

/**
 * A scope's definition: as a spec file gives it, and as the creation and the update send it.
 * `Dependent` is how it names its dependent scopes: on the wire, by id (the default); in a spec
 * file, by id or by scope string (engine/settings/spec.ts).
 */
export interface ScopeDefinition<Dependent = DependentScope> {
  name: string;
  description: string;
  scope_suffix: string;
  advertised: boolean;
  allow_refresh_tokens: boolean;
  required_domains?: string[] | undefined;
  dependent_scopes: Dependent[];
}

/**
 * What a creation came to. Only `created` is certain; `conflict` (a scope exists already) and
 * `unknown` (the answer was lost or the service failed: it may or may not have been applied)
 * leave the caller to inspect the client; `refused` (the service found the definition
 * invalid) is final. Any other failure is thrown.
 */
export type CreationOutcome =
  | { kind: 'created'; scopes: Scope[] }
  | { kind: 'refused'; error: Error }
  | { kind: 'conflict'; error: Error }
  | { kind: 'unknown'; error: Error; retryAfterMs?: number | undefined };

export interface ServiceClientOptions {
  authUrl: string;
  clientId: string;
  clientSecret: string;
  /**
   * How every call authenticates: `basic` (the default) sends the id and secret with each;
   * `token` gets a token with the client credentials grant first (wire/token.ts) and sends it.
   */
  auth?: 'basic' | 'token' | undefined;
  /** With `token`: called with the token the moment it arrives, before anything is logged; and with a new credential's secret. */
  onCredential?: ((credential: string) => void) | undefined;
  budget: Budget;
  /** Defaults to the HTTP layer's proxy-aware agent. */
  dispatcher?: Dispatcher | undefined;
  log?: Log | undefined;
  /** Applied to the service's values an error message quotes (see JsonHttpOptions.scrub). */
  scrub?: ((text: string) => string) | undefined;
  /** How the user names the settings the messages mention; plain names by default. */
  words?: WireWords | undefined;
}

// An answer of 2xx whose fields are not as documented: nothing the user's settings can change.
export const UNUSABLE_ANSWER =
  "This is the service's answer, not a setting of yours: report it to the service's operators with this message";

// What a status can really mean for these calls, in the words of the portal the user knows.
// The path names the credentials' own client, so a wrong client_id is a 401, never a 403 or 404.
export const statusHints = (words: WireWords): Readonly<Record<number, string>> => ({
  400: 'the service refused the request as invalid',
  401:
    `the credentials were rejected: ${words.ref('client_id')} must be the app's Client ID and ${words.ref('client_secret')} one of its current secrets ` +
    '(a secret deleted in the developer portal stops working at once; a Client ID and secret swapped or from two apps fail too). ' +
    `For a secret deleted or lost: ${replaceSecret(words)}`,
  // Recorded for a project whose administrators must have logged in recently (ORNL/DataFed issue 1783).
  403:
    "the service refused this client the call: the app's project may require an administrator's recent login, or a policy " +
    'of the project blocks it; open the project in the developer portal with an administering identity',
  404: `there is no such API at this address: check that ${words.ref('auth_url')} is the base address of the authentication service`,
  429: 'too many requests',
});
// With a token, a 401 has outlived one fresh token: the credentials worked, the token does not.
const tokenStatusHints = (words: WireWords): Readonly<Record<number, string>> => ({
  ...statusHints(words),
  401:
    `the service refused the access token (granted for ${MANAGE_PROJECTS_SCOPE}), and a fresh one too: check that ${words.ref('auth_url')} ` +
    `is the authentication service that issued it, or use ${words.assign('auth', 'basic')}`,
});
// A conflict means something only for the creation.
export const CREATION_HINTS: Readonly<Record<number, string>> = { 409: 'the scope already exists' };

// A path in auth_url that looks like the API's own (…/v2/api, …/api): the paths are appended to it.
const API_LIKE_PATH = /\/(v\d+|api)(\/|$)/i;

// One comma-separated list per parameter, with the separators left as they are: each item
// is encoded on its own so that a server splitting before or after decoding reads the same.
const list = (values: readonly string[]): string => values.map(encodeURIComponent).join(',');

/**
 * The authentication service's API, bound to one client: the calls the engine's port
 * (engine/reconcile/service.ts) names, authenticated with HTTP Basic, or with a token that the client
 * credentials grant gives (`auth: 'token'`). Its connections close when the budget's signal aborts.
 */
export function createServiceClient(options: ServiceClientOptions) {
  const { authUrl, clientId } = options;
  const bound = bind(options);
  return {
    // The form the service gives a client's scope (globus/action-provider-tools, docs/source/setting_up_auth.rst:
    // "https://auth.globus.org/scopes/$CLIENT_ID/action_all").
    scopeStringFor: (suffix: string) => scopeStringOf(authUrl, clientId, suffix),
    ...scopeCalls(bound),
    ...credentialCalls(bound),
  };
}

/** What every call of the client shares: the HTTP client, the authorization of each call, the client's paths. */
interface Bound {
  http: JsonHttp;
  /** Each call through here: with Basic as it is, with the token's header and its one refresh otherwise. */
  call: <T>(send: (headers: Record<string, string>) => Promise<T>) => Promise<T>;
  authUrl: string;
  auth: 'basic' | 'token';
  basic: string;
  onCredential: (credential: string) => void;
  words: WireWords;
  clientPath: string;
  lookup: (query: string) => Promise<Scope[]>;
}

/** The client's HTTP, authenticated with HTTP Basic or the client credentials grant's token. */
function bind({
  authUrl,
  clientId,
  clientSecret,
  auth = 'basic',
  onCredential = () => {},
  budget,
  dispatcher,
  log,
  scrub,
  words = PLAIN_WORDS,
}: ServiceClientOptions): Bound {
  const apiPath = new URL(authUrl).pathname;
  const hints = auth === 'token' ? tokenStatusHints(words) : statusHints(words);
  // The only place the secret is used: built once, never logged, sent in every call (basic)
  // or in the token request alone (token).
  const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
  const http = createJsonHttp({
    budget,
    urlSetting: 'auth_url',
    words,
    hints: API_LIKE_PATH.test(apiPath)
      ? {
          ...hints,
          404: `${words.ref('auth_url')} ends in ${apiPath}, which looks like a path of the API: set it to the service's base address alone (e.g. https://auth.globus.org)`,
        }
      : hints,
    unusableAnswer: UNUSABLE_ANSWER,
    scrub,
    log,
    headers: auth === 'basic' ? { authorization: basic } : {},
    dispatcher,
  });
  // Each call through here: as it is with Basic (no extra step), with the token's header and its one refresh otherwise.
  const tokens = auth === 'token' ? tokenAuthorization({ http, authUrl, basic, onCredential, log, words }) : undefined;
  // With Basic, a 401 is the secret (or the id) rejected: marked so, for the watch's advice.
  const call = <T>(send: (headers: Record<string, string>) => Promise<T>): Promise<T> =>
    tokens === undefined
      ? send({}).catch((error: unknown) =>
          Promise.reject(error instanceof HttpError && error.status === 401 ? error.asSecretRejected() : error),
        )
      : sendAuthorized(tokens, send);
  const clientPath = `/v2/api/clients/${encodeURIComponent(clientId)}`;
  const lookup = (query: string): Promise<Scope[]> =>
    call((headers) =>
      http.retried(
        `Scope lookup (GET ${scopesPath})`,
        scopeListResponseSchema,
        'GET',
        `${authUrl}${scopesPath}?${query}`,
        { notFound: [], headers },
      ),
    );

  return { http, call, authUrl, auth, basic, onCredential, words, clientPath, lookup };
}

const scopesPath = '/v2/api/scopes';

/** The calls on the client and its scopes: inspect, look up, create, update. */
function scopeCalls({ http, call, authUrl, words, clientPath, lookup }: Bound) {
  const onUpdate = updateHints(words);
  return {
    getClient: (): Promise<Client> =>
      call((headers) =>
        http.retried(`Client inspection (GET ${clientPath})`, clientResponseSchema, 'GET', `${authUrl}${clientPath}`, {
          headers,
        }),
      ),
    // A string or id that does not exist may be answered with an empty list or with 404.
    lookupScopesByString: (scopeStrings: readonly string[]) => lookup(`scope_strings=${list(scopeStrings)}`),
    lookupScopesById: (ids: readonly string[]) => lookup(`ids=${list(ids)}`),
    createScope: async (definition: ScopeDefinition): Promise<CreationOutcome> => {
      try {
        const label = `Scope creation (POST ${clientPath}/scopes)`;
        // The API's field is allows_refresh_token (Globus SDK, create_scope); allow_refresh_tokens,
        // the name in the vendor's guide until 2025 (globus/action-provider-tools,
        // docs/source/setting_up_auth.rst at 03872dea), is sent too with the same value: a recorded
        // exchange that sent only it succeeded (Garden-AI/garden-backend, scopes/test_scope.txt),
        // but whether the service honours its `false` is not recorded.
        const body = { scope: { ...definition, allows_refresh_token: definition.allow_refresh_tokens } };
        // A 401 means the creation was refused, not applied: sent again with a fresh token, it is still sent once.
        return {
          kind: 'created',
          scopes: await call((headers) =>
            http.send(label, createResponseSchema, 'POST', `${authUrl}${clientPath}/scopes`, {
              body,
              hints: CREATION_HINTS,
              headers,
            }),
          ),
        };
      } catch (error) {
        if (error instanceof HttpError && error.status === 409) return { kind: 'conflict', error };
        if (error instanceof HttpError && (error.status === 400 || error.status === 422))
          return { kind: 'refused', error };
        // A failure that may be passing may also have happened after the scope was made.
        if (error instanceof HttpError && error.transient)
          return { kind: 'unknown', error, retryAfterMs: error.retryAfterMs };
        throw error;
      }
    },
    updateScope: (
      id: Uuid,
      { name, description, advertised, allow_refresh_tokens, required_domains, dependent_scopes }: ScopeDefinition,
    ): Promise<Scope> => {
      const path = `${scopesPath}/${encodeURIComponent(id)}`;
      // The fields the service lets change: all but the suffix, which is part of the scope
      // string (Globus SDK, update_scope). Both refresh-token names, as on creation.
      const changeable = {
        name,
        description,
        advertised,
        allows_refresh_token: allow_refresh_tokens,
        allow_refresh_tokens,
        required_domains,
        dependent_scopes,
      };
      const body = { scope: changeable };
      return call((headers) =>
        http.retried(`Scope update (PUT ${path})`, oneScopeResponseSchema, 'PUT', `${authUrl}${path}`, {
          body,
          hints: onUpdate,
          headers,
        }),
      );
    },
    getScope: (id: Uuid): Promise<Scope> => {
      const path = `${scopesPath}/${encodeURIComponent(id)}`;
      return call((headers) =>
        http.retried(`Scope lookup (GET ${path})`, oneScopeResponseSchema, 'GET', `${authUrl}${path}`, { headers }),
      );
    },
  };
}

/** The calls on the client's credentials, and whether its secret authenticates. */
function credentialCalls({ http, call, authUrl, auth, basic, onCredential, words, clientPath }: Bound) {
  const credentialsPath = `${clientPath}/credentials`;
  return {
    listCredentials: (): Promise<Credential[]> =>
      call((headers) =>
        http.retried(
          `Credential listing (GET ${credentialsPath})`,
          credentialListSchema,
          'GET',
          `${authUrl}${credentialsPath}`,
          { headers },
        ),
      ),
    createCredential: async (name: string): Promise<CredentialCreation> => {
      try {
        const label = `Credential creation (POST ${credentialsPath})`;
        // Sent once: a second try would make a second credential.
        const made = await call((headers) =>
          http.send(label, createdCredentialSchema(onCredential), 'POST', `${authUrl}${credentialsPath}`, {
            body: { credential: { name } },
            headers,
          }),
        );
        return { kind: 'created', ...made };
      } catch (error) {
        if (error instanceof HttpError && error.transient) return { kind: 'unknown', error };
        throw error;
      }
    },
    /** Deletes a credential; one already gone (a 404, after an answer lost) is `absent`. */
    deleteCredential: (id: Uuid): Promise<'deleted' | 'absent'> => {
      const path = `${credentialsPath}/${encodeURIComponent(id)}`;
      return call((headers) =>
        http.retried(
          `Credential deletion (DELETE ${path})`,
          z.pipe(
            z.unknown(),
            z.transform((): 'deleted' | 'absent' => 'deleted'),
          ),
          'DELETE',
          `${authUrl}${path}`,
          { headers, notFound: 'absent' },
        ),
      );
    },
    /**
     * Whether the service takes this client's secret now, tried once: HTTP Basic on the
     * client's own inspection, or the grant with `auth: token` (its token handed to
     * onCredential). A 401 is `false`; any other failure is thrown.
     */
    authenticates: async (): Promise<boolean> => {
      try {
        if (auth === 'token') await grantOnce(http, authUrl, basic, onCredential, words);
        else
          await http.send(
            `Client inspection (GET ${clientPath})`,
            clientResponseSchema,
            'GET',
            `${authUrl}${clientPath}`,
          );
        return true;
      } catch (error) {
        if (error instanceof HttpError && error.status === 401) return false;
        throw error;
      }
    },
  };
}
