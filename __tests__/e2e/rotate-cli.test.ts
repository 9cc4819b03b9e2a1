/**
 * `ensure-provider-scope rotate` as a user installs it (`npm pack`, the tarball installed into
 * an empty directory, the command run as a process on the PATH) against the embedded service
 * on 127.0.0.1: a first rotation from the portal's secret, a third one, --retire now,
 * --retire-id, --secret-file with --json, a rejected secret; and no form of the old or the new
 * secret anywhere but where it was asked for.
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { EmbeddedAuthService, type ClientRecord } from '../../dev/auth-service.ts';
import { ROOT } from '../../dev/runner.ts';
import { secretForms } from '../../src/engine/secrets.ts';

const run = promisify(execFile);
const PORTAL_SECRET = 'portal-secret-for-rotation-5d2a';
const PORTAL = 'Created in the developer portal';

let installed = '';
let bin = '';
beforeAll(async () => {
  installed = await mkdtemp(path.join(tmpdir(), 'eps-rot-pkg-'));
  // The tarball of the bundled dist/, as npm publish would upload it.
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', installed], { cwd: ROOT });
  const [pack] = JSON.parse(stdout) as Array<{ filename: string }>;
  await run(
    'npm',
    [
      'install',
      '--silent',
      '--no-audit',
      '--no-fund',
      '--prefix',
      path.join(installed, 'user'),
      path.join(installed, pack?.filename ?? ''),
    ],
    { cwd: installed },
  );
  bin = path.join(installed, 'user', 'node_modules', '.bin', 'ensure-provider-scope');
}, 120_000);
afterAll(() => rm(installed, { recursive: true, force: true }));

let service: EmbeddedAuthService;
let client: ClientRecord;
let workdir = '';
beforeEach(async () => {
  service = new EmbeddedAuthService();
  await service.start();
  client = service.addClient({ secret: PORTAL_SECRET });
  workdir = await mkdtemp(path.join(tmpdir(), 'eps-rot-'));
});
afterEach(async () => {
  await service.stop();
  await rm(workdir, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The installed command with the current secret `secret`, its stdout a pipe (not a terminal). */
function rotate(args: string[], secret: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, ['rotate', ...args], {
      cwd: workdir,
      env: {
        PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
        PROVIDER_CLIENT_ID: client.id,
        PROVIDER_AUTH_URL: service.url,
        PROVIDER_CLIENT_SECRET: secret,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject).on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const credentials = () => client.credentials;
const names = () => credentials().map((c) => c.name);
const TOOL = /^ensure-provider-scope \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ [0-9a-f]+$/;

/**
 * No form of any of these secrets on stderr, in files the run left (but `allowedFile`), or on
 * stdout unless stdout is where the new one was asked for.
 */
async function expectNoSecret(
  r: Run,
  secrets: readonly string[],
  { stdoutHolds, allowedFile }: { stdoutHolds?: string; allowedFile?: string } = {},
): Promise<void> {
  const files = await readdir(workdir, { withFileTypes: true });
  const texts = await Promise.all(
    files.filter((f) => f.isFile() && f.name !== allowedFile).map((f) => readFile(path.join(workdir, f.name), 'utf8')),
  );
  expect(stdoutHolds === undefined || r.stdout === stdoutHolds).toBe(true);
  const everything = [...(stdoutHolds === undefined ? [r.stdout] : []), r.stderr, ...texts].join('\n');
  for (const secret of secrets)
    for (const form of secretForms(client.id, secret))
      expect({ form, found: everything.includes(form) }).toEqual({ form, found: false });
}

test("a first rotation from the portal-made secret: stdout holds the new secret alone, no newline; the portal's credential left and named", async () => {
  const r = await rotate(['--print-secret'], PORTAL_SECRET);
  expect(r.code).toBe(0);
  expect(names()).toEqual([PORTAL, expect.stringMatching(TOOL)]);
  const secret = credentials()[1]?.secret ?? '';
  expect(r.stdout).toBe(secret);
  expect(r.stderr).toContain(
    `Left beside the new credential: "${PORTAL}" (id ${credentials()[0]?.id}, created ${credentials()[0]?.created}), not made by this tool.`,
  );
  expect(r.stderr).toContain('retire the one it no longer uses with --retire-id <its id>');
  await expectNoSecret(r, [PORTAL_SECRET, secret], { stdoutHolds: secret });
});

test("a third rotation: the oldest of this tool's deleted, the previous kept; then --retire now and --retire-id", async () => {
  const one = await rotate(['--print-secret'], PORTAL_SECRET);
  const two = await rotate(['--print-secret'], one.stdout);
  const [, first, second] = credentials();
  const three = await rotate(['--print-secret'], two.stdout);
  expect([one.code, two.code, three.code]).toEqual([0, 0, 0]);
  expect(credentials().map((c) => c.id)).toEqual([credentials()[0]?.id, second?.id, expect.any(String)]);
  expect(three.stderr).toContain(`Retired the credential "${first?.name}" (id ${first?.id}`);
  await expectNoSecret(three, [PORTAL_SECRET, one.stdout, two.stdout, three.stdout], { stdoutHolds: three.stdout });

  const portal = credentials()[0]?.id ?? '';
  const now = await rotate(['--print-secret', '--retire', 'now', '--retire-id', portal], three.stdout);
  expect(now.code).toBe(0);
  expect(credentials().map((c) => c.secret)).toEqual([now.stdout]);
  expect(now.stderr).toMatch(/is the client's only one\./);
});

test('--secret-file with --json: a new file of mode 0600, the report valid against the packaged schema, no secret in it', async () => {
  const schema = JSON.parse(
    await readFile(
      path.join(installed, 'user', 'node_modules', 'ensure-provider-scope', 'schema', 'cli-output.schema.json'),
      'utf8',
    ),
  ) as object;
  const validate = new Ajv2020({ strict: false }).compile(schema);
  const r = await rotate(['--secret-file', 'new-secret', '--json'], PORTAL_SECRET);
  expect(r.code).toBe(0);
  const secret = await readFile(path.join(workdir, 'new-secret'), 'utf8');
  expect(secret).toBe(credentials()[1]?.secret);
  expect((await stat(path.join(workdir, 'new-secret'))).mode & 0o777).toBe(0o600);
  const document = JSON.parse(r.stdout) as { command: string; rotation: { credential_id: string; left: unknown[] } };
  expect({ valid: validate(document), errors: validate.errors ?? null }).toEqual({ valid: true, errors: null });
  expect([document.command, document.rotation.credential_id, document.rotation.left.length]).toEqual([
    'rotate',
    credentials()[1]?.id,
    2,
  ]);
  await expectNoSecret(r, [PORTAL_SECRET, secret], { allowedFile: 'new-secret' });
  // Never over an existing file.
  const again = await rotate(['--secret-file', 'new-secret'], secret);
  expect(again.code).toBe(1);
  expect(await readFile(path.join(workdir, 'new-secret'), 'utf8')).toBe(secret);
  expect(credentials()).toHaveLength(2);
});

test('a rejected secret: exit 1, nothing created, the portal named as the way back, neither secret shown', async () => {
  const r = await rotate(['--print-secret'], 'a-secret-deleted-in-the-portal');
  expect(r.code).toBe(1);
  expect(r.stdout).toBe('');
  expect(names()).toEqual([PORTAL]);
  expect(r.stderr).toMatch(
    /HTTP 401.*Nothing was created\. A rotation needs a secret that works: a secret deleted in the developer portal can only be replaced there\./,
  );
  await expectNoSecret(r, [PORTAL_SECRET, 'a-secret-deleted-in-the-portal']);
});
