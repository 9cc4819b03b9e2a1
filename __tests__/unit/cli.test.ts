/**
 * The command line in-process, against the embedded service on 127.0.0.1: the verbs, their
 * exit codes, the plan as a person and as a program reads it, the dotenv file, and the
 * guarantees it shares with the action (no form of the secret anywhere, hostile text inert).
 */
import { TOLD_AS_ONE } from '../../src/engine/settings/telling.ts';
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  EmbeddedAuthService,
  GROUPS_SCOPE_ID,
  GROUPS_SCOPE_STRING,
  TRANSFER_SCOPE_ID_MADE_UP,
  TRANSFER_SCOPE_STRING,
  type ClientRecord,
} from '../../dev/auth-service.ts';
import { ProviderStub } from '../../dev/provider-stub.ts';
import { ROOT } from '../../dev/runner.ts';
import { dotenvOf } from '../../src/gitlab/dotenv.ts';
import { COMMANDS } from '../../src/cli/help.ts';
import type { CliReport } from '../../src/render/json-report.ts';
import { CLI_SETTINGS, cliNaming, ordinal } from '../../src/cli/options.ts';
import { SETTING_DEFAULTS, SETTING_NAMES } from '../../src/engine/settings/settings.ts';
import { secretForms } from '../../src/engine/secrets.ts';
import { OBEYED_CONTROL } from '../support/terminal.ts';
import { CliWorkspace, type CliRun } from '../support/cli-world.ts';

const SECRET = 'cli-test-secret-3f9a';
const SPEC = `name: CLI provider\ndescription: Runs CLI actions\nadvertised: true\ndependent_scopes:\n  - scope: ${GROUPS_SCOPE_STRING}\n`;
const validate = new Ajv2020({ strict: false }).compile(
  JSON.parse(readFileSync(path.join(ROOT, 'schema', 'cli-output.schema.json'), 'utf8')) as object,
);

let service: EmbeddedAuthService;
let client: ClientRecord;
const workspace = new CliWorkspace();
let env: Record<string, string | undefined>;
beforeEach(async () => {
  service = new EmbeddedAuthService();
  await service.start();
  client = service.addClient({ secret: SECRET, name: 'CLI app' });
  await workspace.create({ '.github/provider-scope.yml': SPEC });
  env = { PROVIDER_CLIENT_ID: client.id, PROVIDER_AUTH_URL: service.url, PROVIDER_CLIENT_SECRET: SECRET };
});
afterEach(async () => {
  await service.stop();
  await workspace.remove();
});

const cli = (argv: string[], options?: Parameters<CliWorkspace['run']>[2]): Promise<CliRun> =>
  workspace.run(argv, env, options);

/** No form of the secret in anything the command printed or wrote. */
function expectNoSecret(run: CliRun): void {
  const everything = [run.stdout, run.stderr, ...Object.values(run.written)].join('\n');
  for (const form of secretForms(client.id, SECRET))
    expect({ form, found: everything.includes(form) }).toEqual({ form, found: false });
}

const jsonOf = (run: CliRun): Record<string, unknown> => {
  const document = JSON.parse(run.stdout) as Record<string, unknown>;
  expect({ valid: validate(document), errors: validate.errors ?? null }).toEqual({ valid: true, errors: null });
  return document;
};
/** A single-form document's one scope: what apply would write or wrote, and its drift. */
const onlyScopeOf = (document: Record<string, unknown>): CliReport['scopes'][number] => {
  const scopes = document.scopes as CliReport['scopes'];
  expect(scopes).toHaveLength(1);
  return scopes[0] as CliReport['scopes'][number];
};
const changeOf = (document: Record<string, unknown>): CliReport['scopes'][number]['change'] =>
  onlyScopeOf(document).change;
const driftOf = (document: Record<string, unknown>): CliReport['scopes'][number]['drift'] =>
  onlyScopeOf(document).drift;

describe('plan, apply, plan', () => {
  test('a fresh client: plan shows the creation (exit 2), apply creates (exit 0), plan again finds nothing (exit 0)', async () => {
    const planned = await cli(['plan']);
    expect(planned.exitCode).toBe(2);
    // The verdict first, then a line each, each ended by a line break.
    expect(
      planned.stdout.startsWith(
        `Dry run: action_all would be created.\n\n+ create scope ${service.url}/scopes/${client.id}/action_all\n`,
      ),
    ).toBe(true);
    expect(planned.stdout.endsWith('\n')).toBe(true);
    expect(planned.stdout).toMatch(/\+ name {17}= "CLI provider"/);
    expect(planned.stdout).toContain(`\nNext: apply would send POST /v2/api/clients/${client.id}/scopes.\n`);
    expect(service.requests.filter((r) => r.method !== 'GET')).toEqual([]);

    const applied = await cli(['apply']);
    expect(applied.exitCode).toBe(0);
    expect(applied.stdout).toMatch(
      new RegExp(
        `^Applied: action_all was created\\.\\n\\nCreated scope ${service.url}/scopes/${client.id}/action_all \\(id [0-9a-f-]{36}\\)`,
      ),
    );
    expect(applied.stdout).toMatch(/created += true/);
    expect(applied.stdout).not.toContain('Next:');
    expect(client.scopes).toHaveLength(1);

    const again = await cli(['plan']);
    expect([again.exitCode, again.stdout]).toEqual([
      0,
      expect.stringMatching(/^No changes: the scope matches the spec\.\n\nRegistered: scope /),
    ]);
    expect(again.stdout).not.toContain('Next:');
    for (const run of [planned, applied, again]) expectNoSecret(run);
  });

  test('a changed description: a warning and exit 0 as apply would leave it; with --on-drift update the diff and exit 2; apply --on-drift update applies it', async () => {
    await cli(['apply']);
    await workspace.write('.github/provider-scope.yml', SPEC.replace('Runs CLI actions', 'Runs better CLI actions'));

    const warned = await cli(['plan']);
    expect(warned.exitCode).toBe(0);
    expect(warned.stderr).toContain("Warning: The client's scope differs from the spec in description");
    expect(warned.stderr).toContain(
      'Align the spec with the service, or apply the spec to the scope with --on-drift update.',
    );
    expect(warned.stderr).not.toContain('on_drift');
    expect(warned.stdout).toMatch(/^Drift: action_all: description differs from the spec\.\n\n/);
    expect(warned.stdout).toContain(
      '\nNext: With --on-drift warn, apply leaves the scope as the service has it; --on-drift update would change 1 field(s).\n',
    );

    const planned = await cli(['plan', '--on-drift', 'update']);
    expect(planned.exitCode).toBe(2);
    expect(planned.stdout).toContain('~ description          = "Runs CLI actions" -> "Runs better CLI actions"');
    expect(planned.stdout).toMatch(/^Dry run: action_all: description would change\.\n\n/);
    expect(planned.stdout).toMatch(/^Next: apply would send PUT \/v2\/api\/scopes\/[0-9a-f-]{36}\.$/m);

    const applied = await cli(['apply', '--on-drift', 'update']);
    expect([applied.exitCode, applied.stdout]).toEqual([
      0,
      expect.stringMatching(/^Applied: action_all: description changed\.\n\nUpdated scope /),
    ]);
    expect(service.scopes.get(client.scopes[0] as string)?.description).toBe('Runs better CLI actions');
    expect((await cli(['plan', '--on-drift', 'update'])).exitCode).toBe(0);
  });

  test('the scopes providers commonly depend on, Groups and Transfer, by their strings: found, and the scope created with both', async () => {
    await workspace.write('.github/provider-scope.yml', `${SPEC}  - scope: ${TRANSFER_SCOPE_STRING}\n`);
    const planned = await cli(['plan']);
    expect([planned.exitCode, planned.stderr]).toEqual([2, expect.not.stringContaining('no scope was found')]);
    expect((await cli(['apply'])).exitCode).toBe(0);
    const [scope] = [...service.scopes.values()].filter((s) => s.client === client.id);
    expect(scope?.dependent_scopes.map((d) => d.scope).sort()).toEqual(
      [GROUPS_SCOPE_ID, TRANSFER_SCOPE_ID_MADE_UP].sort(),
    );
  });

  test('progress lines quote a name as the plan does: quotes inside escaped', async () => {
    await workspace.write(
      '.github/provider-scope.yml',
      SPEC.replace('name: CLI provider', `name: 'Dana''s "Fast" Mover'`),
    );
    const planned = await cli(['plan']);
    expect(planned.stderr.split('\n').slice(0, 2)).toEqual([
      `Ensuring scope "Dana's \\"Fast\\" Mover" for client ${client.id} at ${service.url} (dry run)`,
      `Dry run: client ${client.id} has no scope; "Dana's \\"Fast\\" Mover" (${service.url}/scopes/${client.id}/action_all) would be created`,
    ]);
    expect(planned.stdout).toContain(`= "Dana's \\"Fast\\" Mover"`);
    const applied = await cli(['apply']);
    expect(applied.stderr).toContain(`Client ${client.id} has no scope: creating "Dana's \\"Fast\\" Mover" (`);
  });

  test('--on-drift fail: the drift is an error, exit 1, as the action fails', async () => {
    await cli(['apply']);
    await workspace.write('.github/provider-scope.yml', SPEC.replace('advertised: true', 'advertised: false'));
    const failed = await cli(['plan', '--on-drift', 'fail']);
    expect(failed.exitCode).toBe(1);
    expect(failed.stderr).toContain("Error: The client's scope differs from the spec in advertised");
  });
});

describe('--json and --dotenv', () => {
  test('plan --json: one document, valid against schema/cli-output.schema.json, with the plan field by field', async () => {
    const run = await cli(['plan', '--json']);
    const document = jsonOf(run);
    expect(run.exitCode).toBe(2);
    expect(document).toMatchObject({
      schema_version: 2,
      command: 'plan',
      status: 'changes',
      exit_code: 2,
      verdict: {
        title: 'Dry run',
        items: [{ scope: 'action_all', says: 'would be created' }],
        next: [`apply would send POST /v2/api/clients/${client.id}/scopes.`],
      },
      outputs: {
        scope_string: `${service.url}/scopes/${client.id}/action_all`,
        scope_id: '',
        created: false,
        updated: false,
      },
      scopes: [
        {
          suffix: 'action_all',
          scope_id: null,
          change: { action: 'create', request: `POST /v2/api/clients/${client.id}/scopes` },
        },
      ],
      providers: [],
      errors: [],
    });
    expect(changeOf(document).fields).toContainEqual({ field: 'name', before: null, after: 'CLI provider' });
  });

  test('apply --json --on-drift update after a change: the update in drift, updated true; plan --json --on-drift update the fields before and after', async () => {
    await cli(['apply']);
    await workspace.write('.github/provider-scope.yml', SPEC.replace('name: CLI provider', 'name: Renamed'));
    const plan = jsonOf(await cli(['plan', '--json', '--on-drift', 'update']));
    expect(changeOf(plan)).toEqual({
      action: 'update',
      request: expect.stringMatching(/^PUT \/v2\/api\/scopes\//),
      fields: [{ field: 'name', before: 'CLI provider', after: 'Renamed' }],
    });
    const applied = jsonOf(await cli(['apply', '--json', '--on-drift', 'update']));
    expect(applied).toMatchObject({ status: 'applied', exit_code: 0, outputs: { updated: true } });
    expect(changeOf(applied)).toMatchObject({
      action: 'update',
      fields: [{ field: 'name', before: 'CLI provider', after: 'Renamed' }],
    });
  });

  test('a failure --json: status failed, every problem with its file and line, outputs null', async () => {
    await workspace.write('.github/provider-scope.yml', 'name: x\nadvertised: maybe\nnmae: y\n');
    const run = await cli(['plan', '--json']);
    const document = jsonOf(run);
    expect(run.exitCode).toBe(1);
    expect(document).toMatchObject({
      status: 'failed',
      exit_code: 1,
      verdict: {
        title: 'Nothing was done',
        items: [{ says: `${(document.errors as unknown[]).length} problem(s) to fix first` }],
        rows: [],
        next: ['Fix each problem below at its line. Run the command again.'],
      },
      outputs: null,
      scopes: [],
      providers: [],
    });
    expect(document.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          message: expect.stringContaining('description is required'),
          file: '.github/provider-scope.yml',
          line: 1,
        }),
        expect.objectContaining({
          message: expect.stringContaining('advertised must be a boolean'),
          file: '.github/provider-scope.yml',
          line: 2,
          column: expect.any(Number),
        }),
        expect.objectContaining({ message: expect.stringContaining('did you mean "name"?'), line: 3 }),
      ]),
    );
  });

  test('plan --json with nothing to change: status no_changes, exit 0, action none; apply --json on a fresh client: applied, created; verify --json: verified', async () => {
    const applied = jsonOf(await cli(['apply', '--json']));
    expect(applied).toMatchObject({
      command: 'apply',
      status: 'applied',
      exit_code: 0,
      outputs: { created: true, updated: false },
      errors: [],
    });
    expect(driftOf(applied)).toEqual(
      expect.arrayContaining([{ field: 'name', spec: 'CLI provider', service: 'CLI provider', same: true }]),
    );
    const planned = await cli(['plan', '--json']);
    expect(planned.exitCode).toBe(0);
    expect(jsonOf(planned)).toMatchObject({ command: 'plan', status: 'no_changes', exit_code: 0 });
    expect(changeOf(jsonOf(planned))).toEqual({ action: 'none', request: null, fields: [] });
    const provider = new ProviderStub();
    await provider.start();
    try {
      provider.document = { globus_auth_scope: (applied.outputs as { scope_string: string }).scope_string };
      const verified = await cli(['verify', '--json', '--provider-url', provider.url]);
      expect(verified.exitCode).toBe(0);
      expect(jsonOf(verified)).toMatchObject({
        command: 'verify',
        status: 'verified',
        exit_code: 0,
        outputs: expect.objectContaining({ created: false, updated: false }),
        providers: [
          {
            url: `${provider.url}/`,
            key: 'globus_auth_scope',
            matches: true,
            allowed: 'a scope string of this client',
          },
        ],
      });
    } finally {
      await provider.stop();
    }
  });

  test('plan --json with drift it leaves: the warning under warnings, none under errors, the drift field by field', async () => {
    await cli(['apply']);
    await workspace.write('.github/provider-scope.yml', SPEC.replace('Runs CLI actions', 'Runs better CLI actions'));
    const document = jsonOf(await cli(['plan', '--json']));
    expect(document).toMatchObject({ status: 'no_changes', exit_code: 0, errors: [] });
    expect(document.verdict).toEqual({
      title: 'Drift',
      items: [{ scope: 'action_all', fields: ['description'], says: 'differs from the spec' }],
      rows: [
        { scope: 'action_all', field: 'description', service: 'Runs CLI actions', spec: 'Runs better CLI actions' },
      ],
      next: [
        'With --on-drift warn, apply leaves the scope as the service has it; --on-drift update would change 1 field(s).',
      ],
    });
    expect(changeOf(document).action).toBe('none');
    expect(document.warnings).toEqual([
      { message: expect.stringContaining("The client's scope differs from the spec in description") },
    ]);
    expect(driftOf(document)).toContainEqual({
      field: 'description',
      spec: 'Runs better CLI actions',
      service: 'Runs CLI actions',
      same: false,
    });
  });

  test('plan --json of a creation: the fields the spec sets, each with its value, and no other', async () => {
    const document = jsonOf(await cli(['plan', '--json']));
    const { fields } = changeOf(document);
    // The spec's fields, its defaults included; required_domains, not given, is not sent.
    expect(fields.map((f) => f.field).sort()).toEqual([
      'advertised',
      'allow_refresh_tokens',
      'dependent_scopes',
      'description',
      'name',
      'scope_suffix',
    ]);
    expect(fields).toEqual(
      expect.arrayContaining([
        { field: 'name', before: null, after: 'CLI provider' },
        { field: 'description', before: null, after: 'Runs CLI actions' },
        { field: 'advertised', before: null, after: true },
        { field: 'scope_suffix', before: null, after: 'action_all' },
      ]),
    );
    for (const field of fields) expect(field).toHaveProperty('after', expect.anything());
  });

  test('--dotenv: the outputs as NAME=value lines, one per output, read back', async () => {
    const run = await cli(['apply', '--dotenv', 'scope.env']);
    const lines = (run.written['scope.env'] ?? '').trimEnd().split('\n');
    const read = Object.fromEntries(lines.map((line) => line.split(/=(.*)/s).slice(0, 2)));
    expect(Object.keys(read)).toEqual(['SCOPE_STRING', 'SCOPE_ID', 'SCOPE_STRINGS', 'CREATED', 'UPDATED', 'CHANGES']);
    expect(read).toMatchObject({
      SCOPE_STRING: `${service.url}/scopes/${client.id}/action_all`,
      CREATED: 'true',
      UPDATED: 'false',
      CHANGES: 'true',
    });
    expect(JSON.parse(read.SCOPE_STRINGS as string)).toEqual([read.SCOPE_STRING]);
  });

  test('a value a dotenv file cannot hold is refused by name, and nothing is written', () => {
    const outputs = {
      scope_string: 'a\nb',
      scope_id: '',
      scope_strings: [],
      created: false,
      updated: false,
      changes: false,
      scopes: {},
    };
    expect(() => dotenvOf(outputs, TOLD_AS_ONE)).toThrow('--dotenv: the output scope_string holds a line break');
    expect(() => dotenvOf({ ...outputs, scope_string: 'x'.repeat(6000) }, TOLD_AS_ONE)).toThrow(
      /GitLab reads a dotenv report under 5120 only/,
    );
  });

  test('blanks at either end of a value are refused (GitLab would trim them), blanks inside are kept', () => {
    const outputs = {
      scope_string: 'a b',
      scope_id: '',
      scope_strings: [],
      created: false,
      updated: false,
      changes: false,
      scopes: {},
    };
    expect(dotenvOf(outputs, TOLD_AS_ONE)).toContain('SCOPE_STRING=a b\n');
    for (const scope_string of [' a', 'a '])
      expect(() => dotenvOf({ ...outputs, scope_string }, TOLD_AS_ONE)).toThrow(
        '--dotenv: the output scope_string holds',
      );
  });

  test('a dotenv file of 5119 bytes is written, one of 5120 refused (GitLab reads one under 5 KB)', () => {
    const outputs = {
      scope_string: 'x',
      scope_id: '',
      scope_strings: [],
      created: false,
      updated: false,
      changes: false,
      scopes: {},
    };
    const padded = (bytes: number) => ({
      ...outputs,
      scope_string: 'x'.repeat(bytes - dotenvOf(outputs, TOLD_AS_ONE).length + 1),
    });
    expect(Buffer.byteLength(dotenvOf(padded(5119), TOLD_AS_ONE))).toBe(5119);
    expect(() => dotenvOf(padded(5120), TOLD_AS_ONE)).toThrow('--dotenv: the outputs take 5120 bytes');
  });
});

describe("--format markdown: the job summary's report on stdout", () => {
  // The summary's escapes: a scheme's colon and an underscore could start a link or emphasis.
  const scopeString = (): string => `${service.url}/scopes/${client.id}/action_all`.replace(/[:_]/g, '\\$&');

  test('plan (exit 2, the creation), apply (exit 0, created), plan again (exit 0): the summary the action writes, ran for the command line', async () => {
    const planned = await cli(['plan', '--format', 'markdown']);
    expect(planned.exitCode).toBe(2);
    // The verdict first, what changes row by row, the next step; the whole report folded below.
    expect(planned.stdout).toMatch(
      /^\*\*Dry run\*\*: <code>action\\_all<\/code> would be created\.\n\n#### What changes\n\n/,
    );
    // Outside code, inert on GitLab too: the id's runs of hex digits carry word joiners.
    expect(planned.stdout.replaceAll('\u2060', '')).toContain(
      `\n**Next**: apply would send POST /v2/api/clients/${client.id}/scopes.\n`,
    );
    expect(planned.stdout).toMatch(/^### Dry run: the provider scope would be created\n\n/m);
    // Row by row, whatever the table's header: what the run was for, the scope string, each field.
    expect(planned.stdout).toMatch(/^\| Ran for \| the command line \\\(plan\\\) \|/m);
    expect(planned.stdout).toMatch(
      new RegExp(`^\\| Scope string \\| <code>${scopeString().replace(/[\\.]/g, '\\$&')}</code> \\|`, 'm'),
    );
    expect(planned.stdout).toContain('#### The scope a run would create');
    expect(planned.stdout).toMatch(/^\| name \| <code>"CLI provider"<\/code> \|/m);
    expect(planned.stdout).toMatch(/\| changes \| <code>true<\/code> \|/);
    expect(planned.stdout.endsWith('\n')).toBe(true);
    // Progress stays on stderr: stdout is the markdown alone.
    expect(planned.stdout).not.toContain('Ensuring');
    expect(planned.stderr).toContain('Ensuring scope "CLI provider"');
    expect(service.requests.filter((r) => r.method !== 'GET')).toEqual([]);

    const applied = await cli(['apply', '--format', 'markdown']);
    expect([applied.exitCode, applied.stdout]).toEqual([
      0,
      expect.stringMatching(/^\*\*Applied\*\*: <code>action\\_all<\/code> was created\.\n/),
    ]);
    expect(applied.stdout).toMatch(/^### Provider scope created\n/m);
    expect(applied.stdout).toMatch(/^\| Ran for \| the command line \\\(apply\\\) \|/m);
    expect(client.scopes).toHaveLength(1);
    const again = await cli(['plan', '--format', 'markdown']);
    expect([again.exitCode, again.stdout]).toEqual([
      0,
      expect.stringMatching(/^\*\*No changes\*\*: the scope matches the spec\.\n/),
    ]);
    expect(again.stdout).toMatch(/^### Dry run: provider scope already registered\n/m);
    expect(again.stdout).not.toContain('**Next**');
    for (const run of [planned, applied, again]) expectNoSecret(run);
  });

  test("verify --format markdown: the provider's verdict in the summary", async () => {
    const provider = new ProviderStub();
    await provider.start();
    try {
      await cli(['apply']);
      provider.document = { globus_auth_scope: `${service.url}/scopes/${client.id}/action_all` };
      const run = await cli(['verify', '--provider-url', provider.url, '--format', 'markdown']);
      expect(run.exitCode).toBe(0);
      expect(run.stdout).toMatch(/^\| Ran for \| the command line \\\(verify\\\) \|/m);
      expect(run.stdout).toMatch(
        /\| Provider publishes \| <code>[^|]+<\/code> as <code>globus\\_auth\\_scope<\/code> \(matches\) \|/,
      );
    } finally {
      await provider.stop();
    }
  });

  test('a spec with problems: exit 1, every problem listed under "nothing was done"', async () => {
    await workspace.write('.github/provider-scope.yml', 'name: x\nadvertised: maybe\n');
    const run = await cli(['plan', '--format', 'markdown']);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(
      /^\*\*Nothing was done\*\*: 2 problem\\\(s\\\) to fix first\.\n\n\*\*Next\*\*: Fix each problem below at its line\. Run the command again\.\n\nThe inputs or the spec have 2 problem\(s\):\n\n- line 1: /,
    );
    expect(run.stdout).toContain(
      '- line 2: .github/provider-scope.yml\\: advertised must be a boolean, not string "maybe"',
    );
    expect(service.requests).toEqual([]);
  });

  test('the secret echoed by the service in a failure: scrubbed from the markdown, in no form', async () => {
    service.inject({
      method: 'GET',
      path: /^\/v2\/api\/clients\//,
      status: 400,
      body: JSON.stringify({
        errors: [{ detail: `bad credential ${SECRET} (${Buffer.from(`${client.id}:${SECRET}`).toString('base64')})` }],
      }),
    });
    const run = await cli(['plan', '--format', 'markdown']);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(
      /^\*\*The run failed\*\*: the run stopped before it could tell what would change\.\n\n\*\*Next\*\*: Client inspection /,
    );
    expect(run.stdout).toMatch(/^### Provider scope: the run failed\n/m);
    // Outside code, inert on GitLab too: a word joiner after each `*` (GitLab's `*iteration:`).
    expect(run.stdout).toContain('bad credential \\*\u2060\\*\u2060\\*\u2060');
    expectNoSecret(run);
  });

  test('hostile text from the spec and the service: inert markdown, nothing a terminal obeys, no line a workflow command', async () => {
    await workspace.write(
      '.github/provider-scope.yml',
      SPEC.replace(
        'name: CLI provider',
        'name: "Evil \\e[31m<b>@team</b> [x](https://evil.example)\\r\\n::error::forged"',
      ),
    );
    service.inject({
      method: 'POST',
      status: 400,
      body: JSON.stringify({ errors: [{ detail: 'refused \u001b[2J\u009b6n\n::error::forged <img src=x>' }] }),
    });
    const runs = [await cli(['plan', '--format', 'markdown']), await cli(['apply', '--format', 'markdown'])];
    for (const run of runs) {
      expect(run.stdout).not.toMatch(OBEYED_CONTROL);
      expect(run.stdout.split('\n').filter((line) => /^\s*::/.test(line))).toEqual([]);
      // No tag or link the markdown would make live: each bracket escaped.
      expect(run.stdout).not.toMatch(/(?<!\\)<(b|img)\b|(?<!\\)\]\(https/);
    }
    // The plan quotes the name as JSON does (\u001b, \r, \n), each markdown character escaped.
    expect(runs[0]?.stdout).toContain(
      '<code>"Evil \\\\u001b\\[31m\\<b\\>\\@team\\</b\\> \\[x\\]\\(https\\://evil.example\\)\\\\r\\\\n\\:\\:error\\:\\:forged"</code>',
    );
    // The service's words outside code: each control character's escape shown (its backslash escaped), inert on GitLab too.
    expect(runs[1]?.stdout).toContain(
      'refused \\\\u001b\\[\u20602J\\\\u009b6n \\:\\:error\\:\\:forged \\<img src=x\u2060\\>',
    );
  });

  test('--format json is --json; --format text the default', async () => {
    const json = await cli(['plan', '--format', 'json']);
    expect(json.exitCode).toBe(2);
    expect(jsonOf(json)).toMatchObject({ command: 'plan', outputs: { changes: true } });
    expect((await cli(['plan', '--json', '--format', 'json'])).stdout).toBe(json.stdout);
    const text = await cli(['plan', '--format', 'text']);
    expect(text.stdout).toBe((await cli(['plan'])).stdout);
    expect(text.stdout).toMatch(/^\+ create scope /m);
  });

  test.each([
    [
      ['plan', '--format', 'markdwon'],
      '--format must be text, json or markdown, not "markdwon" (did you mean markdown?)',
    ],
    [['plan', '--format', 'html'], '--format must be text, json or markdown, not "html"'],
    [
      ['apply', '--json', '--format', 'markdown'],
      '--json and --format markdown ask for two reports: give one (--json is --format json)',
    ],
    [
      ['verify', '--format', 'text', '--json'],
      '--json and --format text ask for two reports: give one (--json is --format json)',
    ],
  ])('%j: refused before any request, saying what to give', async (argv, problem) => {
    const run = await cli(argv);
    expect([run.exitCode, run.stdout, run.stderr]).toEqual([
      1,
      '',
      `ensure-provider-scope: ${problem}. Run 'ensure-provider-scope ${argv[0]} --help' for the options of ${argv[0]}.\n`,
    ]);
    expect(service.requests).toEqual([]);
  });
});

describe('the secret', () => {
  test('missing: one clear error that says where to put it, before any request', async () => {
    env.PROVIDER_CLIENT_SECRET = undefined;
    const run = await cli(['plan']);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain(
      'Error: PROVIDER_CLIENT_SECRET is empty: put the client secret in the environment as PROVIDER_CLIENT_SECRET (in CI, from a masked, protected variable), ' +
        'or pipe it in with --client-secret-stdin. It is never read from a flag, which would show in ps and in the shell history',
    );
    expect(service.requests).toEqual([]);
  });

  test('never from a flag: refused by name, whatever the rest, the reason given once', async () => {
    const run = await cli(['plan', `--client-secret=${SECRET}`]);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toBe(
      'ensure-provider-scope: the secret is never given as a flag (it would show in ps and in the shell history): put the client secret in the ' +
        'environment as PROVIDER_CLIENT_SECRET (in CI, from a masked, protected variable), or pipe it in with --client-secret-stdin.\n',
    );
    expectNoSecret(run);
  });

  test('--client-secret-stdin with nothing on stdin: named as such, once, before any request', async () => {
    const run = await cli(['plan', '--client-secret-stdin'], { stdin: '' });
    expect(run.exitCode).toBe(1);
    const said = run.stderr.split('\n').filter((line) => line.includes('stdin'));
    expect(said).toEqual([
      'Error: The client secret from stdin (--client-secret-stdin) is empty: pipe it in, e.g. printf %s "$PROVIDER_CLIENT_SECRET" | ensure-provider-scope plan --client-secret-stdin',
    ]);
    expect(service.requests).toEqual([]);
  });

  test('from stdin with --client-secret-stdin, its line break dropped (LF or CRLF); over PROVIDER_CLIENT_SECRET', async () => {
    env.PROVIDER_CLIENT_SECRET = undefined;
    const run = await cli(['apply', '--client-secret-stdin'], { stdin: `${SECRET}\n` });
    expect(run.exitCode).toBe(0);
    env.PROVIDER_CLIENT_SECRET = 'not-the-secret-at-all';
    expect((await cli(['plan', '--client-secret-stdin'], { stdin: `${SECRET}\r\n` })).exitCode).toBe(0);
    // The secret without its CRLF is what is scrubbed when the service echoes it.
    const basic = Buffer.from(`${client.id}:${SECRET}`).toString('base64');
    for (const end of ['\r\n', '\n']) {
      service.inject({
        method: 'GET',
        path: /^\/v2\/api\/clients\//,
        status: 400,
        body: JSON.stringify({ errors: [{ detail: `bad credential ${SECRET} (${basic})` }] }),
      });
      const echoed = await cli(['plan', '--client-secret-stdin'], { stdin: `${SECRET}${end}` });
      expect([echoed.exitCode, echoed.stderr]).toEqual([1, expect.stringContaining('bad credential *** (***)')]);
      expectNoSecret(echoed);
    }
  });

  test('a secret with blanks around it: what is sent, trimmed, is what is scrubbed when the service echoes it', async () => {
    const padded = service.addClient({ secret: 'padded-secret-value' });
    env.PROVIDER_CLIENT_ID = padded.id;
    service.inject({
      method: 'GET',
      path: /^\/v2\/api\/clients\//,
      status: 400,
      body: JSON.stringify({ errors: [{ detail: 'bad credential padded-secret-value' }] }),
    });
    const echoed = await cli(['plan', '--client-secret-stdin'], { stdin: '  padded-secret-value \n' });
    expect([echoed.exitCode, echoed.stderr]).toEqual([1, expect.stringContaining('bad credential ***')]);
    expect(echoed.stderr).not.toContain('padded-secret-value');
  });

  test('never from a flag, whether its value follows it or an = sign', async () => {
    const run = await cli(['plan', '--client-secret', SECRET]);
    expect([run.exitCode, run.stderr]).toEqual([1, expect.stringContaining('the secret is never given as a flag')]);
    expect(service.requests).toEqual([]);
  });

  test('a wrong secret: exit 1 and what to check, the id named as it was given, how to replace the secret, without the secret', async () => {
    env.PROVIDER_CLIENT_SECRET = 'not-the-secret-at-all';
    const run = await cli(['plan', '--debug']);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toMatch(
      /Error: Client inspection \(GET \/v2\/api\/clients\/[0-9a-f-]+\) failed with HTTP 401: the credentials were rejected/,
    );
    expect(run.stderr).toMatch(/debug: GET \/v2\/api\/clients\/[0-9a-f-]+: HTTP 401/);
    expect(run.stderr + run.stdout).not.toContain('not-the-secret-at-all');
    const replace =
      'For a secret deleted or lost: make a new secret in the developer portal, put it in each CI/CD variable and secret store that holds a copy of it, then redeploy the provider with it, in that order.';
    // The id from PROVIDER_CLIENT_ID: named so, not as a flag.
    expect(run.stderr).toContain(
      `the credentials were rejected: PROVIDER_CLIENT_ID must be the app's Client ID and PROVIDER_CLIENT_SECRET one of its current secrets`,
    );
    expect(run.stderr).toContain(replace);
    // From --client-id: the flag; the secret from stdin: said so.
    const flagged = await cli(['plan', '--client-id', client.id, '--client-secret-stdin'], {
      stdin: 'not-the-secret-at-all',
    });
    expect(flagged.stderr).toContain(
      "the credentials were rejected: --client-id must be the app's Client ID and the secret read with --client-secret-stdin one of its current secrets",
    );
    expect(flagged.stderr + flagged.stdout).not.toContain('not-the-secret-at-all');
  });

  test('echoed by the service, in its error: scrubbed', async () => {
    service.inject({
      method: 'GET',
      path: /^\/v2\/api\/clients\//,
      status: 400,
      body: JSON.stringify({
        errors: [{ detail: `bad credential ${SECRET} (${Buffer.from(`${client.id}:${SECRET}`).toString('base64')})` }],
      }),
    });
    const run = await cli(['plan', '--json']);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain('bad credential ***');
    expectNoSecret(run);
  });
});

describe('hostile text', () => {
  test('escape sequences, a carriage return and a bell from the spec or the service are shown escaped, never obeyed', async () => {
    await workspace.write(
      '.github/provider-scope.yml',
      SPEC.replace('name: CLI provider', 'name: "Evil \\e[31mred\\e]0;title\\a\\rend"'),
    );
    service.inject({
      method: 'POST',
      status: 400,
      times: 2,
      body: JSON.stringify({ errors: [{ detail: 'refused \u001b[2J\u009b6n\n::error::forged' }] }),
    });
    const runs = [await cli(['plan']), await cli(['apply']), await cli(['apply', '--json'])];
    for (const run of runs) expect(run.stdout + run.stderr).not.toMatch(OBEYED_CONTROL);
    // Run inside a GitHub job, no line may start a workflow command: each starts with words of its own.
    for (const run of runs)
      expect((run.stdout + run.stderr).split('\n').filter((line) => /^\s*::/.test(line))).toEqual([]);
    expect(runs[0]?.stdout).toContain('Evil \\u001b[31mred\\u001b]0;title\\u0007\\rend');
    expect(runs[1]?.stderr).toContain('refused \\u001b[2J\\u009b6n');
    expect(runs[2]?.stdout).toContain('refused \\u001b[2J\\u009b6n');
  });
});

describe('colour', () => {
  test('on a terminal, in colour; with NO_COLOR, TERM=dumb or piped, none', async () => {
    expect((await cli(['plan'], { tty: true })).stdout).toContain('\u001b[32m+ create scope');
    env.NO_COLOR = '1';
    expect((await cli(['plan'], { tty: true })).stdout).not.toContain('\u001b[');
    env.NO_COLOR = undefined;
    env.TERM = 'dumb';
    expect((await cli(['plan'], { tty: true })).stdout).not.toContain('\u001b[');
    env.TERM = 'xterm';
    expect((await cli(['plan'], { tty: true })).stdout).toContain('\u001b[32m+ create scope');
    expect((await cli(['plan'])).stdout).not.toContain('\u001b[');
  });

  test('messages on a terminal: a warning and an error labelled in colour, the text itself plain', async () => {
    await cli(['apply']);
    await workspace.write('.github/provider-scope.yml', SPEC.replace('Runs CLI actions', 'Runs better CLI actions'));
    expect((await cli(['plan'], { tty: true })).stderr).toContain(
      "\u001b[33mWarning: \u001b[39mThe client's scope differs from the spec in description",
    );
    expect((await cli(['plan', '--on-drift', 'fail'], { tty: true })).stderr).toContain(
      "\u001b[31mError: \u001b[39mThe client's scope differs from the spec in description",
    );
  });
});

describe('what the command prints and writes', () => {
  test('a problem at a place in the spec: file:line: text, the file named once', async () => {
    await workspace.write('.github/provider-scope.yml', 'name: x\nadvertised: maybe\n');
    const run = await cli(['plan']);
    expect(run.stderr).toMatch(/^Error: \.github\/provider-scope\.yml:2: advertised must be a boolean/m);
    expect(run.stderr).not.toContain('.github/provider-scope.yml:2: .github/provider-scope.yml');
  });

  test('a problem at a place whose text does not name the file: file:line: text, the text whole', async () => {
    // A dependent scope id this client cannot see: warned at its line, in the engine's words.
    const hidden = '0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9';
    await workspace.write('.github/provider-scope.yml', `${SPEC}  - scope: ${hidden}\n`);
    const run = await cli(['plan']);
    expect(run.stderr).toMatch(
      new RegExp(
        `^Warning: \\.github/provider-scope\\.yml:6: dependent_scopes: no scope with id ${hidden} is visible to this client`,
        'm',
      ),
    );
  });

  test('the log lines on stderr as they are, unlabelled; the verdict alone on stdout when the run failed before the scope was known', async () => {
    const run = await cli(['apply']);
    expect(run.stderr).toMatch(new RegExp(`^Client ${client.id} has no scope: creating "CLI provider"`, 'm'));
    await workspace.write('.github/provider-scope.yml', 'name: x\n');
    const failed = await cli(['plan']);
    expect([failed.exitCode, failed.stdout]).toEqual([1, 'Nothing was done: 2 problem(s) to fix first.\n']);
  });

  test('settings are taken without the blanks around them', async () => {
    env.PROVIDER_CLIENT_ID = ` ${client.id} `;
    expect((await cli(['plan', '--auth-url', ` ${service.url}\t`])).exitCode).toBe(2);
  });

  test('an argument that only contains --client-secret is no secret flag', async () => {
    const run = await cli(['plan', '--spec', 'spec--client-secret']);
    expect(run.stderr).not.toContain('the secret is never given as a flag');
    expect(run.stderr).toContain('Spec file spec--client-secret was not found');
  });

  test('debug lines only with --debug', async () => {
    expect((await cli(['plan'])).stderr).not.toContain('debug: ');
    expect((await cli(['plan', '--debug'])).stderr).toMatch(/^debug: GET \/v2\/api\/clients\/[0-9a-f-]+: HTTP 200/m);
  });

  test('--dotenv: written only when the run succeeded; a write that fails is an error, exit 1, naming the file and the cause', async () => {
    await workspace.write('.github/provider-scope.yml', 'name: x\n');
    const failed = await cli(['apply', '--dotenv', 'scope.env']);
    expect([failed.exitCode, failed.written]).toEqual([1, {}]);
    // The scope is known, its outputs too, but the run fails: nothing for a later job.
    await workspace.write('.github/provider-scope.yml', SPEC);
    await cli(['apply']);
    await workspace.write('.github/provider-scope.yml', SPEC.replace('advertised: true', 'advertised: false'));
    const drifted = await cli(['apply', '--on-drift', 'fail', '--dotenv', 'scope.env']);
    expect([drifted.exitCode, drifted.written]).toEqual([1, {}]);
    await workspace.write('.github/provider-scope.yml', SPEC);
    const full = await cli(['apply', '--dotenv', 'scope.env', '--json'], {
      failWrite: Object.assign(new Error('no space'), { code: 'ENOSPC' }),
    });
    expect(full.exitCode).toBe(1);
    expect(full.stderr).toContain('Error: --dotenv: scope.env could not be written (ENOSPC).');
    expect(jsonOf(full)).toMatchObject({
      status: 'failed',
      exit_code: 1,
      errors: [{ message: '--dotenv: scope.env could not be written (ENOSPC).' }],
    });
    const odd = await cli(['plan', '--dotenv', 'scope.env'], { failWrite: 'not an error' });
    expect([odd.exitCode, odd.stderr]).toEqual([
      1,
      expect.stringContaining('Error: --dotenv: scope.env could not be written (not an error).'),
    ]);
  });

  test("--dotenv with a suffix that holds a control character: refused as the spec's problem before any request, exit 1, nothing written", async () => {
    await workspace.write('.github/provider-scope.yml', `${SPEC}scope_suffix: "act\\aion"\n`);
    const run = await cli(['plan', '--dotenv', 'scope.env']);
    expect([run.exitCode, run.written, service.apiCalls()]).toEqual([1, {}, []]);
    expect(run.stderr).toMatch(
      /^Error: \.github\/provider-scope\.yml:6: scope_suffix must be one path segment: no white space, control or format character/m,
    );
  });

  test('--dotenv with a list whose suffix makes no variable name: refused before any request; without --dotenv the same spec runs', async () => {
    await workspace.write(
      '.github/provider-scope.yml',
      'scopes:\n  - name: R\n    description: Reads\n    scope_suffix: read.only\n    advertised: true\n',
    );
    const refused = await cli(['plan', '--dotenv', 'scope.env']);
    expect([refused.exitCode, refused.written, service.apiCalls()]).toEqual([1, {}, []]);
    expect(refused.stderr).toContain(
      `--dotenv: the scope suffix "read.only" cannot make a variable's name (SCOPE_STRING_READ.ONLY)`,
    );
    const planned = await cli(['plan']);
    expect([planned.exitCode, planned.stderr.includes('--dotenv')]).toEqual([2, false]);
  });

  test("the scope string to deploy for a listed scope, in the command line's words", () => {
    expect(cliNaming().scopeOutputOf('b')).toBe(
      'the scope string that plan and apply print for b (outputs.scopes["b"].scope_string with --json)',
    );
  });

  test("--version: the package's version", async () => {
    const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect((await cli(['--version'])).stdout).toBe(`${version}\n`);
  });
});

describe('the spec anywhere in the repository', () => {
  /** The workspace as a repository: `.git` a folder, or a file as in a worktree; and a folder two levels down. */
  const repository = async (git: 'folder' | 'file' | 'none'): Promise<void> => {
    if (git === 'folder') await mkdir(path.join(workspace.dir, '.git'));
    if (git === 'file') await workspace.write('.git', 'gitdir: /elsewhere/.git/worktrees/wt\n');
    await mkdir(path.join(workspace.dir, 'sub', 'deeper'), { recursive: true });
  };
  const from = (cwd: string, argv: string[]) => workspace.run(argv, env, { cwd });

  test.each(['folder', 'file'] as const)(
    '.git a %s: from a folder below, the default spec is read from the top, --spec from the current directory',
    async (git) => {
      await repository(git);
      expect((await from('sub/deeper', ['plan'])).exitCode).toBe(2);
      expect((await from('sub', ['plan', '--spec', '../.github/provider-scope.yml'])).exitCode).toBe(2);
      env.PROVIDER_SPEC = '../../.github/provider-scope.yml';
      expect((await from('sub/deeper', ['plan'])).exitCode).toBe(2);
    },
  );

  test("a problem in the spec is placed at its path from the current directory, as a terminal's links read it", async () => {
    await repository('folder');
    await workspace.write('.github/provider-scope.yml', 'name: x\ndescription: y\nadvertised: maybe\n');
    const run = await from('sub/deeper', ['plan']);
    expect([run.exitCode, run.stderr]).toEqual([
      1,
      expect.stringContaining(`Error: ${path.join('..', '..', '.github', 'provider-scope.yml')}:3: advertised `),
    ]);
  });

  test('a spec outside the repository is refused, as written and through a link; outside any repository, the current directory is the limit', async () => {
    await repository('folder');
    await workspace.write('sub/inside.yml', SPEC);
    expect((await from('sub/deeper', ['plan', '--spec', '../inside.yml'])).exitCode).toBe(2);
    const out = await from('sub', ['plan', '--spec', '../../elsewhere.yml']);
    expect([out.exitCode, out.stderr]).toEqual([
      1,
      'Error: Spec file ../../elsewhere.yml is outside the repository (after its links are followed): --spec must name a file inside it.\n',
    ]);
    const elsewhere = await mkdtemp(path.join(tmpdir(), 'eps-elsewhere-'));
    try {
      await writeFile(path.join(elsewhere, 'spec.yml'), SPEC);
      await symlink(path.join(elsewhere, 'spec.yml'), path.join(workspace.dir, 'sub', 'link.yml'));
      expect((await from('sub', ['plan', '--spec', 'link.yml'])).stderr).toContain(
        'Error: Spec file link.yml is outside the repository (after its links are followed)',
      );
    } finally {
      await rm(elsewhere, { recursive: true });
    }
    await rm(path.join(workspace.dir, '.git'), { recursive: true });
    const noRepository = await from('sub', ['plan', '--spec', '../.github/provider-scope.yml']);
    expect([noRepository.exitCode, noRepository.stderr]).toEqual([
      1,
      expect.stringContaining('is outside the current directory (after its links are followed)'),
    ]);
  });

  test('a spec not found: to whom gave --spec, check the path; to whom did not, give --spec; never both', async () => {
    await repository('folder');
    await rm(path.join(workspace.dir, '.github'), { recursive: true });
    const real = await realpath(workspace.dir);
    const given = await from('sub', ['plan', '--spec', 'missing.yml']);
    expect(given.stderr).toBe(
      `Error: Spec file missing.yml was not found in the repository (${real}). Check the path: --spec (or PROVIDER_SPEC) is read from the current directory, and must lie inside the repository.\n`,
    );
    const left = await from('sub', ['plan']);
    expect(left.stderr).toBe(
      `Error: Spec file ${path.join('..', '.github', 'provider-scope.yml')} was not found in the repository (${real}). Give the spec's path with --spec (or PROVIDER_SPEC), or commit it as .github/provider-scope.yml at the repository's top.\n`,
    );
    await rm(path.join(workspace.dir, '.git'), { recursive: true });
    const outside = await from('sub', ['plan']);
    expect(outside.stderr).toBe(
      `Error: Spec file .github/provider-scope.yml was not found in the current directory (${path.join(real, 'sub')}). Give the spec's path with --spec (or PROVIDER_SPEC), or run the command inside the repository that holds it.\n`,
    );
  });
});

describe('verify', () => {
  let provider: ProviderStub;
  beforeEach(async () => {
    provider = new ProviderStub();
    await provider.start();
  });
  afterEach(() => provider.stop());

  test("the provider publishes one of the client's scope strings: exit 0; another: exit 1, with the value to publish", async () => {
    await cli(['apply']);
    const scopeString = `${service.url}/scopes/${client.id}/action_all`;
    provider.document = { globus_auth_scope: scopeString };
    const ok = await cli(['verify', '--provider-url', provider.url]);
    expect([ok.exitCode, ok.stdout]).toEqual([
      0,
      expect.stringContaining(`publishes ${scopeString} (a scope string of this client)`),
    ]);
    expect(ok.stderr.split('\n')[0]).toBe(
      `Checking the provider at ${provider.url} against the scopes of client ${client.id} at ${service.url}`,
    );
    provider.document = { globus_auth_scope: 'https://auth.globus.org/scopes/other/action_all' };
    const wrong = await cli(['verify', '--provider-url', provider.url, '--json']);
    expect(wrong.exitCode).toBe(1);
    expect(jsonOf(wrong)).toMatchObject({ command: 'verify', status: 'failed', providers: [{ matches: false }] });
    expect(wrong.stderr).toContain(
      `set to the scope_string that plan and apply print (outputs.scope_string with --json), "${scopeString}"`,
    );
    provider.document = { title: 'publishes nothing' };
    const none = await cli(['verify', '--provider-url', provider.url, '--json']);
    expect(jsonOf(none)).toMatchObject({
      status: 'failed',
      providers: [{ url: `${provider.url}/`, key: null, published: null, matches: false }],
    });
  });

  test('--provider-url again, or lines in PROVIDER_URL: one provider each, <suffix>=<url>; a line each in the report and in --json', async () => {
    await cli(['apply']);
    const main = `${service.url}/scopes/${client.id}/action_all`;
    const other = service.addScope({ client: client.id, scope_string: `${service.url}/scopes/${client.id}/other` });
    const second = new ProviderStub();
    await second.start();
    try {
      provider.document = { globus_auth_scope: main };
      second.document = { globus_auth_scope: main };
      const args = ['verify', '--provider-url', `action_all=${provider.url}`, '--provider-url', `other=${second.url}`];
      const text = await cli(args);
      expect(text.exitCode).toBe(1);
      expect(text.stdout).toContain(
        `action_all: Provider ${provider.url}/: publishes ${main} (the scope string of the scope action_all)\n` +
          `other: Provider ${second.url}/: publishes ${main} (NOT the scope string of the scope other)\n`,
      );
      expect(text.stderr).toContain(
        `set to the scope string that plan and apply print for other (outputs.scopes["other"].scope_string with --json), "${other.scope_string}"`,
      );
      const json = jsonOf(await cli([...args, '--json']));
      expect(json.providers).toEqual([
        {
          suffix: 'action_all',
          url: `${provider.url}/`,
          read: true,
          key: 'globus_auth_scope',
          published: main,
          matches: true,
          allowed: 'the scope string of the scope action_all',
        },
        {
          suffix: 'other',
          url: `${second.url}/`,
          read: true,
          key: 'globus_auth_scope',
          published: main,
          matches: false,
          allowed: 'the scope string of the scope other',
        },
      ]);

      // Each problem names the value as it was given: the 2nd flag, or the line of the variable.
      const flagged = await cli([
        'verify',
        '--provider-url',
        `action_all=${provider.url}`,
        '--provider-url',
        second.url,
      ]);
      expect(flagged.stderr).toContain(
        'Error: The 2nd --provider-url must be <suffix>=<url>: with several providers, each line names the scope of the spec its provider must publish\n',
      );
      env.PROVIDER_URL = `action_all=${provider.url}\n${second.url}`;
      const variable = await cli(['verify']);
      expect([variable.exitCode, variable.stderr]).toEqual([
        1,
        expect.stringContaining('Error: Line 2 of PROVIDER_URL must be <suffix>=<url>:'),
      ]);
    } finally {
      await second.stop();
    }
  });

  test('the 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 22nd, 101st, 111th', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
      '111th',
    ]);
  });

  test('without --provider-url, or for a client without scope: exit 1, saying what to do', async () => {
    expect((await cli(['verify'])).stderr).toContain(
      'Error: --provider-url (or PROVIDER_URL) is empty: give the base address of the deployed provider to check',
    );
    const none = await cli(['verify', '--provider-url', provider.url]);
    expect([none.exitCode, none.stderr]).toEqual([
      1,
      expect.stringContaining(
        'has no scope yet: there is nothing for the provider to publish. Create it first: run ensure-provider-scope apply.',
      ),
    ]);
  });
});

describe('usage', () => {
  test('every setting of the engine is an option of the command line, but dry_run, which the verb decides', () => {
    expect(CLI_SETTINGS.map((s) => s.setting)).toEqual(SETTING_NAMES.filter((name) => name !== 'dry_run'));
    // Kebab case of the input's name, and PROVIDER_ and its upper case as the variable (PROVIDER_URL for provider_url, PROVIDER_SUFFIX for provider_suffix).
    for (const { setting, flag, env: variable } of CLI_SETTINGS) {
      if (flag !== undefined) expect(flag).toBe(setting.replaceAll('_', '-'));
      expect(variable).toBe(
        setting.startsWith('provider_') ? setting.toUpperCase() : `PROVIDER_${setting.toUpperCase()}`,
      );
    }
  });

  test.each([
    [
      ['--help'],
      0,
      'stdout',
      /^Usage: ensure-provider-scope <plan\|preview\|apply\|verify\|import\|rotate> \[options\]/,
    ],
    [['-h'], 0, 'stdout', /^Usage: ensure-provider-scope <plan\|preview\|apply\|verify\|import\|rotate> \[options\]/],
    [['apply', '-h'], 0, 'stdout', /^Usage: ensure-provider-scope apply \[options\]/],
    [
      ['plan', '--help'],
      0,
      'stdout',
      /^Usage: ensure-provider-scope plan \[options\][\s\S]*Examples:\n {2}PROVIDER_CLIENT_SECRET=\.\.\. ensure-provider-scope plan/,
    ],
    [['--version'], 0, 'stdout', /^\d+\.\d+\.\d+\n$/],
    [[], 1, 'stderr', /^Usage: /],
    [['destroy'], 1, 'stderr', /unknown command "destroy": use plan, preview, apply, verify, import or rotate/],
    [['plan', 'extra'], 1, 'stderr', /unexpected argument "extra"/],
    [
      ['plan', '--nope'],
      1,
      'stderr',
      /^ensure-provider-scope: unknown option --nope\. Run 'ensure-provider-scope --help' for the options\.\n$/,
    ],
    // Near misses, in this command's words, quotes balanced.
    [
      ['plan', '--ondrift', 'update'],
      1,
      'stderr',
      /^ensure-provider-scope: unknown option --ondrift \(did you mean --on-drift\?\)\. Run/,
    ],
    [
      ['plan', '--on_drift=update'],
      1,
      'stderr',
      /^ensure-provider-scope: unknown option --on_drift \(did you mean --on-drift\?\)\. Run/,
    ],
    [['plan', '-x'], 1, 'stderr', /^ensure-provider-scope: unknown option -x\. Run/],
    [
      ['plan', '--on-drift'],
      1,
      'stderr',
      /^ensure-provider-scope: --on-drift needs a value, e\.g\. --on-drift update\. Run/,
    ],
    [
      ['plan', '--on-drift', '--json'],
      1,
      'stderr',
      /^ensure-provider-scope: --on-drift needs a value, e\.g\. --on-drift update\. Run/,
    ],
    [['plan', '--json=yes'], 1, 'stderr', /^ensure-provider-scope: --json takes no value\. Run/],
    [
      ['import', '--dotenv', 'scope.env'],
      1,
      'stderr',
      /^ensure-provider-scope: --dotenv is not an option of import, but of plan, apply and verify\. Run 'ensure-provider-scope import --help' for the options of import\.\n$/,
    ],
    [
      ['plna'],
      1,
      'stderr',
      /^ensure-provider-scope: unknown command "plna" \(did you mean plan\?\): use plan, preview, apply, verify, import or rotate\./,
    ],
  ] as const)('%j: exit %i', async (argv, exitCode, stream, text) => {
    const run = await cli([...argv]);
    expect(run.exitCode).toBe(exitCode);
    expect(run[stream]).toMatch(text);
  });

  /** The flags a help lists, in its order. */
  const flagsOf = (help: string): string[] =>
    help
      .split('\n')
      .filter((line) => /^ {2}-/.test(line))
      .map((line) => /--[a-z-]+/.exec(line)?.[0] ?? line);
  const CONNECTION = ['--client-id', '--auth-url', '--auth', '--timeout-seconds', '--client-secret-stdin'];
  // Each command's own options first, then the connection's, then the output's: only what applies.
  const TAKES = {
    plan: [
      '--spec',
      '--on-drift',
      '--provider-url',
      '--provider-suffix',
      ...CONNECTION,
      '--json',
      '--format',
      '--dotenv',
      '--gitlab-note',
      '--debug',
      '--help',
    ],
    preview: [
      '--spec',
      '--on-drift',
      '--provider-url',
      '--provider-suffix',
      ...CONNECTION,
      '--out',
      '--debug',
      '--help',
    ],
    apply: [
      '--spec',
      '--on-drift',
      '--provider-url',
      '--provider-suffix',
      ...CONNECTION,
      '--json',
      '--format',
      '--dotenv',
      '--gitlab-note',
      '--debug',
      '--help',
    ],
    verify: [
      '--provider-url',
      '--provider-suffix',
      ...CONNECTION,
      '--json',
      '--format',
      '--dotenv',
      '--debug',
      '--help',
    ],
    import: ['--spec', '--scope-suffix', '--force', ...CONNECTION, '--json', '--debug', '--help'],
    rotate: [
      '--print-secret',
      '--secret-file',
      '--dry-run',
      '--retire',
      '--retire-id',
      '--spec',
      ...CONNECTION,
      '--json',
      '--debug',
      '--help',
    ],
  } as const;

  test('--help names every option once, explained in one column, each setting with its variable and its default said once, which commands take it when not all do, and each command with its summary and an example', async () => {
    const help = (await cli(['--help'])).stdout;
    const options = help.split('\n').filter((line) => /^ {2}-/.test(line));
    for (const line of options)
      expect({
        line,
        explained: /^ {2}-\S*( \S+)* +$/.test(line.slice(0, 30)) && /^[^\s[]/.test(line.slice(30)),
      }).toEqual({ line, explained: true });
    // A default is said once, in brackets, never in the explanation too.
    for (const line of options)
      expect({ line, twice: /default/.test(line.split('[')[0] ?? '') }).toEqual({ line, twice: false });
    for (const { flag, env: variable, setting } of CLI_SETTINGS) {
      if (flag === undefined) continue;
      const fallback = SETTING_DEFAULTS[setting];
      const line = options.find((l) => l.startsWith(`  --${flag} <value>`));
      expect({ flag, line }).toEqual({
        flag,
        line: expect.stringMatching(
          new RegExp(
            `\\[env ${variable}${fallback ? `; default ${fallback.replaceAll('.', '\\.')}` : ''}(; [a-z, ]+ only)?\\]$`,
          ),
        ),
      });
    }
    expect(options.find((l) => l.startsWith('  --on-drift '))).toMatch(
      /\[env PROVIDER_ON_DRIFT; default warn; plan, preview and apply only\]$/,
    );
    expect(options.find((l) => l.startsWith('  --provider-url '))).toMatch(
      /\[env PROVIDER_URL; plan, preview, apply and verify only\]$/,
    );
    expect(options.find((l) => l.startsWith('  --scope-suffix '))).toMatch(/\[import only\]$/);
    // A switch's variable is set to true.
    expect(options.find((l) => l.startsWith('  --gitlab-note '))).toMatch(
      /\[env PROVIDER_GITLAB_NOTE=true; plan and apply only\]$/,
    );
    expect(options.find((l) => l.startsWith('  --out '))).toMatch(/\[default \.preview\/; preview only\]$/);
    expect(options.find((l) => l.startsWith('  --dotenv '))).toMatch(/\[plan, apply and verify only\]$/);
    // preview's report is its files: no --json.
    expect(options.find((l) => l.startsWith('  --json '))).toMatch(/\[plan, apply, verify, import and rotate only\]$/);
    expect(options.find((l) => l.startsWith('  --debug '))).not.toContain('[');
    // Every option of every command, once, and --version; the help's own last.
    expect(flagsOf(help).sort()).toEqual([...new Set([...Object.values(TAKES).flat(), '--version'])].sort());
    expect(flagsOf(help).slice(-2)).toEqual(['--help', '--version']);
    expect(help).toMatch(
      /Exit codes:\n {2}0 .+\n {2}1 .+\n {2}2 {2}\(plan and preview\) apply would change the registration .+\n/,
    );
    expect(options).toContainEqual(expect.stringMatching(/^ {2}-h, --help +Show this help\.$/));
    for (const [verb, { examples }] of Object.entries(COMMANDS)) {
      expect(help).toMatch(new RegExp(`^  ${verb} +\\S`, 'm'));
      expect(examples.length).toBeGreaterThan(0);
      for (const example of examples) expect(help).toContain(`\n  ${example}\n`);
      // Each example is a command line of this verb.
      for (const example of examples) expect(example).toMatch(new RegExp(`(^| )ensure-provider-scope ${verb} `));
    }
  });

  test.each(Object.entries(TAKES))(
    "%s --help: only the options it takes, its own first, the lines the whole's help has; its exit codes; its summary and examples",
    async (verb, takes) => {
      const whole = (await cli(['--help'])).stdout.split('\n');
      const own = (await cli([verb, '--help'])).stdout;
      expect(flagsOf(own)).toEqual(takes);
      // The same explanation as in the whole's help, without which commands take it.
      for (const line of own.split('\n').filter((l) => /^ {2}-/.test(l) && !l.includes('required]'))) {
        expect({
          line,
          inWhole: whole.some((w) => w.replace(/;? ?([a-z, ]+ only)\]$/, ']').replace(/ \[\]$/, '') === line),
        }).toEqual({ line, inWhole: true });
      }
      expect(own).toContain(`\n\n${COMMANDS[verb as keyof typeof COMMANDS].summary}\n`);
      expect(own).toMatch(
        verb === 'plan' || verb === 'preview'
          ? /Exit codes:\n {2}0 .+\n {2}1 .+\n {2}2 .+\n\n/
          : /Exit codes:\n {2}0 .+\n {2}1 .+\n\n/,
      );
      for (const [other, { examples: theirs }] of Object.entries(COMMANDS))
        for (const example of theirs)
          expect({ verb, example, shown: own.includes(`\n  ${example}\n`) }).toEqual({
            verb,
            example,
            shown: other === verb,
          });
    },
  );

  test("docs/command-line.md's table of options per command is the commands' own: each option, its variable and default, and who takes it", () => {
    const text = readFileSync(path.join(ROOT, 'docs', 'command-line.md'), 'utf8');
    const table = text.split('<!-- options:start -->\n')[1]?.split('<!-- options:end -->')[0] ?? '';
    const rows = table
      .trim()
      .split('\n')
      .slice(2)
      .map((row) =>
        row
          .replace(/\\\|/g, '/')
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim()),
      );
    const verbs = Object.keys(TAKES) as Array<keyof typeof TAKES>;
    const documented = Object.fromEntries(
      verbs.map((verb, i) => [
        verb,
        rows
          .filter((row) => row[3 + i] !== '' && row[3 + i] !== undefined)
          .map((row) => /--[a-z-]+/.exec(row[0] ?? '')?.[0]),
      ]),
    );
    // Each command's options, in the table's order (its help's, own first, may differ).
    for (const verb of verbs)
      expect({ verb, options: [...(documented[verb] ?? [])].sort() }).toEqual({
        verb,
        options: [...TAKES[verb]].sort(),
      });
    for (const { flag, env: variable, setting } of CLI_SETTINGS) {
      if (flag === undefined) continue;
      const row = rows.find((r) => (r[0] ?? '').startsWith(`\`--${flag} `));
      expect({ flag, variable: row?.[1], fallback: row?.[2] }).toEqual({
        flag,
        variable: `\`${variable}\``,
        fallback: SETTING_DEFAULTS[setting] ? `\`${SETTING_DEFAULTS[setting]}\`` : '',
      });
    }
    expect(rows.find((r) => (r[0] ?? '').startsWith('`--provider-url '))?.[6]).toBe('✓ (required)');
  });

  test('verify --help says --provider-url is required, the others that it is optional', async () => {
    const line = async (verb: string) =>
      (await cli([verb, '--help'])).stdout.split('\n').find((l) => l.startsWith('  --provider-url '));
    expect(await line('verify')).toMatch(/\[env PROVIDER_URL; required\]$/);
    for (const verb of ['plan', 'apply']) expect(await line(verb)).toMatch(/\[env PROVIDER_URL\]$/);
  });

  test.each(
    Object.entries(TAKES).flatMap(([verb, takes]) =>
      Object.values(TAKES)
        .flat()
        .filter((flag, i, all) => all.indexOf(flag) === i && !(takes as readonly string[]).includes(flag))
        .map((flag) => [verb, flag] as const),
    ),
  )('%s %s: refused the same way, naming the commands that take it, before any request', async (verb, flag) => {
    const takenBy = Object.entries(TAKES)
      .filter(([, takes]) => (takes as readonly string[]).includes(flag))
      .map(([v]) => v);
    const by = takenBy.length === 1 ? takenBy[0] : `${takenBy.slice(0, -1).join(', ')} and ${takenBy.at(-1)}`;
    const value = ['--force', '--gitlab-note', '--print-secret', '--dry-run', '--json'].includes(flag) ? [] : ['x'];
    const run = await cli([verb, flag, ...value]);
    expect([run.exitCode, run.stderr, run.stdout]).toEqual([
      1,
      `ensure-provider-scope: ${flag} is not an option of ${verb}, but of ${by}. Run 'ensure-provider-scope ${verb} --help' for the options of ${verb}.\n`,
      '',
    ]);
    expect(service.requests).toEqual([]);
  });

  test('an environment variable is never refused: a command that does not take a setting ignores its variable, whatever it holds', async () => {
    const provider = new ProviderStub();
    await provider.start();
    try {
      await cli(['apply']);
      provider.document = { globus_auth_scope: `${service.url}/scopes/${client.id}/action_all` };
      // What a pipeline sets for every job, with values no command could take.
      Object.assign(env, { PROVIDER_SPEC: '../elsewhere.yml', PROVIDER_ON_DRIFT: 'sometimes' });
      const verify = await cli(['verify', '--provider-url', provider.url]);
      expect([verify.exitCode, verify.stderr]).toEqual([0, expect.not.stringContaining('Error')]);
      env.PROVIDER_URL = 'not a url';
      env.PROVIDER_SPEC = '-';
      const imported = await cli(['import']);
      expect([imported.exitCode, imported.stderr]).toEqual([0, expect.not.stringContaining('Error')]);
      // The commands that take them still refuse them, in their words: the variable they came from.
      expect((await cli(['plan'])).stderr).toContain('Error: PROVIDER_ON_DRIFT must be');
    } finally {
      await provider.stop();
    }
  });

  test('settings left empty or carrying credentials: each named as the command line takes it, with what to give', async () => {
    env.PROVIDER_CLIENT_ID = undefined;
    env.PROVIDER_AUTH_URL = undefined;
    const empty = await cli(['plan']);
    expect(empty.exitCode).toBe(1);
    expect(empty.stderr).toContain(
      'Error: --client-id (or PROVIDER_CLIENT_ID) is empty: give the Client ID shown in the developer portal, e.g. --client-id 1b0e... or PROVIDER_CLIENT_ID in the environment',
    );
    expect(empty.stderr).toContain(
      'Error: --auth-url (or PROVIDER_AUTH_URL) is empty: give the base address of the authentication service, e.g. --auth-url https://auth.globus.org',
    );
    const credentials = await cli(['plan', '--client-id', client.id, '--auth-url', 'https://user:pw@auth.example.org']);
    // Given as flags: named as flags.
    expect(credentials.stderr).toContain(
      'Error: --auth-url must not carry credentials: they belong in --client-id and PROVIDER_CLIENT_SECRET',
    );
  });

  test('an option from the environment, a flag over it, and the same validation as the action, each named the way it was given', async () => {
    env.PROVIDER_TIMEOUT_SECONDS = '0';
    const run = await cli(['plan', '--auth-url', 'http://auth.example.org']);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain('Error: PROVIDER_TIMEOUT_SECONDS must be more than 0');
    expect(run.stderr).toContain('Error: --auth-url must use https');
    // The flag over the variable: the flag is named.
    const flagged = await cli(['plan', '--timeout-seconds', '0']);
    expect(flagged.stderr).toContain('Error: --timeout-seconds must be more than 0');
  });
});
