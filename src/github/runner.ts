/**
 * The collaborators as the GitHub runner gives them: the inputs, the workflow commands, the
 * output file and the job summary (workflow-commands.ts), the workspace, and the process's
 * last-resort handlers. Kept out of action.ts so that run() is tested in-process with fakes.
 *
 * Nothing here loads a module: what a step writes is written at once, as @actions/core would
 * write it, and what the run was for is read from the environment (run-context.ts). Inputs are
 * read as the runner sets them: INPUT_<NAME>, trimmed.
 */
import { EOL } from 'node:os';
import type { ActionCore, Collaborators } from './collaborators.ts';
import { readInput } from './inputs.ts';
import { commentOnPullRequest } from './pr-comment.ts';
import { readRunContext } from './run-context.ts';
import { watches, watchIssue } from './watch-issue.ts';
import { annotation, appendSummary, workflowCommand, writeOutput } from './workflow-commands.ts';

/** An input as the runner passes it (the toolkit's own rule: spaces become `_`, upper case, trimmed). */

export function fromGitHubRunner(env: NodeJS.ProcessEnv = process.env): Collaborators {
  // A line not written: said on stderr, and the step fails.
  let broken = false;
  // After a fatal error, its report is the run's last word.
  let closed = false;
  const stdout = (text: string): void => void process.stdout.write(text);
  const write = (writeIt: () => void): void => {
    if (closed) return;
    try {
      writeIt();
    } catch (error) {
      broken = true;
      process.stderr.write(
        `ensure-provider-scope could not write to the runner: ${error instanceof Error ? error.message : String(error)}\n`,
      );
    }
  };
  const line = (text: string): void => write(() => stdout(`${text}${EOL}`));
  const core: ActionCore = {
    getInput: (name) => readInput(env, name),
    setSecret: (value) => line(workflowCommand('add-mask', {}, value)),
    setOutput: (name, value) => write(() => writeOutput(env, name, value, stdout)),
    info: (message) => line(message),
    debug: (message) => line(workflowCommand('debug', {}, message)),
    warning: (message, properties) => line(annotation('warning', message, properties)),
    error: (message, properties) => line(annotation('error', message, properties)),
  };
  const summaryFile = env.GITHUB_STEP_SUMMARY;
  const eventName = env.GITHUB_EVENT_NAME ?? '';
  const onRunner = env.GITHUB_ACTIONS === 'true';
  return {
    core,
    workspace: env.GITHUB_WORKSPACE ?? process.cwd(),
    // No summary file outside a runner (and in some local tools): nothing to write it to.
    summary: summaryFile
      ? {
          runContext: () => readRunContext(env),
          write: async (markdown) => {
            if (!closed) await appendSummary(summaryFile, markdown);
          },
        }
      : undefined,
    // A local run (npm run local-action) has no workflow token: no warning that it lacks one.
    comment: (run) => commentOnPullRequest(run, { core, eventName, onRunner }),
    watch: (run) => watchIssue(run, { core, eventName, onRunner }),
    watching: (settings) => watches({ core, eventName }, settings),
    setExitCode: (code) => {
      process.exitCode = broken ? 1 : code;
    },
    onFatal: (report) => {
      const fatal = (error: unknown): void => {
        report(error);
        closed = true;
        process.exit(1);
      };
      process.on('uncaughtException', fatal).on('unhandledRejection', fatal);
    },
  };
}
