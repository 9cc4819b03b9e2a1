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
  expect(three.summary).toMatch(
    /^### Secret rotated: the new credential <code>[-0-9a-f]{36}<\/code> is stored in every destination, 1 retired\n/,
  );
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

const errorLines = (run: ActionRun) => run.stdout.split('\n').filter((l) => l.startsWith('::error::'));
const ENVIRONMENTS = 'release\nscope-watch\nscope-review';

describe('faults, each leaving a state a person can trust', () => {
  test("the creation's answer lost: found by its name, deleted, one more made and stored; lost twice: nothing made, nothing stored", async () => {
    service.inject({ method: 'POST', path: /credentials$/, loseAnswer: true });
    const once = await rotate({ environments: 'release' });
    expect(once.exitCode).toBe(0);
    expect(client.credentials).toHaveLength(2);
    const made = client.credentials[1];
    expect(await opened('release')).toBe(made?.secret);
    expect(service.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
    expect(once.outputs).toEqual({ credential_id: made?.id, retired: '[]' });
    expectOnlyMasked(once, [PORTAL_SECRET, made?.secret ?? '', APP_TOKEN]);

    service.inject({ method: 'POST', path: /credentials$/, loseAnswer: true, times: 2 });
    const twice = await rotate({ environments: 'release' }, made?.secret);
    expect(twice.exitCode).toBe(1);
    expect(client.credentials.map((c) => c.id)).toEqual([client.credentials[0]?.id, made?.id]);
    expect(await opened('release')).toBe(made?.secret);
    expect(twice.outputs).toEqual({});
    expect(errorLines(twice)).toEqual([
      expect.stringMatching(/was lost twice .*Nothing was stored: the current secret is unchanged everywhere\./),
    ]);
    expectOnlyMasked(twice, [made?.secret ?? '', APP_TOKEN]);
  });

  test('a destination that cannot be written: found before anything is made, every public key read first', async () => {
    const run = await rotate({ environments: 'release\nnowhere' });
    expect(run.exitCode).toBe(1);
    expect(client.credentials).toHaveLength(1);
    expect(service.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(github.calls()).toEqual([
      'GET /repos/octo/provider/environments/release/secrets/public-key',
      'GET /repos/octo/provider/environments/nowhere/secrets/public-key',
    ]);
    expect(errorLines(run)).toEqual([
      expect.stringMatching(
        /^::error::the secret PROVIDER_CLIENT_SECRET of the environment nowhere of octo\/provider cannot be written: GitHub has no environment nowhere/,
      ),
      '::error::Nothing was created: the current secret is unchanged everywhere.',
    ]);
    expectOnlyMasked(run, [PORTAL_SECRET, APP_TOKEN]);
  });

  test('GitHub failing for a moment (a 503 on a public key, a PUT reset): each tried again, the rotation goes through', async () => {
    github.fail({ method: 'GET', path: /release\/secrets\/public-key$/, status: 503 });
    github.fail({ method: 'PUT', path: /release\/secrets\/PROVIDER_CLIENT_SECRET$/, reset: true });
    const run = await rotate({ environments: 'release' });
    expect(run.exitCode).toBe(0);
    expect(await opened('release')).toBe(client.credentials[1]?.secret);
    expect(run.stdout).toMatch(/answered HTTP 503: .*Attempt 1 of 5 failed; trying again in/);
    expectOnlyMasked(run, [PORTAL_SECRET, client.credentials[1]?.secret ?? '', APP_TOKEN]);
  });

  test('the first store fails (GitHub answers 500 to every try): the new credential deleted, every environment unchanged', async () => {
    github.fail({ method: 'PUT', path: /release\/secrets\/PROVIDER_CLIENT_SECRET$/, status: 500, times: 5 });
    const run = await rotate({ environments: ENVIRONMENTS });
    expect(run.exitCode).toBe(1);
    expect(client.credentials.map((c) => c.secret)).toEqual([PORTAL_SECRET]);
    for (const environment of ['release', 'scope-watch', 'scope-review'])
      expect(await opened(environment)).toBeUndefined();
    expect(errorLines(run)).toEqual([
      expect.stringMatching(
        /^::error::Could not store the new secret in the secret PROVIDER_CLIENT_SECRET of the environment release of octo\/provider: .*HTTP 500: .*\(gave up after 5 attempts\)$/,
      ),
      expect.stringMatching(
        /^::error::The new credential ".*" \(id .*\) was deleted\. Every destination still holds the current secret\.$/,
      ),
    ]);
    expect(run.outputs).toEqual({});
    expectOnlyMasked(run, [PORTAL_SECRET, APP_TOKEN]);
  });

  test('a later store fails: the new credential kept, nothing retired, each environment and its secret named; a second run completes it', async () => {
    const first = await rotate({ environments: ENVIRONMENTS });
    const a = client.credentials[1];
    github.fail({ method: 'PUT', path: /scope-watch\/secrets\/PROVIDER_CLIENT_SECRET$/, status: 403 });
    const second = await rotate({ environments: ENVIRONMENTS }, a?.secret);
    expect([first.exitCode, second.exitCode]).toEqual([0, 1]);
    const b = client.credentials[2];
    // Both secrets work; nothing retired.
    expect(client.credentials.map((c) => c.secret)).toEqual([PORTAL_SECRET, a?.secret, b?.secret]);
    expect([await opened('release'), await opened('scope-watch'), await opened('scope-review')]).toEqual([
      b?.secret,
      a?.secret,
      a?.secret,
    ]);
    // Past a store, the outputs are set all the same.
    expect(second.outputs).toEqual({ credential_id: b?.id, retired: '[]' });
    const where = (environment: string) =>
      `the secret PROVIDER_CLIENT_SECRET of the environment ${environment} of octo/provider`;
    expect(errorLines(second)).toEqual([
      expect.stringMatching(
        `^::error::Could not store the new secret in ${where('scope-watch')}: GitHub refused .*HTTP 403`,
      ),
      `::error::The new credential "${b?.name}" (id ${b?.id}, created ${b?.created}) is kept and both secrets work; nothing was retired. ` +
        `Now ${where('release')} holds the new secret, and ${where('scope-watch')}, ${where('scope-review')} still hold the current one. ` +
        'Fix what is named, then run the step again to rotate again and complete it.',
    ]);
    expectOnlyMasked(second, [a?.secret ?? '', b?.secret ?? '', APP_TOKEN]);

    age(2);
    const third = await rotate({ environments: ENVIRONMENTS }, b?.secret);
    expect(third.exitCode).toBe(0);
    const c = client.credentials.at(-1);
    expect([await opened('release'), await opened('scope-watch'), await opened('scope-review')]).toEqual([
      c?.secret,
      c?.secret,
      c?.secret,
    ]);
    // retire: later keeps the one in use (b, whose secret the run held) and, an hour on, retires a.
    expect(third.outputs.retired).toBe(JSON.stringify([a?.id]));
    expect(client.credentials.map((x) => x.id)).toEqual([client.credentials[0]?.id, b?.id, c?.id]);
  });

  test('a retirement that fails: exit 1 after storing, the credential to delete by hand named', async () => {
    const portal = client.credentials[0];
    service.inject({ method: 'DELETE', status: 403 });
    const run = await rotate({ environments: 'release', retire_id: portal?.id ?? '' });
    expect(run.exitCode).toBe(1);
    const made = client.credentials[1];
    expect(client.credentials.map((c) => c.id)).toEqual([portal?.id, made?.id]);
    expect(await opened('release')).toBe(made?.secret);
    expect(run.outputs).toEqual({ credential_id: made?.id, retired: '[]' });
    const [error, ...more] = errorLines(run);
    expect(more).toEqual([]);
    expect(error).toContain(
      `::error::Could not retire the credential "Created in the developer portal" (id ${portal?.id}, created ${portal?.created}): `,
    );
    expect(error).toMatch(/HTTP 403.*\. Delete it by hand in the developer portal\.$/);
    expectOnlyMasked(run, [PORTAL_SECRET, made?.secret ?? '', APP_TOKEN]);
  });

  test('the current secret rejected (401): nothing created, GitHub not even asked, the portal steps', async () => {
    const run = await rotate({ environments: 'release' }, 'a-secret-deleted-in-the-portal');
    expect(run.exitCode).toBe(1);
    expect(client.credentials.map((c) => c.secret)).toEqual([PORTAL_SECRET]);
    expect(github.calls()).toEqual([]);
    expect(errorLines(run)).toEqual([
      expect.stringMatching(
        /HTTP 401.* Nothing was created\. A rotation needs a secret that works: a secret deleted in the developer portal can only be replaced there\. Open the app in the developer portal, generate a new secret, store it where the deployed provider and client_secret read it, deploy, then rotate from there \(docs\/rotation\.md\)\.$/,
      ),
    ]);
    expectOnlyMasked(run, ['a-secret-deleted-in-the-portal', APP_TOKEN]);
  });

  test('a 403 on the credential calls under auth: basic names auth: token, with no fallback; with it, the rotation goes through', async () => {
    await service.stop();
    service = new EmbeddedAuthService({ basicCredentials: 'refused' });
    await service.start();
    client = service.addClient({ secret: PORTAL_SECRET });
    const basic = await rotate({ environments: 'release' });
    expect(basic.exitCode).toBe(1);
    expect(client.credentials).toHaveLength(1);
    expect(service.requests.map((r) => r.auth)).toEqual(['basic']);
    expect(errorLines(basic)).toEqual([expect.stringMatching(/HTTP 403.* Nothing was created\. .*use auth: token\.$/)]);
    expectOnlyMasked(basic, [PORTAL_SECRET, APP_TOKEN]);

    const token = await rotate({ environments: 'release', auth: 'token' });
    expect(token.exitCode).toBe(0);
    expect(await opened('release')).toBe(client.credentials[1]?.secret);
    expectOnlyMasked(token, [PORTAL_SECRET, client.credentials[1]?.secret ?? '', APP_TOKEN, ...service.issuedTokens()]);
  });
});
