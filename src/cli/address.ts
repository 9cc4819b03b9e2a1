/**
 * How the command line is told the service's address: a flag, or else a variable. Alone in a
 * module: the entry reads the address before the rest of the command loads (index.ts), and
 * options.ts lists it with the other settings.
 */
import { parseArgs } from 'node:util';

export const AUTH_URL_OPTION = { flag: 'auth-url', env: 'PROVIDER_AUTH_URL' } as const;

/** The address as given, before the settings check it (or any other argument). */
export function givenAuthUrl(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const { values } = parseArgs({
    args: [...argv],
    options: { [AUTH_URL_OPTION.flag]: { type: 'string' } },
    strict: false,
    allowPositionals: true,
  });
  const flag = values[AUTH_URL_OPTION.flag];
  return (typeof flag === 'string' ? flag : env[AUTH_URL_OPTION.env])?.trim();
}
