import * as core from '@actions/core';
import { ActionError, ValidationError } from './errors.ts';
import { parseInputs, type Inputs } from './inputs.ts';
import { describeDrift } from './drift.ts';
import { checkProvider, mismatchMessage } from './provider.ts';
import { ensureScope } from './reconcile.ts';
import { DEFAULT_RETRY_POLICY, systemClock } from './retry.ts';
import { redactor, secretForms } from './secrets.ts';
import { createServiceClient } from './service-client.ts';
import { loadSpec, type ScopeSpec } from './spec.ts';
import { buildSummary, describeRun, outputsOf, type RunContext } from './summary.ts';

/** The action's entry point: never throws; failures end as annotations and exit code 1. */
export async function run(): Promise<void> {
  // Masked before anything is logged, in every form it could take.
  const forms = secretForms(core.getInput('client_id'), core.getInput('client_secret'));
  for (const form of forms) core.setSecret(form);
  const redact = redactor(forms);
  // The last line of defence: whatever escapes still ends in one clear annotation and exit 1.
  const fatal = (error: unknown): void => {
    report(error, redact);
    process.exit(1);
  };
  process.on('uncaughtException', fatal).on('unhandledRejection', fatal);

  try {
    await ensure(redact);
  } catch (error) {
    report(error, redact);
  }
}

/** Inputs and spec together, so that one run reports every problem in both. */
async function validate(): Promise<{ inputs: Inputs; spec: ScopeSpec }> {
  const workspace = process.env.GITHUB_WORKSPACE ?? process.cwd();
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
    return { inputs: inputs.value, spec: spec.value };
  }
  throw new ValidationError(problems);
}

async function ensure(redact: (text: string) => string): Promise<void> {
  // Log lines may carry the service's own words: scrubbed like every message.
  const log = (message: string): void => core.info(redact(message));
  const { inputs, spec } = await validate();
  log(`Ensuring scope "${spec.name}" for client ${inputs.client_id} at ${inputs.auth_url}${inputs.dry_run ? ' (dry run)' : ''}`);

  // One deadline for the whole step: the reads, the creation and the provider check.
  const timeoutMs = inputs.timeout_seconds * 1000;
  const deadline = systemClock.now() + 3 * timeoutMs;
  const http = { timeoutMs, deadline };
  const service = createServiceClient({ ...http, authUrl: inputs.auth_url, clientId: inputs.client_id, clientSecret: inputs.client_secret });
  const retry = { policy: DEFAULT_RETRY_POLICY, clock: systemClock, deadline };
  const request = { authUrl: inputs.auth_url, clientId: inputs.client_id, spec, dryRun: inputs.dry_run, retry };
  const ensuring = ensureScope(service, request, log).finally(() => service.close());
  // The summary's workflow context comes from @actions/github, which brings octokit along:
  // loaded while the first requests are in flight, off the critical path.
  const context = process.env.GITHUB_STEP_SUMMARY ? loadRunContext() : undefined;
  const result = await ensuring;

  for (const [name, value] of Object.entries(outputsOf(result))) core.setOutput(name, value);
  log(`scope_string: ${result.scope.scope_string} (${result.wouldCreate ? 'would be created' : result.created ? 'created' : 'already registered'})`);

  const drift = result.comparison.filter((c) => !c.same);
  if (inputs.on_drift !== 'ignore') {
    const annotate = inputs.on_drift === 'fail' ? core.error : core.warning;
    for (const c of drift) annotate(redact(describeDrift(c)), { title: `Scope drift: ${c.field}` });
  }

  const strings = result.scopes.map((s) => s.scope_string);
  const checking = inputs.provider_url === undefined ? undefined : checkProvider(inputs.provider_url, strings, http);
  // A check that fails still leaves the summary of what was ensured; its error comes after.
  const provider = await checking?.catch(() => undefined);
  if (provider?.matches) log(`The provider at ${provider.url} publishes ${provider.published}`);

  if (context !== undefined) {
    const summary = buildSummary(result, { ranFor: describeRun(await context), provider, dryRun: inputs.dry_run });
    await core.summary.addRaw(redact(summary)).write();
  }
  await checking;
  if (provider !== undefined && !provider.matches) throw new ActionError(mismatchMessage(provider, result.scope.scope_string, strings));
  if (inputs.on_drift === 'fail' && drift.length > 0) process.exitCode = 1;
}

/** The workflow context, or what the environment says of it should @actions/github fail to load. */
const loadRunContext = (): Promise<RunContext> =>
  import('@actions/github').then(
    ({ context }) => context as RunContext,
    () => ({ eventName: process.env.GITHUB_EVENT_NAME ?? '', ref: process.env.GITHUB_REF ?? '', payload: {} }),
  );

// The service's text is cut only here, after redaction, so that no piece of a secret survives.
const MAX_MESSAGE = 2000;
const clip = (text: string): string => (text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text);

function report(error: unknown, scrub: (text: string) => string): void {
  const redact = (text: string): string => clip(scrub(text));
  if (error instanceof ValidationError) {
    for (const { message, location } of error.problems) {
      core.error(redact(message), location ?? {});
    }
    process.exitCode = 1;
  } else if (error instanceof ActionError) {
    core.setFailed(redact(error.message));
  } else {
    // The last line of defence: still one clear annotation, the stack only in the debug log.
    const { message, stack } = error instanceof Error ? error : { message: String(error), stack: undefined };
    core.debug(redact(stack ?? message));
    core.setFailed(redact(`Unexpected error: ${message}. Please report it with the debug log of this run.`));
  }
}
