/**
 * The command line's door: `plan`, `apply` and `verify` (and `preview`, `import`, `rotate`), driving the same engine as the action.
 * It reads the settings from flags and the environment, the secret from the environment or
 * stdin, shows each message on stderr as it comes (a slow service never leaves the terminal
 * silent), and puts the report on stdout: text for a person, one JSON document, or the job
 * summary's markdown (`--format`). Everything it prints or writes is scrubbed of every form of
 * the secret, and shown inert.
 */
import path from 'node:path';
import { parseArgs, styleText } from 'node:util';
import type { Dispatcher } from 'undici';
import packageJson from '../../package.json' with { type: 'json' };
import {
  type Conclusion,
  ensureProviderScope,
  keepSecrets,
  type Message,
  nearestKey,
  type RunConclusion,
  SETTING_DEFAULTS,
  type SettingName,
  verifyProvider,
} from '../engine/index.ts';
import { inert, inertJson } from '../engine/text.ts';
import { defuseForBoth } from '../render/defuse.ts';
import { buildSummary } from '../render/summary.ts';
import { ActionError } from '../wire/errors.ts';
import type { Clock } from '../wire/retry.ts';
import { dotenvOf, dotenvProblems } from '../gitlab/dotenv.ts';
import { COMMANDS, commandHelp, commandList, overallHelp } from './help.ts';
import { humanReport, type Paint } from '../render/human-report.ts';
import { runImport } from './import.ts';
import { jsonReport } from '../render/json-report.ts';
import {
  CLI_FLAGS,
  CLI_SETTINGS,
  cliNaming,
  COMMAND_FLAGS,
  DRY_RUNS,
  formatOf,
  listOf,
  NAME,
  reads,
  SECRET_HOW,
  takenBy,
  type CliCommand,
  type CliSetting,
  type Command,
  type Format,
  type GivenAs,
} from './options.ts';
import type { PreviewFacts } from './preview.ts';
import { findRepository } from './repository.ts';
import { runRotate, type NewFile } from './rotate.ts';

const SPEC = CLI_SETTINGS.find((s) => s.setting === 'spec') as CliSetting;

export interface Stream {
  /** `done` is called once the text is written, or with the error that stopped it (a pipe closed, a full disk). */
  write(text: string, done?: (error?: Error | null) => void): unknown;
  /** Where a stream reports its errors; without a listener, Node would throw them. */
  on?(event: 'error', listener: (error: Error) => void): unknown;
  isTTY?: boolean | undefined;
}

/** What the command takes from its process: given by index.ts, or by a test. */
export interface Collaborators {
  /** The arguments after the command's name. */
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  /** Where a relative spec path points; the spec must lie inside the repository that holds it. */
  cwd: string;
  stdout: Stream;
  stderr: Stream;
  readStdin(): Promise<string>;
  writeFile(file: string, text: string): Promise<void>;
  /** rotate's secret file, opened new (cli/rotate.ts); the default creates it exclusively, mode 0600. */
  openNew?: ((where: string) => Promise<NewFile>) | undefined;
  clock?: Clock | undefined;
  dispatcher?: Dispatcher | undefined;
}

export type ExitCode = 0 | 1 | 2;

const FLAGS = {
  ...Object.fromEntries(
    Object.entries(CLI_FLAGS).map(([flag, { type, short, multiple }]) => [
      flag,
      { type, ...(short === undefined ? {} : { short }), ...(multiple === undefined ? {} : { multiple }) },
    ]),
  ),
  version: { type: 'boolean' as const },
} satisfies Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>;

type Values = Record<string, string | boolean | undefined>;

/**
 * The arguments as Node's parseArgs reads them, held to the options here in this command's
 * words: an unknown option gets its near miss, an option without its value or with one it
 * does not take is named as such. (parseArgs' own strict errors say neither.)
 */
function parse(argv: readonly string[]): { values: Values; positionals: string[] } | { problem: string } {
  const { values, positionals, tokens } = parseArgs({
    args: [...argv],
    options: FLAGS,
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    const option = (FLAGS as Record<string, { type: 'string' | 'boolean' } | undefined>)[token.name];
    if (option === undefined) {
      const near = nearestKey(token.name, Object.keys(FLAGS));
      return { problem: `unknown option ${token.rawName}${near === undefined ? '' : ` (did you mean --${near}?)`}` };
    }
    if (option.type === 'boolean' && token.value !== undefined) return { problem: `${token.rawName} takes no value` };
    // A following option taken as the value: almost always a value forgotten.
    if (
      option.type === 'string' &&
      (token.value === undefined || (!token.inlineValue && token.value.startsWith('--')))
    ) {
      return {
        problem: `${token.rawName} needs a value, e.g. ${token.rawName} ${CLI_FLAGS[token.name]?.example ?? '<value>'}`,
      };
    }
  }
  // A flag given again (--provider-url, one provider each): its values are the setting's lines.
  const joined = Object.entries(values).map(([name, v]) => [name, Array.isArray(v) ? v.join('\n') : v]);
  return { values: Object.fromEntries(joined) as Values, positionals };
}

/** Colours only on a terminal, never with NO_COLOR set (https://no-color.org) or TERM=dumb. */
function painter(stream: Stream, env: Collaborators['env']): Paint {
  const on = stream.isTTY === true && !env.NO_COLOR && env.TERM !== 'dumb';
  const style = (format: Parameters<typeof styleText>[0]) => (text: string) =>
    on ? styleText(format, text, { validateStream: false }) : text;
  return {
    added: style('green'),
    changed: style('yellow'),
    removed: style('red'),
    dim: style('dim'),
    bold: style('bold'),
  };
}

/** A message about a place in a file, as compilers print one: `file:line: text` (the file named once). */
function located(message: Message): string {
  const location = 'location' in message ? message.location : undefined;
  if (location?.startLine === undefined) return message.text;
  const text = message.text.startsWith(`${location.file}: `)
    ? message.text.slice(location.file.length + 2)
    : message.text;
  return `${location.file}:${location.startLine}: ${text}`;
}

export async function main(collaborators: Collaborators): Promise<ExitCode> {
  const { stdout, stderr } = collaborators;
  const fail = (text: string): ExitCode => (stderr.write(`${NAME}: ${inert(text)}\n`), 1);
  // Refused by name before anything else: a secret in a flag is already in `ps` and the history.
  if (collaborators.argv.some((arg) => /^--client-secret(=|$)/.test(arg))) {
    return fail(`the secret is never given as a flag (it would show in ps and in the shell history): ${SECRET_HOW}.`);
  }
  const parsed = parse(collaborators.argv);
  if ('problem' in parsed) return fail(`${parsed.problem}. Run '${NAME} --help' for the options.`);
  const { values, positionals } = parsed;
  const [verb, ...extra] = positionals;
  const command = verb as CliCommand | undefined;
  if (values.version === true) return (stdout.write(`${packageJson.version}\n`), 0);
  if (command === undefined)
    return values.help === true ? (stdout.write(overallHelp()), 0) : (stderr.write(overallHelp()), 1);
  if (!(command in COMMANDS)) {
    const near = nearestKey(command, Object.keys(COMMANDS));
    return fail(
      `unknown command "${command}"${near === undefined ? '' : ` (did you mean ${near}?)`}: use ${commandList()}. Run '${NAME} --help'.`,
    );
  }
  if (values.help === true) return (stdout.write(commandHelp(command)), 0);
  if (extra.length > 0)
    return fail(`unexpected argument "${extra[0]}": options start with --. Run '${NAME} ${command} --help'.`);
  const misplaced = Object.keys(CLI_FLAGS).find(
    (flag) => values[flag] !== undefined && !COMMAND_FLAGS[command].includes(flag),
  );
  if (misplaced !== undefined) {
    return fail(
      `--${misplaced} is not an option of ${command}, but of ${listOf(takenBy(misplaced), 'and')}. Run '${NAME} ${command} --help' for the options of ${command}.`,
    );
  }
  if (command === 'rotate') return runRotate(values, collaborators);
  if (command === 'preview') {
    // Loaded for preview alone: every other command starts without its renderings.
    const { prepareOut, writePreview } = await import('./preview.ts');
    const out = await prepareOut(values.out as string | undefined, collaborators.cwd);
    if ('problem' in out) return fail(`${out.problem}. Run '${NAME} preview --help' for the options of preview.`);
    return run(
      { command, finish: (facts) => writePreview({ ...facts, out, io: collaborators }) },
      values,
      collaborators,
    );
  }
  const format = formatOf(values);
  if (typeof format !== 'string')
    return fail(`${format.problem}. Run '${NAME} ${command} --help' for the options of ${command}.`);
  return run({ command, format }, values, collaborators);
}

/** How a run ends: its report on stdout, in a format; or, for preview, its files (cli/preview.ts). */
type Ending =
  { command: Command; format: Format } | { command: 'preview'; finish: (facts: PreviewFacts) => Promise<ExitCode> };

/** The settings as the command reads them: by flag, else by variable, else the default; and how each was given. */
async function readSettings(command: CliCommand, values: Values, collaborators: Collaborators) {
  const { env } = collaborators;
  const flag = (name: string): string | undefined =>
    typeof values[name] === 'string' ? (values[name] as string) : undefined;
  const secretFromStdin = values['client-secret-stdin'] === true;
  // Its line break (LF or CRLF) goes with the trim every setting gets when it is read.
  const secret = secretFromStdin ? await collaborators.readStdin() : (env.PROVIDER_CLIENT_SECRET ?? '');
  // A setting the command does not read keeps its default, whatever the environment holds.
  const given = (s: CliSetting): string | undefined =>
    reads(command, s.setting) ? ((s.flag === undefined ? undefined : flag(s.flag)) ?? env[s.env]) : undefined;
  const settings = new Map(CLI_SETTINGS.map((s) => [s.setting, given(s) ?? SETTING_DEFAULTS[s.setting] ?? '']));
  settings.set('client_secret', secret);
  // The spec lies anywhere in the repository: a path given is read from the current
  // directory, the default from the repository's top (said from here, as messages show it).
  const repository = await findRepository(collaborators.cwd);
  const specGiven = given(SPEC) !== undefined;
  if (!specGiven)
    settings.set('spec', path.relative(repository.here, path.join(repository.top, SETTING_DEFAULTS.spec as string)));
  settings.set('dry_run', DRY_RUNS.includes(command) ? 'true' : 'false');
  const read = (name: SettingName): string => (settings.get(name) ?? '').trim();
  // Each setting the command reads, as it was given: by its flag, else by its variable.
  const givenAs = Object.fromEntries(
    CLI_SETTINGS.flatMap((s): Array<[SettingName, GivenAs]> => {
      if (!reads(command, s.setting)) return [];
      if (s.flag !== undefined && flag(s.flag) !== undefined) return [[s.setting, 'flag']];
      return env[s.env] === undefined ? [] : [[s.setting, 'env']];
    }),
  );
  const naming = cliNaming({ secretFromStdin, specGiven, inRepository: repository.found, given: givenAs });
  return { read, naming, repository, dotenv: flag('dotenv') };
}

/** Each message on stderr as it comes, scrubbed and inert; the warnings and errors kept for --json. */
function messageWriter(stderr: Stream, env: Collaborators['env'], debug: boolean, safe: (text: string) => string) {
  const paint = painter(stderr, env);
  const seen: Message[] = [];
  const write = (message: Message): void => {
    if (message.level === 'warning' || message.level === 'error') seen.push(message);
    if (message.level === 'debug' && !debug) return;
    const label = {
      info: '',
      debug: paint.dim('debug: '),
      warning: paint.changed('Warning: '),
      error: paint.removed('Error: '),
    }[message.level];
    stderr.write(`${label}${safe(located(message))}\n`);
  };
  return { write, seen };
}

async function run(ending: Ending, values: Values, collaborators: Collaborators): Promise<ExitCode> {
  const { command } = ending;
  const { read, naming, repository, dotenv } = await readSettings(command, values, collaborators);
  // The run's one keeper of the secret's forms, and of the access token's once it arrives:
  // scrubbed from every line, the report and the dotenv file.
  // Of the secret as it is sent: trimmed, as every setting is read.
  const secrets = keepSecrets(read('client_id'), read('client_secret'));
  const safe = (text: string): string => inert(secrets.scrub(text));
  const { write, seen } = messageWriter(collaborators.stderr, collaborators.env, values.debug === true, safe);
  const port = {
    read,
    naming,
    workspace: repository.top,
    specBase: repository.here,
    secrets,
    write,
    clock: collaborators.clock,
    dispatcher: collaborators.dispatcher,
    check: dotenv === undefined ? undefined : dotenvProblems,
  };
  if (command === 'import') return runImport({ port, values, seen, stdout: collaborators.stdout, show: safe });
  const conclusion = await (command === 'verify' ? verifyProvider(port) : ensureProviderScope(port));
  conclusion.messages.forEach(write);

  // A dry run exits 2 exactly when its `changes` output is true: an apply would change the registration.
  let exitCode: ExitCode =
    conclusion.exitCode === 1 ? 1 : DRY_RUNS.includes(command) && conclusion.plan?.changes === true ? 2 : 0;
  const { outputs, plan, settings } = conclusion;
  // From the repository's top, wherever the command runs: the markers stay the same.
  const spec = path.relative(repository.top, path.resolve(repository.here, settings.spec)).split(path.sep).join('/');
  if (ending.command === 'preview') return ending.finish({ conclusion, exitCode, spec, naming, secrets, write });
  if (dotenv !== undefined && outputs !== undefined && plan !== undefined && exitCode !== 1) {
    const written = await writeDotenv(dotenv, { outputs, plan }, secrets.scrub, collaborators.writeFile);
    if (written !== undefined) {
      write(written);
      exitCode = 1;
    }
  }
  // Its warnings are the run's (in --json's too); the exit code stays the run's.
  if (notes(ending.command, values, collaborators.env, write)) {
    // Loaded only then: every other run starts without it.
    const { noteOnMergeRequest } = await import('../gitlab/note.ts');
    await noteOnMergeRequest({
      conclusion,
      env: collaborators.env,
      clientId: settings.clientId,
      spec,
      timeoutSeconds: settings.timeoutSeconds,
      secrets,
      write,
      words: naming,
      clock: collaborators.clock,
      dispatcher: collaborators.dispatcher,
    });
  }
  const { format } = ending;
  writeReport({ command: ending.command, format, conclusion, seen, exitCode, naming, secrets, collaborators });
  return exitCode;
}

/** --dotenv: the outputs written to the file named; what kept them from it, as an error. */
async function writeDotenv(
  file: string,
  { outputs, plan }: Required<Pick<Conclusion, 'outputs' | 'plan'>>,
  scrub: (text: string) => string,
  writeFile: Collaborators['writeFile'],
): Promise<Message | undefined> {
  try {
    await writeFile(file, scrub(dotenvOf(outputs, plan.telling)));
    return undefined;
  } catch (error) {
    return {
      level: 'error',
      text:
        error instanceof ActionError
          ? error.message
          : `--dotenv: ${file} could not be written (${(error as NodeJS.ErrnoException).code ?? String(error)}).`,
    };
  }
}

/** Whether the run is noted on its merge request: --gitlab-note, or PROVIDER_GITLAB_NOTE=true (another value, a warning). */
function notes(
  command: Command,
  values: Values,
  env: Collaborators['env'],
  write: (message: Message) => void,
): boolean {
  const noteVariable = COMMAND_FLAGS[command].includes('gitlab-note')
    ? (env.PROVIDER_GITLAB_NOTE?.trim().toLowerCase() ?? '')
    : '';
  if (values['gitlab-note'] !== true && !['', 'true', 'false'].includes(noteVariable))
    write({
      level: 'warning',
      text: 'PROVIDER_GITLAB_NOTE must be true or false: no note. Set it to true (or give --gitlab-note) for the note on the merge request.',
    });
  return values['gitlab-note'] === true || noteVariable === 'true';
}

/** The report on stdout, in the format asked: one JSON document, the job summary's markdown, or text for a person. */
function writeReport({
  command,
  format,
  conclusion,
  seen,
  exitCode,
  naming,
  secrets,
  collaborators: { stdout, env },
}: {
  command: Command;
  format: Format;
  conclusion: RunConclusion;
  seen: readonly Message[];
  exitCode: ExitCode;
  naming: ReturnType<typeof cliNaming>;
  secrets: ReturnType<typeof keepSecrets>;
  collaborators: Collaborators;
}): void {
  if (format === 'json') {
    // What JSON leaves as it is (DEL, C1, the invisible characters) is escaped too: the document may reach a terminal.
    const json = JSON.stringify(jsonReport(command, conclusion, [...seen], exitCode), null, 2);
    stdout.write(`${inertJson(secrets.scrub(json))}\n`);
  } else if (format === 'markdown') {
    // The job summary's report, each value scrubbed and escaped as it is built; scrubbed again whole, as the action does.
    // It may be posted anywhere: each value outside code is made inert on GitHub and GitLab both (render/defuse.ts).
    const markdown = buildSummary(conclusion, {
      ranFor: `the command line (${command})`,
      scrub: secrets.scrub,
      prose: defuseForBoth,
      assign: naming.assign,
    });
    stdout.write(secrets.scrub(markdown));
  } else {
    const lines = humanReport(conclusion, {
      paint: painter(stdout, env),
      show: (text) => inert(secrets.scrub(text)),
    });
    if (lines.length > 0) stdout.write(`${lines.join('\n')}\n`);
  }
}
