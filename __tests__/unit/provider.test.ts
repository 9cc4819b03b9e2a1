/**
 * The provider check (src/wire/provider.ts) against a provider on 127.0.0.1: which key of
 * the introspection document holds the scope, when it matches, and what a failure says.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { ProviderStub } from '../../dev/provider-stub.ts';
import { createBudget } from '../../src/wire/budget.ts';
import { checkProvider, GENERIC_KEY, mismatchMessage } from '../../src/wire/provider.ts';
import { fakeClock } from '../support/clock.ts';

const MINE = 'https://auth.example.org/scopes/6f4d4ff0-0f3c-4a55-9a8e-5a8c1f3d2b10/action_all';
const FQDN = 'https://actions.example.org/scopes/action_all';

let provider: ProviderStub;
beforeEach(async () => {
  provider = new ProviderStub();
  await provider.start();
});
afterEach(() => provider.stop());

const check = (document: Record<string, unknown>) => {
  provider.document = document;
  return checkProvider(provider.url, [MINE, FQDN], createBudget(5, { clock: fakeClock() }));
};

describe('the key that holds the scope', () => {
  test(`${GENERIC_KEY} first, over a vendor's key`, async () => {
    expect(await check({ globus_auth_scope: 'other', [GENERIC_KEY]: MINE })).toEqual({
      url: `${provider.url}/`,
      key: GENERIC_KEY,
      published: MINE,
      matches: true,
    });
  });

  test("a vendor's <name>_auth_scope when it is the only such key; any of the client's scope strings matches", async () => {
    expect(await check({ title: 'x', globus_auth_scope: FQDN })).toEqual({
      url: `${provider.url}/`,
      key: 'globus_auth_scope',
      published: FQDN,
      matches: true,
    });
  });

  test('two vendor keys: none is chosen', async () => {
    expect(await check({ globus_auth_scope: MINE, other_auth_scope: MINE })).toEqual({
      url: `${provider.url}/`,
      key: undefined,
      published: undefined,
      matches: false,
    });
  });

  test.each(['Globus_auth_scope', 'x_auth_scope_v2', 'globus-auth_scope', '_auth_scope', '1globus_auth_scope'])(
    '%s is not a vendor key',
    async (key) => {
      expect(await check({ [key]: MINE })).toMatchObject({ key: undefined, published: undefined, matches: false });
    },
  );

  test.each<[string, unknown]>([
    ['an empty string', ''],
    ['a number', 42],
    ['a list', [MINE]],
    ['null', null],
  ])('a key holding %s publishes nothing', async (_what, value) => {
    expect(await check({ globus_auth_scope: value })).toEqual({
      url: `${provider.url}/`,
      key: 'globus_auth_scope',
      published: undefined,
      matches: false,
    });
  });

  test("another client's scope string does not match", async () => {
    expect(await check({ globus_auth_scope: 'https://auth.example.org/scopes/other/action_all' })).toMatchObject({
      matches: false,
      published: 'https://auth.example.org/scopes/other/action_all',
    });
  });
});

describe('a provider that does not answer its document', () => {
  test.each([401, 403])('%i: the document is not public, said so', async (status) => {
    provider.status = status;
    await expect(check({})).rejects.toThrow(
      "the provider's description is not public: GET / must answer without credentials for this check",
    );
  });

  test('404: no introspection document, check provider_url', async () => {
    provider.status = 404;
    await expect(check({})).rejects.toThrow(
      /^Provider introspection \(GET http:\/\/127\.0\.0\.1:\d+\/\) failed with HTTP 404: the provider answers no introspection document at GET \/: check provider_url/,
    );
  });
});

describe('mismatchMessage', () => {
  const url = 'https://p.example.org/';
  test('no key: both keys named as what to publish', () => {
    expect(mismatchMessage({ url, matches: false }, MINE, [MINE])).toBe(
      `The provider at ${url} publishes no scope: its introspection document (GET /) has no ${GENERIC_KEY} and no single <name>_auth_scope key. ` +
        `Deploy the provider with globus_auth_scope (or platform_auth_scope) set to the scope_string output, "${MINE}".`,
    );
  });

  test('a key without a string: that key named', () => {
    expect(mismatchMessage({ url, key: 'globus_auth_scope', matches: false }, MINE, [MINE])).toBe(
      `The provider at ${url} publishes no scope: its introspection document (GET /) has no string under globus_auth_scope. ` +
        `Deploy the provider with globus_auth_scope set to the scope_string output, "${MINE}".`,
    );
  });

  test("another value: what it publishes, and the client's scope strings", () => {
    expect(mismatchMessage({ url, key: GENERIC_KEY, published: 'other', matches: false }, MINE, [MINE, FQDN])).toBe(
      `The provider at ${url} publishes ${GENERIC_KEY} "other", which is not a scope string of this client (${MINE}, ${FQDN}). ` +
        `Deploy the provider with ${GENERIC_KEY} set to the scope_string output, "${MINE}".`,
    );
  });
});
