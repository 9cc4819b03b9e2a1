/** The runner's collaborators: @actions/core as the runner reads it, the summary file, the exit code. */
import { afterEach, expect, jest, test } from '@jest/globals';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Message } from '../../src/engine/conclude.ts';
import { keepSecrets } from '../../src/engine/secrets.ts';
import { FLUSH_AFTER_MS, fromGitHubRunner } from '../../src/github/runner.ts';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  process.exitCode = undefined;
  jest.restoreAllMocks();
});

test('inputs from INPUT_* variables; the log and annotations as workflow commands on stdout, in order, once the toolkit is ready', async () => {
  const written: string[] = [];
  jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => written.push(String(chunk)) > 0);
  const scheduled: Array<[() => void, number]> = [];
  const runner = fromGitHubRunner({ INPUT_SPEC: ' scope.yml ', 'INPUT_TIMEOUT_SECONDS': '5' }, (load, ms) => void scheduled.push([load, ms]));
  const { core } = runner;
  expect(core.getInput('spec')).toBe('scope.yml');
  expect(core.getInput('timeout seconds')).toBe('5');
  expect(core.getInput('dry_run')).toBe('');

  core.setSecret('s3cret');
  core.info('hello');
  core.debug('details');
  core.warning('careful', { title: 'T' });
  // Nothing is written before the toolkit is loaded; a flush is scheduled once, at the first line.
  expect(written).toEqual([]);
  expect(scheduled.map(([, ms]) => ms)).toEqual([FLUSH_AFTER_MS]);

  await runner.ready?.();
  core.error('broken', { file: 'f.yml', startLine: 2 });
  expect(written.join('')).toBe(['::add-mask::s3cret', 'hello', '::debug::details', '::warning title=T::careful', '::error file=f.yml,line=2::broken', ''].join('\n'));
});

test('by default, the wait is a timer of FLUSH_AFTER_MS that does not keep the process alive', async () => {
  jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
  const timers: Array<{ ms: number | undefined; unref: jest.Mock }> = [];
  jest.spyOn(globalThis, 'setTimeout').mockImplementation(((_load: () => void, ms?: number) => {
    const timer = { ms, unref: jest.fn() };
    timers.push(timer);
    return timer;
  }) as unknown as typeof setTimeout);
  fromGitHubRunner({}).core.info('waiting');
  expect(timers).toEqual([{ ms: FLUSH_AFTER_MS, unref: expect.any(Function) }]);
  expect(timers[0]?.unref).toHaveBeenCalled();
});

test('a line waits for the toolkit at most FLUSH_AFTER_MS: the scheduled load writes it', async () => {
  const written: string[] = [];
  jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => written.push(String(chunk)) > 0);
  const scheduled: Array<() => void> = [];
  const runner = fromGitHubRunner({}, (load) => void scheduled.push(load));
  runner.core.info('still waiting for the service');
  expect(scheduled).toHaveLength(1);

  scheduled[0]?.();
  // The toolkit's import settles within a turn of the event loop (it is loaded already).
  await new Promise((resolve) => setImmediate(resolve));
  expect(written).toEqual(['still waiting for the service\n']);
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

test('the exit code is the process exit code', () => {
  fromGitHubRunner({}).setExitCode(1);
  expect(process.exitCode).toBe(1);
  fromGitHubRunner({}).setExitCode(0);
  expect(process.exitCode).toBe(0);
});

test('a fatal error: its report is written, then the process ends with 1; what the run writes after it is dropped', async () => {
  const written: string[] = [];
  jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => written.push(String(chunk)) > 0);
  const exited = new Promise<unknown>((resolve) => jest.spyOn(process, 'exit').mockImplementation(((code: number) => void resolve(code)) as never));
  const dir = await mkdtemp(path.join(tmpdir(), 'runner-test-'));
  const summaryFile = path.join(dir, 'summary.md');
  await writeFile(summaryFile, '');
  process.env.GITHUB_STEP_SUMMARY = summaryFile;
  const runner = fromGitHubRunner({ GITHUB_STEP_SUMMARY: summaryFile }, () => {});
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

test('a line the toolkit cannot write is said on stderr, and the step fails whatever the run concludes', async () => {
  const errors: string[] = [];
  jest.spyOn(process.stderr, 'write').mockImplementation((chunk) => errors.push(String(chunk)) > 0);
  jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
  // The runner's output file is missing: the toolkit's setOutput throws.
  process.env.GITHUB_OUTPUT = path.join(tmpdir(), 'no-such-dir', 'output');
  const runner = fromGitHubRunner({}, () => {});
  runner.core.setOutput('scope_string', 'x');
  runner.core.info('still written');

  await runner.ready?.();
  runner.setExitCode(0);
  expect(errors.join('')).toMatch(/^ensure-provider-scope could not write to the runner: .*no-such-dir/);
  expect(process.exitCode).toBe(1);
});

test("the comment and the watch know whether they run on GitHub's runner: GITHUB_ACTIONS=true, which a local run lacks", async () => {
  jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
  const said = async (env: NodeJS.ProcessEnv): Promise<string[]> => {
    const texts: string[] = [];
    const runner = fromGitHubRunner({ ...env, GITHUB_EVENT_NAME: 'workflow_dispatch', INPUT_DRY_RUN: 'true' }, () => {});
    const run = { conclusion: { messages: [], exitCode: 1 as const }, secrets: keepSecrets('id', ''), write: (m: Message) => void texts.push(`${m.level}: ${m.text}`) };
    await runner.watch?.(run);
    await fromGitHubRunner({ ...env, GITHUB_EVENT_NAME: 'pull_request' }, () => {}).comment?.(run);
    return texts;
  };
  expect(await said({})).toEqual([expect.stringMatching(/^debug: Not on a GitHub runner/), expect.stringMatching(/^debug: Not on a GitHub runner/)]);
  expect(await said({ GITHUB_ACTIONS: 'true' })).toEqual([expect.stringMatching(/^warning: The watch's issue was not kept: Input github_token is empty/), expect.stringMatching(/^warning: The run was not commented/)]);
});
