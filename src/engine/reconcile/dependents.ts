/**
 * The spec's dependent scopes resolved to ids before any write, and the order of the writes a
 * dependency on a sibling to create imposes (its level: one past the siblings it waits for).
 */
import { ActionError } from '../../wire/errors.ts';
import { isUuid, type Uuid } from '../../wire/uuid.ts';
import { suffixOf } from './drift.ts';
import { SpecFieldError } from '../settings/problems.ts';
import type { DependentScope, Scope, ScopeDefinition } from './service.ts';
import type { SpecDependent } from '../settings/spec.ts';
import { nearestKey } from '../settings/suggest.ts';

type Spec = ScopeDefinition<SpecDependent>;

/** What a run knows of the scopes a dependency by scope_suffix may name. */
export interface Siblings {
  scopeStringFor(suffix: string): string;
  /** The spec's scopes a dependency may wait for, by suffix: none for a registration told as one (rules.ts). */
  listed: ReadonlyMap<string, number>;
  /** The client's scopes before any write. */
  before: readonly Scope[];
  /** Each spec scope's scope on the client, by index; none for one to create. */
  matched: ReadonlyArray<Scope | undefined>;
  /** The ids this run's creations got, by suffix. */
  created: ReadonlyMap<string, Uuid>;
}

/**
 * A sibling that a dry run only plans has no id yet: its dependents name it by its scope
 * string, which drift.ts shows as "to be created". It never reaches the service: a write waits
 * for the level that creates it.
 */
const plannedId = (scopeString: string): Uuid => scopeString as Uuid;

/**
 * The id a dependency by scope_suffix stands for: the client's scope with its own string, never
 * an FQDN variant's; planned while a level of this run is to create it; none when the client has
 * no such scope and the spec lists none.
 */
export function siblingId(siblings: Siblings, suffix: string): Uuid | undefined {
  const scopeString = siblings.scopeStringFor(suffix);
  const id = siblings.created.get(suffix) ?? siblings.before.find((s) => s.scope_string === scopeString)?.id;
  const index = siblings.listed.get(suffix);
  if (id !== undefined || index === undefined) return id;
  const variant = siblings.matched[index];
  if (variant === undefined) return plannedId(scopeString);
  throw new ActionError(
    `scope_suffix ${suffix}: the client has that scope only as its FQDN variant ${variant.scope_string}, and a dependency by scope_suffix stands for ${scopeString}, ` +
      `which this run does not create. Depend on the variant by its string instead (scope: ${variant.scope_string}). Nothing was written.`,
  );
}

/** A dependency on a sibling to create given by its string, which no lookup can find yet: refused before any write. */
export function refuseSiblingString(spec: Spec, index: number, siblings: Siblings): void {
  for (const dep of spec.dependent_scopes) {
    if (!('scope' in dep)) continue;
    const suffix = suffixOf(dep.scope);
    const target = dep.scope === siblings.scopeStringFor(suffix) ? siblings.listed.get(suffix) : undefined;
    if (target !== undefined && siblings.matched[target] === undefined) {
      throw new ActionError(
        `scopes[${index}].dependent_scopes: ${dep.scope} is the string of the listed scope ${suffix}, which the client does not have yet: ` +
          `give it as scope_suffix: ${suffix}, and it is created first, its id sent with this one. Nothing was written.`,
      );
    }
  }
}

/** The spec's indices by level of writes, each level in the spec's order: a scope waits for the siblings it depends on that are to be created. */
export function levelsOf(specs: readonly Spec[], siblings: Siblings): number[][] {
  const levels = new Map<number, number>();
  const levelOf = (index: number): number => {
    const cached = levels.get(index);
    if (cached !== undefined) return cached;
    const waits = (specs[index]?.dependent_scopes ?? []).flatMap((d) => {
      const target = 'scope_suffix' in d ? siblings.listed.get(d.scope_suffix) : undefined;
      return target === undefined || siblings.matched[target] !== undefined ? [] : [levelOf(target) + 1];
    });
    const level = Math.max(0, ...waits);
    levels.set(index, level);
    return level;
  };
  // No level is empty: a scope at level k waits for one at level k - 1.
  const byLevel: number[][] = [];
  specs.forEach((_, index) => (byLevel[levelOf(index)] ??= []).push(index));
  return byLevel;
}

/**
 * The spec's dependent scopes by id: given as one, found by the lookup of their string, or, for a
 * sibling named by its suffix, what `sibling` says: its id, '' while it is only planned, or
 * undefined when the client has no such scope.
 */
export function resolveDependents(
  spec: Spec,
  byString: ReadonlyMap<string, Scope>,
  sibling: (suffix: string) => Uuid | undefined,
  /** The listed scope's index (none in the single form), and the listed and the client's suffixes, for a near miss. */
  { index, suffixes }: { index: number | undefined; suffixes: readonly string[] },
): DependentScope[] {
  const field = `${index === undefined ? '' : `scopes[${index}].`}dependent_scopes`;
  const unresolved: string[] = [];
  const orphans: Array<{ at: number; suffix: string }> = [];
  const resolved = spec.dependent_scopes.flatMap((dep, at) => {
    const { optional, requires_refresh_token } = dep;
    const id =
      'scope' in dep ? (isUuid(dep.scope) ? dep.scope : byString.get(dep.scope)?.id) : sibling(dep.scope_suffix);
    if (id === undefined) {
      if ('scope' in dep) unresolved.push(dep.scope);
      else orphans.push({ at, suffix: dep.scope_suffix });
    }
    return id === undefined ? [] : [{ scope: id, optional, requires_refresh_token }];
  });
  const notFound =
    unresolved.length === 0
      ? []
      : [
          `${field}: no scope was found for ${[...new Set(unresolved)].map((s) => `"${s}"`).join(', ')}. ` +
            'Check the scope string against the service that owns it, or give the scope by its UUID.',
        ];
  if (orphans.length === 0) {
    const [message] = notFound;
    if (message !== undefined) throw new ActionError(message);
    return resolved;
  }
  // Each at its line: the near miss among the suffixes there are, the scope's own left out (it cannot depend on itself).
  const candidates = [...new Set(suffixes)].filter((s) => s !== spec.scope_suffix);
  throw new SpecFieldError([
    ...orphans.map(({ at, suffix }) => {
      const name = `${field}[${at}].scope_suffix`;
      const near = nearestKey(suffix, candidates);
      return {
        at: [index ?? 0, 'dependent_scopes', at, 'scope_suffix'] as const,
        field: name,
        message:
          `${name} ${JSON.stringify(suffix)}: the client has no scope with this suffix, and the spec lists none${near === undefined ? '' : ` (did you mean ${near}?)`}. ` +
          'A dependency by scope_suffix names another scope of this client: create that scope first, or list it under scopes: in the spec. Nothing was written.',
      };
    }),
    ...notFound.map((message) => ({ field, message })),
  ]);
}
