/**
 * `npm run auth-service` (dev/auth-service.ts) as a developer starts it: what it prints reaches
 * it from both doors. Its INPUT_ lines are the ones .env.example has placeholders for; its
 * `export PROVIDER_...=` lines, run by a shell, give the bundled command line what it needs.
 * `npm run local-action` is tested in e2e/local-action-fails.test.ts, e2e/local-action-runs.test.ts and
 * e2e/local-action-dry-run.test.ts.
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
function startService(secret: string, more: string[] = [], clients = 1): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(ROOT, 'dev', 'auth-service.ts'), '--port', '0', '--client-secret', secret, ...more],
      { cwd: ROOT },
    );
    service = child;
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      // Its last line: the last client's secret.
      if ((stdout.match(/^export PROVIDER_CLIENT_SECRET=.*\n/gm) ?? []).length === clients) resolve(stdout);
    });
    child
      .on('error', reject)
      .on('exit', (code) => reject(new Error(`the service exited (${code}) after printing:\n${stdout}`)));
  });
}

// A secret a shell would break on if it were not quoted: a quote, a dollar sign, a space.
const SECRET = "it's a $ecret";

test('it prints the INPUT_ lines of .env.example and export lines that a shell runs to reach it from the command line', async () => {
  const printed = await startService(SECRET);
  const inputs = [...printed.matchAll(/^(INPUT_\w+)=(.*)$/gm)].map(([, name = '', value = '']) => [name, value]);
  const placeholders = [
    ...(await readFile(path.join(ROOT, '.env.example'), 'utf8')).matchAll(
      /^(INPUT_\w+)=.*-printed$|^(INPUT_AUTH_URL)=/gm,
    ),
  ].map((m) => m[1] ?? m[2]);
  expect(inputs.map(([name]) => name)).toEqual(placeholders);
  expect(Object.fromEntries(inputs).INPUT_CLIENT_SECRET).toBe(SECRET);

  const exports = printed.split('\n').filter((line) => line.startsWith('export '));
  expect(exports.map((line) => /^export (\w+)=/.exec(line)?.[1])).toEqual([
    'PROVIDER_AUTH_URL',
    'PROVIDER_CLIENT_ID',
    'PROVIDER_CLIENT_SECRET',
  ]);
  // The lines as a user pastes them, then the command line the service's banner names, as
  // printed, from a shell whose PATH is a user's: without this repository's node_modules/.bin,
  // so that npx finds the Node 24 that npm install brought, whatever the system's is.
  const command =
    printed.match(/^npx ensure-provider-scope plan --spec [\w./-]+/m)?.[0] ?? 'the command line is not named';
  const script = `${exports.join('\n')}\n[ "$PROVIDER_CLIENT_SECRET" = "$EXPECTED" ] || { echo "the secret came out as: $PROVIDER_CLIENT_SECRET" >&2; exit 9; }\nexec ${command}`;
  const userPath = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => !dir.startsWith(ROOT))
    .join(path.delimiter);
  const run = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      'sh',
      ['-c', script],
      { cwd: ROOT, env: { PATH: userPath, HOME: process.env.HOME ?? '', NO_COLOR: '1', EXPECTED: SECRET } },
      (error, stdout, stderr) =>
        resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : null, stdout, stderr }),
    );
  });
  // The client has no scope: the plan shows the creation, exit 2.
  // (A shell's syntax error exits 2 too: the plan's text tells them apart.)
  expect([run.code, run.stdout, run.stderr]).toEqual([
    2,
    expect.stringContaining('+ create scope'),
    expect.not.stringMatching(/error/i),
  ]);
  expect(run.stdout + run.stderr).not.toContain(SECRET);
});

test('--help: what it takes, exit 0; an option it does not take: one line, exit 1, no stack trace', async () => {
  const service = (args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [path.join(ROOT, 'dev', 'auth-service.ts'), ...args],
        { cwd: ROOT },
        (error, stdout, stderr) =>
          resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : null, stdout, stderr }),
      );
    });
  const help = await service(['--help']);
  expect([help.code, help.stderr]).toEqual([0, '']);
  for (const option of [
    '--port <n>',
    '--clients <n>',
    '--client-id <uuid>',
    '--client-secret <text>',
    '--scope <string>',
    '--credentials-file <file>',
    '-h, --help',
  ])
    expect(help.stdout).toContain(`\n  ${option} `);
  const wrong = await service(['--prot', '9000']);
  expect([wrong.code, wrong.stdout, wrong.stderr]).toEqual([
    1,
    '',
    expect.stringMatching(/^auth-service: .*'--prot'.*Run 'npm run auth-service -- --help' for the options\.\n$/),
  ]);
});

test('several clients, each with its own lines; a scope added by its string, and Transfer, known to every spec', async () => {
  const printed = await startService(
    SECRET,
    ['--clients', '2', '--scope', 'https://auth.example.org/scopes/other/run'],
    2,
  );
  const ids = [...printed.matchAll(/^export PROVIDER_CLIENT_ID=(.*)$/gm)].map((m) => m[1]);
  expect(new Set(ids).size).toBe(2);
  expect(printed).toContain('\n  urn:globus:auth:scope:transfer.api.globus.org:all  (id ');
  expect(printed).toContain('\n  https://auth.example.org/scopes/other/run  (id ');
  const url = /^export PROVIDER_AUTH_URL=(.*)$/m.exec(printed)?.[1] ?? '';
  // Each client looks the scopes up by their strings, as a plan does.
  for (const id of ids) {
    const query = new URLSearchParams({
      scope_strings: 'urn:globus:auth:scope:transfer.api.globus.org:all,https://auth.example.org/scopes/other/run',
    });
    const answer = await fetch(`${url}/v2/api/scopes?${query}`, {
      headers: { authorization: `Basic ${Buffer.from(`${id}:${SECRET}`).toString('base64')}` },
    });
    expect([answer.status, ((await answer.json()) as { scopes: unknown[] }).scopes.length]).toEqual([200, 2]);
  }
});
