/**
 * The rotation action beside others, end to end (__tests__/support/rotation-action.ts): two
 * runs interleaved (the fake GitHub holds one run's write while the other completes), the new
 * credential deleted by someone between its store and the retirement, a dry run, and several
 * credentials retired by id. Whatever the order, every destination ends holding a secret that
 * authenticates, and no run exits 0 unless the secret it stored authenticates.
 */
import { describe, expect, test } from '@jest/globals';
import type { ActionRun } from '../../dev/runner.ts';
import {
  APP_TOKEN,
  PORTAL_SECRET,
  type World,
  authenticates,
  errorLines,
  expectOnlyMasked,
  held,
  rotate,
  secretOf,
  summaryName,
  useWorld,
} from '../support/rotation-action.ts';

const world = useWorld();
const TWO = ['release', 'scope-watch'];

/** A run that exits 0 stored a secret that authenticates: its credential is still there. */
async function expectHonest(w: World, run: ActionRun): Promise<void> {
  if (run.exitCode !== 0) return;
  expect(await authenticates(w, secretOf(w, run.outputs.credential_id))).toBe(true);
}

describe('two runs at once, each started with the same secret: run A writes its first destination, held there while run B completes', () => {
  test.each(['later', 'now'])('B with retire: %s', async (retire) => {
    const hold = world.github.hold('PUT', /release\/secrets\/PROVIDER_CLIENT_SECRET$/);
    const runA = rotate(world, { environments: TWO.join('\n') });
    await hold.arrived;
    const b = await rotate(world, { environments: TWO.join('\n'), retire });
    hold.release();
    const a = await runA;
    const [idA, idB] = [a.outputs.credential_id, b.outputs.credential_id];
    expect(b.exitCode).toBe(0);
    // Every destination holds a secret that authenticates; each run that exits 0 stored one that does.
    for (const place of await held(world, TWO)) expect(place).toEqual({ ...place, works: true });
    await expectHonest(world, a);
    await expectHonest(world, b);
    if (retire === 'later') {
      // B kept A's credential: made from the same secret in the last hour, it may be a rotation in flight.
      expect(a.exitCode).toBe(0);
      expect(world.client.credentials.map((c) => c.id)).toEqual([world.client.credentials[0]?.id, idA, idB]);
      expect(b.stdout).toMatch(/made in the last hour, it may belong to another rotation in flight/);
      expect((await held(world, TWO)).map((p) => p.secret)).toEqual([secretOf(world, idA), secretOf(world, idA)]);
    } else {
      // B retired A's while A's write was held: A finds its credential gone, stores back the secret it started with.
      expect(a.exitCode).toBe(1);
      expect(b.outputs.retired).toBe(JSON.stringify([idA]));
      expect((await held(world, TWO)).map((p) => p.secret)).toEqual([PORTAL_SECRET, PORTAL_SECRET]);
      expect(errorLines(a)[0]).toMatch(/is gone from the client after this run stored its secret: another rotation/);
      expect(a.summary).toContain(
        `| ${summaryName('release')} | the secret this run started with, stored back: the new credential is gone |`,
      );
    }
    expectOnlyMasked(world, a, [PORTAL_SECRET, APP_TOKEN]);
    expectOnlyMasked(world, b, [PORTAL_SECRET, secretOf(world, idB), APP_TOKEN]);
  });
});

test('the new credential deleted by someone as its secret is stored: the starting secret stored back, nothing retired, exit 1, said', async () => {
  world.github.fail({
    method: 'PUT',
    path: /release\/secrets\/PROVIDER_CLIENT_SECRET$/,
    before: () => void world.client.credentials.pop(),
  });
  const run = await rotate(world, { environments: 'release' });
  expect(run.exitCode).toBe(1);
  expect(world.client.credentials.map((c) => c.secret)).toEqual([PORTAL_SECRET]);
  expect(await held(world, ['release'])).toEqual([{ environment: 'release', secret: PORTAL_SECRET, works: true }]);
  expect(world.service.requests.filter((r) => r.method === 'DELETE')).toEqual([]);
  expect(errorLines(run)).toEqual([
    expect.stringMatching(
      /^::error::The new credential ".*" \(id .*\) is gone from the client after this run stored its secret: another rotation running at the same time, or a person, deleted it\. Nothing was retired\.$/,
    ),
    '::error::Stored the secret this run started with back in the secret PROVIDER_CLIENT_SECRET of the environment release of octo/provider: it still works.',
  ]);
  expect(run.summary).toMatch(/^### Rotation failed: The new credential .* is gone from the client/);
  expect(run.summary).toContain('make sure no other rotation runs at the same time');
  expectOnlyMasked(world, run, [PORTAL_SECRET, APP_TOKEN]);
});

test('a dry run: the credentials listed, nothing created, stored or deleted, GitHub not asked, exit 0, the summary written', async () => {
  const hand = world.service.addCredential(world.client.id, { name: 'made by hand @someone' });
  const run = await rotate(world, { dry_run: 'true', environments: 'release', github_token: '' });
  expect(run.exitCode).toBe(0);
  expect(world.client.credentials.map((c) => c.id)).toEqual([world.client.credentials[0]?.id, hand.id]);
  expect(world.service.requests.map((r) => r.method)).toEqual(['GET']);
  expect(world.github.requests).toEqual([]);
  expect(run.outputs).toEqual({});
  expect(run.stdout).toContain(
    `- "made by hand @someone" (id ${hand.id}, created ${hand.created}): not made by this tool;`,
  );
  expect(run.summary.split('\n')[0]).toBe(
    "### Dry run: the client's credentials as a rotation would judge them; nothing was created, stored or deleted",
  );
  expect(run.summary).toContain(`| <code>${hand.id}</code> | made by hand \\@\u2060someone |`);
  expectOnlyMasked(world, run, [PORTAL_SECRET]);
});

test('retire_id on several lines: each retired once the new secret is stored; the output lists them', async () => {
  const one = world.service.addCredential(world.client.id, { name: 'made by hand' });
  const two = world.service.addCredential(world.client.id, { name: 'made by a script' });
  const run = await rotate(world, { environments: 'release', retire_id: `${one.id}\n${two.id}\n` });
  const made = world.client.credentials.at(-1);
  expect(run.exitCode).toBe(0);
  expect(JSON.parse(run.outputs.retired ?? '')).toEqual([one.id, two.id]);
  expect(world.client.credentials.map((c) => c.secret)).toEqual([PORTAL_SECRET, made?.secret]);
  expect(await held(world, ['release'])).toEqual([{ environment: 'release', secret: made?.secret, works: true }]);
  expect(run.summary).toMatch(/is stored in every destination, 2 retired\n/);
  expectOnlyMasked(world, run, [PORTAL_SECRET, made?.secret, APP_TOKEN]);
});
