/**
 * Runs the bundled action as the GitHub runner does: a Node process with INPUT_* variables
 * (action.yml defaults applied), GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, GITHUB_STATE and
 * GITHUB_ENV files, an event payload and a workspace, all in a temporary folder that is read
 * back whole and removed. Used by the end-to-end tests, the demo and the benchmark. It does
 * not apply `::add-mask::` or other workflow commands: stdout is returned as written.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface RunOptions {
  inputs: Record<string, string>;
  /** Files to write into the workspace, by relative path; a Buffer is written as it is. */
  files?: Record<string, string | Buffer>;
  /** Symbolic links to make in the workspace, by relative path: what each points at. */
  links?: Record<string, string>;
  /** Extra environment variables (they win over the defaults). */
  env?: Record<string, string>;
  /** The event payload; a published release by default. */
  event?: { name: string; ref: string; payload: unknown };
  /** The process is killed after this long: a guard, not a wait. */
  killAfterMs?: number;
  /** Which action of the repository: the main one (action.yml, dist/index.js), or `rotate` (rotate/action.yml, dist/rotate/index.js). */
  action?: 'main' | 'rotate';
}

export interface ActionRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  /** Raw contents of GITHUB_OUTPUT, GITHUB_STATE and GITHUB_ENV. */
  files: { output: string; state: string; env: string };
  /** Every file the run left in its folder (workspace and runner files), by relative path, read before the folder was removed. */
  leftFiles: Record<string, string>;
  /** When the process was spawned (performance.now() of this process), and how long it ran. */
  spawnedAt: number;
  ms: number;
}

type ActionYml = { inputs?: Record<string, { default?: string }> };

/** The INPUT_* variables the runner sets: every declared default, then the given values. */
export async function inputEnv(
  inputs: Record<string, string>,
  actionYml = 'action.yml',
): Promise<Record<string, string>> {
  const action = parse(await readFile(path.join(ROOT, actionYml), 'utf8')) as ActionYml;
  const env: Record<string, string> = {};
  const name = (input: string): string => `INPUT_${input.replace(/ /g, '_').toUpperCase()}`;
  for (const [input, spec] of Object.entries(action.inputs ?? {})) {
    if (spec.default !== undefined) env[name(input)] = spec.default;
  }
  for (const [input, value] of Object.entries(inputs)) env[name(input)] = value;
  return env;
}

/** Parses the `name<<delimiter` blocks the toolkit writes to GITHUB_OUTPUT. */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const pattern = /^(.+?)<<(\S+)\n([\s\S]*?)\n\2$/gm;
  for (const match of text.matchAll(pattern)) outputs[match[1] as string] = match[3] as string;
  return outputs;
}

const RELEASE_EVENT = {
  name: 'release',
  ref: 'refs/tags/v1.2.3',
  payload: {
    action: 'published',
    release: { tag_name: 'v1.2.3', html_url: 'https://github.com/octo/provider/releases/tag/v1.2.3' },
  },
};

export async function runAction(options: RunOptions): Promise<ActionRun> {
  const temp = await mkdtemp(path.join(tmpdir(), 'ensure-provider-scope-'));
  try {
    return await runIn(temp, options);
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

async function runIn(temp: string, options: RunOptions): Promise<ActionRun> {
  const workspace = path.join(temp, 'workspace');
  const runnerFiles = {
    GITHUB_OUTPUT: path.join(temp, 'output'),
    GITHUB_STEP_SUMMARY: path.join(temp, 'summary.md'),
    GITHUB_STATE: path.join(temp, 'state'),
    GITHUB_ENV: path.join(temp, 'env'),
    GITHUB_PATH: path.join(temp, 'path'),
    GITHUB_EVENT_PATH: path.join(temp, 'event.json'),
  };
  const event = options.event ?? RELEASE_EVENT;
  await mkdir(workspace, { recursive: true });
  for (const [file, content] of Object.entries(options.files ?? {})) {
    await mkdir(path.dirname(path.join(workspace, file)), { recursive: true });
    await writeFile(path.join(workspace, file), content);
  }
  for (const [file, target] of Object.entries(options.links ?? {})) {
    await mkdir(path.dirname(path.join(workspace, file)), { recursive: true });
    await symlink(target, path.join(workspace, file));
  }
  for (const file of Object.values(runnerFiles)) await writeFile(file, '');
  await writeFile(runnerFiles.GITHUB_EVENT_PATH, JSON.stringify(event.payload));

  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: temp,
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: workspace,
    GITHUB_EVENT_NAME: event.name,
    GITHUB_REF: event.ref,
    GITHUB_REPOSITORY: 'octo/provider',
    GITHUB_SHA: '0123456789abcdef0123456789abcdef01234567',
    RUNNER_TEMP: temp,
    ...runnerFiles,
    ...(await inputEnv(options.inputs, options.action === 'rotate' ? 'rotate/action.yml' : 'action.yml')),
    ...options.env,
  };

  const { exitCode, stdout, stderr, spawnedAt, ms } = await spawnNode(
    [path.join(ROOT, 'dist', ...(options.action === 'rotate' ? ['rotate'] : []), 'index.js')],
    { cwd: workspace, env, killAfterMs: options.killAfterMs ?? 30_000 },
  );

  const read = (file: string): Promise<string> => readFile(file, 'utf8');
  const output = await read(runnerFiles.GITHUB_OUTPUT);
  const leftFiles: Record<string, string> = {};
  for (const entry of await readdir(temp, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      leftFiles[path.relative(temp, path.join(entry.parentPath, entry.name))] = await read(
        path.join(entry.parentPath, entry.name),
      );
  }
  return {
    exitCode,
    stdout,
    stderr,
    outputs: parseOutputFile(output),
    summary: await read(runnerFiles.GITHUB_STEP_SUMMARY),
    files: { output, state: await read(runnerFiles.GITHUB_STATE), env: await read(runnerFiles.GITHUB_ENV) },
    leftFiles,
    spawnedAt,
    ms,
  };
}

export interface Spawned {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  /** When it was spawned (performance.now() of this process). */
  spawnedAt: number;
  /** Wall time from spawn to exit. */
  ms: number;
}

export interface SpawnOptions {
  cwd: string;
  env: Record<string, string>;
  killAfterMs?: number;
}

/** A process with stdout and stderr piped, killed after a guard time. */
export async function spawnProcess(
  command: string,
  args: string[],
  { cwd, env, killAfterMs = 30_000 }: SpawnOptions,
): Promise<Spawned> {
  const spawnedAt = performance.now();
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const guard = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve(code));
  }).finally(() => clearTimeout(guard));
  return { exitCode, stdout, stderr, spawnedAt, ms: performance.now() - spawnedAt };
}

/** A Node process as the runner starts one: the same executable. */
export const spawnNode = (args: string[], options: SpawnOptions): Promise<Spawned> =>
  spawnProcess(process.execPath, args, options);
