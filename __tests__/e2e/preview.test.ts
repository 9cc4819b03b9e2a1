/**
 * `npm run preview` as a contributor runs it, a process started by npm in a folder of their
 * own: the three renderings of a dry run written to files and named on stdout, against the
 * embedded service it starts (its client's id and secret given through EMBEDDED_CLIENT_ID and
 * EMBEDDED_CLIENT_SECRET, so that the leak check knows them), and against another service with
 * the usual PROVIDER_* settings (here an embedded one the test holds, to see that nothing is
 * written to it).
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EmbeddedAuthService, GROUPS_SCOPE_STRING } from '../../dev/auth-service.ts';
import { ROOT } from '../../dev/runner.ts';
import { secretForms } from '../../src/engine/secrets.ts';
import { OBEYED_CONTROL } from '../support/terminal.ts';

const CLIENT_ID = '5d0c4f2e-8a1b-4c3d-9e7f-0a1b2c3d4e5f';
const SECRET = 'preview-secret-9b2e';
const SPEC = `name: Previewed provider\ndescription: Runs previewed actions\nadvertised: true\ndependent_scopes:\n  - scope: ${GROUPS_SCOPE_STRING}\n`;
const FILE = '.github/provider-scope.yml';

let workdir = '';
beforeEach(async () => {
  workdir = await mkdtemp(path.join(tmpdir(), 'eps-preview-test-'));
  // A repository of its own: the spec is read from its top.
  await mkdir(path.join(workdir, '.git'));
  await mkdir(path.join(workdir, '.github'));
  await writeFile(path.join(workdir, FILE), SPEC);
});
afterEach(() => rm(workdir, { recursive: true, force: true }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The files named on stdout, by what they are, with what they hold. */
  files: Record<string, string>;
}

/** `npm run preview -- ...args`, typed in the work folder (npm runs the script from the package's, with INIT_CWD). */
async function preview(args: string[], env: Record<string, string> = {}): Promise<Run> {
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
  for (const [, what, file] of result.stdout.matchAll(
    /^(The job summary|The pull request's comment|The watch's issue): +(\S+)/gm,
  ))
    files[what as string] = await readFile(file as string, 'utf8');
  return { ...result, files };
}

/** No form of the secret in what was printed, nor in any file it wrote (nor anywhere in the work folder). */
async function expectNoSecret(run: Run, clientId = CLIENT_ID, secret = SECRET): Promise<void> {
  const left = await readdir(workdir, { recursive: true, withFileTypes: true });
  const texts = await Promise.all(
    left.filter((f) => f.isFile()).map((f) => readFile(path.join(f.parentPath, f.name), 'utf8')),
  );
  const everything = [run.stdout, run.stderr, ...Object.values(run.files), ...texts].join('\n');
  for (const form of secretForms(clientId, secret))
    expect({ form, found: everything.includes(form) }).toEqual({ form, found: false });
}

const NAMES = ['The job summary', "The pull request's comment", "The watch's issue"];

describe('against the embedded service it starts', () => {
  test('a client with no scope: three files named, the creation a run would make, the issue that says so; exit 0', async () => {
    const run = await preview(['--spec', FILE, '--out', 'rendered']);
    expect(run.code).toBe(0);
    expect(Object.keys(run.files)).toEqual(NAMES);
    expect(run.stdout).toBe(
      [
        `The job summary:            ${workdir}/rendered/summary.md`,
        `The pull request's comment: ${workdir}/rendered/comment.md`,
        `The watch's issue:          ${workdir}/rendered/issue.md (the registration is unwell: no scope)`,
        '',
      ].join('\n'),
    );
    const { 'The job summary': summary, "The pull request's comment": comment, "The watch's issue": issue } = run.files;
    expect(summary).toMatch(/^### Dry run: the provider scope would be created\n/);
    expect(summary).toMatch(/^\| Ran for \| a local preview \\\(npm run preview\\\) \|/m);
    expect(summary).toMatch(/^\| name \| <code>"Previewed provider"<\/code> \|/m);
    // The comment: its marker (the client and the spec as the input names it), the same report, the link to the run.
    expect(comment).toMatch(
      new RegExp(
        `^<!-- ensure-provider-scope client=${CLIENT_ID} spec=\\.github%2Fprovider-scope\\.yml -->\\n### Dry run: the provider scope would be created\\n`,
      ),
    );
    expect(comment).toContain(
      'The job summary of [the run](https://github.com/OWNER/REPO/actions/runs/RUN_ID) has the whole report.',
    );
    // The issue: its title, then its body under the watch's marker.
    expect(issue).toContain(
      `**Provider scope needs attention\\: Preview client \\(${CLIENT_ID}\\), .github/provider-scope.yml**`,
    );
    expect(issue).toContain(
      `<!-- ensure-provider-scope watch client=${CLIENT_ID} spec=.github%2Fprovider-scope.yml -->\n### The provider scope needs attention\n`,
    );
    expect(issue).toContain('- The client has no scope.\n');
    expect(run.stderr).toContain(
      'Previewing .github/provider-scope.yml against the embedded service at http://127.0.0.1:',
    );
    await expectNoSecret(run);
  });

  test('--registered with the same spec: no changes, and the watch would open no issue', async () => {
    const run = await preview(['--registered', FILE, '--out', 'rendered']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('issue.md (the registration is well: no issue)');
    expect(run.files['The job summary']).toMatch(/^### Dry run: provider scope already registered\n/);
    expect(run.files["The pull request's comment"]).toMatch(
      /^<!-- [^\n]+ -->\n\*\*No changes\*\*: the scope matches the spec\.\n/,
    );
    expect(run.files["The watch's issue"]).toMatch(
      /^_The watch would open no issue: the registration is well .*\n\nResolved: the watch's \[run\]\(https:\/\/github\.com\/OWNER\/REPO\/actions\/runs\/RUN_ID\) found the registration well/,
    );
    await expectNoSecret(run);
  });

  test('--registered with an older spec and --on-drift update: the update a run would make, and the drift in the issue', async () => {
    await writeFile(path.join(workdir, 'old.yml'), SPEC.replace('Runs previewed actions', 'Runs older actions'));
    const run = await preview(['--registered', 'old.yml', '--on-drift', 'update']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('(the registration is unwell: drift)');
    expect(run.files['The job summary']).toContain('#### The update a run would make');
    // Before and after in the summary; the spec's and the service's in the issue.
    expect(run.files['The job summary']).toMatch(
      /^\| description \| <code>"Runs older actions"<\/code> \| <code>"Runs previewed actions"<\/code> \|/m,
    );
    expect(run.files["The watch's issue"]).toMatch(
      /^\| description \| <code>"Runs previewed actions"<\/code> \| <code>"Runs older actions"<\/code> \|/m,
    );
    await expectNoSecret(run);
  });

  test('a spec with problems: each on stderr at its line, the files as GitHub would show the failed run, exit 1', async () => {
    await writeFile(path.join(workdir, FILE), 'name: x\nadvertised: maybe\n');
    const run = await preview([]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Error: .github/provider-scope.yml: description is required');
    expect(run.stderr).toContain('The run failed: its errors are above, and in each file, as GitHub would show them.');
    expect(run.files['The job summary']).toMatch(
      /^### Provider scope: nothing was done\n\nThe inputs or the spec have 2 problem\(s\):\n\n- line 1: /,
    );
    expect(run.files["The pull request's comment"]).toContain('**The run failed**: the errors are below.');
    expect(run.files["The watch's issue"]).toContain('- The run failed.\n');
    await expectNoSecret(run);
  });

  test('a mistyped option: its near miss, nothing written, exit 1', async () => {
    const run = await preview(['--spek', FILE]);
    expect([run.code, run.stdout]).toEqual([1, '']);
    expect(run.stderr).toMatch(
      /^preview: Unknown option '--spek' \(did you mean --spec\?\)\. Run 'npm run preview -- --help' for the options\.\n$/,
    );
  });
});

describe('against another service, with the usual settings', () => {
  let service: EmbeddedAuthService;
  beforeEach(async () => {
    service = new EmbeddedAuthService();
    await service.start();
  });
  afterEach(() => service.stop());

  test('PROVIDER_AUTH_URL, PROVIDER_CLIENT_ID, PROVIDER_CLIENT_SECRET: its client previewed, only reads sent; hostile text inert', async () => {
    const client = service.addClient({ secret: 'another-secret-4d1f', name: 'Team <b>@everyone</b>' });
    await writeFile(
      path.join(workdir, FILE),
      SPEC.replace('Runs previewed actions', '"Runs \\e[2J [x](https://evil.example) @team"'),
    );
    const run = await preview(['--out', 'rendered'], {
      PROVIDER_AUTH_URL: service.url,
      PROVIDER_CLIENT_ID: client.id,
      PROVIDER_CLIENT_SECRET: client.secret,
    });
    expect(run.code).toBe(0);
    expect(Object.keys(run.files)).toEqual(NAMES);
    expect(run.stderr).toContain(`against the service at ${service.url} (PROVIDER_AUTH_URL)`);
    expect(service.requests.length).toBeGreaterThan(0);
    expect(service.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    for (const text of Object.values(run.files)) {
      expect(text).not.toMatch(OBEYED_CONTROL);
      expect(text).not.toMatch(/(?<!\\)<b>|(?<!\\)\]\(https:\/\/evil/);
    }
    // Where GitHub would notify or link, a word joiner after @.
    expect(run.files["The pull request's comment"]).toContain('\\@\u2060team');
    await expectNoSecret(run, client.id, client.secret);
  });

  test('its secret echoed in a failure: scrubbed from every file; exit 1', async () => {
    const client = service.addClient({ secret: 'echoed-secret-8c3a' });
    service.inject({
      method: 'GET',
      path: /^\/v2\/api\/clients\//,
      status: 400,
      body: JSON.stringify({
        errors: [
          {
            detail: `bad credential ${client.secret} (${Buffer.from(`${client.id}:${client.secret}`).toString('base64')})`,
          },
        ],
      }),
    });
    const run = await preview([], {
      PROVIDER_AUTH_URL: service.url,
      PROVIDER_CLIENT_ID: client.id,
      PROVIDER_CLIENT_SECRET: client.secret,
    });
    expect(run.code).toBe(1);
    expect(run.files['The job summary']).toMatch(/^### Provider scope: the run failed\n/);
    expect(run.files['The job summary']).toContain('bad credential \\*\\*\\*');
    await expectNoSecret(run, client.id, client.secret);
  });

  test('PROVIDER_AUTH_URL without the client: what to put in the environment, nothing sent, exit 1', async () => {
    const run = await preview([], { PROVIDER_AUTH_URL: service.url });
    expect([run.code, run.stdout]).toEqual([1, '']);
    expect(run.stderr).toBe(
      'preview: PROVIDER_AUTH_URL is set, so the preview runs against that service: put PROVIDER_CLIENT_ID and PROVIDER_CLIENT_SECRET in the environment too, or unset PROVIDER_AUTH_URL for the embedded service.\n',
    );
    expect(service.requests).toEqual([]);
  });
});
