/**
 * The single form's reconciliation (engine/reconcile/reconcile.ts) against the embedded service's rules (dev/service/), driven in process
 * through the real service client: which calls the reconciliation makes, in which order,
 * with which arguments, and what it concludes. What a real service gives only by bad luck (an
 * answer lost, another run first, a 5xx) is a fault injected into it (dev/service/faults.ts).
 */
import { TOLD_AS_ONE } from '../../src/engine/settings/telling.ts';
import { beforeEach, describe, expect, test } from '@jest/globals';
import {
  GROUPS_SCOPE_ID,
  GROUPS_SCOPE_STRING,
  type AuthServiceOptions,
  type EmbeddedAuthService,
  type ScopeRecord,
} from '../../dev/auth-service.ts';
import { createBudget } from '../../src/wire/budget.ts';
import { ActionError } from '../../src/wire/errors.ts';
import { HttpError } from '../../src/wire/http.ts';
import { SpecFieldError } from '../../src/engine/settings/problems.ts';
import { reconcile as reconcileForm, type ReconcileRequest } from '../../src/engine/reconcile/reconcile.ts';
import { silentLog, type Log } from '../../src/wire/log.ts';
import { DEFAULT_RETRY_POLICY } from '../../src/wire/retry.ts';
import type { ScopeDefinition } from '../../src/engine/reconcile/service.ts';
import { scopeSpecSchema, type SpecDependent } from '../../src/engine/settings/spec.ts';
import { fakeClock } from '../support/clock.ts';
import { id, nthUuid as uuid } from '../support/ids.ts';
import { AUTH_URL, clientOf, inProcessService } from '../support/in-process.ts';
import { rejectionOf } from '../support/rejection.ts';

const CLIENT_ID = id('7f3c9a2e-1b4d-4e8f-9a6b-2c5d8e1f0a3b');
const CLIENT_PATH = `/v2/api/clients/${CLIENT_ID}`;
const CREATION = `Scope creation (POST ${CLIENT_PATH}/scopes)`;
const EXPECTED = `${AUTH_URL}/scopes/${CLIENT_ID}/action_all`;
const OTHER_SERVICE = 'https://auth.example.test/scopes/9d5e1c2a-0b3f-4a6d-8e7c-1f2a3b4c5d6e';
const TRANSFER = `${OTHER_SERVICE}/transfer`;
const COMPUTE = 'urn:platform:scopes:compute:all';
// The groups scope, which the embedded service knows from the start.
const GROUPS_ID = id(GROUPS_SCOPE_ID);
const TRANSFER_ID = uuid(101);
const COMPUTE_ID = uuid(102);
const expectedScopeString = (suffix: string): string => `${AUTH_URL}/scopes/${CLIENT_ID}/${suffix}`;

/** Scopes of other services that dependent scopes refer to, advertised to all. */
const OTHER_SCOPES = {
  transfer: { id: TRANSFER_ID, scope_string: TRANSFER },
  compute: { id: COMPUTE_ID, scope_string: COMPUTE },
} as const;

interface Setup extends AuthServiceOptions {
  /** The other services' scopes it knows (the groups scope it always knows). */
  others?: Array<keyof typeof OTHER_SCOPES>;
  fqdns?: string[];
}

/** A fresh service with this file's client, "My app", which has no scope yet. */
function serviceWith({ others = [], fqdns = [], ...options }: Setup = {}): EmbeddedAuthService {
  const service = inProcessService(options);
  service.addClient({ id: CLIENT_ID, name: 'My app', fqdns });
  for (const name of others) service.addScope(OTHER_SCOPES[name]);
  return service;
}

/** Gives the client a scope, as an earlier run (or another) would have made it. */
const addOwnScope = (
  service: EmbeddedAuthService,
  fields: Partial<ScopeRecord> = {},
  scopeString = EXPECTED,
): ScopeRecord =>
  service.addScope({ client: CLIENT_ID, scope_string: scopeString, name: `Scope ${scopeString}`, ...fields });

/** The port's calls the service saw, read from its request log, in the order they were sent. */
type Call =
  | { method: 'getClient' }
  | { method: 'lookupScopesByString'; args: string[] }
  | { method: 'lookupScopesById'; args: string[] }
  | { method: 'createScope'; args: ScopeDefinition }
  | { method: 'updateScope'; args: [string, ScopeDefinition] }
  | { method: 'getScope'; args: string };

function callsTo(service: EmbeddedAuthService): Call[] {
  return service.requests.map(({ method, path, query, body }): Call => {
    const sent = (body as { scope: ScopeDefinition } | undefined)?.scope as ScopeDefinition;
    if (path === CLIENT_PATH) return { method: 'getClient' };
    if (path === `${CLIENT_PATH}/scopes`) return { method: 'createScope', args: sent };
    if (query.scope_strings !== undefined)
      return { method: 'lookupScopesByString', args: query.scope_strings.split(',') };
    if (query.ids !== undefined) return { method: 'lookupScopesById', args: query.ids.split(',') };
    const scopeId = path.slice(path.lastIndexOf('/') + 1);
    return method === 'PUT' ? { method: 'updateScope', args: [scopeId, sent] } : { method: 'getScope', args: scopeId };
  });
}
const callNames = (service: EmbeddedAuthService): string[] => callsTo(service).map((c) => c.method);
const callsOf = <M extends Call['method']>(service: EmbeddedAuthService, method: M): Extract<Call, { method: M }>[] =>
  callsTo(service).filter((c): c is Extract<Call, { method: M }> => c.method === method);

/** The service's scope with this string (its ids are its own). */
const scopeNamed = (service: EmbeddedAuthService, scopeString: string): ScopeRecord | undefined =>
  [...service.scopes.values()].find((s) => s.scope_string === scopeString);

const specOf = (fields: Record<string, unknown> = {}): ScopeDefinition<SpecDependent> =>
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

/** The reconciliation, through the real client of the service's client; a budget whose deadline does not matter. */
const reconcile = async (
  service: EmbeddedAuthService,
  {
    spec,
    ...request
  }: Omit<ReconcileRequest, 'budget' | 'telling' | 'specs'> & { spec: ScopeDefinition<SpecDependent> },
  log?: Log,
) => {
  const budget = createBudget(3600, { clock });
  const { results } = await reconcileForm(
    clientOf(service, CLIENT_ID, budget),
    { ...request, telling: TOLD_AS_ONE, specs: [spec], budget },
    log,
  );
  return results[0];
};

const ensure = (
  service: EmbeddedAuthService,
  spec: ScopeDefinition<SpecDependent> = specOf(),
  log?: (message: string) => void,
) => reconcile(service, { spec, dryRun: false }, log === undefined ? undefined : { ...silentLog, info: log });

/** `text` as a literal part of a pattern. */
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The ActionError the call fails with. */
const actionError = (promise: Promise<unknown>): Promise<ActionError> => rejectionOf(promise, ActionError);

describe('a client without scope', () => {
  test('one creation with dependents as UUIDs, then a verifying inspection', async () => {
    const service = serviceWith({ others: ['transfer', 'compute'] });
    const result = await ensure(service, SPEC_WITH_DEPENDENTS);

    expect(callsTo(service)).toEqual([
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
          // The API's name of the flag, sent along by the client (service-client.test.ts).
          allows_refresh_token: true,
          dependent_scopes: [
            { scope: GROUPS_ID, optional: false, requires_refresh_token: true },
            { scope: TRANSFER_ID, optional: false, requires_refresh_token: true },
            { scope: COMPUTE_ID, optional: true, requires_refresh_token: false },
          ],
        },
      },
      { method: 'getClient' },
    ]);
    const created = expect.objectContaining({
      id: scopeNamed(service, EXPECTED)?.id,
      scope_string: EXPECTED,
      name: 'My provider',
    });
    expect(result.created).toBe(true);
    expect(result.scope).toEqual(created);
    expect(result.scopes).toEqual([created]);
    expect(result.client.id).toBe(CLIENT_ID);
    expect(result.client.name).toBe('My app');
  });

  test('without dependents: one lookup of the expected string alone', async () => {
    const service = serviceWith();
    const result = await ensure(service, specOf({ scope_suffix: 'run' }));
    expect(callsTo(service)).toEqual([
      { method: 'getClient' },
      { method: 'lookupScopesByString', args: [`${AUTH_URL}/scopes/${CLIENT_ID}/run`] },
      { method: 'createScope', args: expect.objectContaining({ scope_suffix: 'run', dependent_scopes: [] }) },
      { method: 'getClient' },
    ]);
    expect(result.scope.scope_string).toBe(`${AUTH_URL}/scopes/${CLIENT_ID}/run`);
  });

  test('a dependent string given twice is looked up once', async () => {
    // The spec schema refuses duplicates; ensureScope does not rely on it.
    const spec: ScopeDefinition<SpecDependent> = {
      ...specOf(),
      dependent_scopes: [TRANSFER, GROUPS_ID, TRANSFER].map((s) => ({
        scope: s,
        optional: false,
        requires_refresh_token: true,
      })),
    };
    const service = serviceWith({ others: ['transfer'] });
    await ensure(service, spec);
    expect(callsOf(service, 'lookupScopesByString')).toEqual([
      { method: 'lookupScopesByString', args: [EXPECTED, TRANSFER] },
    ]);
    expect(callsOf(service, 'createScope')[0]?.args.dependent_scopes.map((d) => d.scope)).toEqual([
      TRANSFER_ID,
      GROUPS_ID,
      TRANSFER_ID,
    ]);
  });

  test('with an FQDN, the expected scope is the output and both are listed', async () => {
    // The service makes one scope per scope string: the client's own, and one per FQDN.
    const fqdnString = (suffix: string) => `${AUTH_URL}/scopes/provider.example.test/${suffix}`;
    const service = serviceWith({ fqdns: ['provider.example.test'] });
    const result = await ensure(service);
    expect(result.scope.scope_string).toBe(EXPECTED);
    expect(result.scopes.map((s) => s.scope_string)).toEqual([
      expectedScopeString('action_all'),
      fqdnString('action_all'),
    ]);
  });

  test('a created scope the client does not list afterwards is an error', async () => {
    const service = serviceWith();
    // The creation answered, yet not applied to the client.
    const detached = [
      { id: uuid(500), scope_string: EXPECTED, name: 'My provider' },
      { id: uuid(501), scope_string: `${AUTH_URL}/scopes/provider.example.test/action_all`, name: 'My provider' },
    ];
    service.inject({ method: 'POST', status: 200, body: JSON.stringify({ scopes: detached }) });
    const error = await actionError(ensure(service));
    expect(error.constructor).toBe(ActionError);
    expect(error.message).toBe(
      `The service created ${EXPECTED} (${uuid(500)}), ${detached[1]?.scope_string} (${uuid(501)}), but the client inspection that followed does not list it among the client's scopes. ` +
        'Run again; if it persists, inspect the client in the developer portal.',
    );
    expect(callNames(service)).toEqual(['getClient', 'lookupScopesByString', 'createScope', 'getClient']);
  });

  test('a dependent string that does not resolve: error naming it, nothing created', async () => {
    const service = serviceWith({ others: ['transfer'] });
    const error = await actionError(ensure(service, SPEC_WITH_DEPENDENTS));
    expect(error.message).toBe(
      // Not "Nothing was created.": a plan creates nothing in any case.
      `dependent_scopes: no scope was found for "${COMPUTE}". Check the scope string against the service that owns it, or give the scope by its UUID.`,
    );
    expect(callNames(service)).toEqual(['getClient', 'lookupScopesByString', 'lookupScopesById']);
  });

  test('the log says a scope is being created', async () => {
    const lines: string[] = [];
    await ensure(serviceWith(), specOf(), (line) => lines.push(line));
    expect(lines).toEqual([`Client ${CLIENT_ID} has no scope: creating "My provider" (${EXPECTED})`]);
  });
});

describe('dependent scopes given by id', () => {
  const OTHER = uuid(777);
  const warnings = () => {
    const seen: Array<[ReadonlyArray<string | number>, string]> = [];
    return {
      seen,
      warn: (message: string, field: ReadonlyArray<string | number> = []) => void seen.push([field, message]),
    };
  };
  const run = (
    service: EmbeddedAuthService,
    spec: ScopeDefinition<SpecDependent>,
    dryRun: boolean,
    warn: (message: string, field?: ReadonlyArray<string | number>) => void,
  ) => reconcile(service, { spec, dryRun }, { ...silentLog, warning: warn });

  test('an id the service shows this client is verified: no warning', async () => {
    const { seen, warn } = warnings();
    await run(serviceWith(), specOf({ dependent_scopes: [{ scope: GROUPS_ID }] }), false, warn);
    expect(seen).toEqual([]);
  });

  test.each([false, true])(
    'an id it does not show: a warning at its field before any write (dry run: %s), and the creation decides',
    async (dryRun) => {
      const { seen, warn } = warnings();
      const service = serviceWith({ others: ['transfer'] });
      // Another client's scope, not advertised: hidden from this client's lookups, yet accepted as a dependency.
      const owner = service.addClient();
      service.addScope({
        id: OTHER,
        scope_string: `${AUTH_URL}/scopes/${owner.id}/private`,
        client: owner.id,
        advertised: false,
      });
      const spec = specOf({ dependent_scopes: [{ scope: TRANSFER }, { scope: OTHER }, { scope: GROUPS_ID }] });
      const result = await run(service, spec, dryRun, warn);
      expect(seen).toEqual([
        [
          ['dependent_scopes', 1, 'scope'],
          expect.stringMatching(
            new RegExp(
              `^dependent_scopes: no scope with id ${OTHER} is visible to this client\\. It may not exist, or it may be another client's scope that is not advertised`,
            ),
          ),
        ],
      ]);
      expect(seen[0]?.[1]).toContain('the creation will decide');
      // One lookup of both ids: one was found, so the other is not asked for again.
      expect(callsOf(service, 'lookupScopesById')).toEqual([{ method: 'lookupScopesById', args: [OTHER, GROUPS_ID] }]);
      // The warning came with the first round trip's answers, before the creation was sent.
      expect(callsOf(service, 'createScope')).toHaveLength(dryRun ? 0 : 1);
      expect(result.wouldCreate).toBe(dryRun);
    },
  );

  test('a creation the service refuses, with an id unverified: the error names it', async () => {
    // The service refuses a dependent it does not know, with its own words and error id.
    const service = serviceWith();
    const error = await actionError(run(service, specOf({ dependent_scopes: [{ scope: OTHER }] }), false, () => {}));
    expect(error.message).toMatch(
      new RegExp(
        `^${escape(CREATION)} failed with HTTP 400: the service refused the request as invalid\\. The service said: Unknown dependent scope ${OTHER}: dependent scopes are given by id \\(error id [0-9a-f-]{36}\\)\\. ` +
          `The dependent scope id\\(s\\) ${OTHER} could not be verified before the creation \\(see the warning\\): ` +
          'check each id with its owner, who may need to advertise the scope\\.$',
      ),
    );
    // A single id not found is not asked for again on its own.
    expect(callNames(service)).toEqual(['getClient', 'lookupScopesByString', 'lookupScopesById', 'createScope']);
  });

  test('two ids unverified: the error names both', async () => {
    const service = serviceWith();
    const error = await actionError(
      run(service, specOf({ dependent_scopes: [{ scope: OTHER }, { scope: uuid(778) }] }), false, () => {}),
    );
    expect(error.message).toContain(
      `The dependent scope id(s) ${OTHER}, ${uuid(778)} could not be verified before the creation`,
    );
  });

  test("a refusal with every id verified is the service's own error, as it is", async () => {
    const service = serviceWith();
    service.inject({ method: 'POST', status: 400 });
    const error = await rejectionOf(
      run(service, specOf({ dependent_scopes: [{ scope: GROUPS_ID }] }), false, () => {}),
      HttpError,
    );
    expect(error.message).toBe(
      `${CREATION} failed with HTTP 400: the service refused the request as invalid. The service said: injected 400`,
    );
  });

  test('a service that answers 404 when any id is unknown: each id is asked for alone', async () => {
    const { seen, warn } = warnings();
    const service = serviceWith({ notFound: '404' });
    await run(service, specOf({ dependent_scopes: [{ scope: GROUPS_ID }, { scope: OTHER }] }), true, warn);
    expect(callsOf(service, 'lookupScopesById').map((c) => c.args)).toEqual([[GROUPS_ID, OTHER], [GROUPS_ID], [OTHER]]);
    expect(seen.map(([field]) => field)).toEqual([['dependent_scopes', 1, 'scope']]);
  });
});

describe('a service that answers 404 when one string is unknown', () => {
  test('the dependents are looked up again on their own', async () => {
    const service = serviceWith({ others: ['transfer', 'compute'], notFound: '404' });
    const result = await ensure(service, SPEC_WITH_DEPENDENTS);
    expect(callsTo(service).slice(0, 4)).toEqual([
      { method: 'getClient' },
      { method: 'lookupScopesByString', args: [EXPECTED, TRANSFER, COMPUTE] },
      { method: 'lookupScopesById', args: [GROUPS_ID] },
      { method: 'lookupScopesByString', args: [TRANSFER, COMPUTE] },
    ]);
    expect(callsOf(service, 'createScope')[0]?.args.dependent_scopes.map((d) => d.scope)).toEqual([
      GROUPS_ID,
      TRANSFER_ID,
      COMPUTE_ID,
    ]);
    expect(callNames(service).slice(4)).toEqual(['createScope', 'getClient']);
    expect(result.created).toBe(true);
  });

  test('without dependent strings there is no second lookup', async () => {
    const service = serviceWith({ notFound: '404' });
    await ensure(service, specOf({ dependent_scopes: [{ scope: GROUPS_ID }] }));
    expect(callNames(service)).toEqual([
      'getClient',
      'lookupScopesByString',
      'lookupScopesById',
      'createScope',
      'getClient',
    ]);
  });

  test('a dependent that is unknown on its own too is an error', async () => {
    const service = serviceWith({ others: ['transfer'], notFound: '404' });
    const error = await actionError(ensure(service, SPEC_WITH_DEPENDENTS));
    // The service says nothing about which one: both are named.
    expect(error.message).toMatch(
      new RegExp(`^dependent_scopes: no scope was found for "${TRANSFER}", "${COMPUTE}"\\. `),
    );
    expect(callNames(service)).toEqual([
      'getClient',
      'lookupScopesByString',
      'lookupScopesById',
      'lookupScopesByString',
    ]);
  });
});

describe('a dependency on another scope of the client, by its suffix', () => {
  test("resolves to the client's scope with that suffix", async () => {
    const service = serviceWith();
    const mine = addOwnScope(service);
    const copy = addOwnScope(service, {}, expectedScopeString('copy_data'));
    const result = await reconcile(service, {
      spec: specOf({ dependent_scopes: [{ scope_suffix: 'copy_data' }] }),
      dryRun: true,
    });
    expect([result.scope.id, result.definition?.dependent_scopes]).toEqual([
      mine.id,
      [{ scope: copy.id, optional: false, requires_refresh_token: true }],
    ]);
  });

  test("one the client lacks: refused before any write, at its field, with the near miss among the client's suffixes", async () => {
    const service = serviceWith();
    addOwnScope(service);
    addOwnScope(service, {}, expectedScopeString('copy_data'));
    const spec = specOf({ dependent_scopes: [{ scope_suffix: 'copy_dta' }] });
    const error = await rejectionOf(reconcile(service, { spec, dryRun: false }), SpecFieldError);
    expect(error.problems).toEqual([
      {
        at: [0, 'dependent_scopes', 0, 'scope_suffix'],
        field: 'dependent_scopes[0].scope_suffix',
        message:
          'dependent_scopes[0].scope_suffix "copy_dta": the client has no scope with this suffix, and the spec lists none (did you mean copy_data?). ' +
          'A dependency by scope_suffix names another scope of this client: create that scope first, or list it under scopes: in the spec. Nothing was written.',
      },
    ]);
    expect(callNames(service).filter((c) => c === 'createScope' || c === 'updateScope')).toEqual([]);
  });

  test('on a client without scope: refused before the creation, with no near miss (its own suffix is none)', async () => {
    const service = serviceWith();
    const error = await rejectionOf(
      reconcile(service, {
        spec: specOf({ scope_suffix: 'copy_data', dependent_scopes: [{ scope_suffix: 'copy_dat' }] }),
        dryRun: false,
      }),
      SpecFieldError,
    );
    expect(error.problems.map((p) => [p.field, p.message.includes('did you mean')])).toEqual([
      ['dependent_scopes[0].scope_suffix', false],
    ]);
    expect(callNames(service)).toEqual(['getClient', 'lookupScopesByString', 'lookupScopesByString']);
  });
});

describe('a client that has scopes', () => {
  test('with the expected one: one inspection and one combined lookup, nothing else', async () => {
    const service = serviceWith({ others: ['transfer', 'compute'] });
    const mine = addOwnScope(service, { description: 'Runs my actions' });
    const result = await ensure(service, SPEC_WITH_DEPENDENTS);
    // All three in one round trip: made at once, before any answer.
    expect(callsTo(service)).toEqual([
      { method: 'getClient' },
      { method: 'lookupScopesByString', args: [EXPECTED, TRANSFER, COMPUTE] },
      { method: 'lookupScopesById', args: [GROUPS_ID] },
    ]);
    // In the spec's order, each with the string it was given or its lookup by id returned.
    const views = [
      { scope_string: GROUPS_SCOPE_STRING, scope: GROUPS_ID, optional: false, requires_refresh_token: true },
      { scope_string: TRANSFER, scope: TRANSFER_ID, optional: false, requires_refresh_token: true },
      { scope_string: COMPUTE, scope: COMPUTE_ID, optional: true, requires_refresh_token: false },
    ];
    expect(result).toEqual({
      definition: expect.objectContaining({
        dependent_scopes: views.map(({ scope, optional, requires_refresh_token }) => ({
          scope,
          optional,
          requires_refresh_token,
        })),
      }),
      names: new Map([
        [mine.id, EXPECTED],
        [TRANSFER_ID, TRANSFER],
        [COMPUTE_ID, COMPUTE],
        [GROUPS_ID, GROUPS_SCOPE_STRING],
      ]),
      scope: mine,
      scopes: [mine],
      created: false,
      client: { id: CLIENT_ID, name: 'My app', scopeIds: [mine.id], scopes: [] },
      wouldCreate: false,
      changes: [],
      updated: false,
      // Every field the service reports, set against the spec: the name and the dependents differ.
      comparison: [
        { field: 'name', spec: 'My provider', service: `Scope ${EXPECTED}`, same: false },
        { field: 'description', spec: 'Runs my actions', service: 'Runs my actions', same: true },
        { field: 'scope_suffix', spec: 'action_all', service: 'action_all', same: true },
        { field: 'advertised', spec: true, service: true, same: true },
        { field: 'allow_refresh_tokens', spec: true, service: true, same: true },
        { field: 'required_domains', spec: [], service: [], same: true },
        {
          field: 'dependent_scopes',
          spec: views,
          service: [],
          same: false,
        },
      ],
    });
  });

  test('with another suffix: looked up by id, the first is the output', async () => {
    const service = serviceWith({ others: ['transfer'] });
    const first = addOwnScope(service, {}, expectedScopeString('legacy'));
    const second = addOwnScope(service, {}, expectedScopeString('other'));
    const result = await ensure(service, specOf({ dependent_scopes: [{ scope: TRANSFER }] }));
    expect(callsTo(service)).toEqual([
      { method: 'getClient' },
      { method: 'lookupScopesByString', args: [EXPECTED, TRANSFER] },
      { method: 'lookupScopesById', args: [first.id, second.id] },
    ]);
    expect(result.scope).toEqual(first);
    expect(result.scopes).toEqual([first, second]);
    expect(result.created).toBe(false);
  });

  test('with an FQDN variant listed first: the expected one is the output, both in the client order', async () => {
    const service = serviceWith();
    const fqdn = addOwnScope(service, {}, `${AUTH_URL}/scopes/provider.example.test/action_all`);
    const mine = addOwnScope(service);
    const result = await ensure(service);
    // The combined lookup found the expected one: only the other is looked up by id.
    expect(callsOf(service, 'lookupScopesById')).toEqual([{ method: 'lookupScopesById', args: [fqdn.id] }]);
    expect(result.scope.scope_string).toBe(EXPECTED);
    expect(result.scopes).toEqual([fqdn, mine]);
  });

  test('listed as objects: no lookup by id', async () => {
    const service = serviceWith({ clientScopes: 'objects' });
    const first = addOwnScope(service, {}, expectedScopeString('legacy'));
    const result = await ensure(service);
    expect(callNames(service)).toEqual(['getClient', 'lookupScopesByString']);
    expect(result.scope).toEqual(first);
    expect(result.scopes).toEqual([first]);
  });

  test('a listed id the lookup by id does not return is an error', async () => {
    const service = serviceWith();
    addOwnScope(service, {}, expectedScopeString('legacy'));
    // The client still lists a scope the service no longer has.
    const ghosts = [uuid(2), uuid(3)];
    service.clients.get(CLIENT_ID)?.scopes.push(...ghosts);
    const error = await actionError(ensure(service));
    expect(error.message).toBe(
      `The client lists scope(s) ${ghosts[0]}, ${ghosts[1]}, but the scope lookup by id did not return them.`,
    );
    expect(callsOf(service, 'createScope')).toEqual([]);
  });

  test('dependent strings are still checked, and nothing is created', async () => {
    const service = serviceWith();
    addOwnScope(service);
    const error = await actionError(ensure(service, specOf({ dependent_scopes: [{ scope: TRANSFER }] })));
    expect(error.message).toMatch(new RegExp(`^dependent_scopes: no scope was found for "${TRANSFER}"\\. `));
    expect(callNames(service)).toEqual(['getClient', 'lookupScopesByString']);
  });

  test('the log says there is nothing to create', async () => {
    const service = serviceWith();
    addOwnScope(service);
    const lines: string[] = [];
    await ensure(service, specOf(), (line) => lines.push(line));
    expect(lines).toEqual([`Client ${CLIENT_ID} already has 1 scope(s): nothing to create`]);
  });
});

describe('a creation that fails', () => {
  /** Another run's scope, landing just before this run's creation is handled. */
  const anotherRunFirst = (service: EmbeddedAuthService): void =>
    service.inject({
      method: 'POST',
      before: () => void addOwnScope(service, { name: 'My provider', description: 'Runs my actions' }),
    });

  // Its first attempt failed with nothing applied: the inspection shows no scope, so it is
  // sent again and meets a scope made meanwhile (409). It may be this run's own: created=true.
  test('lost, then a 409 caused by the run itself: created=true', async () => {
    const lines: string[] = [];
    const service = serviceWith();
    service.inject({ method: 'POST', status: 503 });
    anotherRunFirst(service);
    const result = await ensure(service, specOf(), (line) => lines.push(line));
    expect(callsOf(service, 'createScope')).toHaveLength(2);
    expect(result.created).toBe(true);
    expect(lines).toContain(
      "The service answered that the scope exists (409), most likely from this run's own earlier creation: inspecting the client",
    );
  });

  test('the verifying inspection fails after a creation: the error says the scope was created and is adopted next time', async () => {
    // With an FQDN, both scopes made are named.
    const service = serviceWith({ fqdns: ['provider.example.test'] });
    // Once the creation arrives, the next inspection is refused.
    service.inject({ method: 'POST', before: () => service.inject({ method: 'GET', path: CLIENT_PATH, status: 403 }) });
    const error = await actionError(ensure(service));
    expect(error.message).toMatch(
      new RegExp(
        `^The service created ${escape(EXPECTED)}, ${escape(`${AUTH_URL}/scopes/provider.example.test/action_all`)}, but the client inspection that verifies it failed: ` +
          `Client inspection \\(GET ${CLIENT_PATH}\\) failed with HTTP 403: .+\\. The service said: injected 403\\. The next run finds the scope and adopts it\\.$`,
      ),
    );
  });

  test('409 and the client has a scope: adopted, created=false', async () => {
    const service = serviceWith();
    anotherRunFirst(service);
    const lines: string[] = [];
    const result = await ensure(service, specOf(), (line) => lines.push(line));
    expect(callNames(service)).toEqual([
      'getClient',
      'lookupScopesByString',
      'createScope',
      'getClient',
      'lookupScopesById',
    ]);
    expect(result.created).toBe(false);
    expect(result.scope).toEqual(
      expect.objectContaining({ id: scopeNamed(service, EXPECTED)?.id, scope_string: EXPECTED }),
    );
    expect(callsOf(service, 'createScope')).toHaveLength(1);
    expect(lines).toContain('The service answered that the scope exists (409): inspecting the client');
  });

  test('409 and the client still has none: the 409 is thrown, not sent again', async () => {
    const service = serviceWith();
    service.inject({ method: 'POST', status: 409 });
    const error = await actionError(ensure(service));
    expect(error.message).toBe(
      `${CREATION} failed with HTTP 409: the scope already exists. The service said: injected 409. Yet the client inspection that followed lists no scope: ` +
        'the service may still be applying a creation. Run again: it adopts the scope once the client lists it.',
    );
    expect(callNames(service)).toEqual(['getClient', 'lookupScopesByString', 'createScope', 'getClient']);
  });

  test('the answer lost but the scope created: adopted, created=true', async () => {
    const service = serviceWith();
    service.inject({ method: 'POST', loseAnswer: true });
    const lines: string[] = [];
    const result = await ensure(service, specOf(), (line) => lines.push(line));
    expect(
      lines.filter((line) => /^The creation's answer was lost \(.+\): inspecting the client$/.test(line)),
    ).toHaveLength(1);
    expect(callsOf(service, 'createScope')).toHaveLength(1);
    expect(result.created).toBe(true);
    expect(result.scope).toEqual(
      expect.objectContaining({ id: scopeNamed(service, EXPECTED)?.id, scope_string: EXPECTED }),
    );
    expect(callNames(service).slice(2)).toEqual(['createScope', 'getClient', 'lookupScopesById']);
  });

  test('a transient failure with nothing created: sent again, with the same definition', async () => {
    const service = serviceWith();
    service.inject({ method: 'POST', status: 503 });
    const result = await ensure(service, specOf());
    const creations = callsOf(service, 'createScope');
    expect(creations).toHaveLength(2);
    expect(creations[1]?.args).toEqual(creations[0]?.args);
    expect(callNames(service).slice(2)).toEqual(['createScope', 'getClient', 'createScope', 'getClient']);
    expect(result.created).toBe(true);
    // Paced like any retry: half (the fake's random) of the first backoff.
    expect(clock.slept).toEqual([DEFAULT_RETRY_POLICY.baseDelayMs / 2]);
  });

  test('a 429 on the creation: sent again after the Retry-After the service asked for', async () => {
    const service = serviceWith();
    service.inject({ method: 'POST', status: 429, headers: { 'retry-after': '2' } });
    const result = await ensure(service);
    expect(result.created).toBe(true);
    expect(callsOf(service, 'createScope')).toHaveLength(2);
    expect(clock.slept).toEqual([2000]);
  });

  // docs/network.md, "Time limits, retries and the creation", promises three creations at most: a literal, not the constant.
  test('transient failures: at most 3 creations, then the last error, saying so', async () => {
    const lines: string[] = [];
    const service = serviceWith();
    service.inject({ method: 'POST', status: 503, times: 4 });
    const error = await actionError(ensure(service, specOf(), (line) => lines.push(line)));
    expect(error.message).toBe(
      `${CREATION} failed with HTTP 503. The service said: injected 503 (gave up after 3 attempts). ` +
        'A creation sent by this run may have been applied: the next run finds the scope and adopts it, without creating a second one.',
    );
    expect(callNames(service).slice(2)).toEqual([
      'createScope',
      'getClient',
      'createScope',
      'getClient',
      'createScope',
      'getClient',
    ]);
    // Sent again twice, paced by the backoff (half of it, the fake's random), never after the last.
    expect(clock.slept).toEqual([150, 300]);
    expect(lines.filter((line) => line.includes('will be sent again'))).toHaveLength(2);
  });

  test('a Retry-After longer than the step waits ends the creations at once, saying why', async () => {
    const service = serviceWith();
    service.inject({ method: 'POST', status: 429, headers: { 'retry-after': '3600' } });
    const error = await actionError(ensure(service));
    expect(error.message).toMatch(
      new RegExp(
        `^${escape(CREATION)} failed with HTTP 429: too many requests\\. The service said: injected 429 \\(the service asked to wait 3600 s, longer than this run waits\\)\\. A creation sent by this run may have been applied`,
      ),
    );
    expect(callsOf(service, 'createScope')).toHaveLength(1);
  });

  test('any other failure is thrown at once, without inspecting again', async () => {
    const service = serviceWith();
    service.inject({ method: 'POST', status: 403 });
    const error = await rejectionOf(ensure(service), HttpError);
    expect([
      error.status,
      error.message.startsWith(`${CREATION} failed with HTTP 403: `),
      error.message.includes('may have been applied'),
    ]).toEqual([403, true, false]);
    expect(callNames(service)).toEqual(['getClient', 'lookupScopesByString', 'createScope']);
  });
});

describe('a dry run', () => {
  const dryRun = (service: EmbeddedAuthService, spec: ScopeDefinition<SpecDependent> = specOf()) =>
    reconcile(service, { spec, dryRun: true });

  test('on a client without scope: nothing created, the would-be scope string returned', async () => {
    const service = serviceWith({ others: ['transfer'] });
    const result = await dryRun(service, specOf({ dependent_scopes: [{ scope: TRANSFER }] }));
    expect(callNames(service)).toEqual(['getClient', 'lookupScopesByString']);
    expect(result).toEqual({
      scope: { id: '', scope_string: EXPECTED },
      scopes: [{ id: '', scope_string: EXPECTED }],
      created: false,
      wouldCreate: true,
      // What the creation would send: the spec, with its dependent scope resolved to its id.
      definition: {
        ...specOf(),
        dependent_scopes: [{ scope: TRANSFER_ID, optional: false, requires_refresh_token: true }],
      },
      client: { id: CLIENT_ID, name: 'My app', scopeIds: [], scopes: [] },
      comparison: [],
      changes: [],
      updated: false,
      // The dependent scope's string, for the plan to show beside its id.
      names: new Map([[TRANSFER_ID, TRANSFER]]),
    });
  });

  test('still fails on a dependent string that does not resolve', async () => {
    const error = await actionError(dryRun(serviceWith(), specOf({ dependent_scopes: [{ scope: TRANSFER }] })));
    expect(error.message).toContain(`no scope was found for "${TRANSFER}"`);
  });

  test('on a client with its scope: the same as a real run, with the comparison', async () => {
    const service = serviceWith();
    const mine = addOwnScope(service);
    const result = await dryRun(service);
    expect(result.wouldCreate).toBe(false);
    expect(result.scope).toEqual(mine);
    expect(result.comparison.map((c) => c.field)).toEqual([
      'name',
      'description',
      'scope_suffix',
      'advertised',
      'allow_refresh_tokens',
      'required_domains',
      'dependent_scopes',
    ]);
  });
});

describe('the comparison with the spec', () => {
  test('right after a creation, against what the service created: a field it ignored shows', async () => {
    const service = serviceWith({ others: ['transfer'], ignoredFields: ['advertised'] });
    const result = await ensure(service, specOf({ dependent_scopes: [{ scope: TRANSFER }] }));
    expect(result.created).toBe(true);
    expect(result.comparison.filter((c) => !c.same)).toEqual([
      { field: 'advertised', spec: true, service: false, same: false },
    ]);
    expect(result.comparison.map((c) => c.field)).toEqual([
      'name',
      'description',
      'scope_suffix',
      'advertised',
      'allow_refresh_tokens',
      'required_domains',
      'dependent_scopes',
    ]);
  });

  test('a scope with another suffix is adopted and reported as scope_suffix drift, with no creation', async () => {
    const service = serviceWith();
    const legacy = addOwnScope(service, {}, expectedScopeString('legacy'));
    const result = await ensure(service);
    expect(callsOf(service, 'createScope')).toEqual([]);
    expect(result.scope).toEqual(legacy);
    expect(result.comparison.find((c) => c.field === 'scope_suffix')).toEqual({
      field: 'scope_suffix',
      spec: 'action_all',
      service: 'legacy',
      same: false,
    });
  });
});

describe('on_drift: update', () => {
  const update = (
    service: EmbeddedAuthService,
    spec: ScopeDefinition<SpecDependent>,
    dryRun = false,
    log?: (line: string) => void,
  ) => reconcile(service, { spec, dryRun, update: true }, log === undefined ? undefined : { ...silentLog, info: log });
  /** The client's scope as an earlier run made it from specOf(), with the given changes. */
  const existing = (
    service: EmbeddedAuthService,
    changes: Partial<ScopeRecord> = {},
    scopeString = EXPECTED,
  ): ScopeRecord =>
    addOwnScope(
      service,
      {
        name: 'My provider',
        description: 'Runs my actions',
        advertised: true,
        allows_refresh_token: true,
        dependent_scopes: [],
        ...changes,
      },
      scopeString,
    );

  test('nothing to change: no write, updated=false, one round trip', async () => {
    const service = serviceWith();
    existing(service);
    const result = await update(service, specOf());
    expect(callNames(service)).toEqual(['getClient', 'lookupScopesByString']);
    expect([result.updated, result.changes]).toEqual([false, []]);
  });

  test('a changed description and a dependent added: one PUT of the spec, whose answer verifies it', async () => {
    const service = serviceWith({ others: ['transfer'] });
    const mine = existing(service, { description: 'Old text' });
    const lines: string[] = [];
    const result = await update(service, specOf({ dependent_scopes: [{ scope: TRANSFER }] }), false, (line) =>
      lines.push(line),
    );
    expect(callNames(service)).toEqual(['getClient', 'lookupScopesByString', 'updateScope']);
    expect(callsOf(service, 'updateScope')[0]?.args).toEqual([
      mine.id,
      expect.objectContaining({
        description: 'Runs my actions',
        dependent_scopes: [{ scope: TRANSFER_ID, optional: false, requires_refresh_token: true }],
      }),
    ]);
    expect(result.updated).toBe(true);
    expect(result.changes.map((c) => [c.field, c.service, c.spec])).toEqual([
      ['description', 'Old text', 'Runs my actions'],
      [
        'dependent_scopes',
        [],
        [{ scope_string: TRANSFER, scope: TRANSFER_ID, optional: false, requires_refresh_token: true }],
      ],
    ]);
    expect(result.comparison.every((c) => c.same)).toBe(true);
    expect(result.scope.id).toBe(mine.id);
    expect(lines).toContain(`Updating description, dependent_scopes of ${EXPECTED}`);
  });

  test('the FQDN variants (same suffix) are updated alike, other scopes of the client never', async () => {
    const service = serviceWith();
    const mine = existing(service, { description: 'Old' });
    const fqdn = existing(service, { description: 'Old' }, `${AUTH_URL}/scopes/provider.example.test/action_all`);
    const other = existing(service, { description: 'Old' }, expectedScopeString('legacy'));
    const lines: string[] = [];
    const result = await update(service, specOf(), false, (line) => lines.push(line));
    expect(
      callsOf(service, 'updateScope')
        .map((c) => c.args[0])
        .sort(),
    ).toEqual([mine.id, fqdn.id].sort());
    expect(lines).toContain(`Updating description of ${EXPECTED}, ${fqdn.scope_string}`);
    expect(service.scopes.get(other.id)?.description).toBe('Old');
    expect(result.scopes.find((s) => s.id === fqdn.id)).toEqual(
      expect.objectContaining({ description: 'Runs my actions' }),
    );
  });

  test('an answer that leaves a field out: one read by id more', async () => {
    const service = serviceWith({ updateAnswerOmits: ['description'] });
    existing(service, { name: 'Old name' });
    const result = await update(service, specOf());
    expect(callNames(service).slice(2)).toEqual(['updateScope', 'getScope']);
    expect(result.comparison.map((c) => c.field)).toContain('description');
  });

  test('a field the service ignores is still drift after the update', async () => {
    const service = serviceWith({ ignoredFields: ['advertised'] });
    existing(service, { advertised: false });
    const result = await update(service, specOf());
    expect(result.updated).toBe(true);
    expect(result.comparison.filter((c) => !c.same)).toEqual([
      { field: 'advertised', spec: true, service: false, same: false },
    ]);
  });

  test('a dry run plans: nothing written, the changes told', async () => {
    const service = serviceWith();
    existing(service, { description: 'Old text' });
    const lines: string[] = [];
    const result = await update(service, specOf(), true, (line) => lines.push(line));
    expect(callsOf(service, 'updateScope')).toEqual([]);
    expect(lines).toContain(`Dry run: the scope ${EXPECTED} differs from the spec in description: it would be updated`);
    expect([result.updated, result.changes.map((c) => c.field)]).toEqual([false, ['description']]);
  });

  test.each([false, true])(
    'a changed suffix fails before any write, naming scope_suffix (dry run: %s)',
    async (dryRun) => {
      const service = serviceWith();
      existing(service, {}, expectedScopeString('legacy'));
      const error = await actionError(update(service, specOf(), dryRun));
      expect(error.message).toBe(
        'scope_suffix: the spec says "action_all", the client\'s scope has "legacy", and an update cannot change it: ' +
          "the suffix is part of the scope string, the provider's identity, which ensure-provider-scope never changes. Nothing was written. " +
          'Set scope_suffix back to "legacy" in the spec; a new scope string needs a new scope (and the users\' consent to it).',
      );
      expect(callsOf(service, 'updateScope')).toEqual([]);
    },
  );
});
