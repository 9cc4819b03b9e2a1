/**
 * `npm run preview`'s script (dev/preview.ts) in process: its own option, `--registered`, taken
 * out of the command's; its help, then the command's; what it refuses; an apply that fails for
 * `--registered`, said with what the apply said. The script as a contributor runs it (npm, the
 * embedded service, the files): e2e/preview.test.ts and e2e/preview-service.test.ts.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { preview, splitArguments, USAGE } from '../../dev/preview.ts';
import { commandHelp } from '../../src/cli/help.ts';

let workdir = '';
beforeEach(async () => {
  workdir = await mkdtemp(path.join(tmpdir(), 'eps-dev-preview-'));
  await mkdir(path.join(workdir, '.git'));
  await mkdir(path.join(workdir, '.github'));
  await writeFile(
    path.join(workdir, '.github', 'provider-scope.yml'),
    'name: Previewed\ndescription: Runs previewed actions\nadvertised: true\n',
  );
});
afterEach(() => rm(workdir, { recursive: true, force: true }));

async function run(argv: string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const written: Record<string, string> = {};
  const code = await preview({
    argv,
    env,
    cwd: workdir,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    writeFile: async (file, text) => void (written[file] = text),
  });
  return { code, stdout, stderr, written };
}

describe('its own option, --registered', () => {
  test.each([
    [
      ['--spec', 'a.yml', '--registered', 'old.yml', '--out', 'x'],
      { registered: 'old.yml', rest: ['--spec', 'a.yml', '--out', 'x'] },
    ],
    [['--registered=old.yml'], { registered: 'old.yml', rest: [] }],
    [['--spec', 'a.yml'], { rest: ['--spec', 'a.yml'] }],
  ])("%j: taken out of the command line's options", (argv, split) => {
    expect(splitArguments(argv)).toEqual(split);
  });

  test.each([[['--registered']], [['--registered=']], [['--registered', '--spec', 'a.yml']]])(
    '%j: without its spec, refused before any service starts; exit 1',
    async (argv) => {
      expect(splitArguments(argv)).toEqual({
        problem: '--registered needs a spec, e.g. --registered .github/provider-scope.yml',
      });
      expect(await run(argv)).toEqual({
        code: 1,
        stdout: '',
        stderr: 'preview: --registered needs a spec, e.g. --registered .github/provider-scope.yml\n',
        written: {},
      });
    },
  );

  test('a spec its apply cannot register: what the apply said, then why nothing was previewed; exit 1', async () => {
    const result = await run(['--registered', 'missing.yml'], { EMBEDDED_CLIENT_ID: '', EMBEDDED_CLIENT_SECRET: '' });
    expect([result.code, result.stdout, result.written]).toEqual([1, '', {}]);
    expect(result.stderr).toMatch(
      /^Error: Spec file missing\.yml was not found in the repository .*\npreview: --registered missing\.yml: its scopes could not be registered \(the errors of its apply are above\)\.\n$/,
    );
  });

  test('with PROVIDER_AUTH_URL: refused, no service started; exit 1', async () => {
    const result = await run(['--registered', 'old.yml'], { PROVIDER_AUTH_URL: 'http://127.0.0.1:9' });
    expect([result.code, result.stdout, result.stderr]).toEqual([
      1,
      '',
      'preview: --registered sets up the embedded service: leave it out with PROVIDER_AUTH_URL, or unset PROVIDER_AUTH_URL.\n',
    ]);
  });
});

describe('the command', () => {
  test.each([['--help'], ['-h']])("%s: the script's usage, then the command's help; exit 0", async (flag) => {
    const result = await run([flag]);
    expect([result.code, result.stdout, result.stderr]).toEqual([0, `${USAGE}${commandHelp('preview')}`, '']);
  });

  test('the embedded service, its client the one EMBEDDED_CLIENT_ID and EMBEDDED_CLIENT_SECRET give: its four files; exit 2', async () => {
    const id = '0b5c1f3e-2d4a-4b6c-8e7f-9a0b1c2d3e4f';
    const result = await run(['--out', 'r'], {
      EMBEDDED_CLIENT_ID: id,
      EMBEDDED_CLIENT_SECRET: 'dev-preview-secret-1a2b',
    });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe(
      ['summary.md', 'pull-request-comment.md', 'merge-request-note.md', 'watch-issue.md']
        .map((f) => `r/${f}\n`)
        .join(''),
    );
    expect(result.stderr).toMatch(
      /^Previewing against the embedded service at http:\/\/127\.0\.0\.1:\d+, a client with no scope\.\n/,
    );
    expect(result.written[path.join(workdir, 'r', 'pull-request-comment.md')]).toMatch(
      new RegExp(`^<!-- ensure-provider-scope client=${id} spec=\\.github%2Fprovider-scope\\.yml -->\\n`),
    );
    expect(Object.values(result.written).join('\n')).not.toContain('dev-preview-secret-1a2b');
  });
});
