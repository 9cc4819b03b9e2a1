/**
 * The rotation's runner as the GitHub runner gives it: the inputs (INPUT_<NAME>, trimmed),
 * the workflow commands, the output file and the job summary, written as @actions/core writes
 * them (../workflow-commands.ts) without loading it, and @actions/github's octokit loaded only
 * when a destination is first checked (action.ts). A line that cannot be written is said on
 * stderr and fails the step.
 */
import { EOL } from 'node:os';
import { annotation, appendSummary, workflowCommand, writeOutput } from '../workflow-commands.ts';
import type { RotationRunner } from './action.ts';

/** GitHub's own API, where the runner names none (GITHUB_API_URL: GitHub Enterprise Server's). */
const GITHUB_API = 'https://api.github.com';

export interface RotationProcess {
  runner: RotationRunner;
  /** The step's exit status: the rotation's, or 1 once a line could not be written. */
  exitCode(code: 0 | 1): 0 | 1;
}

export function fromGitHubRunner(
  env: NodeJS.ProcessEnv = process.env,
  stdout: (text: string) => void = (text) => void process.stdout.write(text),
  stderr: (text: string) => void = (text) => void process.stderr.write(text),
): RotationProcess {
  let broken = false;
  const write = (writeIt: () => void): void => {
    try {
      writeIt();
    } catch (error) {
      broken = true;
      stderr(`ensure-provider-scope could not write to the runner: ${(error as Error).message}${EOL}`);
    }
  };
  const line = (text: string): void => write(() => stdout(`${text}${EOL}`));
  const summaryFile = env.GITHUB_STEP_SUMMARY;
  const runner: RotationRunner = {
    input: (name) => (env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim(),
    mask: (form) => line(workflowCommand('add-mask', {}, form)),
    setOutput: (name, value) => write(() => writeOutput(env, name, value, stdout)),
    write: ({ level, text }) =>
      line(level === 'info' ? text : level === 'debug' ? workflowCommand('debug', {}, text) : annotation(level, text)),
    // No summary file outside a runner: nothing to write it to.
    summary: async (markdown) => {
      if (summaryFile) await appendSummary(summaryFile, markdown);
    },
    repository: env.GITHUB_REPOSITORY ?? '',
    octokit: async (token) => {
      const { getOctokit } = await import('@actions/github');
      return getOctokit(token, { baseUrl: env.GITHUB_API_URL ?? GITHUB_API });
    },
  };
  return { runner, exitCode: (code) => (broken ? 1 : code) };
}
