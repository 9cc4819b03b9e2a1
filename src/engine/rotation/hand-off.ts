/**
 * The new secret handed over: stored in every destination in order, each confirming it, and the
 * new credential confirmed again just before anything is retired. Where a store's outcome is
 * unknown the new credential is kept; where it is gone (another run deleted it) the starting
 * secret goes back where it still works. The new credential is deleted only when no destination
 * holds or may hold its secret.
 */
import { HttpError } from '../../wire/http.ts';
import type { AuthService, Credential } from '../reconcile/service.ts';
import type { Naming } from '../settings/settings.ts';
import {
  describe,
  plural,
  RotationFailure,
  StoreUnknown,
  type Made,
  type Rotation,
  type RotationReport,
} from './port.ts';

/**
 * Every destination, in order, each confirming it holds the new secret. At the first failure
 * the run stops and says what each holds: the new credential is deleted only when no
 * destination holds or may hold its secret.
 */
export async function storeEverywhere(run: Rotation, made: Made): Promise<void> {
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
      ? [`${report.mayHold.join(', ')} may hold the new secret or the current one (its answer was lost)`]
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
export async function confirm(run: Rotation, service: AuthService, made: Made): Promise<Credential[]> {
  const after = await service.listCredentials().catch((error: unknown) => {
    if (error instanceof HttpError && error.status === 401) return undefined;
    throw new RotationFailure([
      `The new secret is stored in ${run.report.stored.join(', ')}, but the credentials could not be read again to confirm it before retiring: ${(error as Error).message} ` +
        `Nothing was retired: the new credential ${describe(made.credential)} and every other are kept. ${run.port.naming.runAgain} with the new secret to retire what is unused.`,
    ]);
  });
  if (after?.some((c) => c.id === made.credential.id) === true) return after;
  // Refused (401): whether the credential is gone, the secret the run started with can tell, if it still works.
  const seen =
    after ??
    (await run
      .cleanup(run.settings.client_secret)
      .listCredentials()
      .catch(() => undefined));
  const gone = seen !== undefined && !seen.some((c) => c.id === made.credential.id);
  // Refused or gone, the new secret does not work now: said on the report for the renderings.
  run.report.gone = true;
  throw new RotationFailure(await storeBack(run, made.credential, gone ? 'gone' : 'refused'));
}

/** The new credential is gone: the starting secret stored back where it still works and a place can take it again. */
async function storeBack(run: Rotation, gone: Credential, how: 'gone' | 'refused'): Promise<string[]> {
  const { port, report, settings, budget, log } = run;
  const works = await run
    .cleanup(settings.client_secret)
    .authenticates()
    .catch(() => false);
  // Confirmed only once every store answered: each destination holds the new secret.
  const stored = port.destinations;
  const failed: string[] = [];
  for (const destination of works ? stored.filter((d) => d.rewritable) : []) {
    await destination.store(settings.client_secret, { budget, log }).then(
      () => void report.restored.push(destination.name),
      (error: unknown) => void failed.push(`${destination.name} (${(error as Error).message})`),
    );
  }
  const dead = stored.map((d) => d.name).filter((name) => !report.restored.includes(name));
  return [
    how === 'gone'
      ? `The new credential ${describe(gone)} is gone from the client after this run stored its secret: another rotation running at the same time, or a person, deleted it. Nothing was retired.`
      : `The new secret was refused (HTTP 401) when the credentials were read again after the stores: its credential ${describe(gone)} may have been deleted by another rotation running at the same time, or a person. Nothing was retired.`,
    ...(report.restored.length > 0
      ? [`Stored the secret this run started with back in ${report.restored.join(', ')}: it still works.`]
      : []),
    ...(dead.length > 0
      ? [
          `${plural(dead, 'holds', 'hold')} a secret that no longer works${failed.length > 0 ? `; storing the starting secret back failed: ${failed.join('; ')}` : ''}. ` +
            (works
              ? `The secret this run started with still works: store it there by hand, then ${port.naming.runAgain.charAt(0).toLowerCase()}${port.naming.runAgain.slice(1)} once no other rotation runs.`
              : 'The secret this run started with no longer works either. If another rotation ran at the same time, its new secret works: store it there from where that rotation stored it. Otherwise generate a new secret in the developer portal, store it, deploy, then rotate from there (docs/rotation.md).'),
        ]
      : []),
  ];
}

/** Deletes the new credential after a failure that left no copy of its secret, on a budget of its own: what became of it, as a sentence. */
export async function deleteNew({ cleanup, settings, report }: Rotation, credential: Credential): Promise<string> {
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
