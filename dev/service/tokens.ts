/**
 * The token endpoint and the access tokens it issues, as the real service's client credentials
 * grant gives them (globus/action-provider-tools, docs/source/setting_up_auth.rst; the answer's
 * shape is globus-sdk's, testing/data/auth/oauth2_client_credentials_tokens.py): opaque, with
 * an expiry, only for the manage_projects scope. A valid token stands for its client on the API.
 */
import { randomBytes } from 'node:crypto';
import { MANAGE_PROJECTS_SCOPE } from '../../src/wire/token.ts';
import { error, type Answer } from './api.ts';
import type { ClientRecord, ServiceState } from './records.ts';

export { MANAGE_PROJECTS_SCOPE, TOKEN_PATH } from '../../src/wire/token.ts';

/** As the SDK's fixture: two days. */
export const TOKEN_LIFETIME_SECONDS = 172_800;

interface TokenRecord {
  clientId: string;
  scope: string;
  /** ms since the epoch */
  expiresAt: number;
}

/** An error of the token endpoint in OAuth2's shape (RFC 6749, 5.2), as the SDK records one: `{"error": "invalid_grant"}`. */
const oauthError = (status: number, code: string): Answer => ({ status, body: { error: code } });

export interface TokenRequest {
  method: string;
  contentType: string | undefined;
  body: unknown;
  credentials: { id: string; secret: string } | undefined;
}

export class TokenStore {
  private readonly tokens = new Map<string, TokenRecord>();
  /** Clients the developer portal does not allow the client credentials grant. */
  readonly refusedGrant = new Set<string>();
  private readonly lifetimeSeconds: number;

  constructor(lifetimeSeconds = TOKEN_LIFETIME_SECONDS) {
    this.lifetimeSeconds = lifetimeSeconds;
  }

  /** Every token issued so far, for the tests' leak checks. */
  issued(): string[] {
    return [...this.tokens.keys()];
  }

  /** Every token issued so far expires now, as if the run had outlived it. */
  expireAll(): void {
    for (const token of this.tokens.values()) token.expiresAt = 0;
  }

  /** `POST /v2/oauth2/token`: the client credentials grant, HTTP Basic, a form body. */
  grant(state: ServiceState, { method, contentType, body, credentials }: TokenRequest): Answer {
    if (method !== 'POST') return error(405, `${method} is not allowed here`);
    const caller = state.authenticate(credentials);
    // The words the real token endpoint answers with (ssl-hep/ServiceX issue 841).
    if (caller === undefined) return error(401, 'Basic auth failed');
    if (!/^application\/x-www-form-urlencoded\b/i.test(contentType ?? '') || typeof body !== 'string')
      return oauthError(400, 'invalid_request');
    const form = new URLSearchParams(body);
    if (form.get('grant_type') !== 'client_credentials') return oauthError(400, 'unsupported_grant_type');
    if (this.refusedGrant.has(caller.id)) return oauthError(400, 'unauthorized_client');
    const scopes = (form.get('scope') ?? '').split(' ').filter((s) => s !== '');
    if (scopes.length === 0 || scopes.some((s) => s !== MANAGE_PROJECTS_SCOPE)) return oauthError(400, 'invalid_scope');
    const token = randomBytes(32).toString('base64url');
    this.tokens.set(token, {
      clientId: caller.id,
      scope: MANAGE_PROJECTS_SCOPE,
      expiresAt: Date.now() + this.lifetimeSeconds * 1000,
    });
    return {
      status: 200,
      body: {
        access_token: token,
        scope: MANAGE_PROJECTS_SCOPE,
        expires_in: this.lifetimeSeconds,
        token_type: 'Bearer',
        resource_server: 'auth.globus.org',
        other_tokens: [],
      },
    };
  }

  /** The client a Bearer token stands for, or the answer to a token that is unknown, expired or not for manage_projects. */
  caller(state: ServiceState, token: string): { client: ClientRecord } | { refusal: Answer } {
    const record = this.tokens.get(token);
    const client = record === undefined ? undefined : state.clients.get(record.clientId);
    if (record === undefined || client === undefined || record.expiresAt <= Date.now()) {
      return { refusal: error(401, 'The access token is not active (unknown, expired or revoked)') };
    }
    if (record.scope !== MANAGE_PROJECTS_SCOPE)
      return { refusal: error(403, 'The access token lacks the manage_projects scope') };
    return { client };
  }
}
