/**
 * What the action's run() takes from outside: the GitHub runner's part of it (given by
 * runner.ts), or a test's stand-in. Apart from both, so that neither imports the other.
 */
import type { Dispatcher } from 'undici';
import type { Conclusion, Location, Message, RunSettings, Secrets } from '../engine/index.ts';
import type { Clock } from '../wire/retry.ts';
import type { RunContext } from './run-context.ts';

/** Where an annotation points and what it is titled, in the runner's own names. */
export type AnnotationProperties = Partial<Location> & { title?: string };

/** What the action reads from and writes for the runner: the part of @actions/core's interface it uses (runner.ts writes it as the toolkit would). */
export interface ActionCore {
  getInput(name: string): string;
  setSecret(value: string): void;
  setOutput(name: string, value: string): void;
  info(message: string): void;
  debug(message: string): void;
  warning(message: string, properties?: AnnotationProperties): void;
  error(message: string, properties?: AnnotationProperties): void;
}

/** The job summary, when the runner gives the step one. */
export interface JobSummary {
  /** What the workflow run is for (read once the run has concluded). */
  runContext(): Promise<RunContext>;
  write(markdown: string): Promise<void>;
}

/** What the run hands what it writes after it has concluded: its pull request's comment, the watch's issue. */
export interface CommentRun {
  conclusion: Conclusion;
  /** The settings as the run read them: what the comment and the issue are about. */
  settings: RunSettings;
  /** The run's one keeper of secrets: the token is masked and scrubbed through it. */
  secrets: Secrets;
  /** The run's writer: scrubbed, one line, an annotation for a warning. */
  write(message: Message): void;
}

/** Everything the run takes from outside. */
export interface Collaborators {
  core: ActionCore;
  /** Where a relative `spec` path points. */
  workspace: string;
  summary?: JobSummary | undefined;
  clock?: Clock | undefined;
  /** For every HTTP request; the default is the proxy-aware agent. */
  dispatcher?: Dispatcher | undefined;
  /** The step's exit status: 1 fails it. Set once, at the end. */
  setExitCode(code: 0 | 1): void;
  /** Registers what to do with an error that escapes everything (before the process ends). */
  onFatal?: (report: (error: unknown) => void) => void;
  /** After everything else, the run's report as its pull request's comment (pr-comment.ts); never changes the result. */
  comment?: ((run: CommentRun) => Promise<void>) | undefined;
  /** Then, on a scheduled watch, the issue kept while the registration is unwell (watch-issue.ts); never changes the result. */
  watch?: ((run: CommentRun) => Promise<void>) | undefined;
  /** Whether this run, with its settings read, is a watch's (watch-issue.ts, watches): the engine reads the client's credentials then. */
  watching?: ((settings: { dryRun: boolean }) => boolean) | undefined;
}
