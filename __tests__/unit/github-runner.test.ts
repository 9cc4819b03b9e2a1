/** The runner's collaborators: the workflow commands as the runner reads them, the output and summary files, the exit code. */
import { afterEach, expect, jest, test } from '@jest/globals';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseOutputFile } from '../../dev/runner.ts';
import type { Message } from '../../src/engine/conclude/conclude.ts';
import { keepSecrets } from '../../src/engine/secrets.ts';
import { runSettingsOf } from '../../src/engine/settings/settings.ts';
import { INPUT_NAMING } from '../../src/github/inputs.ts';
import { fromGitHubRunner } from '../../src/github/runner.ts';
import { failedRun } from '../support/plans.ts';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  process.exitCode = undefined;
  jest.restoreAllMocks();
});

test('inputs from INPUT_* variables; the log and annotations as workflow commands on stdout, in order, each the moment it is called', () => {
  const written: string[] = [];
  jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => written.push(String(chunk)) > 0);
  const runner = fromGitHubRunner({ INPUT_SPEC: ' scope.yml ', INPUT_TIMEOUT_SECONDS: '5' });
  const { core } = runner;
  expect(core.getInput('spec')).toBe('scope.yml');
  expect(core.getInput('timeout seconds')).toBe('5');
  expect(core.getInput('dry_run')).toBe('');

  core.setSecret('s3cret');
  expect(written).toEqual(['::add-mask::s3cret\n']);
  core.info('hello');
  core.debug('details');
  core.warning('careful', { title: 'T' });
  core.error('broken', { file: 'f.yml', startLine: 2 });
  expect(written.join('')).toBe(
    [
      '::add-mask::s3cret',
      'hello',
      '::debug::details',
      '::warning title=T::careful',
      '::error file=f.yml,line=2::broken',
      '',
    ].join('\n'),
  );
});

test('outputs go to the file GITHUB_OUTPUT names, as blocks the runner reads back', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'runner-test-'));
  try {
    const file = path.join(dir, 'output');
    await writeFile(file, '');
    jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const { core } = fromGitHubRunner({ GITHUB_OUTPUT: file });
    core.setOutput('scope_string', 'https://auth.example/scopes/x/all');
    core.setOutput('changes', 'line 1\nline 2');
    expect(parseOutputFile(await readFile(file, 'utf8'))).toEqual({
      scope_string: 'https://auth.example/scopes/x/all',
      changes: 'line 1\nline 2',
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('the workspace from GITHUB_WORKSPACE, else the working directory; no summary without a file', () => {
  expect(fromGitHubRunner({ GITHUB_WORKSPACE: '/w' }).workspace).toBe('/w');
  expect(fromGitHubRunner({}).workspace).toBe(process.cwd());
  expect(fromGitHubRunner({}).summary).toBeUndefined();
});

test("the summary is appended to GITHUB_STEP_SUMMARY; the context comes from the environment and the release's event file", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'runner-test-'));
  try {
    const file = path.join(dir, 'summary.md');
    const event = path.join(dir, 'event.json');
    await writeFile(file, '');
    await writeFile(event, JSON.stringify({ release: { tag_name: 'v1.0.0' } }));
    const env = {
      GITHUB_STEP_SUMMARY: file,
      GITHUB_EVENT_NAME: 'release',
      GITHUB_REF: 'refs/tags/v1',
      GITHUB_EVENT_PATH: event,
    };
    const summary = fromGitHubRunner(env).summary;
    await summary?.write('### Hello');
    await summary?.write(' again');
    expect(await readFile(file, 'utf8')).toBe('### Hello again');
    expect(await summary?.runContext()).toEqual({
      eventName: 'release',
      ref: 'refs/tags/v1',
      payload: { release: { tag_name: 'v1.0.0' } },
    });
    expect(
      (
        await fromGitHubRunner({
          ...env,
          GITHUB_EVENT_NAME: 'push',
          GITHUB_REF: 'refs/heads/main',
        }).summary?.runContext()
      )?.eventName,
    ).toBe('push');
    // A summary file that is gone: the write fails, as any unexpected error does.
    await expect(
      fromGitHubRunner({ GITHUB_STEP_SUMMARY: path.join(dir, 'gone.md') }).summary?.write('x'),
    ).rejects.toThrow('Unable to access summary file');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('the exit code is the process exit code', () => {
  fromGitHubRunner({}).setExitCode(1);
  expect(process.exitCode).toBe(1);
  fromGitHubRunner({}).setExitCode(0);
  expect(process.exitCode).toBe(0);
});

test('a fatal error: its report is written, then the process ends with 1; what the run writes after it is dropped', async () => {
  const written: string[] = [];
  jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => written.push(String(chunk)) > 0);
  const exited = new Promise<unknown>((resolve) =>
    jest.spyOn(process, 'exit').mockImplementation(((code: number) => void resolve(code)) as never),
  );
  const dir = await mkdtemp(path.join(tmpdir(), 'runner-test-'));
  const summaryFile = path.join(dir, 'summary.md');
  await writeFile(summaryFile, '');
  process.env.GITHUB_STEP_SUMMARY = summaryFile;
  const runner = fromGitHubRunner({ GITHUB_STEP_SUMMARY: summaryFile });
  const before = process.listeners('uncaughtException');
  const beforeRejection = process.listeners('unhandledRejection');
  runner.core.setSecret('s3cret');
  runner.onFatal?.((error) => runner.core.error(`fatal: ${(error as Error).message}`));
  const added = process.listeners('uncaughtException').filter((l) => !before.includes(l));
  const addedRejection = process.listeners('unhandledRejection').filter((l) => !beforeRejection.includes(l));
  try {
    // Both ways an error escapes are handled, the same way.
    expect(added).toHaveLength(1);
    expect(addedRejection).toEqual(added);
    added[0]?.(new Error('boom'), 'uncaughtException');
    runner.core.info('the run went on');
    await runner.summary?.write('### a summary after the fatal error');

    expect(await exited).toBe(1);
    expect(written.join('')).toBe('::add-mask::s3cret\n::error::fatal: boom\n');
    expect(await readFile(summaryFile, 'utf8')).toBe('');
  } finally {
    for (const listener of added) process.off('uncaughtException', listener);
    for (const listener of addedRejection) process.off('unhandledRejection', listener);
    await rm(dir, { recursive: true, force: true });
  }
});

test('a line that cannot be written is said on stderr, the others still written, and the step fails whatever the run concludes', () => {
  const errors: string[] = [];
  const written: string[] = [];
  jest.spyOn(process.stderr, 'write').mockImplementation((chunk) => errors.push(String(chunk)) > 0);
  jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => written.push(String(chunk)) > 0);
  // The runner's output file is missing.
  const runner = fromGitHubRunner({ GITHUB_OUTPUT: path.join(tmpdir(), 'no-such-dir', 'output') });
  runner.setExitCode(0);
  expect(process.exitCode).toBe(0);
  runner.core.setOutput('scope_string', 'x');
  runner.core.info('still written');

  runner.setExitCode(0);
  expect(errors.join('')).toMatch(
    /^ensure-provider-scope could not write to the runner: Missing file at path: .*no-such-dir/,
  );
  expect(written).toEqual(['still written\n']);
  expect(process.exitCode).toBe(1);
});

test("the comment and the watch know whether they run on GitHub's runner: GITHUB_ACTIONS=true, which a local run lacks", async () => {
  jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
  const said = async (env: NodeJS.ProcessEnv): Promise<string[]> => {
    const texts: string[] = [];
    const runner = fromGitHubRunner({ ...env, GITHUB_EVENT_NAME: 'workflow_dispatch', INPUT_DRY_RUN: 'true' });
    const run = {
      conclusion: failedRun({ messages: [] }),
      settings: runSettingsOf((name) => (name === 'dry_run' ? 'true' : ''), INPUT_NAMING),
      secrets: keepSecrets('id', ''),
      write: (m: Message) => void texts.push(`${m.level}: ${m.text}`),
    };
    await runner.watch?.(run);
    await fromGitHubRunner({ ...env, GITHUB_EVENT_NAME: 'pull_request' }).comment?.(run);
    return texts;
  };
  expect(await said({})).toEqual([
    expect.stringMatching(/^debug: Not on a GitHub runner/),
    expect.stringMatching(/^debug: Not on a GitHub runner/),
  ]);
  expect(await said({ GITHUB_ACTIONS: 'true' })).toEqual([
    expect.stringMatching(/^warning: The watch's issue was not kept: Input github_token is empty/),
    expect.stringMatching(/^warning: The run was not commented/),
  ]);
});
