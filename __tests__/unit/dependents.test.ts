/**
 * The order of a list's writes (engine/reconcile/dependents.ts, levelsOf): a scope waits for the
 * siblings it depends on that are to be created, never for one the client has; and a spec of
 * many interdependent scopes is ordered at once, each dependency weighed once.
 */
import { describe, expect, test } from '@jest/globals';
import { levelsOf, type Siblings } from '../../src/engine/reconcile/dependents.ts';
import type { Scope } from '../../src/engine/reconcile/service.ts';
import { listedScopeSchema, MAX_SPEC_BYTES } from '../../src/engine/settings/spec.ts';
import { nthUuid as uuid } from '../support/ids.ts';

const stringOf = (suffix: string): string => `https://auth.example.test/scopes/client/${suffix}`;

/** A listed scope as a spec file gives it, depending on the siblings named. */
const raw = (suffix: string, ...dependsOn: string[]) => ({
  name: `Provider ${suffix}`,
  description: `Runs ${suffix}`,
  scope_suffix: suffix,
  advertised: true,
  dependent_scopes: dependsOn.map((s) => ({ scope_suffix: s })),
});
type Raw = ReturnType<typeof raw>;

const parsed = (raws: readonly Raw[]) => raws.map((r) => listedScopeSchema.parse(r));

/** The siblings of a list whose scopes the client has for the suffixes in `onClient`, with `listed` as given. */
function siblingsOf(raws: readonly Raw[], onClient: readonly string[], listed = new Map<string, number>()): Siblings {
  raws.forEach((r, i) => listed.set(r.scope_suffix, i));
  const before: Scope[] = onClient.map((suffix, k) => ({ id: uuid(k + 1), scope_string: stringOf(suffix) }) as Scope);
  return {
    scopeStringFor: stringOf,
    listed,
    before,
    matched: raws.map((r) => before.find((s) => s.scope_string === stringOf(r.scope_suffix))),
    created: new Map(),
  };
}

describe('the levels of writes', () => {
  test("each level in the spec's order; a listed sibling the client has holds nothing back, one to create does", () => {
    const raws = [raw('c', 'b'), raw('b', 'a'), raw('a'), raw('d', 'a', 'e'), raw('e'), raw('f', 'e')];
    expect(levelsOf(parsed(raws), siblingsOf(raws, ['e']))).toEqual([[2, 4, 5], [1, 3], [0]]);
  });

  test('40 scopes, each depending on all before it (a spec well under the size limit): ordered at once, each dependency weighed once', () => {
    const suffixes = Array.from({ length: 40 }, (_, i) => `s${i}`);
    const raws = suffixes.map((suffix, i) => raw(suffix, ...suffixes.slice(0, i)));
    expect(JSON.stringify({ scopes: raws }).length).toBeLessThan(MAX_SPEC_BYTES);
    const dependencies = (40 * 39) / 2;
    let weighed = 0;
    // Weighing a dependency twice would take time exponential in the scopes: stopped at once instead of hanging.
    const listed = new (class extends Map<string, number> {
      override get(key: string): number | undefined {
        if (++weighed > dependencies) throw new Error(`a dependency weighed again, after ${dependencies}`);
        return super.get(key);
      }
    })();
    const levels = levelsOf(parsed(raws), siblingsOf(raws, [], listed));
    expect(levels).toEqual(suffixes.map((_, i) => [i]));
    expect(weighed).toBe(dependencies);
  });
});
