/**
 * reconcileScope against an in-memory service that records every call: which calls the
 * reconciliation makes, in which order, with which arguments, and what it concludes.
 */
import { beforeEach, describe, expect, test } from '@jest/globals';
import { createBudget } from '../../src/wire/budget.ts';
import { ActionError } from '../../src/wire/errors.ts';
import { reconcileScope } from '../../src/engine/reconcile.ts';
import { silentLog } from '../../src/wire/log.ts';
import { DEFAULT_RETRY_POLICY } from '../../src/wire/retry.ts';
import type { AuthService, Scope } from '../../src/engine/service.ts';
import { scopeSpecSchema, type ScopeSpec } from '../../src/engine/spec.ts';
import type { Uuid } from '../../src/wire/uuid.ts';
import { fakeClock } from '../support/clock.ts';
import { FakeService as InMemoryService, type FakeOptions, type Unsettled } from '../support/fake-service.ts';
import { id, nthUuid as uuid } from '../support/ids.ts';
import { rejectionOf } from '../support/rejection.ts';

const AUTH_URL = 'https://auth.example.test';
const CLIENT_ID = id('7f3c9a2e-1b4d-4e8f-9a6b-2c5d8e1f0a3b');
const EXPECTED = `${AUTH_URL}/scopes/${CLIENT_ID}/action_all`;
const OTHER_SERVICE = 'https://auth.example.test/scopes/9d5e1c2a-0b3f-4a6d-8e7c-1f2a3b4c5d6e';
const TRANSFER = `${OTHER_SERVICE}/transfer`;
const COMPUTE = 'urn:platform:scopes:compute:all';
const GROUPS_ID = id('73320ffe-4cb4-4b25-a0a3-83d53d59ce4f');
const expectedScopeString = (suffix: string): string => `${AUTH_URL}/scopes/${CLIENT_ID}/${suffix}`;

const scope = (scopeId: Uuid, scopeString: string): Scope => ({ id: scopeId, scope_string: scopeString, name: `Scope ${scopeString}` });

/** The in-memory service, for this file's client. */
class FakeService extends InMemoryService {
  constructor(options: Omit<FakeOptions, 'authUrl' | 'clientId'> = {}) {
    super({ authUrl: AUTH_URL, clientId: CLIENT_ID, ...options });
  }
}

/** Scopes of other services that dependent scopes refer to. */
const TRANSFER_SCOPE = scope(uuid(101), TRANSFER);
const COMPUTE_SCOPE = scope(uuid(102), COMPUTE);
const GROUPS_SCOPE = scope(GROUPS_ID, 'urn:platform:auth:scope:groups.api.platform.org:view_my_groups_and_memberships');

const specOf = (fields: Record<string, unknown> = {}): ScopeSpec =>
  scopeSpecSchema.parse({ name: 'My provider', description: 'Runs my actions', advertised: true, ...fields });

/** A spec with a UUID dependent, two string dependents, and non-default flags on one of them. */
const SPEC_WITH_DEPENDENTS = specOf({
  dependent_scopes: [
    { scope: GROUPS_ID.toUpperCase() },
    { scope: TRANSFER },
    { scope: COMPUTE, optional: true, requires_refresh_token: false },
  ],
});

// Resends are paced by the retry policy: on a fake clock, without waiting.
let clock = fakeClock();
beforeEach(() => {
  clock = fakeClock();
});

// A budget without a deadline that matters: these tests are about outcomes, not time.
const ensure = (service: AuthService, spec: ScopeSpec = specOf(), log?: (message: string) => void) =>
  reconcileScope(service, { spec, dryRun: false, budget: createBudget(3600, { clock }) }, log === undefined ? silentLog : { ...silentLog, info: log });

/** The ActionError the call fails with. */
const actionError = (promise: Promise<unknown>): Promise<ActionError> => rejectionOf(promise, ActionError);

const conflict = (): Unsettled => ({ kind: 'conflict', error: new ActionError('Scope creation failed with HTTP 409: the scope already exists.') });
const lost = (): Unsettled => ({ kind: 'unknown', error: new ActionError('Scope creation timed out') });

describe('a client without scope', () => {
  test('one creation with dependents as UUIDs, then a verifying inspection', async () => {
    const service = new FakeService({ scopes: [TRANSFER_SCOPE, COMPUTE_SCOPE, GROUPS_SCOPE] });
    const result = await ensure(service, SPEC_WITH_DEPENDENTS);

    expect(service.calls).toEqual([
      { method: 'getClient' },
      { method: 'lookupScopesByString', args: [EXPECTED, TRANSFER, COMPUTE] },
      { method: 'lookupScopesById', args: [GROUPS_ID] },
      {
        method: 'createScope',
        args: {
          name: 'My provider',
          description: 'Runs my actions',
          scope_suffix: 'action_all',
          advertised: true,
          allow_refresh_tokens: true,
          dependent_scopes: [
            { scope: GROUPS_ID, optional: false, requires_refresh_token: true },
            { scope: TRANSFER_SCOPE.id, optional: false, requires_refresh_token: true },
            { scope: COMPUTE_SCOPE.id, optional: true, requires_refresh_token: false },
          ],
        },
      },
      { method: 'getClient' },
    ]);
    const created = expect.objectContaining({ id: uuid(500), scope_string: EXPECTED, name: 'My provider' });
    expect(result.created).toBe(true);
    expect(result.scope).toEqual(created);
    expect(result.scopes).toEqual([created]);
    expect(result.client.id).toBe(CLIENT_ID);
    expect(result.client.name).toBe('My app');
  });

  test('without dependents: one lookup of the expected string alone', async () => {
    const service = new FakeService();
    const result = await ensure(service, specOf({ scope_suffix: 'run' }));
    expect(service.calls).toEqual([
      { method: 'getClient' },
      { method: 'lookupScopesByString', args: [`${AUTH_URL}/scopes/${CLIENT_ID}/run`] },
      { method: 'createScope', args: expect.objectContaining({ scope_suffix: 'run', dependent_scopes: [] }) },
      { method: 'getClient' },
    ]);
    expect(result.scope.scope_string).toBe(`${AUTH_URL}/scopes/${CLIENT_ID}/run`);
  });

  test('a dependent string given twice is looked up once', async () => {
    // The spec schema refuses duplicates; ensureScope does not rely on it.
    const spec: ScopeSpec = { ...specOf(), dependent_scopes: [TRANSFER, GROUPS_ID, TRANSFER].map((s) => ({ scope: s, optional: false, requires_refresh_token: true })) };
    const service = new FakeService({ scopes: [TRANSFER_SCOPE] });
    await ensure(service, spec);
    expect(service.callsOf('lookupScopesByString')).toEqual([{ method: 'lookupScopesByString', args: [EXPECTED, TRANSFER] }]);
    expect(service.callsOf('createScope')[0]?.args.dependent_scopes.map((d) => d.scope)).toEqual([TRANSFER_SCOPE.id, GROUPS_ID, TRANSFER_SCOPE.id]);
  });

  test('with an FQDN, the expected scope is the output and both are listed', async () => {
    const fqdnString = (suffix: string) => `https://provider.example.test/scopes/${CLIENT_ID}/${suffix}`;
    const service = new FakeService({ createdStrings: (suffix) => [fqdnString(suffix), expectedScopeString(suffix)] });
    const result = await ensure(service);
    expect(result.scope.scope_string).toBe(EXPECTED);
    expect(result.scopes.map((s) => s.scope_string)).toEqual([fqdnString('action_all'), EXPECTED]);
  });

  test('a created scope the client does not list afterwards is an error', async () => {
    const service = new FakeService({ createOutcomes: ['create-detached'] });
    const error = await actionError(ensure(service));
    expect(error.constructor).toBe(ActionError);
    expect(error.message).toBe(
      `The service created ${EXPECTED} (${uuid(500)}), but the client inspection that followed does not list it among the client's scopes. ` +
        'Run the step again; if it persists, inspect the client in the developer portal.',
    );
    expect(service.callNames()).toEqual(['getClient', 'lookupScopesByString', 'createScope', 'getClient']);
  });

  test('a dependent string that does not resolve: error naming it, nothing created', async () => {
    const service = new FakeService({ scopes: [TRANSFER_SCOPE] });
    const error = await actionError(ensure(service, SPEC_WITH_DEPENDENTS));
    expect(error.message).toBe(
      `dependent_scopes: no scope was found for "${COMPUTE}". Check the scope string against the service that owns it, or give the scope by its UUID. ` +
        'Nothing was created.',
    );
    expect(service.callNames()).toEqual(['getClient', 'lookupScopesByString', 'lookupScopesById']);
  });

  test('the log says a scope is being created', async () => {
    const lines: string[] = [];
    await ensure(new FakeService(), specOf(), (line) => lines.push(line));
    expect(lines).toEqual([`Client ${CLIENT_ID} has no scope: creating "My provider" (${EXPECTED})`]);
  });
});

describe('dependent scopes given by id', () => {
  const OTHER = uuid(777);
  const warnings = () => {
    const seen: Array<[ReadonlyArray<string | number>, string]> = [];
    return { seen, warn: (message: string, field: ReadonlyArray<string | number> = []) => void seen.push([field, message]) };
  };
  const run = (service: AuthService, spec: ScopeSpec, dryRun: boolean, warn: (message: string, field?: ReadonlyArray<string | number>) => void) =>
    reconcileScope(service, { spec, dryRun, budget: createBudget(3600, { clock }) }, { ...silentLog, warning: warn });

  test('an id the service shows this client is verified: no warning', async () => {
    const { seen, warn } = warnings();
    await run(new FakeService({ scopes: [GROUPS_SCOPE] }), specOf({ dependent_scopes: [{ scope: GROUPS_ID }] }), false, warn);
    expect(seen).toEqual([]);
  });

  test.each([false, true])('an id it does not show: a warning at its field before any write (dry run: %s), and the creation decides', async (dryRun) => {
    const { seen, warn } = warnings();
    const service = new FakeService({ scopes: [GROUPS_SCOPE, TRANSFER_SCOPE] });
    const spec = specOf({ dependent_scopes: [{ scope: TRANSFER }, { scope: OTHER }, { scope: GROUPS_ID }] });
    const result = await run(service, spec, dryRun, warn);
    expect(seen).toEqual([[['dependent_scopes', 1, 'scope'], expect.stringMatching(new RegExp(`^dependent_scopes: no scope with id ${OTHER} is visible to this client\\. It may not exist, or it may be another client's scope that is not advertised`))]]);
    expect(seen[0]?.[1]).toContain('the creation will decide');
    // The warning came with the first round trip's answers, before the creation was sent.
    expect(service.callsOf('createScope')).toHaveLength(dryRun ? 0 : 1);
    expect(result.wouldCreate).toBe(dryRun);
  });

  test('a creation the service refuses, with an id unverified: the error names it', async () => {
    const refused = new ActionError('Scope creation failed with HTTP 400: the service refused the request as invalid. The service said: no (error id e-1)');
    const service = new FakeService({ createOutcomes: [{ kind: 'refused', error: refused }] });
    const error = await actionError(run(service, specOf({ dependent_scopes: [{ scope: OTHER }] }), false, () => {}));
    expect(error.message).toBe(
      `${refused.message}. The dependent scope id(s) ${OTHER} could not be verified before the creation (see the warning): ` +
        'check each id with its owner, who may need to advertise the scope.',
    );
  });

  test('a refusal with every id verified is the service\'s own error, as it is', async () => {
    const refused = new ActionError('Scope creation failed with HTTP 400.');
    const service = new FakeService({ scopes: [GROUPS_SCOPE], createOutcomes: [{ kind: 'refused', error: refused }] });
    await expect(run(service, specOf({ dependent_scopes: [{ scope: GROUPS_ID }] }), false, () => {})).rejects.toBe(refused);
  });

  test('a service that answers 404 when any id is unknown: each id is asked for alone', async () => {
    const { seen, warn } = warnings();
    const service = new FakeService({ scopes: [GROUPS_SCOPE], notFoundIfAnyUnknown: true });
    await run(service, specOf({ dependent_scopes: [{ scope: GROUPS_ID }, { scope: OTHER }] }), true, warn);
    expect(service.callsOf('lookupScopesById').map((c) => c.args)).toEqual([[GROUPS_ID, OTHER], [GROUPS_ID], [OTHER]]);
    expect(seen.map(([field]) => field)).toEqual([['dependent_scopes', 1, 'scope']]);
  });
});

describe('a service that answers 404 when one string is unknown', () => {
  test('the dependents are looked up again on their own', async () => {
    const service = new FakeService({ scopes: [TRANSFER_SCOPE, COMPUTE_SCOPE, GROUPS_SCOPE], notFoundIfAnyUnknown: true });
    const result = await ensure(service, SPEC_WITH_DEPENDENTS);
    expect(service.calls.slice(0, 4)).toEqual([
      { method: 'getClient' },
      { method: 'lookupScopesByString', args: [EXPECTED, TRANSFER, COMPUTE] },
      { method: 'lookupScopesById', args: [GROUPS_ID] },
      { method: 'lookupScopesByString', args: [TRANSFER, COMPUTE] },
    ]);
    expect(service.callsOf('createScope')[0]?.args.dependent_scopes.map((d) => d.scope)).toEqual([GROUPS_ID, TRANSFER_SCOPE.id, COMPUTE_SCOPE.id]);
    expect(service.callNames().slice(4)).toEqual(['createScope', 'getClient']);
    expect(result.created).toBe(true);
  });

  test('without dependent strings there is no second lookup', async () => {
    const service = new FakeService({ scopes: [GROUPS_SCOPE], notFoundIfAnyUnknown: true });
    await ensure(service, specOf({ dependent_scopes: [{ scope: GROUPS_ID }] }));
    expect(service.callNames()).toEqual(['getClient', 'lookupScopesByString', 'lookupScopesById', 'createScope', 'getClient']);
  });

  test('a dependent that is unknown on its own too is an error', async () => {
    const service = new FakeService({ scopes: [TRANSFER_SCOPE], notFoundIfAnyUnknown: true });
    const error = await actionError(ensure(service, SPEC_WITH_DEPENDENTS));
    // The service says nothing about which one: both are named.
    expect(error.message).toMatch(new RegExp(`^dependent_scopes: no scope was found for "${TRANSFER}", "${COMPUTE}"\\. `));
    expect(service.callNames()).toEqual(['getClient', 'lookupScopesByString', 'lookupScopesById', 'lookupScopesByString']);
  });
});

describe('a client that has scopes', () => {
  test('with the expected one: one inspection and one combined lookup, nothing else', async () => {
    const mine = scope(uuid(1), EXPECTED);
    const service = new FakeService({ scopes: [mine, TRANSFER_SCOPE, COMPUTE_SCOPE, GROUPS_SCOPE], clientScopeIds: [mine.id] });
    const result = await ensure(service, SPEC_WITH_DEPENDENTS);
    // All three in one round trip: made at once, before any answer.
    expect(service.calls).toEqual([
      { method: 'getClient' },
      { method: 'lookupScopesByString', args: [EXPECTED, TRANSFER, COMPUTE] },
      { method: 'lookupScopesById', args: [GROUPS_ID] },
    ]);
    expect(result).toEqual({
      scope: mine,
      scopes: [mine],
      created: false,
      client: { id: CLIENT_ID, name: 'My app', scopeIds: [mine.id], scopes: [] },
      wouldCreate: false,
      changes: [],
      updated: false,
      // The fake's scopes report a name and their string, so only those two are compared.
      comparison: [
        { field: 'name', spec: '"My provider"', service: `"Scope ${EXPECTED}"`, same: false },
        { field: 'scope_suffix', spec: '"action_all"', service: '"action_all"', same: true },
      ],
    });
  });

  test('with another suffix: looked up by id, the first is the output', async () => {
    const first = scope(uuid(1), `${AUTH_URL}/scopes/${CLIENT_ID}/legacy`);
    const second = scope(uuid(2), `${AUTH_URL}/scopes/${CLIENT_ID}/other`);
    const service = new FakeService({ scopes: [first, second, TRANSFER_SCOPE], clientScopeIds: [first.id, second.id] });
    const result = await ensure(service, specOf({ dependent_scopes: [{ scope: TRANSFER }] }));
    expect(service.calls).toEqual([
      { method: 'getClient' },
      { method: 'lookupScopesByString', args: [EXPECTED, TRANSFER] },
      { method: 'lookupScopesById', args: [first.id, second.id] },
    ]);
    expect(result.scope).toEqual(first);
    expect(result.scopes).toEqual([first, second]);
    expect(result.created).toBe(false);
  });

  test('with an FQDN variant listed first: the expected one is the output, both in the client order', async () => {
    const fqdn = scope(uuid(1), `https://provider.example.test/scopes/${CLIENT_ID}/action_all`);
    const mine = scope(uuid(2), EXPECTED);
    const service = new FakeService({ scopes: [fqdn, mine], clientScopeIds: [fqdn.id, mine.id] });
    const result = await ensure(service);
    // The combined lookup found the expected one: only the other is looked up by id.
    expect(service.callsOf('lookupScopesById')).toEqual([{ method: 'lookupScopesById', args: [fqdn.id] }]);
    expect(result.scope.scope_string).toBe(EXPECTED);
    expect(result.scopes).toEqual([fqdn, mine]);
  });

  test('listed as objects: no lookup by id', async () => {
    const first = scope(uuid(1), `${AUTH_URL}/scopes/${CLIENT_ID}/legacy`);
    const service = new FakeService({ scopes: [first], clientScopeIds: [first.id], embedScopes: true });
    const result = await ensure(service);
    expect(service.callNames()).toEqual(['getClient', 'lookupScopesByString']);
    expect(result.scope).toEqual(first);
    expect(result.scopes).toEqual([first]);
  });

  test('a listed id the lookup by id does not return is an error', async () => {
    const first = scope(uuid(1), `${AUTH_URL}/scopes/${CLIENT_ID}/legacy`);
    const ghost = scope(uuid(2), `${AUTH_URL}/scopes/${CLIENT_ID}/ghost`);
    const service = new FakeService({ scopes: [first, ghost], clientScopeIds: [first.id, ghost.id], hiddenFromIdLookup: [ghost.id] });
    const error = await actionError(ensure(service));
    expect(error.message).toBe(`The client lists scope(s) ${ghost.id}, but the scope lookup by id did not return them.`);
    expect(service.callsOf('createScope')).toEqual([]);
  });

  test('dependent strings are still checked, and nothing is created', async () => {
    const mine = scope(uuid(1), EXPECTED);
    const service = new FakeService({ scopes: [mine], clientScopeIds: [mine.id] });
    const error = await actionError(ensure(service, specOf({ dependent_scopes: [{ scope: TRANSFER }] })));
    expect(error.message).toMatch(new RegExp(`^dependent_scopes: no scope was found for "${TRANSFER}"\\. `));
    expect(service.callNames()).toEqual(['getClient', 'lookupScopesByString']);
  });

  test('the log says there is nothing to create', async () => {
    const mine = scope(uuid(1), EXPECTED);
    const lines: string[] = [];
    await ensure(new FakeService({ scopes: [mine], clientScopeIds: [mine.id] }), specOf(), (line) => lines.push(line));
    expect(lines).toEqual([`Client ${CLIENT_ID} already has 1 scope(s): nothing to create`]);
  });
});

describe('a creation that fails', () => {
  // Its first answer lost after the service applied it: the inspection (too early) shows no
  // scope, so it is sent again and meets its own scope's 409. It is still this run's creation.
  test('lost, then a 409 caused by the run itself: created=true', async () => {
    const lines: string[] = [];
    const service = new FakeService({ createOutcomes: [lost(), 'another-run-first'] });
    const result = await ensure(service, specOf(), (line) => lines.push(line));
    expect(service.callsOf('createScope')).toHaveLength(2);
    expect(result.created).toBe(true);
    expect(lines).toContain("The service answered that the scope exists (409), most likely from this run's own earlier creation: inspecting the client");
  });

  test('the verifying inspection fails after a creation: the error says the scope was created and is adopted next time', async () => {
    const service = new FakeService();
    const getClient = service.getClient.bind(service);
    let inspections = 0;
    service.getClient = async () => {
      if (++inspections === 2) throw new ActionError('Client inspection timed out');
      return getClient();
    };
    const error = await actionError(ensure(service));
    expect(error.message).toBe(
      `The service created ${EXPECTED}, but the client inspection that verifies it failed: Client inspection timed out. The next run finds the scope and adopts it.`,
    );
  });

  test('409 and the client has a scope: adopted, created=false', async () => {
    const service = new FakeService({ createOutcomes: ['another-run-first'] });
    const lines: string[] = [];
    const result = await ensure(service, specOf(), (line) => lines.push(line));
    expect(service.callNames()).toEqual(['getClient', 'lookupScopesByString', 'createScope', 'getClient', 'lookupScopesById']);
    expect(result.created).toBe(false);
    expect(result.scope).toEqual(expect.objectContaining({ id: uuid(500), scope_string: EXPECTED }));
    expect(service.callsOf('createScope')).toHaveLength(1);
    expect(lines).toContain('The service answered that the scope exists (409): inspecting the client');
  });

  test('409 and the client still has none: the 409 is thrown, not sent again', async () => {
    const error409 = conflict();
    const service = new FakeService({ createOutcomes: [error409] });
    const error = await actionError(ensure(service));
    expect(error.message).toBe(
      'Scope creation failed with HTTP 409: the scope already exists. Yet the client inspection that followed lists no scope: ' +
        'the service may still be applying a creation. Run the step again: it adopts the scope once the client lists it.',
    );
    expect(service.callNames()).toEqual(['getClient', 'lookupScopesByString', 'createScope', 'getClient']);
  });

  test('the answer lost but the scope created: adopted, created=true', async () => {
    const service = new FakeService({ createOutcomes: ['create-answer-lost'] });
    const result = await ensure(service);
    expect(service.callsOf('createScope')).toHaveLength(1);
    expect(result.created).toBe(true);
    expect(result.scope).toEqual(expect.objectContaining({ id: uuid(500), scope_string: EXPECTED }));
    expect(service.callNames().slice(2)).toEqual(['createScope', 'getClient', 'lookupScopesById']);
  });

  test('a transient failure with nothing created: sent again, with the same definition', async () => {
    const service = new FakeService({ createOutcomes: [lost()] });
    const result = await ensure(service, specOf());
    const creations = service.callsOf('createScope');
    expect(creations).toHaveLength(2);
    expect(creations[1]?.args).toEqual(creations[0]?.args);
    expect(service.callNames().slice(2)).toEqual(['createScope', 'getClient', 'createScope', 'getClient']);
    expect(result.created).toBe(true);
    // Paced like any retry: half (the fake's random) of the first backoff.
    expect(clock.slept).toEqual([DEFAULT_RETRY_POLICY.baseDelayMs / 2]);
  });

  test('a 429 on the creation: sent again after the Retry-After the service asked for', async () => {
    const limited: Unsettled = { kind: 'unknown', error: new ActionError('Scope creation failed with HTTP 429'), retryAfterMs: 2000 };
    const service = new FakeService({ createOutcomes: [limited] });
    const result = await ensure(service);
    expect(result.created).toBe(true);
    expect(service.callsOf('createScope')).toHaveLength(2);
    expect(clock.slept).toEqual([2000]);
  });

  // The README's "Network behaviour" promises three creations at most: a literal, not the constant.
  test('transient failures: at most 3 creations, then the last error, saying so', async () => {
    const lines: string[] = [];
    const service = new FakeService({ createOutcomes: [lost(), lost(), lost(), lost()] });
    const error = await actionError(ensure(service, specOf(), (line) => lines.push(line)));
    expect(error.message).toBe(
      'Scope creation timed out (gave up after 3 attempts). A creation sent by this run may have been applied: the next run finds the scope and adopts it, without creating a second one.',
    );
    expect(service.callNames().slice(2)).toEqual(['createScope', 'getClient', 'createScope', 'getClient', 'createScope', 'getClient']);
    // Sent again twice, paced by the backoff (half of it, the fake's random), never after the last.
    expect(clock.slept).toEqual([150, 300]);
    expect(lines.filter((line) => line.includes('will be sent again'))).toHaveLength(2);
  });

  test('a Retry-After longer than the step waits ends the creations at once, saying why', async () => {
    const limited: Unsettled = { kind: 'unknown', error: new ActionError('Scope creation failed with HTTP 429'), retryAfterMs: 3_600_000 };
    const service = new FakeService({ createOutcomes: [limited] });
    const error = await actionError(ensure(service));
    expect(error.message).toMatch(/^Scope creation failed with HTTP 429 \(the service asked to wait 3600 s, longer than this step waits\)\. A creation sent by this run may have been applied/);
    expect(service.callsOf('createScope')).toHaveLength(1);
  });

  test('any other failure is thrown at once, without inspecting again', async () => {
    const invalid = new ActionError('Scope creation failed with HTTP 400');
    const service = new FakeService({ createOutcomes: [invalid] });
    await expect(ensure(service)).rejects.toBe(invalid);
    expect(service.callNames()).toEqual(['getClient', 'lookupScopesByString', 'createScope']);
  });
});

describe('a dry run', () => {
  const dryRun = (service: AuthService, spec: ScopeSpec = specOf()) =>
    reconcileScope(service, { spec, dryRun: true, budget: createBudget(3600, { clock }) });

  test('on a client without scope: nothing created, the would-be scope string returned', async () => {
    const service = new FakeService({ scopes: [TRANSFER_SCOPE] });
    const result = await dryRun(service, specOf({ dependent_scopes: [{ scope: TRANSFER }] }));
    expect(service.callNames()).toEqual(['getClient', 'lookupScopesByString']);
    expect(result).toEqual({
      scope: { id: '', scope_string: EXPECTED },
      scopes: [{ id: '', scope_string: EXPECTED }],
      created: false,
      wouldCreate: true,
      // What the creation would send: the spec, with its dependent scope resolved to its id.
      definition: { ...specOf(), dependent_scopes: [{ scope: TRANSFER_SCOPE.id, optional: false, requires_refresh_token: true }] },
      client: { id: CLIENT_ID, name: 'My app', scopeIds: [], scopes: [] },
      comparison: [],
      changes: [],
      updated: false,
    });
  });

  test('still fails on a dependent string that does not resolve', async () => {
    const error = await actionError(dryRun(new FakeService(), specOf({ dependent_scopes: [{ scope: TRANSFER }] })));
    expect(error.message).toContain(`no scope was found for "${TRANSFER}"`);
  });

  test('on a client with its scope: the same as a real run, with the comparison', async () => {
    const mine = scope(uuid(1), EXPECTED);
    const result = await dryRun(new FakeService({ scopes: [mine], clientScopeIds: [mine.id] }));
    expect(result.wouldCreate).toBe(false);
    expect(result.scope).toEqual(mine);
    expect(result.comparison.map((c) => c.field)).toEqual(['name', 'scope_suffix']);
  });
});

describe('the comparison with the spec', () => {
  test('right after a creation, against what the service created: a field it ignored shows', async () => {
    const service = new FakeService({ scopes: [TRANSFER_SCOPE], ignoredFields: ['advertised'] });
    const result = await ensure(service, specOf({ dependent_scopes: [{ scope: TRANSFER }] }));
    expect(result.created).toBe(true);
    expect(result.comparison.filter((c) => !c.same)).toEqual([{ field: 'advertised', spec: 'true', service: 'false', same: false }]);
    expect(result.comparison.map((c) => c.field)).toEqual(['name', 'description', 'scope_suffix', 'advertised', 'allow_refresh_tokens', 'required_domains', 'dependent_scopes']);
  });

  test('a scope with another suffix is adopted and reported as scope_suffix drift, with no creation', async () => {
    const legacy = scope(uuid(1), `${AUTH_URL}/scopes/${CLIENT_ID}/legacy`);
    const service = new FakeService({ scopes: [legacy], clientScopeIds: [legacy.id] });
    const result = await ensure(service);
    expect(service.callsOf('createScope')).toEqual([]);
    expect(result.scope).toEqual(legacy);
    expect(result.comparison.find((c) => c.field === 'scope_suffix')).toEqual({ field: 'scope_suffix', spec: '"action_all"', service: '"legacy"', same: false });
  });
});

describe('on_drift: update', () => {
  const update = (service: AuthService, spec: ScopeSpec, dryRun = false, log?: (line: string) => void) =>
    reconcileScope(service, { spec, dryRun, update: true, budget: createBudget(3600, { clock }) }, log === undefined ? silentLog : { ...silentLog, info: log });
  /** The client's scope as an earlier run made it from specOf(), with the given changes. */
  const existing = (changes: Partial<Scope> = {}, scopeString = EXPECTED): Scope => ({
    id: uuid(1),
    scope_string: scopeString,
    name: 'My provider',
    description: 'Runs my actions',
    advertised: true,
    allows_refresh_token: true,
    dependent_scopes: [],
    ...changes,
  });

  test('nothing to change: no write, updated=false, one round trip', async () => {
    const mine = existing();
    const service = new FakeService({ scopes: [mine], clientScopeIds: [mine.id] });
    const result = await update(service, specOf());
    expect(service.callNames()).toEqual(['getClient', 'lookupScopesByString']);
    expect([result.updated, result.changes]).toEqual([false, []]);
  });

  test('a changed description and a dependent added: one PUT of the spec, whose answer verifies it', async () => {
    const mine = existing({ description: 'Old text' });
    const service = new FakeService({ scopes: [mine, TRANSFER_SCOPE], clientScopeIds: [mine.id] });
    const lines: string[] = [];
    const result = await update(service, specOf({ dependent_scopes: [{ scope: TRANSFER }] }), false, (line) => lines.push(line));
    expect(service.callNames()).toEqual(['getClient', 'lookupScopesByString', 'updateScope']);
    expect(service.callsOf('updateScope')[0]?.args).toEqual([mine.id, expect.objectContaining({ description: 'Runs my actions', dependent_scopes: [{ scope: TRANSFER_SCOPE.id, optional: false, requires_refresh_token: true }] })]);
    expect(result.updated).toBe(true);
    expect(result.changes.map((c) => [c.field, c.service, c.spec])).toEqual([
      ['description', '"Old text"', '"Runs my actions"'],
      ['dependent_scopes', '[]', JSON.stringify([{ scope: TRANSFER_SCOPE.id, optional: false, requires_refresh_token: true }])],
    ]);
    expect(result.comparison.every((c) => c.same)).toBe(true);
    expect(result.scope.id).toBe(mine.id);
    expect(lines).toContain(`Updating description, dependent_scopes of ${EXPECTED}`);
  });

  test('the FQDN variants (same suffix) are updated alike, other scopes of the client never', async () => {
    const mine = existing({ description: 'Old' });
    const fqdn = existing({ id: uuid(2), description: 'Old' }, 'https://provider.example.test/scopes/fqdn/action_all');
    const other = existing({ id: uuid(3), description: 'Old' }, `${AUTH_URL}/scopes/${CLIENT_ID}/legacy`);
    const service = new FakeService({ scopes: [mine, fqdn, other], clientScopeIds: [mine.id, fqdn.id, other.id] });
    const result = await update(service, specOf());
    expect(service.callsOf('updateScope').map((c) => c.args[0]).sort()).toEqual([mine.id, fqdn.id].sort());
    expect(service.scopes.find((s) => s.id === other.id)?.description).toBe('Old');
    expect(result.scopes.find((s) => s.id === fqdn.id)).toEqual(expect.objectContaining({ description: 'Runs my actions' }));
  });

  test('an answer that leaves a field out: one read by id more', async () => {
    const mine = existing({ name: 'Old name' });
    const service = new FakeService({ scopes: [mine], clientScopeIds: [mine.id], sparseUpdateAnswer: ['description'] });
    const result = await update(service, specOf());
    expect(service.callNames().slice(2)).toEqual(['updateScope', 'getScope']);
    expect(result.comparison.map((c) => c.field)).toContain('description');
  });

  test('a field the service ignores is still drift after the update', async () => {
    const mine = existing({ advertised: false });
    const service = new FakeService({ scopes: [mine], clientScopeIds: [mine.id], ignoredFields: ['advertised'] });
    const result = await update(service, specOf());
    expect(result.updated).toBe(true);
    expect(result.comparison.filter((c) => !c.same)).toEqual([{ field: 'advertised', spec: 'true', service: 'false', same: false }]);
  });

  test('a dry run plans: nothing written, the changes told', async () => {
    const mine = existing({ description: 'Old text' });
    const service = new FakeService({ scopes: [mine], clientScopeIds: [mine.id] });
    const result = await update(service, specOf(), true);
    expect(service.callsOf('updateScope')).toEqual([]);
    expect([result.updated, result.changes.map((c) => c.field)]).toEqual([false, ['description']]);
  });

  test.each([false, true])('a changed suffix fails before any write, naming scope_suffix (dry run: %s)', async (dryRun) => {
    const mine = existing({}, `${AUTH_URL}/scopes/${CLIENT_ID}/legacy`);
    const service = new FakeService({ scopes: [mine], clientScopeIds: [mine.id] });
    const error = await actionError(update(service, specOf(), dryRun));
    expect(error.message).toMatch(/^scope_suffix: the spec says "action_all", the client's scope has "legacy", and on_drift: update cannot change it/);
    expect(error.message).toContain('Set scope_suffix back to "legacy"');
    expect(service.callsOf('updateScope')).toEqual([]);
  });
});
