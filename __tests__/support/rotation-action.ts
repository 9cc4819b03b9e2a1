/**
 * The rotation action end to end (dist/rotate/index.js as a process, dev/runner.ts), against
 * the embedded service and the fake GitHub API on 127.0.0.1: one world per test, and what a
 * test asserts of it: what each GitHub secret holds (opened with the fake's private key),
 * whether a secret authenticates (asked of the service over HTTP, as a provider would), and
 * that no form of a secret or the token is in any channel but a mask.
 */
import { afterEach, beforeEach, expect } from '@jest/globals';
import sodium from 'libsodium-wrappers';
import { EmbeddedAuthService, type ClientRecord } from '../../dev/auth-service.ts';
import { FakeGitHubApi } from '../../dev/github-api.ts';
import { runAction, type ActionRun } from '../../dev/runner.ts';
import { secretForms } from '../../src/engine/secrets.ts';

export const REPO = 'octo/provider';
export const PORTAL_SECRET = 'e2e-portal-secret-of-rotation-77';
export const APP_TOKEN = 'ghs_e2e_app_token_that_writes_secrets';
export const ENVIRONMENTS = ['release', 'scope-watch', 'scope-review'] as const;

export interface World {
  service: EmbeddedAuthService;
  github: FakeGitHubApi;
  client: ClientRecord;
}

/** A fresh service with one client (its portal secret), and a fake GitHub with the App's token and three environments. */
export function useWorld(): World {
  const world = {} as World;
  beforeEach(async () => {
    world.service = new EmbeddedAuthService();
    await world.service.start();
    world.client = world.service.addClient({ secret: PORTAL_SECRET });
    world.github = new FakeGitHubApi();
    await world.github.start();
    world.github.grant(APP_TOKEN, {
      user: { login: 'rotator[bot]', id: 7, type: 'Bot' },
      secrets: 'write',
      environments: 'write',
    });
    for (const environment of ENVIRONMENTS) world.github.addEnvironment(REPO, environment);
  });
  afterEach(() => Promise.all([world.service.stop(), world.github.stop()]));
  return world;
}

/** One run of the rotation action with these inputs and the current secret given. */
export const rotate = (
  { service, github, client }: World,
  inputs: Record<string, string>,
  secret = PORTAL_SECRET,
): Promise<ActionRun> =>
  runAction({
    action: 'rotate',
    inputs: { client_id: client.id, client_secret: secret, auth_url: service.url, github_token: APP_TOKEN, ...inputs },
    env: { GITHUB_API_URL: github.url },
  });

/** The secret GitHub holds in the repository, or in one of its environments, opened; undefined if none. */
export async function opened({ github }: World, environment?: string): Promise<string | undefined> {
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

/** Whether the service takes this secret for the client (HTTP Basic on the client's record, as the rotation proves one). */
export async function authenticates({ service, client }: World, secret: string | undefined): Promise<boolean> {
  if (secret === undefined) return false;
  const answer = await fetch(`${service.url}/v2/api/clients/${client.id}`, {
    headers: { authorization: `Basic ${Buffer.from(`${client.id}:${secret}`).toString('base64')}` },
  });
  await answer.arrayBuffer();
  return answer.status === 200;
}

/** What each environment holds, and whether that authenticates: `[environment, holds, works]`. */
export async function held(world: World, environments: readonly string[] = ENVIRONMENTS) {
  return Promise.all(
    environments.map(async (environment) => {
      const secret = await opened(world, environment);
      return { environment, secret, works: await authenticates(world, secret) };
    }),
  );
}

/** The secret of the credential of this id, if the client still has it. */
export const secretOf = ({ client }: World, id: string | undefined): string | undefined =>
  client.credentials.find((c) => c.id === id)?.secret;

/**
 * Every credential of the client made `hours` earlier, in the service's own form, their order
 * kept: under retire: later, one of the tool's made in the last hour may be another rotation's
 * in flight, and is kept.
 */
export function age({ client }: World, hours: number): void {
  for (const c of client.credentials)
    c.created = `${new Date(Date.parse(c.created) - hours * 3_600_000).toISOString().slice(0, 19)}${c.created.slice(19)}`;
}

export const errorLines = (run: ActionRun): string[] => run.stdout.split('\n').filter((l) => l.startsWith('::error::'));

/** Every form of each value is in no channel but `::add-mask::` lines, and is masked there. */
export function expectOnlyMasked({ client }: World, run: ActionRun, values: ReadonlyArray<string | undefined>): void {
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
    if (value === undefined) throw new Error('a secret to look for is missing');
    expect(masks.has(value)).toBe(true);
    for (const form of secretForms(client.id, value))
      expect({ form, found: open.includes(form) }).toEqual({ form, found: false });
  }
}

/** The place's name as the summary escapes it. */
export const summaryName = (environment: string): string =>
  `the secret PROVIDER\\_CLIENT\\_SECRET of the environment ${environment} of octo/provider`;
