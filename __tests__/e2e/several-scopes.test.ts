/**
 * End to end, one client with several scopes (the list form, `scopes:`): the bundled action
 * (and the command line's bundle) as processes against the embedded service on 127.0.0.1.
 * Each listed scope is matched to the client's scope with its suffix; a missing one is created
 * after the siblings it depends on; the client's other scopes are named and never touched.
 * The single form on a client whose scope has another suffix: drift.test.ts ("a client whose
 * only scope has another suffix"), still no creation.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ScopeRecord } from '../../dev/auth-service.ts';
import { ROOT, spawnProcess, type ActionRun } from '../../dev/runner.ts';
import { escapeMarkdown as md } from '../../src/render/summary.ts';
import { annotations, errors, expectSafe, Harness, SPEC_FILE, warnings } from '../support/harness.ts';

interface Entry {
  suffix: string;
  /** Siblings it depends on, by suffix. */
  siblings?: string[];
  description?: string;
}

const nameOf = (suffix: string): string => `Scope ${suffix}`;
const descriptionOf = (suffix: string): string => `Runs ${suffix} actions`;

/** A list-form spec: each entry advertised, with its name and description made from its suffix. */
const listSpec = (entries: Entry[]): string =>
  [
    'scopes:',
    ...entries.flatMap(({ suffix, siblings = [], description = descriptionOf(suffix) }) => [
      `  - name: ${nameOf(suffix)}`,
      `    description: ${description}`,
      `    scope_suffix: ${suffix}`,
      '    advertised: true',
      ...(siblings.length === 0 ? [] : ['    dependent_scopes:', ...siblings.map((s) => `      - scope_suffix: ${s}`)]),
    ]),
    '',
  ].join('\n');

const THREE: Entry[] = [{ suffix: 'alpha' }, { suffix: 'beta' }, { suffix: 'gamma', siblings: ['beta'] }];

let h: Harness;
beforeEach(async () => {
  h = await Harness.start();
});
afterEach(() => h.stop());

const stringOf = (suffix: string): string => `${h.service.url}/scopes/${h.client.id}/${suffix}`;
const runList = (entries: Entry[], inputs: Record<string, string> = {}): Promise<ActionRun> =>
  h.run({ files: { [SPEC_FILE]: listSpec(entries) }, inputs });

/** The client's scope with this suffix, as a run of the spec would have created it; `changes` make it drift. */
function seed(suffix: string, changes: Partial<ScopeRecord> = {}): ScopeRecord {
  return h.service.addScope({
    client: h.client.id,
    scope_string: stringOf(suffix),
    name: nameOf(suffix),
    description: descriptionOf(suffix),
    advertised: true,
    allows_refresh_token: true,
    dependent_scopes: [],
    ...changes,
  });
}

/** The client's scopes in the service's state, by suffix; every suffix once. */
function bySuffix(): Record<string, ScopeRecord> {
  const scopes = [...h.service.scopes.values()].filter((s) => s.client === h.client.id);
  const suffixes = scopes.map((s) => s.scope_string.split('/').at(-1) as string);
  expect(new Set(suffixes).size).toBe(suffixes.length);
  return Object.fromEntries(scopes.map((s, i) => [suffixes[i], s]));
}

const writes = (): string[] => h.service.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
type ScopesOutput = Record<
  string,
  { scope_string: string; scope_id: string; created: boolean; updated: boolean; changes: boolean }
>;
const scopesOutput = (result: ActionRun): ScopesOutput => JSON.parse(result.outputs.scopes ?? 'null') as ScopesOutput;
const snapshot = (scope: ScopeRecord): ScopeRecord => structuredClone(scope);

test('a shared client with two scopes the spec does not list gets a third; the two are untouched, and named in the log and the summary', async () => {
  const others = [seed('legacy_read', { description: 'Read only' }), seed('legacy_write', { advertised: false })].map(
    snapshot,
  );
  const result = await runList([{ suffix: 'action_all' }]);

  expect(result.exitCode).toBe(0);
  expect(annotations(result)).toEqual([]);
  const scopes = bySuffix();
  expect(Object.keys(scopes).sort()).toEqual(['action_all', 'legacy_read', 'legacy_write']);
  // Same ids, same fields.
  expect([scopes.legacy_read, scopes.legacy_write]).toEqual(others);
  expect(writes()).toEqual([`POST /v2/api/clients/${h.client.id}/scopes`]);
  expect(result.stdout).toContain(
    `The client's other scope(s), which the spec does not list, are left as they are: ${stringOf('legacy_read')}, ${stringOf('legacy_write')}`,
  );
  expect(result.summary).toContain(
    `| Not in the spec (left as they are) | ${others.map((o) => `<code>${md(o.scope_string)}</code>`).join('<br>')} |`,
  );
  expect(Object.keys(scopesOutput(result))).toEqual(['action_all']);
  expect(result.outputs.scope_string).toBe(stringOf('action_all'));
  expectSafe(h, result);
});

test('three listed, one existing, one new and one depending on the new one: both created, the dependent carrying its id', async () => {
  const alpha = snapshot(seed('alpha'));
  const result = await runList(THREE);

  expect(result.exitCode).toBe(0);
  expect(annotations(result)).toEqual([]);
  const scopes = bySuffix();
  expect(Object.keys(scopes).sort()).toEqual(['alpha', 'beta', 'gamma']);
  expect(scopes.alpha).toEqual(alpha);
  expect(scopes.gamma?.dependent_scopes).toEqual([
    { scope: scopes.beta?.id, optional: false, requires_refresh_token: true },
  ]);
  // beta first, then gamma: the level that waits for it; then one verifying inspection.
  const posts = h.service.requests
    .filter((r) => r.method === 'POST')
    .map((r) => (r.body as { scope: { scope_suffix: string } }).scope.scope_suffix);
  expect(posts).toEqual(['beta', 'gamma']);
  expect(h.service.apiCalls().at(-1)).toBe(`GET /v2/api/clients/${h.client.id}`);
  expect(h.countRequests('GET', `/v2/api/clients/${h.client.id}`)).toBe(2);

  const output = scopesOutput(result);
  expect(Object.keys(output)).toEqual(['alpha', 'beta', 'gamma']);
  expect(output).toEqual({
    alpha: { scope_string: stringOf('alpha'), scope_id: alpha.id, created: false, updated: false, changes: false },
    beta: { scope_string: stringOf('beta'), scope_id: scopes.beta?.id, created: true, updated: false, changes: true },
    gamma: {
      scope_string: stringOf('gamma'),
      scope_id: scopes.gamma?.id,
      created: true,
      updated: false,
      changes: true,
    },
  });
  // Each line about a listed scope starts with its suffix, in the spec's order.
  expect(result.stdout.split('\n').filter((line) => line.includes('scope_string: '))).toEqual([
    `alpha: scope_string: ${stringOf('alpha')} (already registered)`,
    `beta: scope_string: ${stringOf('beta')} (created)`,
    `gamma: scope_string: ${stringOf('gamma')} (created)`,
  ]);
  expect(result.stdout.split('\n').filter((line) => line.includes('creating'))).toEqual([
    expect.stringMatching(/^beta: the client has no scope with this suffix: creating "Scope beta"/),
    expect.stringMatching(/^gamma: the client has no scope with this suffix: creating "Scope gamma"/),
  ]);
  // scope_string and scope_id are the first listed scope's; created, updated and changes the registration's.
  expect(result.outputs).toMatchObject({
    scope_string: stringOf('alpha'),
    scope_id: alpha.id,
    created: 'true',
    updated: 'false',
    changes: 'true',
  });
  expectSafe(h, result);

  // Run again: nothing to create, one round of reads (the inspection and one lookup by string).
  const before = h.service.requests.length;
  const again = await runList(THREE);
  expect(again.exitCode).toBe(0);
  const reads = h.service.requests.slice(before);
  expect(reads.map((r) => `${r.method} ${r.path}`).sort()).toEqual(
    [`GET /v2/api/clients/${h.client.id}`, 'GET /v2/api/scopes'].sort(),
  );
  expect(reads.find((r) => r.path === '/v2/api/scopes')?.query).toEqual({
    scope_strings: ['alpha', 'beta', 'gamma'].map(stringOf).join(','),
  });
  // Sent together: a connection each.
  expect(new Set(reads.map((r) => r.connection)).size).toBe(2);
  expect(
    Object.fromEntries(Object.entries(scopesOutput(again)).map(([k, v]) => [k, [v.scope_id, v.created, v.changes]])),
  ).toEqual(Object.fromEntries(Object.entries(output).map(([k, v]) => [k, [v.scope_id, false, false]])));
  // Nothing changes: the verdict says so, the three sections in the folded report, the scopes output a row each.
  expect(again.summary).toContain(
    '**No changes**: every listed scope matches the spec.\n\n<details><summary>The whole report</summary>\n\n',
  );
  expect(again.summary).toContain('\n#### alpha: unchanged\n');
  expect(again.summary).toContain(
    `| <code>gamma</code> | <code>${md(stringOf('gamma'))}</code> | <code>${scopes.gamma?.id}</code> | <code>false</code> | <code>false</code> | <code>false</code> |`,
  );
  // All unchanged: the registration neither created, updated nor changed.
  expect(again.outputs).toMatchObject({
    scope_string: stringOf('alpha'),
    created: 'false',
    updated: 'false',
    changes: 'false',
  });
});

test('only the second listed scope missing: created is true for the registration, though the first existed', async () => {
  const [alpha] = [seed('alpha'), seed('gamma')];
  const result = await runList([{ suffix: 'alpha' }, { suffix: 'beta' }, { suffix: 'gamma' }]);
  expect(result.exitCode).toBe(0);
  expect(
    h.service.requests
      .filter((r) => r.method === 'POST')
      .map((r) => (r.body as { scope: { scope_suffix: string } }).scope.scope_suffix),
  ).toEqual(['beta']);
  expect(result.outputs).toMatchObject({
    scope_string: stringOf('alpha'),
    scope_id: alpha.id,
    created: 'true',
    updated: 'false',
    changes: 'true',
  });
  const output = scopesOutput(result);
  expect([output.alpha?.created, output.beta?.created, output.gamma?.created]).toEqual([false, true, false]);
  expectSafe(h, result);
});

describe('drift in one of three, under each on_drift', () => {
  let untouched: ScopeRecord[];
  beforeEach(() => {
    seed('alpha');
    seed('beta', { description: 'Old text' });
    const beta = bySuffix().beta as ScopeRecord;
    seed('gamma', { dependent_scopes: [{ scope: beta.id, optional: false, requires_refresh_token: true }] });
    untouched = ['alpha', 'gamma'].map((s) => snapshot(bySuffix()[s] as ScopeRecord));
  });
  const others = (): ScopeRecord[] => ['alpha', 'gamma'].map((s) => bySuffix()[s] as ScopeRecord);

  test('warn: a warning about beta, exit 0, nothing written', async () => {
    const result = await runList(THREE, { on_drift: 'warn' });
    expect(result.exitCode).toBe(0);
    expect(warnings(result)).toEqual([
      expect.stringMatching(/^::warning .*description.*the spec says "Runs beta actions", the service has "Old text"/),
    ]);
    expect(writes()).toEqual([]);
    expect(bySuffix().beta?.description).toBe('Old text');
    expect(scopesOutput(result).beta).toMatchObject({ updated: false, changes: false });
    expect(result.outputs).toMatchObject({ created: 'false', updated: 'false', changes: 'false' });
  });

  test('warn in a dry run: the drift of the second is no change, so the registration has none', async () => {
    const result = await runList(THREE, { on_drift: 'warn', dry_run: 'true' });
    expect(result.exitCode).toBe(0);
    expect(warnings(result)).toEqual([expect.stringMatching(/description/)]);
    expect(writes()).toEqual([]);
    expect(result.outputs).toMatchObject({
      scope_string: stringOf('alpha'),
      created: 'false',
      updated: 'false',
      changes: 'false',
    });
    expect(Object.values(scopesOutput(result)).map((v) => [v.created, v.updated, v.changes])).toEqual([
      [false, false, false],
      [false, false, false],
      [false, false, false],
    ]);
  });

  test('fail: an error about beta, exit 1, nothing written', async () => {
    const result = await runList(THREE, { on_drift: 'fail' });
    expect(result.exitCode).toBe(1);
    expect(errors(result)).toEqual([expect.stringMatching(/^::error .*description.*"Old text"/)]);
    expect(writes()).toEqual([]);
  });

  test('ignore: quiet, exit 0, nothing written', async () => {
    const result = await runList(THREE, { on_drift: 'ignore' });
    expect(result.exitCode).toBe(0);
    expect(annotations(result)).toEqual([]);
    expect(writes()).toEqual([]);
  });

  test('update: beta updated by one PUT, the others untouched', async () => {
    const beta = bySuffix().beta as ScopeRecord;
    const result = await runList(THREE, { on_drift: 'update' });
    expect(result.exitCode).toBe(0);
    expect(annotations(result)).toEqual([]);
    expect(writes()).toEqual([`PUT /v2/api/scopes/${beta.id}`]);
    expect(bySuffix().beta?.description).toBe('Runs beta actions');
    expect(others()).toEqual(untouched);
    const output = scopesOutput(result);
    expect([output.alpha?.updated, output.beta?.updated, output.gamma?.updated]).toEqual([false, true, false]);
    // Only the second was updated: the registration was.
    expect(result.outputs).toMatchObject({
      scope_string: stringOf('alpha'),
      created: 'false',
      updated: 'true',
      changes: 'true',
    });
  });
});

describe('refused before it writes', () => {
  test('a cycle of sibling dependencies: at its line, before any request', async () => {
    const result = await runList([
      { suffix: 'alpha', siblings: ['gamma'] },
      { suffix: 'beta' },
      { suffix: 'gamma', siblings: ['alpha'] },
    ]);
    expect(result.exitCode).toBe(1);
    expect(errors(result)).toEqual([
      expect.stringMatching(
        /^::error file=.*provider-scope\.yml,line=\d+.*closes a cycle of dependencies \((alpha -> gamma -> alpha|gamma -> alpha -> gamma)\)/,
      ),
    ]);
    expect(h.service.requests).toEqual([]);
  });

  test("a sibling neither listed nor on the client: at its line, with the near miss among the listed and the client's suffixes; no POST, no PUT", async () => {
    seed('alpha');
    seed('legacy_read');
    const result = await runList([{ suffix: 'alpha' }, { suffix: 'beta', siblings: ['legacy_reed', 'nowhere'] }], {
      on_drift: 'update',
    });
    expect(result.exitCode).toBe(1);
    expect(errors(result)).toEqual([
      expect.stringMatching(
        /^::error file=.*provider-scope\.yml,line=11,col=23::.*scopes\[1\]\.dependent_scopes\[0\]\.scope_suffix "legacy_reed": the client has no scope with this suffix, and the spec lists none \(did you mean legacy_read\?\)\. /,
      ),
      expect.stringMatching(
        /^::error file=.*provider-scope\.yml,line=12,col=23::.*scopes\[1\]\.dependent_scopes\[1\]\.scope_suffix "nowhere": the client has no scope with this suffix, and the spec lists none\. .*Nothing was written\.$/,
      ),
    ]);
    expect(result.summary).toContain(
      `line 11: ${md(`${SPEC_FILE}: scopes[1].dependent_scopes[0].scope_suffix "legacy_reed"`)}`,
    );
    expect(h.service.requests.length).toBeGreaterThan(0);
    expect(writes()).toEqual([]);
    expect(Object.keys(bySuffix()).sort()).toEqual(['alpha', 'legacy_read']);
    expectSafe(h, result);
  });

  test("a sibling's suffix no scope can have: at its line, with the near miss among the listed suffixes, before any request", async () => {
    const result = await runList([{ suffix: 'copy_data' }, { suffix: 'move_data', siblings: ['copy-data'] }]);
    expect(result.exitCode).toBe(1);
    expect(errors(result)).toEqual([
      expect.stringMatching(
        /^::error file=.*provider-scope\.yml,line=11,col=23::.*scopes\[1\]\.dependent_scopes\[0\]\.scope_suffix "copy-data" cannot be a scope's suffix: the authentication service takes lower-case letters, digits and underscores only \(did you mean copy_data\?\)$/,
      ),
    ]);
    expect(h.service.requests).toEqual([]);
    expectSafe(h, result);
  });

  test("a sibling the spec does not list but the client has: the dependent carries that scope's id", async () => {
    const legacy = seed('legacy');
    const result = await runList([{ suffix: 'alpha', siblings: ['legacy'] }]);
    expect(result.exitCode).toBe(0);
    expect(bySuffix().alpha?.dependent_scopes).toEqual([
      { scope: legacy.id, optional: false, requires_refresh_token: true },
    ]);
  });
});

describe('faults and races', () => {
  test('the answer to the second of two new scopes is lost: adopted, one scope per suffix', async () => {
    // The first creation to arrive is answered (a fault with no effect); the second is applied and its answer lost.
    const entries = [{ suffix: 'alpha' }, { suffix: 'beta' }];
    h.service.inject({ method: 'POST', path: `/v2/api/clients/${h.client.id}/scopes` });
    h.service.inject({ method: 'POST', path: `/v2/api/clients/${h.client.id}/scopes`, loseAnswer: true });
    const result = await runList(entries);
    expect(result.exitCode).toBe(0);
    expect(annotations(result)).toEqual([]);
    const scopes = bySuffix();
    expect(Object.keys(scopes).sort()).toEqual(['alpha', 'beta']);
    expect(h.countRequests('POST', '/v2/')).toBe(2);
    const output = scopesOutput(result);
    expect(output.alpha).toMatchObject({ scope_id: scopes.alpha?.id, created: true });
    expect(output.beta).toMatchObject({ scope_id: scopes.beta?.id, created: true });
    expectSafe(h, result);
  });

  test("the answer to the only creation is lost: adopted, and named among the client's scope strings", async () => {
    const legacy = seed('legacy');
    h.service.inject({ method: 'POST', loseAnswer: true });
    const result = await runList([{ suffix: 'alpha' }]);
    expect(result.exitCode).toBe(0);
    expect(annotations(result)).toEqual([]);
    const alpha = bySuffix().alpha as ScopeRecord;
    expect(h.countRequests('POST', '/v2/')).toBe(1);
    expect(result.outputs).toMatchObject({
      scope_string: stringOf('alpha'),
      scope_id: alpha.id,
      created: 'true',
      changes: 'true',
    });
    expect(JSON.parse(result.outputs.scope_strings ?? '[]')).toEqual([legacy.scope_string, alpha.scope_string]);
  });

  test('two runs at once on a fresh client: one scope per suffix, both green, the same strings and ids', async () => {
    const [a, b] = await Promise.all([runList(THREE), runList(THREE)]);
    for (const result of [a, b]) {
      expect(annotations(result)).toEqual([]);
      expect(result.exitCode).toBe(0);
      h.expectNoLeak(result);
    }
    const scopes = bySuffix();
    expect(Object.keys(scopes).sort()).toEqual(['alpha', 'beta', 'gamma']);
    expect(scopes.gamma?.dependent_scopes).toEqual([
      { scope: scopes.beta?.id, optional: false, requires_refresh_token: true },
    ]);
    const ids = (result: ActionRun) =>
      Object.fromEntries(Object.entries(scopesOutput(result)).map(([k, v]) => [k, [v.scope_string, v.scope_id]]));
    expect(ids(a)).toEqual(ids(b));
    expect(ids(a)).toEqual(
      Object.fromEntries(['alpha', 'beta', 'gamma'].map((s) => [s, [stringOf(s), scopes[s]?.id]])),
    );
  });
});

describe('the outputs of both doors', () => {
  let cwd = '';
  beforeEach(async () => {
    cwd = await mkdtemp(path.join(tmpdir(), 'eps-several-'));
    await mkdir(path.join(cwd, '.github'));
    await writeFile(path.join(cwd, SPEC_FILE), listSpec(THREE));
  });
  afterEach(() => rm(cwd, { recursive: true, force: true }));

  /** The command line's bundle, as a process in a folder holding the spec. */
  const cli = (...args: string[]) =>
    spawnProcess(process.execPath, [path.join(ROOT, 'dist', 'cli', 'index.js'), ...args], {
      cwd,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: cwd,
        NO_COLOR: '1',
        PROVIDER_CLIENT_ID: h.client.id,
        PROVIDER_CLIENT_SECRET: h.client.secret,
        PROVIDER_AUTH_URL: h.service.url,
      },
    });

  test("a rejected secret: the action's summary, the terminal and --json each name every listed scope's string, as the spec gives it", async () => {
    const strings = ['alpha', 'beta', 'gamma'].map(stringOf);
    const action = await runList(THREE, { client_secret: 'not-the-secret' });
    expect(action.exitCode).toBe(1);
    expect(action.summary).toContain(
      `| Scope strings | ${strings.map((s) => `<code>${md(s)}</code>`).join('<br>')} (each the spec's; not read from the service) |`,
    );
    const terminal = await spawnProcess(process.execPath, [path.join(ROOT, 'dist', 'cli', 'index.js'), 'apply'], {
      cwd,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: cwd,
        NO_COLOR: '1',
        PROVIDER_CLIENT_ID: h.client.id,
        PROVIDER_CLIENT_SECRET: 'not-the-secret',
        PROVIDER_AUTH_URL: h.service.url,
      },
    });
    expect(terminal.exitCode).toBe(1);
    expect(terminal.stdout).toBe(
      [
        "The run failed: the service rejected the client's credentials.",
        '',
        `Client: ${h.client.id}`,
        "Scope strings (each the spec's; not read from the service):",
        ...['alpha', 'beta', 'gamma'].map((s) => `  ${s.padEnd(5)}  ${stringOf(s)}`),
        '',
      ].join('\n'),
    );
    const json = await spawnProcess(process.execPath, [path.join(ROOT, 'dist', 'cli', 'index.js'), 'apply', '--json'], {
      cwd,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: cwd,
        PROVIDER_CLIENT_ID: h.client.id,
        PROVIDER_CLIENT_SECRET: 'not-the-secret',
        PROVIDER_AUTH_URL: h.service.url,
      },
    });
    expect((JSON.parse(json.stdout) as { known: unknown }).known).toEqual({
      client_id: h.client.id,
      scopes: ['alpha', 'beta', 'gamma'].map((suffix) => ({ suffix, scope_string: stringOf(suffix) })),
    });
    expect(writes()).toEqual([]);
  });

  test("the action's scopes output and the command line's --json and --dotenv name the same scopes", async () => {
    seed('alpha');
    const planned = await cli('plan', '--json');
    expect(planned.exitCode).toBe(2);
    const plan = JSON.parse(planned.stdout) as {
      outputs: { scopes: ScopesOutput };
      scopes: Array<{ suffix: string; scope_id: string | null; change: { action: string } }>;
      unlisted: string[];
    };
    expect(plan.scopes.map((s) => [s.suffix, s.change.action])).toEqual([
      ['alpha', 'none'],
      ['beta', 'create'],
      ['gamma', 'create'],
    ]);
    expect(Object.values(plan.outputs.scopes).map((s) => s.scope_id === '')).toEqual([false, true, true]);
    expect(writes()).toEqual([]);

    const applied = await cli('apply', '--json', '--dotenv', 'scope.env');
    expect(applied.exitCode).toBe(0);
    const report = JSON.parse(applied.stdout) as {
      outputs: { scopes: ScopesOutput; scope_string: string };
      unlisted: string[];
    };
    const scopes = bySuffix();
    expect(report.outputs.scopes).toEqual(
      Object.fromEntries(
        ['alpha', 'beta', 'gamma'].map((s) => [
          s,
          {
            scope_string: stringOf(s),
            scope_id: scopes[s]?.id,
            created: s !== 'alpha',
            updated: false,
            changes: s !== 'alpha',
          },
        ]),
      ),
    );
    expect(report.unlisted).toEqual([]);
    const dotenv = await readFile(path.join(cwd, 'scope.env'), 'utf8');
    expect(dotenv.split('\n').filter((l) => /^SCOPE_STRING(_[A-Z]+)?=/.test(l))).toEqual([
      `SCOPE_STRING=${stringOf('alpha')}`,
      ...['alpha', 'beta', 'gamma'].map((s) => `SCOPE_STRING_${s.toUpperCase()}=${stringOf(s)}`),
    ]);
    // Each listed scope's id beside its string; the top-level lines speak of the registration.
    expect(dotenv.split('\n').filter((l) => /^SCOPE_ID_[A-Z]+=/.test(l))).toEqual(
      ['alpha', 'beta', 'gamma'].map((s) => `SCOPE_ID_${s.toUpperCase()}=${scopes[s]?.id}`),
    );
    expect(dotenv.split('\n').filter((l) => /^(CREATED|UPDATED|CHANGES)=/.test(l))).toEqual([
      'CREATED=true',
      'UPDATED=false',
      'CHANGES=true',
    ]);
    // Never the JSON of the scopes output: a dotenv line cannot hold it.
    expect(dotenv).not.toMatch(/^SCOPES=/m);

    // The action on the same client: the same scopes output, nothing created.
    const action = await runList(THREE);
    expect(action.exitCode).toBe(0);
    expect(scopesOutput(action)).toEqual(
      Object.fromEntries(
        Object.entries(report.outputs.scopes).map(([k, v]) => [k, { ...v, created: false, changes: false }]),
      ),
    );
  });

  test('--dotenv refuses a suffix that makes no variable name, before any request', async () => {
    await writeFile(path.join(cwd, SPEC_FILE), listSpec([{ suffix: 'alpha' }, { suffix: 'read.only' }]));
    const refused = await cli('apply', '--dotenv', 'scope.env');
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain('"read.only" cannot make a variable\'s name (SCOPE_STRING_READ.ONLY)');
    expect(h.service.requests).toEqual([]);
  });
});

test('a dry run plans a sibling dependency on a scope still to create as "(to be created)", and writes nothing', async () => {
  const result = await runList(THREE, { dry_run: 'true' });
  expect(result.exitCode).toBe(0);
  expect(writes()).toEqual([]);
  expect(result.summary).toContain(md(`${stringOf('beta')} (to be created)`));
  expect(Object.values(scopesOutput(result)).map((s) => [s.scope_id, s.created, s.changes])).toEqual([
    ['', false, true],
    ['', false, true],
    ['', false, true],
  ]);
});

describe('provider_suffix', () => {
  beforeEach(() => {
    for (const s of ['alpha', 'beta']) seed(s);
    // The deployed provider publishes beta's string.
    h.provider.document = { title: 'Example Action Provider', globus_auth_scope: stringOf('beta') };
  });
  const check = (inputs: Record<string, string>) =>
    runList([{ suffix: 'alpha' }, { suffix: 'beta' }], { provider_url: h.provider.url, ...inputs });

  test("set to another listed scope: a sibling's string fails the check", async () => {
    const result = await check({ provider_suffix: 'alpha' });
    expect(result.exitCode).toBe(1);
    expect(errors(result)).toEqual([expect.stringContaining(stringOf('beta'))]);
    expect(errors(result)[0]).toContain(stringOf('alpha'));
  });

  test("set to a listed scope not the first while the provider publishes the first's: the fix names that scope's place in the scopes output, the summary what it had to publish", async () => {
    h.provider.document = { title: 'Example Action Provider', globus_auth_scope: stringOf('alpha') };
    const result = await check({ provider_suffix: 'beta' });
    expect(result.exitCode).toBe(1);
    expect(errors(result)).toEqual([
      expect.stringContaining(`set to the scope_string of "beta" in the step's scopes output, "${stringOf('beta')}".`),
    ]);
    expect(result.summary).toContain('(**not the scope string of the scope beta**)');
  });

  test('set to the scope it publishes: passes', async () => {
    const result = await check({ provider_suffix: 'beta' });
    expect(result.exitCode).toBe(0);
    expect(annotations(result)).toEqual([]);
    expect(h.provider.requests).toBe(1);
  });

  test("left out: any listed scope's string passes; an unlisted sibling's fails", async () => {
    expect((await check({})).exitCode).toBe(0);
    seed('legacy');
    h.provider.document = { title: 'Example Action Provider', globus_auth_scope: stringOf('legacy') };
    const unlisted = await check({});
    expect(unlisted.exitCode).toBe(1);
    expect(errors(unlisted)).toEqual([expect.stringContaining(stringOf('legacy'))]);
  });

  test('naming no scope of the spec: refused before any request', async () => {
    const result = await check({ provider_suffix: 'gamma' });
    expect(result.exitCode).toBe(1);
    expect(errors(result)).toEqual([
      expect.stringContaining('provider_suffix names no scope of the spec: give one of alpha, beta'),
    ]);
    expect(h.service.requests).toEqual([]);
    expect(h.provider.requests).toBe(0);
  });
});

test('a client with an FQDN: each listed scope with its variant, the dependent on the auth_url scope of its sibling; the re-run writes nothing', async () => {
  await h.stop();
  h = await Harness.start({}, ['provider.example.org']);
  const first = await runList(THREE);
  expect(first.exitCode).toBe(0);
  const scopes = [...h.service.scopes.values()].filter((s) => s.client === h.client.id);
  expect(scopes.map((s) => s.scope_string.replace(h.service.url, '')).sort()).toEqual(
    ['alpha', 'beta', 'gamma']
      .flatMap((s) => [`/scopes/${h.client.id}/${s}`, `/scopes/provider.example.org/${s}`])
      .sort(),
  );
  const beta = scopes.find((s) => s.scope_string === stringOf('beta'));
  for (const gamma of scopes.filter((s) => s.scope_string.endsWith('/gamma')))
    expect(gamma.dependent_scopes).toEqual([{ scope: beta?.id, optional: false, requires_refresh_token: true }]);
  expect(scopesOutput(first).beta?.scope_id).toBe(beta?.id);
  const before = h.service.requests.length;
  const again = await runList(THREE);
  expect([again.exitCode, again.outputs.changes, annotations(again)]).toEqual([0, 'false', []]);
  expect(h.service.requests.slice(before).filter((r) => r.method !== 'GET')).toEqual([]);
  expect(JSON.parse(again.outputs.scope_strings ?? '[]')).toHaveLength(6);
});
