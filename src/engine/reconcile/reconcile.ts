/**
 * The reconciliation, one path for both ways a registration holds its scopes (rules.ts holds what tells them apart):
 * the client inspected, each scope of the spec matched to the client's and its dependencies
 * resolved before any write, the writes level by level (a level's creations and updates sent
 * together, siblings first), the creations verified once, after the last level.
 *
 * Round trips: one when there is nothing to do (the inspection and the lookups in parallel); then
 * one per level of writes, and the verifying inspection once, after the last creation.
 */
import { ActionError } from '../../wire/errors.ts';
import { silentLog, type Log } from '../../wire/log.ts';
import type { Uuid } from '../../wire/uuid.ts';
import { PLAIN_WORDS, type WireWords } from '../../wire/words.ts';
import { create, inspectAfterCreation, mayBeApplied, type Answered } from './create.ts';
import { levelsOf, refuseSiblingString, resolveDependents, siblingId, type Siblings } from './dependents.ts';
import { compareScope, suffixOf, type ScopeNames } from './drift.ts';
import { ruleOf, type Rule } from './rules.ts';
import { describeScopes, inspect, warnUnverified, type Inspection } from './inspect.ts';
import type { Found, PlannedScope, Reconciliation, ReconcileRequest, ReconcileResult, Registered } from './results.ts';
import type { AuthService, Client, Scope, ScopeDefinition } from './service.ts';
import { applySpec } from './update.ts';
import type { SpecDependent } from '../settings/spec.ts';

export type {
  Found,
  Planned,
  PlannedScope,
  ReconcileRequest,
  ReconcileResult,
  Reconciliation,
  Registered,
} from './results.ts';

/** One run's reconciliation: what it was asked, what the inspection found, and what it learns as it writes. */
interface Run {
  service: AuthService;
  log: Log;
  rule: Rule;
  specs: ReadonlyArray<ScopeDefinition<SpecDependent>>;
  dryRun: boolean;
  update: boolean;
  budget: ReconcileRequest['budget'];
  words: WireWords;
  /** Each spec scope's string on this client, by index. */
  expected: string[];
  inspection: Inspection;
  siblings: Siblings & { created: Map<string, Uuid> };
  /** The client's scopes this run knows, by id: described before any write, then as written. */
  known: Map<string, Scope>;
  /** The creations' answers, for the one verifying inspection. */
  answered: Answered[];
  /** The client's scopes as the inspection that adopted a creation whose answer was lost saw them. */
  adopted: Scope[];
}

/** Makes sure the client has the spec's scopes (or plans it, in a dry run); never creates blindly twice. */
export async function reconcile(
  service: AuthService,
  request: ReconcileRequest,
  log: Log = silentLog,
): Promise<Reconciliation> {
  const rule = ruleOf(request.telling);
  const { specs } = request;
  // Before any write, in dry runs too: an id the lookup does not return is left to the creation.
  const inspection = await inspect(service, specs, (unverified) =>
    specs.forEach((spec, index) =>
      warnUnverified(spec, rule.place(index), unverified, rule.about(log, spec.scope_suffix)),
    ),
  );
  const run = runOf(service, request, rule, inspection, log);
  const results: Array<ReconcileResult | undefined> = specs.map(() => undefined);
  for (const level of levelsOf(specs, run.siblings)) await writeLevel(run, level, results);
  return concluded(run, results as ReconcileResult[]);
}

/** The run, once each scope is matched and every dependency resolves: a missing one stops it before any write. */
function runOf(
  service: AuthService,
  { specs, dryRun, update = false, budget, words = PLAIN_WORDS }: ReconcileRequest,
  rule: Rule,
  inspection: Inspection,
  log: Log,
): Run {
  const before = inspection.scopes;
  const expected = specs.map((spec) => service.scopeStringFor(spec.scope_suffix));
  const siblings = {
    scopeStringFor: (suffix: string) => service.scopeStringFor(suffix),
    listed: rule.siblings(specs),
    before,
    matched: expected.map((scopeString) => rule.match(before, scopeString)),
    created: new Map<string, Uuid>(),
  };
  const known = new Map(before.map((s) => [s.id, s]));
  const run: Run = {
    service,
    log,
    rule,
    specs,
    dryRun,
    update,
    budget,
    words,
    expected,
    inspection,
    siblings,
    known,
    answered: [],
    adopted: [],
  };
  // Before any write, every dependency must resolve: a missing sibling stops the run here, and
  // so does a sibling to create given by its string, which no lookup can find yet.
  specs.forEach((spec, index) => {
    refuseSiblingString(spec, index, siblings);
    definitionOf(run, index);
  });
  rule.found(log, inspection.client, rule.unlisted(specs, before));
  return run;
}

/** What the spec asks of one scope, its dependencies by id as the run knows them now. */
function definitionOf(run: Run, index: number): ScopeDefinition {
  const spec = run.specs[index] as ScopeDefinition<SpecDependent>;
  const { listed, before } = run.siblings;
  return {
    ...spec,
    dependent_scopes: resolveDependents(spec, run.inspection.byString, (suffix) => siblingId(run.siblings, suffix), {
      index: run.rule.place(index),
      suffixes: [...listed.keys(), ...before.map((s) => suffixOf(s.scope_string))],
    }),
  };
}

/** The dependent scopes' strings the run knows, by id in lower case. */
const namesOf = ({ inspection, known }: Run): ScopeNames =>
  new Map(
    [...inspection.byString.values(), ...inspection.visibleIds.values(), ...known.values()].map((s) => [
      s.id.toLowerCase(),
      s.scope_string,
    ]),
  );

/** A scope the client has, held to the spec. */
function registered(run: Run, index: number, found: Found): Registered & { definition: ScopeDefinition } {
  const definition = definitionOf(run, index);
  const names = namesOf(run);
  return {
    ...found,
    wouldCreate: false,
    definition,
    names,
    comparison: compareScope(definition, found.scope, names),
    changes: [],
    updated: false,
  };
}

const learn = (run: Run, scopes: readonly Scope[]): void => {
  for (const s of scopes) run.known.set(s.id, s);
};

/** One level's writes; every one ends before a failure stops the run: none is cut off while the service may be applying it. */
async function writeLevel(
  run: Run,
  level: readonly number[],
  results: Array<ReconcileResult | undefined>,
): Promise<void> {
  const ends = await Promise.allSettled(level.map((index) => write(run, index)));
  const failures = ends.flatMap((end, k) => {
    const index = level[k] as number;
    if (end.status === 'fulfilled') results[index] = end.value;
    return end.status === 'rejected'
      ? [{ suffix: (run.specs[index] as ScopeDefinition).scope_suffix, error: end.reason as unknown }]
      : [];
  });
  if (failures.length === 0) return;
  const written = results.flatMap((r) =>
    r?.created === true
      ? [`created ${r.scope.scope_string}`]
      : r?.updated === true
        ? [`updated ${r.scope.scope_string}`]
        : [],
  );
  throw run.rule.failure(failures, written);
}

/** One scope of the spec: held to it (updated, with update), planned, or created. */
async function write(run: Run, index: number): Promise<ReconcileResult> {
  const spec = run.specs[index] as ScopeDefinition<SpecDependent>;
  const { client } = run.inspection;
  const scope = run.siblings.matched[index];
  if (scope !== undefined) {
    const held = registered(run, index, { scope, scopes: run.siblings.before as Scope[], created: false, client });
    const result = run.update
      ? await applySpec(run.service, held, run.dryRun, run.rule.about(run.log, spec.scope_suffix))
      : held;
    learn(run, [...result.scopes, result.scope]);
    return result;
  }
  const expected = run.expected[index] as string;
  if (run.dryRun) {
    run.log.info(run.rule.planned(spec, expected, client));
    const wouldBe: PlannedScope = { id: '', scope_string: expected };
    return {
      scope: wouldBe,
      scopes: [wouldBe],
      created: false,
      client,
      wouldCreate: true,
      definition: definitionOf(run, index),
      names: namesOf(run),
      comparison: [],
      changes: [],
      updated: false,
    };
  }
  run.log.info(run.rule.creating(spec, expected, client));
  return registered(run, index, await created(run, index, spec, expected));
}

/** The scope created (its answer kept for the verifying inspection), or adopted from an inspection. */
async function created(
  run: Run,
  index: number,
  spec: ScopeDefinition<SpecDependent>,
  expected: string,
): Promise<Found> {
  const { service, rule, known } = run;
  const claim = async (inspected: Client): Promise<Found | undefined> => {
    const scopes = await describeScopes(service, inspected, [...inspected.scopes, ...known.values()]);
    const scope = rule.match(scopes, expected);
    return scope === undefined ? undefined : { scope, scopes, created: false, client: inspected };
  };
  const outcome = await create(
    service,
    definitionOf(run, index),
    { unverified: run.inspection.unverified, lacking: rule.lacking(expected), claim },
    { budget: run.budget, log: rule.about(run.log, spec.scope_suffix), words: run.words },
  );
  let found: Found;
  if ('answered' in outcome) {
    run.answered.push(outcome);
    const scope = rule.match(outcome.answered, expected) ?? (outcome.answered[0] as Scope);
    found = { scope, scopes: outcome.answered, created: true, client: run.inspection.client };
  } else {
    run.adopted.push(...outcome.scopes);
    found = outcome;
  }
  learn(run, found.scopes);
  run.siblings.created.set(spec.scope_suffix, found.scope.id);
  return found;
}

/** The creations verified once; each result then set against the client's scopes and the ids its siblings have now. */
async function concluded(run: Run, results: ReconcileResult[]): Promise<Reconciliation> {
  const answered = run.answered.flatMap((a) => a.answered);
  const { client } = run.inspection;
  const after = answered.length === 0 ? client : await verified(run, answered);
  const scopes =
    answered.length === 0
      ? [...new Map([...run.siblings.before, ...run.adopted].map((s) => [s.id, s])).values()].map(
          (s) => run.known.get(s.id) ?? s,
        )
      : await describeScopes(run.service, after, run.known.values());
  const planned = results.flatMap((r) => (r.wouldCreate ? [r.scope] : []));
  const names = namesOf(run);
  return {
    results: results.map((r, index): ReconcileResult => {
      if (r.wouldCreate) return { ...r, scopes: [...scopes, ...planned] };
      const scope = scopes.find((s) => s.id === r.scope.id) ?? r.scope;
      const definition = definitionOf(run, index);
      return {
        ...r,
        client: after,
        scope,
        scopes,
        definition,
        names,
        comparison: compareScope(definition, scope, names),
      };
    }) as Reconciliation['results'],
    unlisted: run.rule.unlisted(run.specs, run.siblings.before),
  };
}

/** The verifying inspection; its failure after a creation sent again says that one may have been applied too. */
async function verified(run: Run, answered: readonly Scope[]): Promise<Client> {
  try {
    return await inspectAfterCreation(run.service, answered, run.words);
  } catch (error) {
    throw run.answered.some((a) => a.resent) && error instanceof ActionError ? mayBeApplied(error) : error;
  }
}
