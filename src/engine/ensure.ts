/**
 * The engine's entries: one run, from the settings a door read to its conclusion as data.
 * `ensureProviderScope` is what the action does, and the command line's plan and apply;
 * `verifyProvider` is the deployed provider's check alone. The doors (the GitHub runner, the
 * command line) differ only in where they read the settings and how they show what these
 * return and write.
 */
import { createBudget, type Budget } from '../wire/budget.ts';
import { HttpError } from '../wire/http.ts';
import type { Log } from '../wire/log.ts';
import { checkProvider } from '../wire/provider.ts';
import { createServiceClient, scopeStringOf } from '../wire/service-client.ts';
import {
  concludeFailure,
  concludeRun,
  type Conclusion,
  type Message,
  type ProviderOutcome,
  type ProviderRun,
  type Publishable,
  type RunConclusion,
} from './conclude/conclude.ts';
import { suffixOf } from './reconcile/drift.ts';
import { inspectScopes } from './reconcile/inspect.ts';
import type { Ensured } from './reconcile/plan.ts';
import { TOLD_AS_ONE } from './settings/telling.ts';
import { SpecFieldError, ValidationError, type Location, type Problem } from './settings/problems.ts';
import { reconcile } from './reconcile/reconcile.ts';
import type { RunPort } from './port.ts';
import {
  parseSettings,
  providerProblems,
  providersOf,
  runSettingsOf,
  type Naming,
  type ProviderTarget,
  type SettingName,
  type Settings,
} from './settings/settings.ts';
import {
  credentialFindings,
  fingerprintOf,
  type CredentialCheck,
  type CredentialFinding,
} from './reconcile/lineage.ts';
import type { AuthService, ScopeDefinition } from './reconcile/service.ts';
import { loadSpec, type SpecDependent, type SpecFile } from './settings/spec.ts';

/**
 * Validates, ensures the scope (or plans it), checks the deployed provider when asked, and
 * concludes. Never throws: a failure is a conclusion too.
 */
export const ensureProviderScope = (port: RunPort): Promise<RunConclusion> => entered(port, ensure);

/** Reads the client's scopes and checks that the deployed provider publishes one of them. Never throws. */
export const verifyProvider = (port: RunPort): Promise<RunConclusion> => entered(port, verify);

/**
 * An entry's run: each setting read once from the door (what the run's later steps need of them
 * travels on the conclusion), under the run's one signal, a failure concluded.
 */
async function entered(
  door: RunPort,
  run: (port: RunPort, signal: AbortSignal) => Promise<Conclusion>,
): Promise<RunConclusion> {
  const port = { ...door, read: readOnce(door.read) };
  const settings = runSettingsOf(port.read, port.naming);
  const conclusion = await stopping(
    port,
    (signal) => run(port, signal),
    (error) => concludeFailure(error, port.naming),
  );
  return { ...conclusion, settings };
}

/** Each setting read from the door once, whoever asks for it again. */
function readOnce(read: RunPort['read']): RunPort['read'] {
  const seen = new Map<SettingName, string>();
  return (name) => {
    if (!seen.has(name)) seen.set(name, read(name));
    return seen.get(name) as string;
  };
}

/**
 * One signal stops a run: aborted at its end, after its first failure or from outside, it ends
 * every request and pause still pending and closes every connection. Every entry of the engine
 * runs under it, and turns a failure into its own result with `fail`.
 */
export async function stopping<T>(
  port: Pick<RunPort, 'signal'>,
  run: (signal: AbortSignal) => Promise<T>,
  fail: (error: unknown) => T,
): Promise<T> {
  const stop = new AbortController();
  try {
    return await run(port.signal === undefined ? stop.signal : AbortSignal.any([stop.signal, port.signal]));
  } catch (error) {
    return fail(error);
  } finally {
    stop.abort(new Error('the run has ended'));
  }
}

/** The log the lower layers tell, on the door's writer; a warning about a spec field points at its line. */
export const logOn = (
  write: RunPort['write'],
  locate: (field: ReadonlyArray<string | number>) => Location | undefined = () => undefined,
): Log => ({
  info: (text) => write({ level: 'info', text }),
  debug: (text) => write({ level: 'debug', text }),
  warning: (text, field) =>
    write({ level: 'warning', text, location: field === undefined ? undefined : locate(field) }),
});

/** The run's budget and the service's client, bound to the settings' client. */
export function connect(
  settings: Settings,
  { clock, dispatcher, secrets, naming }: RunPort,
  signal: AbortSignal,
  log: Log,
): { budget: Budget; service: ReturnType<typeof createServiceClient> } {
  // One budget for the whole run: the reads, the creation and the provider check.
  const budget = createBudget(settings.timeout_seconds, { clock, signal });
  const service = createServiceClient({
    authUrl: settings.auth_url,
    clientId: settings.client_id,
    clientSecret: settings.client_secret,
    auth: settings.auth,
    // The token, the moment it arrives: masked by the door and scrubbed from then on.
    onCredential: secrets.learn,
    budget,
    dispatcher,
    log,
    // The service's values a message quotes are scrubbed before they are clipped.
    scrub: secrets.scrub,
    words: naming,
  });
  return { budget, service };
}

const providerOutcome = (
  url: string,
  scopeStrings: readonly string[],
  budget: Budget,
  port: RunPort,
  log: Log,
): Promise<ProviderOutcome> =>
  checkProvider(url, scopeStrings, budget, { dispatcher: port.dispatcher, log, words: port.naming }).then(
    (check) => ({ check }),
    (failure: unknown) => ({ failure }),
  );

/** Each provider checked at once against what it may publish (`ensuredFor`: the scopes its suffix is found among); none fails another. */
const checkProviders = (
  targets: readonly ProviderTarget[],
  ensuredFor: (target: ProviderTarget) => Ensured,
  budget: Budget,
  port: RunPort,
  log: Log,
): Promise<ProviderRun[]> =>
  Promise.all(
    targets.map(async (target) => {
      const ensured = ensuredFor(target);
      const publishable = publishableOf(ensured, target.suffix);
      const strings = publishable?.strings ?? ensured.results[0].scopes.map((s) => s.scope_string);
      return { target, publishable, outcome: await providerOutcome(target.url, strings, budget, port, log) };
    }),
  );

async function ensure(port: RunPort, signal: AbortSignal): Promise<Conclusion> {
  const { settings, specFile } = await validate(port);
  const { scopes: specs, telling } = specFile;
  const first = specs[0] as ScopeDefinition<SpecDependent>;
  // A listed scope's field starts with its index; a registration told as one has the scope's own.
  const log = logOn(port.write, (field) =>
    specFile.locate(typeof field[0] === 'number' ? (field as [number, ...string[]]) : [0, ...field]),
  );
  for (const { message, location } of specFile.warnings) port.write({ level: 'warning', text: message, location });
  const what = telling.apart
    ? `${specs.length} scope(s) (${specs.map((s) => s.scope_suffix).join(', ')})`
    : `scope ${JSON.stringify(first.name)}`;
  log.info(
    `Ensuring ${what} for client ${settings.client_id} at ${settings.auth_url}${settings.dry_run ? ' (dry run)' : ''}`,
  );

  const { budget, service } = connect(settings, port, signal, log);
  try {
    const request = { dryRun: settings.dry_run, update: settings.on_drift === 'update', budget, words: port.naming };
    const ensured: Ensured = { telling, ...(await reconcile(service, { ...request, telling, specs }, log)) };
    const providers = await checkProviders(providersOf(settings), () => ensured, budget, port, log);
    const credentials =
      port.checkCredentials?.(settings) === true
        ? await checkCredentials(service, settings, specFile, port, budget)
        : undefined;
    const concluded = concludeRun({ inputs: settings, naming: port.naming, ensured, providers });
    return {
      ...concluded,
      ...(credentials === undefined ? {} : withCredentials(concluded, credentials)),
      onDrift: settings.on_drift,
    };
  } catch (error) {
    // A failure past validation: the doors' reports still say which client and scope it was about.
    return concludeFailure(placed(error, specFile), port.naming, {
      clientId: settings.client_id,
      scopes: specs.map(({ scope_suffix: suffix }) => ({ suffix, scopeString: service.scopeStringFor(suffix) })),
    });
  }
}

/** The watch's one listing of the client's credentials, judged; a listing refused or unanswered is a warning, not a finding. */
async function checkCredentials(
  service: AuthService,
  settings: Settings,
  specFile: SpecFile,
  { naming }: RunPort,
  budget: Budget,
): Promise<CredentialCheck> {
  const maxAgeDays = specFile.credentials?.max_age_days;
  return service.listCredentials().then(
    (credentials): CredentialCheck => ({
      read: true,
      maxAgeDays,
      findings: credentialFindings(credentials, {
        own: fingerprintOf(settings.client_id, settings.client_secret),
        now: budget.clock.now(),
        maxAgeDays,
      }),
    }),
    (error: unknown): CredentialCheck => ({
      read: false,
      warning:
        `The client's credentials could not be read, so their age and who made them were not checked: ${(error as Error).message}` +
        (error instanceof HttpError && error.status === 403 && settings.auth === 'basic'
          ? ` The service may let only a token list credentials: use ${naming.assign('auth', 'token')}.`
          : ''),
    }),
  );
}

/**
 * The check on the conclusion, never a change of the exit code: each finding one line of the log
 * (the watch's issue has each with its fix), a listing that failed one warning more.
 */
const withCredentials = (concluded: Conclusion, credentials: CredentialCheck): Partial<Conclusion> => ({
  credentials,
  messages: [
    ...concluded.messages,
    ...(credentials.read
      ? credentials.findings.map((f): Message => ({ level: 'info', text: findingLine(f) }))
      : [{ level: 'warning' as const, text: credentials.warning }]),
  ],
});

/** A finding as one line of the log. */
const findingLine = (finding: CredentialFinding): string => {
  const { id, name, created } = finding.credential;
  const named = `${JSON.stringify(name)} (id ${id}, created ${created})`;
  return finding.kind === 'old secret'
    ? `The client's credentials: the secret in use is older than ${finding.maxAgeDays} days; the youngest credential that may be the one in use, ${named}, is ${finding.ageDays} days old.`
    : `The client's credentials: ${named} was not made by this tool, and is not the client's first.`;
};

/** A problem of the spec the service's answers showed, at its line in the file as validation's problems are. */
function placed(error: unknown, specFile: SpecFile): unknown {
  if (!(error instanceof SpecFieldError)) return error;
  return new ValidationError(
    error.problems.map(({ at, field, message }): Problem => {
      if (at === undefined) return { field, message };
      const location = specFile.locate(at);
      return { field, message: `${location.file}: ${message}`, location };
    }),
  );
}

/**
 * What the deployed provider may publish, beyond the single form's "any scope string of the
 * client": the scope with provider_suffix (and its FQDN variants), else any listed scope's.
 */
function publishableOf(ensured: Ensured, suffix: string | undefined): Publishable | undefined {
  const { results } = ensured;
  if (!ensured.telling.apart && suffix === undefined) return undefined;
  const chosen =
    suffix === undefined
      ? results
      : results.filter((r) => (r.definition?.scope_suffix ?? suffixOf(r.scope.scope_string)) === suffix);
  const strings = chosen.flatMap((r) =>
    [
      r.scope,
      ...r.scopes.filter((s) => s.id !== r.scope.id && suffixOf(s.scope_string) === suffixOf(r.scope.scope_string)),
    ].map((s) => s.scope_string),
  );
  const [one] = chosen;
  return {
    expected: (one ?? results[0]).scope.scope_string,
    strings,
    described: suffix === undefined ? 'the scope string of a listed scope' : `the scope string of the scope ${suffix}`,
    // The scope_string output holds the first listed scope's string.
    suffix: one === results[0] ? undefined : suffix,
  };
}

async function verify(port: RunPort, signal: AbortSignal): Promise<Conclusion> {
  const { naming } = port;
  const settings = parseSettings(port.read, naming);
  const targets = providersOf(settings);
  const [first] = targets;
  if (first === undefined) {
    throw new ValidationError([
      {
        field: 'provider_url',
        message: `${naming.label('provider_url')} is empty: give the base address of the deployed provider to check`,
      },
    ]);
  }
  const problems = providerProblems(settings, naming);
  if (problems.length > 0) throw new ValidationError(problems);
  const log = logOn(port.write);
  const where = targets.map((t) => t.url).join(', ');
  log.info(
    `Checking the provider at ${where} against the scopes of client ${settings.client_id} at ${settings.auth_url}`,
  );
  const { budget, service } = connect(settings, port, signal, log);
  // Each suffix's scope, read in turn: the client once per suffix checked.
  const found = new Map<string | undefined, Ensured>();
  for (const { suffix } of targets)
    if (!found.has(suffix))
      found.set(suffix, {
        telling: TOLD_AS_ONE,
        results: [await inspectScopes(service, naming, suffix)],
        unlisted: [],
      });
  const ensuredFor = ({ suffix }: ProviderTarget): Ensured => found.get(suffix) as Ensured;
  const runs = await checkProviders(targets, ensuredFor, budget, port, log);
  // The outputs hold the first provider's scope: another's string is in plan's and apply's scopes output, by its suffix.
  const providers = runs.map((run, index) =>
    index === 0 || run.publishable === undefined
      ? run
      : { ...run, publishable: { ...run.publishable, suffix: run.target.suffix } },
  );
  // No spec is held to the scope: drift is not this check's business. The outputs are the first provider's scope's.
  return concludeRun({
    inputs: { on_drift: 'ignore', dry_run: false },
    naming,
    ensured: ensuredFor(first),
    providers,
  });
}

/** Settings and spec together, so that one run reports every problem in both. */
async function validate({
  read,
  naming,
  workspace,
  specBase,
  check,
}: RunPort): Promise<{ settings: Settings; specFile: SpecFile }> {
  const specPath = read('spec');
  const [settings, spec] = await Promise.allSettled([
    (async () => parseSettings(read, naming))(),
    // An empty `spec` setting is reported by parseSettings.
    specPath === '' ? undefined : loadSpec(workspace, specPath, naming, specBase),
  ]);
  const problems = [settings, spec].flatMap((result) => {
    if (result.status === 'fulfilled') return [];
    if (result.reason instanceof ValidationError) return result.reason.problems;
    throw result.reason;
  });
  if (settings.status === 'fulfilled' && spec.status === 'fulfilled' && spec.value !== undefined) {
    const { auth_url: authUrl, client_id: clientId } = settings.value;
    problems.push(...providerProblems(settings.value, naming), ...unknownSuffixes(settings.value, spec.value, naming));
    problems.push(...(check?.(spec.value, (suffix) => scopeStringOf(authUrl, clientId, suffix)) ?? []));
    if (problems.length === 0) return { settings: settings.value, specFile: spec.value };
  }
  throw new ValidationError(problems);
}

/** Each provider's scope must be one of the spec's: the setting that named it says which it named, and which there are. */
function unknownSuffixes(settings: Settings, spec: SpecFile, naming: Naming): Problem[] {
  const suffixes = spec.scopes.map((s) => s.scope_suffix);
  return providersOf(settings).flatMap(({ suffix, line }): Problem[] => {
    if (suffix === undefined || suffixes.includes(suffix)) return [];
    return [
      line === undefined
        ? {
            field: 'provider_suffix',
            message: `${naming.label('provider_suffix')} names no scope of the spec: give one of ${suffixes.join(', ')}, or leave it out`,
          }
        : {
            field: 'provider_url',
            message: `${naming.lineOf('provider_url', line)} names no scope of the spec: give one of ${suffixes.join(', ')} before its =`,
          },
    ];
  });
}
