/**
 * The address the command line's entry opens the first connections to, before the rest of the
 * command loads (src/cli/address.ts): read as main() reads it, the flag before its variable.
 */
import { expect, test } from '@jest/globals';
import { givenAuthUrl } from '../../src/cli/address.ts';
import { CLI_SETTINGS } from '../../src/cli/options.ts';

test.each<[string, string[], Record<string, string>, string | undefined]>([
  ['the flag', ['plan', '--auth-url', 'https://a.example'], {}, 'https://a.example'],
  ['the flag with =', ['plan', '--auth-url=https://a.example'], {}, 'https://a.example'],
  [
    'among other options',
    ['apply', '--client-id', 'x', '--auth-url', ' https://a.example ', '--json'],
    {},
    'https://a.example',
  ],
  [
    'the flag over the variable',
    ['plan', '--auth-url', 'https://a.example'],
    { PROVIDER_AUTH_URL: 'https://b.example' },
    'https://a.example',
  ],
  ['the variable, without the flag', ['verify'], { PROVIDER_AUTH_URL: 'https://b.example\n' }, 'https://b.example'],
  ['neither', ['--help'], {}, undefined],
])('%s', (_what, argv, env, expected) => {
  expect(givenAuthUrl(argv, env)).toBe(expected);
});

test("the flag and the variable are the options' own", () => {
  const option = CLI_SETTINGS.find((s) => s.setting === 'auth_url');
  expect(option).toMatchObject({ flag: 'auth-url', env: 'PROVIDER_AUTH_URL' });
});
