/**
 * `ensure-provider-scope rotate` in process, against the embedded service driven in process:
 * the new secret alone on stdout with --print-secret (no newline off a terminal), a new file
 * of mode 0600 with --secret-file (never over one), --json with --secret-file only and never
 * holding a secret, --retire and --retire-id (named as given), --debug, settings read trimmed,
 * and no form of either secret in anything else.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { EmbeddedAuthService } from '../../dev/auth-service.ts';
import { ROOT } from '../../dev/runner.ts';
import { commandHelp } from '../../src/cli/help.ts';
import { rotationJson } from '../../src/cli/rotate.ts';
import type { Message } from '../../src/engine/conclude/conclude.ts';
import { secretForms } from '../../src/engine/secrets.ts';
import { CliWorkspace, type CliRun } from '../support/cli-world.ts';
import { AUTH_URL, inProcessService } from '../support/in-process.ts';

const SECRET = 'cli-rotate-old-secret-8e2b';
const CLIENT_ID = '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const validate = new Ajv2020({ strict: false }).compile(
  JSON.parse(readFileSync(path.join(ROOT, 'schema', 'cli-output.schema.json'), 'utf8')) as object,
);

let service: EmbeddedAuthService;
const workspace = new CliWorkspace();
const env = { PROVIDER_CLIENT_ID: CLIENT_ID, PROVIDER_AUTH_URL: AUTH_URL, PROVIDER_CLIENT_SECRET: SECRET };
beforeEach(async () => {
  service = inProcessService();
  service.addClient({ id: CLIENT_ID, secret: SECRET });
  await workspace.create({});
});
afterEach(() => workspace.remove());

const rotate = (argv: string[], options: Parameters<CliWorkspace['run']>[2] = {}): Promise<CliRun> =>
  workspace.run(['rotate', ...argv], env, { dispatcher: service.dispatcher(), ...options });
const credentials = () => service.clients.get(CLIENT_ID)?.credentials ?? [];
const newest = () => credentials().at(-1)?.secret ?? '';

/** No form of these secrets in stderr, and on stdout unless it is the destination. */
function expectNoSecret(run: CliRun, secrets: readonly string[], { stdoutIsTheSecret = false } = {}): void {
  const channels = stdoutIsTheSecret ? [run.stderr] : [run.stdout, run.stderr];
  for (const secret of secrets)
    for (const form of secretForms(CLIENT_ID, secret))
      expect({ form, found: channels.join('\n').includes(form) }).toEqual({ form, found: false });
}

describe('--print-secret', () => {
  test('stdout holds the new secret alone, without a newline when it is not a terminal; everything else on stderr', async () => {
    const run = await rotate(['--print-secret']);
    expect(run.exitCode).toBe(0);
    expect(credentials()).toHaveLength(2);
    expect(run.stdout).toBe(newest());
    // Neither retire setting given: named by its flag, not its variable.
    expect(run.stderr.split('\n')[0]).toBe(
      `Rotating the secret of client ${CLIENT_ID} at ${AUTH_URL} (--retire later)`,
    );
    expect(run.stderr).toContain('\nStored the new secret in standard output\n');
    expect(run.stderr).toContain(`Rotated: the new credential is ${credentials()[1]?.id}; retired: none.`);
    // Without --debug, no request line.
    expect(run.stderr).not.toContain('debug: ');
    expectNoSecret(run, [SECRET, newest()], { stdoutIsTheSecret: true });
  });

  test('on a terminal, a newline after it for the person reading', async () => {
    const run = await rotate(['--print-secret'], { tty: true });
    expect(run.stdout).toBe(`${newest()}\n`);
  });

  test('a failure prints nothing on stdout', async () => {
    const run = await workspace.run(
      ['rotate', '--print-secret'],
      { ...env, PROVIDER_CLIENT_SECRET: 'wrong-secret-value' },
      { dispatcher: service.dispatcher() },
    );
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /Error: .*HTTP 401.*Nothing was created\. .*generate a new secret, store it where the deployed provider and PROVIDER_CLIENT_SECRET read it/,
    );
    expect(credentials()).toHaveLength(1);
  });
});

describe('--secret-file', () => {
  test('a new file of mode 0600 holding the secret alone; the report on stdout without it', async () => {
    const run = await rotate(['--secret-file', 'new-secret']);
    expect(run.exitCode).toBe(0);
    expect(await workspace.read('new-secret')).toBe(newest());
    expect((await stat(path.join(workspace.dir, 'new-secret'))).mode & 0o777).toBe(0o600);
    expect(run.stdout).toBe(`Rotated: the new credential is ${credentials()[1]?.id}; retired: none.\n`);
    expectNoSecret(run, [SECRET, newest()]);
  });

  test('never over an existing file: refused before anything is made', async () => {
    await workspace.write('taken', 'keep me');
    const run = await rotate(['--secret-file', 'taken']);
    expect(run.exitCode).toBe(1);
    expect(await workspace.read('taken')).toBe('keep me');
    expect(credentials()).toHaveLength(1);
    expect(run.stderr).toContain('Error: the file taken cannot be written: it exists, and is never written over');
    expect(run.stderr).toContain('Nothing was created: the current secret is unchanged everywhere.');
    // A failure's report is on stderr: stdout, where a script reads what was rotated, stays empty.
    expect(run.stdout).toBe('');
  });

  test('a folder that does not exist: refused before anything is made', async () => {
    const run = await rotate(['--secret-file', 'nowhere/new-secret']);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain(
      'Error: the file nowhere/new-secret cannot be written: its folder nowhere does not exist',
    );
    expect(credentials()).toHaveLength(1);
  });

  test('a file made between the check and the store: not written over, and the new credential deleted', async () => {
    // Made at once (synchronously), as the proof's request arrives: between the check and the store.
    service.inject({
      method: 'GET',
      path: `/v2/api/clients/${CLIENT_ID}`,
      before: () => writeFileSync(path.join(workspace.dir, 'late'), 'made meanwhile'),
    });
    const run = await rotate(['--secret-file', 'late']);
    expect(run.exitCode).toBe(1);
    expect(await workspace.read('late')).toBe('made meanwhile');
    expect(credentials()).toHaveLength(1);
    expect(run.stderr).toMatch(/Could not store the new secret in the file late: EEXIST/);
  });

  test('--json: the rotation in the report, valid against the schema, without the secret', async () => {
    const run = await rotate(['--secret-file', 's', '--json', '--retire-id', credentials()[0]?.id ?? '']);
    const document = JSON.parse(run.stdout) as Record<string, unknown>;
    expect({ valid: validate(document), errors: validate.errors ?? null }).toEqual({ valid: true, errors: null });
    expect(document).toEqual(
      expect.objectContaining({
        command: 'rotate',
        status: 'rotated',
        exit_code: 0,
        rotation: {
          credential_id: credentials()[0]?.id,
          retired: [expect.objectContaining({ name: 'Created in the developer portal' })],
          stored: ['the file s'],
          may_hold: [],
          unchanged: [],
          restored: [],
          gone: false,
          credentials: [
            expect.objectContaining({
              name: 'Created in the developer portal',
              made_by_this_tool: false,
              standing: 'not made by this tool',
              kept: null,
            }),
            expect.objectContaining({ id: credentials()[0]?.id, standing: 'new', kept: 'the new one' }),
          ],
          left: [expect.objectContaining({ id: credentials()[0]?.id, made_by_this_tool: true })],
        },
      }),
    );
    expectNoSecret(run, [SECRET, await workspace.read('s')]);
  });

  test('--json of a failure: status failed, the errors, valid against the schema', async () => {
    service.inject({ method: 'POST', status: 400 });
    const run = await rotate(['--secret-file', 's', '--json']);
    const document = JSON.parse(run.stdout) as {
      status: string;
      errors: Array<{ message: string }>;
      rotation: { credential_id: unknown };
    };
    expect(validate(document)).toBe(true);
    expect([document.status, document.rotation.credential_id, run.exitCode]).toEqual(['failed', null, 1]);
    expect(document.errors).toEqual([
      { message: expect.stringMatching(/^Credential creation \(POST .*\) failed with HTTP 400/) },
    ]);
    expect(document).toEqual(
      expect.objectContaining({ outputs: null, scopes: [], unlisted: [], providers: [], warnings: [] }),
    );
  });
});

describe('a hand-off the tool can confirm', () => {
  test.each([
    ['a pipe closed without reading (EPIPE)', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })],
    ['a full disk (ENOSPC)', Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })],
  ])('standard output failing, %s: exit 1, the new credential deleted, nothing retired, no stack', async (_, error) => {
    const portal = credentials()[0]?.id ?? '';
    const run = await rotate(['--print-secret'], { failStdout: error });
    expect(run.exitCode).toBe(1);
    expect(credentials().map((c) => c.id)).toEqual([portal]);
    expect(run.stderr).toContain(
      `Error: Could not store the new secret in standard output: writing it failed (${error.message})`,
    );
    expect(run.stderr).toMatch(
      /Error: The new credential .* was deleted\. Every destination still holds the current secret\./,
    );
    expect(run.stderr).not.toMatch(/^\s+at /m);
    expect(run.stderr).not.toContain('Stored the new secret');
    expect(run.stderr).not.toContain('Rotated:');
  });

  test('a secret file whose write fails: no file left behind, the new credential deleted', async () => {
    const run = await rotate(['--secret-file', 'new-secret'], {
      failSecretFile: Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }),
    });
    expect(run.exitCode).toBe(1);
    await expect(stat(path.join(workspace.dir, 'new-secret'))).rejects.toThrow(/ENOENT/);
    expect(credentials()).toHaveLength(1);
    expect(run.stderr).toContain(
      'Error: Could not store the new secret in the file new-secret: writing it failed (ENOSPC: no space left on device, write); the file was removed',
    );
  });

  test.each([
    [['--retire', 'now'], {}, '--retire now'],
    [[], { PROVIDER_RETIRE: 'now' }, 'PROVIDER_RETIRE=now'],
    [[], { PROVIDER_RETIRE: ' now\n' }, 'PROVIDER_RETIRE=now'],
    [['--retire-id', '3a53cb4d-8a1e-4c1b-9b0f-3f1c1f0e6a11'], {}, '--retire-id'],
    [[], { PROVIDER_RETIRE_ID: '3a53cb4d-8a1e-4c1b-9b0f-3f1c1f0e6a11' }, 'PROVIDER_RETIRE_ID'],
    [['--retire', 'now', '--retire-id', 'x'], {}, '--retire now and --retire-id'],
  ])('%j %j with --print-secret: refused before any request', async (argv, variables, named) => {
    const run = await workspace.run(
      ['rotate', '--print-secret', ...argv],
      { ...env, ...variables },
      {
        dispatcher: service.dispatcher(),
      },
    );
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toBe(
      `ensure-provider-scope: ${named} cannot go with --print-secret: it deletes a secret that works, and this tool cannot see whether the command reading the pipe stored the new one. ` +
        'Write the new secret to a file with --secret-file <path> (then, e.g., gh secret set PROVIDER_CLIENT_SECRET < <path>), or rotate with the rotation action (docs/rotation.md). Nothing was created.\n',
    );
    expect(service.requests).toEqual([]);
  });

  test('--retire later with --print-secret is taken, as a flag or a variable', async () => {
    const run = await workspace.run(
      ['rotate', '--print-secret', '--retire', 'later'],
      { ...env, PROVIDER_RETIRE_ID: ' ' },
      {
        dispatcher: service.dispatcher(),
      },
    );
    expect(run.exitCode).toBe(0);
  });
});

describe('--dry-run', () => {
  test('the credentials listed on stdout, nothing made; no place for the secret needed', async () => {
    const run = await rotate(['--dry-run']);
    expect(run.exitCode).toBe(0);
    expect(credentials()).toHaveLength(1);
    expect(service.apiCalls()).toEqual([`GET /v2/api/clients/${CLIENT_ID}/credentials`]);
    expect(run.stdout).toMatch(
      new RegExp(
        `^The credentials of client ${CLIENT_ID}, oldest first:\n- "Created in the developer portal" \\(id ${credentials()[0]?.id}, created [^)]+\\): not made by this tool; kept: not made by this tool\nNone of the credentials this tool made can be the one this run holds`,
      ),
    );
    expect(run.stderr.split('\n')[0]).toBe(
      `Dry run: what a rotation of the secret of client ${CLIENT_ID} at ${AUTH_URL} (--retire later) would do; nothing is created, stored or deleted`,
    );
    expect(run.stdout).not.toContain('Rotated');
  });

  test('--dry-run --json: status planned, every credential judged, valid against the schema', async () => {
    const run = await rotate(['--dry-run', '--json', '--retire', 'now']);
    const document = JSON.parse(run.stdout) as { status: string; rotation: { credentials: unknown[] } };
    expect({ valid: validate(document), errors: validate.errors ?? null }).toEqual({ valid: true, errors: null });
    expect(document.status).toBe('planned');
    expect(document.rotation.credentials).toEqual([
      expect.objectContaining({ standing: 'not made by this tool', kept: 'not made by this tool' }),
    ]);
  });

  test("--dry-run --spec: the spec's credentials policy held to the secret in use, as the watch holds it; a bad spec refused", async () => {
    const portal = credentials()[0];
    if (portal !== undefined) portal.created = '1969-09-01T00:00:00.000000+00:00';
    const hand = service.addCredential(CLIENT_ID, { name: 'made by hand' });
    await workspace.write('spec.yml', 'name: P\ndescription: D\nadvertised: true\ncredentials:\n  max_age_days: 30\n');
    const run = await rotate(['--dry-run', '--spec', 'spec.yml']);
    expect(run.exitCode).toBe(0);
    const warnings = run.stderr.split('\n').filter((line) => line.startsWith('Warning: '));
    // The hand-made one may be the one in use, and is young: no age alarm; it is named, though.
    expect(warnings).toEqual([
      `Warning: "made by hand" (id ${hand.id}, created ${hand.created}) was not made by this tool, and is not the client's first (the developer portal's). If someone on the team made it, retire it once unused with --retire-id ${hand.id}; if nobody did, treat the secret as leaked (docs/rotation.md, "A leaked secret").`,
    ]);
    hand.created = '1969-10-01T00:00:00.000000+00:00';
    const old = await rotate(['--dry-run', '--spec', 'spec.yml']);
    expect(old.stderr).toContain(
      `Warning: The secret in use is older than 30 days (the spec's credentials.max_age_days): every credential that may be the one in use is older; the youngest, "made by hand" (id ${hand.id}, created ${hand.created}), is 92 days old. Rotate it, then deploy.`,
    );
    // Without --spec, no policy: no age judged.
    expect((await rotate(['--dry-run'])).stderr).not.toContain('older than');
    await workspace.write('bad.yml', 'name: P\ndescription: D\nadvertised: true\ncredentials:\n  max_age_days: 0\n');
    const bad = await rotate(['--dry-run', '--spec', 'bad.yml']);
    expect([bad.exitCode, bad.stderr]).toEqual([
      1,
      expect.stringContaining('credentials.max_age_days must be 1 or more'),
    ]);
    expect(credentials()).toHaveLength(2);
    // The variable as a file gives it, trimmed.
    const fromEnv = await workspace.run(
      ['rotate', '--dry-run'],
      { ...env, PROVIDER_SPEC: 'spec.yml\n' },
      { dispatcher: service.dispatcher() },
    );
    expect(fromEnv.stderr).toContain('Warning: The secret in use is older than 30 days');
    const missing = await rotate(['--dry-run', '--spec', 'nowhere.yml']);
    expect([missing.exitCode, missing.stderr.split('\n').at(-2)]).toEqual([
      1,
      `Error: Spec file nowhere.yml was not found in the current directory (${realpathSync(workspace.dir)}). Check the path: --spec (or PROVIDER_SPEC) is read from the current directory.`,
    ]);
    // Inside a repository, the spec is read from it, as plan reads it.
    mkdirSync(path.join(workspace.dir, '.git'));
    const inRepository = await rotate(['--dry-run', '--spec', 'nowhere.yml']);
    expect(inRepository.stderr.split('\n').at(-2)).toBe(
      `Error: Spec file nowhere.yml was not found in the repository (${realpathSync(workspace.dir)}). Check the path: --spec (or PROVIDER_SPEC) is read from the current directory, and must lie inside the repository.`,
    );
  });

  test('--print-secret with --retire now and --retire-id: a dry run deletes nothing, so it is taken', async () => {
    const portal = credentials()[0]?.id ?? '';
    const run = await rotate(['--dry-run', '--print-secret', '--retire', 'now', '--retire-id', portal]);
    expect([run.exitCode, credentials().map((c) => c.id)]).toEqual([0, [portal]]);
    expect(run.stdout).toMatch(/^The credentials of client /);
  });

  test('--retire-id given twice: both checked, both retired', async () => {
    const hand = service.addCredential(CLIENT_ID, { name: 'made by hand' });
    const portal = credentials()[0]?.id ?? '';
    const run = await rotate(['--secret-file', 'one', '--retire-id', portal, '--retire-id', hand.id]);
    expect(run.exitCode).toBe(0);
    expect(credentials()).toHaveLength(1);
    expect(run.stdout).toBe(
      `Rotated: the new credential is ${credentials()[0]?.id}; retired: ${portal}, ${hand.id}.\n`,
    );
  });
});

describe('the new credential gone after the store (another rotation, or a person, deleted it)', () => {
  test.each([
    [['--print-secret'], 'standard output'],
    [['--secret-file', 's'], 'the file s'],
  ])('%j: the starting secret never stored back there, which holds the new one alone', async (argv, place) => {
    let listings = 0;
    service.inject({
      method: 'GET',
      path: `/v2/api/clients/${CLIENT_ID}/credentials`,
      times: 2,
      // The second listing reads the credentials again after the store.
      before: () => void (++listings === 2 && service.clients.get(CLIENT_ID)?.credentials.pop()),
    });
    const run = await rotate(argv);
    const held = argv[0] === '--print-secret' ? run.stdout : await workspace.read('s');
    expect(run.exitCode).toBe(1);
    expect(held).not.toContain(SECRET);
    expect(credentials().map((c) => c.secret)).toEqual([SECRET]);
    expect(run.stderr.split('\n').filter((line) => line.startsWith('Error: '))).toEqual([
      expect.stringMatching(/^Error: The new credential .* is gone from the client after this run stored its secret/),
      `Error: ${place} holds a secret that no longer works. The secret this run started with still works: store it there by hand, then run the command again once no other rotation runs.`,
    ]);
    // A failed rotation's report never reaches stdout, where a script reads what was rotated.
    if (argv[0] !== '--print-secret') expect(run.stdout).toBe('');
  });
});

describe('rotationJson', () => {
  test("each warning and error in its list, in order; the log's lines in neither", () => {
    const messages: Message[] = [
      { level: 'info', text: 'an info line' },
      { level: 'warning', text: 'first warning' },
      { level: 'debug', text: 'a debug line' },
      { level: 'error', text: 'an error' },
      { level: 'warning', text: 'second warning' },
    ];
    const report = {
      dryRun: false,
      stored: [],
      mayHold: [],
      unchanged: [],
      restored: [],
      gone: false,
      retired: [],
      credentials: [],
      left: [],
    };
    expect(rotationJson({ messages, report, exitCode: 1 }, messages, 1)).toEqual({
      schema_version: 2,
      command: 'rotate',
      status: 'failed',
      exit_code: 1,
      outputs: null,
      scopes: [],
      unlisted: [],
      providers: [],
      warnings: [{ message: 'first warning' }, { message: 'second warning' }],
      errors: [{ message: 'an error' }],
      rotation: {
        credential_id: null,
        retired: [],
        stored: [],
        may_hold: [],
        unchanged: [],
        restored: [],
        gone: false,
        credentials: [],
        left: [],
      },
    });
  });
});

describe('the flags', () => {
  test('--retire now and --retire-id reach the engine', async () => {
    const portal = credentials()[0]?.id ?? '';
    const first = await rotate(['--secret-file', 'one']);
    expect(first.exitCode).toBe(0);
    const made = credentials()[1]?.id ?? '';
    const second = await workspace.run(
      ['rotate', '--secret-file', 'two', '--retire', 'now', '--retire-id', portal],
      { ...env, PROVIDER_CLIENT_SECRET: await workspace.read('one') },
      { dispatcher: service.dispatcher() },
    );
    expect(second.exitCode).toBe(0);
    expect(credentials().map((c) => c.secret)).toEqual([await workspace.read('two')]);
    // Both retired, each by its id.
    expect(second.stdout).toBe(
      `Rotated: the new credential is ${credentials()[0]?.id}; retired: ${[portal, made].join(', ')}.\n`,
    );
  });

  test.each([
    [
      [],
      "rotate needs one place for the new secret: --print-secret (stdout) or --secret-file <path>. Run 'ensure-provider-scope rotate --help'.",
    ],
    [
      ['--print-secret', '--secret-file', 'f'],
      "rotate needs one place for the new secret: --print-secret (stdout) or --secret-file <path>, not both. Run 'ensure-provider-scope rotate --help'.",
    ],
    [
      ['--print-secret', '--json'],
      '--json goes with --secret-file only: with --print-secret, stdout holds the new secret alone.',
    ],
  ])('%j is refused before any request', async (argv, message) => {
    const run = await rotate(argv);
    expect([run.exitCode, run.stderr]).toEqual([1, `ensure-provider-scope: ${message}\n`]);
    expect(service.requests).toEqual([]);
  });

  test("PROVIDER_RETIRE and PROVIDER_RETIRE_ID reach the engine, as every setting's PROVIDER_* variable", async () => {
    const portal = credentials()[0]?.id ?? '';
    const first = await rotate(['--secret-file', 'one']);
    const second = await workspace.run(
      ['rotate', '--secret-file', 'two'],
      {
        ...env,
        PROVIDER_CLIENT_SECRET: await workspace.read('one'),
        PROVIDER_RETIRE: 'now',
        PROVIDER_RETIRE_ID: portal,
      },
      { dispatcher: service.dispatcher() },
    );
    expect([first.exitCode, second.exitCode]).toEqual([0, 0]);
    expect(credentials().map((c) => c.secret)).toEqual([await workspace.read('two')]);
    expect(second.stderr).toContain(`(PROVIDER_RETIRE=now, PROVIDER_RETIRE_ID=${portal})`);
  });

  test('a flag wins over its variable; a bad variable is named as the variable', async () => {
    const portal = credentials()[0]?.id ?? '';
    const flagWins = await workspace.run(
      ['rotate', '--secret-file', 'one', '--retire', 'later', '--retire-id', portal],
      { ...env, PROVIDER_RETIRE: 'soon', PROVIDER_RETIRE_ID: 'not-an-id' },
      { dispatcher: service.dispatcher() },
    );
    expect(flagWins.exitCode).toBe(0);
    expect(flagWins.stderr).toContain(`(--retire later, --retire-id ${portal})`);
    expect(credentials()).toHaveLength(1);
    const bad = await workspace.run(
      ['rotate', '--secret-file', 'two'],
      { ...env, PROVIDER_CLIENT_SECRET: await workspace.read('one'), PROVIDER_RETIRE: 'soon', PROVIDER_RETIRE_ID: 'x' },
      { dispatcher: service.dispatcher() },
    );
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toContain('Error: PROVIDER_RETIRE must be later or now, not "soon"');
    expect(bad.stderr).toContain('Error: PROVIDER_RETIRE_ID is not a credential id (a UUID)');
  });

  test("--retire in the flag's words, and another command's flag refused", async () => {
    const bad = await rotate(['--print-secret', '--retire', 'soon']);
    expect(bad.stderr).toContain('Error: --retire must be later or now, not "soon"');
    const misplaced = await rotate(['--print-secret', '--on-drift', 'warn']);
    expect(misplaced.stderr).toMatch(/--on-drift is not an option of rotate/);
    const spec = await rotate(['--print-secret', '--spec', 'x.yml']);
    expect(spec.stderr).toBe(
      "ensure-provider-scope: --spec goes with --dry-run only: a rotation reads no spec; its dry run holds the credentials to the spec's policy.\n",
    );
    expect(service.requests).toEqual([]);
  });

  test('every setting read trimmed (a variable from a file keeps its line break)', async () => {
    const run = await workspace.run(
      ['rotate', '--secret-file', 'one'],
      { ...env, PROVIDER_CLIENT_ID: ` ${CLIENT_ID}\n`, PROVIDER_RETIRE: 'now\n', PROVIDER_RETIRE_ID: ' \n' },
      { dispatcher: service.dispatcher() },
    );
    expect(run.exitCode).toBe(0);
    expect(run.stderr.split('\n')[0]).toBe(
      `Rotating the secret of client ${CLIENT_ID} at ${AUTH_URL} (PROVIDER_RETIRE=now)`,
    );
    // now retires only this tool's credentials: the portal's one stays beside the new one.
    expect(credentials().map((c) => c.secret)).toEqual([SECRET, await workspace.read('one')]);
  });

  test.each([
    ['PROVIDER_CLIENT_SECRET', /^Error: PROVIDER_CLIENT_SECRET is empty: put the client secret in the environment/],
    ['PROVIDER_CLIENT_ID', /^Error: --client-id \(or PROVIDER_CLIENT_ID\) is empty: /],
  ])('%s not set: refused before any request', async (variable, message) => {
    const run = await workspace.run(
      ['rotate', '--print-secret'],
      { ...env, [variable]: undefined },
      { dispatcher: service.dispatcher() },
    );
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toMatch(message);
    expect(service.requests).toEqual([]);
  });

  test('--debug: a labelled line on stderr for each request', async () => {
    const run = await rotate(['--print-secret', '--debug']);
    expect(run.exitCode).toBe(0);
    expect(run.stderr).toMatch(/^debug: POST \/v2\/api\/clients\/[^/]+\/credentials: HTTP 200 in \d+ ms$/m);
  });

  test('the secret from stdin', async () => {
    const run = await workspace.run(
      ['rotate', '--print-secret', '--client-secret-stdin'],
      { ...env, PROVIDER_CLIENT_SECRET: undefined },
      { stdin: `${SECRET}\n`, dispatcher: service.dispatcher() },
    );
    expect(run.exitCode).toBe(0);
  });

  test('the help names every flag of rotate and its exit codes', () => {
    const help = commandHelp('rotate');
    for (const flag of [
      '--print-secret',
      '--secret-file <path>',
      '--retire <when>',
      '--retire-id <id>',
      '--json',
      '--auth <value>',
    ])
      expect(help).toContain(flag);
    expect(help).toContain('gh secret set PROVIDER_CLIENT_SECRET --env release');
    expect(help).toMatch(/ {2}--retire <when> +later: .* \[env PROVIDER_RETIRE; default later\]\n/);
    expect(help).toMatch(/ {2}--retire-id <id> +Also delete .* \[env PROVIDER_RETIRE_ID\]\n/);
  });
});
