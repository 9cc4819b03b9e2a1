/**
 * The command line's options: the engine's settings under kebab-case flags, each with an
 * environment fallback, the same defaults as the action's inputs. The secret is read from the
 * environment (or stdin when asked) and never from a flag: a flag shows in `ps` and in the
 * shell's history.
 */
import type { Naming, SettingName } from '../engine/settings.ts';

/** The command's name, as a user types it. */
export const NAME = 'ensure-provider-scope';

/** A setting as the command line takes it. */
export interface CliSetting {
  setting: SettingName;
  /** The flag, without `--`; none for the secret. */
  flag?: string;
  env: string;
  help: string;
  /** A value of the flag's, for a message that shows the flag with one. */
  example?: string;
}

/** Every setting but dry_run, which the command decides. */
export const CLI_SETTINGS: readonly CliSetting[] = [
  { setting: 'client_id', flag: 'client-id', env: 'PROVIDER_CLIENT_ID', help: "The provider's client ID (a UUID), from the developer portal.", example: '1b0e...' },
  { setting: 'client_secret', env: 'PROVIDER_CLIENT_SECRET', help: 'The client secret: from the environment, or from stdin with --client-secret-stdin; never a flag.' },
  { setting: 'auth_url', flag: 'auth-url', env: 'PROVIDER_AUTH_URL', help: 'Base address of the authentication service, e.g. https://auth.globus.org.', example: 'https://auth.globus.org' },
  { setting: 'spec', flag: 'spec', env: 'PROVIDER_SPEC', help: 'Path of the scope spec file, inside the current directory (default .github/provider-scope.yml).', example: '.github/provider-scope.yml' },
  { setting: 'timeout_seconds', flag: 'timeout-seconds', env: 'PROVIDER_TIMEOUT_SECONDS', help: 'Limit of each request in seconds, more than 0, at most 600 (default 30); the run gives up after three times it.', example: '30' },
  { setting: 'on_drift', flag: 'on-drift', env: 'PROVIDER_ON_DRIFT', help: 'warn (default), fail, ignore, or update: what a scope that differs from the spec does.', example: 'update' },
  { setting: 'auth', flag: 'auth', env: 'PROVIDER_AUTH', help: "basic (default): the id and secret on every call; token: first a token for manage_projects (client credentials grant), sent as Bearer.", example: 'token' },
  { setting: 'provider_url', flag: 'provider-url', env: 'PROVIDER_URL', help: "Base address of the deployed provider, to check that its GET / publishes one of the client's scope strings.", example: 'https://provider.example.org' },
];

const bySetting = new Map(CLI_SETTINGS.map((s) => [s.setting, s]));

/** How a setting is named in this door's messages: its flag and its variable. */
const refOf = (setting: SettingName): string => {
  const option = bySetting.get(setting);
  if (option === undefined) return setting;
  return option.flag === undefined ? option.env : `--${option.flag}`;
};

/** How the secret reaches the command line; said wherever it is missing or refused. */
export const SECRET_HOW =
  'put the client secret in the environment as PROVIDER_CLIENT_SECRET (in CI, from a masked, protected variable), or pipe it in with --client-secret-stdin';

/** The command line's words; `secretFromStdin`: the run read the secret from stdin, so an empty one came from there. */
export const cliNaming = ({ secretFromStdin = false }: { secretFromStdin?: boolean } = {}): Naming => ({
  label: (setting) => {
    if (setting === 'client_secret' && secretFromStdin) return 'The client secret from stdin (--client-secret-stdin)';
    const option = bySetting.get(setting);
    return option?.flag === undefined ? refOf(setting) : `--${option.flag} (or ${option.env})`;
  },
  ref: refOf,
  assign: (setting, value) => {
    const option = bySetting.get(setting);
    return option?.flag === undefined ? `${refOf(setting)}=${value}` : `--${option.flag} ${value}`;
  },
  whenEmpty: (setting) =>
    ({
      client_id: 'give the Client ID shown in the developer portal, e.g. --client-id 1b0e... or PROVIDER_CLIENT_ID in the environment',
      client_secret: secretFromStdin
        ? `pipe it in, e.g. printf %s "$PROVIDER_CLIENT_SECRET" | ${NAME} plan --client-secret-stdin`
        : `${SECRET_HOW}. It is never read from a flag, which would show in ps and in the shell history`,
      auth_url: 'give the base address of the authentication service, e.g. --auth-url https://auth.globus.org',
    })[setting],
  workspace: 'the current directory',
  specNotFound: "Run the command from the repository's root, or give the spec's path with --spec (or PROVIDER_SPEC).",
  createScope: `run ${NAME} apply`,
  debugOutput: 'the output of the command run again with --debug',
  runAgain: 'Run the command again',
  scopeStringOutput: 'the scope_string that plan and apply print (outputs.scope_string with --json)',
});
