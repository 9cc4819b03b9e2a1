/**
 * The action's run(): the engine's run, written out to the GitHub runner. It masks every form
 * of the secret first (and of the access token the moment it arrives), shows each message as the runner shows it (a log line, an annotation),
 * sets the outputs and writes the job summary, all scrubbed in one place.
 */
import { concludeFailure, type Conclusion, type Message } from '../engine/conclude.ts';
import { ensureProviderScope } from '../engine/ensure.ts';
import { credentialForms, secretForms, scrubber } from '../engine/secrets.ts';
import { clip, oneLine } from '../engine/text.ts';
import type { Collaborators, JobSummary } from './collaborators.ts';
import { buildSummary, describeRun, problemsSummary } from './job-summary.ts';
import { INPUT_NAMING } from './inputs.ts';
import { fromGitHubRunner } from './runner.ts';

/** The action's entry point: never throws; failures end as annotations and exit code 1. */
export async function run(collaborators: Collaborators = fromGitHubRunner()): Promise<void> {
  const { core, summary, ready } = collaborators;
  // Masked before anything is logged, in every form it could take.
  const forms = secretForms(core.getInput('client_id'), core.getInput('client_secret'));
  for (const form of forms) core.setSecret(form);
  const scrub = scrubber(forms);
  // Every text the run writes goes through here: the service's own words may echo the secret,
  // and text from the spec or a server may hold line breaks. An annotation's text is escaped
  // by the toolkit; a log line is written as it is, so it is made one line, which the runner
  // cannot read as a workflow command (`::...`) of its own.
  const write = (message: Message): void => {
    const text = scrub(message.text);
    if (message.level === 'warning' || message.level === 'error') {
      const { location, title } = message;
      core[message.level](clip(text), { ...location, ...(title === undefined ? {} : { title }) });
    } else if (message.level === 'debug') core.debug(text); // escaped by the toolkit, like an annotation
    else core.info(oneLine(text));
  };
  const conclude = ({ outputs, messages }: Conclusion): void => {
    for (const [name, value] of Object.entries(outputs ?? {})) core.setOutput(name, scrub(value));
    messages.forEach(write);
  };
  // An error that escapes everything ends the step: reported, and nothing more is sent.
  const fatal = new AbortController();
  collaborators.onFatal?.((error) => {
    fatal.abort(error);
    conclude(concludeFailure(error));
  });

  let conclusion = await ensureProviderScope({
    read: (name) => core.getInput(name),
    naming: INPUT_NAMING,
    workspace: collaborators.workspace,
    write,
    clock: collaborators.clock,
    dispatcher: collaborators.dispatcher,
    signal: fatal.signal,
    // The access token, the moment it arrives: masked and scrubbed before the next line is written.
    mask: (credential) => {
      const more = credentialForms(credential);
      scrub.learn(more);
      for (const form of more) core.setSecret(form);
    },
    // What only the output needs (the toolkit, the workflow context) loads once the last answer
    // is in: loaded with the requests, its compile held them back (see Collaborators.ready).
    onAnswered: () => void ready?.(),
  });
  // A workflow context that fails to load fails the step, as any unexpected error does.
  const markdown =
    summary === undefined
      ? undefined
      : await jobSummary(conclusion, summary, scrub).catch((error: unknown) => void (conclusion = concludeFailure(error)));
  conclude(conclusion);
  // Scrubbed as it was built; scrubbed again whole, should a value have escaped that.
  if (markdown !== undefined) await summary?.write(scrub(markdown));
  await ready?.();
  // Where reviewers look, last: on a pull request, the same report as its comment.
  if (collaborators.comment !== undefined) conclusion = await collaborators.comment({ conclusion, scrub, write });
  collaborators.setExitCode(conclusion.exitCode);
}

/** The job summary of a conclusion: what was ensured, or every problem of a failed validation. */
async function jobSummary({ report, problems }: Conclusion, summary: JobSummary, scrub: (text: string) => string): Promise<string | undefined> {
  if (report !== undefined) return buildSummary(report, { ranFor: describeRun(await summary.runContext()), scrub });
  return problems === undefined ? undefined : problemsSummary(problems, scrub);
}
