/**
 * The collaborators as the GitHub runner gives them: @actions/core, the workspace, the job
 * summary file, and the process's last-resort handlers. Kept out of action.ts so that run() is
 * tested in-process with fakes.
 *
 * @actions/core is loaded only once the last answer is in (`ready()`): through its OIDC
 * client it brings the whole of undici's index (fetch, WebSocket, HTTP/2: about 1 MB of code
 * that the requests do not need), whose compile would come before the first connection (what
 * that costs: CONTRIBUTING.md, "What the start-up devices buy"). Until then, what the run
 * writes waits, in order (the masks first, as run() writes them first), and at most
 * `FLUSH_AFTER_MS`: a slow service never leaves the log silent. Inputs are read as the runner
 * sets them: INPUT_<NAME>, trimmed.
 */
import type { ActionCore, Collaborators } from './collaborators.ts';
import type { RunContext } from './run-context.ts';
import { commentOnPullRequest } from './pr-comment.ts';
import { watchIssue } from './watch-issue.ts';

type Toolkit = typeof import('@actions/core');

/** The workflow context, or what the environment says of it should @actions/github fail to load. */
const loadRunContext = (): Promise<RunContext> =>
  import('@actions/github').then(
    ({ context }) => context as RunContext,
    () => ({ eventName: process.env.GITHUB_EVENT_NAME ?? '', ref: process.env.GITHUB_REF ?? '', payload: {} }),
  );

/** An input as the runner passes it (the toolkit's own rule: spaces become `_`, upper case, trimmed). */
const readInput = (env: NodeJS.ProcessEnv, name: string): string => (env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim();

/** The longest a written line waits for the toolkit. */
export const FLUSH_AFTER_MS = 250;

/** Runs `load` after `ms`, without keeping the process alive for it (a test gives its own). */
export type Schedule = (load: () => void, ms: number) => void;
const unrefTimer: Schedule = (load, ms) => void setTimeout(load, ms).unref();

export function fromGitHubRunner(env: NodeJS.ProcessEnv = process.env, schedule: Schedule = unrefTimer): Collaborators {
  let toolkit: Toolkit | undefined;
  const waiting: Array<(core: Toolkit) => void> = [];
  let loading: Promise<Toolkit | undefined> | undefined;
  // The toolkit could not be loaded, or a line not written: said on stderr, and the step fails.
  let broken = false;
  // After a fatal error, its report is the run's last word.
  let closed = false;
  const fail = (error: unknown): void => {
    broken = true;
    process.stderr.write(`ensure-provider-scope could not write to the runner: ${error instanceof Error ? error.message : String(error)}\n`);
  };
  const flush = (core: Toolkit): void => {
    for (const write of waiting.splice(0)) {
      try {
        write(core);
      } catch (error) {
        fail(error);
      }
    }
  };
  const load = (): Promise<Toolkit | undefined> =>
    (loading ??= import('@actions/core').then(
      (loaded) => {
        toolkit = loaded;
        flush(loaded);
        return loaded;
      },
      (error: unknown) => void fail(error),
    ));
  // Through the toolkit once loaded; until then, in the order called, for FLUSH_AFTER_MS at most.
  const later = (write: (core: Toolkit) => void): void => {
    if (closed) return;
    if (toolkit !== undefined) return write(toolkit);
    if (waiting.push(write) === 1) schedule(() => void load(), FLUSH_AFTER_MS);
  };
  const core: ActionCore = {
    getInput: (name) => readInput(env, name),
    setSecret: (value) => later((c) => c.setSecret(value)),
    setOutput: (name, value) => later((c) => c.setOutput(name, value)),
    info: (message) => later((c) => c.info(message)),
    debug: (message) => later((c) => c.debug(message)),
    warning: (message, properties) => later((c) => c.warning(message, properties)),
    error: (message, properties) => later((c) => c.error(message, properties)),
  };
  return {
    core,
    ready: () => load().then(() => undefined),
    workspace: env.GITHUB_WORKSPACE ?? process.cwd(),
    // No summary file outside a runner (and in some local tools): nothing to write it to.
    summary: env.GITHUB_STEP_SUMMARY
      ? {
          runContext: loadRunContext,
          write: async (markdown) => {
            const loaded = await load();
            if (!closed) await loaded?.summary.addRaw(markdown).write();
          },
        }
      : undefined,
    // A local run (npm run local-action) has no workflow token: no warning that it lacks one.
    comment: (run) => commentOnPullRequest(run, { core, eventName: env.GITHUB_EVENT_NAME ?? '', onRunner: env.GITHUB_ACTIONS === 'true' }),
    watch: (run) => watchIssue(run, { core, eventName: env.GITHUB_EVENT_NAME ?? '', onRunner: env.GITHUB_ACTIONS === 'true' }),
    setExitCode: (code) => {
      process.exitCode = broken ? 1 : code;
    },
    onFatal: (report) => {
      const fatal = (error: unknown): void => {
        report(error);
        closed = true;
        // What was reported may still wait for the toolkit: written before the process ends.
        void load().finally(() => process.exit(1));
      };
      process.on('uncaughtException', fatal).on('unhandledRejection', fatal);
    },
  };
}
