/**
 * What a run concludes, as data: the outputs, the messages in order, what a door reports (the
 * job summary, a plan on a terminal) and the exit code. Pure functions of the result, the
 * settings and the provider check; each door writes the conclusion out, scrubbed, in one place.
 */
import type { CredentialCheck } from '../reconcile/lineage.ts';
import { ActionError } from '../../wire/errors.ts';
import { HttpError } from '../../wire/http.ts';
import { ANY_SCOPE_OF_CLIENT, mismatchMessage, type ProviderCheck } from '../../wire/provider.ts';
import { asksConsent, CONSENT_NOTE, describeDrift, suffixOf, valueText } from '../reconcile/drift.ts';
import { planOf, type Ensured, type Plan, type ScopePlan } from '../reconcile/plan.ts';
import { ValidationError, type Location, type Problem } from '../settings/problems.ts';
import type { ReconcileResult } from '../reconcile/results.ts';
import type { Naming, ProviderTarget, RunSettings, Settings } from '../settings/settings.ts';
import { failureVerdict, planVerdict, type Verdict } from './verdict.ts';

/**
 * The outputs, typed: each door writes them in its format at its edge (the action's output
 * strings, dotenv lines, the --json document).
 */
export interface Outputs {
  scope_string: string;
  scope_id: string;
  scope_strings: readonly string[];
  created: boolean;
  updated: boolean;
  /** In a dry run, whether an apply would change the registration; in an apply, whether it did. */
  changes: boolean;
  /** Every scope of the spec by its suffix: {scope_string, scope_id, created, updated, changes}. */
  scopes: Readonly<Record<string, ScopeOutputs>>;
}

/** One entry of the `scopes` output. */
export interface ScopeOutputs {
  scope_string: string;
  scope_id: string;
  created: boolean;
  updated: boolean;
  changes: boolean;
}

/**
 * One thing a run tells: a line of the log, or a warning or an error, which a door shows apart
 * (an annotation, with the file and line a problem is at; a marked line on a terminal).
 */
export type Message =
  | { level: 'info' | 'debug'; text: string }
  | { level: 'warning' | 'error'; text: string; location?: Location | undefined; title?: string };

/**
 * What a failed run knew before it failed, for a door's report: the client, and each scope of
 * the spec (every listed one, in its order) with the string its suffix implies, as the spec
 * gives it: none was read from the service.
 */
export interface Known {
  clientId: string;
  scopes: ReadonlyArray<{ suffix: string; scopeString: string }>;
}

export interface Conclusion {
  /** What would change, or what is wrong, and what to do next (verdict.ts): every rendering opens with it. */
  verdict: Verdict;
  /** Set only when the scope was ensured (or planned, in a dry run). */
  outputs?: Outputs;
  messages: Message[];
  /** Set when the scope was ensured (or planned), even if the provider check then failed. */
  plan?: Plan;
  /** Set when the run failed after its settings were read. */
  known?: Known;
  /** The problems of a failed validation, every one of them. */
  problems?: readonly Problem[];
  /** The run failed because the service rejected the client's secret: a new one is the fix. */
  secretRejected?: true;
  /** Each deployed provider checked, in the order given, with its verdict: empty when none was. */
  providers?: readonly ProviderVerdict[];
  /** A watch's look at the client's credentials (engine/reconcile/lineage.ts): absent when the run was no watch. */
  credentials?: CredentialCheck;
  /** The on_drift a plan or an apply ran with (none for verify, which holds no spec to the scope): what a release with it does. */
  onDrift?: Settings['on_drift'];
  /** What a door's later steps need of the settings, as the run read them: set on every run of an entry. */
  settings?: RunSettings;
  exitCode: 0 | 1;
}

/** A run's conclusion as an entry returns it: with the settings it read. */
export type RunConclusion = Conclusion & { settings: RunSettings };

/** The provider check's end: a verdict on what it read, or the failure that kept it from reading. */
export type ProviderOutcome = { check: ProviderCheck } | { failure: unknown };

/** One provider's check as it ended: which it was, what it had to publish (none: any of the client's), and its end. */
export interface ProviderRun {
  target: ProviderTarget;
  publishable: Publishable | undefined;
  outcome: ProviderOutcome;
}

/**
 * One provider's verdict, the same in every door: its address as read, the scope of the spec it
 * had to publish (none: any listed, or any of the client's), what it published and whether that
 * passes. `read` is false when it could not be read: an error says why.
 */
export interface ProviderVerdict extends ProviderCheck {
  suffix: string | undefined;
  read: boolean;
  /** What it had to publish, in words: "a scope string of this client". */
  allowed: string;
}

/**
 * The outputs: the registration as a whole (created, updated, changes: any listed scope's), the
 * first scope of the spec's string and id, every scope string of the client, and each scope of
 * the spec by its suffix. A spec of one scope is a list of one, so its values are that scope's.
 */
export function outputsOf(
  results: readonly ReconcileResult[],
  plan: Pick<Plan, 'changes' | 'scopes' | 'scopeStrings'>,
): Outputs {
  const each = (result: ReconcileResult, index: number): ScopeOutputs => ({
    scope_string: result.scope.scope_string,
    scope_id: result.scope.id,
    created: result.created,
    updated: result.updated,
    changes: (plan.scopes[index] as ScopePlan).changes,
  });
  const first = each(results[0] as ReconcileResult, 0);
  return {
    scope_string: first.scope_string,
    scope_id: first.scope_id,
    scope_strings: plan.scopeStrings,
    created: results.some((result) => result.created),
    updated: results.some((result) => result.updated),
    changes: plan.changes,
    scopes: Object.fromEntries(results.map((result, index) => [plan.scopes[index]?.suffix, each(result, index)])),
  };
}

/** What the deployed provider may publish (provider.ts, mismatchMessage). */
export interface Publishable {
  expected: string;
  strings: readonly string[];
  /** What the strings are, after "which is not": "the scope string of a listed scope". */
  described: string;
  /** The listed scope whose string the provider must publish, when it is not the one the scope_string output holds. */
  suffix?: string | undefined;
}

export interface RunFacts {
  inputs: Pick<Settings, 'on_drift' | 'dry_run'>;
  /** The door's words, for the drift's advice and the provider's fix. */
  naming: Pick<
    Naming,
    'assign' | 'applyRun' | 'ref' | 'runAgain' | 'scopeStringOutput' | 'scopeOutputOf' | 'debugOutput'
  >;
  ensured: Ensured;
  /** Each deployed provider checked; none when no provider_url was given. */
  providers?: readonly ProviderRun[] | undefined;
}

/** A run that ensured its scopes: outputs, drift, the provider's verdict, the report. */
export function concludeRun({ inputs, naming, ensured, providers }: RunFacts): Conclusion {
  const { results } = ensured;
  const list = ensured.telling.apart;
  const messages: Message[] = [];
  const planOnly = inputs.on_drift === 'update' && inputs.dry_run;
  // Under update, what is left differs although the service was asked: an error. A plan is no drift.
  const level = inputs.on_drift === 'warn' ? 'warning' : 'error';
  let failed = false;
  for (const result of results) {
    // The list form names the scope each message is about.
    const about = list ? `${suffixOf(result.scope.scope_string)}: ` : '';
    const state = result.wouldCreate ? 'would be created' : result.created ? 'created' : 'already registered';
    messages.push({ level: 'info', text: `${about}scope_string: ${result.scope.scope_string} (${state})` });
    for (const c of result.changes) {
      const values = `from ${valueText(c.service)} to ${valueText(c.spec)}${asksConsent(c) ? ` (${CONSENT_NOTE})` : ''}`;
      messages.push({
        level: 'info',
        text: `${about}${planOnly ? `Dry run: ${c.field} would change ${values}` : `Updated ${c.field} ${values}`}`,
      });
    }
    const drift = result.comparison.filter((c) => !c.same);
    if (inputs.on_drift !== 'ignore' && !planOnly) {
      const written = result.updated ? 'updated' : result.created ? 'created' : 'nothing';
      // An update refuses while the suffix differs: then none is offered (../reconcile/update.ts, applySpec).
      const update = drift.some((c) => c.field === 'scope_suffix') ? undefined : naming.assign('on_drift', 'update');
      for (const c of drift)
        messages.push({
          level,
          text: `${about}${describeDrift(c, written, update)}`,
          title: `Scope drift: ${about}${c.field}`,
        });
      failed ||= level === 'error' && drift.length > 0;
    }
  }

  const verdicts = (providers ?? []).map((run) => {
    const { verdict, said } = providerVerdict(run, results[0], naming);
    messages.push(...said);
    failed ||= !verdict.matches;
    return verdict;
  });
  const plan = planOf(ensured, inputs.dry_run);
  const exitCode = failed ? 1 : 0;
  return {
    outputs: outputsOf(results, plan),
    messages,
    // A failed check still leaves the plan of what was ensured.
    plan,
    providers: verdicts,
    verdict: planVerdict({ plan, messages, providers: verdicts, exitCode }, { naming, onDrift: inputs.on_drift }),
    exitCode,
  };
}

/** A provider's verdict, and what the run says of it: where it publishes, else what to publish and where; or why it could not be read. */
function providerVerdict(
  { target, publishable, outcome }: ProviderRun,
  first: ReconcileResult,
  naming: RunFacts['naming'],
): { verdict: ProviderVerdict; said: Message[] } {
  // The single form: any scope string of the client, its provider's scope first.
  const { expected, strings, described, suffix } = publishable ?? {
    expected: first.scope.scope_string,
    strings: first.scopes.map((s) => s.scope_string),
    described: ANY_SCOPE_OF_CLIENT,
    suffix: undefined,
  };
  const about = { suffix: target.suffix, allowed: described };
  if ('failure' in outcome)
    return {
      verdict: { ...about, url: `${target.url}/`, read: false, matches: false },
      said: failureMessages(outcome.failure, naming),
    };
  const { check } = outcome;
  const verdict = { ...about, ...check, read: true };
  if (check.matches)
    return {
      verdict,
      said: [{ level: 'info', text: `The provider at ${check.url} publishes ${check.published} (${check.key})` }],
    };
  // The fix names the output that holds the expected string.
  const words = suffix === undefined ? naming : { ...naming, scopeStringOutput: naming.scopeOutputOf(suffix) };
  return { verdict, said: [{ level: 'error', text: mismatchMessage(check, expected, strings, words, described) }] };
}

/**
 * A run that could not ensure the scope, with what it knew before it failed; a failed
 * validation hands every problem on.
 */
export function concludeFailure(
  error: unknown,
  naming: Pick<Naming, 'debugOutput' | 'runAgain'>,
  known?: Known,
): Conclusion {
  const messages = failureMessages(error, naming);
  const failed = {
    messages,
    ...(known === undefined ? {} : { known }),
    ...(error instanceof HttpError && error.secretRejected ? { secretRejected: true as const } : {}),
    ...(error instanceof ValidationError ? { problems: error.problems } : {}),
  };
  return { ...failed, verdict: failureVerdict(failed, naming), exitCode: 1 };
}

/** One error per problem, said once: how many a door can show is the door's business. */
export function failureMessages(error: unknown, { debugOutput }: Pick<Naming, 'debugOutput'>): Message[] {
  if (error instanceof ValidationError)
    return error.problems.map(({ message, location }): Message => ({ level: 'error', text: message, location }));
  if (error instanceof ActionError) return [{ level: 'error', text: error.message }];
  // The last line of defence: still one clear error, the stack only in the debug output.
  const { message, stack } = error instanceof Error ? error : { message: String(error), stack: undefined };
  return [
    { level: 'debug', text: stack ?? message },
    { level: 'error', text: `Unexpected error: ${message}. Please report it with ${debugOutput}.` },
  ];
}
