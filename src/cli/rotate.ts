/**
 * `rotate` on the command line: the engine's rotation (engine/rotation/) with one destination,
 * standard output (`--print-secret`, to pipe into `gh secret set` or `glab variable update`)
 * or a new file (`--secret-file`, mode 0600). Every other line goes to stderr with
 * --print-secret; the report never holds the secret.
 */
import { constants } from 'node:fs';
import { lstat, open, stat, unlink } from 'node:fs/promises';
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
import { findRepository } from './repository.ts';
import { CLI_FLAGS, CLI_SETTINGS, cliNaming, NAME, reads } from './options.ts';

type Values = Record<string, string | boolean | undefined>;

/** What rotate takes from main.ts's collaborators (named here, so that neither file imports the other). */
interface Collaborators {
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  stdout: {
    write(text: string, done?: (error?: Error | null) => void): unknown;
    on?(event: 'error', listener: (error: Error) => void): unknown;
    isTTY?: boolean | undefined;
  };
  stderr: { write(text: string): unknown };
  readStdin(): Promise<string>;
  /** Opens a new file for the secret: created exclusively, mode 0600, by default; a test's fails as a full disk does. */
  openNew?: ((where: string) => Promise<NewFile>) | undefined;
  clock?: RotationPort['clock'];
  dispatcher?: RotationPort['dispatcher'];
}

/** The rotation's own settings: each one's flag (CLI_FLAGS holds its variable). */
const FLAG_OF: Readonly<Record<RotationSetting, string>> = {
  retire: 'retire',
  retire_id: 'retire-id',
  dry_run: 'dry-run',
};
const variableOf = (setting: RotationSetting): string => CLI_FLAGS[FLAG_OF[setting]]?.env ?? `--${FLAG_OF[setting]}`;

/** How messages name the rotation's settings: as the user gave each, its variable if from the environment, else its flag. */
export const rotationNaming = (fromEnv: ReadonlySet<RotationSetting> = new Set()): RotationNaming => ({
  label: (s) => (fromEnv.has(s) ? variableOf(s) : `--${FLAG_OF[s]}`),
  assign: (s, v) => (fromEnv.has(s) ? `${variableOf(s)}=${v}` : `--${FLAG_OF[s]} ${v}`),
});

/**
 * Standard output: the secret alone, a newline only for a person at a terminal (gh and glab may
 * keep one in the value). Stored once the write's callback reports no error: a pipe closed
 * (EPIPE) or a full disk is a failed hand-off, never an uncaught error.
 */
const printed = (stdout: Collaborators['stdout']): Destination => ({
  name: 'standard output',
  rewritable: false,
  check: async () => {},
  store: (secret) =>
    new Promise<void>((resolve, reject) => {
      const failed = (error: Error): void => reject(new Error(`writing it failed (${error.message})`));
      // A stream emits the error too: without a listener, Node would throw it.
      stdout.on?.('error', failed);
      stdout.write(stdout.isTTY === true ? `${secret}\n` : secret, (error) =>
        error === null || error === undefined ? resolve() : failed(error),
      );
    }),
});

/** A new file of mode 0600, never one that exists (created exclusively). */
const openExclusive = (where: string): Promise<NewFile> =>
  open(where, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);

/** What the secret file's store does with the file it opens. */
export interface NewFile {
  writeFile(text: string): Promise<void>;
  sync(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A new file, mode 0600, never one that exists (created exclusively, so not even one made since
 * the check), written, flushed to the disk and closed before the run goes on; a failed write
 * leaves no file behind.
 */
const file = (given: string, cwd: string, openNew: Collaborators['openNew'] = openExclusive): Destination => {
  const where = path.resolve(cwd, given);
  return {
    name: `the file ${given}`,
    rewritable: false,
    check: async () => {
      if ((await lstat(where).catch(() => undefined)) !== undefined)
        throw new Error(`it exists, and is never written over: give a path that does not exist, or move the file away`);
      const folder = await stat(path.dirname(where)).catch(() => undefined);
      if (folder?.isDirectory() !== true) throw new Error(`its folder ${path.dirname(given)} does not exist`);
    },
    store: async (secret) => {
      const handle = await openNew(where);
      try {
        await handle.writeFile(secret);
        await handle.sync();
        await handle.close();
      } catch (error) {
        // Ours alone (created exclusively): removed, so that no part of the secret stays and no empty file stands for it.
        await handle.close().catch(() => undefined);
        await unlink(where).catch(() => undefined);
        throw new Error(`writing it failed (${(error as Error).message}); the file was removed`, { cause: error });
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
    status: exitCode === 1 ? 'failed' : report.dryRun ? 'planned' : 'rotated',
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
      may_hold: report.mayHold,
      unchanged: report.unchanged,
      restored: report.restored,
      gone: report.gone,
      credentials: report.credentials.map(({ madeByThisTool, kept, ...c }) => ({
        ...c,
        made_by_this_tool: madeByThisTool,
        kept: kept ?? null,
      })),
      left: report.left.map(({ madeByThisTool, ...c }) => ({ ...c, made_by_this_tool: madeByThisTool })),
    },
  };
}

/**
 * Why the flags cannot make a rotation, before anything is read: one place for the secret (or a
 * dry run), --json only where stdout is free, and no retirement of the secret in use or of a
 * named credential behind a pipe whose reader this tool cannot see store the new one.
 */
function refusal(values: Values, env: Collaborators['env']): string | undefined {
  const print = values['print-secret'] === true;
  const file = typeof values['secret-file'] === 'string';
  if (values['dry-run'] !== true && print === file)
    return `rotate needs one place for the new secret: --print-secret (stdout) or --secret-file <path>${print ? ', not both' : ''}. Run '${NAME} rotate --help'.`;
  if (values.json === true && print)
    return `--json goes with --secret-file only: with --print-secret, stdout holds the new secret alone.`;
  if (typeof values.spec === 'string' && values['dry-run'] !== true)
    return "--spec goes with --dry-run only: a rotation reads no spec; its dry run holds the credentials to the spec's policy.";
  if (!print || values['dry-run'] === true) return undefined;
  const retire = typeof values.retire === 'string' ? values.retire : env.PROVIDER_RETIRE;
  const named = typeof values['retire-id'] === 'string' ? values['retire-id'] : env.PROVIDER_RETIRE_ID;
  const asked = [
    ...(retire?.trim() === 'now' ? [typeof values.retire === 'string' ? '--retire now' : 'PROVIDER_RETIRE=now'] : []),
    ...((named?.trim() ?? '') === ''
      ? []
      : [typeof values['retire-id'] === 'string' ? '--retire-id' : 'PROVIDER_RETIRE_ID']),
  ];
  if (asked.length === 0) return undefined;
  return (
    `${asked.join(' and ')} cannot go with --print-secret: it deletes a secret that works, and this tool cannot see whether the command reading the pipe stored the new one. ` +
    `Write the new secret to a file with --secret-file <path> (then, e.g., gh secret set PROVIDER_CLIENT_SECRET < <path>), or rotate with the rotation action (docs/rotation.md). Nothing was created.`
  );
}

/** The engine's settings as rotate reads them: a flag over its variable, the secret as given, the rest by default. */
function settingsReader(values: Values, env: Collaborators['env'], secret: string) {
  const flag = (name: string): string | undefined =>
    typeof values[name] === 'string' ? (values[name] as string) : undefined;
  const given = (name: SettingName): string | undefined => {
    const option = CLI_SETTINGS.find((s) => s.setting === name);
    return option === undefined || !reads('rotate', name)
      ? undefined
      : ((option.flag === undefined ? undefined : flag(option.flag)) ?? env[option.env]);
  };
  const fromEnv = new Set(
    (['retire', 'retire_id'] as const).filter(
      (s) => flag(FLAG_OF[s]) === undefined && env[variableOf(s)] !== undefined,
    ),
  );
  const read = (name: SettingName | RotationSetting): string => {
    // The rotation's own settings as given: the engine reads them by its rules (trimmed, empty for the default).
    if (name === 'dry_run') return values['dry-run'] === true ? 'true' : '';
    if (name === 'retire' || name === 'retire_id') return flag(FLAG_OF[name]) ?? env[variableOf(name)] ?? '';
    if (name === 'client_secret') return secret;
    // The spec only when given: a rotation needs none (its dry run reads the policy from it).
    if (name === 'spec') return (given(name) ?? '').trim();
    return (given(name) ?? SETTING_DEFAULTS[name] ?? '').trim();
  };
  return { read, fromEnv };
}

export async function runRotate(values: Values, collaborators: Collaborators): Promise<0 | 1> {
  const { stdout, stderr, env } = collaborators;
  const refused = refusal(values, env);
  if (refused !== undefined) return (stderr.write(`${NAME}: ${inert(refused)}\n`), 1);
  const print = values['print-secret'] === true;
  const dryRun = values['dry-run'] === true;
  const secretFromStdin = values['client-secret-stdin'] === true;
  const secret = (secretFromStdin ? await collaborators.readStdin() : (env.PROVIDER_CLIENT_SECRET ?? '')).trim();
  const { read, fromEnv } = settingsReader(values, env, secret);
  const secrets = keepSecrets(read('client_id'), secret);
  const safe = (text: string): string => inert(secrets.scrub(text));
  const seen: Message[] = [];
  const show = (message: Message, out: { write(text: string): unknown } = stderr): void => {
    if (message.level === 'warning' || message.level === 'error') seen.push(message);
    if (message.level === 'debug' && values.debug !== true) return;
    const label = { info: '', debug: 'debug: ', warning: 'Warning: ', error: 'Error: ' }[message.level];
    out.write(`${label}${safe(message.text)}\n`);
  };
  const secretFile = typeof values['secret-file'] === 'string' ? values['secret-file'] : undefined;
  // Where a --spec is read, as plan reads it: inside the repository the command runs in.
  const repository = await findRepository(collaborators.cwd);
  const conclusion = await rotateSecret({
    read,
    naming: cliNaming({
      secretFromStdin,
      // A rotation reads a spec only when one is given.
      specGiven: true,
      inRepository: repository.found,
    }),
    rotationNaming: rotationNaming(fromEnv),
    secrets,
    write: (message) => show(message),
    clock: collaborators.clock,
    dispatcher: collaborators.dispatcher,
    workspace: repository.top,
    specBase: repository.here,
    destinations: dryRun
      ? []
      : [secretFile === undefined ? printed(stdout) : file(secretFile, collaborators.cwd, collaborators.openNew)],
  });
  const { exitCode } = conclusion;
  // A dry run's list is the report: stdout, for a person (--json has it in the document).
  const listTo = dryRun && values.json !== true ? stdout : stderr;
  conclusion.messages.forEach((message) => show(message, message.level === 'info' ? listTo : stderr));
  if (values.json === true) {
    stdout.write(`${inertJson(secrets.scrub(JSON.stringify(rotationJson(conclusion, seen, exitCode), null, 2)))}\n`);
  } else if (exitCode === 0 && conclusion.outputs !== undefined) {
    // The report: on stderr with --print-secret, whose stdout holds the secret alone.
    (print ? stderr : stdout).write(
      `${safe(`Rotated: the new credential is ${conclusion.outputs.credential_id}; retired: ${conclusion.outputs.retired.join(', ') || 'none'}.`)}\n`,
    );
  }
  return exitCode;
}
