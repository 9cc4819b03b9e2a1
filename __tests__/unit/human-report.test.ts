/**
 * What a person reads on the terminal (src/render/human-report.ts), line by line, with a paint
 * that names its colour around the text, so that which line is coloured how is seen.
 */
import { describe, expect, test } from '@jest/globals';
import { outputsOf } from '../../src/engine/conclude/conclude.ts';
import { outputStrings } from '../../src/render/outputs.ts';
import { CONSENT_NOTE } from '../../src/engine/reconcile/drift.ts';
import { planOf, tellingOf } from '../../src/engine/reconcile/plan.ts';
import type { ReconcileResult } from '../../src/engine/reconcile/reconcile.ts';
import { humanReport, type Paint, type Style } from '../../src/render/human-report.ts';
import { jsonReport } from '../../src/render/json-report.ts';
import { cliNaming } from '../../src/cli/options.ts';
import { id } from '../support/ids.ts';
import { conclusionOf, single } from '../support/plans.ts';

const CLIENT_ID = id('6f4d4ff0-0f3c-4a55-9a8e-5a8c1f3d2b10');
const SCOPE_ID = id('0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9');
const SCOPE_STRING = `https://auth.example.org/scopes/${CLIENT_ID}/action_all`;
const GROUPS_ID = '73320ffe-4cb4-4b25-a0a3-83d53d59ce4f';
const GROUPS = 'urn:globus:auth:scope:groups.api.globus.org:view_my_groups_and_memberships';
const DEPENDENT = { scope_string: GROUPS, scope: GROUPS_ID, optional: false, requires_refresh_token: false };
const DEPENDENT_TEXT = `${GROUPS} (${GROUPS_ID}) optional: false, requires_refresh_token: false`;

const tag = (name: string) => (text: string) => `<${name}>${text}</${name}>`;
const PAINT: Paint = {
  added: tag('added'),
  changed: tag('changed'),
  removed: tag('removed'),
  dim: tag('dim'),
  bold: tag('bold'),
};
/** Every value passes through show: marked, so a value not shown through it is seen. */
const STYLE: Style = { onDrift: 'warn', naming: cliNaming(), paint: PAINT, show: (text) => `«${text}»` };

const REGISTERED: ReconcileResult = {
  scope: { id: SCOPE_ID, scope_string: SCOPE_STRING },
  scopes: [{ id: SCOPE_ID, scope_string: SCOPE_STRING }],
  created: false,
  client: { id: CLIENT_ID, name: 'Example' },
  wouldCreate: false,
  comparison: [
    { field: 'name', spec: 'Example', service: 'Example', same: true },
    { field: 'description', spec: 'new', service: 'old', same: false },
    { field: 'dependent_scopes', spec: [DEPENDENT], service: [], same: false },
  ],
  changes: [],
  updated: false,
  names: new Map([[GROUPS_ID, GROUPS]]),
};

const outputLines = (result: ReconcileResult, dryRun = false): string[] => {
  const outputs = outputStrings(outputsOf([result], planOf(single(result), dryRun)));
  return [
    '',
    '<bold>Outputs:</bold>',
    ...Object.entries(outputs).map(([name, value]) => `  ${name.padEnd('scope_strings'.length)} = «${value}»`),
  ];
};

describe('humanReport', () => {
  test('nothing to report when the run failed before the scope was known', () => {
    expect(humanReport('plan', { messages: [], exitCode: 1 }, STYLE)).toEqual([]);
    expect(humanReport('apply', { ...conclusionOf(REGISTERED, { outputs: false }), exitCode: 1 }, STYLE)).toEqual([]);
    expect(
      humanReport(
        'apply',
        { messages: [], exitCode: 1, outputs: outputsOf([REGISTERED], planOf(single(REGISTERED), false)) },
        STYLE,
      ),
    ).toEqual([]);
  });

  test("a run that failed after its settings were read: the client, and each scope's string as the spec gives it, a list's by suffix", () => {
    const stringOf = (suffix: string): string => SCOPE_STRING.replace('action_all', suffix);
    expect(
      humanReport(
        'apply',
        {
          messages: [],
          exitCode: 1,
          known: { clientId: CLIENT_ID, scopes: [{ suffix: 'action_all', scopeString: SCOPE_STRING }] },
        },
        STYLE,
      ),
    ).toEqual([`Client: «${CLIENT_ID}»`, `Scope string (the spec's; not read from the service): «${SCOPE_STRING}»`]);
    const scopes = ['a', 'bbb'].map((suffix) => ({ suffix, scopeString: stringOf(suffix) }));
    expect(humanReport('plan', { messages: [], exitCode: 1, known: { clientId: CLIENT_ID, scopes } }, STYLE)).toEqual([
      `Client: «${CLIENT_ID}»`,
      "Scope strings (each the spec's; not read from the service):",
      `  «a  »  «${stringOf('a')}»`,
      `  «bbb»  «${stringOf('bbb')}»`,
    ]);
    expect(
      jsonReport('plan', { messages: [], exitCode: 1, known: { clientId: CLIENT_ID, scopes } }, [], 1).known,
    ).toEqual({
      client_id: CLIENT_ID,
      scopes: [
        { suffix: 'a', scope_string: stringOf('a') },
        { suffix: 'bbb', scope_string: stringOf('bbb') },
      ],
    });
    expect('known' in jsonReport('plan', { messages: [], exitCode: 1 }, [], 1)).toBe(false);
  });

  test('plan of a creation: each field the creation sets, in one column, and the request', () => {
    const planned = { id: '' as const, scope_string: SCOPE_STRING };
    const dependent = { scope: id(GROUPS_ID), optional: false, requires_refresh_token: false };
    const definition = {
      name: 'n',
      description: 'd',
      scope_suffix: 'action_all',
      advertised: true,
      allow_refresh_tokens: true,
      dependent_scopes: [dependent],
      required_domains: undefined,
    };
    const result: ReconcileResult = {
      ...REGISTERED,
      comparison: [],
      scope: planned,
      scopes: [planned],
      wouldCreate: true,
      definition,
    };
    expect(humanReport('plan', conclusionOf(result, { dryRun: true }), STYLE)).toEqual([
      `<added>+ create scope «${SCOPE_STRING}»</added>`,
      '<added>    + name                 = «"n"»</added>',
      '<added>    + description          = «"d"»</added>',
      '<added>    + scope_suffix         = «"action_all"»</added>',
      '<added>    + advertised           = «true»</added>',
      '<added>    + allow_refresh_tokens = «true»</added>',
      '<added>    + dependent_scopes     =</added>',
      `<added>        «${DEPENDENT_TEXT}»</added>`,
      '',
      `<bold>Plan: 1 scope to create.</bold> apply would send «POST /v2/api/clients/${CLIENT_ID}/scopes».`,
      ...outputLines(result, true),
    ]);
    // Without dependent scopes, the empty list on the field's line.
    const none: ReconcileResult = { ...result, definition: { ...definition, dependent_scopes: [] } };
    expect(humanReport('plan', conclusionOf(none, { dryRun: true }), STYLE)[6]).toBe(
      '<added>    + dependent_scopes     = «[]»</added>',
    );
  });

  test('apply of a creation: the scope created with its id, then every field it was sent', () => {
    const definition = {
      name: 'n',
      description: 'd',
      scope_suffix: 'action_all',
      advertised: true,
      allow_refresh_tokens: true,
      dependent_scopes: [],
    };
    const result: ReconcileResult = { ...REGISTERED, comparison: [], created: true, definition };
    expect(humanReport('apply', conclusionOf(result), STYLE).slice(0, 7)).toEqual([
      `Created scope «${SCOPE_STRING}» (id «${SCOPE_ID}»)`,
      '<added>    + name                 = «"n"»</added>',
      '<added>    + description          = «"d"»</added>',
      '<added>    + scope_suffix         = «"action_all"»</added>',
      '<added>    + advertised           = «true»</added>',
      '<added>    + allow_refresh_tokens = «true»</added>',
      '<added>    + dependent_scopes     = «[]»</added>',
    ]);
  });

  test('plan of an update: each field, the same ones dim, the changed ones before -> after, the consent note on dependent scopes, and the request', () => {
    const result: ReconcileResult = { ...REGISTERED, changes: REGISTERED.comparison.filter((c) => !c.same) };
    expect(humanReport('plan', conclusionOf(result, { dryRun: true }), { ...STYLE, onDrift: 'update' })).toEqual([
      `<changed>~ update scope «${SCOPE_STRING}» (id «${SCOPE_ID}»)</changed>`,
      '<dim>      name             = «"Example"»</dim>',
      '<changed>    ~ description      = «"old"» -> «"new"»</changed>',
      `<changed>    ~ dependent_scopes =  (${CONSENT_NOTE})</changed>`,
      `<added>        + «${DEPENDENT_TEXT}»</added>`,
      '',
      `<bold>Plan: 2 field(s) to change.</bold> apply would send «PUT /v2/api/scopes/${SCOPE_ID}» with description, dependent_scopes.`,
      ...outputLines(result),
    ]);
  });

  test('plan of an update of dependent scopes: each entry removed (-), added (+) or kept; no consent note for one made optional; a field the service ignored is drift', () => {
    const other = {
      scope_string: null,
      scope: '00000000-0000-4000-8000-000000000009',
      optional: false,
      requires_refresh_token: true,
    };
    const optional = { ...DEPENDENT, optional: true };
    const dependents = { field: 'dependent_scopes', spec: [optional], service: [DEPENDENT, other], same: false };
    const ignored = { field: 'advertised', spec: true, service: false, same: false };
    const result: ReconcileResult = { ...REGISTERED, comparison: [dependents, ignored], changes: [dependents] };
    expect(
      humanReport('plan', conclusionOf(result, { dryRun: true }), { ...STYLE, onDrift: 'update' }).slice(0, 6),
    ).toEqual([
      `<changed>~ update scope «${SCOPE_STRING}» (id «${SCOPE_ID}»)</changed>`,
      '<changed>    ~ dependent_scopes =</changed>',
      `<removed>        - «${DEPENDENT_TEXT}»</removed>`,
      `<removed>        - «${other.scope} optional: false, requires_refresh_token: true»</removed>`,
      `<added>        + «${DEPENDENT_TEXT.replace('optional: false', 'optional: true')}»</added>`,
      '<removed>    ! advertised: the spec says «true», the service has «false»</removed>',
    ]);
    const kept: ReconcileResult = {
      ...result,
      comparison: [{ ...dependents, spec: [DEPENDENT], service: [DEPENDENT, other] }],
      changes: [{ ...dependents, spec: [DEPENDENT], service: [DEPENDENT, other] }],
    };
    expect(humanReport('plan', conclusionOf(kept, { dryRun: true }), STYLE).slice(1, 4)).toEqual([
      '<changed>    ~ dependent_scopes =</changed>',
      `<removed>        - «${other.scope} optional: false, requires_refresh_token: true»</removed>`,
      `<dim>          «${DEPENDENT_TEXT}»</dim>`,
    ]);
  });

  test('plan of an update of a scope with FQDN variants: the same request to each, counted; a scope of another suffix is no variant', () => {
    const variant = {
      id: id('1b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9'),
      scope_string: 'https://actions.example.org/scopes/action_all',
    };
    const another = {
      id: id('3b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9'),
      scope_string: 'https://flows.example.org/scopes/action_all',
    };
    const other = {
      id: id('2b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9'),
      scope_string: 'https://auth.example.org/scopes/other/read_only',
    };
    const result: ReconcileResult = {
      ...REGISTERED,
      scopes: [REGISTERED.scope, variant, other, another],
      changes: REGISTERED.comparison.filter((c) => !c.same),
    };
    expect(humanReport('plan', conclusionOf(result, { dryRun: true }), { ...STYLE, onDrift: 'update' })[6]).toBe(
      `<bold>Plan: 2 field(s) to change.</bold> apply would send «PUT /v2/api/scopes/${SCOPE_ID}» with description, dependent_scopes (and the same to the 2 FQDN variant(s) of the scope).`,
    );
  });

  test('plan with a suffix that differs: no update offered, as an update refuses to change a suffix', () => {
    const suffix = { field: 'scope_suffix', spec: '"read_only"', service: '"action_all"', same: false };
    const result: ReconcileResult = { ...REGISTERED, comparison: [...REGISTERED.comparison, suffix] };
    expect(
      humanReport('plan', conclusionOf(result, { dryRun: true }), STYLE).at(outputLines(result).length * -1 - 1),
    ).toBe(
      "<bold>No changes planned:</bold> with --on-drift warn, apply leaves the scope as it is. scope_suffix differs, and no update changes a suffix: --on-drift update refuses until the spec has the scope's suffix again.",
    );
    const onlySuffix: ReconcileResult = { ...REGISTERED, comparison: [suffix] };
    expect(humanReport('plan', conclusionOf(onlySuffix, { dryRun: true }), STYLE).join('\n')).not.toMatch(
      /would change/,
    );
  });

  test('plan with drift it leaves: each drifted field with both values, and what --on-drift update would do', () => {
    expect(humanReport('plan', conclusionOf(REGISTERED, { dryRun: true }), STYLE)).toEqual([
      `Registered: scope «${SCOPE_STRING}» (id «${SCOPE_ID}»)`,
      '<removed>    ! description: the spec says «"new"», the service has «"old"»</removed>',
      `<removed>    ! dependent_scopes: the spec says «[${DEPENDENT_TEXT}]», the service has «[]»</removed>`,
      '',
      '<bold>No changes planned:</bold> with --on-drift warn, apply leaves the scope as it is; --on-drift update would change 2 field(s).',
      ...outputLines(REGISTERED),
    ]);
  });

  test('apply: created, updated or registered as the head; no plan line', () => {
    const same: ReconcileResult = {
      ...REGISTERED,
      comparison: [REGISTERED.comparison[0] as ReconcileResult['comparison'][number]],
    };
    expect(humanReport('apply', conclusionOf({ ...same, created: true }), STYLE)[0]).toBe(
      `Created scope «${SCOPE_STRING}» (id «${SCOPE_ID}»)`,
    );
    const renamed = { field: 'name', spec: 'Example', service: 'Old', same: false };
    expect(
      humanReport('apply', conclusionOf({ ...same, updated: true, changes: [renamed] }), STYLE).slice(0, 2),
    ).toEqual([
      `Updated scope «${SCOPE_STRING}» (id «${SCOPE_ID}»)`,
      '<changed>    ~ name = «"Old"» -> «"Example"»</changed>',
    ]);
    expect(humanReport('apply', conclusionOf(same), STYLE)).toEqual([
      `Registered: scope «${SCOPE_STRING}» (id «${SCOPE_ID}»)`,
      ...outputLines(same),
    ]);
    expect(humanReport('plan', conclusionOf(same, { dryRun: true }), STYLE)).toEqual([
      `Registered: scope «${SCOPE_STRING}» (id «${SCOPE_ID}»)`,
      '',
      '<bold>No changes.</bold> The scope matches the spec.',
      ...outputLines(same),
    ]);
  });

  test("verify: what the provider publishes, and whether it is one of the client's scope strings", () => {
    const same: ReconcileResult = { ...REGISTERED, comparison: [] };
    const provider = (check: { published?: string; matches: boolean }) =>
      humanReport(
        'verify',
        conclusionOf(same, { provider: { url: 'https://p.example.org/', key: 'globus_auth_scope', ...check } }),
        STYLE,
      )[1];
    expect(provider({ published: SCOPE_STRING, matches: true })).toBe(
      `Provider «https://p.example.org/»: publishes «${SCOPE_STRING}» (a scope string of this client)`,
    );
    expect(provider({ published: 'other', matches: false })).toBe(
      'Provider «https://p.example.org/»: publishes «other» (NOT a scope string of this client)',
    );
    expect(provider({ matches: false })).toBe(
      'Provider «https://p.example.org/»: publishes no scope (NOT a scope string of this client)',
    );
  });
});

describe('humanReport, a spec that lists scopes', () => {
  const other = (suffix: string) => ({
    id: id(`0b1c2d3e-4f50-4617-8293-a4b5c6d7e8${suffix === 'b' ? 'fa' : 'fb'}`),
    scope_string: `https://auth.example.org/scopes/${CLIENT_ID}/${suffix}`,
  });
  const SAME = [{ field: 'name', spec: 'n', service: 'n', same: true }];
  const listOf = (second: Partial<ReconcileResult>, provider?: { published: string; matches: boolean }) => {
    const b = other('b');
    const results: [ReconcileResult, ReconcileResult] = [
      { ...REGISTERED, comparison: SAME },
      { ...REGISTERED, scope: b, scopes: [b], comparison: SAME, ...second } as ReconcileResult,
    ];
    const plan = planOf({ telling: tellingOf('list'), results, unlisted: [other('x'), other('y')] }, true);
    const providers =
      provider === undefined
        ? []
        : [
            {
              url: 'https://p.example.org/',
              key: 'globus_auth_scope',
              allowed: 'the scope string of a listed scope',
              suffix: undefined,
              read: true,
              ...provider,
            },
          ];
    return { messages: [], exitCode: 0 as const, plan, providers, outputs: outputsOf(results, plan) };
  };
  const head = (lines: string[]): string[] => lines.slice(0, lines.indexOf('<bold>Outputs:</bold>') - 1);

  test('a block per scope, a blank line between; the scopes left out in one line; a verdict that counts', () => {
    const planned = { id: '' as const, scope_string: other('b').scope_string };
    const definition = {
      name: 'n',
      description: 'd',
      scope_suffix: 'b',
      advertised: true,
      allow_refresh_tokens: true,
      dependent_scopes: [],
    };
    expect(
      head(
        humanReport(
          'plan',
          listOf({
            scope: planned,
            scopes: [planned],
            wouldCreate: true,
            definition,
            comparison: [],
          } as Partial<ReconcileResult>),
          STYLE,
        ),
      ),
    ).toEqual([
      `Registered: scope «${SCOPE_STRING}» (id «${SCOPE_ID}»)`,
      '',
      `<added>+ create scope «${planned.scope_string}»</added>`,
      '<added>    + name                 = «"n"»</added>',
      '<added>    + description          = «"d"»</added>',
      '<added>    + scope_suffix         = «"b"»</added>',
      '<added>    + advertised           = «true»</added>',
      '<added>    + allow_refresh_tokens = «true»</added>',
      '<added>    + dependent_scopes     = «[]»</added>',
      '',
      `Not in the spec, left as they are: «${other('x').scope_string}», «${other('y').scope_string}»`,
      '',
      '<bold>Plan: 1 scope(s) to create, 0 to update.</bold> apply would send 1 request(s).',
    ]);
  });

  test('one to create and one to update: both counted; drift alone: no changes planned, and why', () => {
    const change = { field: 'description', spec: 'new', service: 'old', same: false };
    const lines = humanReport('plan', listOf({ changes: [change], comparison: [change] }), STYLE);
    expect(lines).toContain('<bold>Plan: 0 scope(s) to create, 1 to update.</bold> apply would send 1 request(s).');
    const drifted = humanReport('plan', listOf({ comparison: [change] }), STYLE);
    expect(drifted).toContain(
      '<bold>No changes planned:</bold> 1 listed scope(s) differ from the spec: with --on-drift warn, apply leaves them as they are.',
    );
    expect(humanReport('plan', listOf({}), STYLE)).toContain(
      '<bold>No changes.</bold> Every listed scope matches the spec.',
    );
  });

  test("the provider's check says what it may publish: a listed scope's string", () => {
    expect(humanReport('apply', listOf({}, { published: 'x', matches: false }), STYLE)).toContain(
      'Provider «https://p.example.org/»: publishes «x» (NOT the scope string of a listed scope)',
    );
    expect(humanReport('apply', listOf({}, { published: SCOPE_STRING, matches: true }), STYLE)).toContain(
      `Provider «https://p.example.org/»: publishes «${SCOPE_STRING}» (the scope string of a listed scope)`,
    );
  });
});

describe('jsonReport', () => {
  test('a creation: a field the definition leaves undefined (required_domains, not given) is not listed', () => {
    const planned = { id: '' as const, scope_string: SCOPE_STRING };
    const definition = {
      name: 'n',
      description: 'd',
      scope_suffix: 'action_all',
      advertised: true,
      allow_refresh_tokens: true,
      dependent_scopes: [],
      required_domains: undefined,
    };
    const result: ReconcileResult = {
      ...REGISTERED,
      comparison: [],
      scope: planned,
      scopes: [planned],
      wouldCreate: true,
      definition,
    };
    const fields = jsonReport('plan', conclusionOf(result), [], 2).scopes[0]?.change.fields.map((f) => f.field);
    expect(fields).toEqual([
      'name',
      'description',
      'scope_suffix',
      'advertised',
      'allow_refresh_tokens',
      'dependent_scopes',
    ]);
  });
});

describe('jsonReport: what the plan says, typed', () => {
  test('outputs.changes is a boolean, true only where the output says true', () => {
    const none = jsonReport('plan', conclusionOf(REGISTERED, { dryRun: true }), [], 0);
    const update: ReconcileResult = { ...REGISTERED, changes: REGISTERED.comparison.filter((c) => !c.same) };
    const planned = jsonReport('plan', conclusionOf(update, { dryRun: true }), [], 2);
    expect([none.outputs?.changes, planned.outputs?.changes]).toEqual([false, true]);
  });

  test('the top level speaks of the registration: what each scope gets is under scopes, in apply and in plan alike', () => {
    const update: ReconcileResult = {
      ...REGISTERED,
      updated: true,
      changes: [{ field: 'description', spec: 'new', service: 'old', same: false }],
    };
    const applied = jsonReport('apply', conclusionOf(update), [], 0);
    const change = {
      action: 'update',
      request: `PUT /v2/api/scopes/${SCOPE_ID}`,
      fields: [{ field: 'description', before: 'old', after: 'new' }],
    };
    expect(applied.scopes.map((s) => s.change)).toEqual([change]);
    expect(jsonReport('plan', conclusionOf(update, { dryRun: true }), [], 2).scopes.map((s) => s.change)).toEqual([
      change,
    ]);
    for (const report of [applied, jsonReport('verify', conclusionOf(REGISTERED), [], 0)]) {
      expect(report.schema_version).toBe(2);
      expect(Object.keys(report)).not.toEqual(expect.arrayContaining(['plan']));
      expect(['plan', 'applied', 'drift', 'provider'].filter((key) => key in report)).toEqual([]);
    }
  });

  test("import's document carries what it imported; the others none", () => {
    const spec = {
      name: 'n',
      description: 'd',
      scope_suffix: 'action_all',
      advertised: true,
      allow_refresh_tokens: true,
      dependent_scopes: [],
    };
    const imported = {
      file: null,
      text: 'name: n\n',
      form: 'single' as const,
      spec,
      scopes: [spec],
      hidden_dependents: [],
    };
    expect(jsonReport('import', conclusionOf(REGISTERED), [], 0, imported).import).toEqual(imported);
    expect('import' in jsonReport('plan', conclusionOf(REGISTERED, { dryRun: true }), [], 0)).toBe(false);
  });
});
