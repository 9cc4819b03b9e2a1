/**
 * One table of failure cases, run through both doors in process against the embedded service
 * on 127.0.0.1: the action's run() with a recording runner, and the command line's main().
 * Each door says each problem once, and in its own words: no workflow words (inputs, steps,
 * the job summary, snake_case settings) on the terminal, no flag or variable in a workflow.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { EmbeddedAuthService, type ClientRecord } from '../../dev/auth-service.ts';
import { ProviderStub } from '../../dev/provider-stub.ts';
import { CLI_SETTINGS } from '../../src/cli/options.ts';
import type { SettingName } from '../../src/engine/settings/settings.ts';
import { run } from '../../src/github/action.ts';
import { CliWorkspace } from '../support/cli-world.ts';
import { fakeClock } from '../support/clock.ts';
import { RecordingRunner } from '../support/recording-core.ts';

const SECRET = 'door-words-secret-7c1e';
const SPEC_FILE = '.github/provider-scope.yml';
const SPEC = 'name: Example Action Provider\ndescription: Runs example actions\nadvertised: true\n';

interface World {
  service: EmbeddedAuthService;
  provider: ProviderStub;
  client: ClientRecord;
  scopeString: string;
}

interface Case {
  name: string;
  /** The settings by the engine's names, over the defaults; the spec file's text, or none. */
  arrange(world: World): { settings?: Partial<Record<SettingName, string>>; spec?: string | null };
  /** What says the problem, in either door: it must be said exactly once. */
  said: RegExp;
  /** What only the action says, and what only the command line says. */
  action: RegExp;
  cli: RegExp;
}

const addOwnScope = ({ service, client, scopeString }: World, changes: Record<string, unknown> = {}) =>
  service.addScope({
    client: client.id,
    scope_string: scopeString,
    name: 'Example Action Provider',
    description: 'Runs example actions',
    advertised: true,
    ...changes,
  });

const CASES: Case[] = [
  {
    name: 'a wrong secret',
    arrange: () => ({ settings: { client_secret: 'not-the-secret-at-all' } }),
    said: /the credentials were rejected/,
    action: /client_id must be the app's Client ID and client_secret one of its current secrets/,
    cli: /PROVIDER_CLIENT_ID must be the app's Client ID and PROVIDER_CLIENT_SECRET one of its current secrets/,
  },
  {
    name: 'a missing spec',
    arrange: () => ({ spec: null }),
    said: /was not found in the/,
    action: /not found in the workspace .* Check out the repository first \(actions\/checkout\)/,
    cli: /not found in the current directory .* Check the path: --spec \(or PROVIDER_SPEC\) is read from the current directory\./,
  },
  {
    name: 'a spec outside the folder',
    arrange: () => ({ settings: { spec: '../outside.yml' } }),
    said: /is outside the/,
    action: /is outside the workspace \(after its links are followed\): Input spec must name a file inside it\./,
    cli: /is outside the current directory \(after its links are followed\): PROVIDER_SPEC must name a file inside it\./,
  },
  {
    name: 'an unreachable service',
    // Port 1 on loopback: nothing listens there; each try is refused at once.
    arrange: () => ({ settings: { auth_url: 'http://127.0.0.1:1' } }),
    said: /connection refused\).*\(gave up after 5 attempts\)/,
    action: /check auth_url \(gave up/,
    cli: /check PROVIDER_AUTH_URL \(gave up/,
  },
  {
    name: 'a refused token',
    arrange: ({ service, client }) => (service.refuseClientCredentials(client.id), { settings: { auth: 'token' } }),
    said: /the service refused the client credentials grant/,
    action: /client_secret is one of its current secrets, or use auth: basic/,
    cli: /PROVIDER_CLIENT_SECRET is one of its current secrets, or use PROVIDER_AUTH=basic/,
  },
  {
    name: 'a provider that publishes another scope',
    arrange: (world) => {
      addOwnScope(world);
      world.provider.document = { globus_auth_scope: 'https://auth.globus.org/scopes/other/action_all' };
      return { settings: { provider_url: world.provider.url } };
    },
    said: /which is not a scope string of this client/,
    action: /set to the step's scope_string output/,
    cli: /set to the scope_string that plan and apply print/,
  },
  {
    name: 'drift',
    arrange: (world) => (addOwnScope(world, { description: 'Old words' }), { settings: { on_drift: 'fail' } }),
    said: /The client's scope differs from the spec in description/,
    action: /apply the spec to the scope with on_drift: update\./,
    cli: /apply the spec to the scope with PROVIDER_ON_DRIFT=update\./,
  },
  {
    name: 'a changed suffix',
    arrange: (world) => (
      addOwnScope(world),
      { settings: { on_drift: 'update' }, spec: `${SPEC}scope_suffix: read_only\n` }
    ),
    said: /an update cannot change it/,
    action: /Set scope_suffix back to "action_all" in the spec/,
    cli: /Set scope_suffix back to "action_all" in the spec/,
  },
  {
    name: 'an answer lost, then a conflict with no scope to show',
    arrange: ({ service }) => {
      service.inject({ method: 'POST', status: 409, body: '{}' });
      return {};
    },
    said: /Yet the client inspection that followed lists no scope/,
    action: /Run the step again: it adopts the scope/,
    cli: /Run the command again: it adopts the scope/,
  },
];

// Words only a workflow has: on a terminal they point at nothing the user can set.
const WORKFLOW_WORDS =
  /\b(inputs?|steps?|workflows?|job summary|actions\/checkout)\b|\b(client_id|client_secret|auth_url|timeout_seconds|on_drift|dry_run|provider_url)\b|\b(auth|on_drift|dry_run): /i;
// Words only a terminal has: a flag or an environment variable of the command line.
const TERMINAL_WORDS = /(^|[\s("'])--[a-z]|\bPROVIDER_[A-Z_]+\b/;

let world: World;
const workspace = new CliWorkspace();

beforeEach(async () => {
  const service = new EmbeddedAuthService();
  const provider = new ProviderStub();
  await Promise.all([service.start(), provider.start()]);
  const client = service.addClient({ secret: SECRET });
  world = { service, provider, client, scopeString: `${service.url}/scopes/${client.id}/action_all` };
});
afterEach(async () => {
  await Promise.all([world.service.stop(), world.provider.stop()]);
  await workspace.remove();
});

/** The settings of a case, with the client's and the defaults the action's inputs have. */
function settingsOf(kase: Case): { settings: Record<string, string>; spec: string | null } {
  const { settings = {}, spec = SPEC } = kase.arrange(world);
  const base = {
    client_id: world.client.id,
    client_secret: SECRET,
    auth_url: world.service.url,
    spec: SPEC_FILE,
    timeout_seconds: '30',
    on_drift: 'warn',
    dry_run: 'false',
    auth: 'basic',
    provider_url: '',
  };
  return { settings: { ...base, ...settings }, spec };
}

/** The action's run: everything it wrote to the log and as annotations, in order. */
async function actionSays(settings: Record<string, string>): Promise<{ text: string; exitCode: number | undefined }> {
  const runner = new RecordingRunner(settings);
  await run(runner.collaborators({ workspace: workspace.dir, clock: fakeClock() }));
  const text = runner.calls
    .flatMap((c) => (c.call === 'setSecret' || c.call === 'setOutput' ? [] : ['value' in c ? c.value : c.message]))
    .join('\n');
  return { text, exitCode: runner.exitCode };
}

/** The command line's apply with the same settings, from its environment (so its messages name the variables): stdout and stderr. */
async function cliSays(settings: Record<string, string>): Promise<{ text: string; exitCode: number }> {
  const env: Record<string, string> = { PROVIDER_CLIENT_SECRET: settings.client_secret ?? '' };
  for (const { setting, env: name } of CLI_SETTINGS)
    if (settings[setting] !== undefined && setting !== 'client_secret') env[name] = settings[setting];
  const result = await workspace.run(['apply'], env);
  return { text: `${result.stdout}\n${result.stderr}`, exitCode: result.exitCode };
}

const count = (text: string, pattern: RegExp): number => text.split('\n').filter((line) => pattern.test(line)).length;

describe.each(CASES)('$name', (kase) => {
  test("the action: said once, in a workflow's words; exit 1", async () => {
    const { settings, spec } = settingsOf(kase);
    await workspace.create(spec === null ? {} : { [SPEC_FILE]: spec });
    const { text, exitCode } = await actionSays(settings);
    expect(exitCode).toBe(1);
    expect({ said: count(text, kase.said) }).toEqual({ said: 1 });
    expect(text).toMatch(kase.action);
    expect(text.split('\n').filter((line) => TERMINAL_WORDS.test(line))).toEqual([]);
  });

  test("the command line: said once, in a terminal's words; exit 1", async () => {
    const { settings, spec } = settingsOf(kase);
    await workspace.create(spec === null ? {} : { [SPEC_FILE]: spec });
    const { text, exitCode } = await cliSays(settings);
    expect(exitCode).toBe(1);
    expect({ said: count(text, kase.said) }).toEqual({ said: 1 });
    expect(text).toMatch(kase.cli);
    expect(text.split('\n').filter((line) => WORKFLOW_WORDS.test(line))).toEqual([]);
  });
});
