/**
 * What a run concludes, as data: the outputs, the log lines and annotations in order, the job
 * summary and the exit code. Pure functions of the result, the inputs and the provider check;
 * main.ts writes the conclusion out, scrubbed, in one place.
 */
import { CONSENT_NOTE, describeDrift } from './drift.ts';
import { ActionError, ValidationError, type Location } from './errors.ts';
import type { Inputs } from './inputs.ts';
import { mismatchMessage, type ProviderCheck } from './provider.ts';
import type { EnsureResult } from './reconcile.ts';
import { buildSummary, escapeMarkdown } from './summary.ts';

export interface Outputs {
  scope_string: string;
  scope_id: string;
  scope_strings: string;
  created: string;
  updated: string;
}

/** Where an annotation points and what it is titled, in the runner's own names. */
export type AnnotationProperties = Partial<Location> & { title?: string };

export type Message =
  | { level: 'info' | 'debug'; text: string }
  | { level: 'warning' | 'error'; text: string; properties: AnnotationProperties };

export interface Conclusion {
  /** Set only when the scope was ensured (or planned, in a dry run). */
  outputs?: Outputs;
  messages: Message[];
  summary?: string;
  exitCode: 0 | 1;
}

/** The provider check's end: a verdict on what it read, or the failure that kept it from reading. */
export type ProviderOutcome = { check: ProviderCheck } | { failure: unknown };

export function outputsOf(result: EnsureResult): Outputs {
  return {
    scope_string: result.scope.scope_string,
    scope_id: result.scope.id,
    scope_strings: JSON.stringify(result.scopes.map((s) => s.scope_string)),
    created: String(result.created),
    updated: String(result.updated),
  };
}

export interface RunFacts {
  inputs: Pick<Inputs, 'on_drift' | 'dry_run'>;
  result: EnsureResult;
  /** Absent when no provider_url was given. */
  provider?: ProviderOutcome | undefined;
  /** What the run was for, when the step has a job summary to write. */
  ranFor?: string | undefined;
  /** Removes every form of the secret from a text (see secrets.ts). */
  scrub: (text: string) => string;
}

/** A run that ensured the scope: outputs, drift, the provider's verdict, the summary. */
export function concludeRun({ inputs, result, provider, ranFor, scrub }: RunFacts): Conclusion {
  const state = result.wouldCreate ? 'would be created' : result.created ? 'created' : 'already registered';
  const messages: Message[] = [{ level: 'info', text: `scope_string: ${result.scope.scope_string} (${state})` }];

  const drift = result.comparison.filter((c) => !c.same);
  const planOnly = inputs.on_drift === 'update' && inputs.dry_run;
  for (const c of result.changes) {
    const values = `from ${c.service} to ${c.spec}${c.field === 'dependent_scopes' ? ` (${CONSENT_NOTE})` : ''}`;
    messages.push({ level: 'info', text: planOnly ? `Dry run: ${c.field} would change ${values}` : `Updated ${c.field} ${values}` });
  }
  // Under update, what is left differs although the service was asked: an error. A plan is no drift.
  const level = inputs.on_drift === 'warn' ? 'warning' : 'error';
  if (inputs.on_drift !== 'ignore' && !planOnly) {
    const written = result.updated ? 'updated' : result.created ? 'created' : 'nothing';
    for (const c of drift) messages.push({ level, text: describeDrift(c, written), properties: { title: `Scope drift: ${c.field}` } });
  }

  const check = provider !== undefined && 'check' in provider ? provider.check : undefined;
  let failed = level === 'error' && !planOnly && inputs.on_drift !== 'ignore' && drift.length > 0;
  if (check?.matches) messages.push({ level: 'info', text: `The provider at ${check.url} publishes ${check.published} (${check.key})` });
  if (check !== undefined && !check.matches) {
    const strings = result.scopes.map((s) => s.scope_string);
    messages.push({ level: 'error', text: mismatchMessage(check, result.scope.scope_string, strings), properties: {} });
    failed = true;
  }
  if (provider !== undefined && 'failure' in provider) {
    messages.push(...failureMessages(provider.failure));
    failed = true;
  }
  return {
    outputs: outputsOf(result),
    messages,
    // A failed check still leaves the summary of what was ensured.
    ...(ranFor === undefined ? {} : { summary: buildSummary(result, { ranFor, provider: check, dryRun: inputs.dry_run, scrub }) }),
    exitCode: failed ? 1 : 0,
  };
}

/** A run that could not ensure the scope; the problems of a failed validation also go to the summary. */
export function concludeFailure(error: unknown, scrub: (text: string) => string = (text) => text): Conclusion {
  const messages = failureMessages(error);
  if (!(error instanceof ValidationError)) return { messages, exitCode: 1 };
  const problems = error.problems.map((p) => `- ${p.location?.startLine === undefined ? '' : `line ${p.location.startLine}: `}${escapeMarkdown(scrub(p.message))}`);
  return { messages, summary: ['### Provider scope: nothing was done', '', `The inputs or the spec have ${problems.length} problem(s):`, '', ...problems, ''].join('\n'), exitCode: 1 };
}

// The runner shows 10 error annotations per step: nine, and one that says there are more.
const MAX_ERROR_ANNOTATIONS = 9;

function failureMessages(error: unknown): Message[] {
  if (error instanceof ValidationError) {
    const shown = error.problems.slice(0, MAX_ERROR_ANNOTATIONS);
    const hidden = error.problems.length - shown.length;
    return [
      // Every problem in the log, where no limit hides any.
      ...error.problems.map(({ message }): Message => ({ level: 'info', text: `Problem: ${message}` })),
      ...shown.map(({ message, location }): Message => ({ level: 'error', text: message, properties: location ?? {} })),
      ...(hidden > 0 ? [{ level: 'error', text: `And ${hidden} more problem(s): all are listed in the log and the job summary.`, properties: {} } as const] : []),
    ];
  }
  if (error instanceof ActionError) return [{ level: 'error', text: error.message, properties: {} }];
  // The last line of defence: still one clear annotation, the stack only in the debug log.
  const { message, stack } = error instanceof Error ? error : { message: String(error), stack: undefined };
  return [
    { level: 'debug', text: stack ?? message },
    { level: 'error', text: `Unexpected error: ${message}. Please report it with the debug log of this run.`, properties: {} },
  ];
}
