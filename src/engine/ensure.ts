/**
 * The engine's entry: one run, from the settings a door read to its conclusion as data. The
 * doors (the GitHub runner, the command line) differ only in where they read the settings and
 * how they show what this returns and writes.
 */
import type { Dispatcher } from 'undici';
import { createBudget } from '../wire/budget.ts';
import type { Log } from '../wire/log.ts';
import { checkProvider } from '../wire/provider.ts';
import type { Clock } from '../wire/retry.ts';
import { createServiceClient } from '../wire/service-client.ts';
import { concludeFailure, concludeRun, type Conclusion, type Message, type ProviderOutcome } from './conclude.ts';
import { ValidationError } from './problems.ts';
import { reconcileScope } from './reconcile.ts';
import { parseSettings, type SettingName, type Settings } from './settings.ts';
import { loadSpec, type SpecFile } from './spec.ts';

export interface RunRequest {
  /** One setting, by the engine's name for it (the action's input names), as the user gave it. */
  read(name: SettingName): string;
  /** Where a relative `spec` path points; the spec must lie inside it. */
  workspace: string;
  /** Each message as soon as it is known, in order: before any write, a reviewer reads them. */
  write(message: Message): void;
  clock?: Clock | undefined;
  /** For every HTTP request; the default is the proxy-aware agent. */
  dispatcher?: Dispatcher | undefined;
  /** Aborted from outside (a fatal error): the run stops as it does after its first failure. */
  signal?: AbortSignal | undefined;
  /** Called once the last answer is in: what only the output needs may load now without delaying a request. */
  onAnswered?: (() => void) | undefined;
}

/**
 * Validates, ensures the scope (or plans it), checks the deployed provider when asked, and
 * concludes. Never throws: a failure is a conclusion too. One signal stops the run: aborted at
 * its end, after its first failure or from outside, it ends every request and pause still
 * pending and closes every connection.
 */
export async function ensureProviderScope(request: RunRequest): Promise<Conclusion> {
  const stop = new AbortController();
  const signal = request.signal === undefined ? stop.signal : AbortSignal.any([stop.signal, request.signal]);
  try {
    return await ensure(request, signal);
  } catch (error) {
    return concludeFailure(error);
  } finally {
    stop.abort(new Error('the run has ended'));
  }
}

async function ensure({ read, workspace, write, clock, dispatcher, onAnswered }: RunRequest, signal: AbortSignal): Promise<Conclusion> {
  const { settings, specFile } = await validate(read, workspace);
  const { spec } = specFile;
  const log: Log = {
    info: (text) => write({ level: 'info', text }),
    debug: (text) => write({ level: 'debug', text }),
    warning: (text, field) => write({ level: 'warning', text, location: field === undefined ? undefined : specFile.locate(field) }),
  };
  for (const { message, location } of specFile.warnings) write({ level: 'warning', text: message, location });
  log.info(`Ensuring scope "${spec.name}" for client ${settings.client_id} at ${settings.auth_url}${settings.dry_run ? ' (dry run)' : ''}`);

  // One budget for the whole run: the reads, the creation and the provider check.
  const budget = createBudget(settings.timeout_seconds, { clock, signal });
  const service = createServiceClient({ authUrl: settings.auth_url, clientId: settings.client_id, clientSecret: settings.client_secret, budget, dispatcher, log });
  const result = await reconcileScope(service, { spec, dryRun: settings.dry_run, update: settings.on_drift === 'update', budget }, log);
  const provider: ProviderOutcome | undefined =
    settings.provider_url === undefined
      ? undefined
      : await checkProvider(settings.provider_url, result.scopes.map((s) => s.scope_string), budget, { dispatcher, log }).then(
          (check) => ({ check }),
          (failure: unknown) => ({ failure }),
        );
  onAnswered?.();
  return concludeRun({ inputs: settings, result, provider });
}

/** Settings and spec together, so that one run reports every problem in both. */
async function validate(read: (name: SettingName) => string, workspace: string): Promise<{ settings: Settings; specFile: SpecFile }> {
  const specPath = read('spec');
  const [settings, spec] = await Promise.allSettled([
    (async () => parseSettings(read))(),
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
