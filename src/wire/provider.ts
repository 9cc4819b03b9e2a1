import type { Dispatcher } from 'undici';
import { z } from 'zod/mini';
import type { Budget } from './budget.ts';
import { createJsonHttp } from './http.ts';
import type { Log } from './log.ts';
import { PLAIN_WORDS, type WireWords } from './words.ts';

// The introspection document is a JSON object; which key holds the scope is decided below.
const documentSchema = z.record(z.string(), z.unknown());

/** A key of no vendor's, read first when a document has it; real Globus providers publish `globus_auth_scope` (action-provider-tools). */
export const GENERIC_KEY = 'platform_auth_scope';
const VENDOR_KEY = /^[a-z][a-z0-9]*_auth_scope$/;

// The introspection document is public by design; an answer asking for credentials means
// it is not, and this check cannot see it.
const NOT_PUBLIC =
  "the provider's description is not public: GET / must answer without credentials for this check (none are ever sent to the provider)";
const hints = ({ ref }: WireWords): Readonly<Record<number, string>> => ({
  401: NOT_PUBLIC,
  403: NOT_PUBLIC,
  404: `the provider answers no introspection document at GET /: check ${ref('provider_url')}`,
});

export interface ProviderCheck {
  url: string;
  /** The key the scope was read from, if the document has one holding a string. */
  key?: string | undefined;
  published?: string | undefined;
  /** Whether `published` is one of the client's scope strings. */
  matches: boolean;
}

/**
 * The key that holds the provider's scope: the generic `platform_auth_scope`, else the
 * vendor's `<name>_auth_scope` when it is the document's only such key.
 */
function scopeKey(document: Record<string, unknown>): string | undefined {
  if (GENERIC_KEY in document) return GENERIC_KEY;
  const keys = Object.keys(document).filter((key) => VENDOR_KEY.test(key));
  return keys.length === 1 ? keys[0] : undefined;
}

/** Reads the deployed provider's published scope and checks it against the client's scope strings. */
export async function checkProvider(
  providerUrl: string,
  scopeStrings: readonly string[],
  budget: Budget,
  {
    dispatcher,
    log,
    words = PLAIN_WORDS,
  }: { dispatcher?: Dispatcher | undefined; log?: Log | undefined; words?: WireWords | undefined } = {},
): Promise<ProviderCheck> {
  const http = createJsonHttp({ budget, urlSetting: 'provider_url', words, hints: hints(words), dispatcher, log });
  const url = `${providerUrl}/`;
  const document = await http.retried(`Provider introspection (GET ${url})`, documentSchema, 'GET', url);
  const key = scopeKey(document);
  const value = key === undefined ? undefined : document[key];
  const published = typeof value === 'string' && value !== '' ? value : undefined;
  return { url, key, published, matches: published !== undefined && scopeStrings.includes(published) };
}

/** Why the check failed, what to publish, and where. */
/** What the provider may publish when nothing narrows it: any of the client's scope strings. */
export const ANY_SCOPE_OF_CLIENT = 'a scope string of this client';

export function mismatchMessage(
  { url, key, published }: ProviderCheck,
  expected: string,
  scopeStrings: readonly string[],
  words: Pick<WireWords, 'scopeStringOutput'> = PLAIN_WORDS,
  allowed = ANY_SCOPE_OF_CLIENT,
): string {
  const fix = `Deploy the provider with ${key ?? 'globus_auth_scope (or platform_auth_scope)'} set to ${words.scopeStringOutput}, "${expected}".`;
  if (published === undefined) {
    return (
      `The provider at ${url} publishes no scope: its introspection document (GET /) has ` +
      `${key === undefined ? `no ${GENERIC_KEY} and no single <name>_auth_scope key` : `no string under ${key}`}. ${fix}`
    );
  }
  return `The provider at ${url} publishes ${key} "${published}", which is not ${allowed} (${scopeStrings.join(', ')}). ${fix}`;
}
