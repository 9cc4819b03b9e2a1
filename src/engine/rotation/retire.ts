/**
 * What the run makes of the client's credentials (engine/reconcile/lineage.ts): each judged, only what
 * is known to be unused retired once the new secret is stored and confirmed, what is kept said
 * with why; a dry run's list, with what the watch would find.
 */
import type { Message } from '../conclude/conclude.ts';
import {
  byCreation,
  credentialFindings,
  keeping,
  lineageOf,
  type Keeping,
  type Standing,
} from '../reconcile/lineage.ts';
import type { AuthService, Credential } from '../reconcile/service.ts';
import { loadSpec, type CredentialsPolicy } from '../settings/spec.ts';
import {
  describe,
  outputsOf,
  viewOf,
  type JudgedView,
  type Made,
  type Rotation,
  type RotationConclusion,
  type RotationNaming,
  type RotationPort,
} from './port.ts';

/** Retires what the run knows is unused, once the new secret is stored and confirmed everywhere, and concludes. */
export async function retireOld(
  run: Rotation,
  service: AuthService,
  made: Made,
  after: readonly Credential[],
): Promise<RotationConclusion> {
  const { report } = run;
  const judged = judge(run, after, made.credential);
  const failed: string[] = [];
  const doomed = new Set(judged.filter((c) => c.kept === undefined).map((c) => c.id));
  for (const credential of byCreation(after).filter((c) => doomed.has(c.id))) {
    await service.deleteCredential(credential.id).then(
      () => void report.retired.push(viewOf(credential)),
      (error: unknown) =>
        void failed.push(
          `Could not retire the credential ${describe(credential)}: ${(error as Error).message}. Delete it by hand in the developer portal.`,
        ),
    );
  }
  const retiredIds = new Set(report.retired.map((c) => c.id));
  report.left = judged
    .filter((c) => !retiredIds.has(c.id))
    .map(({ id, name, created, madeByThisTool }) => ({ id, name, created, madeByThisTool }));
  const messages: Message[] = [
    ...report.retired.map((c): Message => ({ level: 'info', text: `Retired the credential ${describe(c)}` })),
    ...(await storeAgainAfterInFlight(run, judged, retiredIds, made.secret)),
    ...keptMessages(judged, made.credential, run.port.rotationNaming),
    ...failed.map((text): Message => ({ level: 'error', text })),
  ];
  return { outputs: outputsOf(report), messages, report, exitCode: failed.length === 0 ? 0 : 1 };
}

/**
 * Under `now`, which keeps nothing of the last hour: a credential made from this run's own
 * secret in the last hour was maybe another rotation's in flight, whose store may have landed
 * after this run's. Its secret is gone now, so the new secret is stored again where a store
 * replaces the last one: the last write is this run's, and works. Said as a warning.
 */
async function storeAgainAfterInFlight(
  { port, report, budget, log }: Rotation,
  judged: readonly JudgedView[],
  retired: ReadonlySet<string>,
  secret: string,
): Promise<Message[]> {
  const inFlight = judged.filter((c) => c.standing === 'made from this secret' && c.recent && retired.has(c.id));
  if (inFlight.length === 0) return [];
  const again = port.destinations.filter((d) => d.rewritable && report.stored.includes(d.name));
  const done: string[] = [];
  const failed: string[] = [];
  for (const destination of again)
    await destination.store(secret, { budget, log }).then(
      () => void done.push(destination.name),
      (error: unknown) => void failed.push(`${destination.name} (${(error as Error).message})`),
    );
  return [
    {
      level: 'warning',
      text:
        `${inFlight.map(describe).join(', ')} ${inFlight.length === 1 ? 'was' : 'were'} made from the secret this run holds in the last hour: maybe another rotation running at the same time, now retired. ` +
        (done.length === 0
          ? ''
          : `The new secret was stored again in ${done.join(', ')}, so that the last write is this run's. `) +
        (failed.length === 0 ? '' : `Storing it again failed in ${failed.join('; ')}: store it there by hand. `) +
        'If another rotation was running, it fails and says so: run one rotation at a time (docs/rotation.md).',
    },
  ];
}

/** Every credential as the run takes it, and whether it goes, recorded on the report. */
function judge(run: Rotation, credentials: readonly Credential[], made?: Credential): JudgedView[] {
  const created = made === undefined ? Number.NaN : Date.parse(made.created);
  // The service's own time where there is one (the new credential's creation): no skew with the runner's clock.
  const now = Number.isNaN(created) ? run.budget.clock.now() : created;
  const named = new Set<string>(run.retireIds);
  const { credentials: judged } = lineageOf(credentials, { own: run.own, made: made?.id, now });
  run.report.credentials = judged.map((j) => ({
    ...viewOf(j.credential),
    madeByThisTool: j.madeByThisTool,
    standing: j.standing,
    recent: j.recent,
    kept: keeping(j, run.retire, named),
  }));
  return run.report.credentials;
}

/** The credentials' policy of the spec the setting names, read as a run reads it. */
export async function policyOf(port: RotationPort): Promise<CredentialsPolicy | undefined> {
  const file = await loadSpec(port.workspace ?? '.', port.read('spec'), port.naming, port.specBase);
  return file.credentials;
}

/** What the watch would find of these credentials, as warnings: the same findings, in a terminal's words. */
function findingMessages(run: Rotation, credentials: readonly Credential[], policy: CredentialsPolicy | undefined) {
  const findings = credentialFindings(credentials, {
    own: run.own,
    now: run.budget.clock.now(),
    maxAgeDays: policy?.max_age_days,
  });
  return findings.map((f): Message => ({
    level: 'warning',
    text:
      f.kind === 'old secret'
        ? `The secret in use is older than ${f.maxAgeDays} days (the spec's credentials.max_age_days): every credential that may be the one in use is older; the youngest, ${describe(viewOf(f.credential))}, is ${f.ageDays} days old. Rotate it, then deploy.`
        : `${describe(viewOf(f.credential))} was not made by this tool, and is not the client's first (the developer portal's). If someone on the team made it, retire it once unused with ${run.port.rotationNaming.assign('retire_id', f.credential.id)}; if nobody did, treat the secret as leaked (docs/rotation.md, "A leaked secret").`,
  }));
}

/** What a dry run concludes: every credential, what the run takes it for, and what a rotation would retire. */
export function dryRun(
  run: Rotation,
  before: readonly Credential[],
  policy: CredentialsPolicy | undefined,
): RotationConclusion {
  const judged = judge(run, before);
  const lines = judged.map(
    (c) =>
      `${describe(c)}: ${STANDING_WORDS[c.standing]}; ${c.kept === undefined ? 'a rotation would retire it' : `kept: ${KEPT_WORDS[c.kept]}`}`,
  );
  const inUse = judged.some((c) => c.standing === 'in use' || c.standing === 'may be in use')
    ? []
    : [
        "None of the credentials this tool made can be the one this run holds, so the one in use is one this tool did not make (the developer portal's, as a rule).",
      ];
  return {
    messages: [
      { level: 'info', text: `The credentials of client ${run.settings.client_id}, oldest first:` },
      ...lines.map((text): Message => ({ level: 'info', text: `- ${text}` })),
      ...inUse.map((text): Message => ({ level: 'info', text })),
      ...findingMessages(run, before, policy),
    ],
    report: run.report,
    exitCode: 0,
  };
}

/** What the run takes a credential for, as a clause. */
export const STANDING_WORDS: Readonly<Record<Standing, string>> = {
  new: 'made by this run',
  'in use': 'made by this tool, the one in use: the newest of its credentials not made from the secret this run holds',
  'may be in use':
    'made by this tool, maybe the one in use: it and another were made from the same secret, and the run cannot tell which it holds',
  'made from this secret':
    "made by this tool from the secret this run holds: left by an earlier run that failed, or another rotation's in flight",
  older: 'made by this tool, older than the one in use',
  'not made by this tool': 'not made by this tool',
};

/** Why a credential stays, as a clause. */
export const KEPT_WORDS: Readonly<Record<Exclude<Keeping, undefined>, string>> = {
  'the new one': 'the new credential',
  'in use': 'the deployed provider may still use it',
  'may be in use': 'it may be the one in use',
  'not made by this tool': 'not made by this tool',
  'may belong to a rotation in flight':
    'made in the last hour, it may belong to another rotation in flight; a later rotation retires it',
};

/** The credentials kept beside the new one, each with why, and how to retire the one the deploy no longer uses. */
function keptMessages(judged: readonly JudgedView[], made: Credential, words: RotationNaming): Message[] {
  const others = judged.filter((c) => c.kept !== undefined && c.kept !== 'the new one');
  if (others.length === 0)
    return [{ level: 'info', text: `The new credential ${describe(made)} is the client's only one.` }];
  const siblings = others.some((c) => c.kept === 'may be in use')
    ? ' The run cannot tell which of those made from the same secret the deployed provider holds, so it keeps all of them.'
    : '';
  return [
    {
      level: 'info',
      text:
        `Left beside the new credential: ${others.map((c) => `${describe(c)}, ${KEPT_WORDS[c.kept as Exclude<Keeping, undefined>]}`).join('; ')}.${siblings} ` +
        `Once the deployed provider uses the new secret, retire the one it no longer uses with ${words.assign('retire_id', '<its id>')}` +
        (others.some((c) => c.madeByThisTool) ? ", or let the next rotation retire this tool's." : '.'),
    },
  ];
}
