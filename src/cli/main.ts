/**
 * The command line's door: `plan`, `apply` and `verify`, driving the same engine as the action.
 * It reads the settings from flags and the environment, the secret from the environment or
 * stdin, shows each message on stderr as it comes (a slow service never leaves the terminal
 * silent), and puts the report on stdout: text for a person, or one JSON document. Everything
 * it prints or writes is scrubbed of every form of the secret, and shown inert.
 */
import { parseArgs, styleText } from 'node:util';
import type { Dispatcher } from 'undici';
import packageJson from '../../package.json' with { type: 'json' };
import type { Conclusion, Message } from '../engine/conclude.ts';
import { ensureProviderScope, verifyProvider } from '../engine/ensure.ts';
import { credentialForms, secretForms, scrubber } from '../engine/secrets.ts';
import { SETTING_DEFAULTS, type SettingName } from '../engine/settings.ts';
import { inert, inertJson } from '../engine/text.ts';
import { ActionError } from '../wire/errors.ts';
import type { Clock } from '../wire/retry.ts';
import { dotenvOf } from './dotenv.ts';
import { commandHelp, NAME, verbHelp, VERBS, type Verb } from './help.ts';
import { humanReport, type Paint } from './human-report.ts';
import { IMPORT_FLAGS, importOnly, runImport } from './import.ts';
import { jsonReport } from './json-report.ts';
import { CLI_NAMING, CLI_SETTINGS } from './options.ts';

export interface Stream {
  write(text: string): unknown;
  isTTY?: boolean | undefined;
}

/** What the command takes from its process: given by index.ts, or by a test. */
export interface World {
  /** The arguments after the command's name. */
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  /** Where a relative spec path points; the spec must lie inside it. */
  cwd: string;
  stdout: Stream;
  stderr: Stream;
  readStdin(): Promise<string>;
  writeFile(file: string, text: string): Promise<void>;
  clock?: Clock | undefined;
  dispatcher?: Dispatcher | undefined;
}

export type ExitCode = 0 | 1 | 2;

const FLAGS = {
  ...Object.fromEntries(CLI_SETTINGS.flatMap((s) => (s.flag === undefined ? [] : [[s.flag, { type: 'string' as const }]]))),
  'client-secret-stdin': { type: 'boolean' as const },
  json: { type: 'boolean' as const },
  dotenv: { type: 'string' as const },
  debug: { type: 'boolean' as const },
  help: { type: 'boolean' as const, short: 'h' },
  version: { type: 'boolean' as const },
  ...IMPORT_FLAGS,
};

/** Colours only on a terminal, never with NO_COLOR set (https://no-color.org) or TERM=dumb. */
function painter(stream: Stream, env: World['env']): Paint {
  const on = stream.isTTY === true && !env.NO_COLOR && env.TERM !== 'dumb';
  const style = (format: Parameters<typeof styleText>[0]) => (text: string) => (on ? styleText(format, text, { validateStream: false }) : text);
  return { added: style('green'), changed: style('yellow'), removed: style('red'), dim: style('dim'), bold: style('bold') };
}

/** A message about a place in a file, as compilers print one: `file:line: text` (the file named once). */
function located(message: Message): string {
  const location = 'location' in message ? message.location : undefined;
  if (location?.startLine === undefined) return message.text;
  const text = message.text.startsWith(`${location.file}: `) ? message.text.slice(location.file.length + 2) : message.text;
  return `${location.file}:${location.startLine}: ${text}`;
}

export async function main(world: World): Promise<ExitCode> {
  const { stdout, stderr } = world;
  const fail = (text: string): ExitCode => (stderr.write(`${NAME}: ${inert(text)}\n`), 1);
  // Refused by name before anything else: a secret in a flag is already in `ps` and the history.
  if (world.argv.some((arg) => /^--client-secret(=|$)/.test(arg))) {
    return fail(`the secret is never given as a flag (it would show in ps and in the shell history): ${CLI_NAMING.whenEmpty('client_secret')}.`);
  }
  let args: ReturnType<typeof parseArgs<{ options: typeof FLAGS; allowPositionals: true; strict: true }>>;
  try {
    args = parseArgs({ args: [...world.argv], options: FLAGS, allowPositionals: true, strict: true });
  } catch (error) {
    return fail(`${(error as Error).message} Run '${NAME} --help' for the options.`);
  }
  const { values, positionals } = args;
  const [verb, ...extra] = positionals;
  if (values.version === true) return (stdout.write(`${packageJson.version}\n`), 0);
  if (verb === undefined) return values.help === true ? (stdout.write(commandHelp()), 0) : (stderr.write(commandHelp()), 1);
  if (!(verb in VERBS)) return fail(`unknown command "${verb}": use plan, apply, verify or import. Run '${NAME} --help'.`);
  if (values.help === true) return (stdout.write(verbHelp(verb as Verb)), 0);
  if (extra.length > 0) return fail(`unexpected argument "${extra[0]}": options start with --. Run '${NAME} ${verb} --help'.`);
  const misplaced = importOnly(verb, values);
  if (misplaced !== undefined) return fail(misplaced);
  return run(verb as Verb, values, world);
}

async function run(verb: Verb, values: Record<string, string | boolean | undefined>, world: World): Promise<ExitCode> {
  const { stdout, stderr, env } = world;
  const flag = (name: string): string | undefined => (typeof values[name] === 'string' ? (values[name] as string) : undefined);
  const secret = values['client-secret-stdin'] === true ? (await world.readStdin()).replace(/\r?\n$/, '') : (env.PROVIDER_CLIENT_SECRET ?? '');
  const settings = new Map(CLI_SETTINGS.map((s) => [s.setting, (s.flag === undefined ? undefined : flag(s.flag)) ?? env[s.env] ?? SETTING_DEFAULTS[s.setting] ?? '']));
  settings.set('client_secret', secret);
  settings.set('dry_run', verb === 'plan' ? 'true' : 'false');
  const read = (name: SettingName): string => (settings.get(name) ?? '').trim();

  // The secret's forms are scrubbed from every line, the report and the dotenv file.
  // The access token of --auth token too, from the moment it arrives.
  const scrub = scrubber(secretForms(read('client_id'), secret));
  const safe = (text: string): string => inert(scrub(text));
  const paint = painter(stderr, env);
  const seen: Message[] = [];
  const write = (message: Message): void => {
    if (message.level === 'warning' || message.level === 'error') seen.push(message);
    if (message.level === 'debug' && values.debug !== true) return;
    const label = { info: '', debug: paint.dim('debug: '), warning: paint.changed('Warning: '), error: paint.removed('Error: ') }[message.level];
    stderr.write(`${label}${safe(located(message))}\n`);
  };

  const mask = (credential: string): void => scrub.learn(credentialForms(credential));
  const request = { read, naming: CLI_NAMING, workspace: world.cwd, write, clock: world.clock, dispatcher: world.dispatcher, mask };
  if (verb === 'import') return runImport({ request: { ...request, scrub }, values, seen, stdout, show: safe });
  const conclusion: Conclusion = await (verb === 'verify' ? verifyProvider(request) : ensureProviderScope(request));
  conclusion.messages.forEach(write);

  const result = conclusion.report?.result;
  const changes = result !== undefined && (result.wouldCreate || result.changes.length > 0);
  let exitCode: ExitCode = conclusion.exitCode === 1 ? 1 : verb === 'plan' && changes ? 2 : 0;
  const dotenv = flag('dotenv');
  if (dotenv !== undefined && conclusion.outputs !== undefined && exitCode !== 1) {
    try {
      await world.writeFile(dotenv, scrub(dotenvOf(conclusion.outputs)));
    } catch (error) {
      write({ level: 'error', text: error instanceof ActionError ? error.message : `--dotenv: ${dotenv} could not be written (${(error as NodeJS.ErrnoException).code ?? String(error)}).` });
      exitCode = 1;
    }
  }
  if (values.json === true) {
    // Control characters JSON leaves as they are (DEL, C1) are escaped too: the document may reach a terminal.
    const json = JSON.stringify(jsonReport(verb, conclusion, seen, exitCode), null, 2);
    stdout.write(`${inertJson(scrub(json))}\n`);
  } else {
    const lines = humanReport(verb, conclusion, { onDrift: read('on_drift'), paint: painter(stdout, env), show: safe });
    if (lines.length > 0) stdout.write(`${lines.join('\n')}\n`);
  }
  return exitCode;
}
