/**
 * The rotation of the client secret, whichever door starts it: read the client's credentials
 * with the current secret, check every destination, create one credential, prove it, store it
 * in every destination in the order given, prove it again, then retire only what the run knows
 * is unused (engine/reconcile/lineage.ts). Nothing old is touched before the new secret is proven, stored
 * and confirmed everywhere; where a store's outcome or another run's cannot be seen, the run
 * keeps, says so and exits 1 (the order is AWS Secrets Manager's create, set, test, finish; the
 * stop at the first error is ovotech/cloud-key-rotator's: a half-done rotation is a split brain).
 */
import { randomBytes } from 'node:crypto';
import { createBudget, type Budget } from '../wire/budget.ts';
import { ActionError } from '../wire/errors.ts';
import { HttpError } from '../wire/http.ts';
import type { Log } from '../wire/log.ts';
import { nextPause } from '../wire/retry.ts';
import { createServiceClient } from '../wire/service-client.ts';
import { uuidSchema, type Uuid } from '../wire/uuid.ts';
import type { Message } from './conclude/conclude.ts';
import { concludeFailure } from './conclude/conclude.ts';
import { logOn, stopping } from './ensure.ts';
import {
  byCreation,
  credentialFindings,
  credentialName,
  fingerprintOf,
  keeping,
  lineageOf,
  type Keeping,
  type Standing,
} from './reconcile/lineage.ts';
import type { RunPort } from './port.ts';
import type { AuthService, Credential } from './reconcile/service.ts';
import { ValidationError, type Problem } from './settings/problems.ts';
import { loadSpec, type CredentialsPolicy } from './settings/spec.ts';
import { parseSettings, SETTING_DEFAULTS, type Naming, type SettingName, type Settings } from './settings/settings.ts';

/** The settings of a rotation beyond the service's (client_id, client_secret, auth_url, auth, timeout_seconds). */
export type RotationSetting = 'retire' | 'retire_id' | 'dry_run';

/** How the door words the rotation's own settings, as Naming does the others. */
export interface RotationNaming {
  label(setting: RotationSetting): string;
  assign(setting: RotationSetting, value: string): string;
}

/** What a destination's requests run under: the run's budget (its retries, its deadline, its signal) and its log. */
export interface DestinationRun {
  budget: Budget;
  log: Log;
}

/** A place the new secret is stored: a GitHub secret, a file, standard output. */
export interface Destination {
  /** As messages name it: "the repository secret PROVIDER_CLIENT_SECRET". */
  name: string;
  /** Before any credential is made: throws an Error that says why it cannot be written, as far as can be told. */
  check(run: DestinationRun): Promise<void>;
  /**
   * Stores the secret, and resolves only once the place has confirmed it holds it. Throws an
   * Error that says why not: a StoreUnknown when the place may hold it all the same.
   */
  store(secret: string, run: DestinationRun): Promise<void>;
  /** Whether a second store replaces the first (a GitHub secret), so that the starting secret can be stored back. */
  rewritable: boolean;
}

/** A store whose outcome cannot be known (no answer, or a gateway's 502, 503 or 504): the place may hold the new secret. */
export class StoreUnknown extends ActionError {
  override readonly name = 'StoreUnknown';
}

export interface RotationPort extends Pick<
  RunPort,
  'naming' | 'secrets' | 'write' | 'clock' | 'dispatcher' | 'signal' | 'specBase'
> {
  /** Where a dry run reads the spec named by `spec` (its credentials' policy), as a run does; none: the current directory. */
  workspace?: string | undefined;
  /** A setting by the engine's name; of the spec's settings, only `spec` (a dry run's policy; '' for none). */
  read(name: SettingName | RotationSetting): string;
  rotationNaming: RotationNaming;
  /** In the order they are written. */
  destinations: readonly Destination[];
  /** The token unique to this run in the new credential's name; random by default. */
  runToken?: string | undefined;
}

/** A credential as the report shows it: never a secret. */
export interface CredentialView {
  id: string;
  name: string;
  created: string;
}

/** A credential as the run judged it: what it takes it for, and whether it goes (or would go, in a dry run). */
export interface JudgedView extends CredentialView {
  madeByThisTool: boolean;
  standing: Standing;
  /** Why it stays; none: it is retired. */
  kept: Keeping;
}

export interface RotationReport {
  clientId?: string | undefined;
  dryRun: boolean;
  /** The credential this run made (and kept). */
  created?: CredentialView | undefined;
  /** The destinations that hold the new secret, in order. */
  stored: string[];
  /** The destinations whose store had no known outcome: they may hold the new secret. */
  mayHold: string[];
  /** The destinations that still hold the current secret after a failed store. */
  unchanged: string[];
  /** The destinations given the current secret back after the new credential was found gone. */
  restored: string[];
  retired: CredentialView[];
  /** Every credential the run judged (before retiring), oldest first; empty until it did. */
  credentials: JudgedView[];
  /** Every credential left, oldest first, and whether this tool made it. */
  left: Array<CredentialView & { madeByThisTool: boolean }>;
}

export interface RotationConclusion {
  /** The outputs: set once a credential was made and kept past its first store. */
  outputs?: { credential_id: string; retired: string[] } | undefined;
  /** What the door shows at the end, in order. */
  messages: Message[];
  report: RotationReport;
  exitCode: 0 | 1;
}

/** At most this many tries of the new secret, paced by the budget, while the service propagates it. */
export const PROOF_ATTEMPTS = 12;

/** A credential just made, with its secret. */
type Made = { credential: Credential; secret: string };

export const viewOf = ({ id, name, created }: Credential): CredentialView => ({ id, name, created });
export const describe = (c: CredentialView): string => `${JSON.stringify(c.name)} (id ${c.id}, created ${c.created})`;
const plural = (places: readonly string[], one: string, many: string): string =>
  `${places.join(', ')} ${places.length === 1 ? one : many}`;

/** A failure that ends the rotation with what the report knows so far. */
class RotationFailure extends ActionError {
  override readonly name = 'RotationFailure';
  readonly messages: readonly string[];
  constructor(messages: readonly string[]) {
    super(messages.join('\n'));
    this.messages = messages;
  }
}

/** One rotation. Never throws: a failure is a conclusion too, with what the run did and, past a store, its outputs. */
export function rotateSecret(port: RotationPort): Promise<RotationConclusion> {
  const report: RotationReport = {
    dryRun: false,
    stored: [],
    mayHold: [],
    unchanged: [],
    restored: [],
    retired: [],
    credentials: [],
    left: [],
  };
  return stopping(
    port,
    (signal) => rotate(port, signal, report),
    (error) => {
      const messages =
        error instanceof RotationFailure
          ? error.messages.map((text): Message => ({ level: 'error', text }))
          : concludeFailure(error, port.naming).messages;
      return { outputs: outputsOf(report), messages, report, exitCode: 1 };
    },
  );
}

/** The outputs, once a credential was made and a destination holds or may hold its secret. */
const outputsOf = ({ created, stored, mayHold, retired }: RotationReport): RotationConclusion['outputs'] =>
  created === undefined || stored.length + mayHold.length === 0
    ? undefined
    : { credential_id: created.id, retired: retired.map((c) => c.id) };

interface RotationSettings {
  settings: Settings;
  retire: 'later' | 'now';
  retireIds: Uuid[];
  dryRun: boolean;
}

/** The service's settings by their rules, the rotation's own beside them: every problem in one run. */
function validate({ read, naming, rotationNaming: words }: RotationPort): RotationSettings {
  const problems: Problem[] = [];
  let settings: Settings | undefined;
  try {
    // A rotation reads no spec: the other settings keep their defaults.
    const used = new Set<SettingName>(['client_id', 'client_secret', 'auth_url', 'auth', 'timeout_seconds']);
    settings = parseSettings((name) => (used.has(name) ? read(name) : (SETTING_DEFAULTS[name] ?? '')), naming);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    problems.push(...error.problems);
  }
  const retire = read('retire').trim() === '' ? 'later' : read('retire').trim();
  if (retire !== 'later' && retire !== 'now') {
    problems.push({
      field: 'retire',
      message: `${words.label('retire')} must be later or now${/^[a-z]{1,16}$/i.test(retire) ? `, not "${retire}"` : ''}`,
    });
  }
  const lines = read('retire_id')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const ids = lines.map((line) => uuidSchema.safeParse(line.toLowerCase()));
  ids.forEach((id, index) => {
    if (!id.success)
      problems.push({
        field: 'retire_id',
        message: `${words.label('retire_id')}${lines.length > 1 ? ` (line ${index + 1})` : ''} is not a credential id (a UUID): give the id the report lists for the credential to delete`,
      });
  });
  const dryRun = read('dry_run').trim().toLowerCase();
  if (!['', 'true', 'false'].includes(dryRun))
    problems.push({ field: 'dry_run', message: `${words.label('dry_run')} must be true or false` });
  if (problems.length > 0 || settings === undefined) throw new ValidationError(problems);
  const retireIds = [...new Set(ids.flatMap((id) => (id.success ? [id.data] : [])))];
  return { settings, retire: retire as 'later' | 'now', retireIds, dryRun: dryRun === 'true' };
}

/** The service's client for one secret, on a budget, every secret and token it meets handed to the keeper. */
function clientFor(settings: Settings, secret: string, port: RotationPort, budget: Budget, log: Log): AuthService {
  return createServiceClient({
    authUrl: settings.auth_url,
    clientId: settings.client_id,
    clientSecret: secret,
    auth: settings.auth,
    // A token, or the new credential's secret: either is masked before anything can print it.
    onCredential: (credential) => {
      port.secrets.learn(credential);
      port.secrets.learnSecret(credential);
    },
    budget,
    dispatcher: port.dispatcher,
    log,
    scrub: port.secrets.scrub,
    words: port.naming,
  });
}

/** What every step of one rotation shares. */
interface Rotation extends RotationSettings {
  port: RotationPort;
  report: RotationReport;
  budget: Budget;
  signal: AbortSignal;
  log: Log;
  /** The fingerprint of the secret this run started with (engine/reconcile/lineage.ts). */
  own: string;
  /** The service's client with the current secret: until the new one is proven. */
  current: AuthService;
  /** A client for `secret` on a budget of its own: a clean-up after a failure must not find the run's deadline spent. */
  cleanup(secret: string): AuthService;
}

async function rotate(port: RotationPort, signal: AbortSignal, report: RotationReport): Promise<RotationConclusion> {
  const run = begin(port, signal, report);
  // A dry run holds the credentials to the spec's policy, as the watch does, when a spec is named.
  const policy = run.dryRun && port.read('spec') !== '' ? await policyOf(port) : undefined;
  const before = await readCredentials(run);
  if (run.dryRun) return dryRun(run, before, policy);
  await checkDestinations(run);
  const name = credentialName(run.budget.clock.now(), port.runToken ?? randomBytes(6).toString('hex'), run.own);
  const made = await createOne(run.current, name, run.log);
  report.created = viewOf(made.credential);
  run.log.info(`Created the credential ${describe(made.credential)}`);
  // From the proof on, every call is made with the new secret: the old one may be about to go.
  const service = await prove(run, made);
  await storeEverywhere(run, made);
  const after = await confirm(run, service, made);
  return retireOld(run, service, made.credential, after);
}

/** The settings checked, the run announced, its one budget and the client with the current secret. */
function begin(port: RotationPort, signal: AbortSignal, report: RotationReport): Rotation {
  const rotation = validate(port);
  const { settings, retire, retireIds, dryRun } = rotation;
  const words = port.rotationNaming;
  report.clientId = settings.client_id;
  report.dryRun = dryRun;
  const log = logOn(port.write);
  const asked = [words.assign('retire', retire), ...retireIds.map((id) => words.assign('retire_id', id))].join(', ');
  log.info(
    `${dryRun ? 'Dry run: what a rotation of' : 'Rotating'} the secret of client ${settings.client_id} at ${settings.auth_url} (${asked})${dryRun ? ' would do; nothing is created, stored or deleted' : ''}`,
  );
  // One budget for the whole run; a rotation makes more requests than a registration, each under the same limit.
  const budget = createBudget(settings.timeout_seconds, { clock: port.clock, signal });
  const current = clientFor(settings, settings.client_secret, port, budget, log);
  const cleanup = (secret: string): AuthService =>
    clientFor(settings, secret, port, createBudget(settings.timeout_seconds, { clock: port.clock, signal }), log);
  const own = fingerprintOf(settings.client_id, settings.client_secret);
  return { ...rotation, port, report, budget, signal, log, own, current, cleanup };
}

/** What the client has, with the current secret: a refusal here, or a retire_id it does not have, creates nothing. */
async function readCredentials({ current, settings, retireIds, port }: Rotation): Promise<Credential[]> {
  const before = await current.listCredentials().catch((error: unknown) => {
    throw new RotationFailure([refusalOfCurrent(error, settings, port.naming)]);
  });
  const unknown = retireIds.filter((id) => !before.some((c) => c.id === id));
  if (unknown.length > 0) {
    throw new RotationFailure([
      `${port.rotationNaming.label('retire_id')} names ${unknown.length === 1 ? 'a credential' : 'credentials'} client ${settings.client_id} does not have (${unknown.join(', ')}): nothing was created. Its credentials are ${byCreation(before).map(viewOf).map(describe).join(', ') || 'none'}.`,
    ]);
  }
  return before;
}

/** Every destination, before anything is made: every refusal named at once. */
async function checkDestinations({ port, budget, log }: Rotation): Promise<void> {
  const refused: string[] = [];
  for (const destination of port.destinations) {
    await destination
      .check({ budget, log })
      .catch(
        (error: unknown) => void refused.push(`${destination.name} cannot be written: ${(error as Error).message}`),
      );
  }
  if (refused.length > 0)
    throw new RotationFailure([...refused, 'Nothing was created: the current secret is unchanged everywhere.']);
}

/**
 * The new secret proven while the service propagates it (a 401, a 5xx, a reset or a timeout is
 * tried again within the run's time): its client; else the new credential deleted with the
 * secret that still works, and nothing stored.
 */
async function prove(run: Rotation, made: Made): Promise<AuthService> {
  const { settings, port, budget, log } = run;
  const fresh = clientFor(settings, made.secret, port, budget, log);
  const failure = await proven(fresh, budget, log).then(
    (ok) => (ok ? undefined : `it was not accepted within the run's time (${PROOF_ATTEMPTS} tries at most)`),
    (error: unknown) => `proving it failed: ${(error as Error).message}`,
  );
  if (failure === undefined) return fresh;
  const deleted = await deleteNew(run, made.credential);
  throw new RotationFailure([
    `The new secret could not be proven: ${failure}. ${deleted} Nothing was stored: the current secret is unchanged everywhere. ` +
      `${port.naming.runAgain}, or give the service more time with ${port.naming.ref('timeout_seconds')}.`,
  ]);
}

/** Tries the new secret until the service takes it, within the run's deadline; what is not transient is thrown. */
async function proven(service: AuthService, budget: Budget, log: Log): Promise<boolean> {
  for (let tried = 1; ; tried++) {
    const why = await service.authenticates().then(
      (ok) =>
        ok ? undefined : 'the service does not take the new secret yet (HTTP 401; it may still be propagating it)',
      (error: unknown) => {
        if (error instanceof HttpError && error.transient) return `proving the new secret failed (${error.message})`;
        throw error;
      },
    );
    if (why === undefined) return true;
    const pause = nextPause(budget, tried, undefined, PROOF_ATTEMPTS);
    if ('giveUp' in pause) return false;
    log.info(`${why.charAt(0).toUpperCase()}${why.slice(1)}: trying again in ${Math.ceil(pause.waitMs)} ms`);
    await budget.clock.sleep(pause.waitMs, budget.signal);
  }
}

/**
 * Every destination, in order, each confirming it holds the new secret. At the first failure
 * the run stops and says what each holds: the new credential is deleted only when no
 * destination holds or may hold its secret.
 */
async function storeEverywhere(run: Rotation, made: Made): Promise<void> {
  const { port, report, budget, log } = run;
  for (const [index, destination] of port.destinations.entries()) {
    try {
      await destination.store(made.secret, { budget, log });
      report.stored.push(destination.name);
      log.info(`Stored the new secret in ${destination.name}`);
    } catch (error) {
      const unknown = error instanceof StoreUnknown;
      if (unknown) report.mayHold.push(destination.name);
      report.unchanged = port.destinations.slice(unknown ? index + 1 : index).map((d) => d.name);
      const cause = `Could not store the new secret in ${destination.name}: ${(error as Error).message}`;
      if (index === 0 && !unknown) {
        const deleted = await deleteNew(run, made.credential);
        throw new RotationFailure([cause, `${deleted} Every destination still holds the current secret.`]);
      }
      throw new RotationFailure([cause, storeState(report, made.credential, port.naming)]);
    }
  }
}

/** After a store that failed past the first, or whose outcome is unknown: which destination holds which secret, and what to do. */
function storeState(report: RotationReport, credential: Credential, naming: Naming): string {
  const holds = [
    ...(report.stored.length > 0 ? [`${plural(report.stored, 'holds', 'hold')} the new secret`] : []),
    ...(report.mayHold.length > 0
      ? [`${plural(report.mayHold, 'may hold', 'may hold')} the new secret or the current one (its answer was lost)`]
      : []),
    ...(report.unchanged.length > 0
      ? [`${plural(report.unchanged, 'still holds', 'still hold')} the current one`]
      : []),
  ];
  return (
    `The new credential ${describe(credential)} is kept and both secrets work; nothing was retired. Now ${holds.join(', and ')}. ` +
    `Fix what is named, then ${naming.runAgain.charAt(0).toLowerCase()}${naming.runAgain.slice(1)} to rotate again and complete it.`
  );
}

/**
 * Just before anything is retired: the new credential still there and its secret still taken.
 * If another run (or a person) deleted it, the secret this run started with goes back where it
 * can, nothing is retired, and the run fails saying so.
 */
async function confirm(run: Rotation, service: AuthService, made: Made): Promise<Credential[]> {
  const after = await service.listCredentials().catch((error: unknown) => {
    if (error instanceof HttpError && error.status === 401) return undefined;
    throw new RotationFailure([
      `The new secret is stored in ${run.report.stored.join(', ')}, but the credentials could not be read again to confirm it before retiring: ${(error as Error).message} ` +
        `Nothing was retired: the new credential ${describe(made.credential)} and every other are kept. ${run.port.naming.runAgain} with the new secret to retire what is unused.`,
    ]);
  });
  if (after?.some((c) => c.id === made.credential.id) === true) return after;
  throw new RotationFailure(await storeBack(run, made.credential));
}

/** The new credential is gone: the starting secret stored back where it still works and a place can take it again. */
async function storeBack(run: Rotation, gone: Credential): Promise<string[]> {
  const { port, report, settings, budget, log } = run;
  const works = await run
    .cleanup(settings.client_secret)
    .authenticates()
    .catch(() => false);
  const stored = port.destinations.filter((d) => report.stored.includes(d.name));
  const failed: string[] = [];
  for (const destination of works ? stored.filter((d) => d.rewritable) : []) {
    await destination.store(settings.client_secret, { budget, log }).then(
      () => void report.restored.push(destination.name),
      (error: unknown) => void failed.push(`${destination.name} (${(error as Error).message})`),
    );
  }
  const dead = stored.map((d) => d.name).filter((name) => !report.restored.includes(name));
  return [
    `The new credential ${describe(gone)} is gone from the client after this run stored its secret: another rotation running at the same time, or a person, deleted it. Nothing was retired.`,
    ...(report.restored.length > 0
      ? [`Stored the secret this run started with back in ${report.restored.join(', ')}: it still works.`]
      : []),
    ...(dead.length > 0
      ? [
          `${plural(dead, 'holds', 'hold')} a secret that no longer works${failed.length > 0 ? `; storing the starting secret back failed: ${failed.join('; ')}` : ''}. ` +
            (works
              ? `The secret this run started with still works: store it there by hand, then ${port.naming.runAgain.charAt(0).toLowerCase()}${port.naming.runAgain.slice(1)} once no other rotation runs.`
              : 'The secret this run started with no longer works either: generate a new secret in the developer portal, store it, deploy, then rotate from there (docs/rotation.md).'),
        ]
      : []),
  ];
}

/** Retires what the run knows is unused, once the new secret is stored and confirmed everywhere, and concludes. */
async function retireOld(
  run: Rotation,
  service: AuthService,
  made: Credential,
  after: readonly Credential[],
): Promise<RotationConclusion> {
  const { report } = run;
  const judged = judge(run, after, made);
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
    ...keptMessages(judged, run.port.rotationNaming),
    ...failed.map((text): Message => ({ level: 'error', text })),
  ];
  return { outputs: outputsOf(report), messages, report, exitCode: failed.length === 0 ? 0 : 1 };
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
    kept: keeping(j, run.retire, named),
  }));
  return run.report.credentials;
}

/** The credentials' policy of the spec the setting names, read as a run reads it. */
async function policyOf(port: RotationPort): Promise<CredentialsPolicy | undefined> {
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
function dryRun(
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
        'None of the credentials this tool made can be the one this run holds, so the one in use is one this tool did not make (the developer portal’s, as a rule).',
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
    'made by this tool from the secret this run holds: left by an earlier run that failed, or another rotation’s in flight',
  older: 'made by this tool, older than the one in use',
  'not made by this tool': 'not made by this tool',
};

/** Why a credential stays, as a clause. */
export const KEPT_WORDS: Readonly<Record<Exclude<Keeping, undefined>, string>> = {
  'the new one': 'the new credential',
  'in use': 'the deployed provider may still use it (retire: later)',
  'may be in use': 'it may be the one in use',
  'not made by this tool': 'not made by this tool (only retire_id retires it)',
  'may belong to a rotation in flight':
    'made in the last hour, it may belong to another rotation in flight; a later rotation retires it',
};

/** The credentials kept beside the new one, each with why, and how to retire the one the deploy no longer uses. */
function keptMessages(judged: readonly JudgedView[], words: RotationNaming): Message[] {
  const others = judged.filter((c) => c.kept !== undefined && c.kept !== 'the new one');
  const made = judged.find((c) => c.kept === 'the new one');
  if (others.length === 0)
    return [
      {
        level: 'info',
        text: `The new credential ${made === undefined ? '' : `${describe(made)} `}is the client's only one.`,
      },
    ];
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

/** Why the current secret could not list the credentials, and what to do. */
function refusalOfCurrent(error: unknown, settings: Settings, naming: Naming): string {
  const message = (error as Error).message;
  if (error instanceof HttpError && error.status === 401) {
    return (
      `${message} Nothing was created. A rotation needs a secret that works: a secret deleted in the developer portal can only be replaced there. ` +
      `Open the app in the developer portal, generate a new secret, store it where the deployed provider and ${naming.ref('client_secret')} read it, ` +
      'deploy, then rotate from there (docs/rotation.md).'
    );
  }
  if (error instanceof HttpError && error.status === 403 && settings.auth === 'basic') {
    return `${message} Nothing was created. The service may let only a token manage credentials (its SDK says they require the manage_projects scope): use ${naming.assign('auth', 'token')}.`;
  }
  return `${message} Nothing was created.`;
}

/**
 * The creation, and after a lost answer the credential found by its name (its secret can never
 * be read): deleted, then one creation more. Never a second orphan: a second lost answer, or a
 * credential that cannot be found out, stops the run saying which.
 */
async function createOne(service: AuthService, name: string, log: Log): Promise<Made> {
  for (let attempt = 1; ; attempt++) {
    const outcome = await service.createCredential(name);
    if (outcome.kind === 'created') return outcome;
    log.info(
      `The credential's creation may or may not have been applied (${outcome.error.message}): looking for it by its name`,
    );
    const orphans = await service.listCredentials().then(
      (all) => all.filter((c) => c.name === name),
      (error: unknown) => {
        throw new RotationFailure([
          `The answer to the creation of the credential ${JSON.stringify(name)} was lost, and the credentials could not be read after it: ${(error as Error).message} ` +
            'If the developer portal lists a credential of that name, delete it there: its secret was never seen. The current secret is unchanged everywhere.',
        ]);
      },
    );
    for (const orphan of orphans) {
      await service.deleteCredential(orphan.id).catch((error: unknown) => {
        throw new RotationFailure([
          `The answer to the creation of the credential ${describe(orphan)} was lost, so its secret can never be read, and it could not be deleted: ${(error as Error).message} ` +
            'Delete it by hand in the developer portal. The current secret is unchanged everywhere.',
        ]);
      });
      log.info(`Deleted the credential ${describe(orphan)}, whose secret was lost with the answer`);
    }
    if (attempt >= 2) {
      throw new RotationFailure([
        `The answer to the creation of the credential ${JSON.stringify(name)} was lost twice (${outcome.error.message}); ${orphans.length === 0 ? 'none was made' : 'the one made was deleted'}. ` +
          'Nothing was stored: the current secret is unchanged everywhere. Run the rotation again later.',
      ]);
    }
  }
}

/** Deletes the new credential after a failure that left no copy of its secret, on a budget of its own: what became of it, as a sentence. */
async function deleteNew({ cleanup, settings, report }: Rotation, credential: Credential): Promise<string> {
  return cleanup(settings.client_secret)
    .deleteCredential(credential.id)
    .then(
      () => {
        report.created = undefined;
        return `The new credential ${describe(credential)} was deleted.`;
      },
      (error: unknown) =>
        `The new credential ${describe(credential)} could not be deleted (${(error as Error).message}): delete it by hand in the developer portal; its secret is stored nowhere.`,
    );
}
