import type { Dispatcher } from 'undici';
import { createBudget } from './budget.ts';
import { fromGitHubRunner } from './github-runner.ts';
import { concludeFailure, concludeRun, type AnnotationProperties, type Conclusion, type Message, type ProviderOutcome } from './conclude.ts';
import { ValidationError } from './errors.ts';
import { parseInputs, type Inputs } from './inputs.ts';
import { checkProvider } from './provider.ts';
import { ensureScope } from './reconcile.ts';
import type { Clock } from './retry.ts';
import { redactor, secretForms } from './secrets.ts';
import { createServiceClient } from './service-client.ts';
import { loadSpec, type SpecFile } from './spec.ts';
import { describeRun, type RunContext } from './summary.ts';

/** The part of @actions/core the action uses. */
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
  /** What the workflow run is for (loaded lazily: it brings octokit along). */
  runContext(): Promise<RunContext>;
  write(markdown: string): Promise<void>;
}

/** Everything the run takes from outside: given by github-runner.ts, or by a test. */
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
  /**
   * Loads what only the output needs; resolves once everything written so far has reached the
   * runner. Called once the last answer is in: loaded with the requests, its compile would hold
   * them back (a runner may load it sooner, to keep the log from waiting). Awaited before the
   * run ends.
   */
  ready?: () => Promise<void>;
}

// The service's text is cut only after redaction, so that no piece of a secret survives.
const MAX_MESSAGE = 2000;
const clip = (text: string): string => (text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text);
// One line, never one that starts a workflow command.
const oneLine = (text: string): string => text.replace(/\r\n|\r|\n/g, ' ⏎ ').replace(/^(\s*)::/, '$1» ::');

/** The action's entry point: never throws; failures end as annotations and exit code 1. */
export async function run(collaborators: Collaborators = fromGitHubRunner()): Promise<void> {
  const { core, summary } = collaborators;
  // Masked before anything is logged, in every form it could take.
  const forms = secretForms(core.getInput('client_id'), core.getInput('client_secret'));
  for (const form of forms) core.setSecret(form);
  const redact = redactor(forms);
  // Every text the run writes goes through here: the service's own words may echo the secret,
  // and text from the spec or a server may hold line breaks. An annotation's text is escaped
  // by the toolkit; a log line is written as it is, so it is made one line, which the runner
  // cannot read as a workflow command (`::...`) of its own.
  const say = (message: Message): void => {
    const text = redact(message.text);
    if ('properties' in message) core[message.level](clip(text), message.properties);
    else if (message.level === 'debug') core.debug(text); // escaped by the toolkit, like an annotation
    else core.info(oneLine(text));
  };
  const write = ({ outputs, messages }: Conclusion): void => {
    for (const [name, value] of Object.entries(outputs ?? {})) core.setOutput(name, redact(value));
    messages.forEach(say);
  };
  const fail = (error: unknown): Conclusion => concludeFailure(error, redact);
  // An error that escapes everything ends the step: reported, and nothing more is sent.
  const halt = new AbortController();
  collaborators.onFatal?.((error) => {
    halt.abort(error);
    write(fail(error));
  });

  const conclusion = await ensure(collaborators, say, redact, halt.signal).catch(fail);
  write(conclusion);
  // Scrubbed as it was built; scrubbed again whole, should a value have escaped that.
  if (conclusion.summary !== undefined) await summary?.write(redact(conclusion.summary));
  await collaborators.ready?.();
  collaborators.setExitCode(conclusion.exitCode);
}

async function ensure(
  { core, workspace, summary, clock, dispatcher, ready }: Collaborators,
  say: (message: Message) => void,
  scrub: (text: string) => string,
  halt: AbortSignal,
): Promise<Conclusion> {
  const { inputs, specFile } = await validate(core, workspace);
  const { spec } = specFile;
  const log = (text: string): void => say({ level: 'info', text });
  // Said as soon as known, before any write: in a dry run, they are what a reviewer reads.
  const warn = (field: readonly PropertyKey[], text: string): void => say({ level: 'warning', text, properties: specFile.locate(field) });
  for (const { message, location } of specFile.warnings) say({ level: 'warning', text: message, properties: location ?? {} });
  log(`Ensuring scope "${spec.name}" for client ${inputs.client_id} at ${inputs.auth_url}${inputs.dry_run ? ' (dry run)' : ''}`);

  // One budget for the whole step: the reads, the creation and the provider check.
  const budget = createBudget(inputs.timeout_seconds, { clock, halt });
  // Retries in the log, each request in the debug log: a slow step says what it waits for.
  const httpLog = { info: log, debug: (text: string) => say({ level: 'debug', text }) };
  const service = createServiceClient({ authUrl: inputs.auth_url, clientId: inputs.client_id, clientSecret: inputs.client_secret, budget, dispatcher, log: httpLog });
  const ensuring = ensureScope(service, { spec, dryRun: inputs.dry_run, update: inputs.on_drift === 'update', budget }, { log, warn })
    // The first failure ends the step: a sibling request or pause still pending ends with it.
    .catch((error: unknown) => {
      budget.cancel();
      throw error;
    })
    .finally(() => service.close());
  const result = await ensuring;
  const provider: ProviderOutcome | undefined =
    inputs.provider_url === undefined
      ? undefined
      : await checkProvider(inputs.provider_url, result.scopes.map((s) => s.scope_string), budget, { dispatcher, log: httpLog }).then(
          (check) => ({ check }),
          (failure: unknown) => ({ failure }),
        );

  // What only the output needs (the toolkit, the workflow context) is loaded once the last
  // answer is in: loaded with the requests, its compile held them back (see Collaborators.ready).
  void ready?.();
  return concludeRun({ inputs, result, provider, ranFor: summary === undefined ? undefined : describeRun(await summary.runContext()), scrub });
}

/** Inputs and spec together, so that one run reports every problem in both. */
async function validate(core: ActionCore, workspace: string): Promise<{ inputs: Inputs; specFile: SpecFile }> {
  const specPath = core.getInput('spec');
  const [inputs, spec] = await Promise.allSettled([
    (async () => parseInputs((name) => core.getInput(name)))(),
    // An empty `spec` input is reported by parseInputs.
    specPath === '' ? undefined : loadSpec(workspace, specPath),
  ]);
  const problems = [inputs, spec].flatMap((result) => {
    if (result.status === 'fulfilled') return [];
    if (result.reason instanceof ValidationError) return result.reason.problems;
    throw result.reason;
  });
  if (inputs.status === 'fulfilled' && spec.status === 'fulfilled' && spec.value !== undefined) {
    return { inputs: inputs.value, specFile: spec.value };
  }
  throw new ValidationError(problems);
}
