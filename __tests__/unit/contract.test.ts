/**
 * The fakes of the service the tests use must not drift apart: the same calls, made through
 * the port, to the in-memory fake (reconcile.test.ts) and to the embedded service over HTTP
 * (the end-to-end tests, the demo), must get the same answers. Ids are compared by the order
 * in which they first appear, since each fake makes its own. (The msw handlers of
 * service-client.test.ts are no model of the service: each test gives the one answer it is about.)
 */
import { afterEach, beforeEach, expect, test } from '@jest/globals';
import { EmbeddedAuthService, GROUPS_SCOPE_ID, GROUPS_SCOPE_STRING } from '../../dev/auth-service.ts';
import { createBudget } from '../../src/wire/budget.ts';
import type { AuthService, Scope, ScopeDefinition } from '../../src/engine/service.ts';
import { createServiceClient } from '../../src/wire/service-client.ts';
import { fakeClock } from '../support/clock.ts';
import { FakeService } from '../support/fake-service.ts';
import { id } from '../support/ids.ts';

const SECRET = 'contract-secret';

let embedded: EmbeddedAuthService;
beforeEach(async () => {
  embedded = new EmbeddedAuthService();
  await embedded.start();
});
afterEach(() => embedded.stop());

/** The same calls, in the same order, through any AuthService; what each answered. */
async function script(service: AuthService): Promise<unknown[]> {
  const definition: ScopeDefinition = {
    name: 'Contract provider',
    description: 'Runs contract actions',
    scope_suffix: 'action_all',
    advertised: true,
    allow_refresh_tokens: false,
    dependent_scopes: [{ scope: id(GROUPS_SCOPE_ID), optional: true, requires_refresh_token: false }],
  };
  const expected = service.scopeStringFor('action_all');
  const answers: unknown[] = [];
  answers.push(await service.getClient());
  answers.push(await service.lookupScopesByString([expected, GROUPS_SCOPE_STRING, 'https://nowhere.example.org/scopes/none']));
  answers.push(await service.lookupScopesById([GROUPS_SCOPE_ID, '00000000-0000-4000-8000-00000000dead']));
  const created = await service.createScope(definition);
  answers.push(created);
  const client = await service.getClient();
  answers.push(client);
  answers.push(await service.lookupScopesById(client.scopeIds));
  answers.push(await service.lookupScopesByString([expected]));
  // The same suffix again: the service refuses a second scope.
  const again = await service.createScope(definition);
  answers.push({ kind: again.kind });
  return answers;
}

/** Replaces every UUID by its order of first appearance, so that two fakes' answers compare. */
function normalize(value: unknown): unknown {
  const seen = new Map<string, string>();
  return JSON.parse(
    JSON.stringify(value, (_key, v: unknown) => (v instanceof Error ? `${v.constructor.name}` : v)).replace(
      /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi,
      (uuid) => seen.get(uuid.toLowerCase()) ?? (seen.set(uuid.toLowerCase(), `<id ${seen.size}>`), `<id ${seen.size - 1}>`),
    ),
  ) as unknown;
}

test('the in-memory fake and the embedded service answer the same calls alike', async () => {
  const client = embedded.addClient({ secret: SECRET, name: 'Contract app' });
  const run = new AbortController();
  const overHttp = createServiceClient({ authUrl: embedded.url, clientId: client.id, clientSecret: SECRET, budget: createBudget(5, { clock: fakeClock(), signal: run.signal }) });
  // The other service's scope, as the embedded service describes it, seeds the in-memory one.
  const [groups] = await overHttp.lookupScopesById([GROUPS_SCOPE_ID]);
  const fromEmbedded = await script(overHttp).finally(() => run.abort());
  const fromMemory = await script(new FakeService({ authUrl: embedded.url, clientId: id(client.id), clientName: 'Contract app', scopes: [groups as Scope] }));

  expect(normalize(fromMemory)).toEqual(normalize(fromEmbedded));
  // Not equal by being empty: the creation and the lookups found something.
  expect(fromEmbedded[3]).toEqual({ kind: 'created', scopes: [expect.objectContaining({ scope_string: `${embedded.url}/scopes/${client.id}/action_all` })] });
  expect(fromEmbedded.at(-1)).toEqual({ kind: 'conflict' });
});
