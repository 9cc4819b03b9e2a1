/** The runner's collaborators: @actions/core as the runner reads it, the summary file, the exit code. */
import { afterEach, expect, jest, test } from '@jest/globals';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fromGitHubRunner } from '../src/github-runner.ts';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  process.exitCode = undefined;
  jest.restoreAllMocks();
});

test('inputs from INPUT_* variables, the log and annotations as workflow commands on stdout', () => {
  process.env.INPUT_SPEC = 'scope.yml';
  const written: string[] = [];
  jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => written.push(String(chunk)) > 0);
  const { core } = fromGitHubRunner({});
  expect(core.getInput('spec')).toBe('scope.yml');
  core.info('hello');
  core.warning('careful', { title: 'T' });
  core.error('broken', { file: 'f.yml', startLine: 2 });
  core.setSecret('s3cret');
  expect(written.join('')).toBe(['hello', '::warning title=T::careful', '::error file=f.yml,line=2::broken', '::add-mask::s3cret', ''].join('\n'));
});

test('the workspace from GITHUB_WORKSPACE, else the working directory; no summary without a file', () => {
  expect(fromGitHubRunner({ GITHUB_WORKSPACE: '/w' }).workspace).toBe('/w');
  expect(fromGitHubRunner({}).workspace).toBe(process.cwd());
  expect(fromGitHubRunner({}).summary).toBeUndefined();
});

test('the summary is appended to GITHUB_STEP_SUMMARY; the context comes from the workflow event', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'runner-test-'));
  try {
    const file = path.join(dir, 'summary.md');
    await writeFile(file, '');
    Object.assign(process.env, { GITHUB_STEP_SUMMARY: file, GITHUB_EVENT_NAME: 'release', GITHUB_REF: 'refs/tags/v1' });
    const summary = fromGitHubRunner({ GITHUB_STEP_SUMMARY: file }).summary;
    await summary?.write('### Hello');
    expect(await readFile(file, 'utf8')).toBe('### Hello');
    const context = await summary?.runContext();
    expect(context?.eventName).toBe('release');
    expect(context?.ref).toBe('refs/tags/v1');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('the exit code is the process exit code; a fatal error is reported before the process ends', () => {
  const runner = fromGitHubRunner({});
  runner.setExitCode(1);
  expect(process.exitCode).toBe(1);

  const before = process.listeners('uncaughtException');
  const reported: unknown[] = [];
  runner.onFatal?.((error) => reported.push(error));
  const added = process.listeners('uncaughtException').filter((l) => !before.includes(l));
  const addedRejection = process.listeners('unhandledRejection').at(-1);
  try {
    expect(added).toHaveLength(1);
    const exit = jest.spyOn(process, 'exit').mockImplementation(() => undefined as never);
    const boom = new Error('boom');
    added[0]?.(boom, 'uncaughtException');
    expect(reported).toEqual([boom]);
    expect(exit).toHaveBeenCalledWith(1);
  } finally {
    for (const listener of added) process.off('uncaughtException', listener);
    if (addedRejection !== undefined) process.off('unhandledRejection', addedRejection);
  }
});
