/**
 * The engine's entries: one run, from the settings a door read to its conclusion as data.
 * `ensureProviderScope` is what the action does, and the command line's plan and apply;
 * `verifyProvider` is the deployed provider's check alone. The doors (the GitHub runner, the
 * command line) differ only in where they read the settings and how they show what these
 * return and write.
 */
import type { Dispatcher } from 'undici';
import { createBudget, type Budget } from '../wire/budget.ts';
import type { Log } from '../wire/log.ts';
import { checkProvider } from '../wire/provider.ts';
import type { Clock } from '../wire/retry.ts';
import { createServiceClient } from '../wire/service-client.ts';
import { concludeFailure, concludeRun, type Conclusion, type Message, type ProviderOutcome } from './conclude.ts';
import { ValidationError, type Location } from './problems.ts';
import { inspectScopes, reconcileScope } from './reconcile.ts';
import { credentialForms, scrubber, secretForms } from './secrets.ts';
import { parseSettings, type Naming, type SettingName, type Settings } from './settings.ts';
import { loadSpec, type SpecFile } from './spec.ts';

export interface RunRequest {
  /** One setting, by the engine's name for it (the action's input names), as the user gave it. */
  read(name: SettingName): string;
  /** How the door's users name the settings, for the messages about them. */
  naming: Naming;
  /** Where a relative `spec` path points; the spec must lie inside it. */
  workspace: string;
  /** Each message as soon as it is known, in order: before any write, a reviewer reads them. */
  write(message: Message): void;
  clock?: Clock | undefined;
  /** For every HTTP request; the default is the proxy-aware agent. */
  dispatcher?: Dispatcher | undefined;
  /** Aborted from outside (a fatal error): the run stops as it does after its first failure. */
  signal?: AbortSignal | undefined;
  /**
   * A credential that arrived during the run (the access token of `auth: token`): the door
   * masks every form of it (secrets.ts, credentialForms) before it writes another line.
   */
  mask?: ((credential: string) => void) | undefined;
  /** Called once the last answer is in: what only the output needs may load now without delaying a request. */
  onAnswered?: (() => void) | undefined;
}

/**
 * Validates, ensures the scope (or plans it), checks the deployed provider when asked, and
 * concludes. Never throws: a failure is a conclusion too.
 */
export const ensureProviderScope = (request: RunRequest): Promise<Conclusion> => stopping(request, (signal) => ensure(request, signal));

/** Reads the client's scopes and checks that the deployed provider publishes one of them. Never throws. */
export const verifyProvider = (request: RunRequest): Promise<Conclusion> => stopping(request, (signal) => verify(request, signal));

/**
 * One signal stops a run: aborted at its end, after its first failure or from outside, it ends
 * every request and pause still pending and closes every connection.
 */
async function stopping(request: RunRequest, run: (signal: AbortSignal) => Promise<Conclusion>): Promise<Conclusion> {
  const stop = new AbortController();
  try {
    return await run(request.signal === undefined ? stop.signal : AbortSignal.any([stop.signal, request.signal]));
  } catch (error) {
    return concludeFailure(error);
  } finally {
    stop.abort(new Error('the run has ended'));
  }
}

/** The log the lower layers tell, on the door's writer; a warning about a spec field points at its line. */
export const logOn = (write: RunRequest['write'], locate: (field: ReadonlyArray<string | number>) => Location | undefined = () => undefined): Log => ({
  info: (text) => write({ level: 'info', text }),
  debug: (text) => write({ level: 'debug', text }),
  warning: (text, field) => write({ level: 'warning', text, location: field === undefined ? undefined : locate(field) }),
});

/** The run's budget and the service's client, bound to the settings' client. */
export function connect(settings: Settings, { clock, dispatcher, mask }: RunRequest, signal: AbortSignal, log: Log): { budget: Budget; service: ReturnType<typeof createServiceClient> } {
  // One budget for the whole run: the reads, the creation and the provider check.
  const budget = createBudget(settings.timeout_seconds, { clock, signal });
  const scrub = scrubber(secretForms(settings.client_id, settings.client_secret));
  const service = createServiceClient({
    authUrl: settings.auth_url,
    clientId: settings.client_id,
    clientSecret: settings.client_secret,
    auth: settings.auth,
    // The token, the moment it arrives: the door masks it, and the client's own scrub learns it.
    onCredential: (credential: string) => {
      scrub.learn(credentialForms(credential));
      mask?.(credential);
    },
    budget,
    dispatcher,
    log,
    // The service's values a message quotes are scrubbed before they are clipped.
    scrub,
  });
  return { budget, service };
}

const providerOutcome = (url: string, scopeStrings: string[], budget: Budget, request: RunRequest, log: Log): Promise<ProviderOutcome> =>
  checkProvider(url, scopeStrings, budget, { dispatcher: request.dispatcher, log }).then(
    (check) => ({ check }),
    (failure: unknown) => ({ failure }),
  );

async function ensure(request: RunRequest, signal: AbortSignal): Promise<Conclusion> {
  const { settings, specFile } = await validate(request);
  const { spec } = specFile;
  const log = logOn(request.write, specFile.locate);
  for (const { message, location } of specFile.warnings) request.write({ level: 'warning', text: message, location });
  log.info(`Ensuring scope "${spec.name}" for client ${settings.client_id} at ${settings.auth_url}${settings.dry_run ? ' (dry run)' : ''}`);

  const { budget, service } = connect(settings, request, signal, log);
  const result = await reconcileScope(service, { spec, dryRun: settings.dry_run, update: settings.on_drift === 'update', budget }, log);
  const provider =
    settings.provider_url === undefined ? undefined : await providerOutcome(settings.provider_url, result.scopes.map((s) => s.scope_string), budget, request, log);
  request.onAnswered?.();
  return concludeRun({ inputs: settings, naming: request.naming, result, provider });
}

async function verify(request: RunRequest, signal: AbortSignal): Promise<Conclusion> {
  const { naming } = request;
  const settings = parseSettings(request.read, naming);
  const providerUrl = settings.provider_url;
  if (providerUrl === undefined) {
    throw new ValidationError([{ field: 'provider_url', message: `${naming.label('provider_url')} is empty: give the base address of the deployed provider to check` }]);
  }
  const log = logOn(request.write);
  log.info(`Checking the provider at ${providerUrl} against the scopes of client ${settings.client_id} at ${settings.auth_url}`);
  const { budget, service } = connect(settings, request, signal, log);
  const result = await inspectScopes(service);
  const provider = await providerOutcome(providerUrl, result.scopes.map((s) => s.scope_string), budget, request, log);
  request.onAnswered?.();
  // No spec is held to the scope: drift is not this check's business.
  return concludeRun({ inputs: { on_drift: 'ignore', dry_run: false }, naming, result, provider });
}

/** Settings and spec together, so that one run reports every problem in both. */
async function validate({ read, naming, workspace }: RunRequest): Promise<{ settings: Settings; specFile: SpecFile }> {
  const specPath = read('spec');
  const [settings, spec] = await Promise.allSettled([
    (async () => parseSettings(read, naming))(),
    // An empty `spec` setting is reported by parseSettings.
    specPath === '' ? undefined : loadSpec(workspace, specPath),
  ]);
  const problems = [settings, spec].flatMap((result) => {
    if (result.status === 'fulfilled') return [];
    if (result.reason instanceof ValidationError) return result.reason.problems;
    throw result.reason;
  });
  if (settings.status === 'fulfilled' && spec.status === 'fulfilled' && spec.value !== undefined) {
    return { settings: settings.value, specFile: spec.value };
  }
  throw new ValidationError(problems);
}
