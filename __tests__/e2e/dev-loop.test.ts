/**
 * `npm run auth-service` (dev/auth-service.ts) as a developer starts it: what it prints reaches
 * it from both doors. Its INPUT_ lines are the ones .env.example has placeholders for; its
 * `export PROVIDER_...=` lines, run by a shell, give the bundled command line what it needs.
 */
import { afterEach, expect, test } from '@jest/globals';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT } from '../../dev/runner.ts';

let service: ChildProcess | undefined;
afterEach(() => {
  service?.kill();
  service = undefined;
});

/** Starts the service on a free port with the given secret, and resolves with what it printed once it has printed it all. */
function startService(secret: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'dev', 'auth-service.ts'), '0', '--client-secret', secret], { cwd: ROOT });
    service = child;
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (/^export PROVIDER_CLIENT_SECRET=.*\n/m.test(stdout)) resolve(stdout);
    });
    child.on('error', reject).on('exit', (code) => reject(new Error(`the service exited (${code}) after printing:\n${stdout}`)));
  });
}

// A secret a shell would break on if it were not quoted: a quote, a dollar sign, a space.
const SECRET = "it's a $ecret";

test('it prints the INPUT_ lines of .env.example and export lines that a shell runs to reach it from the command line', async () => {
  const printed = await startService(SECRET);
  const inputs = [...printed.matchAll(/^(INPUT_\w+)=(.*)$/gm)].map(([, name = '', value = '']) => [name, value]);
  const placeholders = [...(await readFile(path.join(ROOT, '.env.example'), 'utf8')).matchAll(/^(INPUT_\w+)=.*-printed$|^(INPUT_AUTH_URL)=/gm)].map((m) => m[1] ?? m[2]);
  expect(inputs.map(([name]) => name)).toEqual(placeholders);
  expect(Object.fromEntries(inputs).INPUT_CLIENT_SECRET).toBe(SECRET);

  const exports = printed.split('\n').filter((line) => line.startsWith('export '));
  expect(exports.map((line) => /^export (\w+)=/.exec(line)?.[1])).toEqual(['PROVIDER_AUTH_URL', 'PROVIDER_CLIENT_ID', 'PROVIDER_CLIENT_SECRET']);
  // The lines as a user pastes them, then the command line the service's banner names.
  const command = printed.match(/node dist\/cli\/index\.js plan --spec [\w./-]+/)?.[0] ?? 'the command line is not named';
  const script = `${exports.join('\n')}\n[ "$PROVIDER_CLIENT_SECRET" = "$EXPECTED" ] || { echo "the secret came out as: $PROVIDER_CLIENT_SECRET" >&2; exit 9; }\nexec "$NODE" ${command.replace(/^node /, '')}`;
  const run = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile('sh', ['-c', script], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', EXPECTED: SECRET, NODE: process.execPath } }, (error, stdout, stderr) =>
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : null, stdout, stderr }),
    );
  });
  // The client has no scope: the plan shows the creation, exit 2.
  // (A shell's syntax error exits 2 too: the plan's text tells them apart.)
  expect([run.code, run.stdout, run.stderr]).toEqual([2, expect.stringContaining('+ create scope'), expect.not.stringMatching(/error/i)]);
  expect(run.stdout + run.stderr).not.toContain(SECRET);
});
