/**
 * `ensure-provider-scope preview` in process (main.ts with its collaborators: the files it
 * writes recorded, stdout and stderr kept), against the embedded service driven in process:
 * plan's dry run with plan's settings, then the four renderings written to --out (.preview/ by
 * default), each path on stdout; the markers naming the spec from the repository's top; the
 * folder refused when it cannot hold them; plan's exit codes; nothing written to the service
 * nor sent to GitLab; no form of the secret in any file.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { mkdir, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { GROUPS_SCOPE_STRING, type ClientRecord, type EmbeddedAuthService } from '../../dev/auth-service.ts';
import { commandHelp } from '../../src/cli/help.ts';
import { DEFAULT_OUT, JOB_URL, PREVIEW_FILES, RAN_FOR, RUN_URL } from '../../src/cli/preview.ts';
import { secretForms } from '../../src/engine/secrets.ts';
import { CliWorkspace, type CliRun } from '../support/cli-world.ts';
import { AUTH_URL, inProcessService } from '../support/in-process.ts';
import { BOT_TOKEN, mergeRequestEnv } from '../support/merge-request.ts';
import { OBEYED_CONTROL } from '../support/terminal.ts';

const SECRET = 'cli-preview-secret-2c7e';
const SPEC = `name: Previewed provider\ndescription: Runs previewed actions\nadvertised: true\ndependent_scopes:\n  - scope: ${GROUPS_SCOPE_STRING}\n`;
// Not at the default path: the markers name it from the repository's top.
const FILE = 'deploy/scope.yml';

let service: EmbeddedAuthService;
let client: ClientRecord;
const workspace = new CliWorkspace();
let env: Record<string, string | undefined>;
beforeEach(async () => {
  service = inProcessService();
  client = service.addClient({ secret: SECRET, name: 'Preview app' });
  await workspace.create({ '.git/HEAD': 'ref: refs/heads/main\n', [FILE]: SPEC });
  env = { PROVIDER_CLIENT_ID: client.id, PROVIDER_AUTH_URL: AUTH_URL, PROVIDER_CLIENT_SECRET: SECRET };
});
afterEach(() => workspace.remove());

const cli = (argv: string[], options: Parameters<CliWorkspace['run']>[2] = {}): Promise<CliRun> =>
  workspace.run(argv, env, { dispatcher: service.dispatcher(), ...options });
const preview = (argv: string[] = [], options: Parameters<CliWorkspace['run']>[2] = {}): Promise<CliRun> =>
  cli(['preview', '--spec', FILE, ...argv], options);

/** The files of a run by name, written in `folder` (from the workspace's top). */
function filesOf(run: CliRun, folder = DEFAULT_OUT): Record<string, string> {
  const dir = path.join(workspace.dir, folder);
  expect(Object.keys(run.written)).toEqual(PREVIEW_FILES.map((name) => path.join(dir, name)));
  return Object.fromEntries(PREVIEW_FILES.map((name) => [name, run.written[path.join(dir, name)] as string]));
}

/** No form of the secret in anything the command printed or wrote. */
function expectNoSecret(run: CliRun, secret = SECRET): void {
  const everything = [run.stdout, run.stderr, ...Object.values(run.written)].join('\n');
  for (const form of secretForms(client.id, secret))
    expect({ form, found: everything.includes(form) }).toEqual({ form, found: false });
}

const writes = () => service.requests.filter((r) => r.method !== 'GET');
const marker = (watch = '') =>
  `<!-- ensure-provider-scope ${watch}client=${client.id} spec=${encodeURIComponent(FILE)} -->`;

describe('the four renderings of a dry run', () => {
  test('a client with no scope: the creation in each place, the paths on stdout, the issue that says so; exit 2, nothing written to the service', async () => {
    const run = await preview();
    expect(run.exitCode).toBe(2);
    expect(run.stdout).toBe(PREVIEW_FILES.map((name) => `.preview/${name}\n`).join(''));
    const files = filesOf(run);
    expect(await stat(path.join(workspace.dir, '.preview')).then((s) => s.isDirectory())).toBe(true);

    // The verdict first, then the whole report.
    expect(files['summary.md']).toMatch(/^\*\*Dry run\*\*: <code>action\\_all<\/code> would be created\.\n/);
    expect(files['summary.md']).toMatch(/^### Dry run: the provider scope would be created\n/m);
    expect(files['summary.md']).toContain('| Ran for | a preview \\(ensure-provider-scope preview\\) |');
    // In the command line's words, as its --format markdown says them.
    expect(files['summary.md']).toContain('<code>--on-drift warn</code>, a dry run');
    const comment = files['pull-request-comment.md'] as string;
    const verdict = '**Dry run**: <code>action\\_all</code> would be created.\n';
    expect(comment.startsWith(`${marker()}\n${verdict}`)).toBe(true);
    expect(comment).toContain(`The job summary of [the run](${RUN_URL}) has the whole report.`);
    expect(comment).toContain('<code>--on-drift warn</code>, a dry run');
    const note = files['merge-request-note.md'] as string;
    expect(note.startsWith(`${marker()}\n${verdict}`)).toBe(true);
    expect(note).toContain(`The log of [the job](${JOB_URL}) has the whole report.`);
    expect(note).toContain('| Ran for | a preview \\(ensure-provider-scope preview\\) |');
    const issue = files['watch-issue.md'] as string;
    expect(issue).toMatch(
      new RegExp(
        `^# Provider scope needs attention\\\\: Preview app \\\\\\(${client.id}\\\\\\), deploy/scope\\.yml\\n\\n${marker('watch ')}\\n\\*\\*Dry run\\*\\*: `,
      ),
    );
    expect(issue).toContain('- The client has no scope.\n');
    expect(issue).toContain(`The watch's [run](${RUN_URL}) of the spec file <code>deploy/scope.yml</code>`);

    expect(run.stderr).toContain(`Dry run: client ${client.id} has no scope;`);
    expect(
      run.stderr.endsWith('The watch would open an issue (watch-issue.md): the registration is unwell (no scope).\n'),
    ).toBe(true);
    expect(run.stderr).not.toContain('The run failed');
    expect(writes()).toEqual([]);
    expect(client.scopes).toEqual([]);
    expectNoSecret(run);
  });

  test('its scopes registered: exit 0, no changes, and the watch would open no issue but close an open one', async () => {
    expect((await cli(['apply', '--spec', FILE])).exitCode).toBe(0);
    const scopes = structuredClone(client.scopes);
    const run = await preview();
    expect(run.exitCode).toBe(0);
    const files = filesOf(run);
    expect(files['summary.md']).toMatch(/^\*\*No changes\*\*: the scope matches the spec\.\n/);
    expect(files['summary.md']).toMatch(/^### Dry run: provider scope already registered\n/m);
    expect(files['pull-request-comment.md']).toMatch(
      /^<!-- [^\n]+ -->\n\*\*No changes\*\*: the scope matches the spec\.\n/,
    );
    expect(files['watch-issue.md']).toBe(
      `_The watch would open no issue: it would find the registration well, and close an issue it had open with this comment:_\n\nResolved: the watch's [run](${RUN_URL}) found the registration well (the run passed, the scope exists and matches the spec). Closing this issue; the next problem reopens it.\n`,
    );
    expect(
      run.stderr.endsWith(
        'The watch would open no issue: the registration is well (watch-issue.md has the comment that would close an open one).\n',
      ),
    ).toBe(true);
    expect(client.scopes).toEqual(scopes);
    expectNoSecret(run);
  });

  test("a changed spec with --on-drift update: exit 2, the update a run would make, and the drift in the watch's issue", async () => {
    expect((await cli(['apply', '--spec', FILE])).exitCode).toBe(0);
    await workspace.write(FILE, SPEC.replace('Runs previewed actions', 'Runs newer actions'));
    const requests = service.requests.length;
    const run = await preview(['--on-drift', 'update']);
    expect(run.exitCode).toBe(2);
    const files = filesOf(run);
    expect(files['summary.md']).toContain('#### The update a run would make');
    expect(files['summary.md']).toContain('<code>--on-drift update</code>, a dry run');
    expect(files['watch-issue.md']).toMatch(
      /^\| <code>action\\_all<\/code> \| description \| <code>"Runs previewed actions"<\/code> \| <code>"Runs newer actions"<\/code> \|/m,
    );
    expect(run.stderr).toContain('the registration is unwell (drift)');
    expect(service.requests.slice(requests).filter((r) => r.method !== 'GET')).toEqual([]);
  });

  test('drift with --on-drift fail: the run failed, and drifted, as the issue would say; exit 1', async () => {
    expect((await cli(['apply', '--spec', FILE])).exitCode).toBe(0);
    await workspace.write(FILE, SPEC.replace('Runs previewed actions', 'Runs newer actions'));
    const run = await preview(['--on-drift', 'fail']);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain(
      'The run failed: its errors are above, and in each file, as each place would show them.\nThe watch would open an issue (watch-issue.md): the registration is unwell (failed, drift).\n',
    );
    expect(filesOf(run)['watch-issue.md']).toContain('- The run failed.\n');
  });

  test('the spec and the folder from a sub-folder: the paths as given, the markers still from the repository top', async () => {
    await mkdir(path.join(workspace.dir, 'deploy', 'deeper'));
    const run = await cli(['preview', '--spec', 'scope.yml', '--out', 'deeper'], { cwd: 'deploy' });
    expect(run.exitCode).toBe(2);
    expect(run.stdout).toBe(PREVIEW_FILES.map((name) => `deeper/${name}\n`).join(''));
    const files = filesOf(run, 'deploy/deeper');
    expect(files['pull-request-comment.md']?.startsWith(marker())).toBe(true);
    expect(files['merge-request-note.md']?.startsWith(marker())).toBe(true);
    expect(files['watch-issue.md']).toContain(marker('watch '));
  });

  test('the settings as plan reads them: the spec and on-drift from PROVIDER_*, the secret from stdin; a folder made with its parents', async () => {
    Object.assign(env, { PROVIDER_SPEC: FILE, PROVIDER_ON_DRIFT: 'fail', PROVIDER_CLIENT_SECRET: undefined });
    const run = await cli(['preview', '--client-secret-stdin', '--out', 'a/b/c'], { stdin: `${SECRET}\n` });
    expect(run.exitCode).toBe(2);
    expect(filesOf(run, 'a/b/c')['summary.md']).toContain('<code>PROVIDER\\_ON\\_DRIFT=fail</code>, a dry run');
    expectNoSecret(run);
  });

  test('a spec with problems: each on stderr at its line, the files written all the same as each place would show the failed run; exit 1', async () => {
    await workspace.write(FILE, 'name: x\nadvertised: maybe\n');
    const run = await preview();
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain('Error: deploy/scope.yml:1: description is required');
    expect(run.stderr).toContain(
      'The run failed: its errors are above, and in each file, as each place would show them.\nThe watch would open an issue (watch-issue.md): the registration is unwell (failed).\n',
    );
    const files = filesOf(run);
    expect(files['summary.md']).toMatch(/^\*\*Nothing was done\*\*: 2 problem\\\(s\\\) to fix first\.\n/);
    expect(files['summary.md']).toContain('**Next**: Fix each problem below at its line. Run the command again.');
    expect(files['pull-request-comment.md']).toContain('**Nothing was done**: 2 problem\\(s\\) to fix first.');
    expect(files['merge-request-note.md']).toContain('**Nothing was done**: 2 problem\\(s\\) to fix first.');
    expect(files['watch-issue.md']).toContain('- The run failed.\n');
    expect(service.requests).toEqual([]);
  });

  test('the secret echoed by the service: scrubbed from every file and line; exit 1', async () => {
    service.inject({
      method: 'GET',
      path: /^\/v2\/api\/clients\//,
      status: 400,
      body: JSON.stringify({
        errors: [{ detail: `bad credential ${SECRET} (${Buffer.from(`${client.id}:${SECRET}`).toString('base64')})` }],
      }),
    });
    const run = await preview();
    expect(run.exitCode).toBe(1);
    const files = filesOf(run);
    expect(files['summary.md']).toMatch(/^\*\*The run failed\*\*: /);
    expect(files['summary.md']).toMatch(/^### Provider scope: the run failed\n/m);
    for (const name of ['summary.md', 'pull-request-comment.md', 'watch-issue.md'])
      expect(files[name]).toContain('bad credential \\*\\*\\* \\(\\*\\*\\*\\)');
    // GitLab's words: each * kept from a quick action's reading.
    expect(files['merge-request-note.md']).toContain('bad credential \\*\u2060\\*\u2060\\*\u2060 \\(');
    expectNoSecret(run);
  });

  test('hostile text from the spec and the service: inert in every file, the title a plain heading', async () => {
    client.name = 'Team <b>@everyone</b> \u001b[2J # [x](https://evil.example)';
    await workspace.write(
      FILE,
      SPEC.replace('Runs previewed actions', '"Runs \\e[2J [x](https://evil.example) @team <img src=x>"'),
    );
    const run = await preview();
    expect(run.exitCode).toBe(2);
    for (const [name, text] of Object.entries(filesOf(run))) {
      expect({ name, obeyed: OBEYED_CONTROL.test(text) }).toEqual({ name, obeyed: false });
      expect({ name, live: /(?<!\\)<(b|img)\b|(?<!\\)\]\(https:\/\/evil/.test(text) }).toEqual({ name, live: false });
    }
    const title = filesOf(run)['watch-issue.md']?.split('\n')[0];
    expect(title).toMatch(/^# Provider scope needs attention\\: Team \\<b\\>\\@\u2060everyone\\<\/b\\> /);
    expect(run.stdout).not.toMatch(OBEYED_CONTROL);
  });

  test('in a GitLab merge request job, with the note asked for by its variable: no note, nothing sent to GitLab', async () => {
    Object.assign(env, mergeRequestEnv({ url: 'https://gitlab.example.test/api/v4' } as never), {
      PROVIDER_GITLAB_NOTE: 'true',
    });
    const run = await preview();
    expect(run.exitCode).toBe(2);
    expect(service.requests.every((r) => r.path.startsWith('/v2/api/'))).toBe(true);
    expect(run.stderr).not.toMatch(/note|GitLab/i);
    expect([run.stdout, run.stderr, ...Object.values(run.written)].join('\n')).not.toContain(BOT_TOKEN);
  });
});

describe('the folder', () => {
  test('an existing folder: only the four files written in it, over those it held', async () => {
    await mkdir(path.join(workspace.dir, 'rendered'));
    await writeFile(path.join(workspace.dir, 'rendered', 'summary.md'), 'an older preview');
    const run = await preview(['--out', 'rendered/']);
    expect(run.exitCode).toBe(2);
    expect(run.stdout.split('\n')[0]).toBe('rendered/summary.md');
    filesOf(run, 'rendered');
  });

  test('an absolute --out: the paths printed as given', async () => {
    const out = path.join(workspace.dir, 'elsewhere');
    const run = await preview(['--out', out]);
    expect(run.stdout).toBe(PREVIEW_FILES.map((name) => `${path.join(out, name)}\n`).join(''));
  });

  test.each([
    [
      'a file',
      async () => workspace.write('rendered', 'a file'),
      '--out rendered is a file, not a folder: give a folder (made if missing)',
    ],
    [
      'under a file',
      async () => workspace.write('rendered', 'a file'),
      '--out rendered/inner: the folder could not be made (ENOTDIR)',
      'rendered/inner',
    ],
    [
      'a folder where a file goes',
      async () => mkdir(path.join(workspace.dir, 'rendered', 'watch-issue.md'), { recursive: true }),
      '--out rendered holds watch-issue.md, which is not a file (a folder or a link), and preview writes over nothing else: move it, or give another --out',
    ],
    [
      'a link where a file goes',
      async () => {
        await mkdir(path.join(workspace.dir, 'rendered'));
        await symlink(path.join(workspace.dir, FILE), path.join(workspace.dir, 'rendered', 'summary.md'));
      },
      '--out rendered holds summary.md, which is not a file (a folder or a link), and preview writes over nothing else: move it, or give another --out',
    ],
    ['empty', async () => undefined, '--out is empty: give a folder, e.g. --out rendered', ''],
    ['blank', async () => undefined, '--out is empty: give a folder, e.g. --out rendered', '  '],
  ])('%s: refused before any request, nothing written; exit 1', async (_what, arrange, problem, out = 'rendered') => {
    await arrange();
    const run = await preview(['--out', out]);
    expect([run.exitCode, run.stdout, run.stderr, run.written]).toEqual([
      1,
      '',
      `ensure-provider-scope: ${problem}. Run 'ensure-provider-scope preview --help' for the options of preview.\n`,
      {},
    ]);
    expect(service.requests).toEqual([]);
  });

  test('a file that cannot be written: an error that names it, no path printed; exit 1', async () => {
    const run = await preview([], { failWrite: Object.assign(new Error('no space'), { code: 'ENOSPC' }) });
    expect([run.exitCode, run.stdout]).toEqual([1, '']);
    expect(run.stderr).toContain('Error: .preview/summary.md could not be written (ENOSPC).\n');
    expect(run.stderr).not.toContain('The watch would');
  });

  test.each([
    ['the disk is gone', 'the disk is gone'],
    [null, 'null'],
  ])('a failure without a code (%p): said as it is', async (failure, said) => {
    const run = await preview([], { failWrite: failure });
    expect(run.stderr).toContain(`Error: .preview/summary.md could not be written (${said}).\n`);
  });
});

describe('its options', () => {
  test('--help: its settings, --out and its default, plan exit codes', async () => {
    const run = await cli(['preview', '--help']);
    expect(run.stdout).toBe(commandHelp('preview'));
    expect(run.stdout).toMatch(/^ {2}--out <dir> +The folder .+ \[default \.preview\/\]$/m);
    expect(run.stdout).toMatch(/Exit codes:\n {2}0 .+\n {2}1 .+\n {2}2 {2}apply would change the registration/);
  });

  test('--out empty: what is wrong, and where the options of preview are; nothing written', async () => {
    const run = await cli(['preview', '--out', ' ']);
    expect([run.exitCode, run.stdout]).toEqual([1, '']);
    expect(run.stderr).toBe(
      "ensure-provider-scope: --out is empty: give a folder, e.g. --out rendered. Run 'ensure-provider-scope preview --help' for the options of preview.\n",
    );
  });

  test('what the "Ran for" row says, and the placeholders of the links', () => {
    expect([RAN_FOR, RUN_URL, JOB_URL]).toEqual([
      'a preview (ensure-provider-scope preview)',
      'https://github.com/OWNER/REPO/actions/runs/RUN_ID',
      'https://gitlab.com/GROUP/PROJECT/-/jobs/JOB_ID',
    ]);
  });
});
