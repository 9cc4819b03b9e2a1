/**
 * `rotate` on the command line: the engine's rotation (engine/rotate.ts) with one destination,
 * standard output (`--print-secret`, to pipe into `gh secret set` or `glab variable update`)
 * or a new file (`--secret-file`, mode 0600). Every other line goes to stderr with
 * --print-secret; the report never holds the secret.
 */
import { constants } from 'node:fs';
import { lstat, open, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  type Destination,
  keepSecrets,
  type Message,
  rotateSecret,
  type RotationConclusion,
  type RotationNaming,
  type RotationPort,
  type RotationSetting,
  SETTING_DEFAULTS,
  type SettingName,
} from '../engine/index.ts';
import { inert, inertJson } from '../engine/text.ts';
import type { CliReport } from '../render/json-report.ts';
import { CLI_FLAGS, CLI_SETTINGS, cliNaming, NAME, reads, type CliFlag } from './options.ts';

type Values = Record<string, string | boolean | undefined>;

/** What rotate takes from main.ts's collaborators (named here, so that neither file imports the other). */
interface Collaborators {
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  stdout: { write(text: string): unknown; isTTY?: boolean | undefined };
  stderr: { write(text: string): unknown };
  readStdin(): Promise<string>;
  clock?: RotationPort['clock'];
  dispatcher?: RotationPort['dispatcher'];
}

/** The rotation's own settings: each one's flag (CLI_FLAGS holds its variable). */
const FLAG_OF: Readonly<Record<RotationSetting, string>> = { retire: 'retire', retire_id: 'retire-id' };
const variableOf = (setting: RotationSetting): string => (CLI_FLAGS[FLAG_OF[setting]] as CliFlag).env as string;

/** How messages name the rotation's settings: as the user gave each, its variable if from the environment, else its flag. */
export const rotationNaming = (fromEnv: ReadonlySet<RotationSetting> = new Set()): RotationNaming => ({
  label: (s) => (fromEnv.has(s) ? variableOf(s) : `--${FLAG_OF[s]}`),
  assign: (s, v) => (fromEnv.has(s) ? `${variableOf(s)}=${v}` : `--${FLAG_OF[s]} ${v}`),
});

/** Standard output: the secret alone, a newline only for a person at a terminal (gh and glab may keep one in the value). */
const printed = (stdout: Collaborators['stdout']): Destination => ({
  name: 'standard output',
  check: async () => {},
  store: async (secret) => void stdout.write(stdout.isTTY === true ? `${secret}\n` : secret),
});

/** A new file, mode 0600, never one that exists (created exclusively, so not even one made since the check). */
const file = (given: string, cwd: string): Destination => {
  const where = path.resolve(cwd, given);
  return {
    name: `the file ${given}`,
    check: async () => {
      const exists = await lstat(where).then(
        () => true,
        () => false,
      );
      if (exists)
        throw new Error(`it exists, and is never written over: give a path that does not exist, or move the file away`);
      const folder = await stat(path.dirname(where)).catch(() => undefined);
      if (folder?.isDirectory() !== true) throw new Error(`its folder ${path.dirname(given)} does not exist`);
    },
    store: async (secret) => {
      const handle = await open(where, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
      try {
        await handle.writeFile(secret);
      } finally {
        await handle.close();
      }
    },
  };
};

/** The --json document of a rotation: the cli report's fields, the rotation's in `rotation`; never the secret. */
export function rotationJson(
  { report, outputs }: RotationConclusion,
  messages: readonly Message[],
  exitCode: 0 | 1,
): CliReport {
  return {
    schema_version: 2,
    command: 'rotate',
    status: exitCode === 1 ? 'failed' : 'rotated',
    exit_code: exitCode,
    outputs: null,
    scopes: [],
    unlisted: [],
    providers: [],
    warnings: messages.flatMap((m) => (m.level === 'warning' ? [{ message: m.text }] : [])),
    errors: messages.flatMap((m) => (m.level === 'error' ? [{ message: m.text }] : [])),
    rotation: {
      credential_id: outputs?.credential_id ?? report.created?.id ?? null,
      retired: report.retired,
      stored: report.stored,
      unchanged: report.unchanged,
      left: report.left.map(({ madeByThisTool, ...c }) => ({ ...c, made_by_this_tool: madeByThisTool })),
    },
  };
}

export async function runRotate(values: Values, collaborators: Collaborators): Promise<0 | 1> {
  const { stdout, stderr, env } = collaborators;
  const flag = (name: string): string | undefined =>
    typeof values[name] === 'string' ? (values[name] as string) : undefined;
  const fail = (text: string): 1 => (stderr.write(`${NAME}: ${inert(text)}\n`), 1);
  const print = values['print-secret'] === true;
  const secretFile = flag('secret-file');
  if (print === (secretFile !== undefined)) {
    return fail(
      `rotate needs one place for the new secret: --print-secret (stdout) or --secret-file <path>${print ? ', not both' : ''}. Run '${NAME} rotate --help'.`,
    );
  }
  if (values.json === true && print)
    return fail(`--json goes with --secret-file only: with --print-secret, stdout holds the new secret alone.`);

  const secretFromStdin = values['client-secret-stdin'] === true;
  const secret = (secretFromStdin ? await collaborators.readStdin() : (env.PROVIDER_CLIENT_SECRET ?? '')).trim();
  const given = (name: SettingName): string | undefined => {
    const option = CLI_SETTINGS.find((s) => s.setting === name);
    return option === undefined || !reads('rotate', name)
      ? undefined
      : ((option.flag === undefined ? undefined : flag(option.flag)) ?? env[option.env]);
  };
  // A flag wins over its variable, as for every other setting.
  const fromEnv = new Set(
    (Object.keys(FLAG_OF) as RotationSetting[]).filter(
      (s) => flag(FLAG_OF[s]) === undefined && env[variableOf(s)] !== undefined,
    ),
  );
  const read = (name: SettingName | RotationSetting): string => {
    if (name === 'retire' || name === 'retire_id') return (flag(FLAG_OF[name]) ?? env[variableOf(name)] ?? '').trim();
    if (name === 'client_secret') return secret;
    return (given(name) ?? SETTING_DEFAULTS[name] ?? '').trim();
  };
  const secrets = keepSecrets(read('client_id'), secret);
  const safe = (text: string): string => inert(secrets.scrub(text));
  const seen: Message[] = [];
  const write = (message: Message): void => {
    if (message.level === 'warning' || message.level === 'error') seen.push(message);
    if (message.level === 'debug' && values.debug !== true) return;
    const label = { info: '', debug: 'debug: ', warning: 'Warning: ', error: 'Error: ' }[message.level];
    stderr.write(`${label}${safe(message.text)}\n`);
  };
  const conclusion = await rotateSecret({
    read,
    naming: cliNaming({ secretFromStdin }),
    rotationNaming: rotationNaming(fromEnv),
    secrets,
    write,
    clock: collaborators.clock,
    dispatcher: collaborators.dispatcher,
    destinations: [secretFile === undefined ? printed(stdout) : file(secretFile, collaborators.cwd)],
  });
  conclusion.messages.forEach(write);
  const { exitCode } = conclusion;
  if (values.json === true) {
    stdout.write(`${inertJson(secrets.scrub(JSON.stringify(rotationJson(conclusion, seen, exitCode), null, 2)))}\n`);
  } else if (conclusion.outputs !== undefined) {
    // The report: on stderr with --print-secret, whose stdout holds the secret alone.
    const out = print ? stderr : stdout;
    out.write(
      `${safe(`Rotated: the new credential is ${conclusion.outputs.credential_id}; retired: ${conclusion.report.retired.map((c) => c.id).join(', ') || 'none'}.`)}\n`,
    );
  }
  return exitCode;
}
