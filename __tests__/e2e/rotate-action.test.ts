/**
 * The rotation action as the runner runs it: dist/rotate/index.js as a process, with
 * rotate/action.yml's defaults (dev/runner.ts), against the embedded service and the fake
 * GitHub API on 127.0.0.1. The sealed secrets are opened with the fake's private keys; every
 * channel is searched for every form of the old and the new secret and of the token.
 */
import { afterEach, beforeEach, expect, test } from '@jest/globals';
import sodium from 'libsodium-wrappers';
import { EmbeddedAuthService, type ClientRecord } from '../../dev/auth-service.ts';
import { FakeGitHubApi, WORKFLOW_BOT } from '../../dev/github-api.ts';
import { runAction, type ActionRun } from '../../dev/runner.ts';
import { secretForms } from '../../src/engine/secrets.ts';

const REPO = 'octo/provider';
const PORTAL_SECRET = 'e2e-portal-secret-of-rotation-77';
const APP_TOKEN = 'ghs_e2e_app_token_that_writes_secrets';
const WORKFLOW_TOKEN = 'ghs_e2e_the_workflows_token';

let service: EmbeddedAuthService;
let github: FakeGitHubApi;
let client: ClientRecord;
beforeEach(async () => {
  service = new EmbeddedAuthService();
  await service.start();
  client = service.addClient({ secret: PORTAL_SECRET });
  github = new FakeGitHubApi();
  await github.start();
  github.grant(APP_TOKEN, {
    user: { login: 'rotator[bot]', id: 7, type: 'Bot' },
    secrets: 'write',
    environments: 'write',
  });
  github.grant(WORKFLOW_TOKEN, { user: WORKFLOW_BOT, readUser: false });
  for (const environment of ['release', 'scope-watch', 'scope-review']) github.addEnvironment(REPO, environment);
});
afterEach(async () => {
  await Promise.all([service.stop(), github.stop()]);
});

const rotate = (inputs: Record<string, string>, secret = PORTAL_SECRET): Promise<ActionRun> =>
  runAction({
    action: 'rotate',
    inputs: { client_id: client.id, client_secret: secret, auth_url: service.url, github_token: APP_TOKEN, ...inputs },
    env: { GITHUB_API_URL: github.url },
  });

async function opened(environment?: string): Promise<string | undefined> {
  await sodium.ready;
  const stored = github.sealedSecret(REPO, 'PROVIDER_CLIENT_SECRET', environment);
  if (stored === undefined) return undefined;
  const { ORIGINAL } = sodium.base64_variants;
  return sodium.to_string(
    sodium.crypto_box_seal_open(
      sodium.from_base64(stored.encrypted_value, ORIGINAL),
      sodium.from_base64(stored.pair.key, ORIGINAL),
      sodium.from_base64(stored.pair.privateKey, ORIGINAL),
    ),
  );
}

/**
 * Every credential of the client made `hours` earlier, in the service's own form, their order
 * kept: under retire: later, one of the tool's made in the last hour may be another rotation's
 * in flight, and is kept.
 */
function age(hours: number): void {
  for (const c of client.credentials)
    c.created = `${new Date(Date.parse(c.created) - hours * 3_600_000).toISOString().slice(0, 19)}${c.created.slice(19)}`;
}

/** Every form of each value is in no channel but `::add-mask::` lines, and is masked there. */
function expectOnlyMasked(run: ActionRun, values: readonly string[]): void {
  const lines = run.stdout.split('\n');
  const masks = new Set(lines.filter((l) => l.startsWith('::add-mask::')).map((l) => l.slice('::add-mask::'.length)));
  const open = [
    ...lines.filter((l) => !l.startsWith('::add-mask::')),
    run.stderr,
    run.summary,
    ...Object.values(run.outputs),
    ...Object.values(run.leftFiles),
  ].join('\n');
  for (const value of values) {
    expect(masks.has(value)).toBe(true);
    for (const form of secretForms(client.id, value))
      expect({ form, found: open.includes(form) }).toEqual({ form, found: false });
  }
}

test('a first rotation into three environments: each sealed secret opens to the new one, the portal credential left, outputs set, no secret in the open', async () => {
  const run = await rotate({ environments: 'release\nscope-watch\nscope-review' });
  expect(run.exitCode).toBe(0);
  const made = client.credentials[1];
  for (const environment of ['release', 'scope-watch', 'scope-review'])
    expect(await opened(environment)).toBe(made?.secret);
  expect(run.outputs).toEqual({ credential_id: made?.id, retired: '[]' });
  expect(run.stdout).toContain('Left beside the new credential: "Created in the developer portal"');
  expectOnlyMasked(run, [PORTAL_SECRET, made?.secret ?? '', APP_TOKEN]);
});

test("a third rotation, an hour later, retires this tool's older one and keeps the one in use; retire: now and retire_id leave the new one alone", async () => {
  const one = await rotate({});
  const two = await rotate({}, (await opened()) ?? '');
  const [, first, second] = client.credentials;
  // Within the hour the tool's older one stays: it may be another rotation's in flight.
  expect(two.outputs.retired).toBe('[]');
  age(2);
  const three = await rotate({}, (await opened()) ?? '');
  expect([one.exitCode, two.exitCode, three.exitCode]).toEqual([0, 0, 0]);
  expect(three.outputs.retired).toBe(JSON.stringify([first?.id]));
  expect(client.credentials.map((c) => c.id)).toEqual([
    client.credentials[0]?.id,
    second?.id,
    three.outputs.credential_id,
  ]);
  expect(three.summary).toMatch(/^### Secret rotated: the new credential is stored in every destination, 1 retired\n/);
  const portal = client.credentials[0]?.id ?? '';
  const now = await rotate({ retire: 'now', retire_id: portal }, (await opened()) ?? '');
  expect(now.exitCode).toBe(0);
  expect(client.credentials.map((c) => c.secret)).toEqual([await opened()]);
  expectOnlyMasked(now, [(await opened()) ?? '']);
});

test("the workflow's own token: a 403 that names an App's or a fine-grained token and the Secrets permission; nothing created", async () => {
  const run = await rotate({ github_token: WORKFLOW_TOKEN, environments: 'release' });
  expect(run.exitCode).toBe(1);
  expect(client.credentials).toHaveLength(1);
  expect(run.stdout).toMatch(
    /::error::the secret PROVIDER_CLIENT_SECRET of the environment release of octo\/provider cannot be written: GitHub refused .*HTTP 403.*no permissions: line gives it one: give github_token a GitHub App's token \(actions\/create-github-app-token\) or a fine-grained personal access token with the "Secrets" and "Environments" repository permissions \(write\)\./,
  );
  expect(run.outputs).toEqual({});
  expect(github.calls().filter((c) => c.startsWith('PUT'))).toEqual([]);
  expect(await opened('release')).toBeUndefined();
  expectOnlyMasked(run, [PORTAL_SECRET, WORKFLOW_TOKEN]);
});
