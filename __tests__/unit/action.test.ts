/**
 * run() in-process, with a recording stand-in for the runner, against the embedded service on
 * 127.0.0.1: what the run concludes (outputs, log, annotations and their severity, summary,
 * exit code), that everything it writes is scrubbed, and that it fails one way.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EmbeddedAuthService, type ClientRecord } from '../../dev/auth-service.ts';
import { ProviderStub } from '../../dev/provider-stub.ts';
import { run } from '../../src/github/action.ts';
import type { CommentRun } from '../../src/github/collaborators.ts';
import { MAX_QUOTED } from '../../src/wire/answer-problems.ts';
import { escapeMarkdown as md } from '../../src/render/summary.ts';
import { fakeClock } from '../support/clock.ts';
import { RecordingRunner } from '../support/recording-core.ts';
import { OBEYED_CONTROL } from '../support/terminal.ts';
import { echoTheToken } from '../support/token-runs.ts';

// Characters JSON escapes (" and \) and that base64 and URL encoding change.
const SECRET = 'in"process\\secret+/=';
const SPEC_FILE = '.github/provider-scope.yml';
const SPEC = 'name: Example Action Provider\ndescription: Runs example actions\nadvertised: true\n';
// The inputs as the runner passes them, action.yml's defaults included.
const DEFAULTS = {
  spec: SPEC_FILE,
  timeout_seconds: '30',
  on_drift: 'warn',
  dry_run: 'false',
  auth: 'basic',
  provider_url: '',
};

let service: EmbeddedAuthService;
let provider: ProviderStub;
let client: ClientRecord;
let workspace: string;

beforeEach(async () => {
  service = new EmbeddedAuthService();
  provider = new ProviderStub();
  await Promise.all([service.start(), provider.start()]);
  client = service.addClient({ secret: SECRET, name: 'Example Action Provider' });
  workspace = await mkdtemp(path.join(tmpdir(), 'main-test-'));
  await mkdir(path.join(workspace, '.github'));
  await writeFile(path.join(workspace, SPEC_FILE), SPEC);
});
afterEach(async () => {
  await Promise.all([service.stop(), provider.stop()]);
  await rm(workspace, { recursive: true, force: true });
});

const expectedString = (): string => `${service.url}/scopes/${client.id}/action_all`;

async function runWith(
  inputs: Record<string, string> = {},
  overrides: Parameters<RecordingRunner['collaborators']>[0] = {},
): Promise<RecordingRunner> {
  const runner = new RecordingRunner({
    ...DEFAULTS,
    client_id: client.id,
    client_secret: SECRET,
    auth_url: service.url,
    ...inputs,
  });
  await run(runner.collaborators({ workspace, ...overrides }));
  return runner;
}

/** The client's scope as the spec describes it, but for `changes`. */
const addScope = (changes: Record<string, unknown> = {}) =>
  service.addScope({
    client: client.id,
    scope_string: expectedString(),
    name: 'Example Action Provider',
    description: 'Runs example actions',
    advertised: true,
    ...changes,
  });

describe('a run that ensures the scope', () => {
  test('masks first, then logs, sets the outputs, writes the summary and exits 0', async () => {
    const runner = await runWith();
    const firstOther = runner.calls.findIndex((c) => c.call !== 'setSecret');
    const masks = runner.calls.slice(0, firstOther).map((c) => 'value' in c && c.value);
    expect(masks).toContain(SECRET);
    // The Basic credential, made with the client_id input.
    expect(masks).toContain(Buffer.from(`${client.id}:${SECRET}`).toString('base64'));
    expect(runner.calls.slice(firstOther).some((c) => c.call === 'setSecret')).toBe(false);

    const scopeId = [...service.scopes.values()].find((s) => s.client === client.id)?.id;
    expect(runner.outputs()).toEqual({
      scope_string: expectedString(),
      scope_id: scopeId,
      scope_strings: JSON.stringify([expectedString()]),
      created: 'true',
      updated: 'false',
      changes: 'true',
      scopes: JSON.stringify({
        action_all: { scope_string: expectedString(), scope_id: scopeId, created: true, updated: false, changes: true },
      }),
    });
    expect(runner.lines('info')).toEqual([
      `Ensuring scope "Example Action Provider" for client ${client.id} at ${service.url}`,
      `Client ${client.id} has no scope: creating "Example Action Provider" (${expectedString()})`,
      `scope_string: ${expectedString()} (created)`,
    ]);
    expect(runner.annotations()).toEqual([]);
    expect(runner.summaries).toHaveLength(1);
    expect(runner.summaries[0]).toContain('### Provider scope created');
    expect(runner.summaries[0]).toContain(`| Ran for | ${md('push on refs/heads/main')} |`);
    expect(runner.exitCode).toBe(0);
  });

  test('a read that fails with a 503 is sent again after its Retry-After, on the injected clock', async () => {
    service.inject({
      method: 'GET',
      path: `/v2/api/clients/${client.id}`,
      status: 503,
      headers: { 'retry-after': '2' },
    });
    const clock = fakeClock();
    const runner = await runWith({}, { clock });
    expect(clock.slept).toEqual([2000]);
    expect(runner.exitCode).toBe(0);
  });

  test('a Retry-After longer than the longest pause (10 s) is given up on at once, saying why', async () => {
    service.inject({
      method: 'GET',
      path: `/v2/api/clients/${client.id}`,
      status: 503,
      headers: { 'retry-after': '120' },
    });
    const clock = fakeClock();
    const runner = await runWith({}, { clock });
    expect(clock.slept).toEqual([]);
    expect(runner.annotations()[0]?.message).toMatch(
      /failed with HTTP 503\..*\(the service asked to wait 120 s, longer than this run waits\)$/,
    );
    expect(runner.exitCode).toBe(1);
  });

  test('a dry run says so in its first line', async () => {
    const runner = await runWith({ dry_run: 'true' });
    expect(runner.lines('info')[0]).toBe(
      `Ensuring scope "Example Action Provider" for client ${client.id} at ${service.url} (dry run)`,
    );
  });

  test('on_drift: update changes the scope to the spec', async () => {
    addScope({ description: 'An old description' });
    const runner = await runWith({ on_drift: 'update' });
    expect(runner.outputs().updated).toBe('true');
    expect([...service.scopes.values()].find((s) => s.client === client.id)?.description).toBe('Runs example actions');
    expect(runner.exitCode).toBe(0);
  });

  test('the debug log has one line per request, and no header value', async () => {
    const runner = await runWith();
    expect(runner.lines('debug')).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^GET \/v2\/api\/clients\/[0-9a-f-]+: HTTP 200 in \d+ ms$/),
        expect.stringMatching(/^POST \/v2\/api\/clients\/[0-9a-f-]+\/scopes: HTTP 200 in \d+ ms$/),
      ]),
    );
    expect(runner.lines('debug').join('\n')).not.toMatch(/Basic|authorization/i);
  });

  test("the client's credentials are read only where the watch asks for them, a dry run's too", async () => {
    const credentialsRead = () => service.apiCalls().filter((call) => call.endsWith(`/${client.id}/credentials`));
    await runWith();
    await runWith({}, { watching: () => false });
    expect(credentialsRead()).toEqual([]);
    const asked: unknown[] = [];
    const runner = await runWith({ dry_run: 'true' }, { watching: (settings) => (asked.push(settings), true) });
    expect([runner.exitCode, asked, credentialsRead()]).toEqual([
      0,
      [{ dryRun: true }],
      [`GET /v2/api/clients/${client.id}/credentials`],
    ]);
  });

  test('without a job summary from the runner, none is written and the context is never loaded', async () => {
    const runner = await runWith({}, { summary: undefined });
    expect(runner.summaries).toEqual([]);
    expect(runner.exitCode).toBe(0);
  });
});

describe('drift: its severity follows on_drift', () => {
  test.each([
    ['warn', 'warning', 0],
    ['fail', 'error', 1],
  ] as const)('%s: a %s annotation per field, the outputs still set, exit %i', async (onDrift, level, exitCode) => {
    addScope({ description: 'Old text' });
    const runner = await runWith({ on_drift: onDrift });
    expect(runner.annotations()).toEqual([
      {
        level,
        message: expect.stringMatching(
          /^The client's scope differs from the spec in description: the spec says "Runs example actions", the service has "Old text"\./,
        ),
        properties: { title: 'Scope drift: description' },
      },
    ]);
    expect(runner.outputs().created).toBe('false');
    expect(runner.exitCode).toBe(exitCode);
  });

  test('ignore: no annotation, exit 0; the summary still shows it', async () => {
    addScope({ description: 'Old text' });
    const runner = await runWith({ on_drift: 'ignore' });
    expect(runner.annotations()).toEqual([]);
    expect(runner.exitCode).toBe(0);
    expect(runner.summaries[0]).toContain(
      `| description | <code>${md('"Runs example actions"')}</code> | <code>${md('"Old text"')}</code> | **differs** |`,
    );
  });
});

describe('the provider check', () => {
  test('any scope string of the client passes, the FQDN variant too', async () => {
    const fqdnClient = service.addClient({ secret: SECRET, fqdns: ['provider.example.org'] });
    provider.document = { platform_auth_scope: `${service.url}/scopes/provider.example.org/action_all` };
    const runner = await runWith({ client_id: fqdnClient.id, provider_url: provider.url });
    expect(JSON.parse(runner.outputs().scope_strings ?? '[]')).toHaveLength(2);
    expect(runner.annotations()).toEqual([]);
    expect(runner.lines('info')).toContain(
      `The provider at ${provider.url}/ publishes ${service.url}/scopes/provider.example.org/action_all (platform_auth_scope)`,
    );
    // Its request in the debug log, as the service's are.
    expect(runner.lines('debug')).toContainEqual(expect.stringMatching(/^GET \/: HTTP 200 in \d+ ms$/));
    expect(runner.exitCode).toBe(0);
  });

  test('another scope string fails the step after the outputs and the summary', async () => {
    provider.document = { platform_auth_scope: 'https://elsewhere.example.org/scopes/x' };
    const runner = await runWith({ provider_url: provider.url });
    expect(runner.annotations().map((a) => [a.level, a.message])).toEqual([
      [
        'error',
        expect.stringMatching(
          /^The provider at .* publishes platform_auth_scope "https:\/\/elsewhere\.example\.org\/scopes\/x", which is not a scope string.* Deploy the provider with platform_auth_scope set to the step's scope_string output/,
        ),
      ],
    ]);
    expect(runner.outputs().created).toBe('true');
    expect(runner.summaries[0]).toContain('(**not a scope string of this client**)');
    expect(runner.exitCode).toBe(1);
  });

  // Real providers publish globus_auth_scope (globus/action-provider-tools, data_types.py).
  test("the vendor's key, when it is the document's only <name>_auth_scope, is read", async () => {
    provider.document = { title: 'A Globus provider', globus_auth_scope: expectedString() };
    const runner = await runWith({ provider_url: provider.url });
    expect(runner.lines('info')).toContain(
      `The provider at ${provider.url}/ publishes ${expectedString()} (globus_auth_scope)`,
    );
    expect(runner.summaries[0]).toContain(
      `| Provider publishes | <code>${md(expectedString())}</code> as <code>globus${md('_')}auth${md('_')}scope</code> (matches) |`,
    );
    expect(runner.exitCode).toBe(0);
  });

  test.each([
    ['no such key', { title: 'no scope here' }, 'has no platform_auth_scope and no single <name>_auth_scope key'],
    [
      'two vendor keys and no platform_auth_scope',
      { a_auth_scope: 'x', b_auth_scope: 'y' },
      'has no platform_auth_scope and no single <name>_auth_scope key',
    ],
    ['a key without a string', { globus_auth_scope: null }, 'has no string under globus_auth_scope'],
  ])(
    'a document with %s: the key, the value to publish and the fix; the summary still written',
    async (_what, document, why) => {
      provider.document = document;
      const runner = await runWith({ provider_url: provider.url });
      const [annotation] = runner.annotations();
      expect(annotation?.message).toBe(
        `The provider at ${provider.url}/ publishes no scope: its introspection document (GET /) ${why}. ` +
          `Deploy the provider with ${why.includes('globus_auth_scope') ? 'globus_auth_scope' : 'globus_auth_scope (or platform_auth_scope)'} set to the step's scope_string output, "${expectedString()}".`,
      );
      expect(runner.summaries[0]).toContain(
        '| Provider publishes | no scope (**not a scope string of this client**) |',
      );
      expect(runner.outputs().scope_string).toBe(expectedString());
      expect(runner.exitCode).toBe(1);
    },
  );

  test('a check that cannot read the document at all still leaves the summary, then fails', async () => {
    provider.status = 404;
    const runner = await runWith({ provider_url: provider.url });
    expect(runner.annotations()).toEqual([
      {
        level: 'error',
        message: expect.stringMatching(/failed with HTTP 404: the provider answers no introspection document/),
        properties: {},
      },
    ]);
    expect(runner.summaries).toHaveLength(1);
    expect(runner.summaries[0]).not.toContain('Provider publishes');
    expect(runner.exitCode).toBe(1);
  });
});

describe('failures', () => {
  test('every problem of the inputs and the spec, each at its place, before any request; no output', async () => {
    await writeFile(path.join(workspace, SPEC_FILE), 'name: ""\ndescription: Runs\nadvertised: maybe\n');
    const runner = await runWith({ auth_url: 'http://auth.example.org', timeout_seconds: 'soon' });
    expect(runner.annotations()).toEqual(
      expect.arrayContaining([
        { level: 'error', message: expect.stringMatching(/^Input auth_url must use https/), properties: {} },
        { level: 'error', message: expect.stringMatching(/^Input timeout_seconds must be a number/), properties: {} },
        {
          level: 'error',
          message: `${SPEC_FILE}: name must not be empty`,
          properties: { file: SPEC_FILE, startLine: 1, startColumn: 7 },
        },
        {
          level: 'error',
          message: `${SPEC_FILE}: advertised must be a boolean, not string "maybe"`,
          properties: { file: SPEC_FILE, startLine: 3, startColumn: 13 },
        },
      ]),
    );
    expect(runner.annotations()).toHaveLength(4);
    expect(runner.outputs()).toEqual({});
    // Every problem in the summary too, where no limit on annotations hides any.
    expect(runner.summaries).toHaveLength(1);
    expect(runner.summaries[0]).toMatch(
      /^\*\*Nothing was done\*\*: 4 problem\\\(s\\\) to fix first\.\n\n\*\*Next\*\*: Fix each problem below at its line\. Run the step again\.\n\nThe inputs or the spec have 4 problem\(s\):\n/,
    );
    expect(runner.summaries[0]).toContain(
      `- line 3: ${md(`${SPEC_FILE}: advertised must be a boolean, not string "maybe"`)}`,
    );
    expect(service.requests).toEqual([]);
    expect(runner.exitCode).toBe(1);
  });

  test('an empty spec input is one problem, not also an unreadable file', async () => {
    const runner = await runWith({ spec: '' });
    expect(runner.annotations().map((a) => a.message)).toEqual([expect.stringMatching(/^Input spec is empty: /)]);
    expect(runner.exitCode).toBe(1);
  });

  test('an unexpected error: the stack in the debug log only, one annotation asking for a report', async () => {
    const runner = await runWith(
      {},
      { summary: { runContext: () => Promise.reject(new TypeError('context is broken')), write: async () => {} } },
    );
    expect(runner.annotations()).toEqual([
      {
        level: 'error',
        message: 'Unexpected error: context is broken. Please report it with the debug log of this run.',
        properties: {},
      },
    ]);
    expect(runner.lines('debug').at(-1)).toMatch(/^TypeError: context is broken\n\s+at /);
    expect(runner.exitCode).toBe(1);
  });

  test('a workflow context that fails to load keeps the settings: the comment and the watch still say the failure', async () => {
    const said: CommentRun[] = [];
    const runner = await runWith(
      {},
      {
        summary: { runContext: () => Promise.reject(new TypeError('context is broken')), write: async () => {} },
        comment: async (r) => void said.push(r),
        watch: async (r) => void said.push(r),
      },
    );
    expect(runner.exitCode).toBe(1);
    expect(said.map((r) => [r.settings.clientId, r.conclusion.exitCode])).toEqual([
      [client.id, 1],
      [client.id, 1],
    ]);
  });

  test('an error that escapes everything is reported, scrubbed, by the fatal handler', async () => {
    const runner = await runWith();
    runner.fatal?.(new Error(`escaped with ${SECRET}`));
    expect(runner.annotations().at(-1)?.message).toBe(
      'Unexpected error: escaped with ***. Please report it with the debug log of this run.',
    );
  });

  test('an error that escapes everything halts the run: the requests in flight are abandoned, nothing more is sent', async () => {
    const runner = new RecordingRunner({
      ...DEFAULTS,
      client_id: client.id,
      client_secret: SECRET,
      auth_url: service.url,
    });
    // It escapes while the inspection is in flight, on a fresh client that a healthy run would create the scope for.
    service.inject({
      method: 'GET',
      path: `/v2/api/clients/${client.id}`,
      before: () => runner.fatal?.(new Error('escaped')),
      delayMs: 50,
    });
    await run(runner.collaborators({ workspace }));

    expect(service.requests.map((r) => r.method)).not.toContain('POST');
    expect(runner.annotations()[0]?.message).toBe(
      'Unexpected error: escaped. Please report it with the debug log of this run.',
    );
    expect(runner.exitCode).toBe(1);
  });

  test("a failure's text is cut at 2,000 characters, after the secret is scrubbed from it", async () => {
    const detail = `${'x'.repeat(1700)}${SECRET.repeat(100)}`;
    service.inject({
      method: 'GET',
      path: `/v2/api/clients/${client.id}`,
      status: 400,
      body: JSON.stringify({ errors: [{ detail }] }),
    });
    const runner = await runWith();
    const [annotation] = runner.annotations();
    expect(annotation?.message).toHaveLength(2001);
    // Scrubbed first: the cut falls among the stars, never inside the secret.
    expect(annotation?.message).toMatch(/x\*+…$/);
    expect(runner.exitCode).toBe(1);
  });

  test("a service's value quoted in a message: the secret in it scrubbed before the value is clipped, no piece of it left", async () => {
    // The escaped secret would start 7 characters before the cut.
    const scopeString = `https://x.example/${'a'.repeat(MAX_QUOTED - 25)}${SECRET}\n`;
    const scope = { id: '0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9', scope_string: scopeString };
    service.inject({
      method: 'POST',
      path: `/v2/api/clients/${client.id}/scopes`,
      status: 200,
      body: JSON.stringify({ scopes: [scope] }),
    });
    const runner = await runWith();
    const [annotation] = runner.annotations();
    expect(annotation?.message).toContain(`scopes.0.scope_string contains a line break: `);
    expect(annotation?.message).toContain(`got "https://x.example/${'a'.repeat(MAX_QUOTED - 25)}***\\n"`);
    expect(runner.written()).not.toMatch(/in\\?"pro/);
    expect(runner.exitCode).toBe(1);
  });

  test('a text of exactly 2,000 characters is not cut', async () => {
    const failWith = async (detail: string) => {
      service.clearFaults();
      service.inject({
        method: 'GET',
        path: `/v2/api/clients/${client.id}`,
        status: 400,
        body: JSON.stringify({ errors: [{ detail }] }),
      });
      return (await runWith()).annotations()[0]?.message ?? '';
    };
    const around = (await failWith('x')).length - 1;
    expect(await failWith('x'.repeat(2000 - around))).toHaveLength(2000);
  });
});

test('text from the service that echoes the secret is scrubbed from the log, the annotations and the summary', async () => {
  const echoing = service.addClient({ secret: SECRET, name: `Evil ${SECRET}` });
  service.addScope({
    client: echoing.id,
    scope_string: `${service.url}/scopes/${echoing.id}/action_all`,
    name: `Name ${SECRET}`,
    description: `Text ${SECRET}`,
    advertised: true,
  });
  const runner = await runWith({ client_id: echoing.id });
  // The drift annotations quote the service's values as JSON: the escaped form is masked too.
  expect(runner.annotations().map((a) => a.message)).toEqual([
    expect.stringContaining('the service has "Name ***"'),
    expect.stringContaining('the service has "Text ***"'),
  ]);
  expect(runner.summaries[0]).toContain(`Evil ${md('***')}`);
  expect(runner.written()).not.toContain(SECRET);
  expect(runner.written()).not.toContain(JSON.stringify(SECRET).slice(1, -1));
});

// People test with placeholders: the runner masks such a secret as given, and so does the run,
// with no one-character fragment of its encodings garbling every message.
describe.each(['x', 'p4ss'])('a short secret (%j)', (secret) => {
  const runShort = async (inputs: Record<string, string> = {}) => {
    const short = service.addClient({ secret, name: 'Example Action Provider' });
    const runner = await runWith({ client_id: short.id, client_secret: secret, ...inputs });
    return { runner, basic: Buffer.from(`${short.id}:${secret}`).toString('base64'), short };
  };
  const masked = (text: string): string => text.replaceAll(secret, '***');

  test('masks the secret and its Basic credential, and no derived form under 8 characters', async () => {
    const { runner, basic } = await runShort();
    const masks = runner.calls.flatMap((c) => (c.call === 'setSecret' ? [c.value] : []));
    expect(masks).toEqual(expect.arrayContaining([secret, basic]));
    expect(masks.filter((mask) => mask !== secret && mask.length < 8)).toEqual([]);
    expect(runner.written()).not.toContain(basic);
  });

  test('the log reads as it would without the mask, but for the secret itself', async () => {
    const { runner, short } = await runShort();
    const scopeString = `${service.url}/scopes/${short.id}/action_all`;
    expect(runner.lines('info')).toEqual(
      [
        `Ensuring scope "Example Action Provider" for client ${short.id} at ${service.url}`,
        `Client ${short.id} has no scope: creating "Example Action Provider" (${scopeString})`,
        `scope_string: ${scopeString} (created)`,
      ].map(masked),
    );
    expect(runner.exitCode).toBe(0);
  });

  test('an annotation reads as it would without the mask, but for the secret itself', async () => {
    const { runner } = await runShort({ client_id: 'not-a-uuid' });
    expect(runner.annotations().map((a) => a.message)).toEqual([
      masked(
        'Input client_id is not a UUID: use the Client ID shown in the expanded description of the app in the developer portal ' +
          '(check that client_id and client_secret are not swapped)',
      ),
    ]);
  });
});

describe('warnings before any write, at their line in the spec', () => {
  test.each(['false', 'true'])(
    'a suffix outside [a-z0-9_] and a dependent id the service does not show (dry_run: %s); the run goes on',
    async (dryRun) => {
      const unknownId = '6f4d4ff0-0f3c-4a55-9a8e-5a8c1f3d2b10';
      await writeFile(
        path.join(workspace, SPEC_FILE),
        `${SPEC}scope_suffix: Action-All\ndependent_scopes:\n  - scope: ${unknownId}\n`,
      );
      const runner = await runWith({ dry_run: dryRun });
      expect(runner.annotations().slice(0, 2)).toEqual([
        {
          level: 'warning',
          message: expect.stringMatching(
            /^\.github\/provider-scope\.yml: scope_suffix "Action-All" has characters other than/,
          ),
          properties: { file: SPEC_FILE, startLine: 4, startColumn: 15 },
        },
        {
          level: 'warning',
          message: expect.stringMatching(
            new RegExp(`^dependent_scopes: no scope with id ${unknownId} is visible to this client`),
          ),
          properties: { file: SPEC_FILE, startLine: 6, startColumn: 12 },
        },
      ]);
      // Both came before the line that says what is (or would be) created.
      const texts = runner.calls.map((c) => ('message' in c ? c.message : c.call === 'info' ? c.value : ''));
      expect(texts.findIndex((t) => t.includes('no scope with id'))).toBeLessThan(
        texts.findIndex((t) => t.includes('has no scope')),
      );
      if (dryRun === 'true') {
        expect(runner.exitCode).toBe(0);
      } else {
        // The embedded service, like the real one for an id that does not exist, refuses it.
        expect(runner.annotations()[2]?.message).toMatch(
          new RegExp(
            `failed with HTTP 400: .*\\. The dependent scope id\\(s\\) ${unknownId} could not be verified before the creation`,
          ),
        );
        expect(runner.exitCode).toBe(1);
      }
    },
  );
});

describe('hostile text and the edges of a run', () => {
  test('text with line breaks from the spec and the service never starts a line of its own in the log', async () => {
    await writeFile(
      path.join(workspace, SPEC_FILE),
      'name: "X\\n::stop-commands::pwn"\ndescription: "d\\r\\n::error::forged"\nadvertised: true\n',
    );
    addScope({ name: 'Old\n::add-mask::x', description: 'Old\r::warning::y' });
    const runner = await runWith();
    for (const line of runner.lines('info')) expect(line).not.toMatch(/[\r\n]/);
    // Quoted as the plan quotes a value, its line break escaped.
    expect(runner.lines('info')[0]).toBe(
      `Ensuring scope "X\\n::stop-commands::pwn" for client ${client.id} at ${service.url}`,
    );
  });

  test('control and invisible characters from the spec and the service are shown as escapes in log lines and annotations', async () => {
    // GitHub's log viewer obeys an escape sequence (colours) and a reader never sees U+202E or U+200B.
    await writeFile(path.join(workspace, SPEC_FILE), 'name: "X\\u202eY\\u200b"\ndescription: d\nadvertised: true\n');
    addScope({ name: 'X\u202eY\u200b', description: 'Old\u202e\nnext' });
    service.inject({
      method: 'GET',
      status: 503,
      body: JSON.stringify({ errors: [{ detail: 'busy\u001b[2J\u009b6n\u200bnow' }] }),
    });
    const runner = await runWith();
    const said = [...runner.lines('info'), ...runner.annotations().map((a) => a.message)];
    for (const text of said)
      expect({ text, obeyed: OBEYED_CONTROL.test(text), hidden: /[\u200b\u202e]/u.test(text) }).toEqual({
        text,
        obeyed: false,
        hidden: false,
      });
    expect(runner.lines('info')[0]).toContain('"X\\u202eY\\u200b"');
    expect(runner.lines('info').join('\n')).toContain('busy\\u001b[2J\\u009b6n\\u200bnow');
    const drift = runner.annotations().find((a) => a.message.includes('description'));
    expect(drift?.message).toContain('Old\\u202e\\nnext');
  });

  test('an output that would hold the secret holds *** instead', async () => {
    // A service echoing the secret in a scope string would otherwise pass it to the deploy steps.
    const secretish = 'abc-SECRET-xyz';
    const echoing = service.addClient({ secret: secretish });
    service.addScope({
      client: echoing.id,
      scope_string: `${service.url}/scopes/${echoing.id}/${secretish}`,
      name: 'n',
      description: 'd',
      advertised: true,
    });
    const runner = await runWith({ client_id: echoing.id, client_secret: secretish });
    expect(runner.outputs().scope_string).toBe(`${service.url}/scopes/${echoing.id}/***`);
    expect(runner.written()).not.toContain(secretish);
  });

  test('fifteen problems and no job summary from the runner: the last annotation says the rest are in the log alone', async () => {
    const keys = Array.from({ length: 15 }, (_, i) => `unknown_${i}: x`);
    await writeFile(path.join(workspace, SPEC_FILE), `${SPEC}${keys.join('\n')}\n`);
    const runner = await runWith({}, { summary: undefined });
    expect(runner.annotations().at(-1)?.message).toBe('And 6 more error(s): each is in the log above.');
  });

  test('fifteen problems: nine annotations, the rest each once in the log, one annotation that says where; all of them in the summary', async () => {
    const keys = Array.from({ length: 15 }, (_, i) => `unknown_${i}: x`);
    await writeFile(path.join(workspace, SPEC_FILE), `${SPEC}${keys.join('\n')}\n`);
    const runner = await runWith();
    const errors = runner.annotations();
    expect(errors).toHaveLength(10);
    expect(errors[9]).toEqual({
      level: 'error',
      message: 'And 6 more error(s): each is in the log above, and in the job summary.',
      properties: {},
    });
    // Each problem said once: an annotation for the first nine, a log line for the rest.
    const logged = runner.lines('info').filter((line) => line.startsWith('Error: '));
    expect(logged).toEqual(keys.slice(9).map((key) => expect.stringContaining(`unknown key "${key.split(':')[0]}"`)));
    const said = [...errors.slice(0, 9).map((e) => e.message), ...logged].join('\n');
    for (const key of keys) expect(said.split(`"${key.split(':')[0]}"`)).toHaveLength(2);
    expect(runner.summaries[0]?.match(/^- line/gm)).toHaveLength(15);
    expect(runner.exitCode).toBe(1);
  });

  // The runner's limits are per level: the errors' room is not the warnings'.
  test("past the nine error annotations, a warning (the comment's, written last) is still an annotation", async () => {
    const keys = Array.from({ length: 15 }, (_, i) => `unknown_${i}: x`);
    await writeFile(path.join(workspace, SPEC_FILE), `${SPEC}${keys.join('\n')}\n`);
    const comment = async ({ write }: CommentRun) =>
      write({ level: 'warning', text: 'The run was not commented on the pull request.' });
    const runner = await runWith({}, { comment });
    expect(runner.annotations().map((a) => a.level)).toEqual([...Array<string>(10).fill('error'), 'warning']);
    expect(runner.lines('info').filter((line) => line.includes('not commented'))).toEqual([]);
  });

  test("warnings use none of the errors' room: nine warnings, then an error, are ten annotations", async () => {
    const comment = async ({ write }: CommentRun) => {
      for (let n = 1; n <= 9; n++) write({ level: 'warning', text: `warning ${n}` });
      write({ level: 'error', text: 'an error after nine warnings' });
    };
    const runner = await runWith({}, { comment });
    expect(runner.annotations().map((a) => a.message)).toEqual([
      ...Array.from({ length: 9 }, (_, i) => `warning ${i + 1}`),
      'an error after nine warnings',
    ]);
    expect(runner.lines('info').filter((line) => line.startsWith('Error: '))).toEqual([]);
  });

  test('the first failure ends the run at once: a sibling pausing on a Retry-After is abandoned', async () => {
    service.inject({ method: 'GET', path: '/v2/api/scopes', status: 429, headers: { 'retry-after': '5' } });
    service.inject({ method: 'GET', path: `/v2/api/clients/${client.id}`, status: 401, delayMs: 20 });
    const aborted: string[] = [];
    // A pause that never ends by itself: only the step's cancellation can end it.
    const clock = {
      ...fakeClock(),
      sleep: (_ms: number, signal?: AbortSignal) =>
        new Promise<void>((_resolve, reject) =>
          signal?.addEventListener('abort', () => (aborted.push('pause'), reject(new Error('aborted')))),
        ),
    };
    const runner = await runWith({}, { clock });
    expect(aborted).toEqual(['pause']);
    expect(runner.annotations()).toEqual([
      { level: 'error', message: expect.stringMatching(/failed with HTTP 401/), properties: {} },
    ]);
    expect(runner.exitCode).toBe(1);
  });
});

describe('auth: token', () => {
  test('the token is masked the moment it arrives, before any answer it was sent with, and scrubbed from the words of a service that echoes it', async () => {
    // The client inspection refused with a detail that quotes the token it was sent with.
    echoTheToken(service, { method: 'GET', path: `/v2/api/clients/${client.id}` });
    const runner = await runWith({ auth: 'token' });

    const [token] = service.issuedTokens();
    expect(token).toBeDefined();
    expect(runner.exitCode).toBe(1);
    const maskedAt = (form: string) => runner.calls.findIndex((c) => c.call === 'setSecret' && c.value === form);
    const answeredAt = runner.calls.findIndex((c) => c.call === 'debug' && c.value.startsWith('GET /v2/api/'));
    for (const form of [token as string, `Bearer ${token}`]) {
      expect(maskedAt(form)).toBeGreaterThanOrEqual(0);
      expect(maskedAt(form)).toBeLessThan(answeredAt);
    }
    expect(runner.annotations().map((a) => a.message)).toEqual([
      expect.stringContaining('The service said: bad token ***, sent as ***'),
    ]);
    expect(runner.written()).not.toContain(token);
  });
});
