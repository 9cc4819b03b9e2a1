export const id = 855;
export const ids = [855];
export const modules = {

/***/ 1855:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  rotateAction: () => (/* binding */ rotateAction)
});

// UNUSED EXPORTS: ROTATION_INPUTS

// EXTERNAL MODULE: ./node_modules/zod/v4/mini/schemas.js + 5 modules
var schemas = __webpack_require__(8395);
// EXTERNAL MODULE: ./node_modules/zod/v4/core/api.js + 1 modules
var api = __webpack_require__(3305);
// EXTERNAL MODULE: ./node_modules/zod/v4/mini/coerce.js
var coerce = __webpack_require__(3846);
;// CONCATENATED MODULE: ./src/wire/errors.ts
/**
 * An error the user can act on: its message says what happened and what to do. Anything else
 * that reaches a door is reported as unexpected.
 */
class ActionError extends Error {
    name = 'ActionError';
}

;// CONCATENATED MODULE: ./src/engine/settings/problems.ts

/** Validation failed before any request: each problem is reported on its own. */
class problems_ValidationError extends ActionError {
    name = 'ValidationError';
    problems;
    constructor(problems) {
        super(problems.map((p) => p.message).join('\n'));
        this.problems = problems;
    }
}
/**
 * A problem of the spec that only the service's answers show (a sibling neither listed nor on
 * the client), named by its place in the spec ([scope index, ...field]): ensure.ts places each
 * at its line, as validation's problems are. Thrown before any write.
 */
class problems_SpecFieldError extends ActionError {
    name = 'SpecFieldError';
    problems;
    constructor(problems) {
        super(problems.map((p) => p.message).join('\n'));
        this.problems = problems;
    }
}

;// CONCATENATED MODULE: ./src/engine/settings/suggest.ts
/** Levenshtein distance, enough to catch a typo in a key name. */
function distance(a, b) {
    let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
        const current = [i];
        for (let j = 1; j <= b.length; j++) {
            const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
            current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
        }
        previous = current;
    }
    return previous[b.length] ?? 0;
}
// Names the service uses in its answers but not in its requests: users copy them from a
// response into the spec, so they are pointed at the request name whatever the distance.
const ALIASES = {
    allows_refresh_token: 'allow_refresh_tokens',
    allows_refresh_tokens: 'allow_refresh_tokens',
};
/** The known key that an unknown one most likely meant, if any is close enough. */
function nearestKey(unknown, known) {
    const alias = ALIASES[unknown];
    if (alias !== undefined && known.includes(alias))
        return alias;
    const normalized = unknown.toLowerCase().replaceAll('-', '_');
    let best;
    for (const key of known) {
        const score = distance(normalized, key);
        if (best === undefined || score < best.score)
            best = { key, score };
    }
    return best !== undefined && best.score <= Math.max(2, Math.floor(best.key.length / 4)) ? best.key : undefined;
}

;// CONCATENATED MODULE: ./src/engine/settings/settings.ts
/**
 * The settings of a run and their rules, the same for every door. A door reads them under its
 * own names (the action's inputs, the command line's options) and gives the words its users
 * know (`Naming`): the rules, the defaults and what is accepted are the same everywhere.
 */



/**
 * What a scope suffix may be, in the spec and in provider_suffix: one path segment of a URL, in
 * space-separated scope lists, with nothing a log line or a terminal would act on.
 */
const SCOPE_SUFFIX = {
    pattern: /^[^\s\p{Cc}\p{Cf}/?#%]+$/u,
    rule: 'one path segment: no white space, control or format character, /, ?, # or %',
};
const SETTING_NAMES = [
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
];
/** What a setting left out means: the action's defaults (action.yml holds the same), and the command line's. */
const SETTING_DEFAULTS = {
    spec: '.github/provider-scope.yml',
    timeout_seconds: '30',
    on_drift: 'warn',
    dry_run: 'false',
    auth: 'basic',
    provider_url: '',
    provider_suffix: '',
};
const isLoopback = (hostname) => hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
/** The rules, worded for one door. Messages never quote a value: a client_id and a client_secret
 *  swapped by mistake would otherwise print the secret under a name that is not masked. */
// eslint-disable-next-line max-lines-per-function -- a schema's declaration: every setting's rule in one z.object, read whole
function settingsSchema({ label, ref, whenEmpty, lineOf }) {
    // An empty setting is one problem, not also a malformed one: each z.pipe below runs its
    // second stage only once the first has passed.
    const required = (name, hint) => schemas/* string */.YjP().check(api/* _minLength */.m9(1, `${label(name)} is empty: ${hint}`));
    // A value given is echoed, with its near miss, only when it is a short word: what is
    // misspelt there is a word, and a credential pasted in the wrong place is never quoted.
    const given = (name, values, input) => {
        const word = typeof input === 'string' && /^[A-Za-z][A-Za-z0-9_-]{0,15}$/.test(input) ? input : undefined;
        const near = word === undefined ? undefined : nearestKey(word, values);
        return (`${label(name)} must be ${values.slice(0, -1).join(', ')} or ${values.at(-1)}` +
            (word === undefined ? '' : `, not "${word}"${near === undefined ? '' : ` (did you mean ${near}?)`}`));
    };
    const oneOf = (name, values, shown = values) => schemas/* enum */.k5n(values, { error: (issue) => given(name, shown, issue.input) });
    /** A base address: absolute http(s), https unless loopback, no credentials, query or fragment. */
    const baseUrl = (name, httpsWhy, head = label(name)) => schemas/* pipe */.FsL(schemas/* string */.YjP()
        .check(schemas/* refine */.YPB((value) => /^https?:$/.test(URL.parse(value)?.protocol ?? ''), `${head} must be an absolute http(s) URL, e.g. ${name === 'auth_url' ? 'https://auth.globus.org' : 'https://provider.example.org'}`)), schemas/* transform */.pdi((value, ctx) => {
        const url = new URL(value);
        const problem = (message) => void ctx.issues.push({ code: 'custom', message, input: value });
        if (url.username !== '' || url.password !== '') {
            problem(`${head} must not carry credentials: they belong in ${ref('client_id')} and ${ref('client_secret')}`);
        }
        if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
            problem(`${head} must use https: ${httpsWhy}. Plain http is accepted only for loopback hosts (127.0.0.1, ::1, localhost)`);
        }
        if (url.search !== '' || url.hash !== '') {
            problem(`${head} must be a base address without a query or fragment`);
        }
        // Paths are appended to it, so one canonical form without a trailing slash.
        return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
    }));
    return schemas/* object */.Ikc({
        client_id: schemas/* pipe */.FsL(schemas/* pipe */.FsL(required('client_id', whenEmpty('client_id')), schemas/* guid */.OsD(`${label('client_id')} is not a UUID: use the Client ID shown in the expanded description of the app in the developer portal ` +
            `(check that ${ref('client_id')} and ${ref('client_secret')} are not swapped)`)), schemas/* transform */.pdi((id) => id.toLowerCase())),
        client_secret: required('client_secret', whenEmpty('client_secret')),
        auth_url: schemas/* pipe */.FsL(required('auth_url', whenEmpty('auth_url')), baseUrl('auth_url', 'the client secret is sent with every request')),
        spec: required('spec', `leave it out to use ${SETTING_DEFAULTS.spec}, or give the path of the spec file in the repository`),
        timeout_seconds: schemas/* pipe */.FsL(schemas/* pipe */.FsL(required('timeout_seconds', 'leave it out for 30 seconds'), coerce/* number */.ai({ error: `${label('timeout_seconds')} must be a number of seconds, e.g. 30` })), schemas/* number */.aig()
            .check(api/* _positive */.NC(`${label('timeout_seconds')} must be more than 0`), api/* _lte */.Zm(600, `${label('timeout_seconds')} must be at most 600`))),
        on_drift: schemas/* pipe */.FsL(required('on_drift', 'leave it out for warn'), oneOf('on_drift', ['warn', 'fail', 'ignore', 'update'])),
        // The YAML 1.2 core schema's booleans, as @actions/core's getBooleanInput reads them.
        dry_run: schemas/* pipe */.FsL(schemas/* pipe */.FsL(required('dry_run', 'leave it out for false'), oneOf('dry_run', ['true', 'True', 'TRUE', 'false', 'False', 'FALSE'], ['true', 'false'])), schemas/* transform */.pdi((value) => value.toLowerCase() === 'true')),
        // The vendor's current way (a token for manage_projects) is a choice; Basic spares its round trip.
        auth: schemas/* pipe */.FsL(required('auth', 'leave it out for basic'), oneOf('auth', ['basic', 'token'])),
        // Optional: empty means no verification of the provider; one address, or one provider a line as <suffix>=<url>.
        provider_url: schemas/* pipe */.FsL(schemas/* string */.YjP(), schemas/* transform */.pdi((value, ctx) => {
            const why = 'its answer decides whether this run passes';
            const lines = value.split(/\r?\n/).map((text, index) => ({ text: text.trim(), line: index + 1 }));
            const given = lines.filter((l) => l.text !== '');
            const problem = (message) => void ctx.issues.push({ code: 'custom', message, input: value });
            const url = (text, head) => {
                const read = baseUrl('provider_url', why, head).safeParse(text);
                if (!read.success)
                    read.error.issues.forEach((issue) => problem(issue.message));
                return read.data;
            };
            const [one] = given;
            if (one === undefined)
                return [];
            if (given.length === 1 && namedIn(one.text) === undefined) {
                const only = url(one.text, label('provider_url'));
                return only === undefined ? [] : [{ url: only }];
            }
            // Several, or one named: each line names the listed scope its provider must publish. No value is quoted (a secret pasted here would show).
            const targets = [];
            for (const { text, line } of given) {
                const head = lineOf('provider_url', line);
                const named = namedIn(text);
                if (named === undefined) {
                    problem(`${head} must be <suffix>=<url>: with several providers, each line names the scope of the spec its provider must publish`);
                    continue;
                }
                if (!SCOPE_SUFFIX.pattern.test(named.suffix))
                    problem(`${head}: its suffix must be a scope suffix: ${SCOPE_SUFFIX.rule}`);
                const address = url(named.url, head);
                const twin = targets.find((t) => t.suffix === named.suffix || t.url === address);
                if (twin !== undefined) {
                    problem(twin.suffix === named.suffix
                        ? `${head} names the same scope as line ${twin.line}: give one provider per scope`
                        : `${head} gives the same address as line ${twin.line}: a provider publishes one scope, so give it once`);
                }
                else if (address !== undefined)
                    targets.push({ url: address, suffix: named.suffix, line });
            }
            return targets;
        })),
        // Optional: empty means any listed scope's string (or, for one scope, any of the client's).
        provider_suffix: schemas/* pipe */.FsL(schemas/* string */.YjP()
            .check(schemas/* refine */.YPB((value) => value === '' || SCOPE_SUFFIX.pattern.test(value), `${label('provider_suffix')} must be a scope suffix: ${SCOPE_SUFFIX.rule}`)), schemas/* transform */.pdi((value) => (value === '' ? undefined : value))),
    });
}
/**
 * A line of provider_url that names its scope: `<suffix>=<url>`. A suffix never holds a `/`, and
 * an address has one (`://`) before any `=`: a bare address is never read as named.
 */
function namedIn(text) {
    const at = text.indexOf('=');
    if (at < 1 || text.slice(0, at).includes('/'))
        return undefined;
    return { suffix: text.slice(0, at).trim(), url: text.slice(at + 1).trim() };
}
/** The providers a run checks, each with the scope it must publish: provider_url's, the one address under provider_suffix. */
const settings_providersOf = ({ provider_url: urls, provider_suffix: suffix, }) => 
// A line that names its own scope keeps it: provider_suffix beside it is a problem of its own (providerProblems).
urls.map((target) => (target.suffix === undefined && suffix !== undefined ? { ...target, suffix } : target));
/**
 * The providers as a step gives them, for what tells its watch's issue from another step's
 * (render/issue.ts, watchMarker): read by the rules, or, when they are not valid (the run
 * failed on them), kept as given, so that they never read as no provider at all.
 */
function providersGiven(url, suffix, naming) {
    const urls = readSetting('provider_url', url, naming);
    const named = readSetting('provider_suffix', suffix, naming);
    if (urls === undefined || (suffix !== '' && named === undefined))
        return [{ url, suffix }];
    return settings_providersOf({ provider_url: urls, provider_suffix: named });
}
/** What provider_suffix asks that provider_url cannot give: no address, or addresses that name their own scopes. */
function settings_providerProblems(settings, { label, ref }) {
    if (settings.provider_suffix === undefined)
        return [];
    const [one] = settings.provider_url;
    if (one === undefined)
        return [
            {
                field: 'provider_suffix',
                message: `${label('provider_suffix')} is given without ${ref('provider_url')}: it names the scope the provider there must publish`,
            },
        ];
    if (one.suffix === undefined)
        return [];
    return [
        {
            field: 'provider_suffix',
            message: `${label('provider_suffix')} is given with ${ref('provider_url')} lines that name their scopes (<suffix>=<url>): leave it out, or give ${ref('provider_url')} one address`,
        },
    ];
}
/** The run's settings a door's later steps need, from the same reads as the run's. */
function settings_runSettingsOf(read, naming) {
    const ruled = (name) => readSetting(name, read(name) || SETTING_DEFAULTS[name], naming);
    return {
        clientId: read('client_id'),
        spec: read('spec') || SETTING_DEFAULTS.spec,
        onDrift: ruled('on_drift'),
        dryRun: ruled('dry_run'),
        providers: providersGiven(read('provider_url'), read('provider_suffix'), naming),
        timeoutSeconds: ruled('timeout_seconds') ?? Number(SETTING_DEFAULTS.timeout_seconds),
    };
}
/** One setting alone, by the same rule: undefined when it is not valid (the run's validation says why). */
function readSetting(name, value, naming) {
    const result = settingsSchema(naming).shape[name].safeParse(value);
    return result.success ? result.data : undefined;
}
/** Validates every setting at once, so the user sees all that is wrong in one run. */
function settings_parseSettings(read, naming) {
    const raw = Object.fromEntries(SETTING_NAMES.map((name) => [name, read(name)]));
    const result = settingsSchema(naming).safeParse(raw);
    if (result.success)
        return result.data;
    throw new problems_ValidationError(result.error.issues.map((issue) => ({ field: String(issue.path[0]), message: issue.message })));
}

;// CONCATENATED MODULE: ./src/engine/secrets.ts
/**
 * Every form in which the secret could surface, to mask and to scrub: as given, line by line,
 * JSON-escaped, URL- and form-encoded (either hex case), inside the HTTP Basic credential, and
 * in base64 or base64url at any alignment, as a service that echoes a request might write it.
 */
function secretForms(clientId, clientSecret) {
    if (clientSecret === '')
        return [];
    // The credential is sent with the client ID as the inputs normalise it (lower case).
    const basic = [clientId, clientId.toLowerCase()].map((id) => Buffer.from(`${id}:${clientSecret}`).toString('base64'));
    return withoutShortForms(clientSecret, [
        clientSecret,
        ...basic,
        ...basic.map(toBase64url),
        ...encodedForms(clientSecret),
    ]);
}
/**
 * Every form in which a credential that arrived during the run (the access token) could
 * surface: those of the secret, and inside the Bearer header that carries it.
 */
function credentialForms(credential) {
    if (credential === '')
        return [];
    return withoutShortForms(credential, [`Bearer ${credential}`, ...encodedForms(credential)]);
}
/** The value as given, line by line, URL- and form-encoded, JSON-escaped, and in base64 at any alignment. */
function encodedForms(value) {
    const encoded = encodeURIComponent(value);
    // A multi-line value is masked line by line by the runner too.
    const lines = value.split(/\r?\n/).filter((line) => line.trim().length > 0);
    return [
        value,
        encoded,
        encoded.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
        new URLSearchParams({ s: value }).toString().slice(2), // form encoding: + for a space
        JSON.stringify(value).slice(1, -1), // as JSON.stringify quotes a value that echoes it
        ...lines,
        ...base64Fragments(Buffer.from(value)).flatMap((fragment) => [fragment, toBase64url(fragment)]),
    ];
}
/**
 * The value as given is always masked, as the runner masks it. A derived form (a line, an
 * encoding, a base64 fragment) shorter than 8 characters would match ordinary text by chance
 * and garble every message (a 1-character secret has 1-character fragments): left out.
 */
function withoutShortForms(value, forms) {
    return [...new Set([value, ...forms.filter((form) => form.length >= DERIVED_FORM_MIN_LENGTH)])];
}
/** The shortest derived form that is masked; the secret as given is masked at any length. */
const DERIVED_FORM_MIN_LENGTH = 8;
const toBase64url = (base64) => base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
/**
 * The base64 characters that depend on the secret's bytes alone, for each of the three ways
 * they can fall on the 3-byte groups of a longer text: whatever precedes or follows them,
 * these characters appear in its base64.
 */
function base64Fragments(bytes) {
    return [0, 1, 2].map((offset) => {
        const text = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
        return text.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + bytes.length)) / 6));
    });
}
/** The scrub for the given forms (see secretForms): each is replaced by `***`. */
function scrubber(forms) {
    let sorted = [];
    const scrub = Object.assign((text) => sorted.reduce((out, form) => out.replaceAll(form, '***'), text), {
        // Longest first, so that a form containing another is replaced whole.
        learn: (more) => void (sorted = [...new Set([...sorted, ...more])].sort((a, b) => b.length - a.length)),
    });
    scrub.learn(forms);
    return scrub;
}
function keepSecrets(clientId, clientSecret, mask = () => { }) {
    const forms = secretForms(clientId, clientSecret);
    forms.forEach(mask);
    const scrub = scrubber(forms);
    return {
        scrub,
        learn: (credential) => {
            const more = credentialForms(credential);
            more.forEach(mask);
            scrub.learn(more);
        },
        learnSecret: (secret) => {
            const more = secretForms(clientId, secret);
            more.forEach(mask);
            scrub.learn(more);
        },
    };
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
;// CONCATENATED MODULE: ./src/wire/retry.ts
const retry_systemClock = {
    now: () => Date.now(),
    sleep: (ms, signal) => new Promise((resolve, reject) => {
        if (signal?.aborted)
            return reject(signal.reason);
        const timer = setTimeout(resolve, ms);
        // A signal aborts once: the listener needs no `once`.
        signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)));
    }),
    random: () => Math.random(),
};
const retry_DEFAULT_RETRY_POLICY = { attempts: 5, baseDelayMs: 300, maxDelayMs: 10_000 };
/** A wait as a person reads it: a service may ask for absurd ones. */
const describeWait = (ms) => (ms > 3_600_000 ? 'more than an hour' : `${Math.ceil(ms / 1000)} s`);
/** A pause about to be taken, as a person reads it: milliseconds under a second (never "0.0 s"), else tenths of seconds. */
const retry_formatPause = (ms) => ms < 1000 ? `${Math.max(1, Math.round(ms))} ms` : `${(ms / 1000).toFixed(1)} s`;
/**
 * What to do after try number `tried` failed: the one place where the backoff, a Retry-After,
 * the number of tries and the deadline are weighed.
 */
function nextPause({ policy, clock, deadline }, tried, retryAfterMs, attempts = policy.attempts) {
    if (tried >= attempts)
        return { giveUp: `gave up after ${tried} attempts` };
    if (retryAfterMs !== undefined && retryAfterMs > policy.maxDelayMs) {
        return { giveUp: `the service asked to wait ${describeWait(retryAfterMs)}, longer than this run waits` };
    }
    const waitMs = retryAfterMs ?? clock.random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (tried - 1));
    if (clock.now() + waitMs >= deadline)
        return { giveUp: `gave up after ${tried} attempts: the run's deadline is near` };
    return { waitMs };
}
/**
 * Runs `attempt` until it succeeds, its error is not retryable, or nextPause gives up; then
 * the last error is thrown, as `giveUp` words it with the reason.
 */
async function retry_withRetries(attempt, advise, pacing, giveUp = (error) => error, onRetry = () => { }) {
    for (let tried = 1;; tried++) {
        try {
            return await attempt();
        }
        catch (error) {
            const advice = advise(error);
            if (!advice.retryable)
                throw error;
            const pause = nextPause(pacing, tried, advice.retryAfterMs);
            if ('giveUp' in pause)
                throw giveUp(error, pause.giveUp);
            onRetry(error, tried, pause.waitMs);
            await pacing.clock.sleep(pause.waitMs, pacing.signal);
        }
    }
}
/** Milliseconds to wait from a Retry-After header: delta-seconds or an HTTP date. */
function retry_parseRetryAfter(value, now) {
    if (value === undefined)
        return undefined;
    if (/^\s*\d+\s*$/.test(value))
        return Number(value) * 1000;
    const date = Date.parse(value);
    return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

;// CONCATENATED MODULE: ./src/wire/budget.ts

/** How many request limits the whole run may take: reads, creation, verification, provider check. */
const REQUEST_LIMITS_PER_RUN = 3;
function budget_createBudget(timeoutSeconds, { clock = retry_systemClock, policy = retry_DEFAULT_RETRY_POLICY, signal = new AbortController().signal, } = {}) {
    const requestTimeoutMs = timeoutSeconds * 1000;
    const startedAt = clock.now();
    return {
        requestTimeoutMs,
        startedAt,
        deadline: startedAt + REQUEST_LIMITS_PER_RUN * requestTimeoutMs,
        clock,
        policy,
        signal,
    };
}
/** The limit of a request sent now: its own, cut short by the run's deadline. */
const requestLimitMs = ({ requestTimeoutMs, deadline, clock }) => Math.max(1, Math.min(requestTimeoutMs, deadline - clock.now()));

// EXTERNAL MODULE: external "node:http"
var external_node_http_ = __webpack_require__(7067);
var external_node_http_default = /*#__PURE__*/__webpack_require__.n(external_node_http_);
// EXTERNAL MODULE: external "node:https"
var external_node_https_ = __webpack_require__(4708);
var external_node_https_default = /*#__PURE__*/__webpack_require__.n(external_node_https_);
// EXTERNAL MODULE: external "node:net"
var external_node_net_ = __webpack_require__(7030);
// EXTERNAL MODULE: external "node:tls"
var external_node_tls_ = __webpack_require__(1692);
;// CONCATENATED MODULE: ./src/wire/transport.ts
/**
 * Where a request goes out: one kept-alive connection per origin's protocol, over Node's own
 * `node:http` and `node:https`, whose HTTP parser is native. undici's parser is WebAssembly, and
 * V8 finishes optimising it on a background thread that the process's exit waits for: about
 * the whole tail after the last answer (CONTRIBUTING.md, "What the start-up devices buy").
 *
 * Proxies: HTTP_PROXY, HTTPS_PROXY and NO_PROXY, as undici's EnvHttpProxyAgent read them before
 * (the lower-case spelling first; an https request goes through HTTP_PROXY when HTTPS_PROXY is
 * not set), through Node's built-in proxy support (the agents' `proxyEnv`, Node 22.21 and 24.5
 * on: https://nodejs.org/en/learn/http/enterprise-network-configuration). On an older Node
 * with a proxy variable set, undici's EnvHttpProxyAgent, loaded only then.
 */




/** How long an idle connection is kept, unless the server asks for less (its Keep-Alive: timeout). */
const KEEP_ALIVE_MS = 10_000;
/** The proxy variables as undici's EnvHttpProxyAgent reads them; none when none is set. */
function proxyVariables(env) {
    const httpProxy = env.http_proxy ?? env.HTTP_PROXY;
    const httpsProxy = env.https_proxy ?? env.HTTPS_PROXY ?? httpProxy;
    const noProxy = env.no_proxy ?? env.NO_PROXY;
    if (!httpProxy && !httpsProxy)
        return undefined;
    return {
        ...(httpProxy ? { HTTP_PROXY: httpProxy } : {}),
        ...(httpsProxy ? { HTTPS_PROXY: httpsProxy } : {}),
        ...(noProxy === undefined ? {} : { NO_PROXY: noProxy }),
    };
}
/** Whether Node's agents take `proxyEnv`: 22.21 on in 22, 24.5 on (23 never had it). */
function hasBuiltInProxy(version) {
    const [major = 0, minor = 0] = version.split('.').map(Number);
    return major > 24 || (major === 24 && minor >= 5) || (major === 22 && minor >= 21);
}
/**
 * A lane's transport: Node's agents (one connection each), or undici's proxy agent where this
 * Node has no proxy support of its own and a proxy is set.
 */
function openTransport(env = process.env, nodeVersion = process.versions.node) {
    const proxies = proxyVariables(env);
    return proxies === undefined || hasBuiltInProxy(nodeVersion) ? nodeTransport(proxies) : undiciTransport(proxies);
}
/** Node's agent of one kept-alive connection. */
function nodeAgent(protocol, proxyEnv) {
    const options = { keepAlive: true, maxSockets: 1, timeout: KEEP_ALIVE_MS, ...(proxyEnv && { proxyEnv }) };
    return protocol === 'https:' ? new (external_node_https_default()).Agent(options) : new (external_node_http_default()).Agent(options);
}
/** A lane's agent, which takes a connection opened ahead to its origin before it opens one. */
function agentOf(protocol, proxyEnv) {
    const agent = nodeAgent(protocol, proxyEnv);
    const open = agent.createConnection.bind(agent);
    // Either way the agent is given its socket by the callback: the documented asynchronous form.
    agent.createConnection = (connection, callback) => callback !== undefined && takeAhead(originKey(protocol, connection), callback)
        ? undefined
        : open(connection, callback);
    return agent;
}
/** Node's agents, one per protocol, each of one kept-alive connection. */
function nodeTransport(proxyEnv) {
    const agents = new Map();
    const agentFor = (protocol) => {
        let agent = agents.get(protocol);
        if (agent === undefined) {
            agent = agentOf(protocol, proxyEnv);
            agents.set(protocol, agent);
        }
        return agent;
    };
    return {
        request: ({ origin, path, method, headers, signal, body }) => new Promise((resolve, reject) => {
            signal.throwIfAborted();
            const { protocol, hostname, port } = new URL(origin);
            const request = (protocol === 'https:' ? (external_node_https_default()) : (external_node_http_default())).request({
                agent: agentFor(protocol),
                protocol,
                // An IPv6 literal without its brackets.
                hostname: hostname.replace(/^\[(.*)\]$/, '$1'),
                port,
                path,
                method,
            });
            let response;
            // Stopped with the signal's reason (a limit's TimeoutError), before the answer or while its
            // body is read; either way the connection is closed, not given back.
            const abort = () => void (response ?? request).destroy(signal.reason);
            signal.addEventListener('abort', abort, { once: true });
            // Closed once the answer's body has ended (or the request failed): nothing left to stop.
            request.once('close', () => signal.removeEventListener('abort', abort));
            // Every error, also one after the answer (the socket's, while its body is read): the first rejects.
            request.on('error', reject);
            request.once('response', (answer) => {
                response = answer;
                resolve({ statusCode: answer.statusCode ?? 0, headers: answer.headers, body: answer });
            });
            try {
                // Set on the request, not given with its options: the agent hands those to the socket's
                // connect, which NODE_DEBUG=net prints whole (the credentials with them).
                for (const [name, value] of Object.entries(headers))
                    request.setHeader(name, value);
            }
            catch (error) {
                // A value Node refuses (a line break): never sent.
                reject(error);
                request.destroy();
                return;
            }
            // A body given whole to end() is sent with its Content-Length, in bytes.
            request.end(body);
        }),
        destroy: () => agents.forEach((agent) => agent.destroy()),
    };
}
/** undici's EnvHttpProxyAgent, loaded on first use: its parser's cost is paid only behind a proxy, on an older Node. */
function undiciTransport({ HTTP_PROXY = '', HTTPS_PROXY = '', NO_PROXY = '' }) {
    // The variables as read above (an empty one is none: undici reads the environment only for
    // one not given); undici's own header and body timeouts (300 s) are off: the limit is the
    // budget's, by signal.
    const agent = Promise.all(/* import() */[__webpack_require__.e(7), __webpack_require__.e(593)]).then(__webpack_require__.bind(__webpack_require__, 4593)).then(({ EnvHttpProxyAgent }) => new EnvHttpProxyAgent({
        httpProxy: HTTP_PROXY,
        httpsProxy: HTTPS_PROXY,
        noProxy: NO_PROXY,
        connections: 1,
        keepAliveTimeout: KEEP_ALIVE_MS,
        headersTimeout: 0,
        bodyTimeout: 0,
    }));
    return {
        request: async (options) => (await agent).request(options),
        destroy: () => void agent.then((a) => a.destroy()).catch(() => { }),
    };
}
/**
 * How many connections are opened ahead: the first round's requests go together (the client's
 * inspection and the lookup of its scopes), each on a connection of its own.
 */
const OPENED_AHEAD = 2;
const ahead = [];
// A request's connection options always hold its host and port (Node's ClientRequest sets both).
const originKey = (protocol, { host, port }) => `${protocol}//${host}:${port}`;
// Until a request takes it, a connection's failure only makes it unusable.
const ignore = () => { };
/** An agent's request for a connection, answered with one opened ahead to its origin, if one is left and usable. */
function takeAhead(key, callback) {
    const index = ahead.findIndex((a) => a.key === key && a.usable);
    if (index === -1)
        return false;
    const [taken] = ahead.splice(index, 1);
    // From now on the request's: it holds the process (also while a proxy's tunnel is still being
    // opened), and once the socket is handed over, the request's listeners report what happens.
    const hold = () => taken.sockets.forEach((socket) => socket.ref?.());
    hold();
    taken.ready.then((socket) => {
        hold();
        for (const held of taken.sockets)
            held.removeListener('error', ignore);
        callback(null, socket);
    }, (error) => callback(error, undefined));
    return true;
}
/** The longest the entry waits for the connections opened ahead to connect before it loads the rest. */
const AHEAD_WAIT_MS = 1000;
/**
 * Opens the first round's connections to the service (TCP, TLS, a proxy's CONNECT) while the
 * rest of the run loads and reads its spec; the lanes' agents take them for their first
 * requests. Nothing is sent on them but the handshakes, so a run that ends before its first
 * request (a spec that does not validate) has sent nothing; held by nothing, they close with
 * the process.
 *
 * Settles once each is connected (or failed), at most AHEAD_WAIT_MS later: loading the rest
 * holds the event loop, and the TLS handshake (a proxy's CONNECT) can start only from the
 * connection's callback, so it starts before the load instead of after it. The wait costs
 * nothing: the first request could not go before the connection was open either way.
 */
function openAhead(url, env = process.env, nodeVersion = process.versions.node, waitMs = AHEAD_WAIT_MS) {
    const address = aheadAddress(url, env, nodeVersion);
    if (address === undefined)
        return Promise.resolve();
    const { protocol, host, port } = address;
    const proxies = proxyVariables(env);
    const agent = nodeAgent(protocol, proxies);
    const connection = {
        ...agent.options,
        host,
        port,
        // As the agent names the server for a request: no SNI for an address.
        servername: net.isIP(host) === 0 ? host : '',
    };
    const key = originKey(protocol, connection);
    const connected = [];
    for (let i = 0; i < OPENED_AHEAD; i++) {
        const sockets = [];
        const entry = { key, ready: Promise.resolve(), usable: true, sockets };
        const hold = (socket) => {
            sockets.push(socket);
            socket.on('error', ignore).once('close', () => (entry.usable = false));
            socket.unref?.();
            return socket;
        };
        let tunnelled;
        const returned = agent.createConnection(connection, (error, socket) => tunnelled?.(error, socket));
        if (returned === null || returned === undefined)
            break;
        if (proxies === undefined)
            entry.ready = Promise.resolve(hold(returned));
        else if (waitsForTunnel(returned)) {
            hold(returned);
            entry.ready = new Promise((resolve, reject) => {
                tunnelled = (error, socket) => {
                    if (error === null && socket !== undefined && entry.usable)
                        resolve(hold(socket));
                    else {
                        entry.usable = false;
                        socket?.destroy();
                        reject(error ?? new Error('the proxy tunnel was not opened'));
                    }
                };
            });
            // Not taken: a failure the request's own connection reports, never an unhandled one.
            entry.ready.catch(ignore);
        }
        else {
            // Behind a proxy and yet not tunnelled (NO_PROXY, or a Node that tunnels another way): not used.
            returned.destroy();
            break;
        }
        ahead.push(entry);
        connected.push(proxies === undefined
            ? transport_event(returned, 'connect')
            : // The proxy's connection (an https proxy's once its handshake is done), on which Node
                // sends the CONNECT; then its answer, which Node reads first: the tunnel's handshake
                // starts from there.
                transport_event(returned, returned instanceof tls.TLSSocket ? 'secureConnect' : 'connect').then(() => transport_event(returned, 'readable')));
    }
    if (connected.length === 0)
        return Promise.resolve();
    return new Promise((settle) => {
        // Held: the sockets are not, and the process must not end while the entry waits.
        const timer = setTimeout(settle, waitMs);
        void Promise.all(connected).then(() => {
            clearTimeout(timer);
            settle();
        });
    });
}
/** Settles on the socket's event, or once it has closed. */
const transport_event = (socket, name) => socket.closed
    ? Promise.resolve()
    : new Promise((settle) => socket.once(name, () => settle()).once('close', () => settle()));
/**
 * Where connections may be opened ahead: an https address, or http to this machine (what the
 * settings accept); not behind a proxy on a Node without proxy support (undici's agent then).
 */
function aheadAddress(url, env, nodeVersion) {
    let address;
    try {
        address = new URL(url ?? '');
    }
    catch {
        return undefined;
    }
    const { protocol, hostname, port } = address;
    const host = hostname.replace(/^\[(.*)\]$/, '$1');
    const proxies = proxyVariables(env);
    const loopback = host === 'localhost' || host === '::1' || host.startsWith('127.');
    if (protocol !== 'https:' && !(protocol === 'http:' && loopback && proxies === undefined))
        return undefined;
    if (proxies !== undefined && !hasBuiltInProxy(nodeVersion))
        return undefined;
    return { protocol, host, port: port === '' ? (protocol === 'https:' ? 443 : 80) : Number(port) };
}
/** Closes the connections opened ahead that no request took (the run has stopped), and any still being opened. */
function closeAhead() {
    for (const entry of ahead.splice(0)) {
        entry.usable = false;
        for (const socket of entry.sockets)
            socket.destroy();
    }
}
/** Whether Node's agent hands the socket over once a proxy's tunnel is up (an https origin behind a proxy). */
const waitsForTunnel = (socket) => Object.getOwnPropertySymbols(socket).some((s) => s.description === 'kWaitForProxyTunnel');

;// CONCATENATED MODULE: ./src/wire/characters.ts
/**
 * The one list of characters that a terminal, a line-based log or a markdown renderer would
 * obey rather than show: the C0 controls (escape, carriage return, bell, line breaks...), DEL,
 * the C1 controls (a lone CSI starts an escape sequence too), the line and paragraph
 * separators, and the marks and overrides that reorder what is shown (U+200E, U+200F,
 * U+202A-U+202E, U+2066-U+2069). The terminal's text, the markdown of a summary and the checks
 * of a server's answers all use it.
 */
const C0 = '\\u0000-\\u001f';
/** Those that JSON leaves as they are inside a string (it escapes C0 itself). */
const BEYOND_JSON_SOURCE = '\\u007f-\\u009f\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069';
/** Every unsafe character (global: for replace). */
const UNSAFE = new RegExp(`[${C0}${BEYOND_JSON_SOURCE}]`, 'g');
/** The unsafe characters JSON.stringify leaves in a string (global: for replace). */
const characters_BEYOND_JSON = new RegExp(`[${BEYOND_JSON_SOURCE}]`, 'g');
/** Whether a text holds an unsafe character (a fresh regex: no lastIndex carried between calls). */
const hasUnsafe = (text) => new RegExp(UNSAFE.source).test(text);
/** A character as the escape a reader sees instead: `\u001b`. */
const characters_escapeOf = (char) => `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`;

;// CONCATENATED MODULE: ./src/wire/answer-problems.ts

/** The most characters of one value a message quotes. */
const MAX_QUOTED = 120;
const LINE_BREAK = /[\r\n\u2028\u2029]/;
/** A text as JSON writes it between quotes (so a secret's JSON-escaped form still matches), with every other unsafe character as `\uXXXX` too. */
const escapeText = (text) => JSON.stringify(text).slice(1, -1).replace(characters_BEYOND_JSON, characters_escapeOf);
/** What makes a text unfit for one line of a log: its first line break, or else its first unsafe character. */
function unsafeCharacter(text) {
    if (LINE_BREAK.test(text))
        return 'contains a line break';
    const control = [...text].find(hasUnsafe);
    return control === undefined
        ? undefined
        : `contains a control character U+${(control.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}
const EXPECTED = {
    string: 'a string',
    number: 'a number',
    boolean: 'true or false',
    array: 'a list',
    object: 'an object',
};
/** What came (never undefined: a missing field quotes nothing), for a message: a string quoted, escaped and clipped; other values by their kind. */
function shown(value, scrub) {
    if (value === null)
        return 'null';
    if (typeof value === 'string') {
        const text = escapeText(scrub(value));
        return `"${text.length > MAX_QUOTED ? `${text.slice(0, MAX_QUOTED)}\u2026` : text}"`;
    }
    if (Array.isArray(value))
        return value.length === 0 ? 'an empty list' : `a list of ${value.length}`;
    if (typeof value === 'object')
        return 'an object';
    return `${typeof value} ${String(value)}`;
}
function valueAt(root, path) {
    return path.reduce((value, key) => typeof value === 'object' && value !== null ? value[key] : undefined, root);
}
/** What an issue expected, in words; for a union, what each of its forms expected. */
function expectedOf(issue) {
    switch (issue.code) {
        case 'invalid_type':
            return EXPECTED[issue.expected] ?? issue.expected;
        case 'invalid_format':
            // The service's ids are checked with z.guid() (wire/uuid.ts says why).
            if (issue.format === 'guid')
                return 'a UUID';
            // A pattern names what it expects in its message (e.g. `z.regex(/^bearer$/i, 'Bearer')`).
            return issue.format === 'regex' ? issue.message : `a ${issue.format}`;
        // Worded here, as every message of this module: zod/mini carries no messages of its own.
        case 'too_small':
            if (issue.origin === 'array')
                return `at least ${issue.minimum} item(s)`;
            if (issue.origin === 'string')
                return `at least ${issue.minimum} character(s)`;
            return `${issue.inclusive ? 'at least' : 'more than'} ${issue.minimum}`;
        case 'invalid_union': {
            const forms = issue.errors.flatMap((branch) => branch.filter((i) => i.path.length === 0).map(expectedOf));
            return forms.length === 0 ? 'one of its forms' : [...new Set(forms)].join(' or ');
        }
        case 'custom':
            return issue.params?.expected ?? issue.message;
        default:
            return issue.message;
    }
}
/** What was wrong, in words: the custom issue's own, or what the code says. */
function problemOf(issue, value) {
    if (value === undefined)
        return 'is missing';
    switch (issue.code) {
        case 'invalid_type':
            return 'has the wrong type';
        case 'invalid_format':
            return `is not ${expectedOf(issue)}`;
        case 'too_small':
            return Array.isArray(value) && value.length === 0
                ? 'is empty'
                : typeof value === 'number'
                    ? 'is too small'
                    : 'is too short';
        case 'custom':
            return issue.message;
        default:
            return 'is none of the forms expected';
    }
}
/**
 * One sentence per refused field of `answer`: "scopes.0.scope_string contains a line break:
 * expected a URL or a URN, got "\u2026\n\u2026"". A field missing says so and quotes nothing.
 */
function describeAnswerProblems(issues, answer, scrub = (text) => text) {
    const sentences = issues.map((issue) => {
        const field = issue.path.map(String).join('.') || 'the body';
        const value = valueAt(answer, issue.path);
        const problem = problemOf(issue, value);
        return `${field} ${problem}: expected ${expectedOf(issue)}${value === undefined ? '' : `, got ${shown(value, scrub)}`}`;
    });
    return [...new Set(sentences)].join('; ');
}

;// CONCATENATED MODULE: ./src/wire/log.ts
const silentLog = { info: () => { }, debug: () => { }, warning: () => { } };

;// CONCATENATED MODULE: ./package.json
const package_namespaceObject = {"rE":"0.1.0"};
;// CONCATENATED MODULE: ./src/wire/words.ts
/** Plain names, for the wire's own tests and for callers that have no door. */
const PLAIN_WORDS = {
    ref: (setting) => setting,
    assign: (setting, value) => `${setting}: ${value}`,
    runAgain: 'Run again',
    scopeStringOutput: 'the scope_string output',
    secretCopies: 'each place that holds a copy of it',
};
/**
 * A rejected secret's replacement, in the only order that leaves nothing broken longer than it
 * is: the new secret exists before any copy is changed, and the provider, which authenticates
 * with the same client, is redeployed once its copy is. A clause, after "For a secret deleted or lost: ".
 */
const replaceSecret = ({ secretCopies }) => `make a new secret in the developer portal, put it in ${secretCopies}, then redeploy the provider with it, in that order`;
/** A sentence's start as a clause: "run the step again". */
const lowerFirst = (text) => `${text.charAt(0).toLowerCase()}${text.slice(1)}`;

;// CONCATENATED MODULE: ./src/wire/http.ts








/** Answers are a few kilobytes; a body far larger than this is refused, not buffered. */
const MAX_RESPONSE_BYTES = 1024 * 1024;
/** A request that failed; `transient` when trying again may succeed. */
class HttpError extends ActionError {
    name = 'HttpError';
    status;
    transient;
    /** The wait the server asked for (Retry-After), if it did. */
    retryAfterMs;
    /** The service rejected the client's secret (or id): its replacement is the fix. */
    secretRejected;
    constructor(message, { status, transient = false, retryAfterMs, secretRejected = false, } = {}) {
        super(message);
        this.status = status;
        this.transient = transient;
        this.retryAfterMs = retryAfterMs;
        this.secretRejected = secretRejected;
    }
    /** The same failure, known to be the secret's. */
    asSecretRejected() {
        return new HttpError(this.message, {
            ...(this.status === undefined ? {} : { status: this.status }),
            secretRejected: true,
        });
    }
}
/** Tries `attempt` again while it fails with a transient HttpError, paced by the budget. */
const withHttpRetries = (attempt, budget, log = silentLog) => retry_withRetries(attempt, (error) => error instanceof HttpError
    ? { retryable: error.transient, retryAfterMs: error.retryAfterMs }
    : { retryable: false }, budget, 
// Final once given up on: the message says how far it got.
(error, reason) => (error instanceof HttpError ? new HttpError(`${error.message} (${reason})`) : error), (error, tried, waitMs) => log.info(`${sentence(error.message)} Attempt ${tried} of ${budget.policy.attempts} failed; trying again in ${retry_formatPause(waitMs)}.`));
/** Sent with every request, so that a service's operators can tell this action's calls apart. */
const USER_AGENT = `ensure-provider-scope/${package_namespaceObject.rE}`;
const TRANSIENT_STATUSES = new Set([429, 500, 502, 503, 504]);
// A certificate that does not verify: most often a proxy of the network that intercepts TLS.
const TLS_CODES = new Set([
    'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
    'SELF_SIGNED_CERT_IN_CHAIN',
    'DEPTH_ZERO_SELF_SIGNED_CERT',
    'CERT_HAS_EXPIRED',
    'ERR_TLS_CERT_ALTNAME_INVALID',
]);
// Connection failures worth another try; a name that does not resolve is not one of them.
const TRANSIENT_CODES = new Set([
    'ECONNREFUSED',
    'ECONNRESET',
    'EPIPE',
    'ETIMEDOUT',
    'EAI_AGAIN',
    'UND_ERR_SOCKET',
    'UND_ERR_CONNECT_TIMEOUT',
]);
async function readBody(body, label, maxBytes) {
    const chunks = [];
    let size = 0;
    for await (const chunk of body) {
        size += chunk.length;
        if (size > maxBytes) {
            // Leaving the loop by a throw destroys the body's stream (a Readable's async iterator).
            throw new HttpError(`${label}: the answer is larger than ${maxBytes} bytes and was not read`);
        }
        chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString('utf8');
}
function parseJson(text) {
    try {
        return JSON.parse(text);
    }
    catch {
        return undefined;
    }
}
/** A message as a sentence: ended by a full stop, so that the next one does not run into it. */
const sentence = (text) => text.replace(/\.?$/, '.');
/**
 * A server's own words about a failure: `errors[].detail` (the vendor's convention), the OAuth2
 * `error_description`, `detail`, `message`, and last the bare OAuth2 error code a token
 * endpoint may answer alone (RFC 6749 5.2; globus-sdk, oauth2_exchange_code_for_tokens.py);
 * and the ids support asks for: the error's `errors[].id` (the one the vendor records) and a
 * request id, in the body or a header.
 */
function explainError(body, headers, speaker = 'The service') {
    const record = (typeof body === 'object' && body !== null ? body : {});
    const first = (Array.isArray(record.errors) ? record.errors[0] : undefined);
    const text = (value) => (typeof value === 'string' && value !== '' ? value : undefined);
    const detail = text(first?.detail) ??
        text(record.error_description) ??
        text(record.detail) ??
        text(record.message) ??
        text(record.error);
    const ids = [
        ['error id', text(first?.id)],
        ['request id', text(record.request_id) ?? text(headers['x-request-id'])],
    ].flatMap(([name, value]) => (value === undefined ? [] : [`${name} ${value}`]));
    return `${detail === undefined ? '' : ` ${speaker} said: ${detail}`}${ids.length === 0 ? '' : ` (${ids.join(', ')})`}`;
}
/** A request that got no answer, as an HttpError that says why in the user's terms. */
function networkError(label, host, error, { budget, words, server }) {
    const { code, name, message } = (error ?? {});
    if (name === 'TimeoutError') {
        const pastDeadline = budget.clock.now() >= budget.deadline;
        return new HttpError(`${label} timed out waiting for ${host} (${words.assign('timeout_seconds', String(budget.requestTimeoutMs / 1000))})` +
            (pastDeadline
                ? `; the run's deadline of ${Math.round((budget.deadline - budget.startedAt) / 1000)} s has passed`
                : ''), { transient: !pastDeadline });
    }
    const what = code === 'ECONNREFUSED'
        ? `nothing is listening at ${host} (connection refused): check ${server}`
        : code === 'ENOTFOUND'
            ? `the host name ${host} does not resolve: check ${server} and the machine's DNS`
            : code === 'ECONNRESET' || code === 'UND_ERR_SOCKET'
                ? `the connection to ${host} was closed before the answer came`
                : code !== undefined && TLS_CODES.has(code)
                    ? `the TLS certificate of ${host} could not be verified (${code}). If a proxy of the network intercepts TLS, ` +
                        'give its CA certificate in NODE_EXTRA_CA_CERTS (the path of a PEM file); never turn verification off'
                    : `could not reach ${host}: ${[code, message].filter(Boolean).join(': ')}`;
    return new HttpError(`${label}: ${what}`, { transient: code !== undefined && TRANSIENT_CODES.has(code) });
}
/** The headers of a request: JSON accepted, the client's and the request's own, and the payload's type. */
function requestOf(options, { body, form, headers: requestHeaders }) {
    const headers = {
        accept: 'application/json',
        'user-agent': USER_AGENT,
        ...options.headers,
        ...requestHeaders,
    };
    const payload = form !== undefined ? new URLSearchParams(form).toString() : body === undefined ? undefined : JSON.stringify(body);
    if (payload !== undefined)
        headers['content-type'] = form !== undefined ? 'application/x-www-form-urlencoded' : 'application/json';
    return { headers, payload };
}
/** An answer read whole: its data by the schema, or the HttpError that says what was wrong with it. */
function answerOf(label, schema, response, { notFound, hints: requestHints = {} }, { budget, server, hints, speaker, scrub, unusableAnswer }) {
    const { statusCode: status, headers } = response;
    const json = parseJson(response.text);
    if (status === 404 && notFound !== undefined)
        return { data: notFound, headers };
    if (status >= 300 && status < 400) {
        // Never followed: the credentials go to the origin the user named and nowhere else.
        throw new HttpError(`${label} was redirected (HTTP ${status}) to ${String(headers.location)}. Redirects are not followed with the ` +
            `credentials: set ${server} to the address of the service itself.`, { status });
    }
    if (status < 200 || status >= 300) {
        const hint = requestHints[status] ?? hints[status];
        const retryAfter = headers['retry-after'];
        const retryAfterMs = retry_parseRetryAfter(typeof retryAfter === 'string' ? retryAfter : undefined, budget.clock.now());
        throw new HttpError(`${label} failed with HTTP ${status}${hint === undefined ? '' : `: ${hint}`}.${explainError(json, headers, speaker)}`, {
            status,
            transient: TRANSIENT_STATUSES.has(status),
            ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
        });
    }
    if (json === undefined)
        throw new HttpError(`${label}: the answer (HTTP ${status}) is not JSON`, { status });
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
        const problems = describeAnswerProblems(parsed.error.issues, json, scrub);
        throw new HttpError(`${label}: the answer (HTTP ${status}) cannot be used: ${problems}. ${sentence(unusableAnswer)}${explainError(json, headers, speaker)}`, { status });
    }
    return { data: parsed.data, headers };
}
/**
 * JSON over Node's HTTP (transport.ts) with the project's transport rules: a limit per request, a deadline for
 * the run, retries of transient failures of idempotent requests, no redirects followed,
 * bounded bodies, and every failure turned into an HttpError whose message says what happened.
 */
function createJsonHttp(options) {
    const { budget, urlSetting, words = PLAIN_WORDS, log = silentLog, maxResponseBytes = MAX_RESPONSE_BYTES } = options;
    const server = typeof urlSetting === 'string' ? words.ref(urlSetting) : urlSetting.variable;
    const speech = {
        budget,
        words,
        server,
        hints: options.hints ?? {},
        speaker: options.speaker,
        scrub: options.scrub,
        unusableAnswer: options.unusableAnswer ?? `Check that ${server} names the server meant`,
    };
    const lanes = options.dispatcher === undefined ? keepAliveLanes(budget.signal) : givenDispatcher(options.dispatcher);
    async function exchange(label, schema, method, url, requestOptions = {}) {
        const { host, origin, pathname, search } = new URL(url);
        const { headers, payload } = requestOf(options, requestOptions);
        const started = budget.clock.now();
        const took = () => `${Math.round(budget.clock.now() - started)} ms`;
        let response;
        let text;
        const lane = lanes.take();
        try {
            response = await lane.transport.request({
                origin,
                path: `${pathname}${search}`,
                method,
                headers,
                signal: AbortSignal.any([AbortSignal.timeout(requestLimitMs(budget)), budget.signal]),
                ...(payload === undefined ? {} : { body: payload }),
            });
            text = await readBody(response.body, label, maxResponseBytes);
        }
        catch (error) {
            const { code, name } = (error ?? {});
            log.debug(`${method} ${pathname}: no answer (${code ?? name}) after ${took()}`);
            // The run has stopped (a sibling failed): its connections were destroyed under this request,
            // which then reads as a reset; it is abandoned, never tried again or announced as a retry.
            if (budget.signal.aborted)
                throw new HttpError(`${label} was abandoned: the run has stopped`);
            throw error instanceof HttpError ? error : networkError(label, host, error, speech);
        }
        finally {
            lane.release();
        }
        log.debug(`${method} ${pathname}: HTTP ${response.statusCode} in ${took()}`);
        return answerOf(label, schema, { ...response, text }, requestOptions, speech);
    }
    const send = async (label, schema, method, url, requestOptions) => (await exchange(label, schema, method, url, requestOptions)).data;
    return {
        send,
        retried: (label, schema, method, url, requestOptions) => withHttpRetries(() => send(label, schema, method, url, requestOptions), budget, log),
        retriedWithHeaders: (label, schema, method, url, requestOptions) => withHttpRetries(() => exchange(label, schema, method, url, requestOptions), budget, log),
    };
}
/** A dispatcher the caller gave (a test's): every request goes through it, and the caller closes it. */
const givenDispatcher = (dispatcher) => {
    const transport = { request: (options) => dispatcher.request(options) };
    return { take: () => ({ transport, release: () => { } }) };
};
/** At most this many connections to one origin; a request beyond waits on the least busy one. */
const MAX_LANES = 4;
/**
 * Keep-alive lanes, one connection each (transport.ts). Requests sent together take a lane each
 * and connect at once, directly or through a proxy, none waiting for another's TLS handshake;
 * a later request takes an idle lane and reuses its kept-alive connection (a pool of one agent
 * would do neither reliably: undici's opened no second https connection while the first
 * negotiated its protocol, and may open a new one for a request sent as an answer was read).
 * Pinned on the wire by __tests__/wire/action-on-the-wire.test.ts.
 */
function keepAliveLanes(signal) {
    const lanes = [];
    // The run has stopped: every connection destroyed rather than closed, so that a request still
    // in flight when a sibling failed is abandoned at once instead of being waited for. A signal
    // aborts once: the listener needs no `once`.
    signal.addEventListener('abort', () => {
        lanes.forEach((l) => l.transport.destroy());
        closeAhead();
    });
    const open = () => {
        const lane = { transport: openTransport(), busy: 0 };
        lanes.push(lane);
        return lane;
    };
    return {
        take() {
            const lane = lanes.find((l) => l.busy === 0) ??
                (lanes.length < MAX_LANES ? open() : lanes.reduce((a, b) => (b.busy < a.busy ? b : a)));
            lane.busy++;
            return { transport: lane.transport, release: () => void lane.busy-- };
        },
    };
}

;// CONCATENATED MODULE: ./src/wire/token.ts
/**
 * The service's access token, as the vendor's current guide for Action Providers gets it
 * (globus/action-provider-tools, docs/source/setting_up_auth.rst: a ClientApp with the
 * manage_projects scope): the client credentials grant, `POST /v2/oauth2/token` with HTTP
 * Basic, then `Authorization: Bearer <token>` on every call to the API.
 */




/** The scope every client and scope call of the API requires (globus-sdk 4.x, AuthClient). */
const MANAGE_PROJECTS_SCOPE = 'urn:globus:auth:scope:auth.globus.org:manage_projects';
const TOKEN_PATH = '/v2/oauth2/token';
// The answer as globus-sdk records it (testing/data/auth/oauth2_client_credentials_tokens.py);
// __tests__/fixtures/vendor/oauth2_client_credentials_tokens.json. The token type is
// case-insensitive (RFC 6749, 7.1).
const tokenResponseSchema = schemas/* object */.Ikc({
    access_token: schemas/* string */.YjP().check(api/* _minLength */.m9(1)),
    token_type: schemas/* string */.YjP().check(api/* _regex */.Fk(/^bearer$/i, 'Bearer')),
    expires_in: schemas/* number */.aig().check(api/* _nonnegative */.UI()),
    scope: schemas/* optional */.lqM(schemas/* string */.YjP()),
    resource_server: schemas/* optional */.lqM(schemas/* string */.YjP()),
    other_tokens: schemas/* optional */.lqM(schemas/* array */.YOg(schemas/* unknown */.L5J())),
});
const GRANT = `the client credentials grant for the scope ${MANAGE_PROJECTS_SCOPE}`;
// A refused grant: 400 (unauthorized_client, invalid_scope) or 401 (invalid_client, the id or
// the secret rejected), RFC 6749 5.2; a 401 adds how to replace the secret.
function tokenHints(words) {
    const refused = `the service refused ${GRANT}: check that the app may use the client credentials grant (an app registered as a service account ` +
        `or a confidential client, not a native one) and that ${words.ref('client_secret')} is one of its current secrets, or use ${words.assign('auth', 'basic')}`;
    return { 400: refused, 401: `${refused}. For a secret deleted or lost: ${replaceSecret(words)}` };
}
// The grant's request, as the arguments of JsonHttp's send or retried.
const grantRequest = (authUrl, basic, hints) => [
    `Token request (POST ${TOKEN_PATH}, ${GRANT})`,
    tokenResponseSchema,
    'POST',
    `${authUrl}${TOKEN_PATH}`,
    {
        form: { grant_type: 'client_credentials', scope: MANAGE_PROJECTS_SCOPE },
        headers: { authorization: basic },
        hints,
    },
];
/**
 * One try of the grant with `basic`, for a secret to prove: the token, or the HttpError with
 * its status (a 401 for a secret the service does not take yet). The token is handed to
 * `onCredential` the moment it arrives.
 */
async function grantOnce(http, authUrl, basic, onCredential, words) {
    const answer = await http.send(...grantRequest(authUrl, basic, tokenHints(words)));
    onCredential(answer.access_token);
}
/**
 * A token from the client credentials grant, asked for once, on the first call; its request
 * is retried like a read. After a 401, one fresh token for the whole run: calls refused
 * together share it, and a call refused again with it fails.
 */
function tokenAuthorization({ http, authUrl, basic, onCredential, log = silentLog, words, }) {
    const hints = tokenHints(words);
    let current;
    let refreshed = false;
    const request = async () => {
        const answer = await http.retried(...grantRequest(authUrl, basic, hints)).catch((error) => {
            // Final, and without the status: a refused grant is no 401 of the API call waiting for
            // the token (no refresh), nor a 400 of a creation (no definition was refused).
            throw error instanceof HttpError ? new HttpError(error.message, { secretRejected: error.status === 401 }) : error;
        });
        onCredential(answer.access_token);
        log.debug(`Access token for ${answer.scope ?? MANAGE_PROJECTS_SCOPE}: valid ${answer.expires_in} s`);
        return `Bearer ${answer.access_token}`;
    };
    return {
        header: () => (current ??= request()),
        async refresh(stale) {
            const now = await current;
            if (now !== stale)
                return now; // another call got the fresh token already
            if (refreshed)
                return undefined;
            refreshed = true;
            log.info('The service refused the access token (HTTP 401; expired or revoked since it was issued): asking for a fresh one, once');
            current = request();
            return current;
        },
    };
}
/** Runs `call` with the Authorization header; after a 401, once more with a fresh one if there is one. */
async function sendAuthorized(authorization, call) {
    const header = await authorization.header();
    try {
        return await call({ authorization: header });
    }
    catch (error) {
        if (!(error instanceof HttpError && error.status === 401))
            throw error;
        const fresh = await authorization.refresh(header);
        if (fresh === undefined)
            throw error;
        return call({ authorization: fresh });
    }
}

;// CONCATENATED MODULE: ./src/wire/uuid.ts

// The service's identifiers are UUIDs of any version: z.guid() accepts them all,
// where z.uuid() would reject an identifier of an unusual variant.
const uuidSchema = schemas/* guid */.OsD().brand();
const isUuid = (value) => uuidSchema.safeParse(value).success;

;// CONCATENATED MODULE: ./src/wire/service-client.ts






// Wire schemas: unknown fields are ignored (z.object strips them); the fields the action
// relies on are required, so a changed service fails with a message naming them. Each shape
// is declared here once; the types the engine works with are derived from them.
const dependentScopeSchema = schemas/* object */.Ikc({
    scope: uuidSchema,
    // As the service's defaults: an answer that leaves them out means these.
    optional: schemas/* _default */.Rvf(schemas/* boolean */.zMY(), false),
    requires_refresh_token: schemas/* _default */.Rvf(schemas/* boolean */.zMY(), true),
});
// A scope string goes to the outputs, and from there into deploy scripts: only a URL
// (https, or http for a loopback test service) or a URN, of characters no shell, YAML or
// markdown treats specially. Anything else from the service is refused, saying what is wrong.
const SCOPE_STRING_START = /^(https?:\/\/[A-Za-z0-9.-]+(:\d+)?\/|urn:)/;
const SCOPE_STRING_CHARACTER = /[A-Za-z0-9._~:/@!*+,=%-]/;
const scopeStringExpected = {
    expected: 'a URL (https, or http for a loopback test service) or a URN, of letters, digits and . _ ~ : / @ ! * + , = % - alone',
};
const scopeStringSchema = schemas/* string */.YjP().check(schemas/* superRefine */.zni((value, ctx) => {
    const rest = value.replace(SCOPE_STRING_START, '');
    const stray = [...rest].find((char) => !SCOPE_STRING_CHARACTER.test(char));
    const problem = unsafeCharacter(value) ??
        (/\s/.test(value)
            ? 'contains white space'
            : !/^(https?:\/\/|urn:)/.test(value)
                ? 'is neither an http(s) URL nor a URN'
                : !SCOPE_STRING_START.test(value)
                    ? 'has a malformed host'
                    : stray === undefined
                        ? undefined
                        : `contains ${JSON.stringify(stray)}`);
    if (problem !== undefined)
        ctx.addIssue({ code: 'custom', message: problem, params: scopeStringExpected });
}));
const scopeSchema = schemas/* object */.Ikc({
    id: uuidSchema,
    scope_string: scopeStringSchema,
    name: schemas/* optional */.lqM(schemas/* string */.YjP()),
    description: schemas/* optional */.lqM(schemas/* string */.YjP()),
    client: schemas/* optional */.lqM(schemas/* nullable */.mee(schemas/* string */.YjP())),
    advertised: schemas/* optional */.lqM(schemas/* boolean */.zMY()),
    allows_refresh_token: schemas/* optional */.lqM(schemas/* boolean */.zMY()),
    required_domains: schemas/* optional */.lqM(schemas/* array */.YOg(schemas/* string */.YjP())),
    dependent_scopes: schemas/* optional */.lqM(schemas/* array */.YOg(dependentScopeSchema)),
});
// `client.scopes` holds scope UUIDs as a rule, but full scope objects have been seen too.
const clientScopeSchema = schemas/* union */.KCZ([uuidSchema, schemas/* looseObject */._H3({ id: uuidSchema })]);
const clientResponseSchema = schemas/* pipe */.FsL(schemas/* object */.Ikc({
    client: schemas/* object */.Ikc({
        id: uuidSchema,
        name: schemas/* optional */.lqM(schemas/* string */.YjP()),
        scopes: schemas/* array */.YOg(clientScopeSchema),
    }),
}), schemas/* transform */.pdi(({ client }) => ({
    id: client.id,
    name: client.name,
    /** The ids of the client's scopes, FQDN variants included, in the client's order. */
    scopeIds: client.scopes.map((s) => (typeof s === 'string' ? s : s.id)),
    /** Those of its scopes the inspection described in full (embedded objects spare a lookup). */
    scopes: client.scopes.flatMap((s) => {
        const parsed = scopeSchema.safeParse(s);
        return parsed.success ? [parsed.data] : [];
    }),
})));
/** The scope string the service generates for a client's scope with `suffix`. */
const service_client_scopeStringOf = (authUrl, clientId, suffix) => `${authUrl}/scopes/${clientId}/${suffix}`;
const scopeListResponseSchema = schemas/* pipe */.FsL(schemas/* object */.Ikc({ scopes: schemas/* array */.YOg(scopeSchema) }), schemas/* transform */.pdi((r) => r.scopes));
// One scope by id, and the answer to an update (Globus SDK, get_scope and update_scope).
const oneScopeResponseSchema = schemas/* pipe */.FsL(schemas/* object */.Ikc({ scope: scopeSchema }), schemas/* transform */.pdi((r) => r.scope));
// An update that fails says what the status means for a scope that existed a moment ago.
const updateHints = (words) => ({
    403: 'the service refused this client the change of its scope: open the project in the developer portal with an administering identity, or change the scope there',
    404: `the scope no longer exists (deleted since the inspection?): ${lowerFirst(words.runAgain)}, and it will be created anew`,
});
// Creation answers `{"scopes": [...]}` as documented, or `{"scope": {...}}`. One object with
// both keys optional, rather than a union, so that a malformed answer names its field.
const createResponseSchema = schemas/* pipe */.FsL(schemas/* object */.Ikc({ scopes: schemas/* optional */.lqM(schemas/* array */.YOg(scopeSchema).check(api/* _minLength */.m9(1))), scope: schemas/* optional */.lqM(scopeSchema) }), schemas/* transform */.pdi((r, ctx) => {
    const scopes = r.scopes ?? (r.scope === undefined ? [] : [r.scope]);
    const expected = { expected: '"scopes": [the scope] (or "scope": the scope)' };
    // No message: a field that is absent is said to be missing (describeAnswerProblems).
    if (scopes.length === 0)
        ctx.issues.push({ code: 'custom', path: ['scopes'], params: expected, input: r });
    return scopes;
}));
// A client's credential (globus-sdk-python, get_client_credentials, create_client_credential,
// delete_client_credential; their fixtures in __tests__/fixtures/vendor/*credential*.json).
// Its secret is null but in the answer that creates it.
const credentialSchema = schemas/* object */.Ikc({
    id: uuidSchema,
    name: schemas/* string */.YjP(),
    created: schemas/* string */.YjP(),
    client: schemas/* optional */.lqM(schemas/* nullable */.mee(schemas/* string */.YjP())),
});
const credentialListSchema = schemas/* pipe */.FsL(schemas/* object */.Ikc({ credentials: schemas/* array */.YOg(credentialSchema) }), schemas/* transform */.pdi((r) => r.credentials));
/**
 * The creation's answer. `onSecret` takes the secret before anything else reads the answer, so
 * that a message about a malformed answer is scrubbed of it too.
 */
const createdCredentialSchema = (onSecret) => schemas/* pipe */.FsL(schemas/* pipe */.FsL(schemas/* unknown */.L5J(), schemas/* transform */.pdi((answer) => {
    const secret = answer?.credential?.secret;
    if (typeof secret === 'string' && secret !== '')
        onSecret(secret);
    return answer;
})), schemas/* pipe */.FsL(schemas/* object */.Ikc({ credential: schemas/* extend */.X$i(credentialSchema, { secret: schemas/* string */.YjP().check(api/* _minLength */.m9(1)) }) }), schemas/* transform */.pdi(({ credential: { secret, ...credential } }) => ({ credential, secret }))));
// An answer of 2xx whose fields are not as documented: nothing the user's settings can change.
const UNUSABLE_ANSWER = "This is the service's answer, not a setting of yours: report it to the service's operators with this message";
// What a status can really mean for these calls, in the words of the portal the user knows.
// The path names the credentials' own client, so a wrong client_id is a 401, never a 403 or 404.
const statusHints = (words) => ({
    400: 'the service refused the request as invalid',
    401: `the credentials were rejected: ${words.ref('client_id')} must be the app's Client ID and ${words.ref('client_secret')} one of its current secrets ` +
        '(a secret deleted in the developer portal stops working at once; a Client ID and secret swapped or from two apps fail too). ' +
        `For a secret deleted or lost: ${replaceSecret(words)}`,
    // Recorded for a project whose administrators must have logged in recently (ORNL/DataFed issue 1783).
    403: "the service refused this client the call: the app's project may require an administrator's recent login, or a policy " +
        'of the project blocks it; open the project in the developer portal with an administering identity',
    404: `there is no such API at this address: check that ${words.ref('auth_url')} is the base address of the authentication service`,
    429: 'too many requests',
});
// With a token, a 401 has outlived one fresh token: the credentials worked, the token does not.
const tokenStatusHints = (words) => ({
    ...statusHints(words),
    401: `the service refused the access token (granted for ${MANAGE_PROJECTS_SCOPE}), and a fresh one too: check that ${words.ref('auth_url')} ` +
        `is the authentication service that issued it, or use ${words.assign('auth', 'basic')}`,
});
// A conflict means something only for the creation.
const CREATION_HINTS = { 409: 'the scope already exists' };
// A path in auth_url that looks like the API's own (\u2026/v2/api, \u2026/api): the paths are appended to it.
const API_LIKE_PATH = /\/(v\d+|api)(\/|$)/i;
// One comma-separated list per parameter, with the separators left as they are: each item
// is encoded on its own so that a server splitting before or after decoding reads the same.
const list = (values) => values.map(encodeURIComponent).join(',');
/**
 * The authentication service's API, bound to one client: the calls the engine's port
 * (engine/reconcile/service.ts) names, authenticated with HTTP Basic, or with a token that the client
 * credentials grant gives (`auth: 'token'`). Its connections close when the budget's signal aborts.
 */
function service_client_createServiceClient(options) {
    const { authUrl, clientId } = options;
    const bound = bind(options);
    return {
        // The form the service gives a client's scope (globus/action-provider-tools, docs/source/setting_up_auth.rst:
        // "https://auth.globus.org/scopes/$CLIENT_ID/action_all").
        scopeStringFor: (suffix) => service_client_scopeStringOf(authUrl, clientId, suffix),
        ...scopeCalls(bound),
        ...credentialCalls(bound),
    };
}
/** The client's HTTP, authenticated with HTTP Basic or the client credentials grant's token. */
function bind({ authUrl, clientId, clientSecret, auth = 'basic', onCredential = () => { }, budget, dispatcher, log, scrub, words = PLAIN_WORDS, }) {
    const apiPath = new URL(authUrl).pathname;
    const hints = auth === 'token' ? tokenStatusHints(words) : statusHints(words);
    // The only place the secret is used: built once, never logged, sent in every call (basic)
    // or in the token request alone (token).
    const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
    const http = createJsonHttp({
        budget,
        urlSetting: 'auth_url',
        words,
        hints: API_LIKE_PATH.test(apiPath)
            ? {
                ...hints,
                404: `${words.ref('auth_url')} ends in ${apiPath}, which looks like a path of the API: set it to the service's base address alone (e.g. https://auth.globus.org)`,
            }
            : hints,
        unusableAnswer: UNUSABLE_ANSWER,
        scrub,
        log,
        headers: auth === 'basic' ? { authorization: basic } : {},
        dispatcher,
    });
    // Each call through here: as it is with Basic (no extra step), with the token's header and its one refresh otherwise.
    const tokens = auth === 'token' ? tokenAuthorization({ http, authUrl, basic, onCredential, log, words }) : undefined;
    // With Basic, a 401 is the secret (or the id) rejected: marked so, for the watch's advice.
    const call = (send) => tokens === undefined
        ? send({}).catch((error) => Promise.reject(error instanceof HttpError && error.status === 401 ? error.asSecretRejected() : error))
        : sendAuthorized(tokens, send);
    const clientPath = `/v2/api/clients/${encodeURIComponent(clientId)}`;
    const lookup = (query) => call((headers) => http.retried(`Scope lookup (GET ${scopesPath})`, scopeListResponseSchema, 'GET', `${authUrl}${scopesPath}?${query}`, { notFound: [], headers }));
    return { http, call, authUrl, auth, basic, onCredential, words, clientPath, lookup };
}
const scopesPath = '/v2/api/scopes';
/** The calls on the client and its scopes: inspect, look up, create, update. */
function scopeCalls({ http, call, authUrl, words, clientPath, lookup }) {
    const onUpdate = updateHints(words);
    return {
        getClient: () => call((headers) => http.retried(`Client inspection (GET ${clientPath})`, clientResponseSchema, 'GET', `${authUrl}${clientPath}`, {
            headers,
        })),
        // A string or id that does not exist may be answered with an empty list or with 404.
        lookupScopesByString: (scopeStrings) => lookup(`scope_strings=${list(scopeStrings)}`),
        lookupScopesById: (ids) => lookup(`ids=${list(ids)}`),
        createScope: async (definition) => {
            try {
                const label = `Scope creation (POST ${clientPath}/scopes)`;
                // The API's field is allows_refresh_token (Globus SDK, create_scope); allow_refresh_tokens,
                // the name in the vendor's guide until 2025 (globus/action-provider-tools,
                // docs/source/setting_up_auth.rst at 03872dea), is sent too with the same value: a recorded
                // exchange that sent only it succeeded (Garden-AI/garden-backend, scopes/test_scope.txt),
                // but whether the service honours its `false` is not recorded.
                const body = { scope: { ...definition, allows_refresh_token: definition.allow_refresh_tokens } };
                // A 401 means the creation was refused, not applied: sent again with a fresh token, it is still sent once.
                return {
                    kind: 'created',
                    scopes: await call((headers) => http.send(label, createResponseSchema, 'POST', `${authUrl}${clientPath}/scopes`, {
                        body,
                        hints: CREATION_HINTS,
                        headers,
                    })),
                };
            }
            catch (error) {
                if (error instanceof HttpError && error.status === 409)
                    return { kind: 'conflict', error };
                if (error instanceof HttpError && (error.status === 400 || error.status === 422))
                    return { kind: 'refused', error };
                // A failure that may be passing may also have happened after the scope was made.
                if (error instanceof HttpError && error.transient)
                    return { kind: 'unknown', error, retryAfterMs: error.retryAfterMs };
                throw error;
            }
        },
        updateScope: (id, { name, description, advertised, allow_refresh_tokens, required_domains, dependent_scopes }) => {
            const path = `${scopesPath}/${encodeURIComponent(id)}`;
            // The fields the service lets change: all but the suffix, which is part of the scope
            // string (Globus SDK, update_scope). Both refresh-token names, as on creation.
            const changeable = {
                name,
                description,
                advertised,
                allows_refresh_token: allow_refresh_tokens,
                allow_refresh_tokens,
                required_domains,
                dependent_scopes,
            };
            const body = { scope: changeable };
            return call((headers) => http.retried(`Scope update (PUT ${path})`, oneScopeResponseSchema, 'PUT', `${authUrl}${path}`, {
                body,
                hints: onUpdate,
                headers,
            }));
        },
        getScope: (id) => {
            const path = `${scopesPath}/${encodeURIComponent(id)}`;
            return call((headers) => http.retried(`Scope lookup (GET ${path})`, oneScopeResponseSchema, 'GET', `${authUrl}${path}`, { headers }));
        },
    };
}
/** The calls on the client's credentials, and whether its secret authenticates. */
function credentialCalls({ http, call, authUrl, auth, basic, onCredential, words, clientPath }) {
    const credentialsPath = `${clientPath}/credentials`;
    return {
        listCredentials: () => call((headers) => http.retried(`Credential listing (GET ${credentialsPath})`, credentialListSchema, 'GET', `${authUrl}${credentialsPath}`, { headers })),
        createCredential: async (name) => {
            try {
                const label = `Credential creation (POST ${credentialsPath})`;
                // Sent once: a second try would make a second credential.
                const made = await call((headers) => http.send(label, createdCredentialSchema(onCredential), 'POST', `${authUrl}${credentialsPath}`, {
                    body: { credential: { name } },
                    headers,
                }));
                return { kind: 'created', ...made };
            }
            catch (error) {
                if (error instanceof HttpError && error.transient)
                    return { kind: 'unknown', error };
                throw error;
            }
        },
        /** Deletes a credential; one already gone (a 404, after an answer lost) is `absent`. */
        deleteCredential: (id) => {
            const path = `${credentialsPath}/${encodeURIComponent(id)}`;
            return call((headers) => http.retried(`Credential deletion (DELETE ${path})`, schemas/* pipe */.FsL(schemas/* unknown */.L5J(), schemas/* transform */.pdi(() => 'deleted')), 'DELETE', `${authUrl}${path}`, { headers, notFound: 'absent' }));
        },
        /**
         * Whether the service takes this client's secret now, tried once: HTTP Basic on the
         * client's own inspection, or the grant with `auth: token` (its token handed to
         * onCredential). A 401 is `false`; any other failure is thrown.
         */
        authenticates: async () => {
            try {
                if (auth === 'token')
                    await grantOnce(http, authUrl, basic, onCredential, words);
                else
                    await http.send(`Client inspection (GET ${clientPath})`, clientResponseSchema, 'GET', `${authUrl}${clientPath}`);
                return true;
            }
            catch (error) {
                if (error instanceof HttpError && error.status === 401)
                    return false;
                throw error;
            }
        },
    };
}

;// CONCATENATED MODULE: ./src/engine/conclude/conclude.ts
/**
 * What a run concludes, as data: the outputs, the messages in order, what a door reports (the
 * job summary, a plan on a terminal) and the exit code. Pure functions of the result, the
 * settings and the provider check; each door writes the conclusion out, scrubbed, in one place.
 */






/**
 * The outputs: the registration as a whole (created, updated, changes: any listed scope's), the
 * first scope of the spec's string and id, every scope string of the client, and each scope of
 * the spec by its suffix. A spec of one scope is a list of one, so its values are that scope's.
 */
function outputsOf(results, plan) {
    const each = (result, index) => ({
        scope_string: result.scope.scope_string,
        scope_id: result.scope.id,
        created: result.created,
        updated: result.updated,
        changes: plan.scopes[index].changes,
    });
    const first = each(results[0], 0);
    return {
        scope_string: first.scope_string,
        scope_id: first.scope_id,
        scope_strings: plan.scopeStrings,
        created: results.some((result) => result.created),
        updated: results.some((result) => result.updated),
        changes: plan.changes,
        scopes: Object.fromEntries(results.map((result, index) => [plan.scopes[index]?.suffix, each(result, index)])),
    };
}
/** A run that ensured its scopes: outputs, drift, the provider's verdict, the report. */
function conclude_concludeRun({ inputs, naming, ensured, providers }) {
    const { results } = ensured;
    const list = ensured.telling.apart;
    const messages = [];
    const planOnly = inputs.on_drift === 'update' && inputs.dry_run;
    // Under update, what is left differs although the service was asked: an error. A plan is no drift.
    const level = inputs.on_drift === 'warn' ? 'warning' : 'error';
    let failed = false;
    for (const result of results) {
        // The list form names the scope each message is about.
        const about = list ? `${suffixOf(result.scope.scope_string)}: ` : '';
        const state = result.wouldCreate ? 'would be created' : result.created ? 'created' : 'already registered';
        messages.push({ level: 'info', text: `${about}scope_string: ${result.scope.scope_string} (${state})` });
        for (const c of result.changes) {
            const values = `from ${valueText(c.service)} to ${valueText(c.spec)}${asksConsent(c) ? ` (${CONSENT_NOTE})` : ''}`;
            messages.push({
                level: 'info',
                text: `${about}${planOnly ? `Dry run: ${c.field} would change ${values}` : `Updated ${c.field} ${values}`}`,
            });
        }
        const drift = result.comparison.filter((c) => !c.same);
        if (inputs.on_drift !== 'ignore' && !planOnly) {
            const written = result.updated ? 'updated' : result.created ? 'created' : 'nothing';
            // An update refuses while the suffix differs: then none is offered (../reconcile/update.ts, applySpec).
            const update = drift.some((c) => c.field === 'scope_suffix') ? undefined : naming.assign('on_drift', 'update');
            for (const c of drift)
                messages.push({
                    level,
                    text: `${about}${describeDrift(c, written, update)}`,
                    title: `Scope drift: ${about}${c.field}`,
                });
            failed ||= level === 'error' && drift.length > 0;
        }
    }
    const verdicts = (providers ?? []).map((run) => {
        const { verdict, said } = providerVerdict(run, results[0], naming);
        messages.push(...said);
        failed ||= !verdict.matches;
        return verdict;
    });
    const plan = planOf(ensured, inputs.dry_run);
    return {
        outputs: outputsOf(results, plan),
        messages,
        // A failed check still leaves the plan of what was ensured.
        plan,
        providers: verdicts,
        exitCode: failed ? 1 : 0,
    };
}
/** A provider's verdict, and what the run says of it: where it publishes, else what to publish and where; or why it could not be read. */
function providerVerdict({ target, publishable, outcome }, first, naming) {
    // The single form: any scope string of the client, its provider's scope first.
    const { expected, strings, described, suffix } = publishable ?? {
        expected: first.scope.scope_string,
        strings: first.scopes.map((s) => s.scope_string),
        described: ANY_SCOPE_OF_CLIENT,
        suffix: undefined,
    };
    const about = { suffix: target.suffix, allowed: described };
    if ('failure' in outcome)
        return {
            verdict: { ...about, url: `${target.url}/`, read: false, matches: false },
            said: failureMessages(outcome.failure, naming),
        };
    const { check } = outcome;
    const verdict = { ...about, ...check, read: true };
    if (check.matches)
        return {
            verdict,
            said: [{ level: 'info', text: `The provider at ${check.url} publishes ${check.published} (${check.key})` }],
        };
    // The fix names the output that holds the expected string.
    const words = suffix === undefined ? naming : { ...naming, scopeStringOutput: naming.scopeOutputOf(suffix) };
    return { verdict, said: [{ level: 'error', text: mismatchMessage(check, expected, strings, words, described) }] };
}
/**
 * A run that could not ensure the scope, with what it knew before it failed; a failed
 * validation hands every problem on.
 */
function conclude_concludeFailure(error, naming, known) {
    const messages = failureMessages(error, naming);
    const conclusion = {
        messages,
        exitCode: 1,
        ...(known === undefined ? {} : { known }),
        ...(error instanceof HttpError && error.secretRejected ? { secretRejected: true } : {}),
    };
    return error instanceof problems_ValidationError ? { ...conclusion, problems: error.problems } : conclusion;
}
/** One error per problem, said once: how many a door can show is the door's business. */
function failureMessages(error, { debugOutput }) {
    if (error instanceof problems_ValidationError)
        return error.problems.map(({ message, location }) => ({ level: 'error', text: message, location }));
    if (error instanceof ActionError)
        return [{ level: 'error', text: error.message }];
    // The last line of defence: still one clear error, the stack only in the debug output.
    const { message, stack } = error instanceof Error ? error : { message: String(error), stack: undefined };
    return [
        { level: 'debug', text: stack ?? message },
        { level: 'error', text: `Unexpected error: ${message}. Please report it with ${debugOutput}.` },
    ];
}

;// CONCATENATED MODULE: ./src/engine/ensure.ts
/**
 * The engine's entries: one run, from the settings a door read to its conclusion as data.
 * `ensureProviderScope` is what the action does, and the command line's plan and apply;
 * `verifyProvider` is the deployed provider's check alone. The doors (the GitHub runner, the
 * command line) differ only in where they read the settings and how they show what these
 * return and write.
 */











/**
 * Validates, ensures the scope (or plans it), checks the deployed provider when asked, and
 * concludes. Never throws: a failure is a conclusion too.
 */
const ensureProviderScope = (port) => entered(port, ensure);
/** Reads the client's scopes and checks that the deployed provider publishes one of them. Never throws. */
const verifyProvider = (port) => entered(port, verify);
/**
 * An entry's run: each setting read once from the door (what the run's later steps need of them
 * travels on the conclusion), under the run's one signal, a failure concluded.
 */
async function entered(door, run) {
    const port = { ...door, read: readOnce(door.read) };
    const settings = runSettingsOf(port.read, port.naming);
    const conclusion = await stopping(port, (signal) => run(port, signal), (error) => concludeFailure(error, port.naming));
    return { ...conclusion, settings };
}
/** Each setting read from the door once, whoever asks for it again. */
function readOnce(read) {
    const seen = new Map();
    return (name) => {
        if (!seen.has(name))
            seen.set(name, read(name));
        return seen.get(name);
    };
}
/**
 * One signal stops a run: aborted at its end, after its first failure or from outside, it ends
 * every request and pause still pending and closes every connection. Every entry of the engine
 * runs under it, and turns a failure into its own result with `fail`.
 */
async function stopping(port, run, fail) {
    const stop = new AbortController();
    try {
        return await run(port.signal === undefined ? stop.signal : AbortSignal.any([stop.signal, port.signal]));
    }
    catch (error) {
        return fail(error);
    }
    finally {
        stop.abort(new Error('the run has ended'));
    }
}
/** The log the lower layers tell, on the door's writer; a warning about a spec field points at its line. */
const logOn = (write, locate = () => undefined) => ({
    info: (text) => write({ level: 'info', text }),
    debug: (text) => write({ level: 'debug', text }),
    warning: (text, field) => write({ level: 'warning', text, location: field === undefined ? undefined : locate(field) }),
});
/** The run's budget and the service's client, bound to the settings' client. */
function connect(settings, { clock, dispatcher, secrets, naming }, signal, log) {
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
const providerOutcome = (url, scopeStrings, budget, port, log) => checkProvider(url, scopeStrings, budget, { dispatcher: port.dispatcher, log, words: port.naming }).then((check) => ({ check }), (failure) => ({ failure }));
/** Each provider checked at once against what it may publish (`ensuredFor`: the scopes its suffix is found among); none fails another. */
const checkProviders = (targets, ensuredFor, budget, port, log) => Promise.all(targets.map(async (target) => {
    const ensured = ensuredFor(target);
    const publishable = publishableOf(ensured, target.suffix);
    const strings = publishable?.strings ?? ensured.results[0].scopes.map((s) => s.scope_string);
    return { target, publishable, outcome: await providerOutcome(target.url, strings, budget, port, log) };
}));
async function ensure(port, signal) {
    const { settings, specFile } = await validate(port);
    const { scopes: specs, form } = specFile;
    const first = specs[0];
    // A listed scope's field starts with its index; the single form's is the scope's own.
    const log = logOn(port.write, (field) => specFile.locate(typeof field[0] === 'number' ? field : [0, ...field]));
    for (const { message, location } of specFile.warnings)
        port.write({ level: 'warning', text: message, location });
    const what = form === 'list'
        ? `${specs.length} scope(s) (${specs.map((s) => s.scope_suffix).join(', ')})`
        : `scope ${JSON.stringify(first.name)}`;
    log.info(`Ensuring ${what} for client ${settings.client_id} at ${settings.auth_url}${settings.dry_run ? ' (dry run)' : ''}`);
    const { budget, service } = connect(settings, port, signal, log);
    try {
        const request = { dryRun: settings.dry_run, update: settings.on_drift === 'update', budget, words: port.naming };
        const ensured = {
            telling: tellingOf(form),
            ...(await reconcile(service, { ...request, form, specs }, log)),
        };
        const providers = await checkProviders(providersOf(settings), () => ensured, budget, port, log);
        return {
            ...concludeRun({ inputs: settings, naming: port.naming, ensured, providers }),
            onDrift: settings.on_drift,
        };
    }
    catch (error) {
        // A failure past validation: the doors' reports still say which client and scope it was about.
        return concludeFailure(placed(error, specFile), port.naming, {
            clientId: settings.client_id,
            scopes: specs.map(({ scope_suffix: suffix }) => ({ suffix, scopeString: service.scopeStringFor(suffix) })),
        });
    }
}
/** A problem of the spec the service's answers showed, at its line in the file as validation's problems are. */
function placed(error, specFile) {
    if (!(error instanceof SpecFieldError))
        return error;
    return new ValidationError(error.problems.map(({ at, field, message }) => {
        if (at === undefined)
            return { field, message };
        const location = specFile.locate(at);
        return { field, message: `${location.file}: ${message}`, location };
    }));
}
/**
 * What the deployed provider may publish, beyond the single form's "any scope string of the
 * client": the scope with provider_suffix (and its FQDN variants), else any listed scope's.
 */
function publishableOf(ensured, suffix) {
    const { results } = ensured;
    if (!ensured.telling.apart && suffix === undefined)
        return undefined;
    const chosen = suffix === undefined
        ? results
        : results.filter((r) => (r.definition?.scope_suffix ?? suffixOf(r.scope.scope_string)) === suffix);
    const strings = chosen.flatMap((r) => [
        r.scope,
        ...r.scopes.filter((s) => s.id !== r.scope.id && suffixOf(s.scope_string) === suffixOf(r.scope.scope_string)),
    ].map((s) => s.scope_string));
    const [one] = chosen;
    return {
        expected: (one ?? results[0]).scope.scope_string,
        strings,
        described: suffix === undefined ? 'the scope string of a listed scope' : `the scope string of the scope ${suffix}`,
        // The scope_string output holds the first listed scope's string.
        suffix: one === results[0] ? undefined : suffix,
    };
}
async function verify(port, signal) {
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
    if (problems.length > 0)
        throw new ValidationError(problems);
    const log = logOn(port.write);
    const where = targets.map((t) => t.url).join(', ');
    log.info(`Checking the provider at ${where} against the scopes of client ${settings.client_id} at ${settings.auth_url}`);
    const { budget, service } = connect(settings, port, signal, log);
    // Each suffix's scope, read in turn: the client once per suffix checked.
    const found = new Map();
    for (const { suffix } of targets)
        if (!found.has(suffix))
            found.set(suffix, {
                telling: TOLD_AS_ONE,
                results: [await inspectScopes(service, naming, suffix)],
                unlisted: [],
            });
    const ensuredFor = ({ suffix }) => found.get(suffix);
    const runs = await checkProviders(targets, ensuredFor, budget, port, log);
    // The outputs hold the first provider's scope: another's string is in plan's and apply's scopes output, by its suffix.
    const providers = runs.map((run, index) => index === 0 || run.publishable === undefined
        ? run
        : { ...run, publishable: { ...run.publishable, suffix: run.target.suffix } });
    // No spec is held to the scope: drift is not this check's business. The outputs are the first provider's scope's.
    return concludeRun({
        inputs: { on_drift: 'ignore', dry_run: false },
        naming,
        ensured: ensuredFor(first),
        providers,
    });
}
/** Settings and spec together, so that one run reports every problem in both. */
async function validate({ read, naming, workspace, specBase, check, }) {
    const specPath = read('spec');
    const [settings, spec] = await Promise.allSettled([
        (async () => parseSettings(read, naming))(),
        // An empty `spec` setting is reported by parseSettings.
        specPath === '' ? undefined : loadSpec(workspace, specPath, naming, specBase),
    ]);
    const problems = [settings, spec].flatMap((result) => {
        if (result.status === 'fulfilled')
            return [];
        if (result.reason instanceof ValidationError)
            return result.reason.problems;
        throw result.reason;
    });
    if (settings.status === 'fulfilled' && spec.status === 'fulfilled' && spec.value !== undefined) {
        const { auth_url: authUrl, client_id: clientId } = settings.value;
        problems.push(...providerProblems(settings.value, naming), ...unknownSuffixes(settings.value, spec.value, naming));
        problems.push(...(check?.(spec.value, (suffix) => scopeStringOf(authUrl, clientId, suffix)) ?? []));
        if (problems.length === 0)
            return { settings: settings.value, specFile: spec.value };
    }
    throw new ValidationError(problems);
}
/** Each provider's scope must be one of the spec's: the setting that named it says which it named, and which there are. */
function unknownSuffixes(settings, spec, naming) {
    const suffixes = spec.scopes.map((s) => s.scope_suffix);
    return providersOf(settings).flatMap(({ suffix, line }) => {
        if (suffix === undefined || suffixes.includes(suffix))
            return [];
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

;// CONCATENATED MODULE: ./src/engine/rotate.ts
/**
 * The rotation of the client secret, whichever door starts it: read the client's credentials
 * with the current secret, check every destination, create one credential, hand its secret to
 * the keeper, prove it, switch the run to it, store it in every destination in the order
 * given, then retire what must go. Nothing old is touched before the new secret is proven and
 * stored everywhere; a fault leaves a state the final messages name (issue 45; the order is
 * AWS Secrets Manager's create, set, test, finish, and ovotech/cloud-key-rotator's stop at the
 * first error).
 */











/** The prefix of the name of every credential this tool makes: how it tells its own from the portal's. */
const CREDENTIAL_NAME_PREFIX = 'ensure-provider-scope ';
const TOOL_NAME = /^ensure-provider-scope \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ [0-9a-z]+$/;
/** The new credential's name: the tool, the UTC time, the run's token (how a run finds what it made after a lost answer). */
const credentialName = (now, token) => `${CREDENTIAL_NAME_PREFIX}${new Date(now).toISOString().replace(/\.\d{3}Z$/, 'Z')} ${token}`;
const madeByThisTool = (credential) => TOOL_NAME.test(credential.name);
/** At most this many tries of the new secret, paced by the budget, while the service propagates it. */
const PROOF_ATTEMPTS = 12;
const view = ({ id, name, created }) => ({ id, name, created });
/** Oldest first; the listing's order breaks a tie (the sort is stable). */
const byCreation = (credentials) => [...credentials].sort((a, b) => a.created.localeCompare(b.created));
const describe = (c) => `${JSON.stringify(c.name)} (id ${c.id}, created ${c.created})`;
/** A failure that ends the rotation with what the report knows so far. */
class RotationFailure extends ActionError {
    name = 'RotationFailure';
    messages;
    constructor(messages) {
        super(messages.join('\n'));
        this.messages = messages;
    }
}
/** One rotation. Never throws: a failure is a conclusion too, with what the run did. */
function rotateSecret(port) {
    const report = { stored: [], unchanged: [], retired: [], left: [] };
    return stopping(port, (signal) => rotate(port, signal, report), (error) => {
        const messages = error instanceof RotationFailure
            ? error.messages.map((text) => ({ level: 'error', text }))
            : conclude_concludeFailure(error, port.naming).messages;
        return { messages, report, exitCode: 1 };
    });
}
/** The service's settings by their rules, the rotation's own beside them: every problem in one run. */
function rotate_validate({ read, naming, rotationNaming: words }) {
    const problems = [];
    let settings;
    try {
        // A rotation reads no spec: the other settings keep their defaults.
        const used = new Set(['client_id', 'client_secret', 'auth_url', 'auth', 'timeout_seconds']);
        settings = settings_parseSettings((name) => (used.has(name) ? read(name) : (SETTING_DEFAULTS[name] ?? '')), naming);
    }
    catch (error) {
        if (!(error instanceof problems_ValidationError))
            throw error;
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
    if (problems.length > 0 || settings === undefined)
        throw new problems_ValidationError(problems);
    return { settings, retire: retire, retireId: retireId?.data };
}
/** The service's client for one secret, on the run's budget, every secret and token it meets handed to the keeper. */
function clientFor(settings, secret, port, budget, log) {
    return service_client_createServiceClient({
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
async function rotate(port, signal, report) {
    const run = begin(port, signal, report);
    await readCredentials(run);
    await checkDestinations(run);
    // One credential, its secret already with the keeper (onCredential).
    const name = credentialName(run.budget.clock.now(), port.runToken ?? (0,external_node_crypto_.randomBytes)(6).toString('hex'));
    const made = await createOne(run.current, name, run.log);
    report.created = view(made.credential);
    run.log.info(`Created the credential ${describe(made.credential)}`);
    // From the proof on, every call is made with the new secret: the old one may be about to go.
    const service = await prove(run, made);
    await storeEverywhere(run, service, made);
    return retireOld(run, service, made.credential);
}
/** The settings checked, the run announced, its one budget and the client with the current secret. */
function begin(port, signal, report) {
    const rotation = rotate_validate(port);
    const { settings, retire, retireId } = rotation;
    const words = port.rotationNaming;
    report.clientId = settings.client_id;
    const log = logOn(port.write);
    log.info(`Rotating the secret of client ${settings.client_id} at ${settings.auth_url} (${words.assign('retire', retire)}${retireId === undefined ? '' : `, ${words.assign('retire_id', retireId)}`})`);
    // One budget for the whole run; a rotation makes more requests than a registration, each under the same limit.
    const budget = budget_createBudget(settings.timeout_seconds, { clock: port.clock, signal });
    const current = clientFor(settings, settings.client_secret, port, budget, log);
    return { ...rotation, port, report, budget, log, current };
}
/** What the client has, with the current secret: a refusal here creates nothing. */
async function readCredentials({ current, settings, retireId, port }) {
    const before = await current.listCredentials().catch((error) => {
        throw new RotationFailure([refusalOfCurrent(error, settings, port.naming)]);
    });
    if (retireId !== undefined && !before.some((c) => c.id === retireId)) {
        throw new RotationFailure([
            `${port.rotationNaming.label('retire_id')} names no credential of client ${settings.client_id}: nothing was created. Its credentials are ${before.map(describe).join(', ') || 'none'}.`,
        ]);
    }
}
/** Every destination, before anything is made: every refusal named at once. */
async function checkDestinations({ port, budget, log }) {
    const refused = [];
    for (const destination of port.destinations) {
        await destination
            .check({ budget, log })
            .catch((error) => void refused.push(`${destination.name} cannot be written: ${error.message}`));
    }
    if (refused.length > 0)
        throw new RotationFailure([...refused, 'Nothing was created: the current secret is unchanged everywhere.']);
}
/** The new secret proven while the service propagates it: its client; else the credential deleted with the secret that still works. */
async function prove({ settings, port, budget, log, current, report }, made) {
    const fresh = clientFor(settings, made.secret, port, budget, log);
    if (await proven(fresh, budget, log))
        return fresh;
    await deleteAfterFailure(current, made.credential, report);
    throw new RotationFailure([
        `The new secret was not accepted within the run's time (${PROOF_ATTEMPTS} tries at most): the credential ${describe(made.credential)} was deleted, and nothing was stored. ` +
            `${port.naming.runAgain}, or give the service more time with ${port.naming.ref('timeout_seconds')}.`,
    ]);
}
/** Every destination, in order; at the first failure, what each holds is said (the new credential deleted if none holds it). */
async function storeEverywhere(run, service, made) {
    const { port, report, budget, log } = run;
    for (const [index, destination] of port.destinations.entries()) {
        try {
            await destination.store(made.secret, { budget, log });
            report.stored.push(destination.name);
            log.info(`Stored the new secret in ${destination.name}`);
        }
        catch (error) {
            report.unchanged = port.destinations.slice(index).map((d) => d.name);
            const deleted = index === 0 ? await deleteAfterFailure(service, made.credential, report) : undefined;
            throw new RotationFailure(storeFailure(error, destination, deleted, report, made.credential, port.naming));
        }
    }
}
/** Retires what must go, once the new secret is stored everywhere, and concludes. */
async function retireOld({ port, report, retire, retireId }, service, made) {
    const after = byCreation(await service.listCredentials());
    const failed = [];
    for (const credential of toRetire(after, made, retire, retireId)) {
        await service.deleteCredential(credential.id).then(() => void report.retired.push(view(credential)), (error) => void failed.push(`Could not retire the credential ${describe(credential)}: ${error.message}. Delete it by hand in the developer portal.`));
    }
    const retiredIds = new Set(report.retired.map((c) => c.id));
    report.left = after
        .filter((c) => !retiredIds.has(c.id))
        .map((c) => ({ ...view(c), madeByThisTool: madeByThisTool(c) }));
    const outputs = { credential_id: made.id, retired: JSON.stringify(report.retired.map((c) => c.id)) };
    const messages = [
        ...report.retired.map((c) => ({ level: 'info', text: `Retired the credential ${describe(c)}` })),
        ...leftAdvice(report, made, port.rotationNaming),
        ...failed.map((text) => ({ level: 'error', text })),
    ];
    return { outputs, messages, report, exitCode: failed.length === 0 ? 0 : 1 };
}
/** Why the current secret could not list the credentials, and what to do. */
function refusalOfCurrent(error, settings, naming) {
    const message = error.message;
    if (error instanceof HttpError && error.status === 401) {
        return (`${message} Nothing was created. A rotation needs a secret that works: a secret deleted in the developer portal can only be replaced there. ` +
            `Open the app in the developer portal, generate a new secret, store it where the deployed provider and ${naming.ref('client_secret')} read it, ` +
            'deploy, then rotate from there (docs/rotation.md).');
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
async function createOne(service, name, log) {
    for (let attempt = 1;; attempt++) {
        const outcome = await service.createCredential(name);
        if (outcome.kind === 'created')
            return outcome;
        log.info(`The credential's creation may or may not have been applied (${outcome.error.message}): looking for it by its name`);
        const orphans = await service.listCredentials().then((all) => all.filter((c) => c.name === name), (error) => {
            throw new RotationFailure([
                `The answer to the creation of the credential ${JSON.stringify(name)} was lost, and the credentials could not be read after it: ${error.message} ` +
                    'If the developer portal lists a credential of that name, delete it there: its secret was never seen. The current secret is unchanged everywhere.',
            ]);
        });
        for (const orphan of orphans) {
            await service.deleteCredential(orphan.id).catch((error) => {
                throw new RotationFailure([
                    `The answer to the creation of the credential ${describe(orphan)} was lost, so its secret can never be read, and it could not be deleted: ${error.message} ` +
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
async function proven(service, budget, log) {
    for (let tried = 1;; tried++) {
        if (await service.authenticates())
            return true;
        const pause = nextPause(budget, tried, undefined, PROOF_ATTEMPTS);
        if ('giveUp' in pause)
            return false;
        log.info(`The service does not take the new secret yet (HTTP 401; it may still be propagating it): trying again in ${Math.ceil(pause.waitMs)} ms`);
        await budget.clock.sleep(pause.waitMs, budget.signal);
    }
}
/** Deletes the new credential after a failure that left no copy of its secret: what became of it, as a sentence. */
async function deleteAfterFailure(service, credential, report) {
    return service.deleteCredential(credential.id).then(() => {
        report.created = undefined;
        return `The new credential ${describe(credential)} was deleted.`;
    }, (error) => `The new credential ${describe(credential)} could not be deleted (${error.message}): delete it by hand in the developer portal; its secret is stored nowhere.`);
}
/** A store that failed: which destination holds which secret, and what to do. */
function storeFailure(error, destination, deleted, report, credential, naming) {
    const cause = `Could not store the new secret in ${destination.name}: ${error.message}`;
    if (deleted !== undefined)
        return [cause, `${deleted} Every destination still holds the current secret.`];
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
function toRetire(credentials, made, retire, retireId) {
    const sorted = byCreation(credentials);
    const newest = sorted.at(-1);
    const ours = sorted.filter((c) => madeByThisTool(c) && c.id !== made.id);
    const keep = retire === 'later' ? 1 : 0;
    const doomed = new Set(ours.slice(0, Math.max(0, ours.length - keep)).map((c) => c.id));
    return sorted.filter((c) => (doomed.has(c.id) || c.id === retireId) && c.id !== made.id && c.id !== newest?.id);
}
/** The credentials left that the deploy may still use, and how to retire the one it no longer does. */
function leftAdvice(report, made, words) {
    const others = report.left.filter((c) => c.id !== made.id);
    if (others.length === 0)
        return [{ level: 'info', text: `The new credential ${describe(made)} is the client's only one.` }];
    return [
        {
            level: 'info',
            text: `Left beside the new credential: ${others.map((c) => `${describe(c)}${c.madeByThisTool ? '' : ', not made by this tool'}`).join('; ')}. ` +
                `Once the deployed provider uses the new secret, retire the one it no longer uses with ${words.assign('retire_id', '<its id>')}` +
                (others.some((c) => c.madeByThisTool) ? ", or let the next rotation retire this tool's." : '.'),
        },
    ];
}

;// CONCATENATED MODULE: ./src/engine/text.ts
/**
 * Text from the spec or from a server, made safe for where a door writes it. Both doors write
 * through these, after the secret is scrubbed (cutting first could leave a piece of it whole).
 * The unsafe characters are one list, the wire's (wire/characters.ts).
 */

/** The longest message a door writes; the service's words can be long. */
const MAX_MESSAGE = 2000;
const clip = (text) => (text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}\u2026` : text);
/** One line, never one that starts a workflow command (`::...`) of the GitHub runner. */
const oneLine = (text) => text.replace(/\r\n|\r|\n/g, ' \u23ce ').replace(/^(\s*)::/, '$1\u00bb ::');
/** Text for a terminal: every unsafe character shown as its escape (`\u001b`), never obeyed. */
const inert = (text) => text.replace(UNSAFE, characters_escapeOf);
/** A JSON text for a terminal: JSON already escapes C0 controls inside strings; the others too. */
const inertJson = (json) => json.replace(BEYOND_JSON, escapeOf);
/** Whether a text holds a character a terminal or a line-based file would obey. */


// EXTERNAL MODULE: ./src/github/inputs.ts
var inputs = __webpack_require__(5446);
;// CONCATENATED MODULE: ./src/github/octokit.ts


/** The user of the workflow's own token, which may not ask GET /user. */
const WORKFLOW_TOKEN_USER = 'github-actions[bot]';
// Each request's limit, and the whole of what one run writes (retries included).
const REQUEST_MS = 30_000;
const DEADLINE_MS = 90_000;
const loadToolkit = async () => {
    const { context, getOctokit } = await Promise.all(/* import() */[__webpack_require__.e(7), __webpack_require__.e(413)]).then(__webpack_require__.bind(__webpack_require__, 2413));
    return { context: context, getOctokit };
};
/** An octokit for `token` at the runner's API address, its requests timed and retried (below). */
function octokit_connect({ context, getOctokit }, token, clock = systemClock, write) {
    const octokit = getOctokit(token, { baseUrl: context.apiUrl });
    retrying(octokit, { policy: DEFAULT_RETRY_POLICY, clock, deadline: clock.now() + DEADLINE_MS }, write);
    return octokit;
}
/** The page of the run, whose summary has the whole report. */
const runUrlOf = ({ serverUrl, repo: { owner, repo }, runId }) => `${serverUrl}/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/actions/runs/${runId}`;
/**
 * The first item, page by page, that carries the marker and was written by `login`: never
 * anyone else's, even one that copies the marker. Stops at the page that has it (../posting/own.ts).
 */
const findOwn = (pages, marker, login) => findOwnPost(pages, (w) => w.user?.login.toLowerCase() === login.toLowerCase() && w.body?.includes(marker) === true);
/** The data of each page octokit's iterator fetches. */
async function* pagesOf(pages) {
    for await (const page of pages)
        yield page.data;
}
/** Whose comments and issues are this token's: GET /user, or the workflow token's bot, which may not ask. */
async function readTokenUser(octokit, write) {
    try {
        return (await octokit.rest.users.getAuthenticated()).data.login;
    }
    catch (error) {
        const status = statusOf(error);
        if (status === undefined || status >= 500 || status === 429)
            throw error;
        write({
            level: 'debug',
            text: `GET /user answered HTTP ${status}, as for the workflow's token or an app's: what it writes is ${WORKFLOW_TOKEN_USER}'s.`,
        });
        return WORKFLOW_TOKEN_USER;
    }
}
const statusOf = (error) => {
    const status = error?.status;
    return typeof status === 'number' ? status : undefined;
};
/**
 * Every request gets a time limit; the idempotent ones (GET, PATCH) are tried again on a 5xx,
 * a 429 or a network failure (octokit reports those as status 500), paced as the service's
 * reads are. A POST is never sent twice: a creation whose answer was lost may have been made,
 * and is found again by its marker.
 */
function retrying(octokit, pacing, write) {
    octokit.hook.wrap('request', (request, options) => {
        const once = async () => request({ ...options, request: { ...options.request, signal: AbortSignal.timeout(REQUEST_MS) } });
        if (options.method === 'POST')
            return once();
        return withRetries(once, (error) => {
            const status = statusOf(error);
            const retryAfter = error.response
                ?.headers?.['retry-after'];
            return {
                retryable: status !== undefined && (status >= 500 || status === 429),
                retryAfterMs: parseRetryAfter(retryAfter, pacing.clock.now()),
            };
        }, pacing, (error, reason) => Object.assign(error, { gaveUp: reason }), (error, tried, waitMs) => write({
            level: 'info',
            text: `GitHub ${octokit_describe(error)} Attempt ${tried} of ${pacing.policy.attempts} failed; trying again in ${formatPause(waitMs)}.`,
        }));
    });
}
const pathOf = (url) => URL.parse(url, 'https://api.invalid')?.pathname ?? url;
/** What GitHub answered, or why no answer came (octokit gives those status 500 and no response). */
function octokit_describe(error) {
    // octokit's RequestError carries its request; any other error (the toolkit's, say) none.
    const { message = String(error), request, response, } = (error ?? {});
    const where = request === undefined ? '' : `${request.method} ${pathOf(request.url)} `;
    return response?.status === undefined
        ? `${where}failed: ${message}.`
        : `${where}answered HTTP ${response.status}: ${message}.`;
}
/** A failure as a warning says it: what GitHub answered (or why nothing came), and whether the retries gave up. */
function whatFailed(error) {
    const gaveUp = error?.gaveUp;
    return `GitHub ${octokit_describe(error)}${gaveUp === undefined ? '' : ` It ${gaveUp}.`}`;
}

;// CONCATENATED MODULE: ./src/github/rotate/github-secrets.ts



/** What GitHub names the permissions a fine-grained token needs for each place (the REST docs above). */
const permissionsFor = (environment) => environment === undefined
    ? 'the "Secrets" repository permission (write)'
    : 'the "Secrets" and "Environments" repository permissions (write)';
/** What to do about a 403: the workflow's own token can never write secrets, and no `permissions:` line changes that. */
const forbiddenAdvice = (environment) => "the token in github_token may not do this. The workflow's own token (GITHUB_TOKEN) has no permission for secrets at all, and no permissions: line gives it one: " +
    `give github_token a GitHub App's token (actions/create-github-app-token) or a fine-grained personal access token with ${permissionsFor(environment)}`;
/** libsodium's sealed box of `secret` for the base64 public key, in base64: GitHub's encrypted_value. */
async function seal(secret, publicKey) {
    const { default: sodium } = await __webpack_require__.e(/* import() */ 768).then(__webpack_require__.bind(__webpack_require__, 4768));
    await sodium.ready;
    const sealed = sodium.crypto_box_seal(sodium.from_string(secret), sodium.from_base64(publicKey, sodium.base64_variants.ORIGINAL));
    return sodium.to_base64(sealed, sodium.base64_variants.ORIGINAL);
}
/**
 * One request to GitHub under the run's budget: limited to the time the budget leaves it, and
 * tried again while GitHub answers a 5xx or a 429 or does not answer (octokit gives a network
 * failure status 500), paced as the service's requests are. Every request here may be sent
 * twice: a public key's read changes nothing, and a PUT is idempotent (the same sealed value
 * under the same name, the secret's last write wins), so a PUT whose answer was lost is
 * safely sent again.
 */
function retried(send, { budget, log }) {
    return retry_withRetries(() => send(AbortSignal.any([budget.signal, AbortSignal.timeout(requestLimitMs(budget))])), (error) => {
        const status = statusOf(error);
        const headers = error.response?.headers;
        return {
            retryable: status !== undefined && (status >= 500 || status === 429),
            retryAfterMs: retry_parseRetryAfter(headers?.['retry-after'], budget.clock.now()),
        };
    }, budget, (error, reason) => Object.assign(error, { gaveUp: reason }), (error, tried, waitMs) => log.info(`${whatFailed(error)} Attempt ${tried} of ${budget.policy.attempts} failed; trying again in ${retry_formatPause(waitMs)}.`));
}
/** A failed request as an Error that says what GitHub answered and what to do. */
function explained(error, doing, { owner, repo, environment }) {
    const status = statusOf(error);
    const said = error.message;
    if (status === 403)
        return new Error(`GitHub refused ${doing} (HTTP 403: ${said}): ${forbiddenAdvice(environment)}.`);
    if (status === 404 && environment !== undefined)
        return new Error(`GitHub has no environment ${environment} in ${owner}/${repo} (HTTP 404): create it (Settings, Environments), or take it out of environments.`);
    if (status === 404)
        return new Error(`GitHub answered 404 to ${doing}: check that github_token may see ${owner}/${repo}.`);
    const gaveUp = error.gaveUp;
    return new Error(`${doing} failed: ${status === undefined ? '' : `HTTP ${status}: `}${said}${gaveUp === undefined ? '' : ` (${gaveUp})`}`);
}
/** One place as a destination: `check` reads its public key (read access only), `store` seals and PUTs. */
function githubSecret(octokit, place) {
    const { owner, repo, name, environment } = place;
    const where = environment === undefined
        ? `the repository secret ${name} of ${owner}/${repo}`
        : `the secret ${name} of the environment ${environment} of ${owner}/${repo}`;
    const explain = (error, doing) => explained(error, doing, place);
    const publicKey = async (run) => {
        const answer = await retried((signal) => environment === undefined
            ? octokit.request('GET /repos/{owner}/{repo}/actions/secrets/public-key', {
                owner,
                repo,
                request: { signal },
            })
            : octokit.request('GET /repos/{owner}/{repo}/environments/{environment_name}/secrets/public-key', {
                owner,
                repo,
                environment_name: environment,
                request: { signal },
            }), run);
        return answer.data;
    };
    return {
        name: where,
        check: (run) => publicKey(run).then(() => undefined, (error) => Promise.reject(explain(error, `reading the public key of ${where}`))),
        store: async (secret, run) => {
            try {
                // Read again: a key may have changed since the check.
                const { key_id, key } = await publicKey(run);
                const encrypted_value = await seal(secret, key);
                await retried((signal) => environment === undefined
                    ? octokit.request('PUT /repos/{owner}/{repo}/actions/secrets/{secret_name}', {
                        owner,
                        repo,
                        secret_name: name,
                        encrypted_value,
                        key_id,
                        request: { signal },
                    })
                    : octokit.request('PUT /repos/{owner}/{repo}/environments/{environment_name}/secrets/{secret_name}', {
                        owner,
                        repo,
                        environment_name: environment,
                        secret_name: name,
                        encrypted_value,
                        key_id,
                        request: { signal },
                    }), run);
            }
            catch (error) {
                throw explain(error, `writing ${where}`);
            }
        },
    };
}

;// CONCATENATED MODULE: ./src/github/rotate/action.ts
/**
 * The rotation action (rotate/action.yml): the engine's rotation (engine/rotate.ts) with the
 * repository's or its environments' GitHub secrets as destinations, in the order given. Every
 * form of the old and the new secret, and of a token, is masked (`::add-mask::`) before
 * anything can print it; the outputs are the new credential's id and the ids retired.
 */




const ROTATION_INPUTS = {
    label: (s) => `Input ${s}`,
    assign: (s, v) => `${s}: ${v}`,
};
async function rotateAction(runner) {
    // The engine's settings by their names, as the inputs are named; an empty input takes its default.
    const read = (name) => runner.input(name) || (SETTING_DEFAULTS[name] ?? '');
    const secrets = keepSecrets(read('client_id'), read('client_secret'), runner.mask);
    const write = (message) => runner.write({ ...message, text: inert(secrets.scrub(message.text)) });
    const token = runner.input('github_token');
    const name = runner.input('secret_name') || 'PROVIDER_CLIENT_SECRET';
    const [, owner = '', repo = ''] = /^([^/]+)\/([^/]+)$/.exec(runner.repository) ?? [];
    if (token === '' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || repo === '') {
        if (token === '')
            write({
                level: 'error',
                text: 'Input github_token is empty: give a GitHub App token (actions/create-github-app-token) or a fine-grained personal access token that may write the secret (docs/rotation.md)',
            });
        if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
            write({
                level: 'error',
                text: 'Input secret_name must be a secret name: letters, digits and _, not starting with a digit',
            });
        if (repo === '')
            write({ level: 'error', text: 'GITHUB_REPOSITORY is not set: run the action in a workflow' });
        return 1;
    }
    runner.mask(token);
    const octokit = runner.octokit(token);
    const environments = runner
        .input('environments')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '');
    const places = environments.length === 0 ? [undefined] : environments;
    const conclusion = await rotateSecret({
        read,
        naming: inputs/* INPUT_NAMING */.O,
        rotationNaming: ROTATION_INPUTS,
        secrets,
        write,
        clock: runner.clock,
        dispatcher: runner.dispatcher,
        destinations: places.map((environment) => githubSecret(octokit, { owner, repo, name, environment })),
    });
    conclusion.messages.forEach(write);
    if (conclusion.outputs !== undefined) {
        runner.setOutput('credential_id', conclusion.outputs.credential_id);
        runner.setOutput('retired', conclusion.outputs.retired);
    }
    return conclusion.exitCode;
}


/***/ })

};
