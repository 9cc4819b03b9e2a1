/**
 * The action's run(): the engine's run, written out to the GitHub runner. It masks every form
 * of the secret first (and of the access token the moment it arrives), shows each message as
 * the runner shows it (a log line, an annotation), sets the outputs and writes the job summary,
 * all scrubbed by the run's one keeper of secrets.
 */
import {
  concludeFailure,
  failureVerdict,
  type Conclusion,
  ensureProviderScope,
  keepSecrets,
  type Message,
  type RunConclusion,
} from '../engine/index.ts';
import { clip, inert, oneLine } from '../engine/text.ts';
import { outputStrings, type OutputStrings } from '../render/outputs.ts';
import { buildSummary } from '../render/summary.ts';
import type { Collaborators } from './collaborators.ts';
import { describeRun } from './run-context.ts';
import { INPUT_NAMING } from './inputs.ts';
import { readPrComment } from './pr-comment.ts';
import { readWatchIssue } from './watch-issue.ts';
import { fromGitHubRunner } from './runner.ts';

// The runner shows 10 error annotations per step: nine, and one that says where the rest are.
const MAX_ERROR_ANNOTATIONS = 9;

/** How the run's messages and outputs reach the runner: log lines, annotations (within its limit), outputs. */
function writerFor(core: Collaborators['core'], scrub: (text: string) => string, withSummary: boolean) {
  let annotated = 0;
  let unannotated = 0;
  // Every text the run writes goes through here: the service's own words may echo the secret,
  // and text from the spec or a server may hold line breaks and control characters (the log
  // shows an escape sequence as colours). Every such character is shown as its escape (inert).
  // An annotation's text, line breaks kept, is escaped as a workflow command
  // (workflow-commands.ts); a log line is written as it is, so it is made one line, which the
  // runner cannot read as a workflow command (`::...`) of its own.
  const logLine = (text: string): void => core.info(inert(oneLine(text)));
  const write = (message: Message): void => {
    const text = scrub(message.text);
    const shown = text.split('\n').map(inert).join('\n');
    if (message.level === 'error' && annotated === MAX_ERROR_ANNOTATIONS) {
      // Past the runner's limit: said once all the same, in the log.
      unannotated++;
      logLine(`Error: ${text}`);
    } else if (message.level === 'warning' || message.level === 'error') {
      if (message.level === 'error') annotated++;
      const { location, title } = message;
      core[message.level](clip(shown), { ...location, ...(title === undefined ? {} : { title }) });
    } else if (message.level === 'debug')
      core.debug(shown); // escaped as a workflow command, like an annotation
    else logLine(text);
  };
  const conclude = ({ outputs, messages }: Conclusion): void => {
    const strings: Partial<OutputStrings> = outputs === undefined ? {} : outputStrings(outputs);
    for (const [name, value] of Object.entries(strings)) core.setOutput(name, scrub(value));
    messages.forEach(write);
    if (unannotated > 0)
      core.error(
        `And ${unannotated} more error(s): each is in the log above${withSummary ? ', and in the job summary' : ''}.`,
        {},
      );
  };
  return { write, conclude };
}

/**
 * The inputs of this door alone, checked before anything is sent: a typo never lets a
 * release create the scope and then fail. Such a run ends as a failed validation does.
 */
function refusedInputs(core: Collaborators['core']): Conclusion | undefined {
  const refused = Object.entries({
    pr_comment: readPrComment(core.getInput('pr_comment')),
    watch_issue: readWatchIssue(core.getInput('watch_issue')),
  }).flatMap(([field, read]) => (typeof read === 'string' ? [] : [{ field, message: read }]));
  if (refused.length === 0) return undefined;
  const failed = {
    messages: refused.map((r) => r.message),
    problems: refused.map(({ field, message }) => ({ field, message: message.text })),
  };
  return { ...failed, verdict: failureVerdict(failed, INPUT_NAMING), exitCode: 1 };
}

/** The action's entry point: never throws; failures end as annotations and exit code 1. */
export async function run(collaborators: Collaborators = fromGitHubRunner()): Promise<void> {
  const { core, summary } = collaborators;
  // Masked before anything is logged, in every form it could take; the token's too, the moment it arrives.
  const secrets = keepSecrets(core.getInput('client_id'), core.getInput('client_secret'), (form) =>
    core.setSecret(form),
  );
  const { scrub } = secrets;
  const { write, conclude } = writerFor(core, scrub, summary !== undefined);
  // An error that escapes everything ends the step: reported, and nothing more is sent.
  const fatal = new AbortController();
  collaborators.onFatal?.((error) => {
    fatal.abort(error);
    conclude(concludeFailure(error, INPUT_NAMING));
  });
  const refused = refusedInputs(core);
  let conclusion: Conclusion | RunConclusion =
    refused ??
    (await ensureProviderScope({
      read: (name) => core.getInput(name),
      naming: INPUT_NAMING,
      workspace: collaborators.workspace,
      secrets,
      write,
      clock: collaborators.clock,
      dispatcher: collaborators.dispatcher,
      signal: fatal.signal,
      // A watch's run reads the client's credentials too (watch-issue.ts, watches).
      checkCredentials: (settings) => collaborators.watching?.({ dryRun: settings.dry_run }) === true,
    }));
  // A workflow context that fails to load fails the step, as any unexpected error does.
  // Every run leaves one, a failed one too: what failed, and what was known before.
  const markdown =
    summary === undefined
      ? undefined
      : await summary.runContext().then(
          (context) => buildSummary(conclusion, { ranFor: describeRun(context), scrub }),
          (error: unknown) => {
            const { settings } = conclusion;
            conclusion = { ...concludeFailure(error, INPUT_NAMING), ...(settings === undefined ? {} : { settings }) };
          },
        );
  conclude(conclusion);
  // Scrubbed as it was built; scrubbed again whole, should a value have escaped that.
  if (markdown !== undefined) await summary?.write(scrub(markdown));
  // Where reviewers look, last: on a pull request, the same report as its comment, and on a
  // schedule the watch's issue (never a change of the result); with their inputs refused, neither.
  const { settings } = conclusion;
  if (settings !== undefined) {
    await collaborators.comment?.({ conclusion, settings, secrets, write });
    await collaborators.watch?.({ conclusion, settings, secrets, write });
  }
  collaborators.setExitCode(conclusion.exitCode);
}
