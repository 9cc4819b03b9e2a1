/** End to end, `on_drift: update`: one PUT each run that needs it, none after; the plan in a dry run. The PUT's faults: update-faults.test.ts. */
import { afterEach, beforeEach, expect, test } from '@jest/globals';
import { GROUPS_SCOPE_STRING } from '../../dev/auth-service.ts';
import { annotations, expectNoForgedCommand, Harness, SPEC, TRANSFER_SCOPE_ID } from '../support/harness.ts';
import { CHANGED, clientScopes, puts, seedCreated, update } from '../support/update.ts';

let h: Harness;
beforeEach(async () => {
  h = await Harness.start({}, ['provider.example.org']);
});
afterEach(() => h.stop());

/** The provider's scope and its FQDN variant, as a first run makes them (the other tests seed them: seedCreated). */
async function created(): Promise<void> {
  const first = await h.run();
  expect(first.exitCode).toBe(0);
  expect(clientScopes(h)).toHaveLength(2);
}

test('a changed description: one PUT per scope of the same suffix (the FQDN variant too), then none', async () => {
  await created();
  const before = h.service.requests.length;
  const result = await update(h);
  expect(result.exitCode).toBe(0);
  expect(result.outputs.updated).toBe('true');
  expect(puts(h).sort()).toEqual(
    clientScopes(h)
      .map((s) => `/v2/api/scopes/${s.id}`)
      .sort(),
  );
  expect(clientScopes(h).map((s) => s.description)).toEqual(['Runs better actions', 'Runs better actions']);
  // Round trips: the first (inspection and lookups) and the PUTs, whose answers verify.
  expect(
    h.service.requests.slice(before).filter((r) => r.method === 'GET' && /^\/v2\/api\/scopes\/./.test(r.path)),
  ).toEqual([]);
  expect(result.stdout).toContain('Updated description from "Runs example actions" to "Runs better actions"');
  expect(result.summary).toContain('#### Updated by this run');
  h.expectNoLeak(result);
  expectNoForgedCommand(result);

  const again = await update(h);
  expect([again.exitCode, again.outputs.updated]).toEqual([0, 'false']);
  expect(puts(h)).toHaveLength(2);
});

test('a changed dependent list, given by string: resolved to ids and applied, with the consent note', async () => {
  seedCreated(h);
  // The transfer scope, now by its string and no longer optional.
  const changed = SPEC.replace(`${TRANSFER_SCOPE_ID}\n    optional: true`, 'https://transfer.example.org/scopes/all');
  expect(changed).toContain(GROUPS_SCOPE_STRING);
  const result = await update(h, changed);
  expect(result.exitCode).toBe(0);
  for (const scope of clientScopes(h)) {
    expect(scope.dependent_scopes).toContainEqual({
      scope: TRANSFER_SCOPE_ID,
      optional: false,
      requires_refresh_token: true,
    });
  }
  expect(puts(h)).toHaveLength(2);
  // Made required: its users may be asked again.
  expect(result.stdout).toMatch(
    /Updated dependent_scopes from .* \(users of the provider may have to consent again before it can use a dependent scope that is added, made required or made to require a refresh token\)/,
  );
});

test('a changed suffix fails before any write, naming scope_suffix', async () => {
  seedCreated(h);
  const result = await update(h, `${CHANGED}scope_suffix: other\n`);
  expect(result.exitCode).toBe(1);
  expect(annotations(result)).toEqual([
    expect.stringMatching(
      /^::error::scope_suffix: the spec says "other", the client's scope has "action_all", and an update cannot change it/,
    ),
  ]);
  expect(puts(h)).toEqual([]);
});

test('a dry run is the plan: nothing written, each field as it is and as it would become', async () => {
  seedCreated(h);
  const result = await update(h, CHANGED, { dry_run: 'true' });
  expect(result.exitCode).toBe(0);
  expect(puts(h)).toEqual([]);
  expect(result.outputs.updated).toBe('false');
  expect(result.stdout).toContain(
    'Dry run: description would change from "Runs example actions" to "Runs better actions"',
  );
  expect(result.summary).toContain('### Dry run: the provider scope would be updated');
  expect(result.summary).toContain('| Field | Before | Would become |\n|---|---|---|\n');
});
