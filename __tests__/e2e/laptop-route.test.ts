/**
 * The command line before any release, as docs/command-line.md gives it (the lines between its
 * laptop-route markers; the README shows the same): on a fresh clone of this repository (its
 * committed HEAD, cloned from here in place of GitHub), run by `sh` line for line with a
 * user's PATH, without this repository's node_modules/.bin, so that npm and npx are the
 * system's, on whatever Node it has, from inside another repository, against the embedded
 * service on 127.0.0.1.
 */
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { execFile, execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EmbeddedAuthService, GROUPS_SCOPE_STRING, TRANSFER_SCOPE_STRING } from '../../dev/auth-service.ts';
import { ROOT } from '../../dev/runner.ts';

const SECRET = 'laptop-route-secret-51e2';
const CLONE_URL = 'https://github.com/<owner>/ensure-provider-scope.git';

let home = '';
let service: EmbeddedAuthService;
beforeAll(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'eps-laptop-'));
  service = new EmbeddedAuthService();
  await service.start();
});
afterAll(async () => {
  await service.stop();
  await rm(home, { recursive: true, force: true });
});

/** The lines of a block between `<!-- name:start -->` and `<!-- name:end -->`, without the fences. */
async function block(file: string, name: string): Promise<string[]> {
  const text = await readFile(path.join(ROOT, file), 'utf8');
  const inner = text.split(`<!-- ${name}:start -->\n`)[1]?.split(`<!-- ${name}:end -->`)[0] ?? '';
  return inner.split('\n').filter((line) => line !== '' && !line.startsWith('```'));
}

function sh(
  script: string,
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('sh', ['-ec', script], { cwd: home, env, timeout: 240_000 }, (error, stdout, stderr) =>
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : null, stdout, stderr }),
    );
  });
}

test('on a fresh clone, the lines as docs/command-line.md gives them plan against the service from inside another repository, with the system Node', async () => {
  const lines = await block('docs/command-line.md', 'laptop-route');
  expect(lines[0]).toContain(CLONE_URL);
  // The README shows the same lines, with the credentials' between them.
  const readme = await readFile(path.join(ROOT, 'README.md'), 'utf8');
  for (const line of lines)
    expect({ line, inReadme: readme.includes(`\n${line}\n`) }).toEqual({ line, inReadme: true });

  const client = service.addClient({ secret: SECRET });
  // The user's repository: a spec at its top that depends on Groups and Transfer by their strings.
  const repository = path.join(home, 'your-provider');
  await mkdir(path.join(repository, '.git'), { recursive: true });
  await mkdir(path.join(repository, '.github'));
  await mkdir(path.join(repository, 'src'));
  await writeFile(
    path.join(repository, '.github', 'provider-scope.yml'),
    `name: Laptop provider\ndescription: Planned from a laptop\nadvertised: true\ndependent_scopes:\n  - scope: ${GROUPS_SCOPE_STRING}\n  - scope: ${TRANSFER_SCOPE_STRING}\n`,
  );

  const userPath = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => !dir.startsWith(ROOT))
    .join(path.delimiter);
  const env = {
    HOME: home,
    PATH: userPath,
    // npm's own cache, so that node@24 is not fetched again for this HOME.
    npm_config_cache: execFileSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' }).trim(),
    NO_COLOR: '1',
    // The CA a user's shell trusts where a proxy intercepts TLS: without it, npx's check of the
    // registry fails and is retried for minutes once its cached answer is stale.
    ...(process.env.NODE_EXTRA_CA_CERTS === undefined ? {} : { NODE_EXTRA_CA_CERTS: process.env.NODE_EXTRA_CA_CERTS }),
    PROVIDER_CLIENT_ID: client.id,
    PROVIDER_AUTH_URL: service.url,
    PROVIDER_CLIENT_SECRET: SECRET,
  };
  const script = lines.map((line) => line.replace(CLONE_URL, ROOT)).join('\n');
  const run = await sh(script, env);
  expect([run.code, run.stdout]).toEqual([
    2,
    expect.stringContaining(`+ create scope ${service.url}/scopes/${client.id}/action_all`),
  ]);
  // Besides the plan's progress, at most npm's EBADENGINE warnings, which the page explains.
  expect(
    run.stderr.split('\n').filter((line) => /error|warn/i.test(line) && !line.startsWith('npm warn EBADENGINE')),
  ).toEqual([]);
  expect(run.stdout + run.stderr).not.toContain(SECRET);
  // The packed tarball stays in the clone, ignored: the clone is as clean as it was cloned.
  expect(
    execFileSync('git', ['status', '--porcelain', '--ignored'], {
      cwd: path.join(home, 'ensure-provider-scope'),
      encoding: 'utf8',
    }),
  ).toContain('!! ensure-provider-scope.tgz');
  expect(
    execFileSync('git', ['status', '--porcelain'], { cwd: path.join(home, 'ensure-provider-scope'), encoding: 'utf8' }),
  ).toBe('');

  // Anywhere inside it: the last line again, from a folder below the top.
  const again = await sh(`cd ~/your-provider/src\n${lines.at(-1) ?? ''}`, env);
  expect([again.code, again.stdout]).toEqual([2, expect.stringContaining('+ create scope')]);
}, 300_000);
