/**
 * What a person reads on the terminal (src/render/human-report.ts), line by line, with a paint
 * that names its colour around the text, so that which line is coloured how is seen.
 */
import { TOLD_APART } from '../../src/engine/settings/telling.ts';
import { describe, expect, test } from '@jest/globals';
import { outputsOf } from '../../src/engine/conclude/conclude.ts';
import { outputStrings } from '../../src/render/outputs.ts';
import { CONSENT_NOTE } from '../../src/engine/reconcile/drift.ts';
import { planOf } from '../../src/engine/reconcile/plan.ts';
import { planVerdict } from '../../src/engine/conclude/verdict.ts';
import type { ReconcileResult } from '../../src/engine/reconcile/reconcile.ts';
import { humanReport, type Paint, type Style } from '../../src/render/human-report.ts';
import { jsonReport } from '../../src/render/json-report.ts';
import { cliNaming } from '../../src/cli/options.ts';
import { id } from '../support/ids.ts';
import { conclusionOf as concludedOf, failedRun, type RunShape, single } from '../support/plans.ts';

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
const STYLE: Style = { paint: PAINT, show: (text) => `«${text}»` };
/** The command line's words: its verdict's next step names apply and --on-drift; the default --on-drift warn unless said. */
const CLI = cliNaming();
const conclusionOf = (result: ReconcileResult, shape: RunShape = {}) =>
  concludedOf(result, { naming: CLI, onDrift: 'warn', ...shape });

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
  test('a run that failed before the scope was known: its verdict alone, and no Next line (its errors went to stderr)', () => {
    const failed = failedRun({ messages: [{ level: 'error', text: 'The service failed' }] });
    expect(failed.verdict.next).toEqual(['The service failed']);
    expect(humanReport(failed, STYLE)).toEqual([
      '<bold>The run failed</bold>: the run stopped before it could tell what would change.',
    ]);
    // A plan without outputs, or outputs without a plan: the verdict alone, what it found named.
    expect(humanReport(conclusionOf(REGISTERED, { outputs: false, exitCode: 1 }), STYLE)).toEqual([
      '<bold>The run failed</bold>: «action_all»: description, dependent_scopes differ from the spec.',
    ]);
    expect(
      humanReport(
        failedRun({ messages: [], outputs: outputsOf([REGISTERED], planOf(single(REGISTERED), false)) }),
        STYLE,
      ),
    ).toEqual(['<bold>The run failed</bold>: the run stopped before it could tell what would change.']);
  });

  test('a failed validation: nothing was done, its problems counted, and no Next line', () => {
    const problems = [
      { field: 'name', message: 'f.yml: name is required', location: { file: 'f.yml', startLine: 2 } },
      { field: 'description', message: 'f.yml: description is required', location: { file: 'f.yml', startLine: 3 } },
    ];
    const failed = failedRun({ messages: problems.map((p) => ({ level: 'error', text: p.message })), problems });
    expect(humanReport(failed, STYLE)).toEqual(['<bold>Nothing was done</bold>: 2 problem(s) to fix first.']);
  });

  test("a run that failed after its settings were read: the verdict, then the client, and each scope's string as the spec gives it, a list's by suffix", () => {
    const stringOf = (suffix: string): string => SCOPE_STRING.replace('action_all', suffix);
    const failed = '<bold>The run failed</bold>: the run stopped before it could tell what would change.';
    expect(
      humanReport(
        failedRun({
          messages: [{ level: 'error', text: 'The service failed' }],
          known: { clientId: CLIENT_ID, scopes: [{ suffix: 'action_all', scopeString: SCOPE_STRING }] },
        }),
        STYLE,
      ),
    ).toEqual([
      failed,
      '',
      `Client: «${CLIENT_ID}»`,
      `Scope string (the spec's; not read from the service): «${SCOPE_STRING}»`,
    ]);
    const scopes = ['a', 'bbb'].map((suffix) => ({ suffix, scopeString: stringOf(suffix) }));
    expect(humanReport(failedRun({ messages: [], known: { clientId: CLIENT_ID, scopes } }), STYLE)).toEqual([
      failed,
      '',
      `Client: «${CLIENT_ID}»`,
      "Scope strings (each the spec's; not read from the service):",
      `  «a  »  «${stringOf('a')}»`,
      `  «bbb»  «${stringOf('bbb')}»`,
    ]);
    expect(
      jsonReport('plan', failedRun({ messages: [], known: { clientId: CLIENT_ID, scopes } }), [], 1).known,
    ).toEqual({
      client_id: CLIENT_ID,
      scopes: [
        { suffix: 'a', scope_string: stringOf('a') },
        { suffix: 'bbb', scope_string: stringOf('bbb') },
      ],
    });
    expect('known' in jsonReport('plan', failedRun({ messages: [] }), [], 1)).toBe(false);
  });

  test('plan of a creation: the verdict, each field the creation sets, in one column, and the request apply would send', () => {
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
    expect(humanReport(conclusionOf(result, { dryRun: true }), STYLE)).toEqual([
      '<bold>Dry run</bold>: «action_all» would be created.',
      '',
      `<added>+ create scope «${SCOPE_STRING}»</added>`,
      '<added>    + name                 = «"n"»</added>',
      '<added>    + description          = «"d"»</added>',
      '<added>    + scope_suffix         = «"action_all"»</added>',
      '<added>    + advertised           = «true»</added>',
      '<added>    + allow_refresh_tokens = «true»</added>',
      '<added>    + dependent_scopes     =</added>',
      `<added>        «${DEPENDENT_TEXT}»</added>`,
      '',
      `Next: «apply would send POST /v2/api/clients/${CLIENT_ID}/scopes.»`,
      ...outputLines(result, true),
    ]);
    // Without dependent scopes, the empty list on the field's line.
    const none: ReconcileResult = { ...result, definition: { ...definition, dependent_scopes: [] } };
    expect(humanReport(conclusionOf(none, { dryRun: true }), STYLE)[8]).toBe(
      '<added>    + dependent_scopes     = «[]»</added>',
    );
  });

  test('apply of a creation: the verdict, the scope created with its id, then every field it was sent; nothing next', () => {
    const definition = {
      name: 'n',
      description: 'd',
      scope_suffix: 'action_all',
      advertised: true,
      allow_refresh_tokens: true,
      dependent_scopes: [],
    };
    const result: ReconcileResult = { ...REGISTERED, comparison: [], created: true, definition };
    expect(humanReport(conclusionOf(result), STYLE)).toEqual([
      '<bold>Applied</bold>: «action_all» was created.',
      '',
      `Created scope «${SCOPE_STRING}» (id «${SCOPE_ID}»)`,
      '<added>    + name                 = «"n"»</added>',
      '<added>    + description          = «"d"»</added>',
      '<added>    + scope_suffix         = «"action_all"»</added>',
      '<added>    + advertised           = «true»</added>',
      '<added>    + allow_refresh_tokens = «true»</added>',
      '<added>    + dependent_scopes     = «[]»</added>',
      ...outputLines(result),
    ]);
  });

  test('plan of an update: the verdict names the fields, each field follows, the same ones dim, the changed ones before -> after, the consent note on dependent scopes, and the request', () => {
    const result: ReconcileResult = { ...REGISTERED, changes: REGISTERED.comparison.filter((c) => !c.same) };
    expect(humanReport(conclusionOf(result, { dryRun: true, onDrift: 'update' }), STYLE)).toEqual([
      '<bold>Dry run</bold>: «action_all»: description, dependent_scopes would change.',
      '',
      `<changed>~ update scope «${SCOPE_STRING}» (id «${SCOPE_ID}»)</changed>`,
      '<dim>      name             = «"Example"»</dim>',
      '<changed>    ~ description      = «"old"» -> «"new"»</changed>',
      `<changed>    ~ dependent_scopes =  (${CONSENT_NOTE})</changed>`,
      `<added>        + «${DEPENDENT_TEXT}»</added>`,
      '',
      `Next: «apply would send PUT /v2/api/scopes/${SCOPE_ID}.»`,
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
    expect(humanReport(conclusionOf(result, { dryRun: true, onDrift: 'update' }), STYLE).slice(0, 8)).toEqual([
      '<bold>Dry run</bold>: «action_all»: dependent_scopes would change.',
      '',
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
    expect(humanReport(conclusionOf(kept, { dryRun: true }), STYLE).slice(3, 6)).toEqual([
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
    const lines = humanReport(conclusionOf(result, { dryRun: true, onDrift: 'update' }), STYLE);
    expect(lines[0]).toBe('<bold>Dry run</bold>: «action_all»: description, dependent_scopes would change.');
    expect(lines.slice(7, 9)).toEqual([
      '',
      `Next: «apply would send PUT /v2/api/scopes/${SCOPE_ID} (and the same to 2 FQDN variant(s)).»`,
    ]);
    expect(lines.slice(9)).toEqual(outputLines(result, true));
  });

  test('plan with a suffix that differs: no update offered, as an update refuses to change a suffix', () => {
    const suffix = { field: 'scope_suffix', spec: '"read_only"', service: '"action_all"', same: false };
    const result: ReconcileResult = { ...REGISTERED, comparison: [...REGISTERED.comparison, suffix] };
    const lines = humanReport(conclusionOf(result, { dryRun: true }), STYLE);
    expect(lines[0]).toBe(
      '<bold>Drift</bold>: «action_all»: description, dependent_scopes, scope_suffix differ from the spec.',
    );
    expect(lines.at(outputLines(result).length * -1 - 1)).toBe(
      "Next: «With --on-drift warn, apply leaves the scope as the service has it. scope_suffix differs, and no update changes a suffix: --on-drift update refuses until the spec has the scope's suffix again.»",
    );
    const onlySuffix: ReconcileResult = { ...REGISTERED, comparison: [suffix] };
    const only = humanReport(conclusionOf(onlySuffix, { dryRun: true }), STYLE);
    expect(only[0]).toBe('<bold>Drift</bold>: «action_all»: scope_suffix differs from the spec.');
    expect(only.join('\n')).not.toMatch(/would change/);
  });

  test('plan with drift it leaves: the verdict names the fields that differ, each with both values, and Next says what --on-drift update would do', () => {
    expect(humanReport(conclusionOf(REGISTERED, { dryRun: true }), STYLE)).toEqual([
      '<bold>Drift</bold>: «action_all»: description, dependent_scopes differ from the spec.',
      '',
      `Registered: scope «${SCOPE_STRING}» (id «${SCOPE_ID}»)`,
      '<removed>    ! description: the spec says «"new"», the service has «"old"»</removed>',
      `<removed>    ! dependent_scopes: the spec says «[${DEPENDENT_TEXT}]», the service has «[]»</removed>`,
      '',
      'Next: «With --on-drift warn, apply leaves the scope as the service has it; --on-drift update would change 2 field(s).»',
      ...outputLines(REGISTERED),
    ]);
    // The action's words where the run was the action's: its inputs, not the command line's flags.
    expect(
      humanReport(concludedOf(REGISTERED, { dryRun: true, onDrift: 'warn' }), STYLE).at(
        outputLines(REGISTERED).length * -1 - 1,
      ),
    ).toBe(
      'Next: «With on_drift: warn, a run without dry_run leaves the scope as the service has it; on_drift: update would change 2 field(s).»',
    );
  });

  test('apply: what was done in the verdict, created, updated or registered as the head; nothing changed: the same in apply as in plan, and no Next line', () => {
    const same: ReconcileResult = {
      ...REGISTERED,
      comparison: [REGISTERED.comparison[0] as ReconcileResult['comparison'][number]],
    };
    expect(humanReport(conclusionOf({ ...same, created: true }), STYLE).slice(0, 3)).toEqual([
      '<bold>Applied</bold>: «action_all» was created.',
      '',
      `Created scope «${SCOPE_STRING}» (id «${SCOPE_ID}»)`,
    ]);
    const renamed = { field: 'name', spec: 'Example', service: 'Old', same: false };
    expect(humanReport(conclusionOf({ ...same, updated: true, changes: [renamed] }), STYLE).slice(0, 4)).toEqual([
      '<bold>Applied</bold>: «action_all»: name changed.',
      '',
      `Updated scope «${SCOPE_STRING}» (id «${SCOPE_ID}»)`,
      '<changed>    ~ name = «"Old"» -> «"Example"»</changed>',
    ]);
    const unchanged = [
      '<bold>No changes</bold>: the scope matches the spec.',
      '',
      `Registered: scope «${SCOPE_STRING}» (id «${SCOPE_ID}»)`,
      ...outputLines(same),
    ];
    expect(humanReport(conclusionOf(same), STYLE)).toEqual(unchanged);
    expect(humanReport(conclusionOf(same, { dryRun: true }), STYLE)).toEqual(unchanged);
  });

  test("verify: what the provider publishes, and whether it is one of the client's scope strings; one that publishes another fails the run", () => {
    const same: ReconcileResult = { ...REGISTERED, comparison: [] };
    const provider = (check: { published?: string; matches: boolean; read?: boolean }) =>
      humanReport(
        conclusionOf(same, {
          provider: { url: 'https://p.example.org/', key: 'globus_auth_scope', ...check },
          exitCode: check.matches ? 0 : 1,
        }),
        STYLE,
      ).slice(0, 4);
    const head = ['', `Registered: scope «${SCOPE_STRING}» (id «${SCOPE_ID}»)`];
    expect(provider({ published: SCOPE_STRING, matches: true })).toEqual([
      '<bold>No changes</bold>: the scope matches the spec.',
      ...head,
      `Provider «https://p.example.org/»: publishes «${SCOPE_STRING}» (a scope string of this client)`,
    ]);
    const another = '<bold>The run failed</bold>: the deployed provider publishes another scope.';
    expect(provider({ published: 'other', matches: false })).toEqual([
      another,
      ...head,
      'Provider «https://p.example.org/»: publishes «other» (NOT a scope string of this client)',
    ]);
    expect(provider({ matches: false })).toEqual([
      another,
      ...head,
      'Provider «https://p.example.org/»: publishes no scope (NOT a scope string of this client)',
    ]);
    expect(provider({ matches: false, read: false })).toEqual([
      '<bold>The run failed</bold>: the deployed provider could not be read.',
      ...head,
      'Provider «https://p.example.org/»: could not be read (NOT a scope string of this client)',
    ]);
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
    const plan = planOf({ telling: TOLD_APART, results, unlisted: [other('x'), other('y')] }, true);
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
    const exitCode = provider === undefined || provider.matches ? (0 as const) : (1 as const);
    const verdict = planVerdict({ plan, messages: [], providers, exitCode }, { naming: CLI, onDrift: 'warn' });
    return { messages: [], exitCode, plan, providers, verdict, outputs: outputsOf(results, plan) };
  };
  const head = (lines: string[]): string[] => lines.slice(0, lines.indexOf('<bold>Outputs:</bold>') - 1);

  test('a block per scope, a blank line between; the scopes left out in one line; the verdict names the new scope alone, not the one unchanged', () => {
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
      '<bold>Dry run</bold>: «b» would be created.',
      '',
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
      `Next: «apply would send POST /v2/api/clients/${CLIENT_ID}/scopes.»`,
    ]);
  });

  test('one to update: named with its fields; drift alone: no changes planned, the scope that differs named, and why; none: every listed scope matches, nothing next', () => {
    const change = { field: 'description', spec: 'new', service: 'old', same: false };
    const lines = humanReport(listOf({ changes: [change], comparison: [change] }), STYLE);
    expect(lines[0]).toBe('<bold>Dry run</bold>: «b»: description would change.');
    expect(lines).toContain(`Next: «apply would send PUT /v2/api/scopes/${other('b').id}.»`);
    const drifted = humanReport(listOf({ comparison: [change] }), STYLE);
    expect(drifted[0]).toBe('<bold>Drift</bold>: «b»: description differs from the spec.');
    expect(drifted).toContain(
      'Next: «With --on-drift warn, apply leaves the scope as the service has it; --on-drift update would change 1 field(s).»',
    );
    const none = humanReport(listOf({}), STYLE);
    expect(none[0]).toBe('<bold>No changes</bold>: every listed scope matches the spec.');
    expect(none.filter((line) => line.startsWith('Next:'))).toEqual([]);
  });

  test("the provider's check says what it may publish: a listed scope's string", () => {
    const another = humanReport(listOf({}, { published: 'x', matches: false }), STYLE);
    expect(another[0]).toBe('<bold>The run failed</bold>: the deployed provider publishes another scope.');
    expect(another).toContain(
      'Provider «https://p.example.org/»: publishes «x» (NOT the scope string of a listed scope)',
    );
    expect(humanReport(listOf({}, { published: SCOPE_STRING, matches: true }), STYLE)).toContain(
      `Provider «https://p.example.org/»: publishes «${SCOPE_STRING}» (the scope string of a listed scope)`,
    );
  });
});

describe('jsonReport', () => {
  test("the verdict, right after exit_code, as the conclusion has it; none when the conclusion has none (import's)", () => {
    const update: ReconcileResult = { ...REGISTERED, changes: REGISTERED.comparison.filter((c) => !c.same) };
    for (const conclusion of [
      conclusionOf(update, { dryRun: true }),
      conclusionOf(REGISTERED, { dryRun: true }),
      failedRun({ messages: [{ level: 'error', text: 'The service failed' }] }),
    ]) {
      const report = jsonReport('plan', conclusion, conclusion.messages, conclusion.exitCode === 1 ? 1 : 2);
      expect(report.verdict).toEqual(conclusion.verdict);
      expect(Object.keys(report).slice(0, 5)).toEqual(['schema_version', 'command', 'status', 'exit_code', 'verdict']);
    }
    expect(jsonReport('plan', conclusionOf(update, { dryRun: true }), [], 2).verdict).toEqual({
      title: 'Dry run',
      items: [{ scope: 'action_all', fields: ['description', 'dependent_scopes'], says: 'would change' }],
      rows: [
        { scope: 'action_all', field: 'description', service: 'old', spec: 'new' },
        { scope: 'action_all', field: 'dependent_scopes', service: [], spec: [DEPENDENT] },
      ],
      next: [`apply would send PUT /v2/api/scopes/${SCOPE_ID}.`],
    });
    expect('verdict' in jsonReport('import', {}, [], 0)).toBe(false);
  });

  test('the status a command that ends well reports; a run with no plan lists no unlisted scope; the outputs as the run set them', () => {
    expect((['verify', 'import', 'apply'] as const).map((command) => jsonReport(command, {}, [], 0).status)).toEqual([
      'verified',
      'imported',
      'applied',
    ]);
    expect(jsonReport('import', {}, [], 0)).toMatchObject({ unlisted: [], outputs: null, scopes: [], providers: [] });
    const applied = conclusionOf(REGISTERED);
    expect([applied.outputs?.scope_strings, Object.keys(applied.outputs?.scopes ?? {})]).toEqual([
      [SCOPE_STRING],
      ['action_all'],
    ]);
    expect(jsonReport('apply', applied, [], 0).outputs).toEqual(applied.outputs);
  });

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
