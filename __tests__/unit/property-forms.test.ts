/**
 * One path for both forms of a spec (engine/reconcile/reconcile.ts, forms.ts), drawn at random:
 * on a client with no scope, the single form and a list of one with the same scope send the
 * same requests and conclude the same outputs, plan and messages (the plan's `form` and the
 * list's `<suffix>: ` aside); on a client with other scopes, they differ only by the single
 * form's rule (nothing created on a client with any scope; its first scope stands for the spec's
 * when none has its string). Requests are recorded at the embedded service, in process.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stringify } from 'yaml';
import { GROUPS_SCOPE_ID, TRANSFER_SCOPE_STRING, type EmbeddedAuthService } from '../../dev/auth-service.ts';
import type { Conclusion, Message } from '../../src/engine/conclude/conclude.ts';
import { ensureProviderScope } from '../../src/engine/ensure.ts';
import { keepSecrets } from '../../src/engine/secrets.ts';
import { SETTING_DEFAULTS, type SettingName } from '../../src/engine/settings/settings.ts';
import { INPUT_NAMING } from '../../src/github/inputs.ts';
import { actionOutputs } from '../support/plans.ts';
import { fakeClock } from '../support/clock.ts';
import { id } from '../support/ids.ts';
import { AUTH_URL, inProcessService } from '../support/in-process.ts';

const CLIENT_ID = id('5b7e2d1c-9a3f-4c8e-b6d0-1e2f3a4b5c6d');
const SUFFIXES = ['action_all', 'ls', 'mkdir'] as const;
const stringOf = (suffix: string): string => `${AUTH_URL}/scopes/${CLIENT_ID}/${suffix}`;

/** One scope of the spec, as a file holds it. */
interface Entry {
  name: string;
  description: string;
  scope_suffix: string;
  advertised: boolean;
  allow_refresh_tokens?: boolean;
  dependent_scopes: Array<{ scope: string; optional?: boolean }>;
}

const entry: fc.Arbitrary<Entry> = fc.record(
  {
    name: fc.constantFrom('Provider', 'My provider'),
    description: fc.constantFrom('Runs my actions', 'Runs them'),
    scope_suffix: fc.constantFrom(...SUFFIXES),
    advertised: fc.boolean(),
    allow_refresh_tokens: fc.boolean(),
    dependent_scopes: fc.subarray([{ scope: GROUPS_SCOPE_ID }, { scope: TRANSFER_SCOPE_STRING, optional: true }]),
  },
  { requiredKeys: ['name', 'description', 'scope_suffix', 'advertised', 'dependent_scopes'] },
);

/** A scope the client has before the run: the spec's own fields, or others (drift). */
interface Held {
  suffix: string;
  description: string;
  advertised: boolean;
}
const held: fc.Arbitrary<Held> = fc.record({
  suffix: fc.constantFrom(...SUFFIXES),
  description: fc.constantFrom('Runs my actions', 'Runs them', 'Old text'),
  advertised: fc.boolean(),
});

/** What may befall the creation: nothing, a lost answer (applied), a 503 (not applied, sent again), a 403 (the run fails). */
const fault = fc.constantFrom('none', 'lost', '503', '403');

interface World {
  spec: Entry;
  client: Held[];
  dryRun: boolean;
  onDrift: 'warn' | 'update' | 'ignore' | 'fail';
  fault: 'none' | 'lost' | '503' | '403';
}

/** A fresh service with the client and its scopes (each suffix once), the fault armed. */
function serviceOf({ client, fault: armed }: World): EmbeddedAuthService {
  const service = inProcessService();
  const record = service.addClient({ id: CLIENT_ID, name: 'Shared providers' });
  const seen = new Set<string>();
  for (const { suffix, description, advertised } of client) {
    if (seen.has(suffix)) continue;
    seen.add(suffix);
    service.addScope({ client: record.id, scope_string: stringOf(suffix), name: 'Provider', description, advertised });
  }
  if (armed === 'lost') service.inject({ method: 'POST', loseAnswer: true });
  if (armed === '503') service.inject({ method: 'POST', status: 503 });
  if (armed === '403') service.inject({ method: 'POST', status: 403 });
  return service;
}

interface Ran {
  conclusion: Conclusion;
  requests: unknown[];
}

let workspace = '';
beforeAll(async () => {
  workspace = await mkdtemp(path.join(tmpdir(), 'eps-forms-'));
});
afterAll(async () => {
  await rm(workspace, { recursive: true, force: true });
});

/** One run through the engine's entry, as a door starts it, with the spec in this form. */
async function run(world: World, form: 'single' | 'list'): Promise<Ran> {
  const service = serviceOf(world);
  const secret = service.clients.get(CLIENT_ID)?.secret as string;
  const file = `${form}.yml`;
  await writeFile(path.join(workspace, file), stringify(form === 'single' ? world.spec : { scopes: [world.spec] }));
  const settings: Partial<Record<SettingName, string>> = {
    client_id: CLIENT_ID,
    client_secret: secret,
    auth_url: AUTH_URL,
    spec: file,
    dry_run: String(world.dryRun),
    on_drift: world.onDrift,
  };
  const conclusion = await ensureProviderScope({
    read: (name) => settings[name] ?? SETTING_DEFAULTS[name] ?? '',
    naming: INPUT_NAMING,
    workspace,
    secrets: keepSecrets(CLIENT_ID, secret),
    write: () => {},
    clock: fakeClock(),
    dispatcher: service.dispatcher(),
  });
  const requests = service.requests.map(({ method, path: at, query, body }) => ({ method, path: at, query, body }));
  return { conclusion, requests };
}

/** Every UUID the service made by the order it first appears: two services make the same ones under other names. */
function normalized(value: unknown): unknown {
  const names = new Map<string, string>();
  const text = JSON.stringify(value).replace(
    /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi,
    (uuid) => {
      const key = uuid.toLowerCase();
      if (key === CLIENT_ID || key === GROUPS_SCOPE_ID) return key;
      if (!names.has(key)) names.set(key, `<id ${names.size}>`);
      return names.get(key) as string;
    },
  );
  return JSON.parse(text);
}

/** A conclusion's messages with the list's `<suffix>: ` taken off, as the single form says them. */
const unprefixed = (messages: readonly Message[], suffix: string): Message[] =>
  messages.map((m): Message => {
    const text = m.text.startsWith(`${suffix}: `) ? m.text.slice(suffix.length + 2) : m.text;
    if (!('title' in m) || m.title === undefined) return { ...m, text };
    return { ...m, text, title: m.title.replace(`: ${suffix}: `, ': ') };
  });

/** What both forms must agree on: the requests, the outputs, the plan but its form, the messages, the exit code. */
const agreed = ({ conclusion, requests }: Ran, suffix: string) => {
  const { plan, outputs, messages, exitCode, known } = conclusion;
  return normalized({
    requests,
    outputs,
    plan: plan === undefined ? undefined : { ...plan, telling: undefined },
    messages: unprefixed(messages, suffix),
    exitCode,
    known,
  });
};

/** Where a problem sits in the file differs by form (a listed scope's under its index): its line aside. */
const withoutLocations = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === 'location' ? undefined : v)));

const world = (client: fc.Arbitrary<Held[]>): fc.Arbitrary<World> =>
  fc.record({
    spec: entry,
    client,
    dryRun: fc.boolean(),
    onDrift: fc.constantFrom('warn', 'update', 'ignore', 'fail'),
    fault,
  });

describe('the single form is a list of one', () => {
  test('on a client with no scope: the same requests, outputs, plan and messages', async () => {
    await fc.assert(
      fc.asyncProperty(world(fc.constant([])), async (w) => {
        const [single, list] = await Promise.all([run(w, 'single'), run(w, 'list')]);
        expect(withoutLocations(agreed(list, w.spec.scope_suffix))).toEqual(
          withoutLocations(agreed(single, w.spec.scope_suffix)),
        );
        // Not two runs alike by accident: the scope is created, or planned in a dry run, or the creation refused.
        if (w.fault === '403' && !w.dryRun) expect(single.conclusion.exitCode).toBe(1);
        else expect(single.conclusion.plan?.scopes[0].action).toBe('create');
      }),
      { numRuns: 40 },
    );
  });

  test("on a client that has the spec's scope among others: the same, but the others the list names", async () => {
    const client = fc.array(held, { minLength: 1, maxLength: 3 });
    await fc.assert(
      fc.asyncProperty(world(client), async (w) => {
        // The spec's scope is the client's, at any place among its others.
        const has = w.client.some((h) => h.suffix === w.spec.scope_suffix);
        fc.pre(has);
        const [single, list] = await Promise.all([run(w, 'single'), run(w, 'list')]);
        const listPlan = list.conclusion.plan;
        const others = new Set(w.client.map((h) => h.suffix).filter((s) => s !== w.spec.scope_suffix));
        expect(listPlan?.unlisted).toEqual([...others].map(stringOf));
        const dropUnlisted = (r: Ran) => {
          const a = agreed(r, w.spec.scope_suffix) as { plan?: { unlisted?: unknown } };
          if (a.plan !== undefined) a.plan.unlisted = undefined;
          return withoutLocations(a);
        };
        expect(dropUnlisted(list)).toEqual(dropUnlisted(single));
        expect(list.requests.some((r) => (r as { method: string }).method === 'POST')).toBe(false);
      }),
      { numRuns: 40 },
    );
  });

  test("on a client with other scopes only: the single form's rule alone sets them apart", async () => {
    const client = fc.array(held, { minLength: 1, maxLength: 3 });
    await fc.assert(
      fc.asyncProperty(world(client), async (w) => {
        fc.pre(w.client.every((h) => h.suffix !== w.spec.scope_suffix) && w.fault === 'none');
        const [single, list] = await Promise.all([run(w, 'single'), run(w, 'list')]);
        const first = stringOf((w.client[0] as Held).suffix);
        // The single form creates nothing: the client's first scope stands for its spec, a suffix apart.
        expect(single.requests.filter((r) => (r as { method: string }).method !== 'GET')).toEqual([]);
        if (w.onDrift === 'update') {
          expect(single.conclusion.messages.find((m) => m.level === 'error')?.text).toMatch(
            /^scope_suffix: the spec says .+ an update cannot change it/,
          );
        } else {
          expect(single.conclusion.outputs?.scope_string).toBe(first);
          expect(actionOutputs(single.conclusion)?.created).toBe('false');
        }
        // The list creates its scope (plans it, in a dry run) beside the others, which it names.
        expect(list.conclusion.outputs?.scope_string).toBe(stringOf(w.spec.scope_suffix));
        expect(actionOutputs(list.conclusion)?.created).toBe(String(!w.dryRun));
        expect(list.conclusion.plan?.unlisted).toEqual([...new Set(w.client.map((h) => stringOf(h.suffix)))]);
        // Until its first write, the list asks what the single form asks.
        expect(normalized(list.requests.slice(0, single.requests.length))).toEqual(normalized(single.requests));
        const rest = list.requests.slice(single.requests.length).map((r) => (r as { method: string }).method);
        expect(rest).toEqual(w.dryRun ? [] : ['POST', 'GET']);
      }),
      { numRuns: 40 },
    );
  });
});
