/**
 * What a run can know of a client's credentials, whose listing never shows a secret: which the
 * tool made, from which secret, which one is in use, and so which it may delete. A credential
 * the tool makes carries in its name a fingerprint of the secret the making run authenticated
 * with (a credential cannot be renamed, so its name is the one record it keeps): a run knows
 * the credentials made from its own secret, and takes as the one in use the newest of the tool's
 * that were not. The rotation retires by these rules; the watch judges the secret's age by them.
 */
import { createHash } from 'node:crypto';
import type { Credential } from './service.ts';

/** The prefix of the name of every credential this tool makes: how it tells its own from the portal's. */
export const CREDENTIAL_NAME_PREFIX = 'ensure-provider-scope ';
// The tool's names: the UTC time, the run's token, and (since lineage) the making secret's fingerprint.
const TOOL_NAME = /^ensure-provider-scope \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ [0-9a-z]+(?: from ([0-9a-f]{16}))?$/;

/**
 * The fingerprint of a secret: 16 hex characters of a SHA-256 over a label, the client id and
 * the secret (docs/security.md). One-way, and 64 bits of a digest of a secret of the service's
 * making tell nothing usable about it; the client id keeps two clients' fingerprints apart.
 */
export const fingerprintOf = (clientId: string, secret: string): string =>
  createHash('sha256')
    .update(`ensure-provider-scope lineage\0${clientId.toLowerCase()}\0${secret}`)
    .digest('hex')
    .slice(0, 16);

/** The new credential's name: the tool, the UTC time, the run's token, and the fingerprint of the secret it was made with. */
export const credentialName = (now: number, token: string, fingerprint: string): string =>
  `${CREDENTIAL_NAME_PREFIX}${new Date(now).toISOString().replace(/\.\d{3}Z$/, 'Z')} ${token} from ${fingerprint}`;

export const madeByThisTool = (credential: Pick<Credential, 'name'>): boolean => TOOL_NAME.test(credential.name);

/** The fingerprint a credential's name records; none for another's, or for the tool's named before lineage. */
export const madeFrom = (credential: Pick<Credential, 'name'>): string | undefined =>
  TOOL_NAME.exec(credential.name)?.[1];

/** A credential of the tool made this long before the reference time may belong to a rotation still in flight. */
export const IN_FLIGHT_MS = 60 * 60 * 1000;

/** What the run takes each credential for. */
export type Standing =
  /** This run made it. */
  | 'new'
  /** The one in use: the newest of the tool's not made from this run's secret. */
  | 'in use'
  /** Made from the same secret as the one in use: either of them may be the one in use. */
  | 'may be in use'
  /** The tool's, made from this run's secret: an orphan of an earlier run, or another run's in flight. */
  | 'made from this secret'
  /** The tool's, none of the above. */
  | 'older'
  /** Not made by the tool: the portal's, or made by hand or by another program. */
  | 'not made by this tool';

export interface Judged {
  credential: Credential;
  madeByThisTool: boolean;
  standing: Standing;
  /** Made within IN_FLIGHT_MS of the reference time (or at a time that cannot be read): maybe another run's. */
  recent: boolean;
}

export interface Lineage {
  /** Oldest first; the listing's order breaks a tie. */
  credentials: Judged[];
  /** Whether the one in use is one of the tool's; if not, it is one the tool did not make. */
  inUseIsTheTools: boolean;
}

/** Oldest first; the listing's order breaks a tie (the sort is stable). */
export const byCreation = (credentials: readonly Credential[]): Credential[] =>
  [...credentials].sort((a, b) => a.created.localeCompare(b.created));

/**
 * The credentials as the run with the secret of fingerprint `own` sees them, at `now` (the
 * service's time where it is known: the new credential's creation). Where the one in use has
 * a sibling, both are `may be in use`: the run cannot tell which secret it holds.
 */
export function lineageOf(
  credentials: readonly Credential[],
  { own, made, now }: { own: string; made?: string | undefined; now: number },
): Lineage {
  const sorted = byCreation(credentials);
  // The new one, made from the run's own secret, is never the one in use nor its sibling.
  const tools = sorted.filter(madeByThisTool);
  const inUse = tools.filter((c) => madeFrom(c) !== own).at(-1);
  const lineOfInUse = inUse === undefined ? undefined : madeFrom(inUse);
  const siblings =
    lineOfInUse === undefined ? [] : tools.filter((c) => c.id !== inUse?.id && madeFrom(c) === lineOfInUse);
  const standingOf = (c: Credential): Standing => {
    if (c.id === made) return 'new';
    if (!madeByThisTool(c)) return 'not made by this tool';
    if (c.id === inUse?.id) return siblings.length === 0 ? 'in use' : 'may be in use';
    if (siblings.some((s) => s.id === c.id)) return 'may be in use';
    return madeFrom(c) === own ? 'made from this secret' : 'older';
  };
  return {
    credentials: sorted.map((credential) => {
      const created = Date.parse(credential.created);
      return {
        credential,
        madeByThisTool: madeByThisTool(credential),
        standing: standingOf(credential),
        recent: Number.isNaN(created) || created > now - IN_FLIGHT_MS,
      };
    }),
    inUseIsTheTools: inUse !== undefined,
  };
}

/** Why a credential is kept, or undefined when the rotation retires it. */
export type Keeping =
  | 'the new one'
  | 'in use'
  | 'may be in use'
  | 'not made by this tool'
  | 'may belong to a rotation in flight'
  | undefined;

/**
 * Whether a rotation retires a credential, once the new secret is stored and proven: what
 * retire_id names goes (but the new one); the new one and, under `later`, the one in use and its
 * siblings stay; another's stays unless named; under `now` every other of the tool's goes;
 * under `later`, one made in the last hour stays (another rotation may be in flight), and the
 * tool's others go, orphans included.
 */
export function keeping(judged: Judged, retire: 'later' | 'now', named: ReadonlySet<string>): Keeping {
  const { standing, recent, credential } = judged;
  if (standing === 'new') return 'the new one';
  if (named.has(credential.id)) return undefined;
  if (standing === 'not made by this tool') return 'not made by this tool';
  if (retire === 'now') return undefined;
  if (standing === 'in use' || standing === 'may be in use') return standing;
  return recent ? 'may belong to a rotation in flight' : undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What the watch finds of the client's credentials: the secret in use certainly older than the
 * policy (every credential that may be the one in use is, the youngest of them named), and each
 * credential the tool did not make but the client's oldest (the portal's first): made by hand,
 * or with a leaked secret.
 */
export type CredentialFinding =
  | { kind: 'old secret'; credential: Credential; ageDays: number; maxAgeDays: number }
  | { kind: 'not made by this tool'; credential: Credential };

/** The watch's look at the credentials: what it found, or why it could not read them (a warning, never unwell). */
export type CredentialCheck =
  { read: true; findings: CredentialFinding[]; maxAgeDays?: number | undefined } | { read: false; warning: string };

/** The findings for a run whose secret has fingerprint `own`, at `now`, under `maxAgeDays` when the spec sets it. */
export function credentialFindings(
  credentials: readonly Credential[],
  { own, now, maxAgeDays }: { own: string; now: number; maxAgeDays?: number | undefined },
): CredentialFinding[] {
  const judged = lineageOf(credentials, { own, now }).credentials;
  const findings: CredentialFinding[] = [];
  // Those made from this run's secret are not the one in use; any other may be.
  const mayBeInUse = judged.filter((j) => j.standing !== 'made from this secret');
  const ages = mayBeInUse.map((j) => now - Date.parse(j.credential.created));
  const youngest = mayBeInUse.at(-1);
  // An unreadable time (NaN) is never "certainly older".
  if (maxAgeDays !== undefined && youngest !== undefined && ages.every((age) => age > maxAgeDays * DAY_MS)) {
    const ageDays = Math.floor((now - Date.parse(youngest.credential.created)) / DAY_MS);
    findings.push({ kind: 'old secret', credential: youngest.credential, ageDays, maxAgeDays });
  }
  for (const j of judged.slice(1))
    if (!j.madeByThisTool) findings.push({ kind: 'not made by this tool', credential: j.credential });
  return findings;
}
