/**
 * The collaborators as the GitHub runner gives them: @actions/core, the workspace, the job
 * summary file, and the process's last-resort handlers. Kept out of main.ts so that run() is
 * tested in-process with fakes.
 */
import * as core from '@actions/core';
import type { Collaborators } from './main.ts';
import type { RunContext } from './summary.ts';

/** The workflow context, or what the environment says of it should @actions/github fail to load. */
const loadRunContext = (): Promise<RunContext> =>
  import('@actions/github').then(
    ({ context }) => context as RunContext,
    () => ({ eventName: process.env.GITHUB_EVENT_NAME ?? '', ref: process.env.GITHUB_REF ?? '', payload: {} }),
  );

export function fromGitHubRunner(env: NodeJS.ProcessEnv = process.env): Collaborators {
  return {
    core: {
      getInput: (name) => core.getInput(name),
      setSecret: core.setSecret,
      setOutput: core.setOutput,
      info: core.info,
      debug: core.debug,
      warning: core.warning,
      error: core.error,
    },
    workspace: env.GITHUB_WORKSPACE ?? process.cwd(),
    // No summary file outside a runner (and in some local tools): nothing to write it to.
    summary: env.GITHUB_STEP_SUMMARY ? { runContext: loadRunContext, write: (markdown) => core.summary.addRaw(markdown).write().then(() => undefined) } : undefined,
    setExitCode: (code) => {
      process.exitCode = code;
    },
    onFatal: (report) => {
      const fatal = (error: unknown): void => {
        report(error);
        process.exit(1);
      };
      process.on('uncaughtException', fatal).on('unhandledRejection', fatal);
    },
  };
}
