/**
 * A creation, never sent blindly twice, and the inspection that verifies creations. Both forms
 * create through here: the guarantees (no duplicate, a lost answer adopted, a race resolved) live once.
 */
import type { Budget } from '../../wire/budget.ts';
import { ActionError } from '../../wire/errors.ts';
import type { Log } from '../../wire/log.ts';
import { formatPause, nextPause } from '../../wire/retry.ts';
import type { WireWords } from '../../wire/words.ts';
import type { Found } from './results.ts';
import type { AuthService, Client, Scope, ScopeDefinition } from './service.ts';

/**
 * How often a creation is sent in all while the client is certainly still without the scope
 * (each time after the backoff or the Retry-After the service asked for).
 */
const MAX_CREATION_ATTEMPTS = 3;

/** How a creation knows its scope in an inspection, after a lost answer or a conflict. */
export interface CreationRule {
  /** Dependent scope ids the run could not see before: a refusal names them. */
  unverified: readonly string[];
  /** What the client lacks while the creation is not applied, after "no": "scope", "scope <string>". */
  lacking: string;
  /** The scope, if the inspected client has it; the client's scopes described. */
  claim(client: Client): Promise<Found | undefined>;
}

/** The service's answer to a creation, to verify; `resent` when an earlier attempt's answer was lost. */
export interface Answered {
  answered: Scope[];
  resent: boolean;
}

/** The sentence a failure gets once a creation of this run may have been applied. */
export const mayBeApplied = (error: ActionError): ActionError =>
  new ActionError(
    `${error.message.replace(/\.?$/, '.')} A creation sent by this run may have been applied: the next run finds the scope and adopts it, ` +
      'without creating a second one.',
  );

/**
 * Creates the scope, never blindly twice. Each creation comes to one of five outcomes:
 * - created: the answer, for the verifying inspection;
 * - refused (400): thrown, naming the dependents that could not be verified beforehand;
 * - conflict (409): another run was first; its scope, found by inspection, is adopted;
 * - unknown (answer lost, 5xx, 429): the client is inspected; a scope found there is this
 *   run's and is adopted; if there is none, the creation is sent again after a pause;
 * - any other failure: thrown.
 */
export async function create(
  service: AuthService,
  definition: ScopeDefinition,
  { unverified, lacking, claim }: CreationRule,
  { budget, log, words }: { budget: Budget; log: Log; words: WireWords },
): Promise<Answered | Found> {
  // Set once an answer of this run was lost: from then on, a scope found may be this run's.
  let maybeApplied = false;
  try {
    for (let attempt = 1; ; attempt++) {
      const outcome = await service.createScope(definition);
      if (outcome.kind === 'created') return { answered: outcome.scopes, resent: maybeApplied };
      if (outcome.kind === 'refused' && unverified.length === 0) throw outcome.error;
      if (outcome.kind === 'refused') {
        throw new ActionError(
          `${outcome.error.message.replace(/\.?$/, '.')} The dependent scope id(s) ${unverified.join(', ')} could not be verified before the ` +
            'creation (see the warning): check each id with its owner, who may need to advertise the scope.',
        );
      }

      const conflict = outcome.kind === 'conflict';
      maybeApplied ||= !conflict;
      log.info(
        conflict
          ? `The service answered that the scope exists (409)${maybeApplied ? ", most likely from this run's own earlier creation" : ''}: inspecting the client`
          : `The creation's answer was lost (${outcome.error.message}): inspecting the client`,
      );
      const found = await claim(await service.getClient());
      // After a lost answer the scope is most likely this run's: `created` says so, since a
      // step gated on it had better run twice than never (see the README's "Outputs").
      if (found !== undefined) return { ...found, created: maybeApplied };
      if (conflict) {
        throw new ActionError(
          `${outcome.error.message.replace(/\.?$/, '.')} Yet the client inspection that followed lists no ${lacking}: the service may still be ` +
            `applying a creation. ${words.runAgain}: it adopts the scope once the client lists it.`,
        );
      }
      const pause = nextPause(budget, attempt, outcome.retryAfterMs, MAX_CREATION_ATTEMPTS);
      if ('giveUp' in pause) throw new ActionError(`${outcome.error.message} (${pause.giveUp})`);
      log.info(`The client still has no ${lacking}: the creation will be sent again in ${formatPause(pause.waitMs)}.`);
      await budget.clock.sleep(pause.waitMs, budget.signal);
    }
  } catch (error) {
    // Whatever failed after a creation that may have been applied: say so, and what comes next.
    throw maybeApplied && error instanceof ActionError ? mayBeApplied(error) : error;
  }
}

/** The inspection that verifies creations: every created scope must be among the client's. */
export async function inspectAfterCreation(
  service: AuthService,
  created: readonly Scope[],
  words: WireWords,
): Promise<Client> {
  const after = await service.getClient().catch((error: unknown) => {
    if (!(error instanceof ActionError)) throw error;
    throw new ActionError(
      `The service created ${created.map((s) => s.scope_string).join(', ')}, but the client inspection that verifies it failed: ` +
        `${error.message.replace(/\.?$/, '.')} The next run finds the scope and adopts it.`,
    );
  });
  const detached = created.filter((s) => !after.scopeIds.includes(s.id));
  if (detached.length > 0) {
    throw new ActionError(
      `The service created ${detached.map((s) => `${s.scope_string} (${s.id})`).join(', ')}, but the client inspection that followed ` +
        `does not list it among the client's scopes. ${words.runAgain}; if it persists, inspect the client in the developer portal.`,
    );
  }
  return after;
}
