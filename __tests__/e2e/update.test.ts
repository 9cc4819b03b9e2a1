/** End to end, `on_drift: update`: one PUT each run that needs it, none after; the plan in a dry run; the PUT's faults. */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { GROUPS_SCOPE_STRING } from '../../dev/auth-service.ts';
import { annotations, expectNoForgedCommand, Harness, SPEC, SPEC_FILE, TRANSFER_SCOPE_ID } from '../support/harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await Harness.start({}, ['provider.example.org']);
});
afterEach(() => h.stop());

const CHANGED = SPEC.replace('description: Runs example actions', 'description: Runs better actions');
const update = (files: string = CHANGED, inputs: Record<string, string> = {}) => h.run({ files: { [SPEC_FILE]: files }, inputs: { on_drift: 'update', ...inputs } });
const puts = (): string[] => h.service.requests.filter((r) => r.method === 'PUT').map((r) => r.path);
const clientScopes = () => [...h.service.scopes.values()].filter((s) => s.client === h.client.id);

/** The provider's scope and its FQDN variant, as a first run made them. */
async function created(): Promise<void> {
  const first = await h.run();
  expect(first.exitCode).toBe(0);
  expect(clientScopes()).toHaveLength(2);
}

test('a changed description: one PUT per scope of the same suffix (the FQDN variant too), then none', async () => {
  await created();
  const before = h.service.requests.length;
  const result = await update();
  expect(result.exitCode).toBe(0);
  expect(result.outputs.updated).toBe('true');
  expect(puts().sort()).toEqual(clientScopes().map((s) => `/v2/api/scopes/${s.id}`).sort());
  expect(clientScopes().map((s) => s.description)).toEqual(['Runs better actions', 'Runs better actions']);
  // Round trips: the first (inspection and lookups) and the PUTs, whose answers verify.
  expect(h.service.requests.slice(before).filter((r) => r.method === 'GET' && /^\/v2\/api\/scopes\/./.test(r.path))).toEqual([]);
  expect(result.stdout).toContain('Updated description from "Runs example actions" to "Runs better actions"');
  expect(result.summary).toContain('#### Updated by this run');
  h.expectNoLeak(result);
  expectNoForgedCommand(result);

  const again = await update();
  expect([again.exitCode, again.outputs.updated]).toEqual([0, 'false']);
  expect(puts()).toHaveLength(2);
});

test('a changed dependent list, given by string: resolved to ids and applied, with the consent note', async () => {
  await created();
  // The transfer scope, now by its string and no longer optional.
  const changed = SPEC.replace(`${TRANSFER_SCOPE_ID}\n    optional: true`, 'https://transfer.example.org/scopes/all');
  expect(changed).toContain(GROUPS_SCOPE_STRING);
  const result = await update(changed);
  expect(result.exitCode).toBe(0);
  for (const scope of clientScopes()) {
    expect(scope.dependent_scopes).toContainEqual({ scope: TRANSFER_SCOPE_ID, optional: false, requires_refresh_token: true });
  }
  expect(puts()).toHaveLength(2);
  expect(result.stdout).toMatch(/Updated dependent_scopes from .* \(users of the provider may have to consent again before it can use a new dependent scope for them\)/);
});

test('a changed suffix fails before any write, naming scope_suffix', async () => {
  await created();
  const result = await update(`${CHANGED}scope_suffix: other\n`);
  expect(result.exitCode).toBe(1);
  expect(annotations(result)).toEqual([expect.stringMatching(/^::error::scope_suffix: the spec says "other", the client's scope has "action_all", and on_drift: update cannot change it/)]);
  expect(puts()).toEqual([]);
});

test('a dry run is the plan: nothing written, each field as it is and as it would become', async () => {
  await created();
  const result = await update(CHANGED, { dry_run: 'true' });
  expect(result.exitCode).toBe(0);
  expect(puts()).toEqual([]);
  expect(result.outputs.updated).toBe('false');
  expect(result.stdout).toContain('Dry run: description would change from "Runs example actions" to "Runs better actions"');
  expect(result.summary).toContain('### Dry run: the provider scope would be updated');
  expect(result.summary).toContain('| Field | Before | Would become | |');
});

describe("the PUT's faults", () => {
  test('503, then success: retried like a read', async () => {
    await created();
    h.service.inject({ method: 'PUT', status: 503 });
    const result = await update();
    expect(result.exitCode).toBe(0);
    expect(result.outputs.updated).toBe('true');
    expect(puts()).toHaveLength(3); // the 503, then one for each scope
    h.expectNoLeak(result);
  });

  test('404: the scope was deleted meanwhile, a clear error', async () => {
    await created();
    h.service.inject({ method: 'PUT', status: 404, times: 2 });
    const result = await update();
    expect(result.exitCode).toBe(1);
    expect(annotations(result)).toEqual([expect.stringMatching(/Scope update \(PUT \/v2\/api\/scopes\/.*\) failed with HTTP 404: the scope no longer exists \(deleted since the inspection\?\): run the step again, and it will be created anew/)]);
    h.expectNoLeak(result);
  });

  test('a lost answer: sent again (idempotent), and the scope is right', async () => {
    await created();
    h.service.inject({ method: 'PUT', loseAnswer: true });
    const result = await update();
    expect(result.exitCode).toBe(0);
    expect(clientScopes().map((s) => s.description)).toEqual(['Runs better actions', 'Runs better actions']);
    h.expectNoLeak(result);
  });

  test('a field the service ignores in the update fails the step, naming it', async () => {
    await h.stop();
    h = await Harness.start({ ignoredFields: ['description'] }, []);
    h.addSpecifiedScope();
    const result = await update();
    expect(result.exitCode).toBe(1);
    expect(annotations(result)).toEqual([expect.stringMatching(/^::error title=Scope drift%3A description::The service kept the scope with description "Runs example actions", although the update asked for "Runs better actions"/)]);
  });
});
