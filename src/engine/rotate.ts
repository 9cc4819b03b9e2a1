/**
 * The rotation of the client secret, whichever door starts it: read the client's credentials
 * with the current secret, check every destination, create one credential, hand its secret to
 * the keeper, prove it, switch the run to it, store it in every destination in the order
 * given, then retire what must go. Nothing old is touched before the new secret is proven and
 * stored everywhere; a fault leaves a state the final messages name (issue 45; the order is
 * AWS Secrets Manager's create, set, test, finish, and ovotech/cloud-key-rotator's stop at the
 * first error).
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
import type { RunPort } from './port.ts';
import { ValidationError, type Problem } from './settings/problems.ts';
import type { AuthService, Credential } from './reconcile/service.ts';
import { parseSettings, SETTING_DEFAULTS, type Naming, type SettingName, type Settings } from './settings/settings.ts';

/** The settings of a rotation beyond the service's (client_id, client_secret, auth_url, auth, timeout_seconds). */
export type RotationSetting = 'retire' | 'retire_id';

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
  /** Stores the secret; throws an Error that says why not. */
  store(secret: string, run: DestinationRun): Promise<void>;
}

export interface RotationPort extends Pick<
  RunPort,
  'naming' | 'secrets' | 'write' | 'clock' | 'dispatcher' | 'signal'
> {
  /** A setting by the engine's name; the spec's settings are not a rotation's. */
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

export interface RotationReport {
  clientId?: string | undefined;
  /** The credential this run made (and kept). */
  created?: CredentialView | undefined;
  /** The destinations that hold the new secret, in order. */
  stored: string[];
  /** The destinations that still hold the current secret after a failed store. */
  unchanged: string[];
  retired: CredentialView[];
  /** Every credential left, oldest first, and whether this tool made it. */
  left: Array<CredentialView & { madeByThisTool: boolean }>;
}

export interface RotationConclusion {
  /** The outputs: `credential_id` and `retired` (a JSON list of ids); set once a credential was made and kept. */
  outputs?: { credential_id: string; retired: string } | undefined;
  /** What the door shows at the end, in order. */
  messages: Message[];
  report: RotationReport;
  exitCode: 0 | 1;
}

/** The prefix of the name of every credential this tool makes: how it tells its own from the portal's. */
export const CREDENTIAL_NAME_PREFIX = 'ensure-provider-scope ';
const TOOL_NAME = /^ensure-provider-scope \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ [0-9a-z]+$/;

/** The new credential's name: the tool, the UTC time, the run's token (how a run finds what it made after a lost answer). */
export const credentialName = (now: number, token: string): string =>
  `${CREDENTIAL_NAME_PREFIX}${new Date(now).toISOString().replace(/\.\d{3}Z$/, 'Z')} ${token}`;

export const madeByThisTool = (credential: Pick<Credential, 'name'>): boolean => TOOL_NAME.test(credential.name);

/** At most this many tries of the new secret, paced by the budget, while the service propagates it. */
export const PROOF_ATTEMPTS = 12;

/** A credential just made, with its secret. */
type Made = { credential: Credential; secret: string };

const view = ({ id, name, created }: Credential): CredentialView => ({ id, name, created });
/** Oldest first; the listing's order breaks a tie (the sort is stable). */
const byCreation = (credentials: readonly Credential[]): Credential[] =>
  [...credentials].sort((a, b) => a.created.localeCompare(b.created));
const describe = (c: CredentialView): string => `${JSON.stringify(c.name)} (id ${c.id}, created ${c.created})`;

/** A failure that ends the rotation with what the report knows so far. */
class RotationFailure extends ActionError {
  override readonly name = 'RotationFailure';
  readonly messages: readonly string[];
  constructor(messages: readonly string[]) {
    super(messages.join('\n'));
    this.messages = messages;
  }
}

/** One rotation. Never throws: a failure is a conclusion too, with what the run did. */
export function rotateSecret(port: RotationPort): Promise<RotationConclusion> {
  const report: RotationReport = { stored: [], unchanged: [], retired: [], left: [] };
  return stopping(
    port,
    (signal) => rotate(port, signal, report),
    (error) => {
      const messages =
        error instanceof RotationFailure
          ? error.messages.map((text): Message => ({ level: 'error', text }))
          : concludeFailure(error, port.naming).messages;
      return { messages, report, exitCode: 1 };
    },
  );
}

interface RotationSettings {
  settings: Settings;
  retire: 'later' | 'now';
  retireId?: Uuid | undefined;
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
  const retire = read('retire') === '' ? 'later' : read('retire');
  if (retire !== 'later' && retire !== 'now') {
    problems.push({
      field: 'retire',
      message: `${words.label('retire')} must be later or now${/^[a-z]{1,16}$/i.test(retire) ? `, not "${retire}"` : ''}`,
    });
  }
  const rawId = read('retire_id').trim();
  const retireId = rawId === '' ? undefined : uuidSchema.safeParse(rawId.toLowerCase());
  if (retireId?.success === false) {
    problems.push({
      field: 'retire_id',
      message: `${words.label('retire_id')} is not a credential id (a UUID): give the id the report lists for the credential to delete`,
    });
  }
  if (problems.length > 0 || settings === undefined) throw new ValidationError(problems);
  return { settings, retire: retire as 'later' | 'now', retireId: retireId?.data };
}

/** The service's client for one secret, on the run's budget, every secret and token it meets handed to the keeper. */
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
  log: Log;
  /** The service's client with the current secret: until the new one is proven. */
  current: AuthService;
}

async function rotate(port: RotationPort, signal: AbortSignal, report: RotationReport): Promise<RotationConclusion> {
  const run = begin(port, signal, report);
  await readCredentials(run);
  await checkDestinations(run);
  // One credential, its secret already with the keeper (onCredential).
  const name = credentialName(run.budget.clock.now(), port.runToken ?? randomBytes(6).toString('hex'));
  const made = await createOne(run.current, name, run.log);
  report.created = view(made.credential);
  run.log.info(`Created the credential ${describe(made.credential)}`);
  // From the proof on, every call is made with the new secret: the old one may be about to go.
  const service = await prove(run, made);
  await storeEverywhere(run, service, made);
  return retireOld(run, service, made.credential);
}

/** The settings checked, the run announced, its one budget and the client with the current secret. */
function begin(port: RotationPort, signal: AbortSignal, report: RotationReport): Rotation {
  const rotation = validate(port);
  const { settings, retire, retireId } = rotation;
  const words = port.rotationNaming;
  report.clientId = settings.client_id;
  const log = logOn(port.write);
  log.info(
    `Rotating the secret of client ${settings.client_id} at ${settings.auth_url} (${words.assign('retire', retire)}${retireId === undefined ? '' : `, ${words.assign('retire_id', retireId)}`})`,
  );
  // One budget for the whole run; a rotation makes more requests than a registration, each under the same limit.
  const budget = createBudget(settings.timeout_seconds, { clock: port.clock, signal });
  const current = clientFor(settings, settings.client_secret, port, budget, log);
  return { ...rotation, port, report, budget, log, current };
}

/** What the client has, with the current secret: a refusal here creates nothing. */
async function readCredentials({ current, settings, retireId, port }: Rotation): Promise<void> {
  const before = await current.listCredentials().catch((error: unknown) => {
    throw new RotationFailure([refusalOfCurrent(error, settings, port.naming)]);
  });
  if (retireId !== undefined && !before.some((c) => c.id === retireId)) {
    throw new RotationFailure([
      `${port.rotationNaming.label('retire_id')} names no credential of client ${settings.client_id}: nothing was created. Its credentials are ${before.map(describe).join(', ') || 'none'}.`,
    ]);
  }
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

/** The new secret proven while the service propagates it: its client; else the credential deleted with the secret that still works. */
async function prove({ settings, port, budget, log, current, report }: Rotation, made: Made): Promise<AuthService> {
  const fresh = clientFor(settings, made.secret, port, budget, log);
  if (await proven(fresh, budget, log)) return fresh;
  await deleteAfterFailure(current, made.credential, report);
  throw new RotationFailure([
    `The new secret was not accepted within the run's time (${PROOF_ATTEMPTS} tries at most): the credential ${describe(made.credential)} was deleted, and nothing was stored. ` +
      `${port.naming.runAgain}, or give the service more time with ${port.naming.ref('timeout_seconds')}.`,
  ]);
}

/** Every destination, in order; at the first failure, what each holds is said (the new credential deleted if none holds it). */
async function storeEverywhere(run: Rotation, service: AuthService, made: Made): Promise<void> {
  const { port, report, budget, log } = run;
  for (const [index, destination] of port.destinations.entries()) {
    try {
      await destination.store(made.secret, { budget, log });
      report.stored.push(destination.name);
      log.info(`Stored the new secret in ${destination.name}`);
    } catch (error) {
      report.unchanged = port.destinations.slice(index).map((d) => d.name);
      const deleted = index === 0 ? await deleteAfterFailure(service, made.credential, report) : undefined;
      throw new RotationFailure(
        storeFailure(error as Error, destination, deleted, report, made.credential, port.naming),
      );
    }
  }
}

/** Retires what must go, once the new secret is stored everywhere, and concludes. */
async function retireOld(
  { port, report, retire, retireId }: Rotation,
  service: AuthService,
  made: Credential,
): Promise<RotationConclusion> {
  const after = byCreation(await service.listCredentials());
  const failed: string[] = [];
  for (const credential of toRetire(after, made, retire, retireId)) {
    await service.deleteCredential(credential.id).then(
      () => void report.retired.push(view(credential)),
      (error: unknown) =>
        void failed.push(
          `Could not retire the credential ${describe(credential)}: ${(error as Error).message}. Delete it by hand in the developer portal.`,
        ),
    );
  }
  const retiredIds = new Set(report.retired.map((c) => c.id));
  report.left = after
    .filter((c) => !retiredIds.has(c.id))
    .map((c) => ({ ...view(c), madeByThisTool: madeByThisTool(c) }));
  const outputs = { credential_id: made.id, retired: JSON.stringify(report.retired.map((c) => c.id)) };
  const messages: Message[] = [
    ...report.retired.map((c): Message => ({ level: 'info', text: `Retired the credential ${describe(c)}` })),
    ...leftAdvice(report, made, port.rotationNaming),
    ...failed.map((text): Message => ({ level: 'error', text })),
  ];
  return { outputs, messages, report, exitCode: failed.length === 0 ? 0 : 1 };
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

/** Tries the new secret until the service takes it, within the run's deadline. */
async function proven(service: AuthService, budget: Budget, log: Log): Promise<boolean> {
  for (let tried = 1; ; tried++) {
    if (await service.authenticates()) return true;
    const pause = nextPause(budget, tried, undefined, PROOF_ATTEMPTS);
    if ('giveUp' in pause) return false;
    log.info(
      `The service does not take the new secret yet (HTTP 401; it may still be propagating it): trying again in ${Math.ceil(pause.waitMs)} ms`,
    );
    await budget.clock.sleep(pause.waitMs, budget.signal);
  }
}

/** Deletes the new credential after a failure that left no copy of its secret: what became of it, as a sentence. */
async function deleteAfterFailure(
  service: AuthService,
  credential: Credential,
  report: RotationReport,
): Promise<string> {
  return service.deleteCredential(credential.id).then(
    () => {
      report.created = undefined;
      return `The new credential ${describe(credential)} was deleted.`;
    },
    (error: unknown) =>
      `The new credential ${describe(credential)} could not be deleted (${(error as Error).message}): delete it by hand in the developer portal; its secret is stored nowhere.`,
  );
}

/** A store that failed: which destination holds which secret, and what to do. */
function storeFailure(
  error: Error,
  destination: Destination,
  deleted: string | undefined,
  report: RotationReport,
  credential: Credential,
  naming: Naming,
): string[] {
  const cause = `Could not store the new secret in ${destination.name}: ${error.message}`;
  if (deleted !== undefined) return [cause, `${deleted} Every destination still holds the current secret.`];
  return [
    cause,
    `The new credential ${describe(credential)} is kept and both secrets work; nothing was retired. ` +
      `Now ${report.stored.join(', ')} hold${report.stored.length === 1 ? 's' : ''} the new secret, and ${report.unchanged.join(', ')} still hold${report.unchanged.length === 1 ? 's' : ''} the current one. ` +
      `Fix what is named, then ${naming.runAgain.charAt(0).toLowerCase()}${naming.runAgain.slice(1)} to rotate again and complete it.`,
  ];
}

/**
 * What goes, once the new secret is stored everywhere: this tool's credentials older than the
 * one before the new one (`later`) or every one of them but the new one (`now`), and the one
 * retire_id names. Never the new one, never the newest, never the portal's unless named.
 */
export function toRetire(
  credentials: readonly Credential[],
  made: Pick<Credential, 'id'>,
  retire: 'later' | 'now',
  retireId: string | undefined,
): Credential[] {
  const sorted = byCreation(credentials);
  const newest = sorted.at(-1);
  const ours = sorted.filter((c) => madeByThisTool(c) && c.id !== made.id);
  const keep = retire === 'later' ? 1 : 0;
  const doomed = new Set(ours.slice(0, Math.max(0, ours.length - keep)).map((c) => c.id));
  return sorted.filter((c) => (doomed.has(c.id) || c.id === retireId) && c.id !== made.id && c.id !== newest?.id);
}

/** The credentials left that the deploy may still use, and how to retire the one it no longer does. */
function leftAdvice(report: RotationReport, made: Credential, words: RotationNaming): Message[] {
  const others = report.left.filter((c) => c.id !== made.id);
  if (others.length === 0)
    return [{ level: 'info', text: `The new credential ${describe(made)} is the client's only one.` }];
  return [
    {
      level: 'info',
      text:
        `Left beside the new credential: ${others.map((c) => `${describe(c)}${c.madeByThisTool ? '' : ', not made by this tool'}`).join('; ')}. ` +
        `Once the deployed provider uses the new secret, retire the one it no longer uses with ${words.assign('retire_id', '<its id>')}` +
        (others.some((c) => c.madeByThisTool) ? ", or let the next rotation retire this tool's." : '.'),
    },
  ];
}
