/** The command line's world for an in-process run: flags, environment, a workspace, and what it printed and wrote. */
import { mkdtemp, mkdir, open, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Dispatcher } from 'undici';
import { main, type ExitCode, type Collaborators } from '../../src/cli/main.ts';
import { fakeClock } from './clock.ts';

export interface CliRun {
  exitCode: ExitCode;
  stdout: string;
  stderr: string;
  /** Files the run wrote, by path. */
  written: Record<string, string>;
  /** The pauses the run took on its fake clock, in ms: a pause on the wall clock is not among them. */
  slept: number[];
}

export class CliWorkspace {
  dir = '';

  /** A new folder with these files; the one made before, if any, is removed first (a test may start over). */
  async create(files: Record<string, string>): Promise<void> {
    await this.remove();
    this.dir = await mkdtemp(path.join(tmpdir(), 'eps-cli-'));
    for (const [file, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(this.dir, file)), { recursive: true });
      await writeFile(path.join(this.dir, file), text);
    }
  }

  write = (file: string, text: string): Promise<void> => writeFile(path.join(this.dir, file), text);
  read = (file: string): Promise<string> => readFile(path.join(this.dir, file), 'utf8');
  remove = async (): Promise<void> => {
    if (this.dir !== '') await rm(this.dir, { recursive: true, force: true });
    this.dir = '';
  };

  /**
   * `failWrite`: writing a file fails with this error, as a full disk or a read-only folder would.
   * `dispatcher`: the in-process service's (support/in-process.ts), for runs with no socket.
   * `cwd`: the folder the command runs in, under the workspace's.
   */
  async run(
    argv: string[],
    env: Record<string, string | undefined>,
    {
      stdin = '',
      tty = false,
      failWrite,
      failStdout,
      failSecretFile,
      dispatcher,
      cwd = '.',
    }: {
      stdin?: string;
      tty?: boolean;
      failWrite?: unknown;
      /** Every write to stdout fails with it, as a closed pipe (EPIPE) or a full disk (ENOSPC) does. */
      failStdout?: Error;
      /** The secret file is created, then writing it fails with it, as on a full disk. */
      failSecretFile?: Error;
      dispatcher?: Dispatcher;
      cwd?: string;
    } = {},
  ): Promise<CliRun> {
    let stdout = '';
    let stderr = '';
    const written: Record<string, string> = {};
    const clock = fakeClock();
    const collaborators: Collaborators = {
      argv,
      env,
      cwd: path.join(this.dir, cwd),
      stdout: {
        write: (text: string, done?: (error?: Error | null) => void) => {
          if (failStdout === undefined) stdout += text;
          queueMicrotask(() => done?.(failStdout ?? null));
          return failStdout === undefined;
        },
        isTTY: tty,
      },
      stderr: { write: (text: string) => (stderr += text), isTTY: tty },
      readStdin: async () => stdin,
      openNew:
        failSecretFile === undefined
          ? undefined
          : async (where) => {
              const handle = await open(where, 'wx', 0o600);
              return {
                writeFile: async (text) => (await handle.writeFile(text.slice(0, 3)), Promise.reject(failSecretFile)),
                sync: () => handle.sync(),
                close: () => handle.close(),
              };
            },
      // A retry's pause never waits on the wall clock.
      clock,
      dispatcher,
      writeFile: async (file, text) => {
        if (failWrite !== undefined) throw failWrite;
        written[file] = text;
      },
    };
    const exitCode = await main(collaborators);
    return { exitCode, stdout, stderr, written, slept: clock.slept };
  }
}
