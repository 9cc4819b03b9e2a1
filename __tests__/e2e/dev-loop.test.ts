/**
 * `npm run auth-service` (dev/auth-service.ts) as a developer starts it: what it prints reaches
 * it from both doors. Its INPUT_ lines are the ones .env.example has placeholders for; its
 * `export PROVIDER_...=` lines, run by a shell, give the bundled command line what it needs.
 * `npm run local-action` (its script from package.json, with another file for `.env`): a run
 * that fails ends in the action's own error, not in a stack trace of the tool that runs it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from '@jest/globals';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import packageJson from '../../package.json' with { type: 'json' };
import { EmbeddedAuthService } from '../../dev/auth-service.ts';
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

describe('npm run local-action', () => {
  let auth: EmbeddedAuthService;
  let dir = '';
  beforeAll(async () => {
    auth = new EmbeddedAuthService();
    await auth.start();
    dir = await mkdtemp(path.join(tmpdir(), 'eps-local-'));
  });
  afterAll(async () => {
    await auth.stop();
    await rm(dir, { recursive: true, force: true });
  });

  /** The package's script, as npm runs it, reading `file` where it reads .env. */
  function localAction(file: string): Promise<{ code: number | null; output: string }> {
    // Where it tests for the file, and where it hands it to local-action; its message unchanged.
    const script = packageJson.scripts['local-action'].replace(/^test -f \.env /, `test -f ${file} `).replace(/ \.env$/, ` ${file}`);
    expect(script.split(file)).toHaveLength(3);
    return new Promise((resolve) => {
      // Not execFile's promise: the service answers from this very process.
      const child = spawn('sh', ['-c', script], { cwd: ROOT, env: { ...process.env, PATH: `${path.join(ROOT, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH ?? ''}` } });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('close', (code) => resolve({ code, output }));
    });
  }

  const envFile = async (secret: string): Promise<string> => {
    const client = auth.addClient({ secret: 'the-right-secret' });
    const file = path.join(dir, `${client.id}.env`);
    const example = await readFile(path.join(ROOT, '.env.example'), 'utf8');
    await writeFile(file, example.replace(/^INPUT_AUTH_URL=.*$/m, `INPUT_AUTH_URL=${auth.url}`).replace(/^INPUT_CLIENT_ID=.*$/m, `INPUT_CLIENT_ID=${client.id}`).replace(/^INPUT_CLIENT_SECRET=.*$/m, `INPUT_CLIENT_SECRET=${secret}`));
    return file;
  };

  test('a run that fails ends in its own error and exit 1, with no stack trace', async () => {
    const { code, output } = await localAction(await envFile('not-the-secret'));
    expect([code, output]).toEqual([1, expect.stringContaining('::error::Client inspection')]);
    expect(output).toContain('HTTP 401: the credentials were rejected');
    expect(output).not.toMatch(/^\s+at \S+.*\(?(?:node:|file:|\/)/m);
    expect(output).not.toContain('Command failed');
  }, 60_000);

  test('a run that succeeds creates the scope, exit 0', async () => {
    const { code, output } = await localAction(await envFile('the-right-secret'));
    expect([code, output]).toEqual([0, expect.stringContaining('scope_string')]);
    expect(output).not.toContain('::error::');
  }, 60_000);

  test('without the file it says what to do and where to read more', async () => {
    const { code, output } = await localAction(path.join(dir, 'missing.env'));
    expect([code, output.trim()]).toEqual([1, 'No .env: start the embedded service (npm run auth-service), copy .env.example to .env and put in the client id and secret it prints. See CONTRIBUTING.md, "Local runs".']);
  });
});
