/**
 * The list form: several scopes of one client, each matched to the client's scope with its
 * suffix (FQDN variants included). A listed scope the client lacks is created, after the
 * siblings it depends on; one it has is held to its entry and, with update, updated. The
 * client's other scopes are named, never touched. Every guarantee of the single form holds for
 * each listed scope: a creation is never sent blindly again, a lost answer is adopted.
 *
 * Round trips: one when every listed scope exists (the inspection, and one lookup of every
 * listed and dependent scope string); then one per level of writes (a level's creations and
 * updates sent together), and the verifying inspection once, after the last creation.
 */
import { ActionError } from '../../wire/errors.ts';
import type { Log } from '../../wire/log.ts';
import type { Uuid } from '../../wire/uuid.ts';
import { PLAIN_WORDS } from '../../wire/words.ts';
import { compareScope, scopeWithSuffixOf, suffixOf, type ScopeNames } from './drift.ts';
import {
  adoptExisting,
  applySpec,
  create,
  dependentsToLookUp,
  inspectAfterCreation,
  lookupIds,
  resolveDependents,
  warnUnverified,
  type Found,
  type PlannedScope,
  type ReconcileRequest,
  type ReconcileResult,
  type Registered,
} from './reconcile.ts';
import type { AuthService, Client, Scope, ScopeDefinition } from './service.ts';
import type { SpecDependent } from '../spec/spec.ts';

export interface ListRequest extends Omit<ReconcileRequest, 'spec'> {
  /** The listed scopes, in the spec's order; their suffixes are unique and their sibling dependencies have no cycle (spec.ts). */
  specs: ReadonlyArray<ScopeDefinition<SpecDependent>>;
}

export interface Listed {
  /** One per listed scope, in the spec's order; each result's `scopes` is every scope of the client after the run. */
  results: [ReconcileResult, ...ReconcileResult[]];
  /** The client's scopes with a suffix no listed scope has: named, never touched. */
  unlisted: Scope[];
}

/**
 * A sibling that a dry run only plans has no id yet: its dependents name it by its scope
 * string, which drift.ts shows as "to be created". It never reaches the service: a write waits
 * for the level that creates it.
 */
const plannedId = (scopeString: string): Uuid => scopeString as Uuid;

/** A listed scope's lines start with its suffix, whoever tells them; one line per request stays as the wire says it. */
const about = (log: Log, suffix: string): Log => ({
  info: (text) => log.info(`${suffix}: ${text}`),
  debug: (text) => log.debug(text),
  warning: (text, field) => log.warning(`${suffix}: ${text}`, field),
});

/**
 * The failures of a level's writes, each said with the listed scope it was for, and what the run
 * wrote before it stopped: kept, and adopted by the next run. An unexpected error is thrown as it is.
 */
function levelFailure(
  failures: ReadonlyArray<{ suffix: string; error: unknown }>,
  results: ReadonlyArray<ReconcileResult | undefined>,
): unknown {
  const unexpected = failures.find(({ error }) => !(error instanceof ActionError));
  if (unexpected !== undefined) return unexpected.error;
  const said = failures.map(({ suffix, error }) => `${suffix}: ${(error as ActionError).message}`);
  const written = results.flatMap((r) =>
    r?.created === true
      ? [`created ${r.scope.scope_string}`]
      : r?.updated === true
        ? [`updated ${r.scope.scope_string}`]
        : [],
  );
  if (written.length > 0)
    said.push(`Before it stopped, this run ${written.join(', ')}: kept as they are, the next run adopts them.`);
  return new ActionError(said.join(' '));
}

export async function reconcileListed(
  service: AuthService,
  { specs, dryRun, update = false, budget, words = PLAIN_WORDS }: ListRequest,
  log: Log,
): Promise<Listed> {
  const expected = specs.map((spec) => service.scopeStringFor(spec.scope_suffix));
  const listed = new Map(specs.map((spec, i) => [spec.scope_suffix, i]));
  const { strings, ids: dependentIds } = dependentsToLookUp(specs, service);

  // One round trip: the inspection, one lookup of every listed and dependent string, and the dependents given by id.
  const [client, found, visibleIds] = await Promise.all([
    service.getClient(),
    service.lookupScopesByString([...new Set([...expected, ...strings])]),
    lookupIds(service, dependentIds),
  ]);
  const unverified = dependentIds.filter((id) => !visibleIds.has(id));
  specs.forEach((spec, index) => warnUnverified(spec, index, unverified, about(log, spec.scope_suffix)));
  let byString = new Map(found.map((s) => [s.scope_string, s]));
  // A service that answers 404 when any string is unknown: the dependents alone (the listed ones come with the client).
  const others = strings.filter((s) => !expected.includes(s));
  if (found.length === 0 && others.length > 0)
    byString = new Map((await service.lookupScopesByString(others)).map((s) => [s.scope_string, s]));

  const before =
    client.scopeIds.length === 0 ? [] : (await adoptExisting(service, client, [...client.scopes, ...found])).scopes;
  const own = (scopes: readonly Scope[], suffix: string): Scope | undefined =>
    scopeWithSuffixOf(scopes, service.scopeStringFor(suffix));
  const unlisted = before.filter((s) => !listed.has(suffixOf(s.scope_string)));
  if (unlisted.length > 0)
    log.info(
      `The client's other scope(s), which the spec does not list, are left as they are: ${unlisted.map((s) => s.scope_string).join(', ')}`,
    );

  // A listed scope the client has: with its own string, else as an FQDN variant.
  const existing = (index: number): Found | undefined => {
    const scope = own(before, specs[index]?.scope_suffix as string);
    return scope === undefined ? undefined : { scope, scopes: before, created: false, client };
  };

  // The scopes this run knows, and the ids its siblings stand for: the ones a creation of this run answered.
  const known = new Map(before.map((s) => [s.id, s]));
  const ids = new Map<string, Uuid>();
  // A sibling is the client's scope with its own string, never an FQDN variant's: planned while a level of this run is to create it.
  const sibling = (suffix: string): Uuid | undefined => {
    const scopeString = service.scopeStringFor(suffix);
    const id = ids.get(suffix) ?? before.find((s) => s.scope_string === scopeString)?.id;
    const index = listed.get(suffix);
    if (id !== undefined || index === undefined) return id;
    const variant = existing(index)?.scope;
    if (variant === undefined) return plannedId(scopeString);
    throw new ActionError(
      `scope_suffix ${suffix}: the client has that scope only as its FQDN variant ${variant.scope_string}, and a dependency by scope_suffix stands for ${scopeString}, ` +
        `which this run does not create. Depend on the variant by its string instead (scope: ${variant.scope_string}). Nothing was written.`,
    );
  };
  const names = (): ScopeNames =>
    new Map(
      [...byString.values(), ...visibleIds.values(), ...known.values()].map((s) => [
        s.id.toLowerCase(),
        s.scope_string,
      ]),
    );
  const definitionOf = (index: number): ScopeDefinition => {
    const spec = specs[index] as ScopeDefinition<SpecDependent>;
    return {
      ...spec,
      dependent_scopes: resolveDependents(spec, byString, sibling, {
        index,
        suffixes: [...listed.keys(), ...before.map((s) => suffixOf(s.scope_string))],
      }),
    };
  };
  // Before any write, every dependency must resolve: a missing sibling stops the run here,
  // and so does a sibling to create given by its string, which no lookup can find yet.
  specs.forEach((spec, index) => {
    for (const dep of spec.dependent_scopes) {
      if (!('scope' in dep)) continue;
      const given = dep.scope;
      const suffix = suffixOf(given);
      const target = given === service.scopeStringFor(suffix) ? listed.get(suffix) : undefined;
      if (target !== undefined && existing(target) === undefined) {
        throw new ActionError(
          `scopes[${index}].dependent_scopes: ${given} is the string of the listed scope ${suffix}, which the client does not have yet: ` +
            `give it as scope_suffix: ${suffix}, and it is created first, its id sent with this one. Nothing was written.`,
        );
      }
    }
    definitionOf(index);
  });

  const registered = (index: number, found: Found): Registered & { definition: ScopeDefinition } => {
    const definition = definitionOf(index);
    return {
      ...found,
      wouldCreate: false,
      definition,
      names: names(),
      comparison: compareScope(definition, found.scope, names()),
      changes: [],
      updated: false,
    };
  };

  // The level of each listed scope: one past the level of the siblings it waits for (those to create).
  const levels = new Map<number, number>();
  const levelOf = (index: number): number => {
    const cached = levels.get(index);
    if (cached !== undefined) return cached;
    const waits = (specs[index]?.dependent_scopes ?? []).flatMap((d) => {
      const target = 'scope_suffix' in d ? listed.get(d.scope_suffix) : undefined;
      return target === undefined || existing(target) !== undefined ? [] : [levelOf(target) + 1];
    });
    const level = Math.max(0, ...waits);
    levels.set(index, level);
    return level;
  };

  const results: Array<ReconcileResult | undefined> = specs.map(() => undefined);
  // The creations' answers, for the one verifying inspection.
  const answered: Scope[] = [];
  // The client's scopes as the inspection that adopted a creation whose answer was lost saw them.
  const adopted: Scope[] = [];
  /** One listed scope: held to its entry (updated, with update), planned, or created. */
  async function write(index: number): Promise<void> {
    const spec = specs[index] as ScopeDefinition<SpecDependent>;
    const found = existing(index);
    if (found !== undefined) {
      const held = registered(index, found);
      const result = update ? await applySpec(service, held, dryRun, about(log, spec.scope_suffix)) : held;
      for (const s of [...result.scopes, result.scope]) known.set(s.id, s);
      results[index] = result;
      return;
    }
    const scopeString = expected[index] as string;
    if (dryRun) {
      log.info(
        `${spec.scope_suffix}: Dry run: the client has no scope with this suffix; ${JSON.stringify(spec.name)} (${scopeString}) would be created`,
      );
      const definition = definitionOf(index);
      const wouldBe: PlannedScope = { id: '', scope_string: scopeString };
      results[index] = {
        scope: wouldBe,
        scopes: [wouldBe],
        created: false,
        client,
        wouldCreate: true,
        definition,
        names: names(),
        comparison: [],
        changes: [],
        updated: false,
      };
      return;
    }
    log.info(
      `${spec.scope_suffix}: the client has no scope with this suffix: creating ${JSON.stringify(spec.name)} (${scopeString})`,
    );
    const claim = async (inspected: Client): Promise<Found | undefined> => {
      const all = await adoptExisting(service, inspected, [...inspected.scopes, ...known.values()]);
      const scope = own(all.scopes, spec.scope_suffix);
      return scope === undefined ? undefined : { ...all, scope };
    };
    const definition = definitionOf(index);
    // The creation's answer is verified once, after the last level; a scope adopted from an inspection needs none.
    const outcome = await create(
      service,
      definition,
      { unverified, lacking: `scope ${scopeString}`, claim },
      budget,
      about(log, spec.scope_suffix),
      words,
      async (scopes) => ({ answered: scopes }),
    );
    const created: Found =
      'answered' in outcome
        ? {
            scope: own(outcome.answered, spec.scope_suffix) ?? (outcome.answered[0] as Scope),
            scopes: outcome.answered,
            created: true,
            client,
          }
        : outcome;
    if ('answered' in outcome) answered.push(...outcome.answered);
    else adopted.push(...outcome.scopes);
    for (const s of created.scopes) known.set(s.id, s);
    ids.set(spec.scope_suffix, created.scope.id);
    results[index] = registered(index, created);
  }

  const order = specs.map((_, index) => index).sort((a, b) => levelOf(a) - levelOf(b));
  for (const level of [...new Set(order.map(levelOf))]) {
    const writing = order.filter((index) => levelOf(index) === level);
    // Every write of a level ends before a failure stops the run: none is cut off while the service may be applying it.
    const ends = await Promise.allSettled(writing.map(write));
    const failures = ends.flatMap((end, k) =>
      end.status === 'rejected'
        ? [
            {
              suffix: (specs[writing[k] as number] as ScopeDefinition<SpecDependent>).scope_suffix,
              error: end.reason as unknown,
            },
          ]
        : [],
    );
    if (failures.length > 0) throw levelFailure(failures, results);
  }

  // The verifying inspection, once: every scope this run created must be the client's.
  const after = answered.length === 0 ? client : await inspectAfterCreation(service, answered, words);
  const scopes =
    answered.length === 0
      ? [...new Map([...before, ...adopted].map((s) => [s.id, s])).values()].map((s) => known.get(s.id) ?? s)
      : (await adoptExisting(service, after, [...known.values()])).scopes;
  const planned = results.flatMap((r) => (r?.wouldCreate === true ? [r.scope] : []));
  return {
    results: results.map((result, index): ReconcileResult => {
      const r = result as ReconcileResult;
      if (r.wouldCreate) return { ...r, scopes: [...scopes, ...planned] };
      // After every write: the comparison with the ids the siblings have now.
      const scope = scopes.find((s) => s.id === r.scope.id) ?? r.scope;
      const definition = definitionOf(index);
      return {
        ...r,
        client: after,
        scope,
        scopes,
        definition,
        names: names(),
        comparison: compareScope(definition, scope, names()),
      };
    }) as Listed['results'],
    unlisted,
  };
}
