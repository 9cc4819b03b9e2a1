/**
 * The command line as a user installs it, for the end-to-end tests of the package: the
 * `npm pack` tarball of the bundled dist/ (what `npm publish` would upload; `npm test` has just
 * bundled it) installed into an empty folder, once per test file (a `beforeAll`), and the
 * installed command run as a process.
 */
import { execFile, spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../../dev/runner.ts';

const run = promisify(execFile);

/** The folder of the Node that runs the tests: Node 24, from the devDependencies. */
export const NODE_24 = path.dirname(process.execPath);

export interface InstalledCli {
  /** The installed package's own folder (its package.json, schema/, dist/). */
  packageDir: string;
  /** The `ensure-provider-scope` command of the install's `.bin`. */
  bin: string;
  /** The files the tarball holds, sorted. */
  packed: string[];
  /** The tarball, the install and everything under them removed. */
  remove(): Promise<void>;
}

/** `npm pack`, then the tarball installed into an empty folder of its own. */
export async function installPackage(): Promise<InstalledCli> {
  const folder = await mkdtemp(path.join(tmpdir(), 'eps-pkg-'));
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', folder], { cwd: ROOT });
  const [pack] = JSON.parse(stdout) as Array<{ name: string; filename: string; files: Array<{ path: string }> }>;
  const user = path.join(folder, 'user');
  await run(
    'npm',
    ['install', '--silent', '--no-audit', '--no-fund', '--prefix', user, path.join(folder, pack?.filename ?? '')],
    { cwd: folder },
  );
  return {
    packageDir: path.join(user, 'node_modules', pack?.name ?? ''),
    bin: path.join(user, 'node_modules', '.bin', 'ensure-provider-scope'),
    packed: (pack?.files ?? []).map((f) => f.path).sort(),
    remove: () => rm(folder, { recursive: true, force: true }),
  };
}

export interface CliProcess {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The installed command as a shell starts it: found on the PATH with `node`'s folder first,
 * in `cwd`, with the environment given and nothing else of this process's (no PROVIDER_*
 * leaks in); stdout and stderr are pipes, not terminals.
 */
export function runInstalled(
  bin: string,
  args: readonly string[],
  {
    cwd,
    env,
    node = NODE_24,
    stdout: to = 'pipe',
  }: {
    cwd: string;
    env: Record<string, string>;
    node?: string;
    /** Where stdout goes: a pipe read whole; a pipe whose reader closed at once (EPIPE); /dev/full (ENOSPC). */
    stdout?: 'pipe' | 'closed' | 'full';
  },
): Promise<CliProcess> {
  return new Promise((resolve, reject) => {
    const full = to === 'full' ? openSync('/dev/full', 'w') : undefined;
    const child = spawn(bin, args, {
      cwd,
      env: { PATH: `${node}${path.delimiter}${process.env.PATH ?? ''}`, ...env },
      stdio: ['pipe', full ?? 'pipe', 'pipe'],
    });
    if (full !== undefined) closeSync(full);
    let stdout = '';
    let stderr = '';
    if (to === 'closed') child.stdout?.destroy();
    else child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject).on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
