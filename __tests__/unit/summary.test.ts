import { describe, expect, test } from '@jest/globals';
import { TOLD_APART, TOLD_AS_ONE } from '../../src/engine/settings/telling.ts';
import { concludeRun, outputsOf, type Conclusion, type ProviderVerdict } from '../../src/engine/conclude/conclude.ts';
import { CONSENT_NOTE } from '../../src/engine/reconcile/drift.ts';
import { planOf, type Ensured, type Plan } from '../../src/engine/reconcile/plan.ts';
import type { Problem } from '../../src/engine/settings/problems.ts';
import type { ReconcileResult } from '../../src/engine/reconcile/reconcile.ts';
import { INPUT_NAMING } from '../../src/github/inputs.ts';
import { describeRun, type RunContext } from '../../src/github/run-context.ts';
import { buildSummary, escapeMarkdown, sectionsOf, type SummaryContext } from '../../src/render/summary.ts';
import { outputStrings, type OutputStrings } from '../../src/render/outputs.ts';
import type { ProviderCheck } from '../../src/wire/provider.ts';
import { id } from '../support/ids.ts';
import { conclusionOf, failedRun, single } from '../support/plans.ts';

const WHOLE = '<details><summary>The whole report</summary>\n\n';
/** A summary's two parts: what it opens with (the verdict, the table of changes, the next step), and the whole report folded below. */
const partsOf = (summary: string): { head: string; report: string } => {
  const at = summary.indexOf(WHOLE);
  if (at === -1) return { head: summary, report: '' };
  expect(summary.endsWith('\n</details>\n')).toBe(true);
  return { head: summary.slice(0, at), report: summary.slice(at + WHOLE.length, -'\n</details>\n'.length) };
};
const reportOf = (summary: string): string => partsOf(summary).report;

/** The summary of a run's plan alone: no messages, no outputs. */
const summaryOf = (
  result: ReconcileResult,
  { dryRun = false, provider }: { dryRun?: boolean; provider?: ProviderCheck },
  context: SummaryContext,
): string =>
  buildSummary(
    conclusionOf(result, { dryRun, ...(provider === undefined ? {} : { provider }), outputs: false }),
    context,
  );
const problemsSummary = (problems: Problem[], scrub: (text: string) => string): string =>
  buildSummary(failedRun({ messages: problems.map((p) => ({ level: 'error', text: p.message })), problems }), {
    ranFor: 'r',
    scrub,
  });

const CLIENT_ID = id('6f4d4ff0-0f3c-4a55-9a8e-5a8c1f3d2b10');
const SCOPE_ID = id('0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9');
const FQDN_SCOPE_ID = id('9a8b7c6d-5e4f-4321-8fed-cba987654321');
const SCOPE_STRING = `https://auth.example.org/scopes/${CLIENT_ID}/action_all`;
const GROUPS_ID = '73320ffe-4cb4-4b25-a0a3-83d53d59ce4f';
const GROUPS = 'urn:globus:auth:scope:groups.api.globus.org:view_my_groups_and_memberships';
const DEPENDENT = { scope_string: GROUPS, scope: GROUPS_ID, optional: false, requires_refresh_token: false };
const DEPENDENT_TEXT = `${GROUPS} (${GROUPS_ID}) optional: false, requires_refresh_token: false`;
const FQDN_SCOPE_STRING = 'https://actions.example.org/scopes/action_all';

const CREATED: ReconcileResult = {
  scope: { id: SCOPE_ID, scope_string: SCOPE_STRING },
  scopes: [
    { id: SCOPE_ID, scope_string: SCOPE_STRING },
    { id: FQDN_SCOPE_ID, scope_string: FQDN_SCOPE_STRING },
  ],
  created: true,
  client: { id: CLIENT_ID, name: 'Example Action Provider' },
  wouldCreate: false,
  definition: {
    name: 'Example',
    description: 'Runs examples',
    scope_suffix: 'action_all',
    advertised: true,
    allow_refresh_tokens: false,
    dependent_scopes: [{ scope: id(GROUPS_ID), optional: false, requires_refresh_token: false }],
  },
  comparison: [],
  changes: [],
  updated: false,
  names: new Map([[GROUPS_ID, GROUPS]]),
};

const EXISTING: ReconcileResult = {
  scope: { id: SCOPE_ID, scope_string: SCOPE_STRING },
  scopes: [{ id: SCOPE_ID, scope_string: SCOPE_STRING }],
  created: false,
  client: { id: CLIENT_ID, name: undefined },
  wouldCreate: false,
  comparison: [],
  changes: [],
  updated: false,
  names: new Map(),
};

describe('outputsOf', () => {
  test.each<[string, ReconcileResult, OutputStrings]>([
    [
      'a created scope with an FQDN variant',
      CREATED,
      {
        scope_string: SCOPE_STRING,
        scope_id: SCOPE_ID,
        scope_strings: `["${SCOPE_STRING}","${FQDN_SCOPE_STRING}"]`,
        created: 'true',
        updated: 'false',
        changes: 'true',
        scopes: JSON.stringify({
          action_all: { scope_string: SCOPE_STRING, scope_id: SCOPE_ID, created: true, updated: false, changes: true },
        }),
      },
    ],
    [
      'an existing scope',
      EXISTING,
      {
        scope_string: SCOPE_STRING,
        scope_id: SCOPE_ID,
        scope_strings: `["${SCOPE_STRING}"]`,
        created: 'false',
        updated: 'false',
        changes: 'false',
        scopes: JSON.stringify({
          action_all: {
            scope_string: SCOPE_STRING,
            scope_id: SCOPE_ID,
            created: false,
            updated: false,
            changes: false,
          },
        }),
      },
    ],
    [
      'an updated scope',
      { ...EXISTING, updated: true, changes: [{ field: 'name', spec: 'n', service: 'o', same: false }] },
      {
        scope_string: SCOPE_STRING,
        scope_id: SCOPE_ID,
        scope_strings: `["${SCOPE_STRING}"]`,
        created: 'false',
        updated: 'true',
        changes: 'true',
        scopes: JSON.stringify({
          action_all: { scope_string: SCOPE_STRING, scope_id: SCOPE_ID, created: false, updated: true, changes: true },
        }),
      },
    ],
  ])('%s', (_title, result, expected) => {
    expect(outputStrings(outputsOf([result], planOf(single(result), false)))).toEqual(expected);
  });

  describe("a list: scope_string and scope_id the first listed scope's, created, updated and changes any listed scope's", () => {
    const ids: Record<string, string> = {
      first: '00000000-0000-4000-8000-000000000001',
      second: '00000000-0000-4000-8000-000000000002',
      third: '00000000-0000-4000-8000-000000000003',
    };
    const listed = (suffix: string, result: ReconcileResult): ReconcileResult => {
      const scope = {
        id: id(ids[suffix] ?? ''),
        scope_string: `https://auth.example.org/scopes/${CLIENT_ID}/${suffix}`,
      };
      return {
        ...result,
        scope,
        scopes: [scope],
        ...(result.definition === undefined ? {} : { definition: { ...result.definition, scope_suffix: suffix } }),
      } as ReconcileResult;
    };
    const top = (second: ReconcileResult, dryRun = false): Record<string, string> => {
      const results: [ReconcileResult, ...ReconcileResult[]] = [
        listed('first', EXISTING),
        listed('second', second),
        listed('third', EXISTING),
      ];
      const { scope_string, scope_id, created, updated, changes } = outputStrings(
        outputsOf(results, planOf({ telling: TOLD_APART, results, unlisted: [] }, dryRun)),
      );
      return { scope_string, scope_id, created, updated, changes };
    };
    const first = { scope_string: `https://auth.example.org/scopes/${CLIENT_ID}/first`, scope_id: ids.first };
    test.each<[string, ReconcileResult, boolean, Record<string, string>]>([
      ['only the second created', CREATED, false, { created: 'true', updated: 'false', changes: 'true' }],
      [
        'only the second updated',
        { ...EXISTING, updated: true, changes: [{ field: 'name', spec: 'n', service: 'o', same: false }] },
        false,
        { created: 'false', updated: 'true', changes: 'true' },
      ],
      [
        'only the second drifted under warn, in a dry run',
        { ...EXISTING, comparison: [{ field: 'name', spec: 'n', service: 'o', same: false }] },
        true,
        { created: 'false', updated: 'false', changes: 'false' },
      ],
      ['all unchanged', EXISTING, false, { created: 'false', updated: 'false', changes: 'false' }],
    ])('%s', (_title, second, dryRun, expected) => {
      expect(top(second, dryRun)).toEqual({ ...first, ...expected });
    });
  });
});

describe('describeRun', () => {
  test.each<[string, RunContext, string]>([
    [
      'a published release, by its tag',
      { eventName: 'release', ref: 'refs/tags/v1.2.0', payload: { release: { tag_name: 'v1.2.0' } } },
      'release v1.2.0',
    ],
    ['an event on a ref', { eventName: 'push', ref: 'refs/heads/main', payload: {} }, 'push on refs/heads/main'],
    [
      'a release payload without a tag: the event on its ref',
      {
        eventName: 'release',
        ref: 'refs/tags/v1',
        payload: { release: { html_url: 'https://github.com/o/r/releases/v1' } },
      },
      'release on refs/tags/v1',
    ],
    ['an empty ref: the event alone', { eventName: 'workflow_dispatch', ref: '', payload: {} }, 'workflow_dispatch'],
    ['no event and no ref: a local run', { eventName: '', ref: '', payload: {} }, 'a local run'],
    ['outside a runner, neither set: a local run', { payload: {} } as unknown as RunContext, 'a local run'],
  ])('%s', (_title, context, expected) => {
    expect(describeRun(context)).toBe(expected);
  });
});

// The characters that could start markdown inline, backslash-escaped, as CommonMark allows.
const esc = (text: string): string => text.replace(/[\\`*_[\]()<>!&|:@~]/g, '\\$&');

describe('escapeMarkdown: text from a spec or a server renders as that text', () => {
  test.each([
    ['a link', '[Re-authorize here](https://evil.example)', '\\[Re-authorize here\\]\\(https\\://evil.example\\)'],
    ['an image', '![x](https://evil.example/p.png)', '\\!\\[x\\]\\(https\\://evil.example/p.png\\)'],
    ['emphasis and strike-through', '**bold** _it_ ~~no~~', '\\*\\*bold\\*\\* \\_it\\_ \\~\\~no\\~\\~'],
    [
      'autolinks',
      'https://evil.example www.x.org WWW.y.org a@evil.example',
      'https\\://evil.example www\\.x.org WWW\\.y.org a\\@evil.example',
    ],
    ['code', '`x`', '\\`x\\`'],
    ['HTML and an entity', '<img src=x>&amp;', '\\<img src=x\\>\\&amp;'],
    ['a table cell and line breaks', 'a|b\r\nc\nd', 'a\\|b c d'],
    ['letters, digits and others untouched', 'Name 42 é, v1.2-rc/x', 'Name 42 é, v1.2-rc/x'],
  ])('%s', (_what, text, expected) => {
    expect(escapeMarkdown(text)).toBe(expected);
  });
});

describe('buildSummary', () => {
  test('a validation failure: every problem, scrubbed, each escaped, with its line', () => {
    const problems = [
      { field: 'name', message: 'f.yml: name [bad](x) secret', location: { file: 'f.yml', startLine: 2 } },
    ];
    expect(problemsSummary(problems, (text) => text.replace('secret', '***'))).toContain(
      '- line 2: f.yml\\: name \\[bad\\]\\(x\\) \\*\\*\\*',
    );
  });

  test('a created scope', () => {
    const summary = summaryOf(CREATED, { dryRun: false }, { ranFor: 'release v1.2.0' });
    expect(partsOf(summary).head).toBe(
      [
        '**Applied**: <code>action\\_all</code> was created.',
        '',
        '#### What changes',
        '',
        '| Scope | Field | Service | Spec |',
        '|---|---|---|---|',
        `| <code>action\\_all</code> | new scope | none | <code>${esc(SCOPE_STRING)}</code> |`,
        `|  | name | none | <code>${esc('"Example"')}</code> |`,
        `|  | description | none | <code>${esc('"Runs examples"')}</code> |`,
        `|  | scope_suffix | none | <code>${esc('"action_all"')}</code> |`,
        '|  | advertised | none | <code>true</code> |',
        '|  | allow_refresh_tokens | none | <code>false</code> |',
        `|  | dependent_scopes | none | <code>${esc(DEPENDENT_TEXT)}</code> |`,
        '',
        '',
      ].join('\n'),
    );
    expect(reportOf(summary)).toBe(
      [
        '### Provider scope created',
        '',
        '| Item | Value |',
        '|---|---|',
        `| Client | Example Action Provider <code>${esc(CLIENT_ID)}</code> |`,
        `| Scope string | <code>${esc(SCOPE_STRING)}</code> |`,
        `| Scope id | <code>${esc(SCOPE_ID)}</code> |`,
        '| Created by this run | yes |',
        `| All scope strings | <code>${esc(SCOPE_STRING)}</code><br><code>${esc(FQDN_SCOPE_STRING)}</code> |`,
        '| Ran for | release v1.2.0 |',
        '',
        '#### Created by this run',
        '',
        '| Field | Value |',
        '|---|---|',
        `| name | <code>${esc('"Example"')}</code> |`,
        `| description | <code>${esc('"Runs examples"')}</code> |`,
        `| scope_suffix | <code>${esc('"action_all"')}</code> |`,
        '| advertised | <code>true</code> |',
        '| allow_refresh_tokens | <code>false</code> |',
        `| dependent_scopes | <code>${esc(DEPENDENT_TEXT)}</code> |`,
        '',
      ].join('\n'),
    );
  });

  test('an existing scope, for a client without a name', () => {
    const summary = summaryOf(EXISTING, { dryRun: false }, { ranFor: 'push on refs/heads/main' });
    expect(partsOf(summary).head).toBe('**No changes**: the scope matches the spec.\n\n');
    expect(reportOf(summary)).toBe(
      [
        '### Provider scope already registered',
        '',
        '| Item | Value |',
        '|---|---|',
        `| Client | <code>${esc(CLIENT_ID)}</code> |`,
        `| Scope string | <code>${esc(SCOPE_STRING)}</code> |`,
        `| Scope id | <code>${esc(SCOPE_ID)}</code> |`,
        '| Created by this run | no, it already existed |',
        `| All scope strings | <code>${esc(SCOPE_STRING)}</code> |`,
        '| Ran for | push on refs/heads/main |',
        '',
      ].join('\n'),
    );
  });

  test('a dry run: what would be created, or what is registered, said plainly', () => {
    const planned = { id: '' as const, scope_string: SCOPE_STRING };
    const definition = {
      name: 'n',
      description: 'd',
      scope_suffix: 'action_all',
      advertised: true,
      allow_refresh_tokens: true,
      dependent_scopes: [],
    };
    const wouldCreate: ReconcileResult = {
      ...EXISTING,
      scope: planned,
      scopes: [planned],
      wouldCreate: true,
      definition,
    };
    const plan = summaryOf(wouldCreate, { dryRun: true }, { ranFor: 'pull_request' });
    expect(plan).toContain('### Dry run: the provider scope would be created');
    expect(plan).toContain('| Scope id | none yet |');
    expect(plan).toContain('| Created by this run | no: dry run, nothing was created |');
    expect(summaryOf(EXISTING, { dryRun: true }, { ranFor: 'pull_request' })).toContain(
      '### Dry run: provider scope already registered',
    );
  });

  const COMPARED: ReconcileResult = {
    ...EXISTING,
    comparison: [
      { field: 'name', spec: 'n', service: 'n', same: true },
      { field: 'dependent_scopes', spec: [DEPENDENT], service: [], same: false },
    ],
  };
  const CHANGES = [{ field: 'dependent_scopes', spec: [DEPENDENT], service: [], same: false }];

  test('an update: the changed fields before and after, with the consent note on dependent scopes, then the spec against the service', () => {
    const summary = summaryOf({ ...COMPARED, changes: CHANGES, updated: true }, { dryRun: false }, { ranFor: 'r' });
    expect(partsOf(summary).head).toBe(
      [
        '**Applied**: <code>action\\_all</code>: dependent_scopes changed.',
        '',
        '#### What changes',
        '',
        '| Scope | Field | Service | Spec |',
        '|---|---|---|---|',
        `| <code>action\\_all</code> | dependent_scopes | <code>${esc('[]')}</code> | <code>${esc(DEPENDENT_TEXT)}</code> |`,
        '',
        '',
      ].join('\n'),
    );
    expect(reportOf(summary).split('\n')[0]).toBe('### Provider scope updated');
    // The two tables end the report, and a blank line ends each.
    expect(reportOf(summary).slice(reportOf(summary).indexOf('#### Updated by this run'))).toBe(
      [
        '#### Updated by this run',
        '',
        '| Field | Before | After |',
        '|---|---|---|',
        `| dependent_scopes | <code>${esc('[]')}</code> | <code>${esc(DEPENDENT_TEXT)}</code> |`,
        '',
        `**Consent** (dependent_scopes): ${esc(CONSENT_NOTE)}.`,
        '',
        '#### The spec and the service',
        '',
        '| Field | Spec | Service | Status |',
        '|---|---|---|---|',
        `| name | <code>${esc('"n"')}</code> | <code>${esc('"n"')}</code> | same |`,
        `| dependent_scopes | <code>${esc(DEPENDENT_TEXT)}</code> | <code>${esc('[]')}</code> | **differs** |`,
        '',
      ].join('\n'),
    );
  });

  test('a dry run that would update: said so, the table of what would become, no consent note on another field', () => {
    const changes = [{ field: 'description', spec: 'new', service: 'old', same: false }];
    const summary = summaryOf({ ...EXISTING, comparison: changes, changes }, { dryRun: true }, { ranFor: 'r' });
    expect(summary.split('\n')[0]).toBe('**Dry run**: <code>action\\_all</code>: description would change.');
    expect(summary).toContain(`**Next**: a run without dry\\_run would send PUT /v2/api/scopes/${esc(SCOPE_ID)}.\n`);
    expect(reportOf(summary).split('\n')[0]).toBe('### Dry run: the provider scope would be updated');
    expect(summary).toContain('#### The update a run would make\n\n| Field | Before | Would become |\n|---|---|---|\n');
    // The table, then the next part at once: no consent note.
    expect(summary).toContain(
      `| description | <code>${esc('"old"')}</code> | <code>${esc('"new"')}</code> |\n\n#### The spec and the service\n`,
    );
    expect(summary).not.toContain('Consent');
    expect(summary).not.toContain('Updated by this run');
  });

  test('drift left as it is: no update table, the comparison only', () => {
    const summary = summaryOf(COMPARED, { dryRun: false }, { ranFor: 'r' });
    expect(summary).not.toMatch(/#### (Updated by this run|The update a run would make)/);
    expect(summary).toContain('#### The spec and the service');
  });

  test("the provider's check: what it publishes, under which key, and whether it matches", () => {
    const row = (provider: { url: string; key?: string; published?: string; matches: boolean }) =>
      summaryOf(EXISTING, { provider }, { ranFor: 'r' })
        .split('\n')
        .find((line) => line.startsWith('| Provider publishes |'));
    expect(
      row({ url: 'https://p.example.org/', key: 'globus_auth_scope', published: SCOPE_STRING, matches: true }),
    ).toBe(
      `| Provider publishes | <code>${esc(SCOPE_STRING)}</code> as <code>globus\\_auth\\_scope</code> (matches) |`,
    );
    expect(row({ url: 'https://p.example.org/', published: 'other', matches: false })).toBe(
      '| Provider publishes | <code>other</code> as <code></code> (**not a scope string of this client**) |',
    );
    expect(row({ url: 'https://p.example.org/', matches: false })).toBe(
      '| Provider publishes | no scope (**not a scope string of this client**) |',
    );
    expect(summaryOf(EXISTING, { dryRun: false }, { ranFor: 'r' })).not.toContain('Provider publishes');
  });

  test('several providers: a row each, named by its address and the scope it had to publish; one unread says so', () => {
    const verdict = (suffix: string, more: Partial<ProviderVerdict>): ProviderVerdict => ({
      suffix,
      url: `https://${suffix}.example.org/`,
      read: true,
      key: 'globus_auth_scope',
      published: SCOPE_STRING,
      matches: true,
      allowed: `the scope string of the scope ${suffix}`,
      ...more,
    });
    const conclusion = {
      ...conclusionOf(EXISTING, { outputs: false }),
      providers: [
        verdict('a', {}),
        verdict('b_1', { matches: false }),
        verdict('c', { read: false, matches: false, key: undefined, published: undefined }),
      ],
    };
    const rows = buildSummary(conclusion, { ranFor: 'r' })
      .split('\n')
      .filter((line) => line.startsWith('| Provider'));
    expect(rows).toEqual([
      `| Provider <code>https\\://a.example.org/</code> for a publishes | <code>${esc(SCOPE_STRING)}</code> as <code>globus\\_auth\\_scope</code> (matches) |`,
      `| Provider <code>https\\://b\\_1.example.org/</code> for b\\_1 publishes | <code>${esc(SCOPE_STRING)}</code> as <code>globus\\_auth\\_scope</code> (**not the scope string of the scope b\\_1**) |`,
      '| Provider <code>https\\://c.example.org/</code> for c | could not be read (the errors say why) (**not the scope string of the scope c**) |',
    ]);
  });

  test("the settings it ran with: on_drift in the door's words, and whether it was a dry run; none without them", () => {
    const row = (dryRun: boolean, context: Partial<SummaryContext> = {}, onDrift: Conclusion['onDrift'] = 'update') =>
      buildSummary({ ...conclusionOf(EXISTING, { dryRun, outputs: false }), onDrift }, { ranFor: 'r', ...context })
        .split('\n')
        .find((line) => line.startsWith('| Settings |'));
    expect(row(true)).toBe('| Settings | <code>on\\_drift\\: update</code>, a dry run |');
    expect(row(false, {}, 'warn')).toBe('| Settings | <code>on\\_drift\\: warn</code> |');
    expect(row(true, { assign: (setting, value) => `--${setting.replace('_', '-')} ${value}` })).toBe(
      '| Settings | <code>--on-drift update</code>, a dry run |',
    );
    // verify holds no spec to the scope: no on_drift, no row.
    expect(buildSummary(conclusionOf(EXISTING, { dryRun: true }), { ranFor: 'r' })).not.toContain('| Settings |');
  });

  test('every value is scrubbed before it is escaped', () => {
    const result: ReconcileResult = {
      ...COMPARED,
      client: { id: CLIENT_ID, name: 'name with s3cr3t' },
      changes: CHANGES,
      updated: true,
    };
    const messages = [{ level: 'warning' as const, text: 'warned s3cr3t' }];
    const summary = buildSummary(conclusionOf(result, { messages }), {
      ranFor: 'for s3cr3t',
      scrub: (text) => text.replaceAll('s3cr3t', '***'),
    });
    expect(summary).not.toContain('s3cr3t');
    expect(summary).toContain('- **warning**: warned \\*\\*\\*');
    expect(summary).toContain('| Client | name with \\*\\*\\* ');
    expect(summary).toContain('| Ran for | for \\*\\*\\* |');
  });

  test('a problem without a line: no line number', () => {
    expect(problemsSummary([{ field: 'client_id', message: 'Input client_id is empty' }], (text) => text)).toBe(
      [
        '**Nothing was done**: 1 problem\\(s\\) to fix first.',
        '',
        '**Next**: Fix each problem below at its line. Run the step again.',
        '',
        'The inputs or the spec have 1 problem(s):',
        '',
        '- Input client\\_id is empty',
        '',
      ].join('\n'),
    );
  });

  test('names with |, <, \\ and line breaks do not break the table', () => {
    const result: ReconcileResult = {
      ...EXISTING,
      client: { id: CLIENT_ID, name: 'Evil | <script>x</script>\r\nname \\' },
    };
    const summary = reportOf(summaryOf(result, {}, { ranFor: 'push on refs/heads/a|b\nc' }));
    const lines = summary.split('\n');

    expect(lines[4]).toBe(`| Client | Evil \\| \\<script\\>x\\</script\\> name \\\\ <code>${esc(CLIENT_ID)}</code> |`);
    expect(lines[9]).toBe('| Ran for | push on refs/heads/a\\|b c |');
    // Still the same six rows, each with exactly two cells: no unescaped | inside a cell.
    expect(lines).toHaveLength(11);
    const tableRows = lines.filter((line) => line.startsWith('|'));
    expect(tableRows).toHaveLength(8);
    for (const row of tableRows) expect(row.match(/(?<!\\)\|/g)).toHaveLength(3);
    expect(summary).not.toContain('<script>');
  });

  test('a creation planned: its own heading; two dependent scopes, one a line, each its string and id', () => {
    const planned = { id: '' as const, scope_string: SCOPE_STRING };
    const transfer = { scope: id(FQDN_SCOPE_ID), optional: true, requires_refresh_token: false };
    const definition = {
      ...(CREATED.definition as NonNullable<ReconcileResult['definition']>),
      dependent_scopes: [...(CREATED.definition?.dependent_scopes ?? []), transfer],
    };
    const result: ReconcileResult = {
      ...CREATED,
      created: false,
      scope: planned,
      scopes: [planned],
      wouldCreate: true,
      definition,
    };
    const summary = summaryOf(result, { dryRun: true }, { ranFor: 'r' });
    expect(summary).toContain('#### The scope a run would create\n\n| Field | Value |\n|---|---|\n| name |');
    expect(summary).toContain(
      `| dependent_scopes | <code>${esc(DEPENDENT_TEXT)}</code><br><code>${esc(`${FQDN_SCOPE_ID} optional: true, requires_refresh_token: false`)}</code> |`,
    );
  });

  test('a failure past validation: what failed, and what the run knew before, whole', () => {
    const conclusion = failedRun({
      messages: [{ level: 'error' as const, text: 'The service failed' }],
      known: { clientId: CLIENT_ID, scopes: [{ suffix: 'action_all', scopeString: SCOPE_STRING }] },
    });
    const head =
      '**The run failed**: the run stopped before it could tell what would change.\n\n**Next**: The service failed\n\n';
    expect(buildSummary(conclusion, { ranFor: 'release v1' })).toBe(
      head +
        [
          '<details><summary>The whole report</summary>',
          '',
          '### Provider scope: the run failed',
          '',
          '| Item | Value |',
          '|---|---|',
          `| Client | <code>${esc(CLIENT_ID)}</code> |`,
          `| Scope string | <code>${esc(SCOPE_STRING)}</code> (the spec's; not read from the service) |`,
          '| Ran for | release v1 |',
          '',
          '</details>',
          '',
        ].join('\n'),
    );
    // Before its settings were known: the verdict and the errors alone.
    expect(buildSummary(failedRun({ messages: conclusion.messages }), { ranFor: 'r' })).toBe(head.slice(0, -1));
  });
});

describe("the list form: what changes first, each scope in the whole report in the spec's order", () => {
  const stringOf = (suffix: string): string => `https://auth.example.org/scopes/${CLIENT_ID}/${suffix}`;
  /** A listed scope, registered; `changed` plans an update of its name, `drifted` only differs. */
  const listed = (suffix: string, how: 'same' | 'changed' | 'drifted' = 'same'): ReconcileResult => {
    const scope = {
      id: id(`0b1c2d3e-4f50-4617-8293-a4b5c6d7e8${suffix.length.toString(16).padStart(2, '0')}`),
      scope_string: stringOf(suffix),
    };
    const name = {
      field: 'name',
      spec: `P ${suffix}`,
      service: how === 'same' ? `P ${suffix}` : 'old',
      same: how === 'same',
    };
    return {
      ...EXISTING,
      scope,
      scopes: [scope],
      comparison: [name],
      changes: how === 'changed' ? [name] : [],
      definition: { ...(CREATED.definition as NonNullable<ReconcileResult['definition']>), scope_suffix: suffix },
    };
  };
  const summaryOf = (results: ReconcileResult[], onDrift: 'warn' | 'update' = 'update'): string =>
    buildSummary(
      concludeRun({
        inputs: { on_drift: onDrift, dry_run: true },
        naming: INPUT_NAMING,
        ensured: { telling: TOLD_APART, results: results as Ensured['results'], unlisted: [] },
      }),
      { ranFor: 'r' },
    );
  const headings = (summary: string): string[] => summary.match(/^(#### .*|<details>.*|<\/details>)$/gm) ?? [];

  test("several unchanged and one changed: the changed one alone in the verdict and its table, every scope in the report in the spec's order", () => {
    const summary = summaryOf([listed('a'), listed('bb', 'changed'), listed('ccc'), listed('dddd')]);
    const { head, report } = partsOf(summary);
    expect(head).toBe(
      [
        '**Dry run**: <code>bb</code>: name would change.',
        '',
        '#### What changes',
        '',
        '| Scope | Field | Service | Spec |',
        '|---|---|---|---|',
        `| <code>bb</code> | name | <code>${esc('"old"')}</code> | <code>${esc('"P bb"')}</code> |`,
        '',
        `**Next**: a run without dry\\_run would send PUT /v2/api/scopes/${esc(listed('bb').scope.id)}.`,
        '',
        '',
      ].join('\n'),
    );
    expect(headings(report)).toEqual([
      '#### a: unchanged',
      '#### bb: to update, differs from the spec',
      '#### ccc: unchanged',
      '#### dddd: unchanged',
      '#### Outputs',
    ]);
    expect(
      sectionsOf(
        concludeRun({
          inputs: { on_drift: 'update', dry_run: true },
          naming: INPUT_NAMING,
          ensured: {
            telling: TOLD_APART,
            results: [listed('a'), listed('bb', 'changed'), listed('ccc')] as Ensured['results'],
            unlisted: [],
          },
        }).plan as Plan,
      ).map((scope) => scope.suffix),
    ).toEqual(['a', 'bb', 'ccc']);
  });

  test('scopes that differ from the spec, though the run leaves them: named, their rows, and what an update would change', () => {
    const summary = summaryOf([listed('a', 'drifted'), listed('bb', 'drifted'), listed('ccc')], 'warn');
    const { head, report } = partsOf(summary);
    expect(head.split('\n')[0]).toBe(
      '**Drift**: <code>a</code>: name differs from the spec; <code>bb</code>: name differs from the spec.',
    );
    expect(head).toContain(
      '**Next**: With on\\_drift\\: warn, a run without dry\\_run leaves 2 scopes as the service has them; on\\_drift\\: update would change 2 field\\(s\\).',
    );
    expect(headings(report)).toEqual([
      '#### a: unchanged, differs from the spec',
      '#### bb: unchanged, differs from the spec',
      '#### ccc: unchanged',
      '#### Warnings',
      '#### Outputs',
    ]);
    // Every one unchanged and the same: the verdict says so, no table.
    expect(partsOf(summaryOf([listed('a'), listed('bb')])).head).toBe(
      '**No changes**: every listed scope matches the spec.\n\n',
    );
    const one = concludeRun({
      inputs: { on_drift: 'warn', dry_run: true },
      naming: INPUT_NAMING,
      ensured: { telling: TOLD_AS_ONE, results: [listed('a')] as Ensured['results'], unlisted: [] },
    }).plan as Plan;
    expect(sectionsOf(one)).toEqual([]);
  });

  test('the outputs: each a value, the scopes output a table of its entries by suffix', () => {
    const summary = reportOf(summaryOf([listed('a'), listed('bb', 'changed')]));
    expect(summary.slice(summary.indexOf('#### Outputs'))).toBe(
      [
        '#### Outputs',
        '',
        '| Output | Value |',
        '|---|---|',
        `| scope_string | <code>${esc(stringOf('a'))}</code> |`,
        `| scope_id | <code>${esc(listed('a').scope.id)}</code> |`,
        `| scope_strings | <code>${esc(JSON.stringify([stringOf('a'), stringOf('bb')]))}</code> |`,
        '| created | <code>false</code> |',
        '| updated | <code>false</code> |',
        '| changes | <code>true</code> |',
        '| scopes | JSON: each scope by its suffix, as the table below |',
        '',
        '| Suffix | scope_string | scope_id | created | updated | changes |',
        '|---|---|---|---|---|---|',
        `| <code>a</code> | <code>${esc(stringOf('a'))}</code> | <code>${esc(listed('a').scope.id)}</code> | <code>false</code> | <code>false</code> | <code>false</code> |`,
        `| <code>bb</code> | <code>${esc(stringOf('bb'))}</code> | <code>${esc(listed('bb').scope.id)}</code> | <code>false</code> | <code>false</code> | <code>true</code> |`,
        '',
      ].join('\n'),
    );
  });

  test("a failed run of a list: every listed scope's string, as the spec gives it", () => {
    const known = {
      clientId: CLIENT_ID,
      scopes: ['a', 'bb', 'ccc'].map((suffix) => ({ suffix, scopeString: stringOf(suffix) })),
    };
    const summary = buildSummary(failedRun({ messages: [{ level: 'error', text: 'The service failed' }], known }), {
      ranFor: 'r',
    });
    expect(summary).toContain(
      `| Scope strings | ${['a', 'bb', 'ccc'].map((s) => `<code>${esc(stringOf(s))}</code>`).join('<br>')} (each the spec's; not read from the service) |\n`,
    );
  });
});
