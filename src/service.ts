import { z } from 'zod';
import { ActionError } from './errors.ts';
import { withRetries, type RetryContext } from './retry.ts';
import type { ScopeSpec } from './spec.ts';
import { uuidSchema } from './uuid.ts';

// Response schemas: unknown fields are ignored (z.object strips them); the fields the
// action relies on are required, so a changed service fails with a message naming them.

export const scopeSchema = z.object({
  id: uuidSchema,
  scope_string: z.string().min(1),
  name: z.string().optional(),
  description: z.string().optional(),
  client: z.string().nullable().optional(),
  advertised: z.boolean().optional(),
  allows_refresh_token: z.boolean().optional(),
  dependent_scopes: z
    .array(z.object({ scope: z.string(), optional: z.boolean().optional(), requires_refresh_token: z.boolean().optional() }))
    .optional(),
});
export type Scope = z.output<typeof scopeSchema>;

// `client.scopes` holds scope UUIDs as a rule, but full scope objects have been seen too.
const clientScopeSchema = z.union([uuidSchema, z.looseObject({ id: uuidSchema })]);

export const clientResponseSchema = z
  .object({
    client: z.object({
      id: uuidSchema,
      name: z.string().optional(),
      scopes: z.array(clientScopeSchema),
      fqdns: z.array(z.string()).optional(),
    }),
  })
  .transform(({ client }) => ({
    id: client.id,
    name: client.name,
    scopeIds: client.scopes.map((s) => (typeof s === 'string' ? s : s.id)),
    // Embedded scope objects complete enough to use spare a lookup.
    scopes: client.scopes.flatMap((s) => {
      const parsed = scopeSchema.safeParse(s);
      return parsed.success ? [parsed.data] : [];
    }),
  }));
export type Client = z.output<typeof clientResponseSchema>;

export const scopeListResponseSchema = z.object({ scopes: z.array(scopeSchema) }).transform((r) => r.scopes);

// Creation answers `{"scopes": [...]}` as documented, or `{"scope": {...}}`. One object with
// both keys optional, rather than a union, so that a malformed answer names its field.
export const createResponseSchema = z
  .object({ scopes: z.array(scopeSchema).min(1).optional(), scope: scopeSchema.optional() })
  .transform((r, ctx) => {
    const scopes = r.scopes ?? (r.scope === undefined ? [] : [r.scope]);
    if (scopes.length === 0) ctx.addIssue({ code: 'custom', path: ['scopes'], message: 'neither scopes nor scope' });
    return scopes;
  });

/** The body of the creation request: the spec with every dependent scope as a UUID. */
export type ScopeDefinition = ScopeSpec;

/** A call to the service that failed; `transient` when trying again may succeed. */
export class ServiceError extends ActionError {
  override readonly name = 'ServiceError';
  readonly status: number | undefined;
  readonly transient: boolean;
  /** The wait the service asked for (Retry-After), if it did. */
  readonly retryAfterMs: number | undefined;

  constructor(message: string, { status, transient = false, retryAfterMs }: { status?: number; transient?: boolean; retryAfterMs?: number } = {}) {
    super(message);
    this.status = status;
    this.transient = transient;
    this.retryAfterMs = retryAfterMs;
  }

  /** The same failure, final, with why it was given up on. */
  because(reason: string): ServiceError {
    return new ServiceError(`${this.message} (${reason})`, this.status === undefined ? {} : { status: this.status });
  }
}

/** Tries `attempt` again while it fails with a transient ServiceError (see withRetries). */
export const withServiceRetries = <T>(attempt: () => Promise<T>, context: RetryContext): Promise<T> =>
  withRetries(
    attempt,
    (error) => (error instanceof ServiceError ? { retryable: error.transient, retryAfterMs: error.retryAfterMs } : { retryable: false }),
    context,
    (error, reason) => (error instanceof ServiceError ? error.because(reason) : error),
  );

/** The calls the reconciliation needs, bound to one client and its credentials. */
export interface AuthService {
  getClient(): Promise<Client>;
  /** Scopes found for the given strings; strings that do not exist are simply absent. */
  lookupScopesByString(scopeStrings: readonly string[]): Promise<Scope[]>;
  /** Scopes found for the given ids; ids that do not exist are simply absent. */
  lookupScopesById(ids: readonly string[]): Promise<Scope[]>;
  createScope(definition: ScopeDefinition): Promise<Scope[]>;
}
