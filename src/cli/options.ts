/**
 * The command line's options: the engine's settings under kebab-case flags, each with an
 * environment fallback, the same defaults as the action's inputs. The secret is read from the
 * environment (or stdin when asked) and never from a flag: a flag shows in `ps` and in the
 * shell's history.
 */
import { type Naming, nearestKey, SETTING_DEFAULTS, type SettingName } from '../engine/index.ts';
import { COMMAND_NAMES, type Command } from '../render/commands.ts';
import { AUTH_URL_OPTION } from './address.ts';

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

/** Every setting but dry_run, which the command decides. Defaults are said once, by the help. */
export const CLI_SETTINGS: readonly CliSetting[] = [
  {
    setting: 'client_id',
    flag: 'client-id',
    env: 'PROVIDER_CLIENT_ID',
    help: "The provider's client ID (a UUID), from the developer portal.",
    example: '1b0e...',
  },
  {
    setting: 'client_secret',
    env: 'PROVIDER_CLIENT_SECRET',
    help: 'The client secret: from the environment, or from stdin with --client-secret-stdin; never a flag.',
  },
  {
    setting: 'auth_url',
    ...AUTH_URL_OPTION,
    help: 'Base address of the authentication service, e.g. https://auth.globus.org.',
    example: 'https://auth.globus.org',
  },
  {
    setting: 'spec',
    flag: 'spec',
    env: 'PROVIDER_SPEC',
    help: "Path of the scope spec file inside the repository, from the current directory (left out: from the repository's top).",
    example: '.github/provider-scope.yml',
  },
  {
    setting: 'timeout_seconds',
    flag: 'timeout-seconds',
    env: 'PROVIDER_TIMEOUT_SECONDS',
    help: 'Limit of each request in seconds, more than 0, at most 600; the run gives up after three times it.',
    example: '30',
  },
  {
    setting: 'on_drift',
    flag: 'on-drift',
    env: 'PROVIDER_ON_DRIFT',
    help: 'warn, fail, ignore, or update: what a scope that differs from the spec does.',
    example: 'update',
  },
  {
    setting: 'auth',
    flag: 'auth',
    env: 'PROVIDER_AUTH',
    help: 'basic: the id and secret on every call; token: first a token for manage_projects (client credentials grant), sent as Bearer.',
    example: 'token',
  },
  {
    setting: 'provider_url',
    flag: 'provider-url',
    env: 'PROVIDER_URL',
    help: "Base address of the deployed provider, to check that its GET / publishes one of the client's scope strings (a listed scope's, with a spec that lists scopes). Several: give it again, each <suffix>=<url> (or one a line in PROVIDER_URL), each checked against its scope.",
    example: 'https://provider.example.org',
  },
  {
    setting: 'provider_suffix',
    flag: 'provider-suffix',
    env: 'PROVIDER_SUFFIX',
    help: "The suffix of the scope the provider must publish (left out: any listed one, or with verify any of the client's).",
    example: 'transfer_ls',
  },
];

const bySetting = new Map(CLI_SETTINGS.map((s) => [s.setting, s]));

export { COMMAND_NAMES, type Command };

/** A command of the command line: one a report names (render/commands.ts), or preview, whose renderings are files. */
export type CliCommand = Command | 'preview';

/** Every command, in the order the help lists them: preview beside plan, whose dry run it is. */
export const CLI_COMMANDS: readonly CliCommand[] = ['plan', 'preview', 'apply', 'verify', 'import', 'rotate'];

/** The commands that are a dry run: they write nothing to the service, and exit 2 when apply would change the registration. */
export const DRY_RUNS: readonly CliCommand[] = ['plan', 'preview'];

/** A flag of the command line: a setting's, or one of the door's own. */
export interface CliFlag {
  type: 'string' | 'boolean';
  /** What its value is, as the help shows it: `<value>`. */
  value?: string;
  help: string;
  /** A value to show with the flag in a message. */
  example?: string | undefined;
  /** The setting it gives, with its variable and default. */
  setting?: CliSetting;
  /** Its variable, for a flag that gives no engine setting: a string's value, or `true` to turn a boolean on. */
  env?: string;
  /** Its default, for a flag that gives no setting (a setting's is SETTING_DEFAULTS'). */
  default?: string;
  /** The commands it is required by: the help says so. */
  requiredBy?: readonly CliCommand[];
  /** Given again, it adds a value: the values are its setting's lines (main.ts). */
  multiple?: true;
  short?: string;
}

const settingFlag = (setting: CliSetting & { flag: string }): [string, CliFlag] => [
  setting.flag,
  {
    type: 'string',
    value: '<value>',
    help: setting.help,
    example: setting.example,
    setting,
    ...(setting.setting === 'provider_url' ? { requiredBy: ['verify'] as const, multiple: true as const } : {}),
  },
];

/** Every flag but --version, which only the command's name takes. */
export const CLI_FLAGS: Readonly<Record<string, CliFlag>> = {
  ...Object.fromEntries(
    CLI_SETTINGS.flatMap((s) => (s.flag === undefined ? [] : [settingFlag({ ...s, flag: s.flag })])),
  ),
  'scope-suffix': {
    type: 'string',
    value: '<suffix>',
    help: 'Which scope to import, alone, as a spec of one scope; without it, every scope of the client.',
    example: 'action_all',
  },
  force: { type: 'boolean', help: 'Replace the spec file if it exists (import never does otherwise).' },
  'client-secret-stdin': {
    type: 'boolean',
    help: 'Read the client secret from stdin instead of PROVIDER_CLIENT_SECRET.',
  },
  json: {
    type: 'boolean',
    help: 'Print one JSON document on stdout (schema/cli-output.schema.json in the package); the same as --format json.',
  },
  format: {
    type: 'string',
    value: '<format>',
    help: "What stdout holds: text, for a person; json, as --json; markdown, the report the action's job summary shows, for any CI to post.",
    example: 'markdown',
  },
  dotenv: {
    type: 'string',
    value: '<file>',
    help: "Write the outputs as NAME=value lines, for GitLab CI's artifacts:reports:dotenv.",
    example: 'scope.env',
  },
  'gitlab-note': {
    type: 'boolean',
    help: "In a GitLab merge request pipeline, keep the run's report in one note on the merge request (GITLAB_TOKEN: a token with the api scope; see docs/command-line.md).",
    env: 'PROVIDER_GITLAB_NOTE',
  },
  debug: { type: 'boolean', help: 'Also print one line per request (method, path, status, milliseconds).' },
  // preview's own (cli/preview.ts).
  out: {
    type: 'string',
    value: '<dir>',
    help: 'The folder the renderings are written to (made if missing); only their four files are written there.',
    example: 'rendered',
    default: '.preview/',
  },
  // rotate's own (cli/rotate.ts).
  'print-secret': {
    type: 'boolean',
    help: 'Print the new secret alone on stdout (no newline unless stdout is a terminal); everything else goes to stderr.',
  },
  'secret-file': {
    type: 'string',
    value: '<path>',
    help: 'Write the new secret to this new file (mode 0600; never over an existing file).',
    example: 'new-secret',
  },
  'dry-run': {
    type: 'boolean',
    help: 'List the credentials, which one is in use and what a rotation would retire; create, store and delete nothing.',
  },
  retire: {
    type: 'string',
    value: '<when>',
    help: 'later: keep the credential in use (and any made in the last hour) beside the new one; now: keep only the new one (a leaked secret; needs --secret-file).',
    example: 'now',
    env: 'PROVIDER_RETIRE',
    default: 'later',
  },
  'retire-id': {
    type: 'string',
    value: '<id>',
    help: 'Also delete this credential (e.g. the portal-made one), once the new secret is stored and proven; give it again for each (needs --secret-file).',
    example: '3a53cb4d-...',
    env: 'PROVIDER_RETIRE_ID',
    multiple: true,
  },
  help: { type: 'boolean', short: 'h', help: 'Show this help.' },
};

const CONNECTION = ['client-id', 'auth-url', 'auth', 'timeout-seconds', 'client-secret-stdin'];

/**
 * The flags each command takes, in the order its help lists them: its own first, then the
 * connection's, then the output's. verify reads no spec; import writes a spec, not outputs.
 */
export const COMMAND_FLAGS: Readonly<Record<CliCommand, readonly string[]>> = {
  plan: [
    'spec',
    'on-drift',
    'provider-url',
    'provider-suffix',
    ...CONNECTION,
    'json',
    'format',
    'dotenv',
    'gitlab-note',
    'debug',
    'help',
  ],
  // plan's settings; its report is the files in --out.
  preview: ['spec', 'on-drift', 'provider-url', 'provider-suffix', ...CONNECTION, 'out', 'debug', 'help'],
  apply: [
    'spec',
    'on-drift',
    'provider-url',
    'provider-suffix',
    ...CONNECTION,
    'json',
    'format',
    'dotenv',
    'gitlab-note',
    'debug',
    'help',
  ],
  verify: ['provider-url', 'provider-suffix', ...CONNECTION, 'json', 'format', 'dotenv', 'debug', 'help'],
  import: ['spec', 'scope-suffix', 'force', ...CONNECTION, 'json', 'debug', 'help'],
  rotate: [
    'print-secret',
    'secret-file',
    'dry-run',
    'retire',
    'retire-id',
    'spec',
    ...CONNECTION,
    'json',
    'debug',
    'help',
  ],
};

/** What stdout holds: the report for a person, one JSON document, or the job summary's markdown. */
export const FORMATS = ['text', 'json', 'markdown'] as const;
export type Format = (typeof FORMATS)[number];

/**
 * The report's format from --format and --json, or the problem with them: a value it does not
 * take (with its near miss), or --json beside another format, which would ask for two reports.
 * No PROVIDER_ variable: those are the engine's settings, which a pipeline sets for every job.
 */
export function formatOf(values: Readonly<Record<string, string | boolean | undefined>>): Format | { problem: string } {
  const given = values.format;
  if (typeof given !== 'string') return values.json === true ? 'json' : 'text';
  if (!(FORMATS as readonly string[]).includes(given)) {
    const near = nearestKey(given, FORMATS);
    return {
      problem: `--format must be ${listOf(FORMATS, 'or')}, not "${given}"${near === undefined ? '' : ` (did you mean ${near}?)`}`,
    };
  }
  if (values.json === true && given !== 'json')
    return { problem: `--json and --format ${given} ask for two reports: give one (--json is --format json)` };
  return given as Format;
}

/** "plan and apply", "plan, apply or verify". */
export const listOf = (words: readonly string[], and: 'and' | 'or'): string =>
  words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} ${and} ${words.at(-1)}`;

/** The commands that take a flag. */
export const takenBy = (flag: string): CliCommand[] =>
  CLI_COMMANDS.filter((command) => COMMAND_FLAGS[command].includes(flag));

/** Whether a command reads a setting: the others get its default, whatever the environment holds (a pipeline sets PROVIDER_* for every job). */
export const reads = (command: CliCommand, setting: SettingName): boolean => {
  const flag = bySetting.get(setting)?.flag;
  return flag === undefined || COMMAND_FLAGS[command].includes(flag);
};

/** Where the user gave a setting: its flag, or its PROVIDER_* variable. */
export type GivenAs = 'flag' | 'env';

/** How a setting is named in this door's messages: as the user gave it, its variable if from the environment, else its flag. */
const refOf = (setting: SettingName, given: Partial<Record<SettingName, GivenAs>> = {}): string => {
  const option = bySetting.get(setting);
  if (option === undefined) return setting;
  return option.flag === undefined || given[setting] === 'env' ? option.env : `--${option.flag}`;
};

/** How the secret reaches the command line; said wherever it is missing or refused. */
export const SECRET_HOW =
  'put the client secret in the environment as PROVIDER_CLIENT_SECRET (in CI, from a masked, protected variable), or pipe it in with --client-secret-stdin';

/** What the command line's words depend on in a run. */
export interface CliRunFacts {
  /** The secret came from stdin, so an empty one came from there. */
  secretFromStdin?: boolean;
  /** The spec's path was given (--spec or PROVIDER_SPEC), not the default. */
  specGiven?: boolean;
  /** The command runs inside a repository (a folder above has a .git entry). */
  inRepository?: boolean;
  /** The settings given, and how: a message names each the way it was given. */
  given?: Partial<Record<SettingName, GivenAs>>;
}

/** The command line's words in one run. */
export const cliNaming = ({
  secretFromStdin = false,
  specGiven = false,
  inRepository = true,
  given = {},
}: CliRunFacts = {}): Naming => ({
  label: (setting) => {
    if (setting === 'client_secret' && secretFromStdin) return 'The client secret from stdin (--client-secret-stdin)';
    const option = bySetting.get(setting);
    // Not given: both ways to give it.
    return option?.flag === undefined || given[setting] !== undefined
      ? refOf(setting, given)
      : `--${option.flag} (or ${option.env})`;
  },
  ref: (setting) =>
    setting === 'client_secret' && secretFromStdin
      ? 'the secret read with --client-secret-stdin'
      : refOf(setting, given),
  assign: (setting, value) => {
    const option = bySetting.get(setting);
    return option?.flag === undefined || given[setting] === 'env'
      ? `${refOf(setting, given)}=${value}`
      : `--${option.flag} ${value}`;
  },
  whenEmpty: (setting) =>
    ({
      client_id:
        'give the Client ID shown in the developer portal, e.g. --client-id 1b0e... or PROVIDER_CLIENT_ID in the environment',
      client_secret: secretFromStdin
        ? `pipe it in, e.g. printf %s "$PROVIDER_CLIENT_SECRET" | ${NAME} plan --client-secret-stdin`
        : `${SECRET_HOW}. It is never read from a flag, which would show in ps and in the shell history`,
      auth_url: 'give the base address of the authentication service, e.g. --auth-url https://auth.globus.org',
    })[setting],
  workspace: inRepository ? 'the repository' : 'the current directory',
  // Never "give --spec" to whom gave it.
  specNotFound: specGiven
    ? `Check the path: --spec (or PROVIDER_SPEC) is read from the current directory${inRepository ? ', and must lie inside the repository' : ''}.`
    : `Give the spec's path with --spec (or PROVIDER_SPEC)${inRepository ? `, or commit it as ${SETTING_DEFAULTS.spec} at the repository's top` : ', or run the command inside the repository that holds it'}.`,
  createScope: `run ${NAME} apply`,
  applyRun: 'apply',
  debugOutput: 'the output of the command run again with --debug',
  runAgain: 'Run the command again',
  scopeStringOutput: 'the scope_string that plan and apply print (outputs.scope_string with --json)',
  secretCopies: 'each CI/CD variable and secret store that holds a copy of it',
  scopeOutputOf: (suffix) =>
    `the scope string that plan and apply print for ${suffix} (outputs.scopes[${JSON.stringify(suffix)}].scope_string with --json)`,
  // A repeated flag's values are the lines of its setting (main.ts); the variable's are its lines.
  lineOf: (setting, line) =>
    given[setting] === 'env'
      ? `Line ${line} of ${refOf(setting, given)}`
      : `The ${ordinal(line)} ${refOf(setting, { ...given, [setting]: 'flag' })}`,
});

/** 1st, 2nd, 3rd, 4th, 11th, 21st. */
export const ordinal = (n: number): string => {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return `${n}${teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;
};
