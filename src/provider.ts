import type { Dispatcher } from 'undici';
import { z } from 'zod';
import type { Budget } from './budget.ts';
import { createJsonHttp } from './http.ts';

const descriptionSchema = z.object({ platform_auth_scope: z.string().min(1) });

// The introspection document is public by design; an answer asking for credentials means
// it is not, and this check cannot see it.
const NOT_PUBLIC = "the provider's description is not public: GET / must answer without credentials for this check (none are ever sent to the provider)";
const HINTS: Readonly<Record<number, string>> = {
  401: NOT_PUBLIC,
  403: NOT_PUBLIC,
  404: 'the provider answers no introspection document at GET /: check provider_url',
};

export interface ProviderCheck {
  url: string;
  published: string;
  /** Whether `published` is one of the client's scope strings. */
  matches: boolean;
}

/** Reads the deployed provider's `platform_auth_scope` and checks it against the client's scope strings. */
export async function checkProvider(providerUrl: string, scopeStrings: readonly string[], budget: Budget, dispatcher?: Dispatcher): Promise<ProviderCheck> {
  const http = createJsonHttp({ budget, urlInput: 'provider_url', hints: HINTS, dispatcher });
  const url = `${providerUrl}/`;
  try {
    const { platform_auth_scope: published } = await http.retried(`Provider introspection (GET ${url})`, descriptionSchema, 'GET', url);
    return { url, published, matches: scopeStrings.includes(published) };
  } finally {
    await http.close();
  }
}

export const mismatchMessage = ({ url, published }: ProviderCheck, expected: string, scopeStrings: readonly string[]): string =>
  `The provider at ${url} publishes platform_auth_scope "${published}", which is not a scope string of this client ` +
  `(${scopeStrings.join(', ')}). Deploy it with platform_auth_scope set to the step's scope_string output, "${expected}".`;
