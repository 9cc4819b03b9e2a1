/**
 * The engine's entries in process (engine/ensure.ts), against the embedded service and a
 * deployed provider on 127.0.0.1: what a run says before it asks, what the provider may
 * publish in each form of the spec and under provider_suffix, and the settings and the spec
 * checked together before any request.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EmbeddedAuthService, type ClientRecord, type ScopeRecord } from '../../dev/auth-service.ts';
import { ProviderStub } from '../../dev/provider-stub.ts';
import type { Conclusion, Message } from '../../src/engine/conclude/conclude.ts';
import { ensureProviderScope, verifyProvider } from '../../src/engine/ensure.ts';
import type { RunPort } from '../../src/engine/port.ts';
import { keepSecrets } from '../../src/engine/secrets.ts';
import { SETTING_DEFAULTS, type SettingName } from '../../src/engine/settings/settings.ts';
import { INPUT_NAMING } from '../../src/github/inputs.ts';
import { scopeStringOf } from '../../src/wire/service-client.ts';
import { fakeClock } from '../support/clock.ts';

const SECRET = 'ensure-test-secret-7c1d';

let service: EmbeddedAuthService;
let client: ClientRecord;
let provider: ProviderStub;
let dir: string;
beforeEach(async () => {
  service = new EmbeddedAuthService();
  await service.start();
  client = service.addClient({ secret: SECRET, name: 'Shared providers' });
  provider = new ProviderStub();
  await provider.start();
  dir = await mkdtemp(path.join(tmpdir(), 'eps-ensure-'));
});
afterEach(async () => {
  await Promise.all([service.stop(), provider.stop()]);
  await rm(dir, { recursive: true, force: true });
});

const stringOf = (suffix: string): string => scopeStringOf(service.url, client.id, suffix);
/** An FQDN variant of the suffix's scope: another string, the same suffix. */
const variantOf = (suffix: string): string => `${service.url}/scopes/providers.example.org/${suffix}`;
/** The client's scope with this suffix, as `listed` and `single` describe it: no drift. */
const own = (suffix: string, scope_string = stringOf(suffix)): ScopeRecord =>
  service.addScope({
    client: client.id,
    scope_string,
    name: `Provider ${suffix}`,
    description: `Runs ${suffix}`,
    advertised: true,
  });
const entry = (suffix: string, indent = ''): string =>
  [`name: Provider ${suffix}`, `description: Runs ${suffix}`, `scope_suffix: ${suffix}`, 'advertised: true']
    .map((line) => `${indent}${line}\n`)
    .join('');
const listed = (...suffixes: string[]): string =>
  `scopes:\n${suffixes.map((s) => entry(s, '    ').replace('    name', '  - name')).join('')}`;
const single = entry;

interface Run {
  conclusion: Conclusion;
  /** What the run wrote as it went, before its conclusion. */
  written: Message[];
  /** Each setting's name, each time the run read it from the door. */
  reads: SettingName[];
}

/** One run of `enter` with this spec and these settings (the client's by default), as a door would start it. */
async function run(
  spec: string,
  settings: Partial<Record<SettingName, string>> = {},
  {
    enter = ensureProviderScope,
    check,
    checkCredentials,
  }: {
    enter?: (port: RunPort) => Promise<Conclusion>;
    check?: RunPort['check'];
    checkCredentials?: boolean;
  } = {},
): Promise<Run> {
  await writeFile(path.join(dir, 'spec.yml'), spec);
  const given: Partial<Record<SettingName, string>> = {
    client_id: client.id,
    client_secret: SECRET,
    auth_url: service.url,
    spec: 'spec.yml',
    ...settings,
  };
  const written: Message[] = [];
  const reads: SettingName[] = [];
  const conclusion = await enter({
    read: (name) => (reads.push(name), given[name] ?? SETTING_DEFAULTS[name] ?? ''),
    naming: INPUT_NAMING,
    workspace: dir,
    secrets: keepSecrets(client.id, SECRET),
    write: (message) => void written.push(message),
    clock: fakeClock(),
    check,
    // The door decides from the settings the engine read: here, whether the test asks.
    checkCredentials: checkCredentials === undefined ? undefined : () => checkCredentials,
  });
  return { conclusion, written, reads };
}

const errorsOf = ({ conclusion }: Pick<Run, 'conclusion'>): string[] =>
  conclusion.messages.flatMap((m) => (m.level === 'error' ? [m.text] : []));
const warningOf = ({ written }: Run) =>
  written.find((m): m is Extract<Message, { level: 'warning' | 'error' }> => m.level === 'warning');
const publishing = (scopeString: string): void => void (provider.document = { globus_auth_scope: scopeString });
const mismatch = (
  published: string,
  allowed: string,
  strings: string[],
  expected: string,
  output = "the step's scope_string output",
): string =>
  `The provider at ${provider.url}/ publishes globus_auth_scope "${published}", which is not ${allowed} (${strings.join(', ')}). ` +
  `Deploy the provider with globus_auth_scope set to ${output}, "${expected}".`;

describe('what a run says before it asks', () => {
  test('a list names its scopes by suffix; a single scope is named by its name; a dry run says so', async () => {
    const list = await run(listed('a', 'b'), { dry_run: 'true' });
    expect(list.written[0]).toEqual({
      level: 'info',
      text: `Ensuring 2 scope(s) (a, b) for client ${client.id} at ${service.url} (dry run)`,
    });
    const one = await run(single('a'));
    expect(one.written[0]).toEqual({
      level: 'info',
      text: `Ensuring scope "Provider a" for client ${client.id} at ${service.url}`,
    });
  });

  test("a listed scope's warning points at that scope's line; the single form's at the file's", async () => {
    // Another client's scope, not advertised: the service shows it to its owner alone.
    const hidden = service.addScope({
      client: service.addClient().id,
      scope_string: 'https://elsewhere.example.org/scopes/hidden',
      advertised: false,
    });
    const dependsOnHidden = `    dependent_scopes:\n      - scope: ${hidden.id}\n`;
    const list = await run(`${listed('a')}${entry('b', '    ').replace('    name', '  - name')}${dependsOnHidden}`, {
      dry_run: 'true',
    });
    const warning = warningOf(list);
    expect(warning?.text).toMatch(
      new RegExp(`^b: dependent_scopes: no scope with id ${hidden.id} is visible to this client`),
    );
    expect(warning?.location).toEqual({ file: 'spec.yml', startLine: 11, startColumn: 16 });

    const one = await run(`${single('a')}dependent_scopes:\n  - scope: ${hidden.id}\n`, { dry_run: 'true' });
    expect(warningOf(one)?.location).toEqual({ file: 'spec.yml', startLine: 6, startColumn: 12 });
  });
});

describe('what the deployed provider may publish', () => {
  test("the list form: any listed scope's string, never an unlisted sibling's", async () => {
    const [a, b, other] = [own('a'), own('b'), own('other')];
    publishing(b.scope_string);
    const passed = await run(listed('a', 'b'), { provider_url: provider.url });
    expect([passed.conclusion.exitCode, errorsOf(passed)]).toEqual([0, []]);

    publishing(other.scope_string);
    const failed = await run(listed('a', 'b'), { provider_url: provider.url });
    expect([failed.conclusion.exitCode, errorsOf(failed)]).toEqual([
      1,
      [
        mismatch(
          other.scope_string,
          'the scope string of a listed scope',
          [a.scope_string, b.scope_string],
          a.scope_string,
        ),
      ],
    ]);
    expect(failed.conclusion.providers?.[0]?.allowed).toBe('the scope string of a listed scope');
  });

  test("provider_suffix: that scope's string or its FQDN variant's, never a sibling's", async () => {
    const [a, b, variant] = [own('a'), own('b'), own('b', variantOf('b'))];
    publishing(a.scope_string);
    const failed = await run(listed('a', 'b'), { provider_url: provider.url, provider_suffix: 'b' });
    // The scope_string output holds a's string: the fix names b's place in the scopes output.
    const output = `the scope_string of "b" in the step's scopes output`;
    expect([failed.conclusion.exitCode, errorsOf(failed)]).toEqual([
      1,
      [
        mismatch(
          a.scope_string,
          'the scope string of the scope b',
          [b.scope_string, variant.scope_string],
          b.scope_string,
          output,
        ),
      ],
    ]);
    expect(failed.conclusion.outputs?.scope_string).toBe(a.scope_string);
    // Every door's verdict says what the provider had to publish in the same words.
    expect(failed.conclusion.providers?.[0]?.allowed).toBe('the scope string of the scope b');

    // The first listed scope's string is the scope_string output's: the fix names that one.
    publishing(b.scope_string);
    const first = await run(listed('a', 'b'), { provider_url: provider.url, provider_suffix: 'a' });
    expect(errorsOf(first)).toEqual([
      mismatch(b.scope_string, 'the scope string of the scope a', [a.scope_string], a.scope_string),
    ]);

    publishing(variant.scope_string);
    const passed = await run(listed('a', 'b'), { provider_url: provider.url, provider_suffix: 'b' });
    expect([passed.conclusion.exitCode, errorsOf(passed)]).toEqual([0, []]);
  });

  test("the single form: any of the client's scope strings, unless provider_suffix names the spec's", async () => {
    const [main, other] = [own('main'), own('other')];
    publishing(other.scope_string);
    const any = await run(single('main'), { provider_url: provider.url });
    expect([any.conclusion.exitCode, errorsOf(any)]).toEqual([0, []]);
    expect(any.conclusion.providers?.[0]?.allowed).toBe('a scope string of this client');

    const named = await run(single('main'), { provider_url: provider.url, provider_suffix: 'main' });
    expect([named.conclusion.exitCode, errorsOf(named)]).toEqual([
      1,
      [mismatch(other.scope_string, 'the scope string of the scope main', [main.scope_string], main.scope_string)],
    ]);
  });

  test("verify: the client's scope with provider_suffix, else the client's scopes; no dry run, no spec read", async () => {
    const [a, b] = [own('a'), own('b')];
    publishing(a.scope_string);
    const named = await run(
      'not: [a spec',
      { provider_url: provider.url, provider_suffix: 'b' },
      { enter: verifyProvider },
    );
    expect([named.conclusion.exitCode, errorsOf(named)]).toEqual([
      1,
      [mismatch(a.scope_string, 'the scope string of the scope b', [b.scope_string], b.scope_string)],
    ]);
    expect(named.conclusion.outputs?.scope_string).toBe(b.scope_string);
    expect(named.conclusion.plan?.dryRun).toBe(false);

    const any = await run('not: [a spec', { provider_url: provider.url }, { enter: verifyProvider });
    expect([any.conclusion.exitCode, errorsOf(any)]).toEqual([0, []]);
  });

  test('verify: provider_suffix finds that scope as an FQDN variant when the client has no scope with its own string', async () => {
    const [a, variant] = [own('a'), own('b', variantOf('b'))];
    publishing(a.scope_string);
    const named = await run('', { provider_url: provider.url, provider_suffix: 'b' }, { enter: verifyProvider });
    expect(errorsOf(named)).toEqual([
      mismatch(a.scope_string, 'the scope string of the scope b', [variant.scope_string], variant.scope_string),
    ]);
    publishing(variant.scope_string);
    const passed = await run('', { provider_url: provider.url, provider_suffix: 'b' }, { enter: verifyProvider });
    expect([passed.conclusion.exitCode, passed.conclusion.outputs?.scope_string]).toEqual([0, variant.scope_string]);
  });

  test('verify: a provider_suffix the client has no scope of is an error that names its suffixes', async () => {
    own('a');
    own('b');
    const { conclusion } = await run(
      '',
      { provider_url: provider.url, provider_suffix: 'zzz' },
      { enter: verifyProvider },
    );
    expect(errorsOf({ conclusion })).toEqual([
      `Client ${client.id} has no scope with the suffix zzz (its scopes' suffixes: a, b): there is nothing of it for the provider to publish. Create it first: run the step without dry_run.`,
    ]);
    expect(provider.requests).toBe(0);
  });

  test('verify without provider_url: the problem, and no request', async () => {
    const { conclusion } = await run(single('a'), {}, { enter: verifyProvider });
    expect([conclusion.exitCode, conclusion.problems]).toEqual([
      1,
      [
        {
          field: 'provider_url',
          message: 'Input provider_url is empty: give the base address of the deployed provider to check',
        },
      ],
    ]);
    expect(service.apiCalls()).toEqual([]);
  });
});

describe('the settings and the spec, checked together before any request', () => {
  test('provider_suffix must name a scope of the spec, and needs provider_url', async () => {
    const unknown = await run(listed('a', 'b'), { provider_url: provider.url, provider_suffix: 'c' });
    expect(unknown.conclusion.problems).toEqual([
      {
        field: 'provider_suffix',
        message: 'Input provider_suffix names no scope of the spec: give one of a, b, or leave it out',
      },
    ]);
    // With the door's own check: every problem at once.
    const alone = await run(
      listed('a', 'b'),
      { provider_suffix: 'b' },
      { check: () => [{ field: 'dotenv', message: 'too long' }] },
    );
    expect(alone.conclusion.problems).toEqual([
      {
        field: 'provider_suffix',
        message:
          'Input provider_suffix is given without provider_url: it names the scope the provider there must publish',
      },
      { field: 'dotenv', message: 'too long' },
    ]);
    expect([unknown.conclusion.exitCode, alone.conclusion.exitCode, service.apiCalls(), provider.requests]).toEqual([
      1,
      1,
      [],
      0,
    ]);
  });

  test("a door's own check sees the valid spec and the strings its suffixes make; its problems stop the run", async () => {
    const seen: string[] = [];
    const check: RunPort['check'] = (spec, scopeStringFor) => {
      seen.push(...spec.scopes.map((s) => scopeStringFor(s.scope_suffix)));
      return [{ field: 'dotenv', message: 'too long' }];
    };
    const refused = await run(listed('a', 'b'), {}, { check });
    expect([refused.conclusion.exitCode, refused.conclusion.problems, seen]).toEqual([
      1,
      [{ field: 'dotenv', message: 'too long' }],
      [stringOf('a'), stringOf('b')],
    ]);
    expect(service.apiCalls()).toEqual([]);

    const passed = await run(listed('a', 'b'), { dry_run: 'true' }, { check: () => [] });
    expect(passed.conclusion.exitCode).toBe(0);
    expect(passed.conclusion.outputs?.scope_string).toBe(stringOf('a'));
  });

  test('a sibling neither listed nor on the client: a problem of the spec at its line, with the near miss, known what the run was for; nothing written', async () => {
    own('copy_data');
    const spec = `${listed('move_data')}    dependent_scopes:\n      - scope_suffix: copy_dta\n`;
    const { conclusion } = await run(spec);
    expect(conclusion.problems).toEqual([
      {
        field: 'scopes[0].dependent_scopes[0].scope_suffix',
        message: expect.stringMatching(
          /^spec\.yml: scopes\[0\]\.dependent_scopes\[0\]\.scope_suffix "copy_dta": the client has no scope with this suffix, and the spec lists none \(did you mean copy_data\?\)\. /,
        ),
        location: { file: 'spec.yml', startLine: 7, startColumn: 23 },
      },
    ]);
    expect(conclusion.messages.filter((m) => m.level === 'error')).toEqual([
      { level: 'error', text: conclusion.problems?.[0]?.message, location: conclusion.problems?.[0]?.location },
    ]);
    expect([conclusion.exitCode, conclusion.known?.clientId]).toEqual([1, client.id]);
    expect(service.apiCalls().filter((c) => !c.startsWith('GET'))).toEqual([]);
  });

  test('a spec problem and a settings problem are reported together', async () => {
    const { conclusion } = await run(
      'scopes: []\n',
      { timeout_seconds: 'soon' },
      { check: () => [{ field: 'dotenv', message: 'never asked' }] },
    );
    expect(conclusion.problems?.map((p) => p.field)).toEqual(['timeout_seconds', 'scopes']);
    expect(service.apiCalls()).toEqual([]);
  });
});

describe('what a failed run knew', () => {
  test("a failure past validation: the client, and every listed scope's string as the spec gives it, in the spec's order", async () => {
    // The client's inspection fails: the run knew no more than its settings and the spec.
    const refuse = (): void => service.inject({ method: 'GET', path: `/v2/api/clients/${client.id}`, status: 400 });
    refuse();
    const failed = await run(listed('b', 'a', 'c'));
    expect([failed.conclusion.exitCode, failed.conclusion.plan, failed.conclusion.known]).toEqual([
      1,
      undefined,
      { clientId: client.id, scopes: ['b', 'a', 'c'].map((suffix) => ({ suffix, scopeString: stringOf(suffix) })) },
    ]);
    refuse();
    expect((await run(single('a'))).conclusion.known).toEqual({
      clientId: client.id,
      scopes: [{ suffix: 'a', scopeString: stringOf('a') }],
    });
  });
});

describe('several providers, one verdict each', () => {
  let second: ProviderStub;
  beforeEach(async () => {
    second = new ProviderStub();
    await second.start();
  });
  afterEach(() => second.stop());

  test("each against its own listed scope: one publishing it, one another's; a verdict each, in the order given, and one error", async () => {
    const [a, b, c] = [own('a'), own('b'), own('c')];
    publishing(a.scope_string);
    second.document = { globus_auth_scope: c.scope_string };
    const both = await run(listed('a', 'b', 'c'), { provider_url: `a=${provider.url}\nb=${second.url}/` });
    expect(both.conclusion.exitCode).toBe(1);
    expect(both.conclusion.providers).toEqual([
      {
        suffix: 'a',
        url: `${provider.url}/`,
        read: true,
        key: 'globus_auth_scope',
        published: a.scope_string,
        matches: true,
        allowed: 'the scope string of the scope a',
      },
      {
        suffix: 'b',
        url: `${second.url}/`,
        read: true,
        key: 'globus_auth_scope',
        published: c.scope_string,
        matches: false,
        allowed: 'the scope string of the scope b',
      },
    ]);
    expect(both.conclusion.messages).toContainEqual({
      level: 'info',
      text: `The provider at ${provider.url}/ publishes ${a.scope_string} (globus_auth_scope)`,
    });
    expect(errorsOf(both)).toEqual([
      `The provider at ${second.url}/ publishes globus_auth_scope "${c.scope_string}", which is not the scope string of the scope b (${b.scope_string}). ` +
        `Deploy the provider with globus_auth_scope set to the scope_string of "b" in the step's scopes output, "${b.scope_string}".`,
    ]);
    expect([provider.requests, second.requests]).toEqual([1, 1]);
    // The outputs and the plan are the registration's, whichever provider failed.
    expect(both.conclusion.outputs?.scope_string).toBe(a.scope_string);

    second.document = { globus_auth_scope: b.scope_string };
    const passed = await run(listed('a', 'b', 'c'), { provider_url: `a=${provider.url}\nb=${second.url}` });
    expect([passed.conclusion.exitCode, errorsOf(passed), passed.conclusion.providers?.map((p) => p.matches)]).toEqual([
      0,
      [],
      [true, true],
    ]);
  });

  test('one provider unreadable: its verdict says so, its error says why, and the other is still checked', async () => {
    const [a, b] = [own('a'), own('b')];
    publishing(a.scope_string);
    second.status = 404;
    const failed = await run(listed('a', 'b'), { provider_url: `b=${second.url}\na=${provider.url}` });
    expect(failed.conclusion.exitCode).toBe(1);
    expect(
      failed.conclusion.providers?.map(({ suffix, read, matches, published }) => [suffix, read, matches, published]),
    ).toEqual([
      ['b', false, false, undefined],
      ['a', true, true, a.scope_string],
    ]);
    expect(failed.conclusion.providers?.[0]?.url).toBe(`${second.url}/`);
    expect(errorsOf(failed)).toEqual([
      expect.stringMatching(/^Provider introspection \(GET http:\/\/127\.0\.0\.1:\d+\/\) failed with HTTP 404/),
    ]);
    expect(b.scope_string).toBe(stringOf('b'));
  });

  test('a line that names no scope of the spec, or provider_suffix beside named lines: each a problem, and no request', async () => {
    const unknown = await run(listed('a', 'b'), {
      provider_url: `a=${provider.url}\nzz=${second.url}`,
      provider_suffix: 'a',
    });
    expect(unknown.conclusion.problems).toEqual([
      {
        field: 'provider_suffix',
        message:
          'Input provider_suffix is given with provider_url lines that name their scopes (<suffix>=<url>): leave it out, or give provider_url one address',
      },
      {
        field: 'provider_url',
        message: 'Line 2 of input provider_url names no scope of the spec: give one of a, b before its =',
      },
    ]);
    expect([service.apiCalls(), provider.requests, second.requests]).toEqual([[], 0, 0]);
  });

  test("verify: each provider against its suffix's scope of the client, the outputs the first's", async () => {
    const [a, b] = [own('a'), own('b')];
    publishing(b.scope_string);
    second.document = { globus_auth_scope: a.scope_string };
    const swapped = await run('', { provider_url: `b=${provider.url}\na=${second.url}` }, { enter: verifyProvider });
    expect([swapped.conclusion.exitCode, errorsOf(swapped)]).toEqual([0, []]);
    expect(swapped.conclusion.providers?.map((p) => [p.suffix, p.matches, p.allowed])).toEqual([
      ['b', true, 'the scope string of the scope b'],
      ['a', true, 'the scope string of the scope a'],
    ]);
    expect(swapped.conclusion.outputs?.scope_string).toBe(b.scope_string);
    expect(swapped.conclusion.onDrift).toBeUndefined();
    expect(swapped.written[0]?.text).toBe(
      `Checking the provider at ${provider.url}, ${second.url} against the scopes of client ${client.id} at ${service.url}`,
    );

    const crossed = await run('', { provider_url: `a=${provider.url}\nb=${second.url}` }, { enter: verifyProvider });
    expect(crossed.conclusion.providers?.map((p) => p.matches)).toEqual([false, false]);

    const refused = await run(
      '',
      { provider_url: `a=${provider.url}`, provider_suffix: 'b' },
      { enter: verifyProvider },
    );
    expect(refused.conclusion.problems?.map((p) => p.field)).toEqual(['provider_suffix']);
  });

  test('a plan or an apply says the on_drift it ran with', async () => {
    own('a');
    const planned = await run(listed('a'), { on_drift: 'update', dry_run: 'true' });
    expect(planned.conclusion.onDrift).toBe('update');
    const applied = await run(listed('a'));
    expect(applied.conclusion.onDrift).toBe('warn');
  });
});

test('each setting read from the door once, however often the run needs it', async () => {
  own('a');
  for (const enter of [ensureProviderScope, verifyProvider]) {
    const { reads } = await run(single('a'), {}, { enter });
    expect(reads.filter((name, i) => reads.indexOf(name) !== i)).toEqual([]);
    expect(reads).toEqual(expect.arrayContaining(['client_id', 'client_secret', 'spec']));
  }
});

describe("a watch's look at the client's credentials", () => {
  const listings = () => service.apiCalls().filter((c) => c === `GET /v2/api/clients/${client.id}/credentials`);

  test("asked for: one listing, judged against the policy the spec sets; the exit code the run's own", async () => {
    own('a');
    const portal = client.credentials[0];
    // The run's clock starts at the epoch (fakeClock): 122 and 92 days before it.
    if (portal !== undefined) portal.created = '1969-09-01T00:00:00.000000+00:00';
    const hand = service.addCredential(client.id, { name: 'made by hand' });
    hand.created = '1969-10-01T00:00:00.000000+00:00';
    const r = await run(`${single('a')}credentials:\n  max_age_days: 30\n`, {}, { checkCredentials: true });
    expect(r.conclusion.exitCode).toBe(0);
    expect(listings()).toHaveLength(1);
    expect(r.conclusion.credentials).toEqual({
      read: true,
      maxAgeDays: 30,
      findings: [
        // The youngest that may be in use, the one made by hand.
        { kind: 'old secret', credential: expect.objectContaining({ id: hand.id }), ageDays: 92, maxAgeDays: 30 },
        { kind: 'not made by this tool', credential: expect.objectContaining({ id: hand.id }) },
      ],
    });
    // Each finding one line of the log, the credential by its name, id and creation.
    const named = `"made by hand" (id ${hand.id}, created ${hand.created})`;
    expect(
      r.conclusion.messages
        .filter((m) => m.text.startsWith("The client's credentials"))
        .map((m) => m.level + ' ' + m.text),
    ).toEqual([
      `info The client's credentials: the secret in use is older than 30 days; the youngest credential that may be the one in use, ${named}, is 92 days old.`,
      `info The client's credentials: ${named} was not made by this tool, and is not the client's first.`,
    ]);
  });

  test('not asked for (a release, a plan): no listing, nothing on the conclusion', async () => {
    own('a');
    const r = await run(`${single('a')}credentials:\n  max_age_days: 30\n`);
    expect(listings()).toEqual([]);
    expect('credentials' in r.conclusion).toBe(false);
  });

  test.each([
    ['basic', 403, / use auth: token\.$/],
    ['token', 403, /HTTP 403[^]*checked: .*[^.]$|HTTP 403/],
    ['basic', 503, /HTTP 503/],
  ] as const)('a listing refused under auth: %s (%s) is a warning, not a finding', async (auth, status, said) => {
    own('a');
    service.inject({ method: 'GET', path: /\/credentials$/, status, times: 10 });
    const r = await run(single('a'), { auth }, { checkCredentials: true });
    expect(r.conclusion.exitCode).toBe(0);
    expect(r.conclusion.credentials).toEqual({ read: false, warning: expect.stringMatching(said) });
    const warnings = r.conclusion.messages.filter((m) => m.level === 'warning').map((m) => m.text);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^The client's credentials could not be read, so their age and who made them were not checked: /,
      ),
    ]);
    // The hint to use a token only where a token may help: a 403 under basic.
    expect(warnings[0]?.includes('auth: token')).toBe(auth === 'basic' && status === 403);
  });
});
