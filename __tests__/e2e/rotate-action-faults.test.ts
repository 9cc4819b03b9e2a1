/**
 * The rotation action's older faults, end to end (__tests__/support/rotation-action.ts): a
 * creation whose answer is lost, a destination that cannot be written, GitHub failing for a
 * moment, a first or a later store that fails, a retirement that fails, a rejected secret, a
 * 403 under auth: basic. Each leaves a state a person can trust, and says it.
 */
import { describe, expect, test } from '@jest/globals';
import { EmbeddedAuthService } from '../../dev/auth-service.ts';
import {
  APP_TOKEN,
  ENVIRONMENTS,
  PORTAL_SECRET,
  age,
  errorLines,
  expectOnlyMasked,
  opened,
  rotate,
  useWorld,
} from '../support/rotation-action.ts';

const world = useWorld();
const ALL = ENVIRONMENTS.join('\n');

describe('faults, each leaving a state a person can trust', () => {
  test("the creation's answer lost: found by its name, deleted, one more made and stored; lost twice: nothing made, nothing stored", async () => {
    world.service.inject({ method: 'POST', path: /credentials$/, loseAnswer: true });
    const once = await rotate(world, { environments: 'release' });
    expect(once.exitCode).toBe(0);
    expect(world.client.credentials).toHaveLength(2);
    const made = world.client.credentials[1];
    expect(await opened(world, 'release')).toBe(made?.secret);
    expect(world.service.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
    expect(once.outputs).toEqual({ credential_id: made?.id, retired: '[]' });
    expectOnlyMasked(world, once, [PORTAL_SECRET, made?.secret ?? '', APP_TOKEN]);

    world.service.inject({ method: 'POST', path: /credentials$/, loseAnswer: true, times: 2 });
    const twice = await rotate(world, { environments: 'release' }, made?.secret);
    expect(twice.exitCode).toBe(1);
    expect(world.client.credentials.map((c) => c.id)).toEqual([world.client.credentials[0]?.id, made?.id]);
    expect(await opened(world, 'release')).toBe(made?.secret);
    expect(twice.outputs).toEqual({});
    expect(errorLines(twice)).toEqual([
      expect.stringMatching(/was lost twice .*Nothing was stored: the current secret is unchanged everywhere\./),
    ]);
    expectOnlyMasked(world, twice, [made?.secret ?? '', APP_TOKEN]);
  });

  test('a destination that cannot be written: found before anything is made, every public key read first', async () => {
    const run = await rotate(world, { environments: 'release\nnowhere' });
    expect(run.exitCode).toBe(1);
    expect(world.client.credentials).toHaveLength(1);
    expect(world.service.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(world.github.calls()).toEqual([
      'GET /repos/octo/provider/environments/release/secrets/public-key',
      'GET /repos/octo/provider/environments/nowhere/secrets/public-key',
    ]);
    expect(errorLines(run)).toEqual([
      expect.stringMatching(
        /^::error::the secret PROVIDER_CLIENT_SECRET of the environment nowhere of octo\/provider cannot be written: GitHub has no environment nowhere/,
      ),
      '::error::Nothing was created: the current secret is unchanged everywhere.',
    ]);
    expectOnlyMasked(world, run, [PORTAL_SECRET, APP_TOKEN]);
  });

  test('GitHub failing for a moment (a 503 on a public key, a PUT reset): each tried again, the rotation goes through', async () => {
    world.github.fail({ method: 'GET', path: /release\/secrets\/public-key$/, status: 503 });
    world.github.fail({ method: 'PUT', path: /release\/secrets\/PROVIDER_CLIENT_SECRET$/, reset: true });
    const run = await rotate(world, { environments: 'release' });
    expect(run.exitCode).toBe(0);
    expect(await opened(world, 'release')).toBe(world.client.credentials[1]?.secret);
    expect(run.stdout).toMatch(/answered HTTP 503: .*Attempt 1 of 5 failed; trying again in/);
    expectOnlyMasked(world, run, [PORTAL_SECRET, world.client.credentials[1]?.secret ?? '', APP_TOKEN]);
  });

  test('the first store fails (GitHub answers 500 to every try): the new credential deleted, every environment unchanged', async () => {
    world.github.fail({ method: 'PUT', path: /release\/secrets\/PROVIDER_CLIENT_SECRET$/, status: 500, times: 5 });
    const run = await rotate(world, { environments: ALL });
    expect(run.exitCode).toBe(1);
    expect(world.client.credentials.map((c) => c.secret)).toEqual([PORTAL_SECRET]);
    for (const environment of ['release', 'scope-watch', 'scope-review'])
      expect(await opened(world, environment)).toBeUndefined();
    expect(errorLines(run)).toEqual([
      expect.stringMatching(
        /^::error::Could not store the new secret in the secret PROVIDER_CLIENT_SECRET of the environment release of octo\/provider: .*HTTP 500: .*\(gave up after 5 attempts\)$/,
      ),
      expect.stringMatching(
        /^::error::The new credential ".*" \(id .*\) was deleted\. Every destination still holds the current secret\.$/,
      ),
    ]);
    expect(run.outputs).toEqual({});
    expectOnlyMasked(world, run, [PORTAL_SECRET, APP_TOKEN]);
  });

  test('a later store fails: the new credential kept, nothing retired, each environment and its secret named; a second run completes it', async () => {
    const first = await rotate(world, { environments: ALL });
    const a = world.client.credentials[1];
    world.github.fail({ method: 'PUT', path: /scope-watch\/secrets\/PROVIDER_CLIENT_SECRET$/, status: 403 });
    const second = await rotate(world, { environments: ALL }, a?.secret);
    expect([first.exitCode, second.exitCode]).toEqual([0, 1]);
    const b = world.client.credentials[2];
    // Both secrets work; nothing retired.
    expect(world.client.credentials.map((c) => c.secret)).toEqual([PORTAL_SECRET, a?.secret, b?.secret]);
    expect([
      await opened(world, 'release'),
      await opened(world, 'scope-watch'),
      await opened(world, 'scope-review'),
    ]).toEqual([b?.secret, a?.secret, a?.secret]);
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
    expectOnlyMasked(world, second, [a?.secret ?? '', b?.secret ?? '', APP_TOKEN]);

    age(world, 2);
    const third = await rotate(world, { environments: ALL }, b?.secret);
    expect(third.exitCode).toBe(0);
    const c = world.client.credentials.at(-1);
    expect([
      await opened(world, 'release'),
      await opened(world, 'scope-watch'),
      await opened(world, 'scope-review'),
    ]).toEqual([c?.secret, c?.secret, c?.secret]);
    // retire: later keeps the one in use (b, whose secret the run held) and, an hour on, retires a.
    expect(third.outputs.retired).toBe(JSON.stringify([a?.id]));
    expect(world.client.credentials.map((x) => x.id)).toEqual([world.client.credentials[0]?.id, b?.id, c?.id]);
  });

  test('a retirement that fails: exit 1 after storing, the credential to delete by hand named', async () => {
    const portal = world.client.credentials[0];
    world.service.inject({ method: 'DELETE', status: 403 });
    const run = await rotate(world, { environments: 'release', retire_id: portal?.id ?? '' });
    expect(run.exitCode).toBe(1);
    const made = world.client.credentials[1];
    expect(world.client.credentials.map((c) => c.id)).toEqual([portal?.id, made?.id]);
    expect(await opened(world, 'release')).toBe(made?.secret);
    expect(run.outputs).toEqual({ credential_id: made?.id, retired: '[]' });
    const [error, ...more] = errorLines(run);
    expect(more).toEqual([]);
    expect(error).toContain(
      `::error::Could not retire the credential "Created in the developer portal" (id ${portal?.id}, created ${portal?.created}): `,
    );
    expect(error).toMatch(/HTTP 403.*\. Delete it by hand in the developer portal\.$/);
    expectOnlyMasked(world, run, [PORTAL_SECRET, made?.secret ?? '', APP_TOKEN]);
  });

  test('the current secret rejected (401): nothing created, GitHub not even asked, the portal steps', async () => {
    const run = await rotate(world, { environments: 'release' }, 'a-secret-deleted-in-the-portal');
    expect(run.exitCode).toBe(1);
    expect(world.client.credentials.map((c) => c.secret)).toEqual([PORTAL_SECRET]);
    expect(world.github.calls()).toEqual([]);
    expect(errorLines(run)).toEqual([
      expect.stringMatching(
        /HTTP 401.* Nothing was created\. A rotation needs a secret that works: a secret deleted in the developer portal can only be replaced there\. Open the app in the developer portal, generate a new secret, store it where the deployed provider and client_secret read it, deploy, then rotate from there \(docs\/rotation\.md\)\.$/,
      ),
    ]);
    expectOnlyMasked(world, run, ['a-secret-deleted-in-the-portal', APP_TOKEN]);
  });

  test('a 403 on the credential calls under auth: basic names auth: token, with no fallback; with it, the rotation goes through', async () => {
    await world.service.stop();
    world.service = new EmbeddedAuthService({ basicCredentials: 'refused' });
    await world.service.start();
    world.client = world.service.addClient({ secret: PORTAL_SECRET });
    const basic = await rotate(world, { environments: 'release' });
    expect(basic.exitCode).toBe(1);
    expect(world.client.credentials).toHaveLength(1);
    expect(world.service.requests.map((r) => r.auth)).toEqual(['basic']);
    expect(errorLines(basic)).toEqual([expect.stringMatching(/HTTP 403.* Nothing was created\. .*use auth: token\.$/)]);
    expectOnlyMasked(world, basic, [PORTAL_SECRET, APP_TOKEN]);

    const token = await rotate(world, { environments: 'release', auth: 'token' });
    expect(token.exitCode).toBe(0);
    expect(await opened(world, 'release')).toBe(world.client.credentials[1]?.secret);
    expectOnlyMasked(world, token, [
      PORTAL_SECRET,
      world.client.credentials[1]?.secret ?? '',
      APP_TOKEN,
      ...world.service.issuedTokens(),
    ]);
  });
});
