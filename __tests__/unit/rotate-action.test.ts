/**
 * The rotation action in process (src/github/rotate/): GitHub secrets as destinations, written
 * through the real octokit to the fake GitHub API on 127.0.0.1 (dev/github-api.ts), sealed with
 * libsodium; each sealed box is opened here with the fake's private key, and holds the new
 * secret. The authentication service is the embedded one, in process.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { ROOT } from '../../dev/runner.ts';
import { getOctokit } from '@actions/github';
import sodium from 'libsodium-wrappers';
import { FakeGitHubApi, WORKFLOW_BOT, type TokenGrant } from '../../dev/github-api.ts';
import type { EmbeddedAuthService } from '../../dev/auth-service.ts';
import type { Message } from '../../src/engine/conclude/conclude.ts';
import { secretForms } from '../../src/engine/secrets.ts';
import { rotateAction } from '../../src/github/rotate/action.ts';
import { escapeMarkdown } from '../../src/render/summary.ts';
import { githubSecret, seal } from '../../src/github/rotate/github-secrets.ts';
import { StoreUnknown } from '../../src/engine/rotation/port.ts';
import { createBudget } from '../../src/wire/budget.ts';
import { fakeClock } from '../support/clock.ts';
import { AUTH_URL, inProcessService } from '../support/in-process.ts';

const REPO = 'octo/provider';
const CLIENT_ID = '4d5e6f70-8192-4a3b-9c4d-5e6f708192a3';
const PORTAL_SECRET = 'portal-secret-of-the-action-1a2b';
const APP_TOKEN = 'ghs_app_installation_token_for_secrets';
const WORKFLOW_TOKEN = 'ghs_the_workflows_own_token';

let github: FakeGitHubApi;
let service: EmbeddedAuthService;
beforeEach(async () => {
  github = new FakeGitHubApi();
  await github.start();
  github.grant(APP_TOKEN, {
    user: { login: 'rotator[bot]', id: 7, type: 'Bot' },
    secrets: 'write',
    environments: 'write',
  });
  github.grant(WORKFLOW_TOKEN, { user: WORKFLOW_BOT, readUser: false });
  github.addEnvironment(REPO, 'release');
  github.addEnvironment(REPO, 'scope-watch');
  service = inProcessService();
  service.addClient({ id: CLIENT_ID, secret: PORTAL_SECRET });
});
afterEach(() => github.stop());

const octokit = (token: string) => getOctokit(token, { baseUrl: github.url });
/** An octokit as the action asks for one: when first needed. */
const lazy = (token: string) => () => Promise.resolve(octokit(token));

/** What a destination's requests run under, as the engine gives it: a budget on a fake clock, and a log that records. */
function destinationRun(timeoutSeconds = 30) {
  const clock = fakeClock();
  const said: string[] = [];
  const log = { info: (text: string) => void said.push(text), debug: () => {}, warning: () => {} };
  return { budget: createBudget(timeoutSeconds, { clock }), log, said, clock };
}

/** The secret GitHub holds there, unsealed with the fake's private key. */
async function opened(name: string, environment?: string): Promise<string | undefined> {
  await sodium.ready;
  const stored = github.sealedSecret(REPO, name, environment);
  if (stored === undefined) return undefined;
  const { ORIGINAL } = sodium.base64_variants;
  const plain = sodium.crypto_box_seal_open(
    sodium.from_base64(stored.encrypted_value, ORIGINAL),
    sodium.from_base64(stored.pair.key, ORIGINAL),
    sodium.from_base64(stored.pair.privateKey, ORIGINAL),
  );
  return sodium.to_string(plain);
}

describe('a GitHub secret as a destination', () => {
  test('the repository secret: its public key read, the value sealed for it and PUT; the fake opens it to the secret', async () => {
    const place = githubSecret(lazy(APP_TOKEN), { owner: 'octo', repo: 'provider', name: 'PROVIDER_CLIENT_SECRET' });
    await place.check(destinationRun());
    await place.store('the-new-secret-value', destinationRun());
    expect(await opened('PROVIDER_CLIENT_SECRET')).toBe('the-new-secret-value');
    expect(github.calls()).toEqual([
      'GET /repos/octo/provider/actions/secrets/public-key',
      'GET /repos/octo/provider/actions/secrets/public-key',
      'PUT /repos/octo/provider/actions/secrets/PROVIDER_CLIENT_SECRET',
    ]);
    // Sealed: the value never travels in the clear.
    expect(JSON.stringify(github.requests)).not.toContain('the-new-secret-value');
  });

  test("an environment's secret: under its own key", async () => {
    const place = githubSecret(lazy(APP_TOKEN), {
      owner: 'octo',
      repo: 'provider',
      name: 'PROVIDER_CLIENT_SECRET',
      environment: 'release',
    });
    await place.store('for-the-release', destinationRun());
    expect(await opened('PROVIDER_CLIENT_SECRET', 'release')).toBe('for-the-release');
    expect(await opened('PROVIDER_CLIENT_SECRET')).toBeUndefined();
    expect(github.keyOf(REPO, 'release').key).not.toBe(github.keyOf(REPO).key);
  });

  test('sealed twice, the same secret gives two different boxes (a fresh ephemeral key each time)', async () => {
    const { key } = github.keyOf(REPO);
    expect(await seal('same', key)).not.toBe(await seal('same', key));
  });

  test("the workflow's own token: 403 on the public key, and the message names an App's or a fine-grained token and the permission, never a permissions: line to add", async () => {
    const place = githubSecret(lazy(WORKFLOW_TOKEN), {
      owner: 'octo',
      repo: 'provider',
      name: 'PROVIDER_CLIENT_SECRET',
    });
    await expect(place.check(destinationRun())).rejects.toThrow(
      /^GitHub refused reading the public key of the repository secret PROVIDER_CLIENT_SECRET of octo\/provider \(HTTP 403: .*\): the token in github_token may not do this\. The workflow's own token \(GITHUB_TOKEN\) has no permission for secrets at all, and no permissions: line gives it one: give github_token a GitHub App's token \(actions\/create-github-app-token\) or a fine-grained personal access token with the "Secrets" repository permission \(write\)\.$/,
    );
  });

  test.each<[string, TokenGrant, string]>([
    [
      'read only',
      { user: { login: 'reader', id: 8, type: 'User' }, secrets: 'read', environments: 'read' },
      'the "Secrets" and "Environments" repository permissions (write)',
    ],
    [
      'without Environments: write',
      { user: { login: 'half', id: 9, type: 'User' }, secrets: 'write', environments: 'read' },
      'the "Secrets" and "Environments" repository permissions (write)',
    ],
  ])(
    'a token %s: the check passes (a key read proves read access only), the store is refused and says why',
    async (_name, grant, permission) => {
      github.grant('limited', grant);
      const place = githubSecret(lazy('limited'), {
        owner: 'octo',
        repo: 'provider',
        name: 'PROVIDER_CLIENT_SECRET',
        environment: 'release',
      });
      await place.check(destinationRun());
      await expect(place.store('x-value', destinationRun())).rejects.toThrow(`with ${permission}.`);
      expect(await opened('PROVIDER_CLIENT_SECRET', 'release')).toBeUndefined();
    },
  );

  test('a public key read that fails with a 5xx or a 429 is tried again under the budget, each try said', async () => {
    github.fail({ method: 'GET', path: /public-key$/, status: 503, times: 1 });
    github.fail({ method: 'GET', path: /public-key$/, status: 429, times: 1 });
    const run = destinationRun();
    const place = githubSecret(lazy(APP_TOKEN), { owner: 'octo', repo: 'provider', name: 'PROVIDER_CLIENT_SECRET' });
    await place.check(run);
    expect(github.calls()).toEqual(Array(3).fill('GET /repos/octo/provider/actions/secrets/public-key'));
    expect(run.said).toEqual([
      expect.stringMatching(
        /^GitHub GET \/api\/v3\/repos\/octo\/provider\/actions\/secrets\/public-key answered HTTP 503: .*\. Attempt 1 of 5 failed; trying again in 1 ms\.$/,
      ),
      expect.stringMatching(/answered HTTP 429: .*\. Attempt 2 of 5 failed; trying again in 1 ms\.$/),
    ]);
    // Retry-After: 0, paced by the injected clock: no wall-clock wait.
    expect(run.clock.slept).toEqual([0, 0]);
  });

  test.each([
    ['its connection reset unanswered', { reset: true }],
    ['its answer lost after GitHub stored it', { loseAnswer: true }],
    ['a 502', { status: 502 }],
  ])('a PUT %s is sent again (a PUT is idempotent) and the secret is stored once', async (_name, fault) => {
    github.fail({ method: 'PUT', path: /secrets\/PROVIDER_CLIENT_SECRET$/, ...fault });
    const place = githubSecret(lazy(APP_TOKEN), { owner: 'octo', repo: 'provider', name: 'PROVIDER_CLIENT_SECRET' });
    await place.store('sent-twice-value', destinationRun());
    expect(await opened('PROVIDER_CLIENT_SECRET')).toBe('sent-twice-value');
    expect(github.calls().filter((c) => c.startsWith('PUT'))).toHaveLength(2);
  });

  test("a PUT that keeps failing: given up after the policy's tries, the reason said", async () => {
    github.fail({ method: 'PUT', path: /secrets\/PROVIDER_CLIENT_SECRET$/, status: 500, times: 10 });
    const run = destinationRun();
    const place = githubSecret(lazy(APP_TOKEN), { owner: 'octo', repo: 'provider', name: 'PROVIDER_CLIENT_SECRET' });
    await expect(place.store('never-stored-value', run)).rejects.toThrow(
      /^writing the repository secret PROVIDER_CLIENT_SECRET of octo\/provider failed: HTTP 500: Server Error \(gave up after 5 attempts\)$/,
    );
    expect(github.calls().filter((c) => c.startsWith('PUT'))).toHaveLength(5);
    expect(run.said).toHaveLength(4);
    expect(await opened('PROVIDER_CLIENT_SECRET')).toBeUndefined();
  });

  test("at the run's deadline: the request cut to the time left, and not tried again", async () => {
    const run = destinationRun(10);
    run.clock.advance(30_000);
    const place = githubSecret(lazy(APP_TOKEN), { owner: 'octo', repo: 'provider', name: 'PROVIDER_CLIENT_SECRET' });
    await expect(place.check(run)).rejects.toThrow(/\(gave up after 1 attempts: the run's deadline is near\)$/);
    expect(github.calls().length).toBeLessThanOrEqual(1);
  });

  test.each([
    ['a 502 after GitHub applied it', [{ status: 502, apply: true, times: 5 }]],
    ['a 503', [{ status: 503, times: 5 }]],
    ['a 504', [{ status: 504, times: 5 }]],
    ['no answer', [{ reset: true, times: 5 }]],
    ['no answer once, then refusals (500)', [{ loseAnswer: true }, { status: 500, times: 4 }]],
  ])(
    'a PUT whose outcome stays unknown (%s): a StoreUnknown that says GitHub may hold the new secret',
    async (_name, faults) => {
      for (const fault of faults) github.fail({ method: 'PUT', path: /secrets\/PROVIDER_CLIENT_SECRET$/, ...fault });
      const place = githubSecret(lazy(APP_TOKEN), { owner: 'octo', repo: 'provider', name: 'PROVIDER_CLIENT_SECRET' });
      const failure = await place.store('maybe-stored', destinationRun()).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(StoreUnknown);
      expect((failure as Error).message).toMatch(
        /^writing the repository secret PROVIDER_CLIENT_SECRET of octo\/provider failed: .*\. A write may have been applied without its answer reaching this run: GitHub may hold the new secret\.$/,
      );
    },
  );

  test.each([500, 403, 422])(
    'a PUT refused with %i every time: a plain failure, never a StoreUnknown',
    async (status) => {
      github.fail({ method: 'PUT', path: /secrets\/PROVIDER_CLIENT_SECRET$/, status, times: 5 });
      const place = githubSecret(lazy(APP_TOKEN), { owner: 'octo', repo: 'provider', name: 'PROVIDER_CLIENT_SECRET' });
      const failure = await place.store('never-stored', destinationRun()).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      expect(failure).not.toBeInstanceOf(StoreUnknown);
      expect(await opened('PROVIDER_CLIENT_SECRET')).toBeUndefined();
    },
  );

  test('a public key that cannot be read when storing: a plain failure (nothing was PUT)', async () => {
    github.fail({ method: 'GET', path: /public-key$/, reset: true, times: 5 });
    const place = githubSecret(lazy(APP_TOKEN), { owner: 'octo', repo: 'provider', name: 'PROVIDER_CLIENT_SECRET' });
    const failure = await place.store('never-stored', destinationRun()).catch((error: unknown) => error);
    expect(failure).not.toBeInstanceOf(StoreUnknown);
    expect(github.calls().filter((c) => c.startsWith('PUT'))).toEqual([]);
  });

  test('the octokit asked for when first needed, not before', async () => {
    let asked = 0;
    const place = githubSecret(() => (asked++, Promise.resolve(octokit(APP_TOKEN))), {
      owner: 'octo',
      repo: 'provider',
      name: 'PROVIDER_CLIENT_SECRET',
    });
    expect(asked).toBe(0);
    await place.check(destinationRun());
    expect(asked).toBe(1);
    // A GitHub secret takes a second write: the starting secret can be stored back.
    expect(place.rewritable).toBe(true);
  });

  test('a 4xx is not tried again', async () => {
    github.fail({ method: 'PUT', path: /secrets\/PROVIDER_CLIENT_SECRET$/, status: 422 });
    const place = githubSecret(lazy(APP_TOKEN), { owner: 'octo', repo: 'provider', name: 'PROVIDER_CLIENT_SECRET' });
    await expect(place.store('refused-value', destinationRun())).rejects.toThrow(/HTTP 422: Server Error$/);
    expect(github.calls().filter((c) => c.startsWith('PUT'))).toHaveLength(1);
  });

  test("an environment's secret refused with another status than 404: said as GitHub answered, no missing environment named", async () => {
    github.fail({ method: 'PUT', path: /secrets\/PROVIDER_CLIENT_SECRET$/, status: 422 });
    const place = githubSecret(lazy(APP_TOKEN), {
      owner: 'octo',
      repo: 'provider',
      name: 'PROVIDER_CLIENT_SECRET',
      environment: 'release',
    });
    await expect(place.store('refused-value', destinationRun())).rejects.toThrow(
      /^writing the secret PROVIDER_CLIENT_SECRET of the environment release of octo\/provider failed: HTTP 422: Server Error$/,
    );
  });

  test('a repository GitHub answers 404 for: the token named as what to check', async () => {
    github.fail({ method: 'GET', path: /public-key$/, status: 404 });
    const place = githubSecret(lazy(APP_TOKEN), { owner: 'octo', repo: 'provider', name: 'PROVIDER_CLIENT_SECRET' });
    await expect(place.check(destinationRun())).rejects.toThrow(
      /^GitHub answered 404 to reading the public key of the repository secret PROVIDER_CLIENT_SECRET of octo\/provider: check that github_token may see octo\/provider\.$/,
    );
  });

  test('a public key that cannot seal: the failure said without an HTTP status, nothing PUT', async () => {
    github.keyOf(REPO).key = 'AAAA';
    const place = githubSecret(lazy(APP_TOKEN), { owner: 'octo', repo: 'provider', name: 'PROVIDER_CLIENT_SECRET' });
    await expect(place.store('never-sealed', destinationRun())).rejects.toThrow(
      /^writing the repository secret PROVIDER_CLIENT_SECRET of octo\/provider failed: invalid publicKey length$/,
    );
    expect(github.calls().filter((c) => c.startsWith('PUT'))).toEqual([]);
  });

  test.each([undefined, 'release'])(
    "the run's signal ends every request (environment %s): the public key's read, and the PUT after it",
    async (environment) => {
      const place = { owner: 'octo', repo: 'provider', name: 'PROVIDER_CLIENT_SECRET', environment };
      const ended = destinationRun();
      const stop = new AbortController();
      stop.abort(new Error('the run has ended'));
      await expect(
        githubSecret(lazy(APP_TOKEN), place).check({ ...ended, budget: { ...ended.budget, signal: stop.signal } }),
      ).rejects.toThrow();
      expect(github.calls()).toEqual([]);
      // Aborted once the key is read: the PUT never reaches GitHub.
      const late = new AbortController();
      const client = octokit(APP_TOKEN);
      client.hook.before('request', (options) => {
        if (options.method === 'PUT') late.abort(new Error('the run has ended'));
      });
      const run = destinationRun();
      await expect(
        githubSecret(() => Promise.resolve(client), place).store('never-put', {
          ...run,
          budget: { ...run.budget, signal: late.signal },
        }),
      ).rejects.toThrow();
      expect(github.calls().filter((c) => c.startsWith('PUT'))).toEqual([]);
      expect(await opened('PROVIDER_CLIENT_SECRET', environment)).toBeUndefined();
    },
  );

  test('an environment that does not exist: named, with what to do', async () => {
    const place = githubSecret(lazy(APP_TOKEN), {
      owner: 'octo',
      repo: 'provider',
      name: 'PROVIDER_CLIENT_SECRET',
      environment: 'nowhere',
    });
    await expect(place.check(destinationRun())).rejects.toThrow(
      'GitHub has no environment nowhere in octo/provider (HTTP 404): create it (Settings, Environments), or take it out of environments.',
    );
  });
});

interface ActionRun {
  exitCode: 0 | 1;
  messages: Message[];
  masked: string[];
  /** Every input the run asked the runner for, in order. */
  asked: string[];
  outputs: Record<string, string>;
  /** The job summary, each piece as appended. */
  summaries: string[];
  /** The tokens an octokit was asked for. */
  octokits: string[];
}

interface RunSetUp {
  repository?: string;
  /** How appending to the job summary goes: resolves by default. */
  summary?: (markdown: string) => Promise<void>;
}

async function runRotation(inputs: Record<string, string>, setUp: RunSetUp | string = {}): Promise<ActionRun> {
  const { repository = REPO, summary } = typeof setUp === 'string' ? { repository: setUp } : setUp;
  const messages: Message[] = [];
  const masked: string[] = [];
  const outputs: Record<string, string> = {};
  const summaries: string[] = [];
  const octokits: string[] = [];
  const given: Record<string, string> = {
    client_id: CLIENT_ID,
    client_secret: PORTAL_SECRET,
    auth_url: AUTH_URL,
    github_token: APP_TOKEN,
    ...inputs,
  };
  const asked: string[] = [];
  const dispatcher = service.dispatcher();
  const exitCode = await rotateAction({
    input: (name) => (asked.push(name), given[name] ?? ''),
    mask: (form) => void masked.push(form),
    setOutput: (name, value) => void (outputs[name] = value),
    write: (message) => void messages.push(message),
    summary: summary ?? (async (markdown) => void summaries.push(markdown)),
    repository,
    octokit: (token) => (octokits.push(token), Promise.resolve(octokit(token))),
    clock: fakeClock(),
    dispatcher,
  });
  return { exitCode, messages, masked, asked, outputs, summaries, octokits };
}

describe('the rotation action', () => {
  test('every environment given, in order, holds the new secret; the outputs; the new secret masked in every form and said nowhere', async () => {
    const r = await runRotation({ environments: 'release\n  scope-watch \n' });
    expect(r.exitCode).toBe(0);
    const made = service.clients.get(CLIENT_ID)?.credentials[1];
    expect(await opened('PROVIDER_CLIENT_SECRET', 'release')).toBe(made?.secret);
    expect(await opened('PROVIDER_CLIENT_SECRET', 'scope-watch')).toBe(made?.secret);
    expect(github.calls().filter((c) => c.startsWith('PUT'))).toEqual([
      'PUT /repos/octo/provider/environments/release/secrets/PROVIDER_CLIENT_SECRET',
      'PUT /repos/octo/provider/environments/scope-watch/secrets/PROVIDER_CLIENT_SECRET',
    ]);
    expect(r.outputs).toEqual({ credential_id: made?.id, retired: '[]' });
    expect(r.masked).toEqual(
      expect.arrayContaining([
        ...secretForms(CLIENT_ID, PORTAL_SECRET),
        ...secretForms(CLIENT_ID, made?.secret ?? ''),
        APP_TOKEN,
      ]),
    );
    const said = JSON.stringify(r.messages);
    for (const form of [
      ...secretForms(CLIENT_ID, PORTAL_SECRET),
      ...secretForms(CLIENT_ID, made?.secret ?? ''),
      APP_TOKEN,
    ])
      expect(said).not.toContain(form);
  });

  test('no environments: the repository secret, named by secret_name', async () => {
    const r = await runRotation({ secret_name: 'GLOBUS_SECRET' });
    expect(r.exitCode).toBe(0);
    expect(await opened('GLOBUS_SECRET')).toBe(service.clients.get(CLIENT_ID)?.credentials[1]?.secret);
  });

  test("the workflow's own token: nothing created, the fix named", async () => {
    const r = await runRotation({ github_token: WORKFLOW_TOKEN, environments: 'release' });
    expect(r.exitCode).toBe(1);
    expect(service.clients.get(CLIENT_ID)?.credentials).toHaveLength(1);
    expect(r.messages.filter((m) => m.level === 'error').map((m) => m.text)).toEqual([
      expect.stringMatching(
        /^the secret PROVIDER_CLIENT_SECRET of the environment release of octo\/provider cannot be written: GitHub refused .*HTTP 403.*actions\/create-github-app-token.*"Secrets" and "Environments" repository permissions \(write\)\.$/,
      ),
      'Nothing was created: the current secret is unchanged everywhere.',
    ]);
  });

  test('a store refused after another succeeded: the new credential kept, each environment and its secret named', async () => {
    github.fail({ method: 'PUT', path: /scope-watch/, status: 422 });
    const r = await runRotation({ environments: 'release\nscope-watch' });
    expect(r.exitCode).toBe(1);
    expect(service.clients.get(CLIENT_ID)?.credentials).toHaveLength(2);
    expect(await opened('PROVIDER_CLIENT_SECRET', 'release')).toBe(
      service.clients.get(CLIENT_ID)?.credentials[1]?.secret,
    );
    expect(r.messages.map((m) => m.text)).toContainEqual(
      expect.stringMatching(
        /Now the secret PROVIDER_CLIENT_SECRET of the environment release of octo\/provider holds the new secret, and the secret PROVIDER_CLIENT_SECRET of the environment scope-watch of octo\/provider still holds the current one\./,
      ),
    );
    // Past a store, the outputs are set all the same: the next step can find the new credential.
    expect(r.outputs).toEqual({ credential_id: service.clients.get(CLIENT_ID)?.credentials[1]?.id, retired: '[]' });
  });

  test('inputs checked before anything: an empty github_token, a bad secret_name', async () => {
    const r = await runRotation({ github_token: '', secret_name: 'not a name' });
    expect(r.exitCode).toBe(1);
    expect(r.messages.map((m) => m.text)).toEqual([
      expect.stringMatching(/^Input github_token is empty: give a GitHub App token/),
      'Input secret_name must be a secret name: letters, digits and _, not starting with a digit',
    ]);
    expect(service.requests).toEqual([]);
  });

  test('an empty github_token alone: refused before anything, the fix named', async () => {
    const r = await runRotation({ github_token: '' });
    expect([r.exitCode, r.messages.map((m) => m.text)]).toEqual([
      1,
      [
        'Input github_token is empty: give a GitHub App token (actions/create-github-app-token) or a fine-grained personal access token that may write the secret (docs/rotation.md)',
      ],
    ]);
    expect([service.requests, github.requests]).toEqual([[], []]);
  });

  test("the rotation settings in the inputs' words: the run announced with them, a bad one named as its input", async () => {
    const portal = service.clients.get(CLIENT_ID)?.credentials[0]?.id ?? '';
    const r = await runRotation({ retire: 'now', retire_id: portal });
    expect(r.exitCode).toBe(0);
    expect(r.messages[0]?.text).toBe(
      `Rotating the secret of client ${CLIENT_ID} at ${AUTH_URL} (retire: now, retire_id: ${portal})`,
    );
    const bad = await runRotation({ retire: 'soon' });
    expect(bad.exitCode).toBe(1);
    expect(bad.messages.map((m) => m.text)).toContainEqual(
      expect.stringMatching(/^Input retire must be later or now, not "soon"/),
    );
  });

  test.each(['', 'octo', 'octo/provider/extra', '/provider'])(
    'GITHUB_REPOSITORY %j: refused before anything, the fix named',
    async (repository) => {
      const r = await runRotation({}, repository);
      expect([r.exitCode, r.messages.map((m) => m.text)]).toEqual([
        1,
        ['GITHUB_REPOSITORY is not set: run the action in a workflow'],
      ]);
      expect([service.requests, github.requests]).toEqual([[], []]);
    },
  );

  test.each(['1ST_SECRET', 'SECRET-NAME', 'A SECRET', ''])(
    'secret_name %j: a secret name or the default',
    async (name) => {
      const r = await runRotation({ secret_name: name });
      if (name === '') {
        expect(r.exitCode).toBe(0);
        expect(await opened('PROVIDER_CLIENT_SECRET')).toBe(service.clients.get(CLIENT_ID)?.credentials[1]?.secret);
      } else {
        expect([r.exitCode, r.messages.map((m) => m.text)]).toEqual([
          1,
          ['Input secret_name must be a secret name: letters, digits and _, not starting with a digit'],
        ]);
      }
    },
  );

  test("the token is masked; a lower-case secret_name is GitHub's upper-case secret", async () => {
    const r = await runRotation({ secret_name: '_lower_9' });
    expect(r.exitCode).toBe(0);
    expect(r.masked).toContain(APP_TOKEN);
    expect(await opened('_LOWER_9')).toBe(service.clients.get(CLIENT_ID)?.credentials[1]?.secret);
  });
});

describe('rotate/action.yml', () => {
  const yml = parse(readFileSync(path.join(ROOT, 'rotate', 'action.yml'), 'utf8')) as {
    inputs: Record<string, { default?: string; required?: boolean }>;
    outputs: Record<string, unknown>;
    runs: { using: string; main: string };
  };
  test('runs on node24 from its own bundle, dist/rotate/index.js, beside the main one', () => {
    expect(yml.runs).toEqual({ using: 'node24', main: '../dist/rotate/index.js' });
  });

  test('declares the inputs the code reads, and the outputs it sets', async () => {
    expect(Object.keys(yml.inputs).sort()).toEqual([
      'auth',
      'auth_url',
      'client_id',
      'client_secret',
      'dry_run',
      'environments',
      'github_token',
      'retire',
      'retire_id',
      'secret_name',
      'timeout_seconds',
    ]);
    // What a run asks the runner for and sets, told by running it (the code as it runs, not its text).
    const r = await runRotation({ environments: 'release' });
    expect(r.exitCode).toBe(0);
    expect([...new Set(r.asked)].sort()).toEqual(Object.keys(yml.inputs).sort());
    expect(Object.keys(yml.outputs).sort()).toEqual(Object.keys(r.outputs).sort());
    // github_token is not required: a dry run needs none (the code refuses an empty one for a rotation).
    expect([
      yml.inputs.retire?.default,
      yml.inputs.secret_name?.default,
      yml.inputs.github_token?.required,
      yml.inputs.dry_run?.default,
    ]).toEqual(['later', 'PROVIDER_CLIENT_SECRET', false, 'false']);
  });

  test('the example workflow gives only inputs rotate/action.yml declares, and a GitHub App token', () => {
    const example = parse(readFileSync(path.join(ROOT, 'examples', 'workflows', 'rotate.yml'), 'utf8')) as {
      jobs: Record<string, { steps: Array<{ uses?: string; with?: Record<string, string> }> }>;
    };
    const steps = Object.values(example.jobs)
      .flatMap((job) => job.steps)
      .filter((s) => s.uses?.includes('ensure-provider-scope/rotate@') === true);
    expect(steps).toHaveLength(2);
    for (const step of steps) {
      for (const input of Object.keys(step.with ?? {})) expect(Object.keys(yml.inputs)).toContain(input);
      expect(step.with?.github_token).toBe('${{ steps.app.outputs.token }}');
    }
  });
});

/** Every credential of the client made `hours` earlier, in the service's own form (its order kept). */
function age(hours: number): void {
  for (const c of service.clients.get(CLIENT_ID)?.credentials ?? [])
    c.created = `${new Date(Date.parse(c.created) - hours * 3_600_000).toISOString().slice(0, 19)}${c.created.slice(19)}`;
}

const credentialsNow = () => service.clients.get(CLIENT_ID)?.credentials ?? [];
const where = (environment: string) =>
  `the secret PROVIDER\\_CLIENT\\_SECRET of the environment ${environment} of octo/provider`;

describe('what every run leaves: its outputs and one job summary', () => {
  test('a rotation: the summary opens with it, names the new credential, where it is, and every credential as judged', async () => {
    const r = await runRotation({ environments: 'release\nscope-watch' });
    expect(r.exitCode).toBe(0);
    const [portal, made] = credentialsNow();
    expect(r.summaries).toHaveLength(1);
    const summary = r.summaries[0] ?? '';
    expect(summary.split('\n')[0]).toBe(
      '### Secret rotated: the new credential is stored in every destination, nothing retired',
    );
    expect(summary).toContain(`| ${where('release')} | the new secret (credential <code>${made?.id}</code>) |`);
    expect(summary).toContain(`| ${where('scope-watch')} | the new secret (credential <code>${made?.id}</code>) |`);
    expect(summary).toContain(`| <code>${portal?.id}</code> | Created in the developer portal |`);
    expect(summary).toContain(`| Outputs | credential\\_id <code>${made?.id}</code>, retired <code>\\[\\]</code> |`);
    expect(summary).toContain('Nothing was retired.');
    expect(summary).toContain('Deploy the provider with the new secret before the next rotation.');
    // The octokit was asked for once, for both destinations.
    expect(r.octokits).toEqual([APP_TOKEN]);
  });

  test('a dry run: no github_token needed, GitHub never asked, nothing made; the credentials listed in the log and the summary', async () => {
    const r = await runRotation({ dry_run: 'true', github_token: '', environments: 'release' });
    expect(r.exitCode).toBe(0);
    expect([credentialsNow(), github.requests, r.octokits, r.outputs]).toEqual([
      [expect.objectContaining({ secret: PORTAL_SECRET })],
      [],
      [],
      {},
    ]);
    expect(service.requests.map((q) => q.method)).toEqual(['GET']);
    // No destination is made: neither their inputs read nor an octokit asked for.
    expect(r.asked).not.toContain('environments');
    const portal = credentialsNow()[0];
    expect(r.messages.map((m) => m.text)).toContainEqual(
      `- "Created in the developer portal" (id ${portal?.id}, created ${portal?.created}): not made by this tool; kept: not made by this tool`,
    );
    const summary = r.summaries[0] ?? '';
    expect(summary.split('\n')[0]).toBe(
      "### Dry run: the client's credentials as a rotation would judge them; nothing was created, stored or deleted",
    );
    expect(summary).toContain('| New credential | none: a dry run makes none |');
    expect(summary).not.toContain('#### Where the secret is');
    expect(summary).toContain('it would retire nothing');
  });

  test('dry_run given as True: a dry run too; anything but true or false refused, and said in the summary', async () => {
    expect((await runRotation({ dry_run: ' True ', github_token: '' })).exitCode).toBe(0);
    const bad = await runRotation({ dry_run: 'yes' });
    expect(bad.exitCode).toBe(1);
    expect(bad.summaries[0]?.split('\n')[0]).toBe('### Rotation failed: Input dry\\_run must be true or false');
    expect(credentialsNow()).toHaveLength(1);
  });

  test("this door's inputs refused: nothing sent, and a summary that says why", async () => {
    const r = await runRotation({ github_token: '', secret_name: '1' });
    expect(r.exitCode).toBe(1);
    expect([service.requests, github.requests, r.outputs]).toEqual([[], [], {}]);
    const why =
      'Input github\\_token is empty\\: give a GitHub App token \\(actions/create-github-app-token\\) or a fine-grained personal access token that may write the secret \\(docs/rotation.md\\)';
    expect(r.summaries).toEqual([
      [
        `### Rotation failed: ${why}`,
        '',
        '| Item | Value |',
        '|---|---|',
        '| New credential | none kept: no destination holds a secret of this run |',
        '| Outputs | not set |',
        '',
        'Nothing was stored: every destination holds what it held before the run.',
        '',
        '#### Retired',
        '',
        'Nothing was retired.',
        '',
        '#### Errors',
        '',
        `- **error**: ${why}`,
        '- **error**: Input secret\\_name must be a secret name\\: letters, digits and \\_, not starting with a digit',
        '',
        '#### What next',
        '',
        '- Fix what the errors name, then run the step again.',
        '',
      ].join('\n'),
    ]);
  });

  test('a store refused past the first: exit 1, the outputs set, the summary says which destination holds which secret', async () => {
    github.fail({ method: 'PUT', path: /scope-watch/, status: 422 });
    const r = await runRotation({ environments: 'release\nscope-watch' });
    const made = credentialsNow()[1];
    expect(r.exitCode).toBe(1);
    expect(r.outputs).toEqual({ credential_id: made?.id, retired: '[]' });
    const summary = r.summaries[0] ?? '';
    expect(summary.split('\n')[0]).toMatch(
      /^### Rotation failed: Could not store the new secret in the secret PROVIDER\\_CLIENT\\_SECRET of the environment scope-watch of octo\/provider\\: writing .* failed\\: HTTP 422\\: Server Error$/,
    );
    expect(summary).toContain(`| ${where('release')} | the new secret (credential <code>${made?.id}</code>) |`);
    expect(summary).toContain(`| ${where('scope-watch')} | the current secret, the one this run started with |`);
    expect(summary).toContain('Both secrets work and nothing was retired.');
  });

  test('a store whose answer was lost every time: the new credential kept, the destination named as one that may hold it', async () => {
    github.fail({ method: 'PUT', path: /release/, status: 502, apply: true, times: 5 });
    const r = await runRotation({ environments: 'release\nscope-watch' });
    const made = credentialsNow()[1];
    expect(r.exitCode).toBe(1);
    expect(await opened('PROVIDER_CLIENT_SECRET', 'release')).toBe(made?.secret);
    expect(await opened('PROVIDER_CLIENT_SECRET', 'scope-watch')).toBeUndefined();
    expect(r.outputs).toEqual({ credential_id: made?.id, retired: '[]' });
    const summary = r.summaries[0] ?? '';
    expect(summary).toContain(
      `| ${where('release')} | unknown: the new secret (credential <code>${made?.id}</code>) or the current one (the answer to its write was lost) |`,
    );
    expect(summary).toContain(`| ${where('scope-watch')} | the current secret, the one this run started with |`);
  });

  test('retire_id on several lines: each retired once the new secret is stored, the output a JSON list in that order', async () => {
    const one = service.addCredential(CLIENT_ID, { name: 'made by hand' });
    const two = service.addCredential(CLIENT_ID, { name: 'made by another program' });
    const r = await runRotation({ retire_id: `${two.id}\n\n  ${one.id.toUpperCase()}  \n` });
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.outputs.retired ?? '')).toEqual([one.id, two.id]);
    expect(credentialsNow().map((c) => c.name)).toEqual(['Created in the developer portal', expect.any(String)]);
    const summary = r.summaries[0] ?? '';
    expect(summary.split('\n')[0]).toMatch(/is stored in every destination, 2 retired$/);
    expect(summary).toContain(
      '- Once the deployed provider uses it, retire the one it no longer uses with <code>retire\\_id\\: \\<its id\\></code>.',
    );
    expect(summary).toContain(`- <code>${one.id}</code> "made by hand", created ${escapeMarkdown(one.created)}`);
    expect(summary).toContain(
      `| <code>${two.id}</code> | made by another program | ${escapeMarkdown(two.created)} | no | not made by this tool | **retired** |`,
    );
  });

  test("retire: later after an hour: this tool's older credential retired, the one in use kept, each said in the summary", async () => {
    await runRotation({});
    const first = credentialsNow()[1];
    age(2);
    const second = await runRotation({}, {});
    expect(second.exitCode).toBe(0);
    // The run held the portal's secret: the tool's credential was made from it, so it is not in use.
    expect(second.outputs.retired).toBe(JSON.stringify([first?.id]));
    const summary = second.summaries[0] ?? '';
    expect(summary).toContain(`| <code>${first?.id}</code> |`);
    expect(summary).toMatch(/\| made by this tool from the secret this run holds: .* \| \*\*retired\*\* \|/);
  });

  test("the summary cannot be written: a warning, and the exit code is the rotation's", async () => {
    const r = await runRotation({}, { summary: () => Promise.reject(new Error('Unable to access summary file')) });
    expect(r.exitCode).toBe(0);
    expect(r.messages.at(-1)).toEqual({
      level: 'warning',
      text: 'The job summary could not be written (Unable to access summary file); the log above says what the run did.',
    });
    const bad = await runRotation({}, { summary: () => Promise.reject('not an error') });
    expect(bad.messages.at(-1)?.text).toMatch(/^The job summary could not be written \(not an error\)/);
  });

  test('a credential named with the secret, markdown, a mention and HTML: scrubbed and inert in the log and the summary', async () => {
    service.addCredential(CLIENT_ID, {
      name: `${PORTAL_SECRET} @admin #12 [x](https://e.example) <img src=x>\n::error::forged`,
    });
    const r = await runRotation({ dry_run: 'true' });
    expect(r.exitCode).toBe(0);
    const said = JSON.stringify(r.messages);
    const summary = r.summaries[0] ?? '';
    for (const form of secretForms(CLIENT_ID, PORTAL_SECRET)) {
      expect(said).not.toContain(form);
      expect(summary).not.toContain(form);
    }
    expect(r.messages.every((m) => !/[\n\r]/.test(m.text))).toBe(true);
    expect(summary).toContain(
      '| \\*\\*\\* \\@\u2060admin #\u206012 \\[x\\]\\(https\\://e.example\\) \\<img src=x\\> \\:\\:error\\:\\:forged |',
    );
  });
});
