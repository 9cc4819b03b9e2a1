/**
 * The settings of a run and their rules, the same for every door. A door reads them under its
 * own names (the action's inputs, the command line's options) and gives the words its users
 * know (`Naming`): the rules, the defaults and what is accepted are the same everywhere.
 */
import { z } from 'zod/mini';
import type { WireWords } from '../../wire/words.ts';
import { ValidationError, type Problem } from './problems.ts';
import { nearestKey } from './suggest.ts';

/**
 * What a scope suffix may be, in the spec and in provider_suffix: one path segment of a URL, in
 * space-separated scope lists, with nothing a log line or a terminal would act on.
 */
export const SCOPE_SUFFIX = {
  pattern: /^[^\s\p{Cc}\p{Cf}/?#%]+$/u,
  rule: 'one path segment: no white space, control or format character, /, ?, # or %',
} as const;

export const SETTING_NAMES = [
  'client_id',
  'client_secret',
  'auth_url',
  'spec',
  'timeout_seconds',
  'on_drift',
  'dry_run',
  'auth',
  'provider_url',
  'provider_suffix',
] as const;
export type SettingName = (typeof SETTING_NAMES)[number];

/** What a setting left out means: the action's defaults (action.yml holds the same), and the command line's. */
export const SETTING_DEFAULTS: Readonly<Partial<Record<SettingName, string>>> = {
  spec: '.github/provider-scope.yml',
  timeout_seconds: '30',
  on_drift: 'warn',
  dry_run: 'false',
  auth: 'basic',
  provider_url: '',
  provider_suffix: '',
};

/**
 * The door's words for what the engine's and the wire's messages mention: the settings, and
 * the few things a user does that only the door knows how to say (run again, find the
 * output, get a debug log). The engine and the wire name them; each door renders them.
 */
export interface Naming extends WireWords {
  /** As a message starts with it: "Input client_id", "--client-id (or PROVIDER_CLIENT_ID)". */
  label(setting: SettingName): string;
  /** As a message mentions it: "client_id", "--client-id". */
  ref(setting: SettingName): string;
  /** A setting given a value, as a user of the door writes it: "on_drift: update", "--on-drift update". */
  assign(setting: SettingName, value: string): string;
  /** What to do when a required setting is empty, in the door's words. */
  whenEmpty(setting: 'client_id' | 'client_secret' | 'auth_url'): string;
  /** The folder a relative spec path points into: "the workspace", "the current directory". */
  workspace: string;
  /** What to do about a spec file that is not there. */
  specNotFound: string;
  /** How to create the scope, after "Create it first: ". */
  createScope: string;
  /** The run that writes what a dry run plans, as a sentence starts with it: "apply", "a run without dry_run". */
  applyRun: string;
  /** What a bug report should carry: "the debug log of this run". */
  debugOutput: string;
  /** Where the user finds a listed scope's string, by its suffix: 'the scope_string of "b" in the step\'s scopes output'. */
  scopeOutputOf(suffix: string): string;
  /** As a message starts with one line of a setting that takes several: "Line 2 of input provider_url", "The 2nd --provider-url". */
  lineOf(setting: 'provider_url', line: number): string;
}

/**
 * A deployed provider to check: its base address, and the scope of the spec it must publish
 * (none: any listed scope's, or with a spec of one scope any of the client's). `line` is where
 * provider_url named the suffix (from 1), for a message; none when provider_suffix did.
 */
export interface ProviderTarget {
  url: string;
  suffix?: string | undefined;
  line?: number | undefined;
}

const isLoopback = (hostname: string): boolean =>
  hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);

/** The rules, worded for one door. Messages never quote a value: a client_id and a client_secret
 *  swapped by mistake would otherwise print the secret under a name that is not masked. */
// eslint-disable-next-line max-lines-per-function -- a schema's declaration: every setting's rule in one z.object, read whole
function settingsSchema({ label, ref, whenEmpty, lineOf }: Naming) {
  // An empty setting is one problem, not also a malformed one: each z.pipe below runs its
  // second stage only once the first has passed.
  const required = (name: SettingName, hint: string) =>
    z.string().check(z.minLength(1, `${label(name)} is empty: ${hint}`));
  // A value given is echoed, with its near miss, only when it is a short word: what is
  // misspelt there is a word, and a credential pasted in the wrong place is never quoted.
  const given = (name: SettingName, values: readonly string[], input: unknown): string => {
    const word = typeof input === 'string' && /^[A-Za-z][A-Za-z0-9_-]{0,15}$/.test(input) ? input : undefined;
    const near = word === undefined ? undefined : nearestKey(word, values);
    return (
      `${label(name)} must be ${values.slice(0, -1).join(', ')} or ${values.at(-1)}` +
      (word === undefined ? '' : `, not "${word}"${near === undefined ? '' : ` (did you mean ${near}?)`}`)
    );
  };
  const oneOf = <const V extends readonly [string, ...string[]]>(
    name: SettingName,
    values: V,
    shown: readonly string[] = values,
  ) => z.enum(values, { error: (issue) => given(name, shown, issue.input) });

  /** A base address: absolute http(s), https unless loopback, no credentials, query or fragment. */
  const baseUrl = (name: 'auth_url' | 'provider_url', httpsWhy: string, head = label(name)) =>
    z.pipe(
      z
        .string()
        .check(
          z.refine(
            (value) => /^https?:$/.test(URL.parse(value)?.protocol ?? ''),
            `${head} must be an absolute http(s) URL, e.g. ${name === 'auth_url' ? 'https://auth.globus.org' : 'https://provider.example.org'}`,
          ),
        ),
      z.transform((value, ctx) => {
        const url = new URL(value);
        const problem = (message: string): void => void ctx.issues.push({ code: 'custom', message, input: value });
        if (url.username !== '' || url.password !== '') {
          problem(`${head} must not carry credentials: they belong in ${ref('client_id')} and ${ref('client_secret')}`);
        }
        if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
          problem(
            `${head} must use https: ${httpsWhy}. Plain http is accepted only for loopback hosts (127.0.0.1, ::1, localhost)`,
          );
        }
        if (url.search !== '' || url.hash !== '') {
          problem(`${head} must be a base address without a query or fragment`);
        }
        // Paths are appended to it, so one canonical form without a trailing slash.
        return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
      }),
    );

  return z.object({
    client_id: z.pipe(
      z.pipe(
        required('client_id', whenEmpty('client_id')),
        z.guid(
          `${label('client_id')} is not a UUID: use the Client ID shown in the expanded description of the app in the developer portal ` +
            `(check that ${ref('client_id')} and ${ref('client_secret')} are not swapped)`,
        ),
      ),
      z.transform((id) => id.toLowerCase()), // as the service writes it, and so in the scope strings it generates
    ),
    client_secret: required('client_secret', whenEmpty('client_secret')),
    auth_url: z.pipe(
      required('auth_url', whenEmpty('auth_url')),
      baseUrl('auth_url', 'the client secret is sent with every request'),
    ),
    spec: required(
      'spec',
      `leave it out to use ${SETTING_DEFAULTS.spec}, or give the path of the spec file in the repository`,
    ),
    timeout_seconds: z.pipe(
      z.pipe(
        required('timeout_seconds', 'leave it out for 30 seconds'),
        z.coerce.number({ error: `${label('timeout_seconds')} must be a number of seconds, e.g. 30` }),
      ),
      z
        .number()
        .check(
          z.positive(`${label('timeout_seconds')} must be more than 0`),
          z.maximum(600, `${label('timeout_seconds')} must be at most 600`),
        ),
    ),
    on_drift: z.pipe(
      required('on_drift', 'leave it out for warn'),
      oneOf('on_drift', ['warn', 'fail', 'ignore', 'update']),
    ),
    // The YAML 1.2 core schema's booleans, as @actions/core's getBooleanInput reads them.
    dry_run: z.pipe(
      z.pipe(
        required('dry_run', 'leave it out for false'),
        oneOf('dry_run', ['true', 'True', 'TRUE', 'false', 'False', 'FALSE'], ['true', 'false']),
      ),
      z.transform((value) => value.toLowerCase() === 'true'),
    ),
    // The vendor's current way (a token for manage_projects) is a choice; Basic spares its round trip.
    auth: z.pipe(required('auth', 'leave it out for basic'), oneOf('auth', ['basic', 'token'])),
    // Optional: empty means no verification of the provider; one address, or one provider a line as <suffix>=<url>.
    provider_url: z.pipe(
      z.string(),
      z.transform((value, ctx): ProviderTarget[] => {
        const why = 'its answer decides whether this run passes';
        const lines = value.split(/\r?\n/).map((text, index) => ({ text: text.trim(), line: index + 1 }));
        const given = lines.filter((l) => l.text !== '');
        const problem = (message: string): void => void ctx.issues.push({ code: 'custom', message, input: value });
        const url = (text: string, head: string): string | undefined => {
          const read = baseUrl('provider_url', why, head).safeParse(text);
          if (!read.success) read.error.issues.forEach((issue) => problem(issue.message));
          return read.data;
        };
        const [one] = given;
        if (one === undefined) return [];
        if (given.length === 1 && namedIn(one.text) === undefined) {
          const only = url(one.text, label('provider_url'));
          return only === undefined ? [] : [{ url: only }];
        }
        // Several, or one named: each line names the listed scope its provider must publish. No value is quoted (a secret pasted here would show).
        const targets: ProviderTarget[] = [];
        for (const { text, line } of given) {
          const head = lineOf('provider_url', line);
          const named = namedIn(text);
          if (named === undefined) {
            problem(
              `${head} must be <suffix>=<url>: with several providers, each line names the scope of the spec its provider must publish`,
            );
            continue;
          }
          if (!SCOPE_SUFFIX.pattern.test(named.suffix))
            problem(`${head}: its suffix must be a scope suffix: ${SCOPE_SUFFIX.rule}`);
          const address = url(named.url, head);
          const twin = targets.find((t) => t.suffix === named.suffix || t.url === address);
          if (twin !== undefined) {
            problem(
              twin.suffix === named.suffix
                ? `${head} names the same scope as line ${twin.line}: give one provider per scope`
                : `${head} gives the same address as line ${twin.line}: a provider publishes one scope, so give it once`,
            );
          } else if (address !== undefined) targets.push({ url: address, suffix: named.suffix, line });
        }
        return targets;
      }),
    ),
    // Optional: empty means any listed scope's string (or, for one scope, any of the client's).
    provider_suffix: z.pipe(
      z
        .string()
        .check(
          z.refine(
            (value) => value === '' || SCOPE_SUFFIX.pattern.test(value),
            `${label('provider_suffix')} must be a scope suffix: ${SCOPE_SUFFIX.rule}`,
          ),
        ),
      z.transform((value) => (value === '' ? undefined : value)),
    ),
  });
}

/**
 * A line of provider_url that names its scope: `<suffix>=<url>`. A suffix never holds a `/`, and
 * an address has one (`://`) before any `=`: a bare address is never read as named.
 */
function namedIn(text: string): { suffix: string; url: string } | undefined {
  const at = text.indexOf('=');
  if (at < 1 || text.slice(0, at).includes('/')) return undefined;
  return { suffix: text.slice(0, at).trim(), url: text.slice(at + 1).trim() };
}

export type Settings = z.output<ReturnType<typeof settingsSchema>>;

/** The providers a run checks, each with the scope it must publish: provider_url's, the one address under provider_suffix. */
export const providersOf = ({
  provider_url: urls,
  provider_suffix: suffix,
}: Pick<Settings, 'provider_url' | 'provider_suffix'>): ProviderTarget[] =>
  // A line that names its own scope keeps it: provider_suffix beside it is a problem of its own (providerProblems).
  urls.map((target) => (target.suffix === undefined && suffix !== undefined ? { ...target, suffix } : target));

/**
 * The providers as a step gives them, for what tells its watch's issue from another step's
 * (render/issue.ts, watchMarker): read by the rules, or, when they are not valid (the run
 * failed on them), kept as given, so that they never read as no provider at all.
 */
export function providersGiven(url: string, suffix: string, naming: Naming): ProviderTarget[] {
  const urls = readSetting('provider_url', url, naming);
  const named = readSetting('provider_suffix', suffix, naming);
  if (urls === undefined || (suffix !== '' && named === undefined)) return [{ url, suffix }];
  return providersOf({ provider_url: urls, provider_suffix: named });
}

/** What provider_suffix asks that provider_url cannot give: no address, or addresses that name their own scopes. */
export function providerProblems(
  settings: Pick<Settings, 'provider_url' | 'provider_suffix'>,
  { label, ref }: Pick<Naming, 'label' | 'ref'>,
): Problem[] {
  if (settings.provider_suffix === undefined) return [];
  const [one] = settings.provider_url;
  if (one === undefined)
    return [
      {
        field: 'provider_suffix',
        message: `${label('provider_suffix')} is given without ${ref('provider_url')}: it names the scope the provider there must publish`,
      },
    ];
  if (one.suffix === undefined) return [];
  return [
    {
      field: 'provider_suffix',
      message: `${label('provider_suffix')} is given with ${ref('provider_url')} lines that name their scopes (<suffix>=<url>): leave it out, or give ${ref('provider_url')} one address`,
    },
  ];
}

/**
 * What a door's later steps need of the run's settings (the review comment's marker, the watch,
 * a note's time limit), read once with the others and valid or not, so that a failed run has
 * them too: no door reads them again.
 */
export interface RunSettings {
  /** As given: what tells one client's comment or issue from another's. */
  clientId: string;
  /** As given, else its default. */
  spec: string;
  /** By its rule: none when it is not valid (the run failed on it). */
  onDrift: Settings['on_drift'] | undefined;
  /** By its rule: none when it is not valid. */
  dryRun: boolean | undefined;
  /** The providers as given (providersGiven). */
  providers: readonly ProviderTarget[];
  /** By its rule, else its default. */
  timeoutSeconds: number;
}

/** The run's settings a door's later steps need, from the same reads as the run's. */
export function runSettingsOf(read: (name: SettingName) => string, naming: Naming): RunSettings {
  const ruled = <N extends SettingName>(name: N): Settings[N] | undefined =>
    readSetting(name, read(name) || (SETTING_DEFAULTS[name] as string), naming);
  return {
    clientId: read('client_id'),
    spec: read('spec') || (SETTING_DEFAULTS.spec as string),
    onDrift: ruled('on_drift'),
    dryRun: ruled('dry_run'),
    providers: providersGiven(read('provider_url'), read('provider_suffix'), naming),
    timeoutSeconds: ruled('timeout_seconds') ?? Number(SETTING_DEFAULTS.timeout_seconds),
  };
}

/** One setting alone, by the same rule: undefined when it is not valid (the run's validation says why). */
export function readSetting<N extends SettingName>(name: N, value: string, naming: Naming): Settings[N] | undefined {
  const result = settingsSchema(naming).shape[name].safeParse(value);
  return result.success ? (result.data as Settings[N]) : undefined;
}

/** Validates every setting at once, so the user sees all that is wrong in one run. */
export function parseSettings(read: (name: SettingName) => string, naming: Naming): Settings {
  const raw = Object.fromEntries(SETTING_NAMES.map((name) => [name, read(name)]));
  const result = settingsSchema(naming).safeParse(raw);
  if (result.success) return result.data;
  throw new ValidationError(
    result.error.issues.map((issue) => ({ field: String(issue.path[0]), message: issue.message })),
  );
}
