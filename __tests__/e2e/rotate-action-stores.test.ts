/**
 * The rotation action's stores, end to end (__tests__/support/rotation-action.ts): a write
 * GitHub applied whose answer never came back, a write refused on the first destination and
 * on a later one, and a listing that fails once every destination holds the new secret. Each
 * asserts what every GitHub secret holds and whether it authenticates, which credentials the
 * client has, the outputs, the summary and that no secret is in the open.
 */
import { describe, expect, test } from '@jest/globals';
import {
  APP_TOKEN,
  ENVIRONMENTS,
  PORTAL_SECRET,
  authenticates,
  errorLines,
  expectOnlyMasked,
  held,
  opened,
  rotate,
  summaryName,
  useWorld,
} from '../support/rotation-action.ts';

const world = useWorld();
const ALL = ENVIRONMENTS.join('\n');
const where = (environment: string) =>
  `the secret PROVIDER_CLIENT_SECRET of the environment ${environment} of octo/provider`;

describe('a write GitHub applied, its answer lost: the new credential kept, the destination named as one that may hold it', () => {
  test.each([
    ['a gateway answers 502 to every try', [{ status: 502, apply: true, times: 5 }]],
    // The reset once only: without a Retry-After, each try after it waits the policy's backoff.
    [
      'the connection reset after the first, a 502 after the others',
      [{ loseAnswer: true }, { status: 502, apply: true, times: 4 }],
    ],
  ])('%s: exit 1, nothing retired, the secret GitHub holds authenticates', async (_name, faults) => {
    for (const fault of faults)
      world.github.fail({ method: 'PUT', path: /release\/secrets\/PROVIDER_CLIENT_SECRET$/, ...fault });
    const run = await rotate(world, { environments: ALL });
    const [portal, made] = world.client.credentials;
    expect(run.exitCode).toBe(1);
    expect(world.client.credentials.map((c) => c.secret)).toEqual([PORTAL_SECRET, made?.secret]);
    // The first destination: GitHub holds the new secret, and it works; the others were not written.
    expect(await held(world)).toEqual([
      { environment: 'release', secret: made?.secret, works: true },
      { environment: 'scope-watch', secret: undefined, works: false },
      { environment: 'scope-review', secret: undefined, works: false },
    ]);
    expect(run.outputs).toEqual({ credential_id: made?.id, retired: '[]' });
    expect(errorLines(run)).toEqual([
      expect.stringMatching(`^::error::Could not store the new secret in ${where('release')}: .*GitHub may hold`),
      expect.stringContaining(
        `Now ${where('release')} may hold the new secret or the current one (its answer was lost), and ${where('scope-watch')}, ${where('scope-review')} still hold the current one.`,
      ),
    ]);
    expect(run.summary).toMatch(/^### Rotation failed: Could not store the new secret in /);
    expect(run.summary).toContain(
      `| ${summaryName('release')} | unknown: the new secret (credential <code>${made?.id}</code>) or the current one (the answer to its write was lost) |`,
    );
    expect(run.summary).toContain(
      `| ${summaryName('scope-review')} | the current secret, the one this run started with |`,
    );
    expect(run.summary).toContain('- Both secrets work and nothing was retired.');
    expect(portal?.secret).toBe(PORTAL_SECRET);
    expectOnlyMasked(world, run, [PORTAL_SECRET, made?.secret, APP_TOKEN]);
  });

  test('a 502 once, after GitHub applied it: sent again, stored, and the rotation goes through', async () => {
    world.github.fail({ method: 'PUT', path: /release\/secrets\/PROVIDER_CLIENT_SECRET$/, status: 502, apply: true });
    const run = await rotate(world, { environments: 'release' });
    const made = world.client.credentials[1];
    expect(run.exitCode).toBe(0);
    expect(await held(world, ['release'])).toEqual([{ environment: 'release', secret: made?.secret, works: true }]);
    expect(world.github.calls().filter((c) => c.startsWith('PUT'))).toHaveLength(2);
    expect(run.outputs).toEqual({ credential_id: made?.id, retired: '[]' });
    expect(run.summary).toContain(
      `| ${summaryName('release')} | the new secret (credential <code>${made?.id}</code>) |`,
    );
    expectOnlyMasked(world, run, [PORTAL_SECRET, made?.secret, APP_TOKEN]);
  });
});

describe('a write GitHub refused', () => {
  test.each([403, 422])(
    'on the first destination (%i): the new credential deleted, every environment as it was',
    async (status) => {
      world.github.fail({ method: 'PUT', path: /release\/secrets\/PROVIDER_CLIENT_SECRET$/, status });
      const run = await rotate(world, { environments: ALL });
      expect(run.exitCode).toBe(1);
      expect(world.client.credentials.map((c) => c.secret)).toEqual([PORTAL_SECRET]);
      expect((await held(world)).map((h) => h.secret)).toEqual([undefined, undefined, undefined]);
      expect(world.github.calls().filter((c) => c.startsWith('PUT'))).toHaveLength(1);
      expect(run.outputs).toEqual({});
      expect(errorLines(run)[1]).toMatch(
        /The new credential ".*" \(id .*\) was deleted\. Every destination still holds the current secret\.$/,
      );
      expect(run.summary).toContain('| New credential | none kept: no destination holds a secret of this run |');
      for (const environment of ENVIRONMENTS)
        expect(run.summary).toContain(
          `| ${summaryName(environment)} | the current secret, the one this run started with |`,
        );
      expectOnlyMasked(world, run, [PORTAL_SECRET, APP_TOKEN]);
    },
  );

  test.each([403, 422])(
    'on a later one (%i): the new credential kept, nothing retired, the outputs set',
    async (status) => {
      world.github.fail({ method: 'PUT', path: /scope-review\/secrets\/PROVIDER_CLIENT_SECRET$/, status });
      const run = await rotate(world, { environments: ALL });
      const made = world.client.credentials[1];
      expect(run.exitCode).toBe(1);
      expect(world.client.credentials.map((c) => c.secret)).toEqual([PORTAL_SECRET, made?.secret]);
      expect(await held(world)).toEqual([
        { environment: 'release', secret: made?.secret, works: true },
        { environment: 'scope-watch', secret: made?.secret, works: true },
        { environment: 'scope-review', secret: undefined, works: false },
      ]);
      expect(await authenticates(world, PORTAL_SECRET)).toBe(true);
      expect(run.outputs).toEqual({ credential_id: made?.id, retired: '[]' });
      expect(run.summary).toContain(
        `| ${summaryName('scope-review')} | the current secret, the one this run started with |`,
      );
      expectOnlyMasked(world, run, [PORTAL_SECRET, made?.secret, APP_TOKEN]);
    },
  );
});

test('the credentials cannot be read again once every destination holds the new secret: nothing retired, the outputs set, the message says it is stored everywhere', async () => {
  // As the last store arrives, the service starts refusing the listing (a 403 is not tried again).
  world.github.fail({
    method: 'PUT',
    path: /scope-review\/secrets\/PROVIDER_CLIENT_SECRET$/,
    before: () => world.service.inject({ method: 'GET', path: /\/credentials$/, status: 403 }),
  });
  const run = await rotate(world, { environments: ALL });
  const made = world.client.credentials[1];
  expect(run.exitCode).toBe(1);
  expect(world.client.credentials.map((c) => c.secret)).toEqual([PORTAL_SECRET, made?.secret]);
  expect((await held(world)).map((h) => [h.secret, h.works])).toEqual(Array(3).fill([made?.secret, true]));
  expect(run.outputs).toEqual({ credential_id: made?.id, retired: '[]' });
  expect(errorLines(run)).toEqual([
    expect.stringMatching(
      `^::error::The new secret is stored in ${ENVIRONMENTS.map(where).join(', ')}, but the credentials could not be read again to confirm it before retiring: .*403.* Nothing was retired: the new credential ".*" \\(id ${made?.id}, created .*\\) and every other are kept\\. Run the step again with the new secret to retire what is unused\\.$`,
    ),
  ]);
  expect(run.summary).toMatch(/^### Rotation failed: The new secret is stored in /);
  expect(run.summary).toContain('Nothing was retired.');
  expect(await opened(world, 'release')).toBe(made?.secret);
  expectOnlyMasked(world, run, [PORTAL_SECRET, made?.secret, APP_TOKEN]);
});
