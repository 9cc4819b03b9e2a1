/**
 * `import` in process: the command line's main() with the embedded service driven through its
 * dispatcher (no socket), scopes made through the service's own API (support/seed.ts). The
 * property: whatever scope the service accepts, import either writes a spec on which a plan
 * changes nothing, or refuses, naming the field, and writes nothing. The packed command against
 * the service over HTTP: e2e/cli-package.test.ts.
 */
import { TOLD_APART, TOLD_AS_ONE } from '../../src/engine/settings/telling.ts';
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  GROUPS_SCOPE_ID,
  GROUPS_SCOPE_STRING,
  type ClientRecord,
  type EmbeddedAuthService,
  type ScopeRecord,
} from '../../dev/auth-service.ts';
import { ROOT } from '../../dev/runner.ts';
import { readInstalledPackage as installedPackage, schemaUrlOf } from '../../src/cli/import.ts';
import type { CliReport } from '../../src/render/json-report.ts';
import { cliNaming } from '../../src/cli/options.ts';
import { importScope } from '../../src/engine/import.ts';
import { parseSpec } from '../../src/engine/settings/spec.ts';
import packageJson from '../../package.json' with { type: 'json' };
import { keepSecrets, secretForms } from '../../src/engine/secrets.ts';
import { hasUnsafe } from '../../src/engine/text.ts';
import { CliWorkspace, type CliRun } from '../support/cli-world.ts';
import { inProcessService } from '../support/in-process.ts';
import { seedInProcess } from '../support/seed.ts';
import { OBEYED_CONTROL } from '../support/terminal.ts';
import { actionOutputs } from '../support/plans.ts';

const SECRET = 'import-test-secret-8b2e';
const FILE = '.github/provider-scope.yml';
const validate = new Ajv2020({ strict: false }).compile(
  JSON.parse(readFileSync(path.join(ROOT, 'schema', 'cli-output.schema.json'), 'utf8')) as object,
);

let service: EmbeddedAuthService;
let client: ClientRecord;
const workspace = new CliWorkspace();
const envOf = (c: ClientRecord): Record<string, string> => ({
  PROVIDER_CLIENT_ID: c.id,
  PROVIDER_AUTH_URL: service.url,
  PROVIDER_CLIENT_SECRET: c.secret,
});

beforeEach(async () => {
  service = inProcessService();
  client = service.addClient({ secret: SECRET });
  await workspace.create({});
});
afterEach(() => workspace.remove());

const cli = (argv: string[], c: ClientRecord = client): Promise<CliRun> =>
  workspace.run(argv, envOf(c), { dispatcher: service.dispatcher() });
const seed = async (scope: Record<string, unknown>, c: ClientRecord = client) => {
  const seeded = await seedInProcess(service, c, {
    name: 'Hand-made provider',
    description: 'Made with curl',
    scope_suffix: 'action_all',
    advertised: true,
    ...scope,
  });
  expect(seeded.status).toBe(200);
  return seeded.body.scopes ?? [];
};
const filesIn = async (dir: string): Promise<string[]> => (await readdir(dir, { recursive: true })).map(String).sort();
const writes = (): string[] => service.apiCalls().filter((call) => !call.startsWith('GET '));

function expectNoSecret(...runs: CliRun[]): void {
  const everything =
    runs.flatMap((r) => [r.stdout, r.stderr]).join('\n') +
    (existsSync(path.join(workspace.dir, FILE)) ? readFileSync(path.join(workspace.dir, FILE), 'utf8') : '');
  for (const form of secretForms(client.id, SECRET))
    expect({ form, found: everything.includes(form) }).toEqual({ form, found: false });
}

describe('import, then plan', () => {
  test('every field of the spec and the header (no schema line while the package is unpublished); plan then changes nothing, and apply --on-drift fail writes nothing', async () => {
    const owner = service.addClient();
    const hidden = service.addScope({
      scope_string: `${service.url}/scopes/${owner.id}/private`,
      client: owner.id,
      advertised: false,
    });
    await seed({
      name: 'Name: with "quotes" and \'single\' # not a comment',
      description:
        'Ünïcødé, 日本語 and an emoji 🙂; - a dash, ? a question, [brackets], {braces}, &anchor *alias !tag | > % @ `',
      scope_suffix: 'action_all',
      advertised: false,
      allows_refresh_token: false,
      required_domains: ['example.org', 'true'],
      dependent_scopes: [
        { scope: GROUPS_SCOPE_ID, optional: true, requires_refresh_token: false },
        { scope: hidden.id, optional: false, requires_refresh_token: true },
      ],
    });
    const before = service.requests.length;
    const imported = await cli(['import']);
    expect([imported.exitCode, imported.stdout]).toEqual([
      0,
      expect.stringMatching(
        new RegExp(
          `^Imported scope ${service.url}/scopes/${client.id}/action_all \\(id [0-9a-f-]{36}\\) into \\.github/provider-scope\\.yml\\.\\nNext: 'ensure-provider-scope plan' says "No changes"; review \\.github/provider-scope\\.yml and commit it\\.\\n$`,
        ),
      ),
    ]);
    // Only reads: the inspection, the lookup of the client's scope by id, then of its dependents.
    expect(service.apiCalls().slice(before)).toEqual([
      `GET /v2/api/clients/${client.id}`,
      'GET /v2/api/scopes',
      'GET /v2/api/scopes',
    ]);
    expect(service.requests.slice(before).map((r) => r.query.ids)).toEqual([
      undefined,
      expect.any(String),
      `${GROUPS_SCOPE_ID},${hidden.id}`,
    ]);
    const text = await workspace.read(FILE);
    const lines = text.split('\n');
    // No schema line: this clone's package.json names no repository, as the published package's does.
    expect(lines[0]).toBe(
      `# Imported from the live scope ${service.url}/scopes/${client.id}/action_all of client ${client.id}`,
    );
    // The injected clock's day (fakeClock starts at 0), and the command.
    expect(lines[1]).toBe(`# at ${service.url} on 1970-01-01, by: ensure-provider-scope import`);
    expect(lines[2]).toBe('# Check it, commit it, and let plan and apply hold the scope to it from now on.');
    expect(text).toContain(
      `  # Not shown to this client (another client's scope that is not advertised, or gone): kept by its UUID.\n  - scope: ${hidden.id}\n`,
    );
    expect(parseSpec(text, FILE).scopes[0]).toEqual({
      name: 'Name: with "quotes" and \'single\' # not a comment',
      description:
        'Ünïcødé, 日本語 and an emoji 🙂; - a dash, ? a question, [brackets], {braces}, &anchor *alias !tag | > % @ `',
      scope_suffix: 'action_all',
      advertised: false,
      allow_refresh_tokens: false,
      required_domains: ['example.org', 'true'],
      dependent_scopes: [
        { scope: GROUPS_SCOPE_STRING, optional: true, requires_refresh_token: false },
        { scope: hidden.id, optional: false, requires_refresh_token: true },
      ],
    });
    expect(imported.stderr.split('\n')[0]).toBe(
      `Importing the scope ${service.url}/scopes/${client.id}/action_all of client ${client.id} at ${service.url}`,
    );
    expect(imported.stderr).toContain('\nWrote .github/provider-scope.yml\n');
    expect(imported.stderr).toContain(
      `Warning: dependent_scopes: the scope ${hidden.id} is not shown to this client (another client's scope that is not advertised, or one that no longer exists): ` +
        'it is written by its UUID, with a comment. Check it with its owner.',
    );

    const planned = await cli(['plan']);
    expect([planned.exitCode, planned.stdout]).toEqual([
      0,
      expect.stringMatching(/^No changes: the scope matches the spec\.\n/),
    ]);
    const afterPlan = service.requests.length;
    const applied = await cli(['apply', '--on-drift', 'fail']);
    expect(applied.exitCode).toBe(0);
    expect(service.requests.slice(afterPlan).filter((r) => r.method !== 'GET')).toEqual([]);
    expectNoSecret(imported, planned, applied);
  });

  test('a client with an FQDN: its two scopes are one spec; the outputs name both', async () => {
    client = service.addClient({ secret: SECRET, fqdns: ['provider.example.org'] });
    await seed({ scope_suffix: 'action_all' });
    const imported = await cli(['import', '--json']);
    expect(imported.exitCode).toBe(0);
    const document = JSON.parse(imported.stdout) as Record<string, unknown>;
    expect({ valid: validate(document), errors: validate.errors ?? null }).toEqual({ valid: true, errors: null });
    expect(document).toMatchObject({
      command: 'import',
      status: 'imported',
      exit_code: 0,
      outputs: {
        scope_string: `${service.url}/scopes/${client.id}/action_all`,
        scope_strings: [
          `${service.url}/scopes/${client.id}/action_all`,
          `${service.url}/scopes/provider.example.org/action_all`,
        ],
      },
      import: {
        file: FILE,
        scopes: [expect.objectContaining({ name: 'Hand-made provider', scope_suffix: 'action_all', advertised: true })],
        hidden_dependents: [],
      },
    });
    expect((document.import as { text: string }).text).toBe(await workspace.read(FILE));
    expect((await cli(['plan'])).stdout).toMatch(/^No changes: the scope matches the spec\.\n/);
  });
});

describe('which scope', () => {
  test("an FQDN variant set apart by hand: the spec follows the client's own scope, and a warning names the variant and the fields", async () => {
    client = service.addClient({ secret: SECRET, fqdns: ['provider.example.org'] });
    const [own, variant] = await seed({});
    const changed = await service.reply({
      method: 'PUT',
      path: `/v2/api/scopes/${variant?.id ?? ''}`,
      authorization: `Basic ${Buffer.from(`${client.id}:${SECRET}`).toString('base64')}`,
      contentType: 'application/json',
      body: JSON.stringify({ scope: { description: 'Changed by hand', advertised: false } }),
      connection: 0,
    });
    expect(changed).toMatchObject({ status: 200 });
    // The variant listed first: the spec still follows the client's own scope.
    client.scopes.reverse();
    const run = await cli(['import']);
    expect(run.exitCode).toBe(0);
    expect(run.stderr).toContain(
      `Warning: The FQDN variant ${variant?.scope_string ?? ''} differs from ${own?.scope_string ?? ''} in description, advertised: the spec follows the latter, ` +
        'which plan and apply compare with it; the variant is left as it is. Align it on the service if it should match.',
    );
    expect(parseSpec(await workspace.read(FILE), FILE).scopes[0]).toMatchObject({
      description: 'Made with curl',
      advertised: true,
    });
    expect((await cli(['plan'])).stdout).toMatch(/^No changes: the scope matches the spec\.\n/);
  });

  test('FQDN variants alike: no warning', async () => {
    client = service.addClient({ secret: SECRET, fqdns: ['provider.example.org'] });
    await seed({
      dependent_scopes: [{ scope: GROUPS_SCOPE_ID, optional: false, requires_refresh_token: true }],
      required_domains: ['b.org', 'a.org'],
    });
    const run = await cli(['import']);
    expect([run.exitCode, run.stderr]).toEqual([0, expect.not.stringContaining('Warning')]);
  });

  test('scopes with two suffixes: --scope-suffix picks one, written as a spec of one scope, and plan agrees', async () => {
    await seed({ scope_suffix: 'action_all', name: 'All' });
    await seed({ scope_suffix: 'read_only', name: 'Read' });
    const picked = await cli(['import', '--scope-suffix', 'read_only']);
    expect(picked.exitCode).toBe(0);
    const text = await workspace.read(FILE);
    expect(text).toContain(
      '# at https://auth.example.test on 1970-01-01, by: ensure-provider-scope import --scope-suffix read_only\n',
    );
    expect(parseSpec(text, FILE)).toMatchObject({
      telling: TOLD_AS_ONE,
      scopes: [{ name: 'Read', scope_suffix: 'read_only' }],
    });
    expect((await cli(['plan'])).stdout).toMatch(/^No changes: the scope matches the spec\.\n/);
  });

  test("--scope-suffix: the outputs name that suffix's scopes alone", async () => {
    await seed({ scope_suffix: 'action_all', name: 'All' });
    await seed({ scope_suffix: 'read_only', name: 'Read' });
    const run = await cli(['import', '--scope-suffix', 'read_only', '--json']);
    expect(run.exitCode).toBe(0);
    expect((JSON.parse(run.stdout) as { outputs: unknown }).outputs).toMatchObject({
      scope_strings: [`${service.url}/scopes/${client.id}/read_only`],
    });
  });

  test('a scope the service answers without a field the spec requires: refused by field, nothing written', async () => {
    const record: Partial<ScopeRecord> = service.addScope({
      client: client.id,
      scope_string: `${service.url}/scopes/${client.id}/action_all`,
    });
    delete record.name;
    delete record.advertised;
    const run = await cli(['import']);
    expect(run.exitCode).toBe(1);
    for (const field of ['name', 'advertised']) {
      expect(run.stderr).toContain(
        `Error: ${field}: the service's answer does not give it, and the spec requires it: nothing was written. Write the spec by hand.`,
      );
    }
    expect(run.stderr).not.toContain('Error: description');
    expect(existsSync(path.join(workspace.dir, FILE))).toBe(false);
  });

  test("--scope-suffix given empty (an unset variable): the client's only suffix, and the header names no flag", async () => {
    await seed({ scope_suffix: 'read_only' });
    const run = await cli(['import', '--scope-suffix', '']);
    expect(run.exitCode).toBe(0);
    expect(await workspace.read(FILE)).toContain(
      '# at https://auth.example.test on 1970-01-01, by: ensure-provider-scope import\n',
    );
  });

  test('a scope the service answers without required_domains: the spec leaves it out, and plan changes nothing', async () => {
    const record: Partial<ScopeRecord> = service.addScope({
      client: client.id,
      scope_string: `${service.url}/scopes/${client.id}/action_all`,
      name: 'N',
      description: 'D',
      advertised: true,
    });
    delete record.required_domains;
    const run = await cli(['import']);
    expect(run.exitCode).toBe(0);
    expect(parseSpec(await workspace.read(FILE), FILE).scopes[0]).not.toHaveProperty('required_domains');
    expect((await cli(['plan'])).stdout).toMatch(/^No changes: the scope matches the spec\.\n/);
  });

  test('--scope-suffix the client does not have: refused, listing the ones it has', async () => {
    await seed({ scope_suffix: 'action_all' });
    const refused = await cli(['import', '--scope-suffix', 'nope']);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain(
      'Error: The client has no scope with the suffix "nope"; its scopes\' suffixes are "action_all". Pick one of them with --scope-suffix action_all.',
    );
    await seed({ scope_suffix: 'read_only' });
    expect((await cli(['import', '--scope-suffix', 'nope'])).stderr).toContain(
      'its scopes\' suffixes are "action_all", "read_only". Pick one of them with --scope-suffix action_all.',
    );
  });

  test('a client with no scope: exit 1, nothing to import, and what to do instead; nothing written', async () => {
    const run = await cli(['import']);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain(
      `Error: Client ${client.id} has no scope: nothing to import. To register a scope, write the spec instead (the README's "The spec file" says how), then run 'ensure-provider-scope plan' and 'ensure-provider-scope apply'.`,
    );
    expect(await filesIn(workspace.dir)).toEqual([]);
    expect(writes()).toEqual([]);
  });

  test('a service that answers 404 when any id is unknown: each dependency asked for alone', async () => {
    service = inProcessService({ notFound: '404' });
    client = service.addClient({ secret: SECRET });
    const owner = service.addClient();
    const hidden = service.addScope({
      scope_string: `${service.url}/scopes/${owner.id}/private`,
      client: owner.id,
      advertised: false,
    });
    await seed({
      dependent_scopes: [
        { scope: hidden.id, optional: false, requires_refresh_token: true },
        { scope: GROUPS_SCOPE_ID, optional: false, requires_refresh_token: true },
      ],
    });
    const run = await cli(['import', '--spec', '-']);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain(`  - scope: ${hidden.id}\n`);
    expect(run.stdout).toContain(`  - scope: ${GROUPS_SCOPE_STRING}\n`);
  });
});

describe('a client with several scopes', () => {
  const own = (suffix: string): string => `${service.url}/scopes/${client.id}/${suffix}`;
  const idOf = async (scope: Record<string, unknown>): Promise<string> => (await seed(scope))[0]?.id ?? '';
  const dependsOn = (scope: string, optional = false) => ({ scope, optional, requires_refresh_token: true });
  /** Three scopes: read_only depends on action_all (and on groups), write on read_only. */
  const threeScopes = async () => {
    const all = await idOf({ scope_suffix: 'action_all', name: 'All' });
    const read = await idOf({
      scope_suffix: 'read_only',
      name: 'Read',
      dependent_scopes: [dependsOn(all, true), dependsOn(GROUPS_SCOPE_ID)],
    });
    const write = await idOf({
      scope_suffix: 'write',
      name: 'Write',
      advertised: false,
      dependent_scopes: [dependsOn(read)],
    });
    return { action_all: all, read_only: read, write };
  };
  /** The document of `plan --json`: exit 0, and every listed scope without change or drift. */
  const expectPlanQuiet = async (suffixes: string[]) => {
    const planned = await cli(['plan', '--json']);
    const document = JSON.parse(planned.stdout) as CliReport;
    expect({ code: planned.exitCode, status: document.status, unlisted: document.unlisted }).toEqual({
      code: 0,
      status: 'no_changes',
      unlisted: [],
    });
    expect(document.scopes.map((s) => s.suffix)).toEqual(suffixes);
    for (const scope of document.scopes) {
      expect({ suffix: scope.suffix, action: scope.change.action, differ: scope.drift.filter((d) => !d.same) }).toEqual(
        { suffix: scope.suffix, action: 'none', differ: [] },
      );
    }
  };

  test('a scope that depends on three siblings: they come before it in the file, in the order of their suffixes, each by its suffix', async () => {
    const zeta = await idOf({ scope_suffix: 'zeta', name: 'Zeta' });
    const mid = await idOf({ scope_suffix: 'mid', name: 'Mid' });
    const beta = await idOf({ scope_suffix: 'beta', name: 'Beta' });
    await seed({
      scope_suffix: 'alpha',
      name: 'Alpha',
      dependent_scopes: [dependsOn(mid), dependsOn(zeta), dependsOn(beta)],
    });
    expect((await cli(['import'])).exitCode).toBe(0);
    const spec = parseSpec(await workspace.read(FILE), FILE);
    expect(spec.scopes.map((s) => s.scope_suffix)).toEqual(['beta', 'mid', 'zeta', 'alpha']);
    expect(spec.scopes[3]?.dependent_scopes).toEqual(
      ['mid', 'zeta', 'beta'].map((suffix) => ({
        scope_suffix: suffix,
        optional: false,
        requires_refresh_token: true,
      })),
    );
  });

  test("three scopes: the list form in the client's order, a sibling by its suffix; plan then changes nothing for any, and apply writes nothing", async () => {
    await threeScopes();
    const before = service.requests.length;
    const imported = await cli(['import']);
    expect(imported.exitCode).toBe(0);
    expect(imported.stdout).toMatch(
      new RegExp(
        `^Imported 3 scopes into \\.github/provider-scope\\.yml:\\n(  ${service.url}/scopes/${client.id}/(action_all|read_only|write) \\(id [0-9a-f-]{36}\\)\\n){3}` +
          `Next: 'ensure-provider-scope plan' says "No changes"; review \\.github/provider-scope\\.yml and commit it\\.\\n$`,
      ),
    );
    // Only reads; the siblings are the client's own scopes: only groups is looked up.
    expect(service.requests.slice(before).filter((r) => r.method !== 'GET')).toEqual([]);
    expect(
      service.requests
        .slice(before)
        .map((r) => r.query.ids)
        .at(-1),
    ).toBe(GROUPS_SCOPE_ID);
    const text = await workspace.read(FILE);
    expect(text.split('\n').slice(0, 3)).toEqual([
      `# Imported from the 3 live scopes of client ${client.id} (action_all, read_only, write)`,
      `# at ${service.url} on 1970-01-01, by: ensure-provider-scope import`,
      '# Check it, commit it, and let plan and apply hold the scopes to it from now on.',
    ]);
    const fields = { description: 'Made with curl', allow_refresh_tokens: true, required_domains: [] };
    expect(parseSpec(text, FILE)).toMatchObject({
      telling: TOLD_APART,
      scopes: [
        { name: 'All', scope_suffix: 'action_all', advertised: true, ...fields, dependent_scopes: [] },
        {
          name: 'Read',
          scope_suffix: 'read_only',
          advertised: true,
          ...fields,
          dependent_scopes: [
            { scope_suffix: 'action_all', optional: true, requires_refresh_token: true },
            { scope: GROUPS_SCOPE_STRING, optional: false, requires_refresh_token: true },
          ],
        },
        {
          name: 'Write',
          scope_suffix: 'write',
          advertised: false,
          ...fields,
          dependent_scopes: [{ scope_suffix: 'read_only', optional: false, requires_refresh_token: true }],
        },
      ],
      warnings: [],
    });
    expect(text).toContain('\nscopes:\n  - name: All\n');
    expect(text).toContain('\n\n  - name: Read\n');
    // Each scope's variants are its own scope strings' alone: the others are no variant of it.
    expect(imported.stderr.split('\n').filter((line) => line.startsWith('Warning'))).toEqual([]);
    await expectPlanQuiet(['action_all', 'read_only', 'write']);
    const afterPlan = service.requests.length;
    expect((await cli(['apply', '--on-drift', 'fail'])).exitCode).toBe(0);
    expect(service.requests.slice(afterPlan).filter((r) => r.method !== 'GET')).toEqual([]);
    expectNoSecret(imported);
  });

  test('--json: the document validates; import gives the form and every scope, the outputs every suffix and every scope string', async () => {
    const ids = await threeScopes();
    const run = await cli(['import', '--json']);
    expect(run.exitCode).toBe(0);
    const document = JSON.parse(run.stdout) as CliReport;
    expect({ valid: validate(document), errors: validate.errors ?? null }).toEqual({ valid: true, errors: null });
    const each = (suffix: keyof typeof ids) => ({
      scope_string: own(suffix),
      scope_id: ids[suffix],
      created: false,
      updated: false,
      changes: false,
    });
    expect(document.outputs).toEqual({
      ...each('action_all'),
      scope_strings: [own('action_all'), own('read_only'), own('write')],
      scopes: { action_all: each('action_all'), read_only: each('read_only'), write: each('write') },
    });
    expect(document.import).toMatchObject({ file: FILE, form: 'list', hidden_dependents: [] });
    expect(document.import?.scopes[0]).toMatchObject({ name: 'All' });
    expect(document.import).not.toHaveProperty('spec');
    expect(document.import?.scopes.map((s) => s.scope_suffix)).toEqual(['action_all', 'read_only', 'write']);
    expect(document.import?.scopes).toEqual(parseSpec(await workspace.read(FILE), FILE).scopes);
  });

  test('--scope-suffix on a scope with a sibling dependency: one scope, the sibling by its scope string, as before; plan agrees', async () => {
    await threeScopes();
    const run = await cli(['import', '--scope-suffix', 'read_only', '--json']);
    expect(run.exitCode).toBe(0);
    const document = JSON.parse(run.stdout) as CliReport;
    expect({ valid: validate(document), errors: validate.errors ?? null }).toEqual({ valid: true, errors: null });
    expect(document.import).toMatchObject({ form: 'single', scopes: [{ scope_suffix: 'read_only' }] });
    expect(document.outputs).toMatchObject({
      scope_strings: [own('read_only')],
      scopes: { read_only: { scope_string: own('read_only') } },
    });
    expect(Object.keys(document.outputs?.scopes ?? {})).toEqual(['read_only']);
    expect(parseSpec(await workspace.read(FILE), FILE)).toMatchObject({
      telling: TOLD_AS_ONE,
      scopes: [{ dependent_scopes: [{ scope: own('action_all'), optional: true }, { scope: GROUPS_SCOPE_STRING }] }],
    });
    expect((await cli(['plan'])).stdout).toMatch(/^No changes: the scope matches the spec\.\n/);
  });

  test('FQDN variants are one entry with their scope; a dependency on a variant keeps its scope string; the outputs name every scope string', async () => {
    client = service.addClient({ secret: SECRET, fqdns: ['provider.example.org'] });
    const [, variant] = await seed({ scope_suffix: 'action_all' });
    await seed({ scope_suffix: 'read_only', dependent_scopes: [dependsOn(variant?.id ?? '')] });
    const run = await cli(['import', '--json']);
    expect(run.exitCode).toBe(0);
    const document = JSON.parse(run.stdout) as CliReport;
    expect(document.outputs?.scope_strings).toEqual([
      own('action_all'),
      `${service.url}/scopes/provider.example.org/action_all`,
      own('read_only'),
      `${service.url}/scopes/provider.example.org/read_only`,
    ]);
    expect(document.import?.scopes.map((s) => [s.scope_suffix, s.dependent_scopes])).toEqual([
      ['action_all', []],
      ['read_only', [{ scope: variant?.scope_string, optional: false, requires_refresh_token: true }]],
    ]);
    await expectPlanQuiet(['action_all', 'read_only']);
  });

  test("the order a person keeps: by suffix, each scope right after the siblings it depends on, whatever the client's order; the first line says how many", async () => {
    const [write] = await seed({ scope_suffix: 'write', name: 'Write' });
    await seed({ scope_suffix: 'read_only', name: 'Read' });
    await seed({
      scope_suffix: 'action_all',
      name: 'All',
      dependent_scopes: [{ scope: write?.id ?? '', optional: false, requires_refresh_token: true }],
    });
    const run = await cli(['import', '--json']);
    expect((JSON.parse(run.stdout) as CliReport).import?.scopes.map((s) => s.scope_suffix)).toEqual([
      'write',
      'action_all',
      'read_only',
    ]);
    expect(run.stderr.split('\n')[0]).toBe(
      `Importing the 3 scopes of client ${client.id} at ${service.url}: write, action_all, read_only`,
    );
    await expectPlanQuiet(['write', 'action_all', 'read_only']);
  });

  test('siblings that depend on each other: the dependency that would close the cycle keeps its scope string; plan changes nothing', async () => {
    const all = await idOf({ scope_suffix: 'action_all', name: 'All' });
    const read = await idOf({ scope_suffix: 'read_only', name: 'Read', dependent_scopes: [dependsOn(all)] });
    const updated = await service.reply({
      method: 'PUT',
      path: `/v2/api/scopes/${all}`,
      authorization: `Basic ${Buffer.from(`${client.id}:${SECRET}`).toString('base64')}`,
      contentType: 'application/json',
      body: JSON.stringify({ scope: { dependent_scopes: [dependsOn(read)] } }),
      connection: 0,
    });
    expect(updated).toMatchObject({ status: 200 });
    const run = await cli(['import']);
    expect([run.exitCode, run.stderr]).toEqual([0, expect.not.stringContaining('Error')]);
    // By suffix, each after its siblings: the cycle is entered at action_all, so read_only comes
    // first, and its dependency on action_all, the one that would close the cycle, keeps its string.
    expect(parseSpec(await workspace.read(FILE), FILE).scopes.map((s) => [s.scope_suffix, s.dependent_scopes])).toEqual(
      [
        ['read_only', [{ scope: own('action_all'), optional: false, requires_refresh_token: true }]],
        ['action_all', [{ scope_suffix: 'read_only', optional: false, requires_refresh_token: true }]],
      ],
    );
    await expectPlanQuiet(['read_only', 'action_all']);
  });

  test('a hidden dependency of a listed scope: its warning and its comment name that scope', async () => {
    const owner = service.addClient();
    const hidden = service.addScope({
      scope_string: `${service.url}/scopes/${owner.id}/private`,
      client: owner.id,
      advertised: false,
    });
    await seed({ scope_suffix: 'action_all' });
    await seed({ scope_suffix: 'read_only', dependent_scopes: [dependsOn(hidden.id)] });
    const run = await cli(['import', '--json']);
    expect(run.exitCode).toBe(0);
    expect(run.stderr).toContain(
      `Warning: scopes[1].dependent_scopes: the scope ${hidden.id} is not shown to this client`,
    );
    const text = await workspace.read(FILE);
    expect(text).toContain(
      `      # Not shown to this client (another client's scope that is not advertised, or gone): kept by its UUID.\n      - scope: ${hidden.id}\n`,
    );
    expect((JSON.parse(run.stdout) as CliReport).import?.hidden_dependents).toEqual([hidden.id]);
    await expectPlanQuiet(['action_all', 'read_only']);
  });

  test('text the spec cannot hold in any listed scope: refused by its field in the list, nothing written', async () => {
    await seed({ scope_suffix: 'action_all' });
    await seed({ scope_suffix: 'read_only', description: `two\nlines, and ${SECRET}` });
    const run = await cli(['import']);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain("Error: scopes[1].description: the service's value holds a control character");
    expectNoSecret(run);
    expect(await filesIn(workspace.dir)).toEqual([]);
  });
});

describe('where it goes', () => {
  test('--spec -: the spec on stdout, no file; the same text as the file would hold', async () => {
    await seed({});
    const printed = await cli(['import', '--spec', '-']);
    expect(printed.exitCode).toBe(0);
    expect(await filesIn(workspace.dir)).toEqual([]);
    expect(parseSpec(printed.stdout, 'stdout').scopes[0]).toMatchObject({
      name: 'Hand-made provider',
      description: 'Made with curl',
    });
    await cli(['import']);
    expect(printed.stdout).toBe(await workspace.read(FILE));
  });

  test('an existing file: never overwritten without --force (nothing asked of the service); replaced whole with it', async () => {
    await seed({});
    await workspace.create({ [FILE]: 'name: mine\n' });
    const refused = await cli(['import']);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain(
      'Error: .github/provider-scope.yml exists already, and import never overwrites a file unless told to: compare it with --spec -, or give --force to replace it.',
    );
    expect(await workspace.read(FILE)).toBe('name: mine\n');
    expect(service.requests).toHaveLength(1); // the seeding alone
    const forced = await cli(['import', '--force']);
    expect(forced.exitCode).toBe(0);
    expect(parseSpec(await workspace.read(FILE), FILE).scopes[0]?.name).toBe('Hand-made provider');
    // No temporary file left beside it.
    expect(await filesIn(workspace.dir)).toEqual(['.github', FILE]);
  });

  test('a path out of the working folder, as written or through a link, or a folder: refused before any request', async () => {
    await seed({});
    const outside = await mkdtemp(path.join(tmpdir(), 'eps-outside-'));
    try {
      await symlink(outside, path.join(workspace.dir, 'out'));
      await mkdir(path.join(workspace.dir, 'folder.yml'));
      await writeFile(path.join(outside, 'target.yml'), 'name: outside\n');
      await symlink(path.join(outside, 'target.yml'), path.join(workspace.dir, 'link-out.yml'));
      for (const [file, text] of [
        [
          '../escape.yml',
          'is outside the current directory (after its links are followed): import writes only inside it. Give --spec a path inside it, or --spec - to print the spec.',
        ],
        ['out/spec.yml', 'is outside the current directory'],
        ['out/new/deeper/spec.yml', 'is outside the current directory'],
        ['link-out.yml', 'is outside the current directory'],
        [path.join(outside, 'abs.yml'), 'is outside the current directory'],
        ['folder.yml', 'is a folder: give --spec the path of the spec file to write.'],
      ]) {
        const run = await cli(['import', '--spec', file as string, '--force']);
        expect({ file, code: run.exitCode, said: run.stderr.includes(`Error: ${file} ${text}`) }).toEqual({
          file,
          code: 1,
          said: true,
        });
      }
      expect(await readdir(outside)).toEqual(['target.yml']);
      expect(readFileSync(path.join(outside, 'target.yml'), 'utf8')).toBe('name: outside\n');
      expect(service.requests).toHaveLength(1);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  test('a link inside the folder to a file inside it is replaced by the file, never written through', async () => {
    await seed({});
    await workspace.create({ 'real.yml': 'name: kept\n' });
    await symlink(path.join(workspace.dir, 'real.yml'), path.join(workspace.dir, 'link.yml'));
    expect((await cli(['import', '--spec', 'link.yml'])).exitCode).toBe(1);
    expect((await cli(['import', '--spec', 'link.yml', '--force'])).exitCode).toBe(0);
    expect(await workspace.read('real.yml')).toBe('name: kept\n');
    expect(parseSpec(await workspace.read('link.yml'), 'link.yml').scopes[0]?.name).toBe('Hand-made provider');
  });

  test('a folder that cannot be written: exit 1, the reason, no file', async () => {
    await seed({});
    await writeFile(path.join(workspace.dir, 'blocker'), 'a file where a folder should be\n');
    const run = await cli(['import', '--spec', 'blocker/spec.yml']);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toMatch(/Error: blocker\/spec\.yml could not be written \(E[A-Z]+\): nothing was written\./);
  });

  /** The service's dispatcher, doing `before` to the working folder as the client is inspected: after the target was checked. */
  const whileRead = (before: () => Promise<unknown>) =>
    service.dispatcher().compose((dispatch) => (options, handler) => {
      if (!String(options.path).startsWith(`/v2/api/clients/`)) return dispatch(options, handler);
      before().then(
        () => dispatch(options, handler),
        (error: unknown) => handler.onResponseError?.(null as never, error as Error),
      );
      return true;
    });

  test('a file that appears while the scope is read: left as it is, and said so; no temporary file left', async () => {
    await seed({});
    const run = await workspace.run(['import'], envOf(client), {
      dispatcher: whileRead(async () => {
        await mkdir(path.join(workspace.dir, '.github'));
        await workspace.write(FILE, 'name: theirs\n');
      }),
    });
    expect([run.exitCode, run.stderr]).toEqual([
      1,
      expect.stringContaining(
        'Error: .github/provider-scope.yml appeared while the scope was read: nothing was written. Run import again.\n',
      ),
    ]);
    expect(await workspace.read(FILE)).toBe('name: theirs\n');
    expect(await filesIn(workspace.dir)).toEqual(['.github', FILE]);
  });

  test('a folder that appears where --force would put the file: the reason, no temporary file left', async () => {
    await seed({});
    const run = await workspace.run(['import', '--force'], envOf(client), {
      dispatcher: whileRead(() => mkdir(path.join(workspace.dir, FILE), { recursive: true })),
    });
    expect([run.exitCode, run.stderr]).toEqual([
      1,
      expect.stringMatching(
        /Error: \.github\/provider-scope\.yml could not be written \(E[A-Z]+\): nothing was written\.\n/,
      ),
    ]);
    expect(await filesIn(workspace.dir)).toEqual(['.github', FILE]);
  });

  test("from a folder below the repository's top: the default written at the top, --spec from the current directory, never outside the repository", async () => {
    await seed({});
    await mkdir(path.join(workspace.dir, '.git'));
    await mkdir(path.join(workspace.dir, 'sub'));
    const at = (argv: string[]) => workspace.run(argv, envOf(client), { dispatcher: service.dispatcher(), cwd: 'sub' });
    const top = await at(['import']);
    expect([top.exitCode, top.stdout]).toEqual([0, expect.stringContaining(`into ${path.join('..', FILE)}.\n`)]);
    expect(parseSpec(await workspace.read(FILE), FILE).scopes[0]?.name).toBe('Hand-made provider');
    expect((await at(['import', '--spec', 'here.yml'])).exitCode).toBe(0);
    expect(existsSync(path.join(workspace.dir, 'sub', 'here.yml'))).toBe(true);
    const out = await at(['import', '--spec', '../../elsewhere.yml']);
    expect([out.exitCode, out.stderr]).toEqual([
      1,
      expect.stringContaining(
        'Error: ../../elsewhere.yml is outside the repository (after its links are followed): import writes only inside it.',
      ),
    ]);
  });

  test("import's flags on another command are refused by name", async () => {
    for (const argv of [
      ['plan', '--force'],
      ['apply', '--scope-suffix', 'x'],
    ]) {
      const run = await cli(argv);
      expect([run.exitCode, run.stderr]).toEqual([
        1,
        `ensure-provider-scope: ${argv[1]} is not an option of ${argv[0]}, but of import. Run 'ensure-provider-scope ${argv[0]} --help' for the options of ${argv[0]}.\n`,
      ]);
    }
    expect(service.requests).toEqual([]);
  });

  test('import --help: its own options, with an example', async () => {
    const help = (await cli(['import', '--help'])).stdout;
    expect(help).toMatch(/^Usage: ensure-provider-scope import \[options\]/);
    expect(help).toMatch(/\n {2}--scope-suffix <suffix> +Which scope to import, alone/);
    expect(help).toMatch(/\n {2}--force +Replace the spec file/);
    expect(help).toContain('ensure-provider-scope import --spec - --scope-suffix action_all > scope.yml');
    expect((await cli(['plan', '--help'])).stdout).not.toContain('--scope-suffix');
  });
});

test('package.json as installed: two folders above the module that reads it, as from dist/cli/; none there, nothing', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'eps-package-'));
  try {
    await mkdir(path.join(root, 'dist', 'cli'), { recursive: true });
    const module = pathToFileURL(path.join(root, 'dist', 'cli', 'index.js')).href;
    expect(await installedPackage(module)).toEqual({});
    await writeFile(path.join(root, 'package.json'), JSON.stringify({ name: 'p', repository: 'r' }));
    // A decoy one folder up: only the package's own counts.
    await writeFile(path.join(root, 'dist', 'package.json'), JSON.stringify({ type: 'module' }));
    expect(await installedPackage(module)).toEqual({ name: 'p', repository: 'r' });
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

test('the engine writes the schema line first when it is given an address, and none without; its outputs say nothing changed', async () => {
  await seed({});
  const run = async (schemaUrl?: string) => {
    const outcome = await importScope({
      read: (name) =>
        ({
          client_id: client.id,
          client_secret: SECRET,
          auth_url: service.url,
          spec: '-',
          timeout_seconds: '30',
          on_drift: 'warn',
          dry_run: 'false',
          auth: 'basic',
          provider_url: '',
          provider_suffix: '',
        })[name],
      naming: cliNaming(),
      workspace: workspace.dir,
      secrets: keepSecrets(client.id, SECRET),
      write: () => {},
      dispatcher: service.dispatcher(),
      importNaming: { pickSuffix: (s) => s, overwrite: '--force', createInstead: '' },
      command: 'ensure-provider-scope import',
      schemaUrl,
    });
    // The outputs as the action names them: an import writes nothing to the service.
    expect(actionOutputs(outcome.imported ?? {})).toMatchObject({
      created: 'false',
      updated: 'false',
      changes: 'false',
    });
    return outcome.imported?.text.split('\n')[0];
  };
  expect(await run('https://unpkg.com/p@1.0.0/schema/provider-scope.schema.json')).toBe(
    '# yaml-language-server: $schema=https://unpkg.com/p@1.0.0/schema/provider-scope.schema.json',
  );
  expect(await run()).toMatch(/^# Imported from the live scope /);
});

test("the schema line's address: the package's schema at its version, once package.json names the repository (as the release sets it); none before", () => {
  expect(schemaUrlOf({ name: 'ensure-provider-scope', version: '1.2.3' })).toBeUndefined();
  expect(
    schemaUrlOf({
      name: 'ensure-provider-scope',
      version: '1.2.3',
      repository: { type: 'git', url: 'git+https://github.com/o/r.git' },
    }),
  ).toBe('https://unpkg.com/ensure-provider-scope@1.2.3/schema/provider-scope.schema.json');
  expect(packageJson).not.toHaveProperty('repository');
});

describe('text the spec cannot hold', () => {
  test.each([
    ['name', { name: 'bell\u0007' }],
    ['description', { description: 'two\nlines' }],
    ['description', { description: 'an escape \u001b[2J' }],
    ['name', { name: 'reversed \u202e txt' }],
    ['required_domains[1]', { required_domains: ['ok.org', 'tab\there.org'] }],
  ])(
    'a control character in %s: refused by name, exit 1, nothing written, inert on the terminal',
    async (field, scope) => {
      await seed(scope);
      const run = await cli(['import']);
      expect(run.exitCode).toBe(1);
      expect(run.stderr).toContain(
        `Error: ${field}: the service's value holds a control character (a line break, a tab, an escape, a direction override...), which import does not write ` +
          'into a file people review: nothing was written. Change the value on the service first, or write the spec by hand.\n',
      );
      expect(run.stdout + run.stderr).not.toMatch(OBEYED_CONTROL);
      expect(await filesIn(workspace.dir)).toEqual([]);
    },
  );

  test('blanks at the ends of a text come back equal: written in quotes, read back as they are; plan changes nothing', async () => {
    await seed({ name: '  leading blanks', description: 'trailing ', required_domains: [' x.org'] });
    const run = await cli(['import']);
    expect(run.exitCode).toBe(0);
    expect(await workspace.read(FILE)).toContain('name: "  leading blanks"');
    expect((await cli(['plan'])).exitCode).toBe(0);
  });

  test.each([
    [
      'scope_suffix',
      { scope_suffix: 'a%b' },
      "scope_suffix must be one path segment: no white space, control or format character, /, ?, # or % (the spec's rule, which the service's value breaks): nothing was written.",
    ],
    ['scope_suffix', { scope_suffix: '' }, "scope_suffix must not be empty (the spec's rule"],
  ])(
    'a value the spec reads otherwise or refuses (%s): named, exit 1, nothing written',
    async (_field, scope, text) => {
      await seed(scope);
      const run = await cli(['import']);
      expect(run.exitCode).toBe(1);
      expect(run.stderr).toContain(`Error: ${text}`);
      expect(await filesIn(workspace.dir)).toEqual([]);
    },
  );

  test('a value that holds the secret: refused, and no form of it printed', async () => {
    await seed({ description: `leaked ${SECRET} here` });
    const run = await cli(['import', '--json']);
    expect(run.exitCode).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({
      status: 'failed',
      errors: [
        {
          message:
            "description: the service's value holds a form of the client secret or of the token: nothing was written. Change the value on the service first.",
        },
      ],
    });
    expectNoSecret(run);
    expect(await filesIn(workspace.dir)).toEqual([]);
  });

  test("the secret in the scope string, or in a dependency's: refused by field", async () => {
    const leaky = service.addScope({ scope_string: `${service.url}/scopes/other/${SECRET}`, advertised: true });
    await seed({
      scope_suffix: SECRET,
      dependent_scopes: [{ scope: leaky.id, optional: false, requires_refresh_token: true }],
    });
    const run = await cli(['import', '--json']);
    expect(run.exitCode).toBe(1);
    const secretIn = (field: string) => ({
      message: `${field}: the service's value holds a form of the client secret or of the token: nothing was written. Change the value on the service first.`,
    });
    expect((JSON.parse(run.stdout) as { errors: unknown[] }).errors).toEqual([
      expect.objectContaining(secretIn('scope_suffix')),
      expect.objectContaining(secretIn('dependent_scopes[0].scope')),
    ]);
    expectNoSecret(run);
    expect(await filesIn(workspace.dir)).toEqual([]);
  });

  test('a long value stays on one line, as a reviewer diffs it', async () => {
    const long =
      'A provider that does many things, described at length so that the line goes well past eighty characters.';
    await seed({ description: long });
    expect((await cli(['import'])).exitCode).toBe(0);
    expect(await workspace.read(FILE)).toContain(`\ndescription: ${long}\n`);
  });

  test('a spec of exactly the size limit is written; one byte more is refused', async () => {
    const record = service.addScope({
      client: client.id,
      scope_string: `${service.url}/scopes/${client.id}/action_all`,
      name: 'N',
      description: 'x',
      advertised: true,
    });
    // The file's size without its description's one byte, then a description that fills it to the limit.
    const base = Buffer.byteLength((await cli(['import', '--spec', '-'])).stdout) - 1;
    record.description = 'x'.repeat(65536 - base);
    const exact = await cli(['import', '--spec', '-']);
    expect([exact.exitCode, Buffer.byteLength(exact.stdout)]).toEqual([0, 65536]);
    record.description += 'x';
    const over = await cli(['import', '--spec', '-']);
    expect([over.exitCode, over.stderr]).toEqual([
      1,
      expect.stringContaining(
        "Error: The spec would take 65537 bytes, over the spec file's limit of 65536: nothing was written.",
      ),
    ]);
  });

  test('a spec over the size limit: refused, nothing written', async () => {
    await seed({ description: 'x'.repeat(70 * 1024) });
    const run = await cli(['import']);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toMatch(
      /Error: The spec would take \d+ bytes, over the spec file's limit of 65536: nothing was written/,
    );
  });
});

// Pieces of text people put in names and descriptions, with what YAML gives a meaning to.
const piece = fc.oneof(
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 4 }),
  fc.constantFrom(
    '"',
    "'",
    '#',
    ' #',
    ': ',
    ':',
    '- ',
    '? ',
    '[',
    ']',
    '{',
    '}',
    ',',
    '&a',
    '*a',
    '!t',
    '|',
    '>',
    '%',
    '@',
    '`',
    '\\',
    'true',
    'null',
    '~',
    '1.5',
    '0x1F',
    '---',
    '...',
    '  ',
    'é',
    '日本',
    '🙂',
    '\t',
    '\n',
    '\r\n',
    '\u001b',
    '\u0085',
    '\u2028',
    '\u202e',
    '\ufeff',
  ),
);
const text = fc.oneof(
  { weight: 9, arbitrary: fc.array(piece, { minLength: 1, maxLength: 5 }).map((p) => p.join('')) },
  { weight: 1, arbitrary: fc.constant('long '.repeat(400).trim()) },
);
const flags = fc.record({ optional: fc.boolean(), requires_refresh_token: fc.boolean() });
const drawn = fc.record({
  name: text,
  description: text,
  scope_suffix: fc.oneof(
    fc.constant('action_all'),
    fc.stringMatching(/^[a-z0-9_]{1,10}$/),
    fc.stringMatching(/^[A-Za-z0-9._~-]{1,10}$/),
  ),
  advertised: fc.boolean(),
  allows_refresh_token: fc.boolean(),
  required_domains: fc.array(fc.oneof(fc.domain(), text), { maxLength: 3 }),
  dependents: fc.subarray(['groups', 'hidden', 'advertised'] as const),
  flags: fc.array(flags, { minLength: 3, maxLength: 3 }),
  fqdns: fc.array(fc.domain(), { maxLength: 2 }),
});

/** What the spec cannot hold as the service has it: a control character, nothing (or blanks alone), or what UTF-8 cannot encode (a lone surrogate). */
const unwritable = (value: string): boolean =>
  hasUnsafe(value) || value.trim() === '' || Buffer.from(value).toString() !== value;

test('property: for any scope the service accepts, import then plan changes nothing, or import refuses by field and writes nothing', async () => {
  await fc.assert(
    fc.asyncProperty(drawn, async (scope) => {
      service = inProcessService();
      client = service.addClient({ secret: SECRET, fqdns: [...new Set(scope.fqdns)] });
      const owner = service.addClient();
      const pool = {
        groups: GROUPS_SCOPE_ID,
        hidden: service.addScope({
          scope_string: `${service.url}/scopes/${owner.id}/private`,
          client: owner.id,
          advertised: false,
        }).id,
        advertised: service.addScope({
          scope_string: `${service.url}/scopes/${owner.id}/public`,
          client: owner.id,
          advertised: true,
        }).id,
      };
      const {
        name,
        description,
        scope_suffix,
        advertised,
        allows_refresh_token,
        required_domains,
        dependents,
        flags: each,
      } = scope;
      const fields = { name, description, scope_suffix, advertised, allows_refresh_token, required_domains };
      const seeded = await seedInProcess(service, client, {
        ...fields,
        dependent_scopes: dependents.map((d, i) => ({ scope: pool[d], ...each[i] })),
      });
      fc.pre(seeded.status === 200);
      await workspace.remove();
      await workspace.create({});

      const imported = await cli(['import']);
      const texts = [scope.name, scope.description, ...scope.required_domains];
      const refusable = texts.some(unwritable);
      if (imported.exitCode === 0) {
        expect({ refusable, texts }).toEqual({ refusable: false, texts });
        const planned = await cli(['plan']);
        expect({ code: planned.exitCode, stdout: planned.stdout, stderr: planned.stderr }).toEqual({
          code: 0,
          stdout: expect.stringMatching(/^No changes: the scope matches the spec\.\n/),
          stderr: expect.any(String),
        });
      } else {
        expect({ refusable, texts, stderr: imported.stderr }).toEqual({
          refusable: true,
          texts,
          stderr: expect.stringMatching(/^Error: (name|description|required_domains(\[\d+\])?)[: ]/m),
        });
        expect(await filesIn(workspace.dir)).toEqual([]);
      }
      expect(imported.stdout + imported.stderr).not.toMatch(OBEYED_CONTROL);
    }),
    { numRuns: 100 },
  );
}, 120_000);

test('property: for any client with several scopes, each depending on earlier ones, import writes the list and plan then changes nothing for any', async () => {
  const listed = fc.record({
    suffixes: fc.uniqueArray(fc.stringMatching(/^[a-z0-9_]{1,8}$/), { minLength: 2, maxLength: 4 }),
    // For each scope, which earlier ones it depends on (by a bit each), with its flags.
    depends: fc.array(
      fc.array(fc.record({ on: fc.boolean(), optional: fc.boolean(), requires_refresh_token: fc.boolean() }), {
        minLength: 4,
        maxLength: 4,
      }),
      { minLength: 4, maxLength: 4 },
    ),
    groups: fc.boolean(),
    fqdns: fc.array(fc.domain(), { maxLength: 1 }),
  });
  await fc.assert(
    fc.asyncProperty(listed, async ({ suffixes, depends, groups, fqdns }) => {
      service = inProcessService();
      client = service.addClient({ secret: SECRET, fqdns });
      const ids: string[] = [];
      for (const [i, suffix] of suffixes.entries()) {
        const earlier = ids.flatMap((id, j) => {
          const { on, optional, requires_refresh_token } = depends[i]?.[j] ?? { on: false };
          return on ? [{ scope: id, optional, requires_refresh_token }] : [];
        });
        const extra =
          groups && i === 0 ? [{ scope: GROUPS_SCOPE_ID, optional: false, requires_refresh_token: true }] : [];
        ids.push(
          (await seed({ scope_suffix: suffix, name: `Scope ${suffix}`, dependent_scopes: [...earlier, ...extra] }))[0]
            ?.id ?? '',
        );
      }
      await workspace.remove();
      await workspace.create({});
      const imported = await cli(['import']);
      expect({ code: imported.exitCode, stderr: imported.stderr }).toEqual({
        code: 0,
        stderr: expect.not.stringContaining('Error'),
      });
      const spec = parseSpec(await workspace.read(FILE), FILE);
      // The order a person keeps: by suffix, each scope after the siblings it depends on.
      const order = spec.scopes.map((s) => s.scope_suffix);
      expect([...order].sort()).toEqual([...suffixes].sort());
      suffixes.forEach((suffix, i) => {
        const siblings = suffixes.filter((_, j) => j < i && depends[i]?.[j]?.on === true);
        expect({ suffix, after: siblings.filter((s) => order.indexOf(s) > order.indexOf(suffix)) }).toEqual({
          suffix,
          after: [],
        });
      });
      // With no sibling dependency, by suffix alone.
      if (depends.every((row) => row.every((d) => !d.on))) expect(order).toEqual([...suffixes].sort());
      // Every dependency on a sibling is written by its suffix.
      expect(
        spec.scopes.flatMap((s) => s.dependent_scopes).filter((d) => 'scope' in d && d.scope !== GROUPS_SCOPE_STRING),
      ).toEqual([]);
      const planned = await cli(['plan', '--json']);
      const document = JSON.parse(planned.stdout) as CliReport;
      expect({
        code: planned.exitCode,
        actions: document.scopes.map((p) => p.change.action),
        same: document.scopes.every((p) => p.drift.every((d) => d.same)),
      }).toEqual({
        code: 0,
        actions: suffixes.map(() => 'none'),
        same: true,
      });
    }),
    { numRuns: 30 },
  );
}, 120_000);
