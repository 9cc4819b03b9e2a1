/**
 * The rotation action's runner (src/github/rotate/runner.ts): what the GitHub runner gives the
 * step and what the step writes for it, as @actions/core would write it (its lines are held
 * to the toolkit's in unit/workflow-commands.test.ts), without loading the toolkit; the
 * octokit loaded only when asked for, at the runner's API address.
 */
import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { EOL, tmpdir } from 'node:os';
import path from 'node:path';
import { parseOutputFile } from '../../dev/runner.ts';
import { fromGitHubRunner } from '../../src/github/rotate/runner.ts';

let temp: string;
beforeEach(async () => {
  temp = await mkdtemp(path.join(tmpdir(), 'rotate-runner-'));
});
afterEach(() => {
  jest.restoreAllMocks();
  return rm(temp, { recursive: true, force: true });
});

/** A runner on the given environment, with stdout and stderr recorded. */
function recorded(env: NodeJS.ProcessEnv) {
  const out: string[] = [];
  const err: string[] = [];
  const made = fromGitHubRunner(
    env,
    (text) => void out.push(text),
    (text) => void err.push(text),
  );
  return { ...made, out, err };
}

describe('what the runner gives the step', () => {
  test('an input as the runner sets it: INPUT_ and the name in upper case, spaces as _, trimmed; none is empty', () => {
    const { runner } = recorded({ INPUT_GITHUB_TOKEN: '  tok \n', INPUT_A_B: 'x' });
    expect([runner.input('github_token'), runner.input('a b'), runner.input('retire_id')]).toEqual(['tok', 'x', '']);
  });

  test('the repository from GITHUB_REPOSITORY; none outside a workflow', () => {
    expect(recorded({ GITHUB_REPOSITORY: 'octo/provider' }).runner.repository).toBe('octo/provider');
    expect(recorded({}).runner.repository).toBe('');
  });

  test("an octokit for the token at GITHUB_API_URL, else GitHub's own API", async () => {
    const at = await recorded({ GITHUB_API_URL: 'http://127.0.0.1:9/api/v3' }).runner.octokit('t');
    expect(at.request.endpoint.DEFAULTS.baseUrl).toBe('http://127.0.0.1:9/api/v3');
    const github = await recorded({}).runner.octokit('t');
    expect(github.request.endpoint.DEFAULTS.baseUrl).toBe('https://api.github.com');
  });
});

describe('what the step writes', () => {
  test('a mask, a log line, a debug line, a warning and an error, each one line as the toolkit writes it', () => {
    const { runner, out, exitCode } = recorded({});
    runner.mask('s3cret');
    runner.write({ level: 'info', text: 'Rotating' });
    runner.write({ level: 'debug', text: 'a: b' });
    runner.write({ level: 'warning', text: 'careful' });
    runner.write({ level: 'error', text: 'failed: 100%' });
    expect(out.join('')).toBe(
      ['::add-mask::s3cret', 'Rotating', '::debug::a: b', '::warning::careful', '::error::failed: 100%25', ''].join(
        EOL,
      ),
    );
    expect(exitCode(0)).toBe(0);
  });

  test('outputs into GITHUB_OUTPUT, as the toolkit writes them', async () => {
    const file = path.join(temp, 'output');
    await writeFile(file, '');
    const { runner, exitCode } = recorded({ GITHUB_OUTPUT: file });
    runner.setOutput('credential_id', 'abc');
    runner.setOutput('retired', '["x"]');
    expect(parseOutputFile(await readFile(file, 'utf8'))).toEqual({ credential_id: 'abc', retired: '["x"]' });
    expect([exitCode(0), exitCode(1)]).toEqual([0, 1]);
  });

  test('an output that cannot be written: said on stderr, and the step fails whatever the rotation concluded', () => {
    const { runner, err, exitCode } = recorded({ GITHUB_OUTPUT: path.join(temp, 'missing') });
    runner.setOutput('credential_id', 'abc');
    expect(err).toEqual([
      `ensure-provider-scope could not write to the runner: Missing file at path: ${path.join(temp, 'missing')}${EOL}`,
    ]);
    expect(exitCode(0)).toBe(1);
  });

  test('a log line that cannot be written: the same', () => {
    const err: string[] = [];
    const { runner, exitCode } = fromGitHubRunner(
      {},
      () => {
        throw new Error('EPIPE');
      },
      (text) => void err.push(text),
    );
    runner.write({ level: 'info', text: 'x' });
    expect(err).toEqual([`ensure-provider-scope could not write to the runner: EPIPE${EOL}`]);
    expect(exitCode(0)).toBe(1);
  });

  test('the job summary appended to GITHUB_STEP_SUMMARY; none without it; a file that cannot be written rejects', async () => {
    const file = path.join(temp, 'summary.md');
    await writeFile(file, 'before\n');
    const { runner } = recorded({ GITHUB_STEP_SUMMARY: file });
    await runner.summary('### Secret rotated\n');
    expect(await readFile(file, 'utf8')).toBe('before\n### Secret rotated\n');
    await expect(recorded({}).runner.summary('nowhere')).resolves.toBeUndefined();
    const gone = recorded({ GITHUB_STEP_SUMMARY: path.join(temp, 'no-such-folder', 'summary.md') });
    await expect(gone.runner.summary('more')).rejects.toThrow(/^Unable to access summary file/);
  });
});

test("by default, the process's own: its environment, stdout and stderr", () => {
  const out = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
  const err = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  const saved = process.env.INPUT_RETIRE;
  process.env.INPUT_RETIRE = ' now ';
  try {
    const { runner } = fromGitHubRunner();
    expect(runner.input('retire')).toBe('now');
    runner.write({ level: 'info', text: 'on stdout' });
    expect(out).toHaveBeenCalledWith(`on stdout${EOL}`);
    const broken = fromGitHubRunner({ GITHUB_OUTPUT: path.join(temp, 'missing') });
    broken.runner.setOutput('retired', '[]');
    expect(err).toHaveBeenCalledWith(expect.stringMatching(/^ensure-provider-scope could not write to the runner: /));
  } finally {
    if (saved === undefined) delete process.env.INPUT_RETIRE;
    else process.env.INPUT_RETIRE = saved;
  }
});
