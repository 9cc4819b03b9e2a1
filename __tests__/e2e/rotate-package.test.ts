/**
 * `ensure-provider-scope rotate` as a user installs it (`npm pack`, the tarball installed into
 * an empty directory, the command run as a process on the PATH) against the embedded service
 * on 127.0.0.1: a first rotation from the portal's secret, a third one, --retire now,
 * --retire-id, --secret-file with --json, a rejected secret; and no form of the old or the new
 * secret anywhere but where it was asked for.
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { writeFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EmbeddedAuthService, type AuthServiceOptions, type ClientRecord } from '../../dev/auth-service.ts';
import { secretForms } from '../../src/engine/secrets.ts';
import { installPackage, runInstalled, type CliProcess, type InstalledCli } from '../support/installed-cli.ts';

const PORTAL_SECRET = 'portal-secret-for-rotation-5d2a';
const PORTAL = 'Created in the developer portal';

let installed: InstalledCli;
beforeAll(async () => {
  installed = await installPackage();
}, 120_000);
afterAll(() => installed.remove());

let service: EmbeddedAuthService;
let client: ClientRecord;
let workdir = '';
/** A fresh service (with `options`: a variant of it) and its client with the portal's secret. */
async function startService(options: AuthServiceOptions = {}): Promise<void> {
  service = new EmbeddedAuthService(options);
  await service.start();
  client = service.addClient({ secret: PORTAL_SECRET });
}
beforeEach(async () => {
  await startService();
  workdir = await mkdtemp(path.join(tmpdir(), 'eps-rot-'));
});
afterEach(async () => {
  await service.stop();
  await rm(workdir, { recursive: true, force: true });
});

type Run = CliProcess;

/** The installed command with the current secret `secret`, its stdout a pipe (not a terminal). */
function rotate(
  args: string[],
  secret: string,
  env: Record<string, string> = {},
  stdout: 'pipe' | 'closed' | 'full' = 'pipe',
): Promise<Run> {
  return runInstalled(installed.bin, ['rotate', ...args], {
    cwd: workdir,
    stdout,
    env: {
      PROVIDER_CLIENT_ID: client.id,
      PROVIDER_AUTH_URL: service.url,
      PROVIDER_CLIENT_SECRET: secret,
      ...env,
    },
  });
}

const credentials = () => client.credentials;
const names = () => credentials().map((c) => c.name);
const TOOL = /^ensure-provider-scope \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ [0-9a-f]+ from [0-9a-f]{16}$/;
/** Every credential of the client made two hours earlier than it was: none is another rotation's in flight. */
const age = (): void => {
  for (const c of credentials())
    c.created = new Date(Date.parse(c.created) - 7_200_000).toISOString().replace('Z', '000+00:00');
};

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

test("a third rotation: the first of this tool's (not in use, over an hour old) deleted, the one in use kept; then --retire now and --retire-id", async () => {
  const one = await rotate(['--print-secret'], PORTAL_SECRET);
  age();
  const two = await rotate(['--print-secret'], one.stdout);
  age();
  const [, first, second] = credentials();
  const three = await rotate(['--print-secret'], two.stdout);
  expect([one.code, two.code, three.code]).toEqual([0, 0, 0]);
  expect(credentials().map((c) => c.id)).toEqual([credentials()[0]?.id, second?.id, expect.any(String)]);
  expect(three.stderr).toContain(`Retired the credential "${first?.name}" (id ${first?.id}`);
  await expectNoSecret(three, [PORTAL_SECRET, one.stdout, two.stdout, three.stdout], { stdoutHolds: three.stdout });

  // The leak day: not through a pipe it cannot see, but through a file.
  const portal = credentials()[0]?.id ?? '';
  const piped = await rotate(['--print-secret', '--retire', 'now', '--retire-id', portal], three.stdout);
  expect([piped.code, piped.stdout, credentials().length]).toEqual([1, '', 3]);
  expect(piped.stderr).toMatch(/--retire now and --retire-id cannot go with --print-secret/);
  const now = await rotate(['--secret-file', 'new', '--retire', 'now', '--retire-id', portal], three.stdout);
  expect(now.code).toBe(0);
  expect(credentials().map((c) => c.secret)).toEqual([await readFile(path.join(workdir, 'new'), 'utf8')]);
  expect(now.stdout).toMatch(
    /^Rotated: the new credential is [0-9a-f-]+; retired: [0-9a-f-]+, [0-9a-f-]+, [0-9a-f-]+\.\n$/,
  );
  expect(now.stderr).toMatch(/is the client's only one\./);
});

test.each([
  ['a pipe whose reader closed without reading (EPIPE)', 'closed', /writing it failed \(.*EPIPE.*\)/],
  ['standard output on a full disk (ENOSPC)', 'full', /writing it failed \(.*ENOSPC.*\)/],
] as const)('%s: exit 1, no stack trace, the new credential deleted, nothing retired', async (_, stdout, failure) => {
  const first = await rotate(['--secret-file', 'one'], PORTAL_SECRET);
  age();
  const inUse = await readFile(path.join(workdir, 'one'), 'utf8');
  const before = credentials().map((c) => c.id);
  const r = await rotate(['--print-secret'], inUse, {}, stdout);
  expect([first.code, r.code]).toEqual([0, 1]);
  expect(credentials().map((c) => c.id)).toEqual(before);
  expect(r.stderr).toMatch(failure);
  expect(r.stderr).toMatch(
    /^Error: The new credential .* was deleted\. Every destination still holds the current secret\.$/m,
  );
  expect(r.stderr).not.toMatch(/^\s+at |Stored the new secret|Rotated:/m);
  await expectNoSecret(r, [PORTAL_SECRET, inUse], { allowedFile: 'one' });
});

test('--dry-run: every credential listed with what the run takes it for; nothing made, stored or deleted', async () => {
  const first = await rotate(['--secret-file', 'one'], PORTAL_SECRET);
  const before = credentials().map((c) => c.id);
  // With the portal's secret, as the team that has not deployed the new one yet would run it.
  const r = await rotate(['--dry-run'], PORTAL_SECRET);
  expect([first.code, r.code]).toEqual([0, 0]);
  expect(credentials().map((c) => c.id)).toEqual(before);
  expect(r.stdout.split('\n')).toEqual([
    `The credentials of client ${client.id}, oldest first:`,
    expect.stringMatching(
      /^- "Created in the developer portal" .*: not made by this tool; kept: not made by this tool/,
    ),
    expect.stringMatching(
      /^- "ensure-provider-scope .*" \(id .*\): made by this tool from the secret this run holds: .*; kept: made in the last hour/,
    ),
    "None of the credentials this tool made can be the one this run holds, so the one in use is one this tool did not make (the developer portal's, as a rule).",
    '',
  ]);
  // With the new one, that credential is the one in use.
  const after = await rotate(['--dry-run'], await readFile(path.join(workdir, 'one'), 'utf8'));
  expect(after.stdout.split('\n')[2]).toMatch(
    /^- "ensure-provider-scope .*" \(id .*\): made by this tool, the one in use: /,
  );
  expect(credentials().map((c) => c.id)).toEqual(before);
});

test('--secret-file with --json: a new file of mode 0600, the report valid against the packaged schema, no secret in it', async () => {
  const schema = JSON.parse(
    await readFile(path.join(installed.packageDir, 'schema', 'cli-output.schema.json'), 'utf8'),
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

/** `METHOD path` of each request the service received that changes its credentials. */
const writes = () =>
  service.requests.filter((r) => r.method === 'POST' || r.method === 'DELETE').map((r) => `${r.method} ${r.path}`);

describe('faults, each leaving a state a person can trust', () => {
  test("the creation's answer lost: the credential found by its name and deleted, one more made; lost twice: none left, nothing written", async () => {
    service.inject({ method: 'POST', path: /credentials$/, loseAnswer: true });
    const once = await rotate(['--secret-file', 'one'], PORTAL_SECRET);
    expect(once.code).toBe(0);
    expect(names()).toEqual([PORTAL, expect.stringMatching(TOOL)]);
    const secret = await readFile(path.join(workdir, 'one'), 'utf8');
    expect(secret).toBe(credentials()[1]?.secret);
    const list = `/v2/api/clients/${client.id}/credentials`;
    expect(writes()).toEqual([`POST ${list}`, expect.stringMatching(`^DELETE ${list}/`), `POST ${list}`]);
    expect(once.stderr).toMatch(
      /^Deleted the credential "ensure-provider-scope .*" \(id .*\), whose secret was lost with the answer$/m,
    );
    await expectNoSecret(once, [PORTAL_SECRET, secret], { allowedFile: 'one' });

    const before = credentials().map((c) => c.id);
    service.inject({ method: 'POST', path: /credentials$/, loseAnswer: true, times: 2 });
    const twice = await rotate(['--secret-file', 'two'], secret);
    expect(twice.code).toBe(1);
    expect(credentials().map((c) => c.id)).toEqual(before);
    expect((await readdir(workdir)).sort()).toEqual(['one']);
    expect(twice.stderr).toMatch(
      /^Error: The answer to the creation of the credential "ensure-provider-scope .*" was lost twice .*the one made was deleted\. Nothing was stored: the current secret is unchanged everywhere\./m,
    );
    await expectNoSecret(twice, [PORTAL_SECRET, secret], { allowedFile: 'one' });
  });

  test('a destination that cannot be written: found before anything is made', async () => {
    const r = await rotate(['--secret-file', 'nowhere/new-secret'], PORTAL_SECRET);
    expect(r.code).toBe(1);
    expect(names()).toEqual([PORTAL]);
    expect(writes()).toEqual([]);
    expect(r.stderr).toContain(
      'Error: the file nowhere/new-secret cannot be written: its folder nowhere does not exist\nError: Nothing was created: the current secret is unchanged everywhere.\n',
    );
    await expectNoSecret(r, [PORTAL_SECRET]);
  });

  test('a store that fails once the credential is made (a file made meanwhile): the new credential deleted, the file untouched; a second run completes it', async () => {
    // Made at once, as the proof's request arrives: between the check and the store.
    service.inject({
      method: 'GET',
      path: `/v2/api/clients/${client.id}`,
      before: () => writeFileSync(path.join(workdir, 'late'), 'made meanwhile'),
    });
    const r = await rotate(['--secret-file', 'late'], PORTAL_SECRET);
    expect(r.code).toBe(1);
    expect(names()).toEqual([PORTAL]);
    expect(await readFile(path.join(workdir, 'late'), 'utf8')).toBe('made meanwhile');
    expect(r.stderr).toMatch(/^Error: Could not store the new secret in the file late: EEXIST/m);
    expect(r.stderr).toMatch(
      /^Error: The new credential "ensure-provider-scope .*" \(id .*\) was deleted\. Every destination still holds the current secret\.$/m,
    );
    await expectNoSecret(r, [PORTAL_SECRET]);

    const again = await rotate(['--secret-file', 'fresh'], PORTAL_SECRET);
    expect(again.code).toBe(0);
    expect(await readFile(path.join(workdir, 'fresh'), 'utf8')).toBe(credentials()[1]?.secret);
  });

  test('a retirement that fails: exit 1 after storing, the credential to delete by hand named', async () => {
    const portal = credentials()[0];
    service.inject({ method: 'DELETE', status: 403 });
    const r = await rotate(['--secret-file', 'new-secret', '--retire-id', portal?.id ?? ''], PORTAL_SECRET);
    expect(r.code).toBe(1);
    const secret = await readFile(path.join(workdir, 'new-secret'), 'utf8');
    expect(credentials().map((c) => c.secret)).toEqual([PORTAL_SECRET, secret]);
    expect(r.stderr).toContain(
      `Error: Could not retire the credential "${PORTAL}" (id ${portal?.id}, created ${portal?.created}): `,
    );
    expect(r.stderr).toMatch(/HTTP 403.*\. Delete it by hand in the developer portal\.\n/);
    await expectNoSecret(r, [PORTAL_SECRET, secret], { allowedFile: 'new-secret' });
  });

  test('a 403 on the credential calls under --auth basic: nothing created, --auth token named; with it, the rotation goes through', async () => {
    await service.stop();
    await startService({ basicCredentials: 'refused' });
    const basic = await rotate(['--print-secret'], PORTAL_SECRET);
    expect([basic.code, basic.stdout]).toEqual([1, '']);
    expect(names()).toEqual([PORTAL]);
    expect(basic.stderr).toMatch(/HTTP 403.* Nothing was created\. .*use --auth token\.\n/);
    // No fallback: nothing but Basic was tried.
    expect(service.requests.map((r) => r.auth)).toEqual(['basic']);
    await expectNoSecret(basic, [PORTAL_SECRET]);

    const token = await rotate(['--print-secret', '--auth', 'token'], PORTAL_SECRET);
    expect(token.code).toBe(0);
    expect(token.stdout).toBe(credentials()[1]?.secret);
    await expectNoSecret(token, [PORTAL_SECRET, token.stdout], { stdoutHolds: token.stdout });
    for (const issued of service.issuedTokens()) expect(token.stderr).not.toContain(issued);
  });
});
