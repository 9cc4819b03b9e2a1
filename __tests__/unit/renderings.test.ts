/**
 * One plan, rendered by every door: the same runs (a creation, an update, drift under each
 * on_drift, an apply of each, a failure past validation), reconciled for real against the
 * embedded service in process, fed to the terminal's report, `--json`, the job summary and the
 * pull request's comment. Each rendering, read as text, must hold the same facts: every field
 * of a creation, each changed or drifted field with both values, each dependent scope's string
 * and id.
 */
import { TOLD_APART, TOLD_AS_ONE } from '../../src/engine/settings/telling.ts';
import { describe, expect, test } from '@jest/globals';
import { GROUPS_SCOPE_ID, GROUPS_SCOPE_STRING, type EmbeddedAuthService } from '../../dev/auth-service.ts';
import { humanReport } from '../../src/render/human-report.ts';
import { jsonReport } from '../../src/render/json-report.ts';
import { cliNaming } from '../../src/cli/options.ts';
import { concludeFailure, concludeRun, type Conclusion } from '../../src/engine/conclude/conclude.ts';
import { isDependentList, type FieldValue } from '../../src/engine/reconcile/drift.ts';
import { reconcile } from '../../src/engine/reconcile/reconcile.ts';
import type { ScopeDefinition } from '../../src/engine/reconcile/service.ts';
import { listedScopeSchema, scopeSpecSchema, type SpecDependent } from '../../src/engine/settings/spec.ts';
import { inert } from '../../src/engine/text.ts';
import { INPUT_NAMING } from '../../src/github/inputs.ts';
import { buildSummary } from '../../src/render/summary.ts';
import { commentMarker, renderComment } from '../../src/render/comment.ts';
import { createBudget } from '../../src/wire/budget.ts';
import { ActionError } from '../../src/wire/errors.ts';
import { silentLog } from '../../src/wire/log.ts';
import { fakeClock } from '../support/clock.ts';
import { id, nthUuid } from '../support/ids.ts';
import { AUTH_URL, clientOf, inProcessService } from '../support/in-process.ts';
import { single } from '../support/plans.ts';

const CLIENT_ID = id('7f3c9a2e-1b4d-4e8f-9a6b-2c5d8e1f0a3b');
const EXPECTED = `${AUTH_URL}/scopes/${CLIENT_ID}/action_all`;
const TRANSFER = 'https://transfer.example.org/scopes/all';
const TRANSFER_ID = nthUuid(101);

// Two dependent scopes, one by string and one by id: a reader must tell them apart.
const SPEC = scopeSpecSchema.parse({
  name: 'My provider',
  description: 'Runs my actions',
  advertised: true,
  required_domains: ['example.org'],
  dependent_scopes: [{ scope: TRANSFER }, { scope: GROUPS_SCOPE_ID, optional: true }],
});

type OnDrift = 'warn' | 'fail' | 'ignore' | 'update';

interface Run {
  service: EmbeddedAuthService;
  spec?: ScopeDefinition<SpecDependent>;
  dryRun: boolean;
  onDrift: OnDrift;
}

function world(scope?: Record<string, unknown>): EmbeddedAuthService {
  const service = inProcessService();
  service.addClient({ id: CLIENT_ID, name: 'My app' });
  service.addScope({ id: TRANSFER_ID, scope_string: TRANSFER, advertised: true });
  if (scope !== undefined) {
    service.addScope({
      client: CLIENT_ID,
      scope_string: EXPECTED,
      name: 'My provider',
      description: 'Runs my actions',
      advertised: true,
      ...scope,
    });
  }
  return service;
}

/** A run of the list form: the listed scopes of `specs`, against the client's, in the action's words unless said. */
async function concludeList({
  service,
  specs,
  dryRun,
  onDrift,
  naming = INPUT_NAMING,
}: Omit<Run, 'spec'> & {
  specs: Array<ScopeDefinition<SpecDependent>>;
  naming?: Parameters<typeof concludeRun>[0]['naming'];
}): Promise<Conclusion> {
  const budget = createBudget(60, { clock: fakeClock() });
  const listed = await reconcile(
    clientOf(service, CLIENT_ID, budget),
    { telling: TOLD_APART, specs, dryRun, update: onDrift === 'update', budget },
    silentLog,
  );
  return concludeRun({
    inputs: { on_drift: onDrift, dry_run: dryRun },
    naming,
    ensured: { telling: TOLD_APART, ...listed },
  });
}

async function conclude({ service, spec = SPEC, dryRun, onDrift }: Run): Promise<Conclusion> {
  const budget = createBudget(60, { clock: fakeClock() });
  const {
    results: [result],
  } = await reconcile(clientOf(service, CLIENT_ID, budget), {
    telling: TOLD_AS_ONE,
    specs: [spec],
    dryRun,
    update: onDrift === 'update',
    budget,
  });
  return concludeRun({ inputs: { on_drift: onDrift, dry_run: dryRun }, naming: INPUT_NAMING, ensured: single(result) });
}

/** What every door must show of a conclusion, as plain text. */
function factsOf({ plan, messages, known }: Conclusion): string[] {
  // A failure: its errors, and what it knew before, the client and each scope's string as the spec gives it.
  if (plan === undefined)
    return [
      ...messages.filter((m) => m.level === 'error').map((m) => m.text),
      ...(known === undefined ? [] : [known.clientId, ...known.scopes.map((s) => s.scopeString)]),
    ];
  const texts = (value: FieldValue | null): string[] => {
    if (isDependentList(value))
      return value.flatMap((d) => [
        ...(d.scope === null ? [] : [d.scope]),
        ...(d.scope_string === null ? [] : [d.scope_string]),
      ]);
    return typeof value === 'string' ? [value] : Array.isArray(value) ? [...(value as string[])] : [];
  };
  // Every scope of the plan: one in the single form; in the list form each by its suffix too, and the client's others.
  const each = plan.scopes.flatMap((scope) => [
    ...(plan.telling.apart ? [scope.suffix] : []),
    scope.scope.scope_string,
    ...(scope.scope.id === null ? [] : [scope.scope.id]),
    ...scope.fields.flatMap((f) => [f.field, ...texts(f.before), ...texts(f.after)]),
    ...scope.comparison.filter((c) => !c.same).flatMap((c) => [c.field, ...texts(c.spec), ...texts(c.service)]),
  ]);
  return [...new Set([...each, ...plan.unlisted])];
}

/** Markdown read as the text it renders: escapes undone, tags and word joiners gone. */
const markdownText = (markdown: string): string =>
  markdown
    .replaceAll('\u2060', '')
    .replace(/<br>/g, '\n')
    .replace(/<\/?code>/g, '')
    .replace(/\\(.)/g, '$1');

/** A JSON document read as text: every string and key in it, unescaped. */
const stringsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : typeof value === 'object' && value !== null
      ? Object.entries(value).flatMap(([key, v]) => [key, ...stringsOf(v)])
      : [];

/** Each door's rendering of a conclusion, as the text a reader reads. */
function renderings(conclusion: Conclusion, { dryRun }: Pick<Run, 'dryRun' | 'onDrift'>): Record<string, string> {
  const command = dryRun ? 'plan' : 'apply';
  const style = {
    paint: { added: String, changed: String, removed: String, dim: String, bold: String },
    show: inert,
  };
  const scrub = (text: string): string => text;
  return {
    terminal: [...conclusion.messages.map((m) => m.text), ...humanReport(conclusion, style)].join('\n'),
    json: stringsOf(jsonReport(command, conclusion, conclusion.messages, conclusion.exitCode)).join('\n'),
    summary: markdownText(buildSummary(conclusion, { ranFor: 'pull_request', scrub })),
    comment: markdownText(
      renderComment({
        conclusion,
        marker: commentMarker(CLIENT_ID, 'spec.yml'),
        ranFor: 'pull_request',
        runUrl: 'https://github.example/o/r/actions/runs/1',
        spec: 'spec.yml',
        scrub,
      }),
    ),
  };
}

/** Every fact in every rendering; for a failure in the terminal's text, in its messages. */
function expectSameFacts(conclusion: Conclusion, run: Pick<Run, 'dryRun' | 'onDrift'>): void {
  const facts = factsOf(conclusion);
  expect(facts.length).toBeGreaterThan(0);
  for (const [door, text] of Object.entries(renderings(conclusion, run))) {
    expect([door, facts.filter((fact) => !text.includes(fact))]).toEqual([door, []]);
  }
}

// A scope that differs from the spec in its description and its dependent scopes (the groups scope missing).
const DRIFTED = {
  description: 'Old text',
  required_domains: ['example.org'],
  dependent_scopes: [{ scope: TRANSFER_ID, optional: false, requires_refresh_token: true }],
};

describe('every door shows the same facts of the plan', () => {
  test('a creation planned: every field the creation would send, each dependent scope by string and id', async () => {
    const conclusion = await conclude({ service: world(), dryRun: true, onDrift: 'warn' });
    expect(conclusion.plan?.scopes[0].fields.map((f) => f.field)).toEqual([
      'name',
      'description',
      'scope_suffix',
      'advertised',
      'allow_refresh_tokens',
      'required_domains',
      'dependent_scopes',
    ]);
    expect(factsOf(conclusion)).toEqual(
      expect.arrayContaining([TRANSFER, TRANSFER_ID, GROUPS_SCOPE_STRING, GROUPS_SCOPE_ID]),
    );
    expectSameFacts(conclusion, { dryRun: true, onDrift: 'warn' });
  });

  test('a creation applied: every field it sent', async () => {
    const conclusion = await conclude({ service: world(), dryRun: false, onDrift: 'warn' });
    expect(conclusion.plan).toMatchObject({ dryRun: false, changes: true, scopes: [{ action: 'create' }] });
    expectSameFacts(conclusion, { dryRun: false, onDrift: 'warn' });
  });

  test.each<[string, boolean]>([
    ['planned', true],
    ['applied', false],
  ])('an update %s: each changed field before and after', async (_what, dryRun) => {
    const conclusion = await conclude({ service: world(DRIFTED), dryRun, onDrift: 'update' });
    expect(conclusion.plan?.scopes[0].fields.map((f) => f.field)).toEqual(['description', 'dependent_scopes']);
    expect(factsOf(conclusion)).toEqual(
      expect.arrayContaining(['Old text', 'Runs my actions', GROUPS_SCOPE_STRING, GROUPS_SCOPE_ID]),
    );
    expectSameFacts(conclusion, { dryRun, onDrift: 'update' });
  });

  test.each<OnDrift>(['warn', 'fail', 'ignore'])(
    'drift under on_drift: %s: each drifted field with both values',
    async (onDrift) => {
      for (const dryRun of [true, false]) {
        const conclusion = await conclude({ service: world(DRIFTED), dryRun, onDrift });
        expect(conclusion.plan?.scopes[0].comparison.filter((c) => !c.same).map((c) => c.field)).toEqual([
          'description',
          'dependent_scopes',
        ]);
        expectSameFacts(conclusion, { dryRun, onDrift });
      }
    },
  );

  test('a failure past validation: the error, the client and the scope string, in every door', async () => {
    const error = new ActionError(
      'dependent_scopes: no scope was found for "https://nowhere.example.org/scopes/none".',
    );
    const conclusion = concludeFailure(error, INPUT_NAMING, {
      clientId: CLIENT_ID,
      scopes: [{ suffix: 'action_all', scopeString: EXPECTED }],
    });
    expect(factsOf(conclusion)).toEqual([error.message, CLIENT_ID, EXPECTED]);
    expectSameFacts(conclusion, { dryRun: true, onDrift: 'warn' });
    // The job summary and the comment also say what the run knew before it failed.
    const { summary, comment } = renderings(conclusion, { dryRun: true, onDrift: 'warn' });
    for (const text of [summary, comment])
      expect(text).toContain(
        `| Client | ${CLIENT_ID} |\n| Scope string | ${EXPECTED} (the spec's; not read from the service) |`,
      );
  });
});

test("a list's failure past validation: every listed scope's string, in every door", () => {
  const scopes = ['alpha', 'beta', 'gamma'].map((suffix) => ({
    suffix,
    scopeString: `${AUTH_URL}/scopes/${CLIENT_ID}/${suffix}`,
  }));
  const conclusion = concludeFailure(new ActionError('The service failed.'), INPUT_NAMING, {
    clientId: CLIENT_ID,
    scopes,
  });
  expect(factsOf(conclusion)).toEqual(['The service failed.', CLIENT_ID, ...scopes.map((s) => s.scopeString)]);
  expectSameFacts(conclusion, { dryRun: false, onDrift: 'warn' });
});

describe('a dependent scope', () => {
  test("shows the string the spec gave, or its id's lookup returned, with the whole id beside it; the service's others by id alone, after the spec's", async () => {
    const unknownToSpec = nthUuid(205);
    const service = world({
      dependent_scopes: [
        { scope: unknownToSpec, optional: false, requires_refresh_token: false },
        { scope: TRANSFER_ID, optional: false, requires_refresh_token: true },
      ],
    });
    service.addScope({ id: unknownToSpec, scope_string: 'https://other.example.org/scopes/x', client: nthUuid(300) });
    const conclusion = await conclude({ service, dryRun: true, onDrift: 'warn' });
    const dependents = conclusion.plan?.scopes[0].comparison.find((c) => c.field === 'dependent_scopes');
    expect(dependents?.spec).toEqual([
      { scope_string: TRANSFER, scope: TRANSFER_ID, optional: false, requires_refresh_token: true },
      { scope_string: GROUPS_SCOPE_STRING, scope: GROUPS_SCOPE_ID, optional: true, requires_refresh_token: true },
    ]);
    // The spec's entries in its order, then the service's others by id; no request of this run named that one.
    expect(dependents?.service).toEqual([
      { scope_string: TRANSFER, scope: TRANSFER_ID, optional: false, requires_refresh_token: true },
      { scope_string: null, scope: unknownToSpec, optional: false, requires_refresh_token: false },
    ]);
    const { terminal } = renderings(conclusion, { dryRun: true, onDrift: 'warn' });
    const json = JSON.stringify(jsonReport('plan', conclusion, [], 0));
    expect(terminal).toContain(
      `${GROUPS_SCOPE_STRING} (${GROUPS_SCOPE_ID}) optional: true, requires_refresh_token: true`,
    );
    expect(terminal).toContain(`; ${unknownToSpec} optional: false, requires_refresh_token: false]`);
    // Its keys in one order everywhere.
    expect(json).toContain(
      `{"scope_string":"${TRANSFER}","scope":"${TRANSFER_ID}","optional":false,"requires_refresh_token":true}`,
    );
  });

  test('no run makes a request it did not make before: the strings come from the lookups already sent', async () => {
    const service = world(DRIFTED);
    await conclude({ service, dryRun: true, onDrift: 'warn' });
    expect(service.requests.map((r) => `${r.method} ${r.path}`).sort()).toEqual(
      ['GET /v2/api/clients/' + CLIENT_ID, 'GET /v2/api/scopes', 'GET /v2/api/scopes'].sort(),
    );
  });
});

describe('the plan as data', () => {
  test("a creation's fields ask no consent (a new scope's users consent to it whole), and it has no variants", async () => {
    const conclusion = await conclude({ service: world(), dryRun: true, onDrift: 'warn' });
    expect(conclusion.plan?.scopes[0].fields.map((f) => [f.field, f.before, f.consent])).toEqual(
      conclusion.plan?.scopes[0].fields.map((f) => [f.field, null, false]),
    );
    expect(conclusion.plan?.scopes[0].variants).toBe(0);
  });

  test('variants are counted for an update alone: a client with an FQDN variant and nothing to change has none to send to', async () => {
    const service = inProcessService();
    service.addClient({ id: CLIENT_ID, name: 'My app' });
    service.addScope({ id: TRANSFER_ID, scope_string: TRANSFER, advertised: true });
    const fields = {
      client: CLIENT_ID,
      name: 'My provider',
      description: 'Runs my actions',
      advertised: true,
      required_domains: ['example.org'],
      dependent_scopes: DRIFTED.dependent_scopes,
    };
    service.addScope({ ...fields, scope_string: EXPECTED });
    service.addScope({ ...fields, scope_string: 'https://actions.example.org/scopes/action_all' });
    const spec = scopeSpecSchema.parse({
      name: 'My provider',
      description: 'Runs my actions',
      advertised: true,
      required_domains: ['example.org'],
      dependent_scopes: [{ scope: TRANSFER }],
    });
    const same = await conclude({ service, spec, dryRun: true, onDrift: 'update' });
    expect([same.plan?.scopes[0].action, same.plan?.scopes[0].variants]).toEqual(['none', 0]);
    const changed = await conclude({
      service,
      spec: { ...spec, description: 'Runs more' },
      dryRun: true,
      onDrift: 'update',
    });
    expect([changed.plan?.scopes[0].action, changed.plan?.scopes[0].variants]).toEqual(['update', 1]);
  });
});

describe("the list form: every door shows every listed scope, and the client's others", () => {
  const listed = (suffix: string, dependents: Array<Record<string, unknown>> = []) =>
    listedScopeSchema.parse({
      name: `Provider ${suffix}`,
      description: `Runs ${suffix}`,
      scope_suffix: suffix,
      advertised: true,
      dependent_scopes: dependents,
    });
  const stringOf = (suffix: string): string => `${AUTH_URL}/scopes/${CLIENT_ID}/${suffix}`;
  function shared(): EmbeddedAuthService {
    const service = world();
    // One listed scope that drifts, one the spec does not list.
    service.addScope({
      client: CLIENT_ID,
      scope_string: stringOf('kept'),
      name: 'Provider kept',
      description: 'Old text',
      advertised: true,
    });
    service.addScope({
      client: CLIENT_ID,
      scope_string: stringOf('other'),
      name: 'Not ours',
      description: 'Left alone',
      advertised: true,
    });
    return service;
  }
  const SPECS = [
    listed('kept'),
    listed('base', [{ scope: TRANSFER }]),
    listed('dependent', [{ scope_suffix: 'base' }, { scope_suffix: 'kept', optional: true }]),
  ];

  test.each<[OnDrift, boolean]>([
    ['warn', true],
    ['update', true],
    ['warn', false],
    ['update', false],
  ])(
    'on_drift %s, dry run %s: each scope by its suffix, created, planned (a sibling "to be created") or updated, and the scope left out',
    async (onDrift, dryRun) => {
      const conclusion = await concludeList({ service: shared(), specs: SPECS, dryRun, onDrift });
      expect(conclusion.plan?.scopes.map((s) => [s.suffix, s.action])).toEqual([
        ['kept', onDrift === 'update' ? 'update' : 'none'],
        ['base', 'create'],
        ['dependent', 'create'],
      ]);
      expect(conclusion.plan?.unlisted).toEqual([stringOf('other')]);
      expect(factsOf(conclusion)).toEqual(
        expect.arrayContaining([
          'kept',
          'base',
          'dependent',
          stringOf('base'),
          stringOf('other'),
          TRANSFER,
          TRANSFER_ID,
          'Old text',
        ]),
      );
      expectSameFacts(conclusion, { dryRun, onDrift });
      // A sibling only planned shows as such wherever a door shows the dependent's fields.
      if (dryRun)
        for (const [door, text] of Object.entries(renderings(conclusion, { dryRun, onDrift })))
          expect([door, text.includes('to be created') || door === 'json']).toEqual([door, true]);
    },
  );
});

describe('the list form in the summary and on the terminal', () => {
  const listed = (suffix: string, description = `Runs ${suffix}`) =>
    listedScopeSchema.parse({ name: `Provider ${suffix}`, description, scope_suffix: suffix, advertised: true });
  const stringOf = (suffix: string): string => `${AUTH_URL}/scopes/${CLIENT_ID}/${suffix}`;

  test('a headline that counts, a section per scope with its status, the scopes left out named as such; the terminal counts the same', async () => {
    const service = world();
    service.addScope({
      client: CLIENT_ID,
      scope_string: stringOf('kept'),
      name: 'Provider kept',
      description: 'Runs kept',
      advertised: true,
    });
    service.addScope({
      client: CLIENT_ID,
      scope_string: stringOf('drifted'),
      name: 'Provider drifted',
      description: 'Old',
      advertised: true,
    });
    service.addScope({
      client: CLIENT_ID,
      scope_string: stringOf('other'),
      name: 'Not ours',
      description: 'Left alone',
      advertised: true,
    });
    const conclusion = await concludeList({
      service,
      specs: [listed('kept'), listed('drifted'), listed('new')],
      dryRun: true,
      onDrift: 'warn',
      naming: cliNaming(),
    });
    const summary = buildSummary(conclusion, { ranFor: 'pull_request' });
    // A scope's section: its heading, its table, then its own tables a level below.
    expect(summary).toContain(
      `#### new: to create\n\n| Item | Value |\n|---|---|\n| Scope string | <code>${markdownEscaped(stringOf('new'))}</code> |\n` +
        '| Scope id | none yet |\n| Created by this run | no: dry run, nothing was created |\n\n##### The scope a run would create\n\n',
    );
    expect(summary).toContain(
      '### Dry run: 3 provider scope(s): 1 would be created, 0 would be updated, 2 already registered\n',
    );
    expect(summary).toContain(
      `| Not in the spec (left as they are) | <code>${markdownEscaped(stringOf('other'))}</code> |`,
    );
    expect(summary.match(/^#### .*$/gm)).toEqual([
      '#### What changes',
      '#### kept: unchanged',
      '#### drifted: unchanged, differs from the spec',
      '#### new: to create',
      '#### Warnings',
      '#### Outputs',
    ]);
    const style = {
      paint: { added: String, changed: String, removed: String, dim: String, bold: String },
      show: inert,
    };
    const lines = humanReport(conclusion, style);
    expect(lines).toContain(`Not in the spec, left as they are: ${stringOf('other')}`);
    // The verdict names the scopes that change or differ, not the one left as the spec says; the next steps follow the plan.
    expect(lines[0]).toBe('Dry run: drifted: description differs from the spec; new would be created.');
    expect(lines.filter((line) => line.startsWith('Next: '))).toEqual([
      `Next: apply would send POST /v2/api/clients/${CLIENT_ID}/scopes.`,
      'Next: With --on-drift warn, apply leaves the scope as the service has it; --on-drift update would change 1 field(s).',
    ]);
    expect(conclusion.messages.filter((m) => m.level === 'warning').map((m) => m.text)).toEqual([
      expect.stringMatching(
        /^drifted: The client's scope differs from the spec in description: the spec says "Runs drifted", the service has "Old"\./,
      ),
    ]);
    // Under on_drift: update, what a dry run would do and what the run did, counted in the same words.
    const specs = [listed('kept'), listed('drifted'), listed('new')];
    const headlineOf = async (dryRun: boolean): Promise<string | undefined> =>
      buildSummary(await concludeList({ service, specs, dryRun, onDrift: 'update', naming: cliNaming() }), {
        ranFor: 'push',
      }).match(/^### .*$/m)?.[0];
    expect(await headlineOf(true)).toBe(
      '### Dry run: 3 provider scope(s): 1 would be created, 1 would be updated, 1 already registered',
    );
    expect(await headlineOf(false)).toBe('### 3 provider scope(s): 1 created, 1 updated, 1 already registered');
  });

  test('nothing to change: every listed scope matches, in the terminal and the comment', async () => {
    const service = world();
    service.addScope({
      client: CLIENT_ID,
      scope_string: stringOf('a'),
      name: 'Provider a',
      description: 'Runs a',
      advertised: true,
    });
    service.addScope({
      client: CLIENT_ID,
      scope_string: stringOf('b'),
      name: 'Provider b',
      description: 'Runs b',
      advertised: true,
    });
    const conclusion = await concludeList({
      service,
      specs: [listed('a'), listed('b')],
      dryRun: true,
      onDrift: 'warn',
      naming: cliNaming(),
    });
    const style = {
      paint: { added: String, changed: String, removed: String, dim: String, bold: String },
      show: inert,
    };
    const lines = humanReport(conclusion, style);
    expect(lines[0]).toBe('No changes: every listed scope matches the spec.');
    expect(lines.filter((line) => line.startsWith('Next: '))).toEqual([]);
    const comment = renderComment({
      conclusion,
      marker: 'm',
      ranFor: 'pull_request',
      runUrl: 'https://github.example/r',
      spec: 'spec.yml',
      scrub: (t) => t,
    });
    expect(comment.split('\n')[1]).toBe('**No changes**: every listed scope matches the spec.');
    expect(conclusion.plan?.changes).toBe(false);
  });
});

/** As job-summary.ts escapes a value in a cell. */
const markdownEscaped = (text: string): string => text.replace(/[\\`*_[\]()<>!&|:@~]/g, '\\$&');
