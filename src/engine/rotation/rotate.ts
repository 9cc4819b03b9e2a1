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
import { createBudget, type Budget } from '../../wire/budget.ts';
import { HttpError } from '../../wire/http.ts';
import type { Log } from '../../wire/log.ts';
import { nextPause } from '../../wire/retry.ts';
import { createServiceClient } from '../../wire/service-client.ts';
import { uuidSchema } from '../../wire/uuid.ts';
import type { Message } from '../conclude/conclude.ts';
import { failureMessages } from '../conclude/conclude.ts';
import { logOn, stopping } from '../ensure.ts';
import { byCreation, credentialName, fingerprintOf } from '../reconcile/lineage.ts';
import type { AuthService, Credential } from '../reconcile/service.ts';
import { ValidationError, type Problem } from '../settings/problems.ts';
import { parseSettings, SETTING_DEFAULTS, type Naming, type SettingName, type Settings } from '../settings/settings.ts';
import { confirm, deleteNew, storeEverywhere } from './hand-off.ts';
import {
  describe,
  outputsOf,
  RotationFailure,
  viewOf,
  type Made,
  type Rotation,
  type RotationConclusion,
  type RotationPort,
  type RotationReport,
  type RotationSettings,
} from './port.ts';
import { dryRun, policyOf, retireOld } from './retire.ts';

/** At most this many tries of the new secret, paced by the budget, while the service propagates it. */
export const PROOF_ATTEMPTS = 12;

/** One rotation. Never throws: a failure is a conclusion too, with what the run did and, past a store, its outputs. */
export function rotateSecret(port: RotationPort): Promise<RotationConclusion> {
  const report: RotationReport = {
    dryRun: false,
    stored: [],
    mayHold: [],
    unchanged: [],
    restored: [],
    gone: false,
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
          : failureMessages(error, port.naming);
      return { outputs: outputsOf(report), messages, report, exitCode: 1 };
    },
  );
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
  return retireOld(run, service, made, after);
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
