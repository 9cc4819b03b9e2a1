/**
 * The service's access token, as the vendor's current guide for Action Providers gets it
 * (globus/action-provider-tools, docs/source/setting_up_auth.rst: a ClientApp with the
 * manage_projects scope): the client credentials grant, `POST /v2/oauth2/token` with HTTP
 * Basic, then `Authorization: Bearer <token>` on every call to the API.
 */
import { z } from 'zod/mini';
import { HttpError, type JsonHttp } from './http.ts';
import { silentLog, type Log } from './log.ts';
import { replaceSecret, type WireWords } from './words.ts';

/** The scope every client and scope call of the API requires (globus-sdk 4.x, AuthClient). */
export const MANAGE_PROJECTS_SCOPE = 'urn:globus:auth:scope:auth.globus.org:manage_projects';
export const TOKEN_PATH = '/v2/oauth2/token';

// The answer as globus-sdk records it (testing/data/auth/oauth2_client_credentials_tokens.py);
// __tests__/fixtures/vendor/oauth2_client_credentials_tokens.json. The token type is
// case-insensitive (RFC 6749, 7.1).
const tokenResponseSchema = z.object({
  access_token: z.string().check(z.minLength(1)),
  token_type: z.string().check(z.regex(/^bearer$/i, 'Bearer')),
  expires_in: z.number().check(z.nonnegative()),
  scope: z.optional(z.string()),
  resource_server: z.optional(z.string()),
  other_tokens: z.optional(z.array(z.unknown())),
});

export type TokenResponse = z.output<typeof tokenResponseSchema>;

const GRANT = `the client credentials grant for the scope ${MANAGE_PROJECTS_SCOPE}`;
// A refused grant: 400 (unauthorized_client, invalid_scope) or 401 (invalid_client, the id or
// the secret rejected), RFC 6749 5.2; a 401 adds how to replace the secret.
function tokenHints(words: WireWords): Readonly<Record<number, string>> {
  const refused =
    `the service refused ${GRANT}: check that the app may use the client credentials grant (an app registered as a service account ` +
    `or a confidential client, not a native one) and that ${words.ref('client_secret')} is one of its current secrets, or use ${words.assign('auth', 'basic')}`;
  return { 400: refused, 401: `${refused}. For a secret deleted or lost: ${replaceSecret(words)}` };
}

// The grant's request, as the arguments of JsonHttp's send or retried.
const grantRequest = (authUrl: string, basic: string, hints: Readonly<Record<number, string>>) =>
  [
    `Token request (POST ${TOKEN_PATH}, ${GRANT})`,
    tokenResponseSchema,
    'POST',
    `${authUrl}${TOKEN_PATH}`,
    {
      form: { grant_type: 'client_credentials', scope: MANAGE_PROJECTS_SCOPE },
      headers: { authorization: basic },
      hints,
    },
  ] as const;

/**
 * One try of the grant with `basic`, for a secret to prove: the token, or the HttpError with
 * its status (a 401 for a secret the service does not take yet). The token is handed to
 * `onCredential` the moment it arrives.
 */
export async function grantOnce(
  http: JsonHttp,
  authUrl: string,
  basic: string,
  onCredential: (credential: string) => void,
  words: WireWords,
): Promise<void> {
  const answer = await http.send(...grantRequest(authUrl, basic, tokenHints(words)));
  onCredential(answer.access_token);
}

/** Where an API call gets its Authorization header, and a fresh one after a 401. */
export interface Authorization {
  /** The header for the next call (the first call waits for the token). */
  header(): Promise<string>;
  /**
   * After a call made with `stale` was answered 401: the header to send it again with, or
   * undefined when the one fresh token of the run is spent.
   */
  refresh(stale: string): Promise<string | undefined>;
}

export interface TokenOptions {
  http: JsonHttp;
  authUrl: string;
  /** The HTTP Basic header of the client's id and secret: the token request's only use of them. */
  basic: string;
  /** Called with the token the moment it arrives, before anything is logged: a door masks it. */
  onCredential: (credential: string) => void;
  log?: Log | undefined;
  /** How the user names the settings the messages mention. */
  words: WireWords;
}

/**
 * A token from the client credentials grant, asked for once, on the first call; its request
 * is retried like a read. After a 401, one fresh token for the whole run: calls refused
 * together share it, and a call refused again with it fails.
 */
export function tokenAuthorization({
  http,
  authUrl,
  basic,
  onCredential,
  log = silentLog,
  words,
}: TokenOptions): Authorization {
  const hints = tokenHints(words);
  let current: Promise<string> | undefined;
  let refreshed = false;
  const request = async (): Promise<string> => {
    const answer = await http.retried(...grantRequest(authUrl, basic, hints)).catch((error: unknown) => {
      // Final, and without the status: a refused grant is no 401 of the API call waiting for
      // the token (no refresh), nor a 400 of a creation (no definition was refused).
      throw error instanceof HttpError ? new HttpError(error.message, { secretRejected: error.status === 401 }) : error;
    });
    onCredential(answer.access_token);
    log.debug(`Access token for ${answer.scope ?? MANAGE_PROJECTS_SCOPE}: valid ${answer.expires_in} s`);
    return `Bearer ${answer.access_token}`;
  };
  return {
    header: () => (current ??= request()),
    async refresh(stale) {
      const now = await current;
      if (now !== stale) return now; // another call got the fresh token already
      if (refreshed) return undefined;
      refreshed = true;
      log.info(
        'The service refused the access token (HTTP 401; expired or revoked since it was issued): asking for a fresh one, once',
      );
      current = request();
      return current;
    },
  };
}

/** Runs `call` with the Authorization header; after a 401, once more with a fresh one if there is one. */
export async function sendAuthorized<T>(
  authorization: Authorization,
  call: (headers: Record<string, string>) => Promise<T>,
): Promise<T> {
  const header = await authorization.header();
  try {
    return await call({ authorization: header });
  } catch (error) {
    if (!(error instanceof HttpError && error.status === 401)) throw error;
    const fresh = await authorization.refresh(header);
    if (fresh === undefined) throw error;
    return call({ authorization: fresh });
  }
}
