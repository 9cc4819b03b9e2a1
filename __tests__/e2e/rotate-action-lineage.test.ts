/**
 * The rotation action beside credentials earlier runs left, end to end
 * (__tests__/support/rotation-action.ts): the rule retires only what the run knows is unused
 * (engine/reconcile/lineage.ts). An orphan made from the run's own secret goes once it is an hour old;
 * two of the tool's made from one secret (the run cannot tell which is in use) both stay.
 */
import { expect, test } from '@jest/globals';
import { credentialName, fingerprintOf } from '../../src/engine/reconcile/lineage.ts';
import {
  APP_TOKEN,
  PORTAL_SECRET,
  age,
  expectOnlyMasked,
  held,
  rotate,
  secretOf,
  useWorld,
} from '../support/rotation-action.ts';

const world = useWorld();

/** A credential as an earlier run of the tool would have named it, made from `secret`. */
const toolsFrom = (secret: string, token: string) =>
  world.service.addCredential(world.client.id, {
    name: credentialName(Date.now(), token, fingerprintOf(world.client.id, secret)),
  });

test('orphans made from the secret this run holds: one an hour old retired, one made within the hour kept (maybe a rotation in flight)', async () => {
  const old = toolsFrom(PORTAL_SECRET, 'orphan1');
  age(world, 2);
  const recent = toolsFrom(PORTAL_SECRET, 'orphan2');
  const run = await rotate(world, { environments: 'release' });
  expect(run.exitCode).toBe(0);
  expect(JSON.parse(run.outputs.retired ?? '')).toEqual([old.id]);
  expect(world.client.credentials.map((c) => c.id)).toEqual([
    world.client.credentials[0]?.id,
    recent.id,
    run.outputs.credential_id,
  ]);
  expect(run.summary).toMatch(
    new RegExp(
      `\\| <code>${recent.id}</code> \\| .* \\| yes \\| made by this tool from the secret this run holds: .* \\| kept: made in the last hour, it may belong to another rotation in flight; a later rotation retires it \\|`,
    ),
  );
  expect(run.summary).toMatch(new RegExp(`\\| <code>${old.id}</code> \\| .* \\| \\*\\*retired\\*\\* \\|`));
  expect(await held(world, ['release'])).toEqual([
    { environment: 'release', secret: secretOf(world, run.outputs.credential_id), works: true },
  ]);
  expectOnlyMasked(world, run, [PORTAL_SECRET, secretOf(world, run.outputs.credential_id), APP_TOKEN]);
});

test('two of the tool’s made from one secret: either may be in use, both kept and said; an older one of the tool’s retired', async () => {
  const older = toolsFrom('a-secret-long-gone-0', 'older1');
  const [one, two] = [toolsFrom('the-secret-deployed-1', 'sib1'), toolsFrom('the-secret-deployed-1', 'sib2')];
  age(world, 2);
  const run = await rotate(world, { environments: 'release' });
  expect(run.exitCode).toBe(0);
  expect(JSON.parse(run.outputs.retired ?? '')).toEqual([older.id]);
  expect(world.client.credentials.map((c) => c.id)).toEqual([
    world.client.credentials[0]?.id,
    one.id,
    two.id,
    run.outputs.credential_id,
  ]);
  for (const sibling of [one, two])
    expect(run.summary).toMatch(
      new RegExp(
        `\\| <code>${sibling.id}</code> \\| .* \\| yes \\| made by this tool, maybe the one in use: .* \\| kept: it may be the one in use \\|`,
      ),
    );
  expect(run.stdout).toContain(
    'The run cannot tell which of those made from the same secret the deployed provider holds',
  );
  expectOnlyMasked(world, run, [PORTAL_SECRET, secretOf(world, run.outputs.credential_id), APP_TOKEN]);
});
