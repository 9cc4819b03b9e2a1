/**
 * `ensure-provider-scope preview` as a user installs it: the `npm pack` tarball installed into
 * an empty folder (support/installed-cli.ts), run as a process in a repository of the user's
 * own whose spec is not at the default path, against the embedded service on 127.0.0.1. The
 * four files in .preview/ (the comment with its marker, the note with GitLab's footer, the issue
 * with its title), their paths on stdout, nothing written to the service, no form of the secret
 * in any file; run again, the same four files written over, nothing else in the folder touched.
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from '@jest/globals';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EmbeddedAuthService, GROUPS_SCOPE_STRING, type ClientRecord } from '../../dev/auth-service.ts';
import { secretForms } from '../../src/engine/secrets.ts';
import { installPackage, runInstalled, type InstalledCli } from '../support/installed-cli.ts';

const SECRET = 'preview-package-secret-6b1f';
const SPEC = `name: Packaged preview\ndescription: Runs previewed actions\nadvertised: true\ndependent_scopes:\n  - scope: ${GROUPS_SCOPE_STRING}\n`;
const FILES = ['summary.md', 'pull-request-comment.md', 'merge-request-note.md', 'watch-issue.md'];

let installed: InstalledCli;
beforeAll(async () => {
  installed = await installPackage();
}, 180_000);
afterAll(() => installed.remove());

let service: EmbeddedAuthService;
let client: ClientRecord;
let repository = '';
beforeEach(async () => {
  service = new EmbeddedAuthService();
  await service.start();
  client = service.addClient({ secret: SECRET, name: 'Packaged app' });
  // A repository of the user's own (a .git entry is all the command looks for), its spec in deploy/.
  repository = await mkdtemp(path.join(tmpdir(), 'eps-preview-pkg-'));
  await mkdir(path.join(repository, '.git'));
  await writeFile(path.join(repository, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  await mkdir(path.join(repository, 'deploy'));
  await writeFile(path.join(repository, 'deploy', 'scope.yml'), SPEC);
});
afterEach(async () => {
  await service.stop();
  await rm(repository, { recursive: true, force: true });
});

const preview = () =>
  runInstalled(installed.bin, ['preview', '--spec', 'deploy/scope.yml'], {
    cwd: repository,
    env: { PROVIDER_CLIENT_ID: client.id, PROVIDER_AUTH_URL: service.url, PROVIDER_CLIENT_SECRET: SECRET },
  });

test('preview --spec deploy/scope.yml: the four renderings in .preview/, their paths on stdout, nothing written to the service; exit 2', async () => {
  const run = await preview();
  expect({ code: run.code, stderr: run.stderr }).toEqual({
    code: 2,
    stderr: expect.stringContaining(
      'The watch would open an issue (watch-issue.md): the registration is unwell (no scope).',
    ),
  });
  expect(run.stdout).toBe(FILES.map((name) => `.preview/${name}\n`).join(''));
  expect((await readdir(path.join(repository, '.preview'))).sort()).toEqual([...FILES].sort());
  const read = (name: string) => readFile(path.join(repository, '.preview', name), 'utf8');
  const [summary, comment, note, issue] = await Promise.all(FILES.map(read));

  const marker = `<!-- ensure-provider-scope client=${client.id} spec=deploy%2Fscope.yml -->`;
  expect(summary).toMatch(/^\*\*Dry run\*\*: <code>action\\_all<\/code> would be created\.\n/);
  expect(summary).toMatch(/^### Dry run: the provider scope would be created\n/m);
  expect(summary).toContain('| Ran for | a preview \\(ensure-provider-scope preview\\) |');
  expect(comment?.startsWith(`${marker}\n**Dry run**: <code>action\\_all</code> would be created.\n`)).toBe(true);
  expect(comment).toContain(
    'The job summary of [the run](https://github.com/OWNER/REPO/actions/runs/RUN_ID) has the whole report.',
  );
  expect(note?.startsWith(`${marker}\n`)).toBe(true);
  expect(note).toMatch(
    /<sub>Spec file <code>deploy\/scope\.yml<\/code>\. The log of \[the job\]\(https:\/\/gitlab\.com\/GROUP\/PROJECT\/-\/jobs\/JOB_ID\) has the whole report\.<\/sub>\n$/,
  );
  expect(issue).toMatch(
    new RegExp(
      `^# Provider scope needs attention\\\\: Packaged app \\\\\\(${client.id}\\\\\\), deploy/scope\\.yml\\n\\n<!-- ensure-provider-scope watch client=${client.id} spec=deploy%2Fscope\\.yml -->\\n`,
    ),
  );

  // A dry run: only reads, and the client still without a scope.
  expect(service.requests.length).toBeGreaterThan(0);
  expect(service.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  expect(client.scopes).toEqual([]);
  const everything = [run.stdout, run.stderr, summary, comment, note, issue].join('\n');
  for (const form of secretForms(client.id, SECRET))
    expect({ form, found: everything.includes(form) }).toEqual({ form, found: false });

  // Again: the four files written over, a file of the user's in the folder left as it is.
  await writeFile(path.join(repository, '.preview', 'notes.txt'), 'mine');
  await writeFile(path.join(repository, '.preview', 'summary.md'), 'an older preview');
  const again = await preview();
  expect([again.code, again.stdout]).toEqual([2, run.stdout]);
  expect(await read('summary.md')).toBe(summary);
  expect(await read('notes.txt')).toBe('mine');
}, 30_000);
