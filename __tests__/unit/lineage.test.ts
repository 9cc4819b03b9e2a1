/**
 * engine/reconcile/lineage.ts alone: the names the tool gives its credentials and how it reads them back,
 * the fingerprint of a secret, what a run takes each credential for, and which a rotation keeps.
 * The rotation's tests (rotate.test.ts) run the same rules against the embedded service.
 */
import { describe, expect, test } from '@jest/globals';
import { createHash } from 'node:crypto';
import {
  credentialFindings,
  credentialName,
  fingerprintOf,
  IN_FLIGHT_MS,
  keeping,
  lineageOf,
  madeByThisTool,
  madeFrom,
  type Judged,
} from '../../src/engine/reconcile/lineage.ts';
import type { Credential } from '../../src/engine/reconcile/service.ts';
import { nthUuid } from '../support/ids.ts';

const CLIENT = '2c4e6a8b-1d3f-4a5b-9c7d-0e1f2a3b4c5d';
const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
const fp = (secret: string) => fingerprintOf(CLIENT, secret);
const at = (hoursAgo: number) => new Date(NOW - hoursAgo * 3_600_000).toISOString().replace('Z', '000+00:00');
let n = 0;
const cred = (name: string, hoursAgo: number): Credential => ({ id: nthUuid(++n), name, created: at(hoursAgo) });
const tool = (token: string, from: string | undefined, hoursAgo: number) =>
  cred(
    from === undefined
      ? `ensure-provider-scope 2026-11-01T10:00:00Z ${token}`
      : credentialName(NOW - hoursAgo * 3_600_000, token, fp(from)),
    hoursAgo,
  );

describe('names and fingerprints', () => {
  test("the tool's name: its prefix, the UTC time to the second, the run's token, the fingerprint of the making secret", () => {
    expect(credentialName(Date.UTC(2026, 0, 2, 3, 4, 5, 678), 'tok', '0123456789abcdef')).toBe(
      'ensure-provider-scope 2026-01-02T03:04:05Z tok from 0123456789abcdef',
    );
  });

  test("the tool's credentials are told by their whole name, with a fingerprint or (before lineage) without", () => {
    const named = credentialName(NOW, 'abc123', fp('s'));
    expect(madeByThisTool({ name: named })).toBe(true);
    expect(madeByThisTool({ name: 'ensure-provider-scope 2026-01-02T03:04:05Z abc123' })).toBe(true);
    expect(madeByThisTool({ name: 'ensure-provider-scope by hand' })).toBe(false);
    expect(madeByThisTool({ name: `x${named}` })).toBe(false);
    expect(madeByThisTool({ name: `${named} copy` })).toBe(false);
    expect(madeByThisTool({ name: `${named.slice(0, -1)}` })).toBe(false);
    expect(madeByThisTool({ name: `${named.slice(0, -1)}G` })).toBe(false);
    expect(madeFrom({ name: named })).toBe(fp('s'));
    expect(madeFrom({ name: 'ensure-provider-scope 2026-01-02T03:04:05Z abc123' })).toBeUndefined();
    expect(madeFrom({ name: 'Created in the developer portal' })).toBeUndefined();
  });

  test('a fingerprint: 16 hex characters, the same for a secret, another for another secret or client, the secret nowhere in it', () => {
    const secret = 'abcdef0123456789abcdef0123456789';
    expect(fp(secret)).toMatch(/^[0-9a-f]{16}$/);
    expect(fp(secret)).toBe(fingerprintOf(CLIENT.toUpperCase(), secret));
    expect(fp(secret)).not.toBe(fp(`${secret}x`));
    expect(fp(secret)).not.toBe(fingerprintOf(nthUuid(9), secret));
    expect(secret).not.toContain(fp(secret));
    // The recipe docs/security.md names: a label, the client id in lower case and the secret, NUL between.
    expect(fingerprintOf('ABC-Client', 'sec')).toBe(
      createHash('sha256').update('ensure-provider-scope lineage\0abc-client\0sec').digest('hex').slice(0, 16),
    );
    // Not a bare hash of the secret: a label and the client go in first.
    expect(fp(secret)).not.toBe(createHash('sha256').update(secret).digest('hex').slice(0, 16));
  });
});

describe('what a run takes each credential for', () => {
  const standings = (credentials: Credential[], own: string, made?: string) =>
    lineageOf(credentials, { own: fp(own), made, now: NOW }).credentials.map((j) => [
      madeByThisTool(j.credential) ? j.credential.name.split(' ')[2] : j.credential.name,
      j.standing,
    ]);

  test("the one in use: the newest of the tool's not made from the run's secret; the portal's is not the tool's", () => {
    const portal = cred('Created in the developer portal', 100);
    const a = tool('a', 'portal', 50);
    const b = tool('b', 'A', 30);
    const orphan = tool('o', 'B', 10);
    const made = tool('m', 'B', 0);
    expect(standings([made, orphan, b, a, portal], 'B', made.id)).toEqual([
      ['Created in the developer portal', 'not made by this tool'],
      ['a', 'older'],
      ['b', 'in use'],
      ['o', 'made from this secret'],
      ['m', 'new'],
    ]);
    const lineage = lineageOf([portal, a], { own: fp('portal'), now: NOW });
    expect(lineage.inUseIsTheTools).toBe(false);
    expect(lineage.credentials.map((j) => j.standing)).toEqual(['not made by this tool', 'made from this secret']);
    expect(lineageOf([portal, a, b], { own: fp('B'), now: NOW }).inUseIsTheTools).toBe(true);
  });

  test('siblings of the one in use may be in use; a run without a tool credential in use has none', () => {
    const one = tool('one', 'S', 30);
    const two = tool('two', 'S', 29);
    const other = tool('x', 'T', 40);
    expect(standings([one, two, other], 'ONE')).toEqual([
      ['x', 'older'],
      ['one', 'may be in use'],
      ['two', 'may be in use'],
    ]);
  });

  test("before lineage, the newest of the tool's stands for the one in use; its older ones are older", () => {
    const first = tool('first', undefined, 50);
    const second = tool('second', undefined, 20);
    expect(standings([second, first], 'anything')).toEqual([
      ['first', 'older'],
      ['second', 'in use'],
    ]);
  });

  test('recent: made less than an hour before the reference time, or after it, or at a time that cannot be read', () => {
    const times = [IN_FLIGHT_MS + 1, IN_FLIGHT_MS, IN_FLIGHT_MS - 1, -5000].map((ms) => ({
      id: nthUuid(++n),
      name: 'x',
      created: new Date(NOW - ms).toISOString(),
    }));
    const unreadable = { id: nthUuid(++n), name: 'y', created: 'yesterday' };
    expect(lineageOf([...times, unreadable], { own: 'f', now: NOW }).credentials.map((j) => j.recent)).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
  });

  test("a tie in creation time keeps the listing's order", () => {
    const a = { ...tool('a', 'X', 5) };
    const b = { ...tool('b', 'Y', 5), created: a.created };
    expect(lineageOf([b, a], { own: 'f', now: NOW }).credentials.map((j) => j.credential.id)).toEqual([b.id, a.id]);
  });
});

describe('what a rotation keeps', () => {
  const judged = (standing: Judged['standing'], recent = false, id = nthUuid(++n)): Judged => ({
    credential: { id, name: 'n', created: at(1) },
    madeByThisTool: standing !== 'not made by this tool',
    standing,
    recent,
  });
  const none = new Set<string>();

  test.each([
    ['new', false, 'later', 'the new one'],
    ['new', false, 'now', 'the new one'],
    ['not made by this tool', false, 'now', 'not made by this tool'],
    ['in use', false, 'later', 'in use'],
    ['in use', false, 'now', undefined],
    ['may be in use', false, 'later', 'may be in use'],
    ['may be in use', true, 'now', undefined],
    ['made from this secret', true, 'later', 'may belong to a rotation in flight'],
    ['made from this secret', false, 'later', undefined],
    ['older', true, 'later', 'may belong to a rotation in flight'],
    ['older', false, 'later', undefined],
    ['older', true, 'now', undefined],
  ] as const)('%s (recent: %s) under %s: %s', (standing, recent, retire, kept) => {
    expect(keeping(judged(standing, recent), retire, none)).toBe(kept);
  });

  test('what retire_id names goes, whatever it is, but the new one', () => {
    for (const standing of ['not made by this tool', 'in use', 'may be in use', 'older'] as const) {
      const j = judged(standing, true);
      expect(keeping(j, 'later', new Set([j.credential.id]))).toBeUndefined();
    }
    const made = judged('new');
    expect(keeping(made, 'now', new Set([made.credential.id]))).toBe('the new one');
  });
});

describe('what the watch finds of the credentials', () => {
  const find = (credentials: Credential[], own: string, maxAgeDays?: number) =>
    credentialFindings(credentials, { own: fp(own), now: NOW, maxAgeDays }).map((f) =>
      f.kind === 'old secret' ? [f.kind, f.credential.id, f.ageDays, f.maxAgeDays] : [f.kind, f.credential.id],
    );
  const DAYS = 24;

  test('the secret in use older than the policy: the youngest that may be in use named, with its age in whole days', () => {
    const portal = cred('Created in the developer portal', 400 * DAYS);
    const inUse = tool('a', 'portal', 120.5 * DAYS);
    expect(find([portal, inUse], 'A', 90)).toEqual([['old secret', inUse.id, 120, 90]]);
    // At the policy's age to the day, or younger: nothing.
    expect(find([portal, { ...inUse, created: at(90 * DAYS) }], 'A', 90)).toEqual([]);
    expect(find([portal, { ...inUse, created: at(90 * DAYS + 0.01) }], 'A', 90)).toEqual([
      ['old secret', inUse.id, 90, 90],
    ]);
    // No policy, no age judged.
    expect(find([portal, inUse], 'A')).toEqual([]);
  });

  test("made from this run's secret, a credential is not the one in use: it never makes the secret young; any other may be", () => {
    const portal = cred('Created in the developer portal', 400 * DAYS);
    const child = tool('c', 'portal', 1);
    expect(find([portal, child], 'portal', 30)).toEqual([['old secret', portal.id, 400, 30]]);
    // A sibling line (made from another secret) may be in use: young, so no alarm.
    const other = tool('o', 'elsewhere', 2);
    expect(find([portal, child, other], 'portal', 30)).toEqual([]);
    // A time that cannot be read is never certainly old.
    expect(find([{ ...portal, created: 'long ago' }], 'x', 1)).toEqual([]);
    expect(find([], 'x', 1)).toEqual([]);
  });

  test("a credential the tool did not make, but the client's oldest, is found, each in order", () => {
    const portal = cred('Created in the developer portal', 400 * DAYS);
    const a = tool('a', 'portal', 100);
    const hand = cred('laptop test', 50);
    const other = cred('ensure-provider-scope by hand', 10);
    expect(find([other, portal, a, hand], 'A')).toEqual([
      ['not made by this tool', hand.id],
      ['not made by this tool', other.id],
    ]);
    // The oldest is the portal's first, whoever made it: a tool's credential first is not skipped for it.
    expect(find([a, hand], 'A')).toEqual([['not made by this tool', hand.id]]);
    expect(find([a, { ...hand, created: at(200) }], 'A')).toEqual([]);
  });
});
