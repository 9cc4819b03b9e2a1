/**
 * The rotation (engine/rotation/) against the embedded service in process: the order of its
 * steps, what it retires and never retires, each fault of issue 45's point 4 and the state it
 * leaves, and no secret, old or new, in anything it says. Destinations are recording stand-ins;
 * the clock is fake, so the proof's retries take no time.
 */
import { describe, expect, test } from '@jest/globals';
import type { Dispatcher } from 'undici';
import type { AuthServiceOptions, EmbeddedAuthService } from '../../dev/auth-service.ts';
import type { Message } from '../../src/engine/conclude/conclude.ts';
import { credentialName, fingerprintOf } from '../../src/engine/reconcile/lineage.ts';
import { rotateSecret } from '../../src/engine/rotation/rotate.ts';
import {
  StoreUnknown,
  type Destination,
  type RotationConclusion,
  type RotationNaming,
  type RotationSetting,
} from '../../src/engine/rotation/port.ts';
import { credentialForms, keepSecrets, secretForms } from '../../src/engine/secrets.ts';
import type { SettingName } from '../../src/engine/settings/settings.ts';
import { INPUT_NAMING } from '../../src/github/inputs.ts';
import { fakeClock } from '../support/clock.ts';
import { id, nthUuid } from '../support/ids.ts';
import { AUTH_URL, inProcessService } from '../support/in-process.ts';

const CLIENT_ID = id('2c4e6a8b-1d3f-4a5b-9c7d-0e1f2a3b4c5d');
const PORTAL_SECRET = 'portal-made-Secret+with/signs=';
// 2026-11-27T10:00:00Z
const START = Date.UTC(2026, 10, 27, 10, 0, 0);

const WORDS: RotationNaming = { label: (s) => `Input ${s}`, assign: (s, v) => `${s}: ${v}` };

/** A destination that records what it was given, and fails its check or its store when told. */
function destination(
  name: string,
  {
    refuseCheck,
    refuseStore,
    loseStore,
    rewritable = true,
    onStore,
  }: {
    refuseCheck?: string;
    refuseStore?: string;
    /** The store applied, its answer lost: the place holds the secret, and the run cannot know. */
    loseStore?: string;
    rewritable?: boolean;
    onStore?: (secret: string) => void | Promise<void>;
  } = {},
) {
  const held: string[] = [];
  const calls: string[] = [];
  const d: Destination & { held: string[]; calls: string[] } = {
    name,
    held,
    calls,
    rewritable,
    check: async () => {
      calls.push('check');
      if (refuseCheck !== undefined) throw new Error(refuseCheck);
    },
    store: async (secret) => {
      calls.push('store');
      if (refuseStore !== undefined) throw new Error(refuseStore);
      held.push(secret);
      await onStore?.(secret);
      if (loseStore !== undefined) throw new StoreUnknown(loseStore);
    },
  };
  return d;
}

interface World {
  service: EmbeddedAuthService;
  /** Every Authorization header sent, decoded to the secret it carries (Basic) or "bearer". */
  sent: Array<{ method: string; path: string; secret: string }>;
}

function world(options: AuthServiceOptions = {}): World {
  const service = inProcessService(options);
  service.addClient({ id: CLIENT_ID, secret: PORTAL_SECRET });
  return { service, sent: [] };
}

interface Rotation extends RotationConclusion {
  written: Message[];
  masked: string[];
  /** The secret the destinations were given, if any. */
  secret: string | undefined;
  slept: number[];
}

/** One rotation with the current secret `secret`, as a door would start it. */
async function rotate(
  { service, sent }: World,
  {
    secret = PORTAL_SECRET,
    settings = {},
    destinations = [destination('the first place'), destination('the second place')],
    runToken = 'run1',
    now = START,
  }: {
    secret?: string | undefined;
    settings?: Partial<Record<SettingName | RotationSetting, string>>;
    destinations?: Array<ReturnType<typeof destination>>;
    runToken?: string;
    now?: number;
  } = {},
): Promise<Rotation> {
  const given: Partial<Record<SettingName | RotationSetting, string>> = {
    client_id: CLIENT_ID,
    client_secret: secret,
    auth_url: AUTH_URL,
    auth: 'basic',
    timeout_seconds: '30',
    ...settings,
  };
  const written: Message[] = [];
  const masked: string[] = [];
  const clock = fakeClock(0.5, now);
  const record: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (opts, handler) => {
    const authorization = String((opts.headers as Record<string, string> | undefined)?.authorization ?? '');
    const basic = /^Basic (.+)$/.exec(authorization)?.[1];
    sent.push({
      method: opts.method,
      path: opts.path,
      secret: basic === undefined ? 'bearer' : Buffer.from(basic, 'base64').toString().split(':').slice(1).join(':'),
    });
    return dispatch(opts, handler);
  };
  const conclusion = await rotateSecret({
    read: (name) => given[name] ?? '',
    naming: INPUT_NAMING,
    rotationNaming: WORDS,
    secrets: keepSecrets(CLIENT_ID, secret, (form) => void masked.push(form)),
    write: (message) => void written.push(message),
    clock,
    dispatcher: service.dispatcher().compose(record),
    destinations,
    runToken,
  });
  return { ...conclusion, written, masked, secret: destinations[0]?.held[0], slept: clock.slept };
}

const credentials = (service: EmbeddedAuthService) => service.clients.get(CLIENT_ID)?.credentials ?? [];
const names = (service: EmbeddedAuthService) => credentials(service).map((c) => c.name);
const PORTAL = 'Created in the developer portal';
/** The name a run at START + `minutes` gives its credential, made with `secret`. */
const nameAt = (minutes: number, token: string, secret = PORTAL_SECRET) =>
  credentialName(START + minutes * 60_000, token, fingerprintOf(CLIENT_ID, secret));
/** Every credential of the client made `hours` earlier than it was: older than a rotation in flight. */
const age = (service: EmbeddedAuthService, hours = 2): void => {
  for (const c of credentials(service))
    c.created = new Date(Date.parse(c.created) - hours * 3_600_000).toISOString().replace('Z', '000+00:00');
};
const errors = (r: Rotation) => r.messages.filter((m) => m.level === 'error').map((m) => m.text);
const infos = (r: Rotation) => r.messages.filter((m) => m.level === 'info').map((m) => m.text);
/** A credential as the messages name it. */
const said = (c: { id: string; name: string; created: string } | undefined) =>
  `"${c?.name}" (id ${c?.id}, created ${c?.created})`;

/** No form of any of these secrets in what the run wrote, concluded or reported. */
function expectNoSecret(r: Rotation, secrets: readonly string[]): void {
  const text = JSON.stringify({ written: r.written, messages: r.messages, report: r.report, outputs: r.outputs });
  for (const secret of secrets) for (const form of secretForms(CLIENT_ID, secret)) expect(text).not.toContain(form);
}

describe('a rotation that goes through', () => {
  test("a first rotation from the portal-made secret: one credential made, proven, stored in order, the portal's left and named", async () => {
    const w = world();
    const first = destination('the first place');
    const second = destination('the second place');
    const r = await rotate(w, { destinations: [first, second] });

    expect(r.exitCode).toBe(0);
    expect(names(w.service)).toEqual([
      PORTAL,
      `ensure-provider-scope 2026-11-27T10:00:00Z run1 from ${fingerprintOf(CLIENT_ID, PORTAL_SECRET)}`,
    ]);
    const made = credentials(w.service)[1];
    expect(first.held).toEqual([made?.secret]);
    expect(second.held).toEqual([made?.secret]);
    // Every check before the creation, then the stores in order.
    expect([...first.calls, ...second.calls]).toEqual(['check', 'store', 'check', 'store']);
    expect(w.service.apiCalls()).toEqual([
      `GET /v2/api/clients/${CLIENT_ID}/credentials`,
      `POST /v2/api/clients/${CLIENT_ID}/credentials`,
      `GET /v2/api/clients/${CLIENT_ID}`,
      `GET /v2/api/clients/${CLIENT_ID}/credentials`,
    ]);
    expect(r.outputs).toEqual({ credential_id: made?.id, retired: [] });
    expect(r.report.created).toEqual({ id: made?.id, name: made?.name, created: made?.created });
    expect(r.report.stored).toEqual(['the first place', 'the second place']);
    expect(r.report.left).toEqual([
      {
        id: credentials(w.service)[0]?.id,
        name: PORTAL,
        created: credentials(w.service)[0]?.created,
        madeByThisTool: false,
      },
      { id: made?.id, name: made?.name, created: made?.created, madeByThisTool: true },
    ]);
    expect(infos(r)).toEqual([
      expect.stringMatching(
        /^Left beside the new credential: "Created in the developer portal" \(id [0-9a-f-]+, created [^)]+\), not made by this tool\. Once the deployed provider uses the new secret, retire the one it no longer uses with retire_id: <its id>\.$/,
      ),
    ]);
    // The old secret still works: the deploy keeps running through the overlap.
    expect(w.service.clients.get(CLIENT_ID)?.credentials.map((c) => c.secret)).toContain(PORTAL_SECRET);
    // What the run said as it went: the announcement, the creation, each store.
    expect(r.written.filter((m) => m.level === 'info').map((m) => m.text)).toEqual([
      `Rotating the secret of client ${CLIENT_ID} at ${AUTH_URL} (retire: later)`,
      `Created the credential "${made?.name}" (id ${made?.id}, created ${made?.created})`,
      'Stored the new secret in the first place',
      'Stored the new secret in the second place',
    ]);
  });

  test('the new secret goes to the keeper (masked in every form) before any destination sees it; no secret in anything said', async () => {
    const w = world();
    const order: string[] = [];
    const masked: string[] = [];
    const watching: ReturnType<typeof destination> = {
      ...destination('the place'),
      store: async (secret) => void order.push(masked.includes(secret) ? 'masked before stored' : 'stored unmasked'),
    };
    const r = await rotate(w, { destinations: [watching] });
    masked.push(...r.masked);
    const secret = credentials(w.service)[1]?.secret ?? '';
    expect(r.masked).toEqual(expect.arrayContaining(secretForms(CLIENT_ID, secret)));
    expect(r.exitCode).toBe(0);
    expectNoSecret(r, [PORTAL_SECRET, secret]);
  });

  test('from the proof on, every call of the run is made with the new secret', async () => {
    const w = world();
    const r = await rotate(w);
    const secret = r.secret ?? '';
    const post = w.sent.findIndex((s) => s.method === 'POST');
    expect(w.sent.slice(0, post + 1).map((s) => s.secret)).toEqual([PORTAL_SECRET, PORTAL_SECRET]);
    expect(w.sent.slice(post + 1).map((s) => s.secret)).toEqual([secret, secret]);
  });

  test("a third rotation: the first of this tool's (not in use, over an hour old) deleted, the one in use kept, the portal's kept", async () => {
    const w = world();
    const one = await rotate(w, { runToken: 'one' });
    age(w.service);
    const two = await rotate(w, { secret: one.secret, runToken: 'two', now: START + 60_000 });
    expect(two.outputs?.retired).toEqual([]);
    age(w.service);
    const firstOfTool = credentials(w.service)[1];
    const three = await rotate(w, { secret: two.secret, runToken: 'three', now: START + 120_000 });
    expect(three.exitCode).toBe(0);
    expect(names(w.service)).toEqual([PORTAL, nameAt(1, 'two', one.secret), nameAt(2, 'three', two.secret)]);
    expect(three.outputs?.retired).toEqual([firstOfTool?.id]);
    expect(three.report.retired).toEqual([
      { id: firstOfTool?.id, name: nameAt(0, 'one'), created: firstOfTool?.created },
    ]);
    expect(infos(three)[0]).toMatch(/^Retired the credential "ensure-provider-scope 2026-11-27T10:00:00Z one from /);
    const [portal, previous] = credentials(w.service);
    expect(infos(three)[1]).toBe(
      `Left beside the new credential: ${said(portal)}, not made by this tool; ${said(previous)}, the deployed provider may still use it. ` +
        "Once the deployed provider uses the new secret, retire the one it no longer uses with retire_id: <its id>, or let the next rotation retire this tool's.",
    );
    // Retired with the new secret, after both stores.
    expect(w.sent.filter((s) => s.method === 'DELETE').map((s) => s.secret)).toEqual([three.secret]);
  });

  test("retire: now keeps only the new one of this tool's, and the portal's", async () => {
    const w = world();
    const one = await rotate(w, { runToken: 'one' });
    const two = await rotate(w, { secret: one.secret, runToken: 'two', now: START + 60_000 });
    // No grace under now: the credentials of a minute ago go too.
    const r = await rotate(w, {
      secret: two.secret,
      runToken: 'now',
      now: START + 120_000,
      settings: { retire: 'now' },
    });
    expect(r.exitCode).toBe(0);
    expect(names(w.service)).toEqual([PORTAL, nameAt(2, 'now', two.secret)]);
    expect(r.report.retired.map((c) => c.name)).toEqual([nameAt(0, 'one'), nameAt(1, 'two', one.secret)]);
    expect(infos(r).slice(0, 2)).toEqual([
      expect.stringMatching(/^Retired the credential "ensure-provider-scope 2026-11-27T10:00:00Z one from /),
      expect.stringMatching(/^Retired the credential "ensure-provider-scope 2026-11-27T10:01:00Z two from /),
    ]);
  });

  test("retire_id names the portal's credential: deleted, after the stores, with the new secret", async () => {
    const w = world();
    const portal = credentials(w.service)[0];
    const first = destination('the place');
    const r = await rotate(w, {
      settings: { retire_id: ` ${portal?.id.toUpperCase() ?? ''}\n` },
      destinations: [first],
    });
    expect(r.exitCode).toBe(0);
    expect(r.written[0]?.text).toBe(
      `Rotating the secret of client ${CLIENT_ID} at ${AUTH_URL} (retire: later, retire_id: ${portal?.id})`,
    );
    expect(names(w.service)).toEqual([nameAt(0, 'run1')]);
    expect(r.outputs?.retired).toEqual([portal?.id]);
    expect(infos(r).at(-1)).toMatch(/^The new credential .* is the client's only one\.$/);
    expect(w.sent.at(-1)).toEqual(expect.objectContaining({ method: 'DELETE', secret: first.held[0] }));
  });

  test('auth: token: the same rotation over tokens, the new secret proven by the grant', async () => {
    const w = world({ basicCredentials: 'refused' });
    const r = await rotate(w, { settings: { auth: 'token' } });
    expect(r.exitCode).toBe(0);
    expect(names(w.service)).toEqual([PORTAL, nameAt(0, 'run1')]);
    const grants = w.sent.filter((s) => s.path === '/v2/oauth2/token').map((s) => s.secret);
    expect(grants[0]).toBe(PORTAL_SECRET);
    expect(grants.slice(1)).toEqual([r.secret, r.secret]);
    expectNoSecret(r, [PORTAL_SECRET, r.secret ?? '']);
    // The tokens are masked too.
    for (const token of w.service.issuedTokens())
      expect(r.masked).toEqual(expect.arrayContaining(credentialForms(token)));
  });

  test('the service propagating the new secret: retried within the budget, then taken', async () => {
    const w = world({ newCredentialRefusals: 3 });
    const r = await rotate(w);
    expect(r.exitCode).toBe(0);
    expect(r.slept).toHaveLength(3);
    expect(r.written.filter((m) => /does not take the new secret yet/.test(m.text))).toHaveLength(3);
    expect(w.sent.filter((s) => s.path === `/v2/api/clients/${CLIENT_ID}`)).toHaveLength(4);
  });
});

describe('faults, each leaving a state a person can trust', () => {
  test("the creation's answer lost: the credential found by its name, deleted, and one more made", async () => {
    const w = world();
    w.service.inject({ method: 'POST', loseAnswer: true });
    const r = await rotate(w);
    expect(r.exitCode).toBe(0);
    expect(names(w.service)).toEqual([PORTAL, nameAt(0, 'run1')]);
    expect(w.service.apiCalls().filter((c) => c.startsWith('POST') || c.startsWith('DELETE'))).toHaveLength(3);
    expect(r.secret).toBe(credentials(w.service)[1]?.secret);
    expect(r.written.map((m) => m.text)).toContainEqual(
      expect.stringMatching(
        /^Deleted the credential "ensure-provider-scope 2026-11-27T10:00:00Z run1 from [0-9a-f]{16}" .*whose secret was lost with the answer$/,
      ),
    );
    expect(r.written.map((m) => m.text)).toContainEqual(
      expect.stringMatching(
        /^The credential's creation may or may not have been applied \(.+\): looking for it by its name$/,
      ),
    );
  });

  test("the creation's answer lost twice: both deleted, nothing stored, a clear error", async () => {
    const w = world();
    w.service.inject({ method: 'POST', loseAnswer: true, times: 2 });
    const place = destination('the place');
    const r = await rotate(w, { destinations: [place] });
    expect(r.exitCode).toBe(1);
    expect(names(w.service)).toEqual([PORTAL]);
    expect(place.held).toEqual([]);
    expect(errors(r)).toEqual([
      expect.stringMatching(
        /was lost twice .*the one made was deleted\. Nothing was stored: the current secret is unchanged everywhere\./,
      ),
    ]);
  });

  test('a creation that failed unapplied twice (503): nothing made, nothing stored, said so', async () => {
    const w = world();
    w.service.inject({ method: 'POST', status: 503, times: 2 });
    const place = destination('the place');
    const r = await rotate(w, { destinations: [place] });
    expect(r.exitCode).toBe(1);
    expect(names(w.service)).toEqual([PORTAL]);
    expect(place.calls).toEqual(['check']);
    expect(errors(r)).toEqual([
      expect.stringMatching(
        /^The answer to the creation of the credential "ensure-provider-scope 2026-11-27T10:00:00Z run1 from [0-9a-f]{16}" was lost twice \(.*HTTP 503.*\); none was made\. Nothing was stored: the current secret is unchanged everywhere\. Run the rotation again later\.$/,
      ),
    ]);
  });

  test('a creation that failed unapplied (503): one more made, none orphaned', async () => {
    const w = world();
    w.service.inject({ method: 'POST', status: 503 });
    const r = await rotate(w);
    expect(r.exitCode).toBe(0);
    expect(names(w.service)).toEqual([PORTAL, nameAt(0, 'run1')]);
  });

  test("the creation's answer lost and the listing failing after it: the name to look for, nothing stored", async () => {
    const w = world();
    w.service.inject({
      method: 'POST',
      loseAnswer: true,
      before: () => w.service.inject({ method: 'GET', path: /credentials$/, status: 403 }),
    });
    const r = await rotate(w);
    expect(r.exitCode).toBe(1);
    expect(errors(r)).toEqual([
      expect.stringMatching(
        /^The answer to the creation of the credential "ensure-provider-scope 2026-11-27T10:00:00Z run1 from [0-9a-f]{16}" was lost, and the credentials could not be read after it: .*If the developer portal lists a credential of that name, delete it there/,
      ),
    ]);
  });

  test('the orphan cannot be deleted: named, to delete by hand', async () => {
    const w = world();
    w.service.inject({ method: 'POST', loseAnswer: true });
    w.service.inject({ method: 'DELETE', status: 403 });
    const r = await rotate(w);
    expect(r.exitCode).toBe(1);
    expect(errors(r)[0]).toMatch(
      /so its secret can never be read, and it could not be deleted: .*Delete it by hand in the developer portal/,
    );
  });

  test('a destination that cannot be written: found before anything is made', async () => {
    const w = world();
    const ok = destination('the first place');
    const refusing = destination('the second place', { refuseCheck: 'its public key cannot be read (HTTP 403)' });
    const r = await rotate(w, { destinations: [ok, refusing] });
    expect(r.exitCode).toBe(1);
    expect(names(w.service)).toEqual([PORTAL]);
    expect(w.service.apiCalls()).toEqual([`GET /v2/api/clients/${CLIENT_ID}/credentials`]);
    expect(errors(r)).toEqual([
      'the second place cannot be written: its public key cannot be read (HTTP 403)',
      'Nothing was created: the current secret is unchanged everywhere.',
    ]);
    expect(ok.calls).toEqual(['check']);
  });

  test('the first store fails: no destination holds the new secret, so its credential is deleted', async () => {
    const w = world();
    const refusing = destination('the first place', { refuseStore: 'HTTP 403' });
    const second = destination('the second place');
    const r = await rotate(w, { destinations: [refusing, second] });
    expect(r.exitCode).toBe(1);
    expect(names(w.service)).toEqual([PORTAL]);
    expect(second.calls).toEqual(['check']);
    expect(r.report.created).toBeUndefined();
    expect(errors(r)).toEqual([
      'Could not store the new secret in the first place: HTTP 403',
      expect.stringMatching(
        /^The new credential "ensure-provider-scope .*" \(id .*\) was deleted\. Every destination still holds the current secret\.$/,
      ),
    ]);
  });

  test("the first store fails and the deletion's first answer is a 503: tried again after a pause on the run's clock, deleted", async () => {
    const w = world();
    w.service.inject({ method: 'DELETE', status: 503 });
    const r = await rotate(w, { destinations: [destination('the first place', { refuseStore: 'HTTP 403' })] });
    expect(r.exitCode).toBe(1);
    expect(names(w.service)).toEqual([PORTAL]);
    expect(r.slept.length).toBeGreaterThan(0);
  });

  test('the first store fails and the new credential cannot be deleted: named, to delete by hand', async () => {
    const w = world();
    w.service.inject({ method: 'DELETE', status: 403 });
    const refusing = destination('the first place', { refuseStore: 'HTTP 403' });
    const r = await rotate(w, { destinations: [refusing] });
    expect(r.exitCode).toBe(1);
    const made = credentials(w.service)[1];
    expect(names(w.service)).toEqual([PORTAL, nameAt(0, 'run1')]);
    expect(r.report.created).toEqual({ id: made?.id, name: made?.name, created: made?.created });
    // Made, but its secret held nowhere: no output names it for the deploy steps.
    expect(r.outputs).toBeUndefined();
    expect(errors(r)).toEqual([
      'Could not store the new secret in the first place: HTTP 403',
      expect.stringMatching(
        new RegExp(
          `^The new credential ${said(made).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} could not be deleted \\(.*HTTP 403.*\\): delete it by hand in the developer portal; its secret is stored nowhere\\. Every destination still holds the current secret\\.$`,
        ),
      ),
    ]);
  });

  test('the last of three stores fails: the two that hold the new secret, and the one that does not, named', async () => {
    const w = world();
    const r = await rotate(w, {
      destinations: [
        destination('the first place'),
        destination('the second place'),
        destination('the third place', { refuseStore: 'HTTP 500' }),
      ],
    });
    expect(r.exitCode).toBe(1);
    expect(r.report.stored).toEqual(['the first place', 'the second place']);
    expect(errors(r)[1]).toBe(
      `The new credential ${said(credentials(w.service)[1])} is kept and both secrets work; nothing was retired. ` +
        'Now the first place, the second place hold the new secret, and the third place still holds the current one. ' +
        'Fix what is named, then run the step again to rotate again and complete it.',
    );
  });

  test('a later store fails: the new credential kept, nothing retired, each destination and its secret named', async () => {
    const w = world();
    const one = await rotate(w, { runToken: 'one' });
    const first = destination('the first place');
    const refusing = destination('the second place', { refuseStore: 'HTTP 500' });
    const third = destination('the third place');
    const r = await rotate(w, {
      secret: one.secret,
      runToken: 'two',
      now: START + 60_000,
      settings: { retire: 'now' },
      destinations: [first, refusing, third],
    });
    expect(r.exitCode).toBe(1);
    expect(names(w.service)).toEqual([PORTAL, nameAt(0, 'one'), nameAt(1, 'two', one.secret)]);
    expect(third.calls).toEqual(['check']);
    expect(r.report.stored).toEqual(['the first place']);
    expect(r.report.unchanged).toEqual(['the second place', 'the third place']);
    // Past a store, the outputs are set all the same: a destination holds the new credential's secret.
    expect(r.outputs).toEqual({ credential_id: credentials(w.service)[2]?.id, retired: [] });
    expect(errors(r)).toEqual([
      'Could not store the new secret in the second place: HTTP 500',
      expect.stringMatching(
        /^The new credential ".*two from [0-9a-f]{16}" \(id .*\) is kept and both secrets work; nothing was retired\. Now the first place holds the new secret, and the second place, the third place still hold the current one\. Fix what is named, then run the step again to rotate again and complete it\.$/,
      ),
    ]);
    // Both secrets work.
    expect(credentials(w.service).map((c) => c.secret)).toEqual(expect.arrayContaining([one.secret, first.held[0]]));
  });

  test('a retirement that fails: exit 1 after storing, the credential to delete by hand named', async () => {
    const w = world();
    const portal = credentials(w.service)[0];
    w.service.inject({ method: 'DELETE', status: 403 });
    const place = destination('the place');
    const r = await rotate(w, { settings: { retire_id: portal?.id ?? '' }, destinations: [place] });
    expect(r.exitCode).toBe(1);
    expect(place.held).toHaveLength(1);
    expect(r.outputs?.credential_id).toBe(credentials(w.service)[1]?.id);
    expect(errors(r)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Could not retire the credential "Created in the developer portal" \\(id ${portal?.id}, .*HTTP 403.*Delete it by hand in the developer portal\\.$`,
        ),
      ),
    ]);
  });

  test('the current secret rejected (401): nothing created, the portal named as the only way back', async () => {
    const w = world();
    const place = destination('the place');
    const r = await rotate(w, { secret: 'a-secret-deleted-in-the-portal', destinations: [place] });
    expect(r.exitCode).toBe(1);
    expect(names(w.service)).toEqual([PORTAL]);
    expect(place.calls).toEqual([]);
    expect(errors(r)).toEqual([
      expect.stringMatching(
        /HTTP 401.* Nothing was created\. A rotation needs a secret that works: a secret deleted in the developer portal can only be replaced there\. Open the app in the developer portal, generate a new secret, .*\(docs\/rotation\.md\)\.$/,
      ),
    ]);
    expectNoSecret(r, ['a-secret-deleted-in-the-portal']);
  });

  test('a 403 on the credential endpoints under auth: basic names auth: token, and falls back to nothing', async () => {
    const w = world({ basicCredentials: 'refused' });
    const r = await rotate(w);
    expect(r.exitCode).toBe(1);
    expect(errors(r)).toEqual([expect.stringMatching(/HTTP 403.* Nothing was created\. .*use auth: token\.$/)]);
    expect(w.sent.some((s) => s.path.includes('oauth2'))).toBe(false);
  });

  test('another refusal under auth: basic (a 400) names no auth to switch to', async () => {
    const w = world();
    w.service.inject({ method: 'GET', path: /credentials$/, status: 400 });
    const r = await rotate(w);
    expect(errors(r)).toEqual([expect.stringMatching(/HTTP 400.* Nothing was created\.$/)]);
  });

  test('a 403 under auth: token names no auth to switch to', async () => {
    const w = world();
    w.service.inject({ method: 'GET', path: /credentials$/, status: 403 });
    const r = await rotate(w, { settings: { auth: 'token' } });
    expect(errors(r)).toEqual([expect.stringMatching(/HTTP 403.* Nothing was created\.$/)]);
  });

  test('the new secret never taken within the run: its credential deleted, nothing stored', async () => {
    const w = world({ newCredentialRefusals: 1000 });
    const place = destination('the place');
    const r = await rotate(w, { destinations: [place] });
    expect(r.exitCode).toBe(1);
    expect(names(w.service)).toEqual([PORTAL]);
    expect(place.held).toEqual([]);
    expect(errors(r)).toEqual([
      expect.stringMatching(
        /^The new secret could not be proven: it was not accepted within the run's time \(12 tries at most\)\. The new credential .* was deleted\. Nothing was stored: the current secret is unchanged everywhere\. Run the step again, or give the service more time with timeout_seconds\.$/,
      ),
    ]);
  });
});

describe('settings', () => {
  test('retire_id that names no credential: nothing created, every credential listed, or none', async () => {
    const w = world();
    const one = await rotate(w, { runToken: 'one' });
    const r = await rotate(w, { secret: one.secret, runToken: 'two', settings: { retire_id: nthUuid(5) } });
    expect(r.exitCode).toBe(1);
    expect(names(w.service)).toEqual([PORTAL, nameAt(0, 'one')]);
    const [portal, made] = credentials(w.service);
    expect(errors(r)).toEqual([
      `Input retire_id names a credential client ${CLIENT_ID} does not have (${nthUuid(5)}): nothing was created. Its credentials are ${said(portal)}, ${said(made)}.`,
    ]);
    w.service.inject({ method: 'GET', path: /credentials$/, status: 200, body: '{"credentials":[]}' });
    const empty = await rotate(w, { secret: one.secret, settings: { retire_id: nthUuid(5) } });
    expect(errors(empty)).toEqual([
      `Input retire_id names a credential client ${CLIENT_ID} does not have (${nthUuid(5)}): nothing was created. Its credentials are none.`,
    ]);
    const two = await rotate(w, { secret: one.secret, settings: { retire_id: `${nthUuid(5)}\n${nthUuid(6)}` } });
    expect(errors(two)[0]).toMatch(
      new RegExp(
        `^Input retire_id names credentials client ${CLIENT_ID} does not have \\(${nthUuid(5)}, ${nthUuid(6)}\\)`,
      ),
    );
  });

  test('every problem at once, before any request: a bad retire, a retire_id not a UUID, an empty client_id', async () => {
    const w = world();
    const r = await rotate(w, { settings: { retire: 'soon', retire_id: 'not-an-id', client_id: '' } });
    expect(r.exitCode).toBe(1);
    expect(w.service.requests).toEqual([]);
    expect(errors(r)).toEqual([
      expect.stringMatching(/^Input client_id is empty/),
      'Input retire must be later or now, not "soon"',
      'Input retire_id is not a credential id (a UUID): give the id the report lists for the credential to delete',
    ]);
  });

  test('retire with blanks around it is read without them; blanks alone are the default, later', async () => {
    const asked = async (retire: string) => {
      const r = await rotate(world(), { settings: { retire, dry_run: 'true' } });
      return [r.exitCode, r.written[0]?.text.match(/\(retire: \w+\)/)?.[0]];
    };
    expect([await asked(' now '), await asked('   ')]).toEqual([
      [0, '(retire: now)'],
      [0, '(retire: later)'],
    ]);
  });

  test('a value that is no short word is not echoed', async () => {
    const r = await rotate(world(), { settings: { retire: PORTAL_SECRET } });
    expect(errors(r)).toEqual(['Input retire must be later or now']);
    // A word at its end is not enough.
    const tail = await rotate(world(), { settings: { retire: '<b>soon' } });
    expect(errors(tail)).toEqual(['Input retire must be later or now']);
  });
});

/** A credential planted on the client as an earlier run (or a person) left it, `hoursAgo` before now. */
function plant(w: World, name: string, hoursAgo: number, secret = `planted-${name.length}-${Math.random()}`) {
  const made = w.service.addCredential(CLIENT_ID, { name, secret });
  made.created = new Date(Date.now() - hoursAgo * 3_600_000).toISOString().replace('Z', '000+00:00');
  return made;
}
const toolName = (token: string, secret?: string) =>
  secret === undefined
    ? `ensure-provider-scope 2026-11-01T10:00:00Z ${token}`
    : credentialName(Date.UTC(2026, 10, 1, 10), token, fingerprintOf(CLIENT_ID, secret));
const exists = (w: World, id: string | undefined) => credentials(w.service).some((c) => c.id === id);
/** Whether the service takes `secret` for the client now. */
const works = (w: World, secret: string | undefined) => credentials(w.service).some((c) => c.secret === secret);

describe('lineage: what the run knows of each credential, and what it retires', () => {
  test("an orphan made from the run's own secret is not the one in use: the orphan goes, the one in use stays", async () => {
    const w = world();
    age(w.service, 100);
    const inUse = plant(w, toolName('aaa', PORTAL_SECRET), 48, 'the-deployed-providers-secret-1');
    // An earlier run with the same secret made this one, then lost its hand-off: nobody holds its secret.
    const orphan = plant(w, toolName('bbb', inUse.secret), 3);
    const r = await rotate(w, { secret: inUse.secret });
    expect(r.exitCode).toBe(0);
    expect(exists(w, inUse.id)).toBe(true);
    expect(exists(w, orphan.id)).toBe(false);
    expect(r.report.retired.map((c) => c.id)).toEqual([orphan.id]);
    expect(r.report.credentials.map((c) => [c.id, c.standing, c.kept])).toEqual([
      [credentials(w.service)[0]?.id, 'not made by this tool', 'not made by this tool'],
      [inUse.id, 'in use', 'in use'],
      [orphan.id, 'made from this secret', undefined],
      [r.outputs?.credential_id, 'new', 'the new one'],
    ]);
    expect(works(w, inUse.secret)).toBe(true);
  });

  test('an orphan of the last hour may be another run in flight: kept, and said so', async () => {
    const w = world();
    age(w.service, 100);
    const inUse = plant(w, toolName('aaa', PORTAL_SECRET), 48, 'the-deployed-providers-secret-2');
    const recent = plant(w, toolName('bbb', inUse.secret), 0.5);
    const r = await rotate(w, { secret: inUse.secret });
    expect(r.exitCode).toBe(0);
    expect(exists(w, recent.id)).toBe(true);
    expect(r.report.retired).toEqual([]);
    expect(infos(r).at(-1)).toContain(
      `${said(recent)}, made in the last hour, it may belong to another rotation in flight; a later rotation retires it`,
    );
  });

  test('two made from one secret: the run cannot tell which it holds, keeps both and says so', async () => {
    const w = world();
    const one = plant(w, toolName('one', PORTAL_SECRET), 30, 'sibling-secret-one-xxxxxxxx');
    const two = plant(w, toolName('two', PORTAL_SECRET), 29, 'sibling-secret-two-xxxxxxxx');
    const older = plant(w, toolName('old', 'some-earlier-secret'), 40);
    const r = await rotate(w, { secret: one.secret });
    expect(r.exitCode).toBe(0);
    expect(exists(w, one.id) && exists(w, two.id)).toBe(true);
    expect(r.report.retired.map((c) => c.id)).toEqual([older.id]);
    expect(r.report.credentials.filter((c) => c.standing === 'may be in use').map((c) => c.id)).toEqual([
      one.id,
      two.id,
    ]);
    expect(infos(r).at(-1)).toContain(
      'The run cannot tell which of those made from the same secret the deployed provider holds, so it keeps all of them.',
    );
  });

  test("credentials named before lineage: the newest of the tool's stands for the one in use", async () => {
    const w = world();
    const first = plant(w, toolName('first'), 50);
    const second = plant(w, toolName('second'), 20, 'legacy-second-secret-xxxxxxx');
    const r = await rotate(w, { secret: second.secret });
    expect(r.exitCode).toBe(0);
    expect(r.report.retired.map((c) => c.id)).toEqual([first.id]);
    expect(exists(w, second.id)).toBe(true);
    // Its own credential names the secret it was made from.
    expect(names(w.service).at(-1)).toBe(nameAt(0, 'run1', second.secret));
  });

  test('retire: now retires the one in use and its siblings, and what is in flight, once the new secret is stored', async () => {
    const w = world();
    const one = plant(w, toolName('one', PORTAL_SECRET), 30, 'sibling-secret-one-yyyyyyyy');
    const two = plant(w, toolName('two', PORTAL_SECRET), 29);
    const recent = plant(w, toolName('new', one.secret), 0.2);
    const place = destination('the place');
    const r = await rotate(w, { secret: one.secret, settings: { retire: 'now' }, destinations: [place] });
    expect(r.exitCode).toBe(0);
    expect(r.report.retired.map((c) => c.id)).toEqual([one.id, two.id, recent.id]);
    expect(names(w.service)).toEqual([PORTAL, nameAt(0, 'run1', one.secret)]);
    expect(works(w, place.held[0])).toBe(true);
  });

  test('retire_id takes several ids, one a line; each checked before anything is made', async () => {
    const w = world();
    age(w.service, 100);
    const hand = plant(w, 'made by hand for a test', 5);
    const portal = credentials(w.service)[0];
    const r = await rotate(w, { settings: { retire_id: `${portal?.id}\n\n ${hand.id} \n` } });
    expect(r.exitCode).toBe(0);
    expect(r.outputs?.retired).toEqual([portal?.id, hand.id]);
    expect(r.written[0]?.text).toContain(`(retire: later, retire_id: ${portal?.id}, retire_id: ${hand.id})`);

    const w2 = world();
    const other = plant(w2, 'made by hand', 5);
    const refused = await rotate(w2, { settings: { retire_id: `${other.id}\n${nthUuid(7)}` } });
    expect(refused.exitCode).toBe(1);
    expect(w2.service.apiCalls().some((c) => c.startsWith('POST'))).toBe(false);
    expect(errors(refused)[0]).toMatch(new RegExp(`^Input retire_id names a credential .* \\(${nthUuid(7)}\\)`));
    const bad = await rotate(world(), { settings: { retire_id: `${nthUuid(3)}\nnope` } });
    expect(errors(bad)).toEqual([
      'Input retire_id (line 2) is not a credential id (a UUID): give the id the report lists for the credential to delete',
    ]);
  });

  test('a dry run lists every credential and what a rotation would retire; it makes, stores and deletes nothing', async () => {
    const w = world();
    age(w.service, 100);
    const inUse = plant(w, toolName('aaa', PORTAL_SECRET), 48, 'the-deployed-providers-secret-3');
    const orphan = plant(w, toolName('bbb', inUse.secret), 3);
    const place = destination('the place');
    // The run's clock is the machine's here: the planted credentials' ages are real ones.
    const r = await rotate(w, {
      secret: inUse.secret,
      settings: { dry_run: 'true' },
      destinations: [place],
      now: Date.now(),
    });
    expect(r.exitCode).toBe(0);
    expect(w.service.apiCalls()).toEqual([`GET /v2/api/clients/${CLIENT_ID}/credentials`]);
    expect(place.calls).toEqual([]);
    expect(r.outputs).toBeUndefined();
    expect(r.report.dryRun).toBe(true);
    expect(r.written[0]?.text).toBe(
      `Dry run: what a rotation of the secret of client ${CLIENT_ID} at ${AUTH_URL} (retire: later) would do; nothing is created, stored or deleted`,
    );
    const portal = credentials(w.service)[0];
    expect(infos(r)).toEqual([
      `The credentials of client ${CLIENT_ID}, oldest first:`,
      `- ${said(portal)}: not made by this tool; kept: not made by this tool`,
      `- ${said(inUse)}: made by this tool, the one in use: the newest of its credentials not made from the secret this run holds; kept: the deployed provider may still use it`,
      `- ${said(orphan)}: made by this tool from the secret this run holds: left by an earlier run that failed, or another rotation's in flight; a rotation would retire it`,
    ]);
    const first = await rotate(world(), { settings: { dry_run: 'true' } });
    expect(infos(first).at(-1)).toMatch(/^None of the credentials this tool made can be the one this run holds/);
    const wrong = await rotate(world(), { settings: { dry_run: 'maybe' } });
    expect(errors(wrong)).toEqual(['Input dry_run must be true or false']);
  });
});

describe('faults past the creation, each leaving a state a person can trust', () => {
  const PROOF = new RegExp(`^/v2/api/clients/${CLIENT_ID}$`);

  test('the proof answered 503 once, or its connection reset: tried again, then taken', async () => {
    const w = world();
    w.service.inject({ method: 'GET', path: PROOF, status: 503 });
    const r = await rotate(w);
    expect(r.exitCode).toBe(0);
    expect(r.written.map((m) => m.text)).toContainEqual(
      expect.stringMatching(/^Proving the new secret failed \(.*HTTP 503.*\): trying again in \d+ ms$/),
    );
    const reset = world();
    reset.service.inject({ method: 'GET', path: PROOF, reset: true, times: 2 });
    expect((await rotate(reset)).exitCode).toBe(0);
  });

  test('the proof answered 503 every time: the new credential deleted, nothing stored', async () => {
    const w = world();
    w.service.inject({ method: 'GET', path: PROOF, status: 503, times: 1000 });
    const place = destination('the place');
    const r = await rotate(w, { destinations: [place] });
    expect(r.exitCode).toBe(1);
    expect(names(w.service)).toEqual([PORTAL]);
    expect(place.calls).toEqual(['check']);
    expect(r.outputs).toBeUndefined();
    expect(errors(r)).toEqual([
      expect.stringMatching(
        /^The new secret could not be proven: (it was not accepted within the run's time|proving it failed: .*HTTP 503).* The new credential .* was deleted\. Nothing was stored: the current secret is unchanged everywhere\./,
      ),
    ]);
  });

  test('the proof refused otherwise (a 403): not tried again; the new credential deleted, nothing stored', async () => {
    const w = world();
    w.service.inject({ method: 'GET', path: PROOF, status: 403 });
    const place = destination('the place');
    const r = await rotate(w, { destinations: [place] });
    expect(r.exitCode).toBe(1);
    expect(names(w.service)).toEqual([PORTAL]);
    expect(place.held).toEqual([]);
    expect(errors(r)[0]).toMatch(/^The new secret could not be proven: proving it failed: .*HTTP 403/);
  });

  test("the first store's answer lost: the place may hold the new secret, so its credential is kept; nothing retired", async () => {
    const w = world();
    const first = destination('the first place', { loseStore: 'no answer (a reset)' });
    const second = destination('the second place');
    const r = await rotate(w, {
      settings: { retire_id: credentials(w.service)[0]?.id ?? '' },
      destinations: [first, second],
    });
    expect(r.exitCode).toBe(1);
    const made = credentials(w.service)[1];
    expect(names(w.service)).toEqual([PORTAL, nameAt(0, 'run1')]);
    expect(works(w, first.held[0])).toBe(true);
    expect(works(w, PORTAL_SECRET)).toBe(true);
    expect(r.report.mayHold).toEqual(['the first place']);
    expect(r.report.unchanged).toEqual(['the second place']);
    expect(r.outputs).toEqual({ credential_id: made?.id, retired: [] });
    expect(errors(r)).toEqual([
      'Could not store the new secret in the first place: no answer (a reset)',
      `The new credential ${said(made)} is kept and both secrets work; nothing was retired. Now the first place may hold the new secret or the current one (its answer was lost), and the second place still holds the current one. Fix what is named, then run the step again to rotate again and complete it.`,
    ]);
  });

  test('a later store lost: the first holds it, the lost one may; both kept', async () => {
    const w = world();
    const r = await rotate(w, {
      destinations: [destination('the first place'), destination('the second place', { loseStore: 'HTTP 502' })],
    });
    expect(r.exitCode).toBe(1);
    expect(r.report.stored).toEqual(['the first place']);
    expect(r.report.mayHold).toEqual(['the second place']);
    expect(r.report.unchanged).toEqual([]);
    // One place holds its secret, one may: the outputs name it.
    expect(r.outputs?.credential_id).toBe(r.report.created?.id);
    expect(errors(r)[1]).toMatch(
      /Now the first place holds the new secret, and the second place may hold the new secret or the current one \(its answer was lost\)\. Fix/,
    );
  });

  test('the new credential deleted after the stores (another run): the starting secret stored back where it can be, nothing retired', async () => {
    const w = world();
    const gone = (): void => {
      const list = credentials(w.service);
      list.splice(list.length - 1, 1);
    };
    const github = destination('a GitHub secret');
    const file = destination('a file', { rewritable: false, onStore: gone });
    const r = await rotate(w, { destinations: [github, file] });
    expect(r.exitCode).toBe(1);
    expect(github.held).toEqual([expect.any(String), PORTAL_SECRET]);
    expect(r.report.restored).toEqual(['a GitHub secret']);
    expect(r.report.retired).toEqual([]);
    expect(names(w.service)).toEqual([PORTAL]);
    expect(errors(r)).toEqual([
      expect.stringMatching(
        /^The new credential .* is gone from the client after this run stored its secret: another rotation running at the same time, or a person, deleted it\. Nothing was retired\.$/,
      ),
      'Stored the secret this run started with back in a GitHub secret: it still works.',
      expect.stringMatching(
        /^a file holds a secret that no longer works\. The secret this run started with still works: store it there by hand, then run the step again once no other rotation runs\.$/,
      ),
    ]);
  });

  test('the new credential and the starting one both gone: the portal named as the way back', async () => {
    const w = world();
    const place = destination('the place', {
      onStore: () => void credentials(w.service).splice(0, credentials(w.service).length),
    });
    const r = await rotate(w, { destinations: [place] });
    expect(r.exitCode).toBe(1);
    expect(place.held).toHaveLength(1);
    // Neither secret lists the credentials now: the run cannot tell the new one is gone, and says so.
    expect(errors(r)[0]).toMatch(
      /^The new secret was refused \(HTTP 401\) when the credentials were read again after the stores: its credential .* may have been deleted by another rotation running at the same time, or a person\. Nothing was retired\.$/,
    );
    expect(errors(r).at(-1)).toMatch(
      /^the place holds a secret that no longer works\. The secret this run started with no longer works either\. If another rotation ran at the same time, its new secret works: store it there from where that rotation stored it\. Otherwise generate a new secret in the developer portal/,
    );
  });

  test('the listing before retiring fails: the new secret stored everywhere, said so, nothing retired, the outputs set', async () => {
    const w = world();
    const place = destination('the place', {
      onStore: () => w.service.inject({ method: 'GET', path: /credentials$/, status: 503, times: 1000 }),
    });
    const r = await rotate(w, { settings: { retire: 'now' }, destinations: [place] });
    expect(r.exitCode).toBe(1);
    expect(r.outputs).toEqual({ credential_id: credentials(w.service)[1]?.id, retired: [] });
    expect(names(w.service)).toHaveLength(2);
    expect(errors(r)).toEqual([
      expect.stringMatching(
        /^The new secret is stored in the place, but the credentials could not be read again to confirm it before retiring: .*HTTP 503.* Nothing was retired: the new credential .* and every other are kept\. Run the step again with the new secret to retire what is unused\.$/,
      ),
    ]);
  });
});

describe('two rotations at once', () => {
  /** One place both runs write, as one GitHub secret is: the last write wins. */
  function sharedPlace() {
    const place = { value: undefined as string | undefined };
    const writer = (hold?: Promise<void>) =>
      destination('the shared place', {
        onStore: async (secret) => {
          await hold;
          place.value = secret;
        },
      });
    return { place, writer };
  }

  test.each(['held until the other finished', 'first'])(
    "one run's store %s: the place ends holding a secret that works, and a run exits 0 only if its own does",
    async (order) => {
      const w = world();
      age(w.service);
      const { place, writer } = sharedPlace();
      let release = (): void => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const a = rotate(w, { runToken: 'aaa', destinations: [writer(order === 'first' ? undefined : held)] });
      const b = (async () => {
        if (order === 'first') await a;
        return rotate(w, { runToken: 'bbb', destinations: [writer()] });
      })();
      const second = await b;
      release();
      const first = await a;
      expect(works(w, place.value)).toBe(true);
      for (const run of [first, second]) {
        const own = credentials(w.service).find((c) => c.id === run.outputs?.credential_id);
        if (run.exitCode === 0) expect(works(w, own?.secret)).toBe(true);
      }
      // Neither took the other's credential, of the last hour, for one to retire.
      expect(first.report.retired).toEqual([]);
      expect(second.report.retired).toEqual([]);
    },
  );
});

describe("two rotations at once, one storing between the other's store and its retirement", () => {
  test.each(['later', 'now'] as const)(
    'retire: %s: the shared place ends holding a secret that works; a run that exits 0 holds one that works',
    async (retire) => {
      const w = world();
      age(w.service, 100);
      const inUse = plant(w, toolName('aaa', PORTAL_SECRET), 48, `the-secret-both-runs-hold-${retire}`);
      const place = { value: undefined as string | undefined };
      let bStored = (): void => {};
      const afterB = new Promise<void>((resolve) => (bStored = resolve));
      let aDone = (): void => {};
      const afterA = new Promise<void>((resolve) => (aDone = resolve));
      // A stores, then waits until B has stored over it; B then waits until A has retired.
      const a = rotate(w, {
        secret: inUse.secret,
        runToken: 'aaa1',
        settings: { retire },
        destinations: [
          destination('the shared place', { onStore: async (s) => void ((place.value = s), await afterB) }),
        ],
      }).finally(aDone);
      const b = rotate(w, {
        secret: inUse.secret,
        runToken: 'bbb1',
        settings: { retire },
        destinations: [
          destination('the shared place', {
            onStore: async (s) => {
              await new Promise((resolve) => setImmediate(resolve));
              place.value = s;
              bStored();
              await afterA;
            },
          }),
        ],
      });
      const [first, second] = await Promise.all([a, b]);
      expect(works(w, place.value)).toBe(true);
      for (const run of [first, second]) if (run.exitCode === 0) expect(works(w, run.secret)).toBe(true);
      if (retire === 'later') {
        expect([first.exitCode, second.exitCode]).toEqual([0, 0]);
        expect(first.report.retired).toEqual([]);
      } else {
        // A retired B's credential with the one in use, stored its own again, and said so; B found its own gone.
        expect(first.exitCode).toBe(0);
        expect(place.value).toBe(first.secret);
        expect(first.written.concat(first.messages).map((m) => m.text)).toContainEqual(
          expect.stringMatching(
            /was made from the secret this run holds in the last hour: maybe another rotation running at the same time, now retired\. The new secret was stored again in the shared place, so that the last write is this run's\./,
          ),
        );
        expect(second.exitCode).toBe(1);
      }
    },
  );
});

describe('past the stores, word for word', () => {
  const CREDENTIALS = new RegExp(`^/v2/api/clients/${CLIENT_ID}/credentials$`);
  /** Once the new credential is made, the next listing of the credentials is answered `fault`. */
  const afterCreation = (w: World, fault: Parameters<EmbeddedAuthService['inject']>[0]) =>
    w.service.inject({
      method: 'POST',
      before: () => w.service.inject({ method: 'GET', path: CREDENTIALS, ...fault }),
    });
  const newest = (w: World) => credentials(w.service).at(-1);

  test('the listing before retiring failing: every destination that holds the new secret named', async () => {
    const w = world();
    afterCreation(w, { status: 503, times: 1000 });
    const r = await rotate(w);
    expect(errors(r)[0]).toMatch(/^The new secret is stored in the first place, the second place, but the credentials/);
  });

  test('a listing without the new credential: known gone; the starting secret stored back in both places', async () => {
    const w = world();
    afterCreation(w, { status: 200, body: '{"credentials":[]}' });
    const [a, b] = [destination('place A'), destination('place B')];
    const r = await rotate(w, { destinations: [a, b] });
    expect(r.exitCode).toBe(1);
    expect(r.report.gone).toBe(true);
    expect([a.held[1], b.held[1]]).toEqual([PORTAL_SECRET, PORTAL_SECRET]);
    expect(errors(r)).toEqual([
      `The new credential ${said(newest(w))} is gone from the client after this run stored its secret: another rotation running at the same time, or a person, deleted it. Nothing was retired.`,
      'Stored the secret this run started with back in place A, place B: it still works.',
    ]);
  });

  test('the new secret refused while its credential is still listed: said as refused, not gone', async () => {
    const w = world();
    afterCreation(w, { status: 401 });
    const r = await rotate(w, { destinations: [destination('the place', { rewritable: false })] });
    expect(r.exitCode).toBe(1);
    expect(errors(r)).toEqual([
      `The new secret was refused (HTTP 401) when the credentials were read again after the stores: its credential ${said(newest(w))} may have been deleted by another rotation running at the same time, or a person. Nothing was retired.`,
      'the place holds a secret that no longer works. The secret this run started with still works: store it there by hand, then run the step again once no other rotation runs.',
    ]);
  });

  test('storing the starting secret back failing, and two places that cannot take it again: each named', async () => {
    const w = world();
    afterCreation(w, { status: 200, body: '{"credentials":[]}' });
    let stores = 0;
    const flaky: ReturnType<typeof destination> = {
      ...destination('place A'),
      store: async () => {
        if (++stores > 1) throw new Error('HTTP 422');
      },
    };
    const r = await rotate(w, {
      destinations: [flaky, destination('file B', { rewritable: false }), destination('file C', { rewritable: false })],
    });
    expect(r.report.restored).toEqual([]);
    expect(errors(r)[1]).toBe(
      'place A, file B, file C hold a secret that no longer works; storing the starting secret back failed: place A (HTTP 422). The secret this run started with still works: store it there by hand, then run the step again once no other rotation runs.',
    );
  });

  test('the starting secret not proven when the new one is gone: nothing stored back', async () => {
    const w = world();
    w.service.inject({
      method: 'POST',
      before: () => {
        w.service.inject({ method: 'GET', path: CREDENTIALS, status: 200, body: '{"credentials":[]}' });
        // The proof of the new secret first, then every try of the starting one: a 503.
        w.service.inject({
          method: 'GET',
          path: new RegExp(`^/v2/api/clients/${CLIENT_ID}$`),
          before: () =>
            w.service.inject({
              method: 'GET',
              path: new RegExp(`^/v2/api/clients/${CLIENT_ID}$`),
              status: 503,
              times: 1000,
            }),
        });
      },
    });
    const place = destination('the place');
    const r = await rotate(w, { destinations: [place] });
    expect(place.held).toHaveLength(1);
    expect(r.report.restored).toEqual([]);
    expect(errors(r)[1]).toMatch(
      /^the place holds a secret that no longer works\. The secret this run started with no longer works either\./,
    );
  });

  test("retire: now, two of the last hour made from the run's own secret: both retired, the new secret stored again where a store replaces, each place said", async () => {
    const w = world();
    age(w.service, 100);
    const inUse = plant(w, toolName('aaa', PORTAL_SECRET), 48, 'the-secret-of-now-runs-xxxxxx');
    const one = plant(w, toolName('one', inUse.secret), 0.2);
    const two = plant(w, toolName('two', inUse.secret), 0.1);
    let stores = 0;
    const failing: ReturnType<typeof destination> = {
      ...destination('place C'),
      store: async () => {
        if (++stores > 1) throw new Error('HTTP 500');
      },
    };
    const a = destination('place A');
    const r = await rotate(w, {
      secret: inUse.secret,
      settings: { retire: 'now' },
      destinations: [a, destination('file B', { rewritable: false }), failing],
    });
    expect(r.exitCode).toBe(0);
    expect(a.held).toEqual([a.held[0], a.held[0]]);
    expect(r.messages.filter((m) => m.level === 'warning').map((m) => m.text)).toEqual([
      `${said(one)}, ${said(two)} were made from the secret this run holds in the last hour: maybe another rotation running at the same time, now retired. ` +
        "The new secret was stored again in place A, so that the last write is this run's. Storing it again failed in place C (HTTP 500): store it there by hand. " +
        'If another rotation was running, it fails and says so: run one rotation at a time (docs/rotation.md).',
    ]);
  });

  test('retire: now, nothing of the last hour made from its own secret: nothing stored again, no warning', async () => {
    const w = world();
    age(w.service, 100);
    const inUse = plant(w, toolName('aaa', PORTAL_SECRET), 48, 'the-secret-of-now-runs-yyyyyy');
    plant(w, toolName('old', inUse.secret), 5);
    plant(w, toolName('oth', 'another-secret'), 0.2);
    const a = destination('place A');
    const r = await rotate(w, { secret: inUse.secret, settings: { retire: 'now' }, destinations: [a] });
    expect(r.report.retired).toHaveLength(3);
    expect(a.held).toHaveLength(1);
    expect(r.messages.filter((m) => m.level === 'warning')).toEqual([]);
    // One of the last hour made from its own secret, and a place that cannot take it again: said, nothing stored again.
    const w2 = world();
    const one = plant(w2, toolName('one', PORTAL_SECRET), 0.2);
    const file = destination('file B', { rewritable: false });
    const r2 = await rotate(w2, { settings: { retire: 'now' }, destinations: [file] });
    expect(file.held).toHaveLength(1);
    expect(r2.messages.filter((m) => m.level === 'warning').map((m) => m.text)).toEqual([
      `${said(one)} was made from the secret this run holds in the last hour: maybe another rotation running at the same time, now retired. If another rotation was running, it fails and says so: run one rotation at a time (docs/rotation.md).`,
    ]);
  });

  test('the only one left: the new credential named', async () => {
    const w = world();
    const r = await rotate(w, { settings: { retire_id: credentials(w.service)[0]?.id ?? '' } });
    expect(infos(r).at(-1)).toBe(`The new credential ${said(credentials(w.service)[0])} is the client's only one.`);
  });

  test('a dry run whose one in use has a sibling: no word of the portal standing in; the policy read from a spec in the current directory', async () => {
    const w = world();
    age(w.service, 100);
    plant(w, toolName('one', PORTAL_SECRET), 30, 'sibling-dry-one-zzzzzzzz');
    plant(w, toolName('two', PORTAL_SECRET), 29);
    const r = await rotate(w, {
      secret: 'sibling-dry-one-zzzzzzzz',
      settings: { dry_run: 'true', spec: 'examples/provider-scope.yml' },
      now: Date.now(),
    });
    expect(r.exitCode).toBe(0);
    expect(infos(r).some((t) => t.startsWith('None of the credentials'))).toBe(false);
    // The example's policy is 100 days: both that may be in use are 29 and 30 days old.
    expect(r.messages.filter((m) => m.level === 'warning')).toEqual([]);
    const old = world();
    age(old.service, 24 * 101);
    const aged = await rotate(old, {
      settings: { dry_run: 'true', spec: 'examples/provider-scope.yml' },
      now: Date.now(),
    });
    expect(aged.messages.filter((m) => m.level === 'warning').map((m) => m.text)).toEqual([
      expect.stringMatching(
        /^The secret in use is older than 100 days \(the spec's credentials\.max_age_days\): .* is 101 days old\./,
      ),
    ]);
  });
});
