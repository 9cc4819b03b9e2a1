/**
 * `npm run preview` as a contributor runs it, a process started by npm in a folder of their own
 * (e2e/preview.test.ts, against the embedded service it starts; e2e/preview-service.test.ts,
 * against another service with the usual PROVIDER_* settings): the command line's `preview`,
 * whose files it names on stdout, one path a line.
 */
import { afterEach, beforeEach, expect } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GROUPS_SCOPE_STRING } from '../../dev/auth-service.ts';
import { ROOT } from '../../dev/runner.ts';
import { secretForms } from '../../src/engine/secrets.ts';

export const CLIENT_ID = '5d0c4f2e-8a1b-4c3d-9e7f-0a1b2c3d4e5f';
export const SECRET = 'preview-secret-9b2e';
export const SPEC = `name: Previewed provider\ndescription: Runs previewed actions\nadvertised: true\ndependent_scopes:\n  - scope: ${GROUPS_SCOPE_STRING}\n`;
export const FILE = '.github/provider-scope.yml';

/** The test's work folder, a repository of its own: made anew for each test of a file that calls useWorkdir(). */
export let workdir = '';
export function useWorkdir(): void {
  beforeEach(async () => {
    workdir = await mkdtemp(path.join(tmpdir(), 'eps-preview-test-'));
    // A repository of its own: the spec is read from its top.
    await mkdir(path.join(workdir, '.git'));
    await mkdir(path.join(workdir, '.github'));
    await writeFile(path.join(workdir, FILE), SPEC);
  });
  afterEach(() => rm(workdir, { recursive: true, force: true }));
}

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The files named on stdout (from the work folder), by their names, with what they hold. */
  files: Record<string, string>;
}

/** `npm run preview -- ...args`, typed in the work folder (npm runs the script from the package's, with INIT_CWD). */
export async function preview(args: string[], env: Record<string, string> = {}): Promise<Run> {
  // The test's own environment, without the settings that would point the preview elsewhere.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PROVIDER_')));
  const result = await new Promise<Omit<Run, 'files'>>((resolve, reject) => {
    const child = spawn('npm', ['--prefix', ROOT, 'run', '--silent', 'preview', '--', ...args], {
      cwd: workdir,
      env: { ...inherited, EMBEDDED_CLIENT_ID: CLIENT_ID, EMBEDDED_CLIENT_SECRET: SECRET, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject).on('close', (code) => resolve({ code, stdout, stderr }));
  });
  const files: Record<string, string> = {};
  for (const file of result.stdout.split('\n').filter((line) => line !== ''))
    files[path.basename(file)] = await readFile(path.resolve(workdir, file), 'utf8');
  return { ...result, files };
}

/** No form of the secret in what was printed, nor in any file it wrote (nor anywhere in the work folder). */
export async function expectNoSecret(run: Run, clientId = CLIENT_ID, secret = SECRET): Promise<void> {
  const left = await readdir(workdir, { recursive: true, withFileTypes: true });
  const texts = await Promise.all(
    left.filter((f) => f.isFile()).map((f) => readFile(path.join(f.parentPath, f.name), 'utf8')),
  );
  const everything = [run.stdout, run.stderr, ...Object.values(run.files), ...texts].join('\n');
  for (const form of secretForms(clientId, secret))
    expect({ form, found: everything.includes(form) }).toEqual({ form, found: false });
}

/** The files of `ensure-provider-scope preview`, in the order it names them. */
export const NAMES = ['summary.md', 'pull-request-comment.md', 'merge-request-note.md', 'watch-issue.md'];
