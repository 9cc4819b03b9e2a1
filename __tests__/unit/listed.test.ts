/**
 * The list form (engine/reconcile/reconcile.ts, forms.ts) against the embedded service's rules, in process through
 * the real service client: each listed scope matched to the client's by its suffix, the
 * missing ones created in the order of their sibling dependencies, the client's others left
 * alone, and the round trips this takes. Then the plan and outputs the engine concludes.
 */
import { TOLD_APART } from '../../src/engine/settings/telling.ts';
import { beforeEach, describe, expect, test } from '@jest/globals';
import type { AuthServiceOptions, EmbeddedAuthService, ScopeRecord } from '../../dev/auth-service.ts';
import { concludeRun } from '../../src/engine/conclude/conclude.ts';
import { reconcile as reconcileForm, type ReconcileRequest } from '../../src/engine/reconcile/reconcile.ts';
import { SpecFieldError } from '../../src/engine/settings/problems.ts';
import type { ScopeDefinition } from '../../src/engine/reconcile/service.ts';
import { listedScopeSchema, type SpecDependent } from '../../src/engine/settings/spec.ts';
import { INPUT_NAMING } from '../../src/github/inputs.ts';
import { actionOutputs } from '../support/plans.ts';
import { createBudget } from '../../src/wire/budget.ts';
import { ActionError } from '../../src/wire/errors.ts';
import { silentLog, type Log } from '../../src/wire/log.ts';
import { fakeClock } from '../support/clock.ts';
import { id, nthUuid as uuid } from '../support/ids.ts';
import { AUTH_URL, clientOf, inProcessService } from '../support/in-process.ts';
import { rejectionOf } from '../support/rejection.ts';

const CLIENT_ID = id('3a1f6c2e-8b4d-4f0a-9c7e-5d2b1a0f9e8c');
const CLIENT_PATH = `/v2/api/clients/${CLIENT_ID}`;
const stringOf = (suffix: string): string => `${AUTH_URL}/scopes/${CLIENT_ID}/${suffix}`;
const TRANSFER = 'https://auth.example.test/scopes/transfer.api.example.test/all';
const TRANSFER_ID = uuid(201);

function serviceWith(...suffixes: string[]): EmbeddedAuthService {
  return serviceOf({}, ...suffixes);
}

function serviceOf(options: AuthServiceOptions, ...suffixes: string[]): EmbeddedAuthService {
  const service = inProcessService(options);
  service.addClient({ id: CLIENT_ID, name: 'Shared providers' });
  service.addScope({ id: TRANSFER_ID, scope_string: TRANSFER });
  for (const suffix of suffixes) own(service, suffix);
  return service;
}

/** Gives the client a scope with this suffix, as the listed spec of that suffix says (so: no drift). */
const own = (service: EmbeddedAuthService, suffix: string, fields: Partial<ScopeRecord> = {}): ScopeRecord =>
  service.addScope({
    client: CLIENT_ID,
    scope_string: stringOf(suffix),
    name: `Provider ${suffix}`,
    description: `Runs ${suffix}`,
    advertised: true,
    ...fields,
  });

const listed = (suffix: string, dependents: Array<Record<string, unknown>> = []): ScopeDefinition<SpecDependent> =>
  listedScopeSchema.parse({
    name: `Provider ${suffix}`,
    description: `Runs ${suffix}`,
    scope_suffix: suffix,
    advertised: true,
    dependent_scopes: dependents,
  });

let clock = fakeClock();
beforeEach(() => {
  clock = fakeClock();
});

const reconcile = (
  service: EmbeddedAuthService,
  request: Omit<ReconcileRequest, 'budget' | 'telling'>,
  log: Log = silentLog,
) => {
  const budget = createBudget(3600, { clock });
  return reconcileForm(clientOf(service, CLIENT_ID, budget), { ...request, telling: TOLD_APART, budget }, log);
};

/** The requests the service saw, as `METHOD path`, and the rounds they came in (requests sent before the first answer came back are one round). */
const requests = (service: EmbeddedAuthService): string[] => service.requests.map((r) => `${r.method} ${r.path}`);
const writes = (service: EmbeddedAuthService): string[] => requests(service).filter((r) => !r.startsWith('GET'));
const scopeOf = (service: EmbeddedAuthService, suffix: string): ScopeRecord | undefined =>
  [...service.scopes.values()].find((s) => s.scope_string === stringOf(suffix));

describe('each listed scope by its suffix', () => {
  test('all present: the inspection and one lookup of every listed and dependent string, nothing written', async () => {
    const service = serviceWith('a', 'b', 'c');
    const { results, unlisted } = await reconcile(service, {
      specs: [listed('a'), listed('b', [{ scope: TRANSFER }]), listed('c')],
      dryRun: false,
    });
    expect(requests(service)).toEqual([`GET ${CLIENT_PATH}`, 'GET /v2/api/scopes']);
    expect(service.requests[1]?.query.scope_strings?.split(',')).toEqual([
      stringOf('a'),
      stringOf('b'),
      stringOf('c'),
      TRANSFER,
    ]);
    expect(
      results.map((r) => [r.scope.scope_string, r.created, r.wouldCreate, r.comparison.every((c) => c.same)]),
    ).toEqual([
      [stringOf('a'), false, false, true],
      [stringOf('b'), false, false, false],
      [stringOf('c'), false, false, true],
    ]);
    expect(unlisted).toEqual([]);
  });

  test("a shared client's scopes the spec does not list are named and left as they are; the listed one it lacks is created", async () => {
    const service = serviceWith('transfer_ls', 'search_delete');
    const before = structuredClone([...service.scopes.values()]);
    const said: string[] = [];
    const { results, unlisted } = await reconcile(
      service,
      { specs: [listed('transfer_mkdir')], dryRun: false },
      { ...silentLog, info: (text) => said.push(text) },
    );
    expect(unlisted.map((s) => s.scope_string)).toEqual([stringOf('transfer_ls'), stringOf('search_delete')]);
    expect(said).toContain(
      `The client's other scope(s), which the spec does not list, are left as they are: ${stringOf('transfer_ls')}, ${stringOf('search_delete')}`,
    );
    expect(writes(service)).toEqual([`POST ${CLIENT_PATH}/scopes`]);
    for (const scope of before) expect(service.scopes.get(scope.id)).toEqual(scope);
    expect(results[0]).toMatchObject({ created: true, scope: { scope_string: stringOf('transfer_mkdir') } });
    // Every scope of the client after the run, for scope_strings.
    expect(results[0].scopes.map((s) => s.scope_string)).toEqual([
      stringOf('transfer_ls'),
      stringOf('search_delete'),
      stringOf('transfer_mkdir'),
    ]);
  });

  test('a new sibling first, then the scope that depends on it, with its id; one verifying inspection at the end', async () => {
    const service = serviceWith('exists');
    const specs = [
      listed('dependent', [{ scope_suffix: 'base' }, { scope_suffix: 'exists', optional: true }]),
      listed('exists'),
      listed('base'),
    ];
    const { results } = await reconcile(service, { specs, dryRun: false });
    const base = scopeOf(service, 'base');
    const existing = scopeOf(service, 'exists');
    expect(scopeOf(service, 'dependent')?.dependent_scopes).toEqual([
      { scope: base?.id, optional: false, requires_refresh_token: true },
      { scope: existing?.id, optional: true, requires_refresh_token: true },
    ]);
    // Reads; level 0 (base); level 1 (dependent); the verifying inspection.
    expect(requests(service)).toEqual([
      `GET ${CLIENT_PATH}`,
      'GET /v2/api/scopes',
      `POST ${CLIENT_PATH}/scopes`,
      `POST ${CLIENT_PATH}/scopes`,
      `GET ${CLIENT_PATH}`,
    ]);
    expect(
      service.requests
        .filter((r) => r.method === 'POST')
        .map((r) => (r.body as { scope: { scope_suffix: string } }).scope.scope_suffix),
    ).toEqual(['base', 'dependent']);
    expect(results.map((r) => [r.created, r.comparison.every((c) => c.same)])).toEqual([
      [true, true],
      [false, true],
      [true, true],
    ]);
  });

  test('a dry run plans the sibling and names it by its string, "to be created"; nothing is written', async () => {
    const service = serviceWith();
    const { results } = await reconcile(service, {
      specs: [listed('base'), listed('dependent', [{ scope_suffix: 'base' }])],
      dryRun: true,
    });
    expect(writes(service)).toEqual([]);
    expect(results.map((r) => [r.wouldCreate, r.scope.id])).toEqual([
      [true, ''],
      [true, ''],
    ]);
    expect(results[1]?.definition?.dependent_scopes).toEqual([
      { scope: stringOf('base'), optional: false, requires_refresh_token: true },
    ]);
  });

  test('a sibling neither listed nor on the client: refused before any write, at its field', async () => {
    const service = serviceWith('a');
    const error = await rejectionOf(
      reconcile(service, {
        specs: [listed('b'), listed('a', [{ scope: TRANSFER }, { scope_suffix: 'nowhere' }])],
        dryRun: false,
      }),
      SpecFieldError,
    );
    expect(error.problems).toEqual([
      {
        at: [1, 'dependent_scopes', 1, 'scope_suffix'],
        field: 'scopes[1].dependent_scopes[1].scope_suffix',
        message:
          'scopes[1].dependent_scopes[1].scope_suffix "nowhere": the client has no scope with this suffix, and the spec lists none. A dependency by scope_suffix names another scope ' +
          'of this client: create that scope first, or list it under scopes: in the spec. Nothing was written.',
      },
    ]);
    expect(writes(service)).toEqual([]);
  });

  test("a sibling's near miss: among the listed suffixes and the client's, never the scope's own", async () => {
    const service = serviceWith('copy_data', 'copy_datum');
    own(service, 'stage_files');
    const specs = [
      listed('move_data', [
        { scope_suffix: 'copy_dta' },
        { scope_suffix: 'stage_file' },
        { scope_suffix: 'move_dat' },
        { scope_suffix: 'run_fast' },
      ]),
      listed('run_fst'),
    ];
    const error = await rejectionOf(reconcile(service, { specs, dryRun: true }), SpecFieldError);
    expect(error.problems.map((p) => [p.at, /\(did you mean (\w+)\?\)/.exec(p.message)?.[1]])).toEqual([
      [[0, 'dependent_scopes', 0, 'scope_suffix'], 'copy_data'],
      [[0, 'dependent_scopes', 1, 'scope_suffix'], 'stage_files'],
      // Its own suffix is no sibling: no near miss.
      [[0, 'dependent_scopes', 2, 'scope_suffix'], undefined],
      // A listed suffix, to be created.
      [[0, 'dependent_scopes', 3, 'scope_suffix'], 'run_fst'],
    ]);
    expect(writes(service)).toEqual([]);
  });

  test('a sibling nowhere and a dependent string not found: both said, the sibling at its field', async () => {
    const service = serviceWith('a');
    const missing = 'https://auth.example.test/scopes/other.example.test/none';
    const error = await rejectionOf(
      reconcile(service, { specs: [listed('a', [{ scope: missing }, { scope_suffix: 'b' }])], dryRun: false }),
      SpecFieldError,
    );
    expect(error.problems.map(({ at, field }) => [at, field])).toEqual([
      [[0, 'dependent_scopes', 1, 'scope_suffix'], 'scopes[0].dependent_scopes[1].scope_suffix'],
      [undefined, 'scopes[0].dependent_scopes'],
    ]);
    expect(error.problems[1]?.message).toBe(
      `scopes[0].dependent_scopes: no scope was found for "${missing}". Check the scope string against the service that owns it, or give the scope by its UUID.`,
    );
    expect(error.message).toBe(error.problems.map((p) => p.message).join('\n'));
    expect(writes(service)).toEqual([]);
  });

  test("an id the client cannot see: a warning at that listed scope's field, before any write", async () => {
    const service = serviceWith('a');
    const warned: Array<[string, ReadonlyArray<string | number> | undefined]> = [];
    const unseen = uuid(999);
    await reconcile(
      service,
      { specs: [listed('a'), listed('b', [{ scope: unseen }])], dryRun: true },
      { ...silentLog, warning: (text, field) => warned.push([text, field]) },
    );
    expect(warned).toEqual([
      [
        expect.stringMatching(
          new RegExp(`^b: dependent_scopes: no scope with id ${unseen} is visible to this client\\.`),
        ),
        [1, 'dependent_scopes', 0, 'scope'],
      ],
    ]);
  });

  test('a creation the service refuses: the failure names the listed scope it was for', async () => {
    const service = serviceWith('a');
    service.inject({ method: 'POST', status: 400 });
    const error = await rejectionOf(
      reconcile(service, { specs: [listed('a'), listed('b')], dryRun: false }),
      ActionError,
    );
    expect(error.message).toMatch(/^b: Scope creation \(POST .+\) failed with HTTP 400: /);
  });

  test("a level's writes all end before its failure stops the run: the failure names each scope that failed, and what the run wrote", async () => {
    const service = serviceWith();
    service.inject({ method: 'POST', status: 400 });
    const error = await rejectionOf(
      reconcile(service, { specs: [listed('a'), listed('b')], dryRun: false }),
      ActionError,
    );
    // Which of the two is refused depends on which arrives first; the other is created all the same, and said.
    const made = [...service.scopes.values()].filter((s) => s.client === CLIENT_ID).map((s) => s.scope_string);
    expect(made).toHaveLength(1);
    const refused = made[0] === stringOf('a') ? 'b' : 'a';
    expect(error.message).toMatch(
      new RegExp(
        `^${refused}: Scope creation \\(POST .+\\) failed with HTTP 400: .+ Before it stopped, this run created ${made[0]}: kept as they are, the next run adopts them\\.$`,
      ),
    );

    const both = serviceWith();
    both.inject({ method: 'POST', status: 400, times: 2 });
    const twice = await rejectionOf(reconcile(both, { specs: [listed('a'), listed('b')], dryRun: false }), ActionError);
    expect(twice.message).toMatch(
      /^a: Scope creation \(POST .+\) failed with HTTP 400: .+ b: Scope creation \(POST .+\) failed with HTTP 400: [^]+$/,
    );
    expect(twice.message).not.toContain('Before it stopped');

    const updated = serviceWith();
    const [c, d] = [own(updated, 'c', { description: 'Old' }), own(updated, 'd', { description: 'Old' })];
    updated.inject({ method: 'POST', status: 400 });
    const after = await rejectionOf(
      reconcile(updated, { specs: [listed('a'), listed('c'), listed('d')], dryRun: false, update: true }),
      ActionError,
    );
    expect(after.message).toMatch(
      new RegExp(
        `^a: Scope creation .+ Before it stopped, this run updated ${c.scope_string}, updated ${d.scope_string}: kept as they are, the next run adopts them\\.$`,
      ),
    );
  });

  test("a level's failure the run did not expect (a bug, not the service's answer) is thrown as it is, for the door to report as unexpected", async () => {
    const service = serviceWith();
    service.inject({ method: 'POST', status: 400 });
    const bug = new TypeError('scope.id is undefined');
    const budget = createBudget(3600, { clock });
    const client = clientOf(service, CLIENT_ID, budget);
    const error = await rejectionOf(
      reconcileForm(
        {
          ...client,
          createScope: (definition) =>
            definition.scope_suffix === 'b' ? Promise.reject(bug) : client.createScope(definition),
        },
        { specs: [listed('a'), listed('b')], dryRun: false, telling: TOLD_APART, budget },
      ),
      TypeError,
    );
    expect(error).toBe(bug);
  });

  test('the verifying inspection fails after two creations, one of them sent again: a creation of this run may have been applied, said once', async () => {
    const service = serviceWith();
    // a is created at once; b's first creation fails with nothing applied, is sent again and
    // created; then the verifying inspection is refused.
    service.inject({
      method: 'POST',
      before: () =>
        service.inject({
          method: 'POST',
          status: 503,
          before: () =>
            service.inject({
              method: 'POST',
              before: () => service.inject({ method: 'GET', path: CLIENT_PATH, status: 403 }),
            }),
        }),
    });
    const error = await rejectionOf(
      reconcile(service, { specs: [listed('a'), listed('b')], dryRun: false }),
      ActionError,
    );
    expect(writes(service)).toEqual([
      `POST ${CLIENT_PATH}/scopes`,
      `POST ${CLIENT_PATH}/scopes`,
      `POST ${CLIENT_PATH}/scopes`,
    ]);
    expect(error.message).toMatch(
      new RegExp(
        `^The service created ${stringOf('a')}, ${stringOf('b')}, but the client inspection that verifies it failed: ` +
          `Client inspection \\(GET ${CLIENT_PATH}\\) failed with HTTP 403: .+ The next run finds the scope and adopts it\\. ` +
          'A creation sent by this run may have been applied: the next run finds the scope and adopts it, without creating a second one\\.$',
      ),
    );
  });

  test('a sibling to create given by its scope string: refused before any write, scope_suffix offered; one that exists resolves by its string', async () => {
    const service = serviceWith();
    const error = await rejectionOf(
      reconcile(service, { specs: [listed('base'), listed('dependent', [{ scope: stringOf('base') }])], dryRun: true }),
      ActionError,
    );
    expect(error.message).toBe(
      `scopes[1].dependent_scopes: ${stringOf('base')} is the string of the listed scope base, which the client does not have yet: ` +
        'give it as scope_suffix: base, and it is created first, its id sent with this one. Nothing was written.',
    );
    expect(writes(service)).toEqual([]);

    // Another service's string that ends with a listed suffix is no sibling: it is looked up.
    const { results } = await reconcile(service, {
      specs: [listed('all'), listed('dependent', [{ scope: TRANSFER }])],
      dryRun: true,
    });
    expect(results[1]?.definition?.dependent_scopes).toEqual([
      { scope: TRANSFER_ID, optional: false, requires_refresh_token: true },
    ]);

    const base = own(service, 'base');
    await reconcile(service, {
      specs: [listed('base'), listed('dependent', [{ scope: stringOf('base') }])],
      dryRun: false,
    });
    expect(scopeOf(service, 'dependent')?.dependent_scopes).toEqual([
      { scope: base.id, optional: false, requires_refresh_token: true },
    ]);
  });

  test('a listed sibling the client has only as an FQDN variant: a dependency by its suffix is refused before any write, the variant offered', async () => {
    const service = serviceWith();
    const variant = `${AUTH_URL}/scopes/providers.example.org/base`;
    service.addScope({
      client: CLIENT_ID,
      scope_string: variant,
      name: 'Provider base',
      description: 'Runs base',
      advertised: true,
    });
    const error = await rejectionOf(
      reconcile(service, { specs: [listed('base'), listed('dependent', [{ scope_suffix: 'base' }])], dryRun: false }),
      ActionError,
    );
    expect(error.message).toBe(
      `scope_suffix base: the client has that scope only as its FQDN variant ${variant}, and a dependency by scope_suffix stands for ${stringOf('base')}, ` +
        `which this run does not create. Depend on the variant by its string instead (scope: ${variant}). Nothing was written.`,
    );
    expect(writes(service)).toEqual([]);
  });

  test('drift in one of three: update changes it alone', async () => {
    const service = serviceWith('a');
    const b = own(service, 'b', { description: 'Old' });
    own(service, 'c');
    const { results } = await reconcile(service, {
      specs: [listed('a'), listed('b'), listed('c')],
      dryRun: false,
      update: true,
    });
    expect(writes(service)).toEqual([`PUT /v2/api/scopes/${b.id}`]);
    expect(results.map((r) => r.updated)).toEqual([false, true, false]);
    expect(results[1]?.changes.map((c) => [c.field, c.service, c.spec])).toEqual([['description', 'Old', 'Runs b']]);
  });

  test('a lost creation answer for the second of two new scopes: the inspection finds it and adopts it, never a second', async () => {
    const service = serviceWith();
    // The first creation is answered; the second's answer is lost, after the service applied it.
    service.inject({ method: 'POST', before: () => service.inject({ method: 'POST', loseAnswer: true }) });
    const { results } = await reconcile(service, {
      specs: [listed('one'), listed('two', [{ scope_suffix: 'one' }])],
      dryRun: false,
    });
    expect([...service.scopes.values()].filter((s) => s.client === CLIENT_ID).map((s) => s.scope_string)).toEqual([
      stringOf('one'),
      stringOf('two'),
    ]);
    expect(writes(service)).toEqual([`POST ${CLIENT_PATH}/scopes`, `POST ${CLIENT_PATH}/scopes`]);
    // After the lost answer: the inspection, the lookup of the scope it lists, then the one verifying inspection.
    expect(requests(service).slice(4)).toEqual([`GET ${CLIENT_PATH}`, 'GET /v2/api/scopes', `GET ${CLIENT_PATH}`]);
    expect(results.map((r) => [r.scope.scope_string, r.created])).toEqual([
      [stringOf('one'), true],
      [stringOf('two'), true],
    ]);
  });
});

describe('what each step of the list form is for', () => {
  const said = (): { info: string[]; warnings: string[]; log: Log } => {
    const info: string[] = [];
    const warnings: string[] = [];
    return {
      info,
      warnings,
      log: { ...silentLog, info: (text) => info.push(text), warning: (text) => warnings.push(text) },
    };
  };

  test('what it says: a creation planned, a creation sent; no word of other scopes when there are none', async () => {
    const planned = said();
    await reconcile(serviceWith('a'), { specs: [listed('a'), listed('b')], dryRun: true }, planned.log);
    expect(planned.info).toEqual([
      `b: Dry run: the client has no scope with this suffix; "Provider b" (${stringOf('b')}) would be created`,
    ]);
    const sent = said();
    await reconcile(serviceWith('a'), { specs: [listed('a'), listed('b')], dryRun: false }, sent.log);
    expect(sent.info).toEqual([
      `b: the client has no scope with this suffix: creating "Provider b" (${stringOf('b')})`,
    ]);
  });

  test("every line about a listed scope starts with its suffix: an update's, a planned update's, a warning's; a request's debug line as the wire says it", async () => {
    const service = serviceOf({}, 'a');
    own(service, 'b', { description: 'Old text' });
    const lines: string[] = [];
    const log: Log = {
      info: (text) => lines.push(`info ${text}`),
      debug: (text) => lines.push(`debug ${text}`),
      warning: (text) => lines.push(`warning ${text}`),
    };
    await reconcile(
      service,
      {
        specs: [listed('a'), listed('b', [{ scope: id('00000000-0000-4000-8000-00000000dead') }])],
        dryRun: true,
        update: true,
      },
      log,
    );
    expect(lines.filter((line) => !line.startsWith('debug '))).toEqual([
      expect.stringMatching(
        /^warning b: dependent_scopes: no scope with id 00000000-0000-4000-8000-00000000dead is visible/,
      ),
      expect.stringMatching(
        /^info b: Dry run: the scope \S+\/b differs from the spec in (description, )?dependent_scopes: it would be updated$/,
      ),
    ]);
    expect(lines.filter((line) => line.startsWith('debug ')).every((line) => !/^debug [ab]: /.test(line))).toBe(true);
  });

  test('a dependency the client can see by id is no warning', async () => {
    const { warnings, log } = said();
    await reconcile(serviceWith('a'), { specs: [listed('a', [{ scope: TRANSFER_ID }])], dryRun: true }, log);
    expect(warnings).toEqual([]);
  });

  test('a service that answers 404 when any string is unknown: the dependents are asked for alone, then the creation names them by id', async () => {
    const service = serviceOf({ notFound: '404' }, 'a');
    await reconcile(service, { specs: [listed('a'), listed('b', [{ scope: TRANSFER }])], dryRun: false });
    const lookups = service.requests
      .filter((r) => r.query.scope_strings !== undefined)
      .map((r) => r.query.scope_strings?.split(','));
    expect(lookups).toEqual([[stringOf('a'), stringOf('b'), TRANSFER], [TRANSFER]]);
    expect(scopeOf(service, 'b')?.dependent_scopes).toEqual([
      { scope: TRANSFER_ID, optional: false, requires_refresh_token: true },
    ]);
  });

  test("a listed scope's own string first, though an FQDN variant comes before it; a variant alone still matches, and nothing is created", async () => {
    const service = serviceWith();
    const variant = (suffix: string): string => `${AUTH_URL}/scopes/providers.example.org/${suffix}`;
    service.addScope({
      client: CLIENT_ID,
      scope_string: variant('a'),
      name: 'Provider a',
      description: 'Runs a',
      advertised: true,
    });
    const a = own(service, 'a');
    service.addScope({
      client: CLIENT_ID,
      scope_string: variant('b'),
      name: 'Provider b',
      description: 'Runs b',
      advertised: true,
    });
    const { results } = await reconcile(service, { specs: [listed('a'), listed('b')], dryRun: false });
    expect(results.map((r) => r.scope.scope_string)).toEqual([a.scope_string, variant('b')]);
    expect(writes(service)).toEqual([]);
  });

  test("a sibling the spec does not list, on the client: its own scope's id, never its FQDN variant's; its string shown with it", async () => {
    const service = serviceWith();
    service.addScope({
      client: CLIENT_ID,
      scope_string: `${AUTH_URL}/scopes/providers.example.org/base`,
      name: 'x',
      description: 'x',
      advertised: true,
    });
    const base = own(service, 'base');
    const { results } = await reconcile(service, {
      specs: [listed('dependent', [{ scope_suffix: 'base' }])],
      dryRun: false,
    });
    expect(scopeOf(service, 'dependent')?.dependent_scopes).toEqual([
      { scope: base.id, optional: false, requires_refresh_token: true },
    ]);
    const shown = results[0].comparison.find((c) => c.field === 'dependent_scopes');
    expect([shown?.same, shown?.spec]).toEqual([
      true,
      [{ scope_string: base.scope_string, scope: base.id, optional: false, requires_refresh_token: true }],
    ]);
  });

  test('a created sibling is shown by its string in its dependent, after the run', async () => {
    const { results } = await reconcile(serviceWith(), {
      specs: [listed('base'), listed('dependent', [{ scope_suffix: 'base' }])],
      dryRun: false,
    });
    const shown = results[1]?.comparison.find((c) => c.field === 'dependent_scopes');
    expect(shown).toMatchObject({ same: true, spec: [{ scope_string: stringOf('base'), scope: results[0].scope.id }] });
  });

  test('after an update, the comparison is with the updated scope: the same', async () => {
    const service = serviceWith();
    own(service, 'a', { description: 'Old' });
    const { results } = await reconcile(service, { specs: [listed('a')], dryRun: false, update: true });
    expect(results[0]).toMatchObject({ updated: true, scope: { description: 'Runs a' } });
    expect(results[0].comparison.every((c) => c.same)).toBe(true);
    expect(results[0].scopes.map((s) => ('description' in s ? s.description : undefined))).toEqual(['Runs a']);
  });

  test('a sibling that exists, listed or not, does not hold its dependent back: both new scopes are created in the first round', async () => {
    for (const specs of [
      [listed('dependent', [{ scope_suffix: 'exists' }]), listed('other')],
      [listed('dependent', [{ scope_suffix: 'exists' }]), listed('exists'), listed('other')],
    ]) {
      const service = serviceWith('exists');
      await reconcile(service, { specs, dryRun: false });
      expect(
        service.requests
          .filter((r) => r.method === 'POST')
          .map((r) => (r.body as { scope: { scope_suffix: string } }).scope.scope_suffix),
      ).toEqual(['dependent', 'other']);
    }
  });

  test("a lost answer to the only creation: the scope the inspection found is among the client's, looked up alone", async () => {
    const service = serviceWith('kept');
    service.inject({ method: 'POST', loseAnswer: true });
    const { results } = await reconcile(service, { specs: [listed('kept'), listed('new')], dryRun: false });
    const created = scopeOf(service, 'new');
    expect(results[1]).toMatchObject({ created: true, scope: { id: created?.id } });
    expect(results[0].scopes.map((s) => s.scope_string)).toEqual([stringOf('kept'), stringOf('new')]);
    // The inspection's lookup asks only for the scope it did not know.
    expect(service.requests.filter((r) => r.query.ids !== undefined).map((r) => r.query.ids)).toEqual([created?.id]);
  });

  test('a conflict while the client lists no such scope: the message names the scope it lacks', async () => {
    const service = serviceWith('a');
    service.inject({ method: 'POST', status: 409 });
    const error = await rejectionOf(
      reconcile(service, { specs: [listed('a'), listed('b')], dryRun: false }),
      ActionError,
    );
    expect(error.message).toContain(`Yet the client inspection that followed lists no scope ${stringOf('b')}: `);
  });
});

describe('the conclusion of a list', () => {
  test('the plan has a section per scope, the outputs describe the first and every scope by its suffix', async () => {
    const service = serviceWith('kept', 'other');
    const ensured = {
      telling: TOLD_APART,
      ...(await reconcile(service, { specs: [listed('kept'), listed('new')], dryRun: true })),
    };
    const conclusion = concludeRun({ inputs: { on_drift: 'warn', dry_run: true }, naming: INPUT_NAMING, ensured });
    expect(conclusion.plan?.scopes.map((s) => [s.suffix, s.action, s.scope.id === null])).toEqual([
      ['kept', 'none', false],
      ['new', 'create', true],
    ]);
    expect(conclusion.plan?.unlisted).toEqual([stringOf('other')]);
    expect(conclusion.plan?.scopeStrings).toEqual([stringOf('kept'), stringOf('other'), stringOf('new')]);
    const kept = scopeOf(service, 'kept')?.id;
    expect(actionOutputs(conclusion)).toMatchObject({
      scope_string: stringOf('kept'),
      scope_id: kept,
      created: 'false',
      changes: 'true',
    });
    expect(JSON.parse(actionOutputs(conclusion)?.scopes ?? '')).toEqual({
      kept: { scope_string: stringOf('kept'), scope_id: kept, created: false, updated: false, changes: false },
      new: { scope_string: stringOf('new'), scope_id: '', created: false, updated: false, changes: true },
    });
  });
});
