/**
 * The command line as a user installs it: `npm pack`, the tarball installed into an empty
 * directory, its `ensure-provider-scope` run as a process (under Node 24, and under Node 22
 * from the `node@22` package), against the embedded service on 127.0.0.1.
 */
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, test } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  EmbeddedAuthService,
  GROUPS_SCOPE_ID,
  GROUPS_SCOPE_STRING,
  type ClientRecord,
} from '../../dev/auth-service.ts';
import { ForwardProxy } from '../../dev/forward-proxy.ts';
import { ROOT } from '../../dev/runner.ts';
import packageJson from '../../package.json' with { type: 'json' };
import { tooOldNode } from '../../src/cli/node-version.ts';
import { credentialForms, secretForms } from '../../src/engine/secrets.ts';
import { installPackage, NODE_24, runInstalled, type CliProcess, type InstalledCli } from '../support/installed-cli.ts';
import { seedOverHttp } from '../support/seed.ts';
import {
  BOT_TOKEN,
  liveReferences,
  markedNotes,
  mergeRequestEnv,
  MR_IID,
  PROJECT,
  READ_TOKEN,
  SOMEONE,
  startGitLab,
} from '../support/merge-request.ts';
import { OBEYED_CONTROL } from '../support/terminal.ts';

const run = promisify(execFile);
const SECRET = 'packaged-cli-secret-7c1d';
const SPEC = `name: Packaged provider\ndescription: Runs packaged actions\nadvertised: true\ndependent_scopes:\n  - scope: ${GROUPS_SCOPE_STRING}\n`;
// Node 22 from the `node` package, in a folder of its own: as a devDependency its `node` bin
// would take the place of Node 24's.
const NODE_22_PREFIX = path.join(ROOT, '.cache', 'node22');
const NODE_22 = path.join(NODE_22_PREFIX, 'node_modules', '.bin');

let installed: InstalledCli;
beforeAll(async () => {
  installed = await installPackage();
  if (!existsSync(path.join(NODE_22, 'node')))
    await run(
      'npm',
      ['install', '--silent', '--no-save', '--no-audit', '--no-fund', '--prefix', NODE_22_PREFIX, 'node@22'],
      { cwd: ROOT },
    );
}, 180_000);
afterAll(() => installed.remove());

let service: EmbeddedAuthService;
let client: ClientRecord;
let workdir = '';
beforeEach(async () => {
  service = new EmbeddedAuthService();
  await service.start();
  client = service.addClient({ secret: SECRET });
  workdir = await mkdtemp(path.join(tmpdir(), 'eps-work-'));
  await mkdir(path.join(workdir, '.github'));
  await writeFile(path.join(workdir, '.github', 'provider-scope.yml'), SPEC);
});
afterEach(async () => {
  await service.stop();
  await rm(workdir, { recursive: true, force: true });
});

type Run = CliProcess;

/** The installed command, as a shell would start it: found on the PATH, with the given Node first. */
function cli(
  args: string[],
  { node = NODE_24, env = {} }: { node?: string; env?: Record<string, string> } = {},
): Promise<Run> {
  return runInstalled(installed.bin, args, {
    cwd: workdir,
    node,
    env: {
      PROVIDER_CLIENT_ID: client.id,
      PROVIDER_AUTH_URL: service.url,
      PROVIDER_CLIENT_SECRET: SECRET,
      ...env,
    },
  });
}

/** No form of the secret in what was printed, nor in any file left in the working directory. */
async function expectNoSecret(...runs: Run[]): Promise<void> {
  const files = await readdir(workdir, { recursive: true, withFileTypes: true });
  const texts = await Promise.all(
    files.filter((f) => f.isFile()).map((f) => readFile(path.join(f.parentPath, f.name), 'utf8')),
  );
  const everything = [...runs.flatMap((r) => [r.stdout, r.stderr]), ...texts].join('\n');
  for (const form of secretForms(client.id, SECRET))
    expect({ form, found: everything.includes(form) }).toEqual({ form, found: false });
}

test('the package holds what the command and the action need, and nothing else', () => {
  const { packed } = installed;
  const outside = packed.filter(
    (file) =>
      !/^(dist\/|schema\/[\w-]+\.schema\.json$|docs\/[\w-]+\.md$|action\.yml$|package\.json$|README\.md$|LICENSE$)/.test(
        file,
      ),
  );
  expect(outside).toEqual([]);
  expect(packed).toEqual(
    expect.arrayContaining(['dist/index.js', 'dist/cli/index.js', 'action.yml', 'schema/cli-output.schema.json']),
  );
  // The README's links to docs/ work on the package's page too.
  const linked = [...readFileSync(path.join(ROOT, 'README.md'), 'utf8').matchAll(/\]\((docs\/[\w-]+\.md)[#)]/g)].map(
    (m) => m[1],
  );
  expect(linked.length).toBeGreaterThan(0);
  expect(packed).toEqual(expect.arrayContaining(linked));
});

describe.each([
  ['Node 24', NODE_24],
  ['Node 22', NODE_22],
])('installed from the tarball, under %s', (_name, node) => {
  test('plan (exit 2, the creation), apply (exit 0, created), plan again (exit 0)', async () => {
    const version = await run(path.join(node, 'node'), ['--version']);
    expect(version.stdout).toMatch(node === NODE_22 ? /^v22\./ : /^v24\./);
    const planned = await cli(['plan'], { node });
    expect([planned.code, planned.stdout]).toEqual([
      2,
      expect.stringContaining(
        `Dry run: action_all would be created.\n\n+ create scope ${service.url}/scopes/${client.id}/action_all\n`,
      ),
    ]);
    expect(planned.stdout.startsWith('Dry run: ')).toBe(true);
    expect(planned.stdout).toContain(`\nNext: apply would send POST /v2/api/clients/${client.id}/scopes.\n`);
    const applied = await cli(['apply', '--dotenv', 'scope.env'], { node });
    expect([applied.code, applied.stdout]).toEqual([
      0,
      expect.stringMatching(/^Applied: action_all was created\.\n\nCreated scope /),
    ]);
    const again = await cli(['plan'], { node });
    expect([again.code, again.stdout]).toEqual([
      0,
      expect.stringMatching(/^No changes: the scope matches the spec\.\n/),
    ]);
    // The dotenv file, read back as GitLab would.
    const dotenv = Object.fromEntries(
      (await readFile(path.join(workdir, 'scope.env'), 'utf8'))
        .trimEnd()
        .split('\n')
        .map((l) => l.split(/=(.*)/s).slice(0, 2)),
    );
    expect(dotenv).toMatchObject({ SCOPE_STRING: `${service.url}/scopes/${client.id}/action_all`, CREATED: 'true' });
    // Readable by its owner alone, where the system has modes.
    if (process.platform !== 'win32') expect((await stat(path.join(workdir, 'scope.env'))).mode & 0o777).toBe(0o600);
    await expectNoSecret(planned, applied, again);
  });

  // Node's own proxy support (22.21 and 24.5 on) carries the command line's requests.
  test('through HTTP_PROXY: every request relayed by the proxy', async () => {
    const proxy = new ForwardProxy();
    try {
      const planned = await cli(['plan'], { node, env: { HTTP_PROXY: await proxy.start() } });
      expect(planned.code).toBe(2);
      expect(proxy.relayed).toEqual(expect.arrayContaining([`GET ${service.url}/v2/api/clients/${client.id}`]));
      expect(proxy.relayed.every((line) => line.includes(service.url))).toBe(true);
      await expectNoSecret(planned);
    } finally {
      await proxy.stop();
    }
  });
});

/**
 * A Node below `engines` found outside the repository (the system's, on the PATH or in the
 * usual places), as a user who has not upgraded runs the command: its folder and version.
 */
function oldSystemNode(): { dir: string; version: string } | undefined {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/local/bin', '/usr/bin', '/bin'];
  for (const dir of new Set(dirs.filter((d) => d !== '' && !path.resolve(d).startsWith(ROOT)))) {
    const node = path.join(dir, process.platform === 'win32' ? 'node.exe' : 'node');
    if (!existsSync(node)) continue;
    const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim().replace(/^v/, '');
    if (tooOldNode(version) !== undefined) return { dir, version };
  }
  return undefined;
}
const OLD_NODE = oldSystemNode();

// Without the check, the command ran on Node 20 all the same, below what undici 8 needs.
(OLD_NODE === undefined ? test.skip : test)(
  OLD_NODE === undefined
    ? `under a Node below engines: skipped, no Node older than ${packageJson.engines.node} outside the repository (PATH, /usr/local/bin, /usr/bin)`
    : `under the system's Node ${OLD_NODE.version}, below engines (${packageJson.engines.node}): one line that says so, exit 1, nothing sent`,
  async () => {
    const { dir, version } = OLD_NODE ?? { dir: '', version: '' };
    const started = await cli(['plan'], { node: dir });
    expect(started).toEqual({
      code: 1,
      stdout: '',
      stderr: `ensure-provider-scope needs Node.js 22.19 or later, and this is Node.js ${version}: install a newer Node.js (or switch to one with your version manager) and run it again.\n`,
    });
    expect(service.requests).toEqual([]);
    const asked = await cli(['--version'], { node: dir });
    expect([asked.code, asked.stderr.split('\n').length]).toEqual([1, 2]);
  },
);

test('a changed description: plan --on-drift update shows it (exit 2), apply --on-drift update applies it', async () => {
  await cli(['apply']);
  await writeFile(
    path.join(workdir, '.github', 'provider-scope.yml'),
    SPEC.replace('Runs packaged actions', 'Runs better actions'),
  );
  const planned = await cli(['plan', '--on-drift', 'update']);
  expect([planned.code, planned.stdout]).toEqual([
    2,
    expect.stringContaining('~ description          = "Runs packaged actions" -> "Runs better actions"'),
  ]);
  expect(planned.stdout).toMatch(/^Dry run: action_all: description would change\.\n/);
  const applied = await cli(['apply', '--on-drift', 'update', '--json']);
  expect(applied.code).toBe(0);
  expect(JSON.parse(applied.stdout)).toMatchObject({ status: 'applied', outputs: { updated: true } });
  expect(service.scopes.get(client.scopes[0] as string)?.description).toBe('Runs better actions');
});

test('plan --json carries the plan the terminal shows: every field of a creation, the dependent scope by string and id, changes', async () => {
  const text = await cli(['plan']);
  const json = await cli(['plan', '--json']);
  expect([text.code, json.code]).toEqual([2, 2]);
  const document = JSON.parse(json.stdout) as {
    scopes: Array<{ change: { action: string; fields: Array<{ field: string; before: unknown; after: unknown }> } }>;
    outputs: { changes: boolean };
  };
  expect(document.outputs.changes).toBe(true);
  expect(document.scopes).toHaveLength(1);
  const plan = document.scopes[0]?.change;
  expect(plan?.action).toBe('create');
  const groups = {
    scope_string: GROUPS_SCOPE_STRING,
    scope: GROUPS_SCOPE_ID,
    optional: false,
    requires_refresh_token: true,
  };
  expect(plan?.fields).toEqual([
    { field: 'name', before: null, after: 'Packaged provider' },
    { field: 'description', before: null, after: 'Runs packaged actions' },
    { field: 'scope_suffix', before: null, after: 'action_all' },
    { field: 'advertised', before: null, after: true },
    { field: 'allow_refresh_tokens', before: null, after: true },
    { field: 'dependent_scopes', before: null, after: [groups] },
  ]);
  // The terminal's plan names the same fields and the same dependent scope.
  for (const { field } of plan?.fields ?? []) expect(text.stdout).toContain(`+ ${field}`);
  expect(text.stdout).toContain(
    `${GROUPS_SCOPE_STRING} (${GROUPS_SCOPE_ID}) optional: false, requires_refresh_token: true`,
  );
});

test("plan --format markdown: the job summary on stdout for any CI to post, the plan's exit codes (2, then 0), the secret in no form", async () => {
  const planned = await cli(['plan', '--format', 'markdown']);
  // The verdict first; the whole report, folded, below it.
  expect([planned.code, planned.stdout]).toEqual([
    2,
    expect.stringMatching(/^\*\*Dry run\*\*: <code>action\\_all<\/code> would be created\.\n\n/),
  ]);
  expect(planned.stdout).toMatch(/^### Dry run: the provider scope would be created\n\n/m);
  expect(planned.stdout).toMatch(/^\| Ran for \| the command line \\\(plan\\\) \|/m);
  expect(planned.stdout).toMatch(/^\| description \| <code>"Runs packaged actions"<\/code> \|/m);
  const applied = await cli(['apply', '--format', 'markdown']);
  expect([applied.code, applied.stdout]).toEqual([
    0,
    expect.stringMatching(/^\*\*Applied\*\*: <code>action\\_all<\/code> was created\.\n/),
  ]);
  expect(applied.stdout).toMatch(/^### Provider scope created\n/m);
  const again = await cli(['plan', '--format', 'markdown']);
  expect([again.code, again.stdout]).toEqual([
    0,
    expect.stringMatching(/^\*\*No changes\*\*: the scope matches the spec\.\n/),
  ]);
  expect(again.stdout).toMatch(/^### Dry run: provider scope already registered\n/m);
  // The service echoes the secret, whole and as the Basic credential: the failed run's summary has neither.
  const basic = Buffer.from(`${client.id}:${SECRET}`).toString('base64');
  service.inject({
    method: 'GET',
    path: /^\/v2\/api\/clients\//,
    status: 400,
    body: JSON.stringify({ errors: [{ detail: `bad credential ${SECRET} (${basic})` }] }),
  });
  const echoed = await cli(['plan', '--format', 'markdown']);
  expect([echoed.code, echoed.stdout]).toEqual([
    1,
    expect.stringMatching(/^\*\*The run failed\*\*: the run stopped before it could tell what would change\.\n/),
  ]);
  expect(echoed.stdout).toMatch(/^### Provider scope: the run failed\n/m);
  // Outside code, inert on GitLab too: a word joiner after each `*` (GitLab's `*iteration:`).
  expect(echoed.stdout).toContain('bad credential \\*\u2060\\*\u2060\\*\u2060');
  await expectNoSecret(planned, applied, again, echoed);
});

test('a bad spec: exit 1, every problem with its file and line, nothing sent', async () => {
  await writeFile(path.join(workdir, '.github', 'provider-scope.yml'), 'name: x\nadvertised: maybe\nscope_sufix: y\n');
  const failed = await cli(['plan']);
  expect(failed.code).toBe(1);
  expect(failed.stderr).toContain('Error: .github/provider-scope.yml:1: description is required');
  expect(failed.stderr).toContain('Error: .github/provider-scope.yml:2: advertised must be a boolean');
  expect(failed.stderr).toContain(
    'Error: .github/provider-scope.yml:3: unknown key "scope_sufix" (did you mean "scope_suffix"?)',
  );
  // Each problem once: no second line that repeats it.
  expect(failed.stderr.split('\n').filter((line) => line.includes('scope_sufix'))).toHaveLength(1);
  expect(service.requests).toEqual([]);
});

test('a wrong secret: exit 1, what to check, no form of either secret', async () => {
  const wrong = await cli(['plan'], { env: { PROVIDER_CLIENT_SECRET: 'an-old-deleted-secret' } });
  expect(wrong.code).toBe(1);
  // The id came from PROVIDER_CLIENT_ID: named so; then how to replace the secret, in that order.
  expect(wrong.stderr).toContain(
    "HTTP 401: the credentials were rejected: PROVIDER_CLIENT_ID must be the app's Client ID and PROVIDER_CLIENT_SECRET one of its current secrets",
  );
  expect(wrong.stderr).toContain(
    'For a secret deleted or lost: make a new secret in the developer portal, put it in each CI/CD variable and secret store that holds a copy of it, then redeploy the provider with it, in that order.',
  );
  expect(wrong.stdout + wrong.stderr).not.toContain('an-old-deleted-secret');
  // A request in flight when the 401 stopped the run is abandoned, not announced as a retry.
  expect(wrong.stderr).not.toContain('trying again');
  await expectNoSecret(wrong);
});

test('--json: one document on stdout, valid against schema/cli-output.schema.json of the package', async () => {
  const schema = JSON.parse(
    await readFile(path.join(installed.packageDir, 'schema', 'cli-output.schema.json'), 'utf8'),
  ) as object;
  const validate = new Ajv2020({ strict: false }).compile(schema);
  for (const args of [
    ['plan', '--json'],
    ['apply', '--json'],
    ['verify', '--json'],
  ]) {
    const { stdout } = await cli(args);
    const document = JSON.parse(stdout) as unknown;
    expect({ args, valid: validate(document), errors: validate.errors ?? null }).toEqual({
      args,
      valid: true,
      errors: null,
    });
  }
});

test('hostile text from the service (escape sequences, a bell, a carriage return) reaches the terminal inert', async () => {
  service.inject({
    method: 'GET',
    path: /^\/v2\/api\/clients\//,
    status: 403,
    body: JSON.stringify({ errors: [{ id: 'e\u001b]0;x\u0007', detail: 'no\u001b[2J\rway\u009b6n' }] }),
  });
  const failed = await cli(['plan']);
  expect(failed.code).toBe(1);
  expect(failed.stdout + failed.stderr).not.toMatch(OBEYED_CONTROL);
  expect(failed.stderr).toContain('The service said: no\\u001b[2J\\u000dway\\u009b6n (error id e\\u001b]0;x\\u0007)');
});

/**
 * import, as a team that registered its scope by hand adopts the tool: the scope made with the
 * request curl would send (support/seed.ts, the service's own API), then the installed command.
 */
describe('import, installed from the tarball', () => {
  const FILE = path.join('.github', 'provider-scope.yml');
  const specIn = (): string => path.join(workdir, FILE);
  const nonReads = (from: number): string[] =>
    service.requests
      .slice(from)
      .filter((r) => r.method !== 'GET')
      .map((r) => `${r.method} ${r.path}`);
  const made = async (c: ClientRecord, scope: Record<string, unknown>): Promise<string> => {
    const seeded = await seedOverHttp(service, c, {
      name: 'Hand-made provider',
      description: 'Registered with curl',
      scope_suffix: 'action_all',
      advertised: true,
      ...scope,
    });
    expect(seeded.status).toBe(200);
    return seeded.body.scopes?.[0]?.id ?? '';
  };
  beforeEach(() => rm(specIn()));

  test('import, then plan (exit 0), then apply --on-drift fail (exit 0): nothing written to the service', async () => {
    await made(client, {
      dependent_scopes: [{ scope: GROUPS_SCOPE_ID, optional: false, requires_refresh_token: true }],
    });
    const from = service.requests.length;
    // The process's own clock: the day before and after the run, in case it crosses midnight.
    const days = [new Date().toISOString().slice(0, 10)];
    const imported = await cli(['import']);
    days.push(new Date().toISOString().slice(0, 10));
    expect([imported.code, imported.stdout]).toEqual([
      0,
      expect.stringContaining(`Imported scope ${service.url}/scopes/${client.id}/action_all`),
    ]);
    const text = await readFile(specIn(), 'utf8');
    // No schema line: the package packed from a clone has no published address yet.
    expect(text).toMatch(/^# Imported from the live scope /);
    const header = (day: string): string =>
      `# Imported from the live scope ${service.url}/scopes/${client.id}/action_all of client ${client.id}\n# at ${service.url} on ${day}, by: ensure-provider-scope import\n`;
    expect(days.some((day) => text.includes(header(day)))).toBe(true);
    expect(text).toContain(
      `dependent_scopes:\n  - scope: ${GROUPS_SCOPE_STRING}\n    optional: false\n    requires_refresh_token: true\n`,
    );
    const planned = await cli(['plan']);
    expect([planned.code, planned.stdout]).toEqual([
      0,
      expect.stringMatching(/^No changes: the scope matches the spec\.\n/),
    ]);
    const applied = await cli(['apply', '--on-drift', 'fail']);
    expect(applied.code).toBe(0);
    expect(nonReads(from)).toEqual([]);
    await expectNoSecret(imported, planned, applied);
  });

  test('a client with an FQDN: one spec for its two scopes', async () => {
    client = service.addClient({ secret: SECRET, fqdns: ['provider.example.org'] });
    await made(client, {});
    expect(client.scopes).toHaveLength(2);
    const imported = await cli(['import', '--json']);
    expect(imported.code).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({
      status: 'imported',
      outputs: {
        scope_strings: [
          `${service.url}/scopes/${client.id}/action_all`,
          `${service.url}/scopes/provider.example.org/action_all`,
        ],
      },
      import: { file: FILE, scopes: [{ scope_suffix: 'action_all' }] },
    });
    expect((await cli(['plan'])).code).toBe(0);
  });

  test('two suffixes: both, listed, the sibling by its suffix, and plan changes nothing; --scope-suffix picks one', async () => {
    const all = await made(client, { scope_suffix: 'action_all' });
    await made(client, {
      scope_suffix: 'view',
      name: 'Viewer',
      dependent_scopes: [{ scope: all, optional: false, requires_refresh_token: true }],
    });
    const listed = await cli(['import']);
    expect([listed.code, listed.stdout]).toEqual([
      0,
      expect.stringContaining('Imported 2 scopes into .github/provider-scope.yml:\n'),
    ]);
    const text = await readFile(specIn(), 'utf8');
    expect(text).toContain('\nscopes:\n  - name: Hand-made provider\n');
    expect(text).toContain('\n  - name: Viewer\n    description: Registered with curl\n    scope_suffix: view\n');
    expect(text).toContain('\n    dependent_scopes:\n      - scope_suffix: action_all\n');
    const planned = await cli(['plan']);
    expect([planned.code, planned.stdout]).toEqual([
      0,
      expect.stringMatching(/^No changes: every listed scope matches the spec\.\n/),
    ]);
    const picked = await cli(['import', '--scope-suffix', 'view', '--force']);
    expect(picked.code).toBe(0);
    expect(await readFile(specIn(), 'utf8')).toContain(
      '\nname: Viewer\ndescription: Registered with curl\nscope_suffix: view\n',
    );
    // plan holds the spec's suffix: the client's view scope, unchanged.
    const single = await cli(['plan']);
    expect([single.code, single.stdout]).toEqual([
      0,
      expect.stringContaining(`Registered: scope ${service.url}/scopes/${client.id}/view`),
    ]);
    expect(single.stdout).toMatch(/^No changes: the scope matches the spec\.\n/);
  });

  test('no scope: exit 1, nothing to import, what to do instead; no file', async () => {
    const run = await cli(['import']);
    expect([run.code, run.stderr]).toEqual([
      1,
      expect.stringContaining(
        `Error: Client ${client.id} has no scope: nothing to import. To register a scope, write the spec instead`,
      ),
    ]);
    expect(await readdir(path.join(workdir, '.github'))).toEqual([]);
  });

  test('an existing file: kept without --force, replaced whole with it', async () => {
    await made(client, {});
    await writeFile(specIn(), 'name: mine\n');
    const kept = await cli(['import']);
    expect([kept.code, kept.stderr]).toEqual([
      1,
      expect.stringContaining('exists already, and import never overwrites a file unless told to'),
    ]);
    expect(await readFile(specIn(), 'utf8')).toBe('name: mine\n');
    const forced = await cli(['import', '--force']);
    expect(forced.code).toBe(0);
    expect(await readFile(specIn(), 'utf8')).toContain('\nname: Hand-made provider\n');
    expect(await readdir(path.join(workdir, '.github'))).toEqual(['provider-scope.yml']);
  });

  test('--spec -: the spec on stdout, and no file', async () => {
    await made(client, {});
    const run = await cli(['import', '--spec', '-']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^# Imported from .*\nname: Hand-made provider\ndescription: Registered with curl\nscope_suffix: action_all\nadvertised: true\nallow_refresh_tokens: true\nrequired_domains: \[\]\ndependent_scopes: \[\]\n$/s,
    );
    expect(await readdir(path.join(workdir, '.github'))).toEqual([]);
  });

  test('the schema line, once the package is published: the release names the repository in its package.json', async () => {
    await made(client, {});
    const installedJson = path.join(installed.packageDir, 'package.json');
    const original = await readFile(installedJson, 'utf8');
    try {
      // What the release workflow's `npm pkg set repository...` leaves in the published package.
      await writeFile(
        installedJson,
        JSON.stringify({
          ...(JSON.parse(original) as object),
          repository: { type: 'git', url: 'git+https://github.com/octo/ensure-provider-scope.git' },
        }),
      );
      const run = await cli(['import', '--spec', '-']);
      expect([run.code, run.stdout.split('\n')[0]]).toEqual([
        0,
        `# yaml-language-server: $schema=https://unpkg.com/${packageJson.name}@${packageJson.version}/schema/provider-scope.schema.json`,
      ]);
    } finally {
      await writeFile(installedJson, original);
    }
  });

  test('a dependency the client cannot see: written as its UUID, with a comment saying why', async () => {
    const owner = service.addClient();
    const hidden = await made(owner, { scope_suffix: 'private', advertised: false });
    await made(client, { dependent_scopes: [{ scope: hidden, optional: true, requires_refresh_token: false }] });
    const run = await cli(['import']);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`Warning: dependent_scopes: the scope ${hidden} is not shown to this client`);
    expect(await readFile(specIn(), 'utf8')).toContain(
      `dependent_scopes:\n  # Not shown to this client (another client's scope that is not advertised, or gone): kept by its UUID.\n  - scope: ${hidden}\n    optional: true\n`,
    );
    expect((await cli(['plan'])).code).toBe(0);
  });

  test('unusual text comes back equal (blanks at its ends too); control characters are refused by field, nothing written, inert', async () => {
    const unusual = {
      name: `  "Quoted" and 'single' # not a comment: really `,
      description: `Key: value, - dash, ? mark, [a], {b}, &c *d !e | > % @ \` ~ null true 1.5; ünïcødé 日本語 🙂 ${'long text '.repeat(300).trim()}`,
      required_domains: ['example.org', 'true', '#x'],
    };
    await made(client, unusual);
    const imported = await cli(['import', '--json']);
    expect(imported.code).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ import: { form: 'single', scopes: [unusual] } });
    expect((await cli(['plan'])).stdout).toMatch(/^No changes: the scope matches the spec\.\n/);

    for (const [field, scope] of [
      ['name', { name: 'a tab\tinside' }],
      ['description', { description: 'bell\u0007 and escape\u001b[2J' }],
    ] as const) {
      client = service.addClient({ secret: SECRET });
      await made(client, scope);
      await rm(specIn(), { force: true });
      const from = service.requests.length;
      const refused = await cli(['import']);
      expect([refused.code, refused.stderr]).toEqual([1, expect.stringContaining(`Error: ${field}: `)]);
      expect(refused.stdout + refused.stderr).not.toMatch(OBEYED_CONTROL);
      expect(existsSync(specIn())).toBe(false);
      expect(nonReads(from)).toEqual([]);
    }
  });

  test('--json for import: valid against the packaged schema', async () => {
    await made(client, {});
    const schema = JSON.parse(
      await readFile(path.join(installed.packageDir, 'schema', 'cli-output.schema.json'), 'utf8'),
    ) as object;
    const validate = new Ajv2020({ strict: false }).compile(schema);
    for (const args of [
      ['import', '--json', '--spec', '-'],
      ['import', '--json', '--scope-suffix', 'nope'],
    ]) {
      const document = JSON.parse((await cli(args)).stdout) as unknown;
      expect({ args, valid: validate(document), errors: validate.errors ?? null }).toEqual({
        args,
        valid: true,
        errors: null,
      });
    }
  });
});

/**
 * --gitlab-note, installed: the command as a merge request job runs it, against the fake GitLab
 * API (dev/gitlab-api.ts) and the embedded service, both on 127.0.0.1.
 */
describe('plan --gitlab-note, installed from the tarball, in a merge request pipeline', () => {
  const notesPath = `/projects/${PROJECT}/merge_requests/${MR_IID}/notes`;

  test("one note, created then updated in place; the exit codes are the runs' own; the token in no output", async () => {
    const gitlab = await startGitLab();
    try {
      const marker = `<!-- ensure-provider-scope client=${client.id} spec=.github%2Fprovider-scope.yml -->`;
      gitlab.addNote(PROJECT, MR_IID, SOMEONE, `${marker}\ncopied by someone`);
      const env = mergeRequestEnv(gitlab);
      const planned = await cli(['plan', '--gitlab-note'], { env });
      expect(planned.code).toBe(2);
      expect(planned.stdout).toContain('+ create scope');
      expect(markedNotes(gitlab)).toHaveLength(2);
      const ours = gitlab.notesOf(PROJECT, MR_IID).at(-1);
      expect(ours?.body.startsWith(`${marker}\n**Dry run**: <code>action\\_all</code> would be created.\n`)).toBe(true);
      expect(ours?.body).toContain('### Dry run: the provider scope would be created');
      expect(liveReferences(ours?.body ?? '')).toEqual([]);

      const applied = await cli(['apply', '--gitlab-note'], { env: { ...env, PROVIDER_GITLAB_NOTE: 'true' } });
      expect(applied.code).toBe(0);
      const again = await cli(['plan'], { env: { ...env, PROVIDER_GITLAB_NOTE: 'true' } });
      expect(again.code).toBe(0);
      expect(markedNotes(gitlab)).toHaveLength(2);
      expect(gitlab.notesOf(PROJECT, MR_IID).at(-1)?.body).toContain('**No changes**: the scope matches the spec.');
      expect(gitlab.notesOf(PROJECT, MR_IID)[0]?.body).toBe(`${marker}\ncopied by someone`);
      expect(gitlab.calls().filter((c) => !c.startsWith('GET'))).toEqual([
        `POST ${notesPath}`,
        `PUT ${notesPath}/${ours?.id}`,
        `PUT ${notesPath}/${ours?.id}`,
      ]);
      const everything = [planned, applied, again].map((r) => r.stdout + r.stderr).join('\n');
      for (const form of credentialForms(BOT_TOKEN)) expect(everything).not.toContain(form);
      await expectNoSecret(planned, applied, again);
    } finally {
      await gitlab.stop();
    }
  });

  test('a read_api token: one warning that says what to do, exit 2 as without the flag; outside a merge request, no request', async () => {
    const gitlab = await startGitLab();
    try {
      const refused = await cli(['plan', '--gitlab-note'], { env: mergeRequestEnv(gitlab, READ_TOKEN) });
      expect(refused.code).toBe(2);
      expect(refused.stderr.split('\n').filter((l) => l.startsWith('Warning: '))).toEqual([
        expect.stringContaining(
          "Warning: The plan was not noted on the merge request (the job log has everything): GitLab's POST of the note failed with HTTP 403.",
        ),
      ]);
      expect(refused.stderr).toContain('Give GITLAB_TOKEN the api scope');
      expect(refused.stdout + refused.stderr).not.toContain(READ_TOKEN);
      const before = gitlab.requests.length;
      const outside = await cli(['plan', '--gitlab-note'], {
        env: { ...mergeRequestEnv(gitlab), CI_MERGE_REQUEST_IID: '' },
      });
      expect([outside.code, outside.stderr]).toEqual([
        2,
        expect.stringContaining('--gitlab-note: no merge request (CI_MERGE_REQUEST_IID is not set): no note.'),
      ]);
      expect(gitlab.requests.length).toBe(before);
    } finally {
      await gitlab.stop();
    }
  });
});
