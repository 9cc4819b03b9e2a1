import { describe, expect, test } from '@jest/globals';
import {
  asksConsent,
  compareScope,
  describeDrift,
  isDependentList,
  suffixOf,
  valueEntries,
  valueText,
  type DependentView,
  type FieldComparison,
} from '../../src/engine/reconcile/drift.ts';
import type { Scope, ScopeDefinition } from '../../src/engine/reconcile/service.ts';
import { id } from '../support/ids.ts';

const GROUPS = id('73320ffe-4cb4-4b25-a0a3-83d53d59ce4f');
const TRANSFER = id('6f4d4ff0-0f3c-4a55-9a8e-5a8c1f3d2b10');
const STRING = 'https://auth.example.org/scopes/0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9/action_all';

const definition: ScopeDefinition = {
  name: 'Example',
  description: 'Runs examples',
  scope_suffix: 'action_all',
  advertised: true,
  allow_refresh_tokens: true,
  dependent_scopes: [
    { scope: GROUPS, optional: false, requires_refresh_token: true },
    { scope: TRANSFER, optional: true, requires_refresh_token: true },
  ],
};

// The service's view of the same scope, in the order and spelling it answers with.
const matching: Scope = {
  id: id('0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9'),
  scope_string: STRING,
  name: 'Example',
  description: 'Runs examples',
  advertised: true,
  allows_refresh_token: true,
  dependent_scopes: [
    { scope: id(TRANSFER.toUpperCase()), optional: true, requires_refresh_token: true },
    { scope: GROUPS, optional: false, requires_refresh_token: true },
  ],
};

const differing = (scope: Scope): string[] =>
  compareScope(definition, scope)
    .filter((c) => !c.same)
    .map((c) => c.field);

describe('compareScope', () => {
  test('a matching scope: every field the same, dependents compared as a set', () => {
    const comparison = compareScope(definition, matching);
    expect(comparison.map((c) => c.field)).toEqual([
      'name',
      'description',
      'scope_suffix',
      'advertised',
      'allow_refresh_tokens',
      'dependent_scopes',
    ]);
    expect(comparison.every((c) => c.same)).toBe(true);
  });

  test.each<[string, Partial<Scope>]>([
    ['name', { name: 'Old name' }],
    ['description', { description: 'Old text' }],
    ['scope_suffix', { scope_string: STRING.replace('action_all', 'legacy') }],
    ['advertised', { advertised: false }],
    ['allow_refresh_tokens', { allows_refresh_token: false }],
    ['dependent_scopes', { dependent_scopes: [{ scope: GROUPS, optional: false, requires_refresh_token: true }] }],
    [
      'dependent_scopes',
      {
        dependent_scopes: [
          { scope: GROUPS, optional: false, requires_refresh_token: true },
          { scope: TRANSFER, optional: false, requires_refresh_token: true },
        ],
      },
    ],
    [
      'dependent_scopes',
      {
        dependent_scopes: [
          { scope: GROUPS, optional: false, requires_refresh_token: false },
          { scope: TRANSFER, optional: true, requires_refresh_token: true },
        ],
      },
    ],
  ])('drift in %s is that field alone', (field, change) => {
    expect(differing({ ...matching, ...change })).toEqual([field]);
  });

  test('required_domains, when the service reports it, compared as a set; a spec without it means none', () => {
    expect(
      compareScope(
        { ...definition, required_domains: ['b.org', 'a.org'] },
        { ...matching, required_domains: ['a.org', 'b.org'] },
      ).find((c) => c.field === 'required_domains')?.same,
    ).toBe(true);
    expect(
      compareScope(
        { ...definition, required_domains: ['a.org', 'b.org'] },
        { ...matching, required_domains: ['b.org', 'a.org'] },
      ).find((c) => c.field === 'required_domains')?.same,
    ).toBe(true);
    expect(
      compareScope(definition, { ...matching, required_domains: [] }).find((c) => c.field === 'required_domains')?.same,
    ).toBe(true);
    expect(differing({ ...matching, required_domains: ['a.org'] })).toEqual(['required_domains']);
  });

  test('values are shown as JSON, with the service answer named as the spec names it', () => {
    const [advertised] = compareScope(definition, { ...matching, advertised: false }).filter((c) => !c.same);
    expect(advertised).toEqual({ field: 'advertised', spec: true, service: false, same: false });
  });

  test('fields the service does not report are left out', () => {
    expect(compareScope(definition, { id: matching.id, scope_string: STRING })).toEqual([
      { field: 'scope_suffix', spec: 'action_all', service: 'action_all', same: true },
    ]);
  });

  test('dependents compare in any order and id case, but not with another id', () => {
    const other = id('00000000-0000-4000-8000-000000000001');
    expect(
      differing({
        ...matching,
        dependent_scopes: [
          ...(matching.dependent_scopes ?? []).slice(0, 1),
          { scope: other, optional: false, requires_refresh_token: true },
        ],
      }),
    ).toEqual(['dependent_scopes']);
  });
});

test('suffixOf is the last path segment', () => {
  expect(suffixOf(STRING)).toBe('action_all');
  expect(suffixOf('https://provider.example.org/all')).toBe('all');
});

test('after a creation or an update, a difference is a field the service ignored', () => {
  const c = { field: 'advertised', spec: true, service: false, same: false };
  expect(describeDrift(c, 'created', 'on_drift: update')).toBe(
    "The service created the scope with advertised false, although the spec asked for true: it ignored the field. Check the value against what the service accepts; if it should have been taken, report it with the run's log.",
  );
  expect(describeDrift(c, 'updated', 'on_drift: update')).toMatch(
    /^The service kept the scope with advertised false, although the update asked for true: it ignored the field\./,
  );
});

test("describeDrift says what each side holds and what to do, in the door's words", () => {
  const advertised = { field: 'advertised', spec: true, service: false, same: false };
  expect(describeDrift(advertised, 'nothing', 'on_drift: update')).toBe(
    "The client's scope differs from the spec in advertised: the spec says true, the service has false. " +
      'Align the spec with the service, or apply the spec to the scope with on_drift: update.',
  );
  expect(describeDrift(advertised, 'nothing', '--on-drift update')).toMatch(
    /, or apply the spec to the scope with --on-drift update\.$/,
  );
  expect(
    describeDrift(
      { field: 'scope_suffix', spec: 'action_all', service: 'legacy', same: false },
      'nothing',
      'on_drift: update',
    ),
  ).toContain('The existing scope is used; no second scope is created.');
});

describe('the consent note: only where users may be asked again', () => {
  const dep = (scope: string, optional: boolean, requires_refresh_token: boolean) => ({
    scope_string: null,
    scope,
    optional,
    requires_refresh_token,
  });
  const change = (service: ReturnType<typeof dep>[], spec: ReturnType<typeof dep>[]): FieldComparison => ({
    field: 'dependent_scopes',
    spec,
    service,
    same: false,
  });
  const A = GROUPS;
  const B = TRANSFER;

  test.each<[string, FieldComparison, boolean]>([
    ['a dependent scope added', change([dep(A, false, true)], [dep(A, false, true), dep(B, false, true)]), true],
    ['one made required (optional from true to false)', change([dep(A, true, true)], [dep(A, false, true)]), true],
    ['one made to require a refresh token', change([dep(A, false, false)], [dep(A, false, true)]), true],
    [
      'the same id in another case, made required',
      change([dep(A.toUpperCase(), true, false)], [dep(A, false, false)]),
      true,
    ],
    ['one made optional', change([dep(A, false, true)], [dep(A, true, true)]), false],
    ['one no longer requiring a refresh token', change([dep(A, false, true)], [dep(A, false, false)]), false],
    ['one removed', change([dep(A, false, true), dep(B, false, true)], [dep(A, false, true)]), false],
    ['another field', { field: 'description', spec: 'new', service: 'old', same: false }, false],
    ['dependent scopes the same', { ...change([dep(A, false, true)], [dep(A, false, true)]), same: true }, false],
  ])('%s: %s', (_what, comparison, asks) => {
    expect(asksConsent(comparison)).toBe(asks);
  });
});

describe('values as text', () => {
  const groups = {
    scope_string: 'urn:globus:auth:scope:groups.api.globus.org:all',
    scope: GROUPS,
    optional: false,
    requires_refresh_token: true,
  };
  const bare = { scope_string: null, scope: TRANSFER, optional: true, requires_refresh_token: false };

  test('a dependent scope: its string with the whole id beside it, or the id alone, and both flags', () => {
    expect(valueEntries([groups, bare])).toEqual([
      `urn:globus:auth:scope:groups.api.globus.org:all (${GROUPS}) optional: false, requires_refresh_token: true`,
      `${TRANSFER} optional: true, requires_refresh_token: false`,
    ]);
    expect(valueText([groups, bare])).toBe(`[${valueEntries([groups]).join('')}; ${valueEntries([bare]).join('')}]`);
  });

  test('anything else as JSON: a string quoted, a boolean, a list of strings, an empty list', () => {
    expect([valueText('a "b"'), valueText(true), valueText(['a.org', 'b.org']), valueText([])]).toEqual([
      '"a \\"b\\""',
      'true',
      '["a.org","b.org"]',
      '[]',
    ]);
    expect(valueEntries(['a.org'])).toEqual(['["a.org"]']);
    expect([isDependentList([]), isDependentList(['a']), isDependentList(null), isDependentList([bare])]).toEqual([
      false,
      false,
      false,
      true,
    ]);
  });

  test('the service scopes in the spec order, then the others by id, whatever order the service answers in', () => {
    const one = id('00000000-0000-4000-8000-000000000001');
    const two = id('00000000-0000-4000-8000-000000000002');
    const scope: Scope = {
      ...matching,
      dependent_scopes: [
        { scope: two, optional: false, requires_refresh_token: true },
        { scope: one, optional: false, requires_refresh_token: true },
        ...(matching.dependent_scopes ?? []),
      ],
    };
    const names = new Map([[GROUPS, 'urn:groups']]);
    const dependents = compareScope(definition, scope, names).find((c) => c.field === 'dependent_scopes');
    expect((dependents?.service as readonly DependentView[]).map((d) => d.scope?.toLowerCase())).toEqual([
      GROUPS,
      TRANSFER,
      one,
      two,
    ]);
    expect((dependents?.spec as readonly DependentView[]).map((d) => d.scope_string)).toEqual(['urn:groups', null]);
  });
});

test("the service's scopes the spec does not name come after its own, by id, whatever order they are answered in", () => {
  const ids = [5, 3, 9, 1, 7, 2, 8, 4, 6].map((n) => id(`00000000-0000-4000-8000-00000000000${n}`));
  const scope: Scope = {
    ...matching,
    dependent_scopes: ids.map((scope) => ({ scope, optional: false, requires_refresh_token: true })),
  };
  const dependents = compareScope({ ...definition, dependent_scopes: [] }, scope).find(
    (c) => c.field === 'dependent_scopes',
  );
  expect((dependents?.service as readonly DependentView[]).map((d) => d.scope)).toEqual([...ids].sort());
});
