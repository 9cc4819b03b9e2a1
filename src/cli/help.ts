/** `--help`, for the whole and for each command: only what applies, with examples. */
import { SETTING_DEFAULTS } from '../engine/index.ts';
import {
  CLI_COMMANDS,
  CLI_FLAGS,
  COMMAND_FLAGS,
  DRY_RUNS,
  listOf,
  NAME,
  takenBy,
  type CliCommand,
  type CliFlag,
} from './options.ts';

export type { CliCommand } from './options.ts';

const COLUMN = 30;

/** One flag's line: what it is, then its variable, default, and for a command that needs it, "required". */
function flagLine(flag: string, command?: CliCommand): string {
  const option = CLI_FLAGS[flag] as CliFlag;
  const name = `  ${option.short === undefined ? '' : `-${option.short}, `}--${flag}${option.value === undefined ? '' : ` ${option.value}`}`;
  const { setting } = option;
  const fallback = setting === undefined ? option.default : SETTING_DEFAULTS[setting.setting];
  const required = command !== undefined && option.requiredBy?.includes(command) === true;
  const notes = [
    ...(setting === undefined ? [] : [`env ${setting.env}`]),
    ...(option.env === undefined ? [] : [`env ${option.env}${option.type === 'boolean' ? '=true' : ''}`]),
    ...(required ? ['required'] : fallback ? [`default ${fallback}`] : []),
    // The whole's help: which commands take a flag that not all do.
    ...(command === undefined && takenBy(flag).length < CLI_COMMANDS.length
      ? [`${listOf(takenBy(flag), 'and')} only`]
      : []),
  ];
  return `${name.padEnd(COLUMN)}${option.help}${notes.length === 0 ? '' : ` [${notes.join('; ')}]`}`;
}

const EXIT = {
  0: '  0  done, or nothing to change',
  1: '  1  failed: the errors say what and what to do',
  2: '  2  apply would change the registration (create the scope, or update it)',
};

export const COMMANDS = {
  plan: {
    summary: 'Validate the spec, inspect the client and show what apply would do. Writes nothing.',
    exitCodes: [EXIT[0], EXIT[1], EXIT[2]],
    examples: [
      `PROVIDER_CLIENT_SECRET=... ${NAME} plan --client-id 1b0e... --auth-url https://auth.globus.org`,
      `${NAME} plan --on-drift update --json > plan.json   # exit 2 when it would change the scope`,
      `${NAME} plan --format markdown > plan.md   # the job summary's report, for a CI to post`,
      `GITLAB_TOKEN=... ${NAME} plan --gitlab-note   # in a GitLab merge request pipeline: the plan as one note on it`,
    ],
  },
  preview: {
    summary:
      "Run plan's dry run and write what each place would show to files in --out: the job summary, the pull request's comment, the merge request's note, the watch's issue. Writes nothing to the service, GitHub or GitLab.",
    exitCodes: [
      '  0  the files are written, and nothing to change',
      "  1  failed: the errors say what and what to do (a failed run's files are written all the same, as each place would show it)",
      EXIT[2],
    ],
    examples: [
      `${NAME} preview --spec deploy/scope.yml   # writes .preview/summary.md, pull-request-comment.md, merge-request-note.md, watch-issue.md`,
      `${NAME} preview --on-drift update --out rendered   # the update a run would make, as each place would show it`,
    ],
  },
  apply: {
    summary: 'Create the scope if the client has none, then hold it to the spec as --on-drift says.',
    exitCodes: ['  0  done', EXIT[1]],
    examples: [
      `${NAME} apply --on-drift update --dotenv scope.env`,
      `printf %s "$SECRET" | ${NAME} apply --client-secret-stdin`,
    ],
  },
  verify: {
    summary:
      "Check that the deployed provider's introspection document (GET /) publishes one of the client's scope strings (with --provider-suffix, that scope's); several providers, each --provider-url <suffix>=<url> against its scope.",
    exitCodes: ["  0  each provider publishes one of the client's scope strings (its suffix's)", EXIT[1]],
    examples: [
      `${NAME} verify --provider-url https://provider.example.org`,
      `${NAME} verify --provider-url transfer_ls=https://ls.example.org --provider-url transfer_mkdir=https://mkdir.example.org`,
    ],
  },
  import: {
    summary: "Write the spec from the client's live scope (made by hand, a script or curl): plan then changes nothing.",
    exitCodes: ['  0  the spec was written (or printed)', EXIT[1]],
    examples: [
      `PROVIDER_CLIENT_SECRET=... ${NAME} import --client-id 1b0e... --auth-url https://auth.globus.org   # writes .github/provider-scope.yml`,
      `${NAME} import --spec - --scope-suffix action_all > scope.yml   # prints it; only the scope with that suffix`,
    ],
  },
  rotate: {
    summary:
      'Rotate the client secret: make a new one, prove it, hand it over (--print-secret or --secret-file), then retire what is known to be unused (docs/rotation.md). --dry-run shows what it would retire.',
    exitCodes: [
      '  0  the new secret is stored and what had to go is retired (with --dry-run: the credentials were read)',
      EXIT[1],
    ],
    examples: [
      `${NAME} rotate --print-secret | gh secret set PROVIDER_CLIENT_SECRET --env release`,
      `${NAME} rotate --secret-file new-secret --retire now --json > rotation.json   # a leaked secret`,
    ],
  },
} as const satisfies Record<CliCommand, { summary: string; exitCodes: readonly string[]; examples: readonly string[] }>;

/** The commands as a sentence names them: "plan, apply, verify or import". */
export const commandList = (): string => listOf(CLI_COMMANDS, 'or');

/** Every flag once, in the order the commands list them, --help last. */
const ALL_FLAGS = [
  ...new Set(CLI_COMMANDS.flatMap((command) => COMMAND_FLAGS[command]).filter((flag) => flag !== 'help')),
  'help',
];

export const overallHelp = (): string => `Usage: ${NAME} <${CLI_COMMANDS.join('|')}> [options]

Registers a Globus Action Provider's access scope with Globus Auth, from a spec file, as the
GitHub Action ensure-provider-scope does.

Commands:
${CLI_COMMANDS.map((command) => `  ${command.padEnd(8)}${COMMANDS[command].summary}`).join('\n')}

Options:
${ALL_FLAGS.map((flag) => flagLine(flag)).join('\n')}
${'  --version'.padEnd(COLUMN)}Print the version.

Exit codes:
${EXIT[0]}
${EXIT[1]}
${EXIT[2].replace('  2  ', `  2  (${listOf(DRY_RUNS, 'and')}) `)}

Examples:
${CLI_COMMANDS.flatMap((command) => COMMANDS[command].examples)
  .map((e) => `  ${e}`)
  .join('\n')}

Run '${NAME} <command> --help' for one command's options. NO_COLOR turns colours off.
`;

export const commandHelp = (command: CliCommand): string => `Usage: ${NAME} ${command} [options]

${COMMANDS[command].summary}

Options:
${COMMAND_FLAGS[command].map((flag) => flagLine(flag, command)).join('\n')}

Exit codes:
${COMMANDS[command].exitCodes.join('\n')}

Examples:
${COMMANDS[command].examples.map((e) => `  ${e}`).join('\n')}
`;
