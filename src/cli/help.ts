/** `--help`, for the whole and for each command, with examples. */
import { SETTING_DEFAULTS } from '../engine/settings.ts';
import { CLI_SETTINGS, NAME } from './options.ts';

const OPTIONS = [
  ...CLI_SETTINGS.filter((s) => s.flag !== undefined).map((s) => {
    const fallback = SETTING_DEFAULTS[s.setting];
    return `  --${s.flag} <value>`.padEnd(30) + `${s.help} [env ${s.env}${fallback ? `; default ${fallback}` : ''}]`;
  }),
  '  --client-secret-stdin'.padEnd(30) + 'Read the client secret from stdin instead of PROVIDER_CLIENT_SECRET.',
  '  --json'.padEnd(30) + 'Print one JSON document on stdout (schema/cli-output.schema.json in the package).',
  '  --dotenv <file>'.padEnd(30) + "Write the outputs as NAME=value lines, for GitLab CI's artifacts:reports:dotenv.",
  '  --debug'.padEnd(30) + 'Also print one line per request (method, path, status, milliseconds).',
  '  -h, --help'.padEnd(30) + 'Show this help.',
];

/** What only import takes. */
const IMPORT_OPTIONS = [
  '  --scope-suffix <suffix>'.padEnd(30) + "Which scope to import, when the client's scopes have different suffixes.",
  '  --force'.padEnd(30) + 'Replace the spec file if it exists (import never does otherwise).',
].join('\n');

const EXIT_CODES = `Exit codes:
  0  done, or (plan) nothing to change
  1  failed: the errors say what and what to do
  2  (plan) apply would change the registration`;

export const COMMANDS = {
  plan: {
    summary: 'Validate the spec, inspect the client and show what apply would do. Writes nothing.',
    examples: [
      `PROVIDER_CLIENT_SECRET=... ${NAME} plan --client-id 1b0e... --auth-url https://auth.globus.org`,
      `${NAME} plan --on-drift update --json > plan.json   # exit 2 when it would change the scope`,
    ],
  },
  apply: {
    summary: 'Create the scope if the client has none, then hold it to the spec as --on-drift says.',
    examples: [`${NAME} apply --on-drift update --dotenv scope.env`, `printf %s "$SECRET" | ${NAME} apply --client-secret-stdin`],
  },
  verify: {
    summary: "Check that the deployed provider's introspection document (GET /) publishes one of the client's scope strings.",
    examples: [`${NAME} verify --provider-url https://provider.example.org`],
  },
  import: {
    summary: "Write the spec from the client's live scope (made by hand, a script or curl): plan then changes nothing.",
    examples: [
      `PROVIDER_CLIENT_SECRET=... ${NAME} import --client-id 1b0e... --auth-url https://auth.globus.org   # writes .github/provider-scope.yml`,
      `${NAME} import --spec - --scope-suffix action_all > scope.yml   # prints it; picks one of several suffixes`,
    ],
  },
} as const;

export type Command = keyof typeof COMMANDS;

/** The commands as a sentence names them: "plan, apply, verify or import". */
export const commandList = (): string => {
  const names = Object.keys(COMMANDS);
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
};

export const overallHelp = (): string => `Usage: ${NAME} <${Object.keys(COMMANDS).join('|')}> [options]

Registers a Globus Action Provider's access scope with Globus Auth, from a spec file, as the
GitHub Action ensure-provider-scope does.

Commands:
${Object.entries(COMMANDS)
  .map(([command, { summary }]) => `  ${command.padEnd(8)}${summary}`)
  .join('\n')}

Options:
${OPTIONS.join('\n')}
  --version                   Print the version.

${EXIT_CODES}

Examples:
${Object.values(COMMANDS)
  .flatMap((v) => v.examples)
  .map((e) => `  ${e}`)
  .join('\n')}

Run '${NAME} <command> --help' for one command. NO_COLOR turns colours off.
`;

export const commandHelp = (command: Command): string => `Usage: ${NAME} ${command} [options]

${COMMANDS[command].summary}

Options:
${command === 'import' ? [...OPTIONS.filter((line) => !line.startsWith('  --dotenv ')), IMPORT_OPTIONS].join('\n') : OPTIONS.join('\n')}

${EXIT_CODES}

Examples:
${COMMANDS[command].examples.map((e) => `  ${e}`).join('\n')}
`;
