export const id = 472;
export const ids = [472];
export const modules = {

/***/ 1472:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  run: () => (/* binding */ run)
});

;// CONCATENATED MODULE: ./src/engine/conclude/verdict.ts
const errorsOf = ({ messages }) => messages.flatMap((m) => (m.level === 'error' ? [m.text] : []));
/** The verdict of a run that ended without a plan: a failed validation (its problems), or a failure past it. */
function failureVerdict(conclusion, { runAgain }) {
    const { problems } = conclusion;
    if (problems !== undefined)
        return {
            title: 'Nothing was done',
            items: [{ says: `${problems.length} problem(s) to fix first` }],
            rows: [],
            next: [`Fix each problem below at its line. ${runAgain}.`],
        };
    return {
        title: 'The run failed',
        items: [
            {
                says: conclusion.secretRejected === true
                    ? "the service rejected the client's credentials"
                    : 'the run stopped before it could tell what would change',
            },
        ],
        rows: [],
        next: errorsOf(conclusion),
    };
}
/** A scope's item and rows: what becomes of it, or how it differs; none when it is left as the spec says. */
function scopeVerdict(scope, dryRun) {
    const { suffix, action, fields, comparison } = scope;
    if (action === 'create')
        return {
            item: { scope: suffix, says: dryRun ? 'would be created' : 'was created' },
            rows: [
                { scope: suffix, field: null, service: null, spec: scope.scope.scope_string },
                ...fields.map((f) => ({ scope: suffix, field: f.field, service: null, spec: f.after })),
            ],
        };
    if (action === 'update')
        return {
            item: { scope: suffix, fields: fields.map((f) => f.field), says: dryRun ? 'would change' : 'changed' },
            rows: fields.map((f) => ({ scope: suffix, field: f.field, service: f.before, spec: f.after })),
        };
    const drift = comparison.filter((c) => !c.same);
    if (drift.length === 0)
        return { rows: [] };
    return {
        item: {
            scope: suffix,
            fields: drift.map((c) => c.field),
            says: drift.length === 1 ? 'differs from the spec' : 'differ from the spec',
        },
        rows: drift.map((c) => ({ scope: suffix, field: c.field, service: c.service, spec: c.spec })),
    };
}
/** The verdict of a run that has a plan: its scopes' changes and drift, the providers that fail, what comes next. */
function planVerdict(conclusion, facts) {
    const { plan } = conclusion;
    const each = plan.scopes.map((scope) => scopeVerdict(scope, plan.dryRun));
    const items = each.flatMap(({ item }) => (item === undefined ? [] : [item]));
    const providers = (conclusion.providers ?? []).flatMap(({ suffix, read, matches }) => matches
        ? []
        : [
            {
                ...(suffix === undefined ? {} : { scope: suffix }),
                says: read ? 'the deployed provider publishes another scope' : 'the deployed provider could not be read',
            },
        ]);
    const failed = conclusion.exitCode !== 0;
    const title = failed
        ? 'The run failed'
        : plan.changes
            ? plan.dryRun
                ? 'Dry run'
                : 'Applied'
            : items.length > 0
                ? 'Drift'
                : 'No changes';
    const all = [...items, ...providers];
    return {
        title,
        items: all.length > 0 ? all : [{ says: plan.telling.matching }],
        rows: each.flatMap(({ rows }) => rows),
        next: failed ? errorsOf(conclusion) : nextSteps(plan, facts),
    };
}
/** What a plan's next run does: what apply would send, and what it leaves that differs. */
function nextSteps({ scopes, dryRun }, { naming, onDrift }) {
    const next = [];
    const sent = scopes.flatMap(({ request, variants }) => request === null ? [] : [variants === 0 ? request : `${request} (and the same to ${variants} FQDN variant(s))`]);
    if (dryRun && sent.length > 0)
        next.push(`${naming.applyRun} would send ${sent.join(', ')}.`);
    const drifted = scopes.filter((s) => s.action === 'none' && s.comparison.some((c) => !c.same));
    if (drifted.length === 0 || onDrift === undefined)
        return next;
    const kept = `With ${naming.assign('on_drift', onDrift)}, ${naming.applyRun} leaves ${drifted.length === 1 ? 'the scope' : `${drifted.length} scopes`} as the service has ${drifted.length === 1 ? 'it' : 'them'}`;
    const fields = drifted.flatMap((s) => s.comparison.filter((c) => !c.same).map((c) => c.field));
    const update = naming.assign('on_drift', 'update');
    next.push(fields.includes('scope_suffix')
        ? `${kept}. scope_suffix differs, and no update changes a suffix: ${update} refuses until the spec has the scope's suffix again.`
        : `${kept}; ${update} would change ${fields.length} field(s).`);
    return next;
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

;// CONCATENATED MODULE: ./src/wire/errors.ts
/**
 * An error the user can act on: its message says what happened and what to do. Anything else
 * that reaches a door is reported as unexpected.
 */
class errors_ActionError extends Error {
    name = 'ActionError';
}

// EXTERNAL MODULE: ./src/wire/transport.ts + 1 modules
var transport = __webpack_require__(5071);
;// CONCATENATED MODULE: ./src/wire/retry.ts
const systemClock = {
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
const DEFAULT_RETRY_POLICY = { attempts: 5, baseDelayMs: 300, maxDelayMs: 10_000 };
/** A wait as a person reads it: a service may ask for absurd ones. */
const describeWait = (ms) => (ms > 3_600_000 ? 'more than an hour' : `${Math.ceil(ms / 1000)} s`);
/** A pause about to be taken, as a person reads it: milliseconds under a second (never "0.0 s"), else tenths of seconds. */
const formatPause = (ms) => ms < 1000 ? `${Math.max(1, Math.round(ms))} ms` : `${(ms / 1000).toFixed(1)} s`;
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
async function withRetries(attempt, advise, pacing, giveUp = (error) => error, onRetry = () => { }) {
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
function parseRetryAfter(value, now) {
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
function createBudget(timeoutSeconds, { clock = systemClock, policy = DEFAULT_RETRY_POLICY, signal = new AbortController().signal, } = {}) {
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

;// CONCATENATED MODULE: ./src/wire/characters.ts
/**
 * The one list of characters that a terminal, a line-based log or a markdown renderer would
 * obey rather than show: the C0 controls (escape, carriage return, bell, line breaks...), DEL,
 * the C1 controls (a lone CSI starts an escape sequence too), the line and paragraph
 * separators, and the marks and overrides that reorder what is shown (U+200E, U+200F,
 * U+202A-U+202E, U+2066-U+2069). The checks of a server's answers, and what the spec, `import`
 * and `--dotenv` accept or refuse, use it (UNSAFE, hasUnsafe) and nothing wider.
 */
const C0 = '\\u0000-\\u001f';
/** Those that JSON leaves as they are inside a string (it escapes C0 itself). */
const BEYOND_JSON_SOURCE = '\\u007f-\\u009f\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069';
/**
 * Unicode's format characters (general category Cf), which no reader sees as themselves: the
 * zero-width space, non-joiner and joiner (U+200B-U+200D), the direction marks and the Arabic
 * letter mark (U+200E, U+200F, U+061C), the embeddings, overrides and isolates (U+202A-U+202E,
 * U+2066-U+2069), the word joiner and the invisible operators (U+2060-U+2064), the BOM
 * (U+FEFF), the Mongolian vowel separator (U+180E), the soft hyphen, the tag characters.
 */
const FORMAT = '\\p{Cf}';
/** Every unsafe character (global: for replace). */
const UNSAFE = new RegExp(`[${C0}${BEYOND_JSON_SOURCE}]`, 'g');
/** The unsafe characters JSON.stringify leaves in a string (global: for replace). */
const BEYOND_JSON = new RegExp(`[${BEYOND_JSON_SOURCE}]`, 'g');
/**
 * For display only: every character a reader would not see as itself, the unsafe ones and the
 * format characters (global: for replace). Every rendering and the terminal show each as its
 * escape; nothing accepted or refused depends on it.
 */
const INVISIBLE = new RegExp(`[${C0}${BEYOND_JSON_SOURCE}${FORMAT}]`, 'gu');
/** The invisible characters JSON.stringify leaves in a string (global: for replace). */
const characters_INVISIBLE_BEYOND_JSON = new RegExp(`[${BEYOND_JSON_SOURCE}${FORMAT}]`, 'gu');
/** Whether a text holds an unsafe character (a fresh regex: no lastIndex carried between calls). */
const hasUnsafe = (text) => new RegExp(UNSAFE.source).test(text);
/**
 * A character as the escape a reader sees instead, as JSON writes it: `\u001b`; one beyond
 * U+FFFF as its two UTF-16 units, `\udb40\udc01`, which a JSON string reads back as the character.
 */
const characters_escapeOf = (char) => char
    .split('')
    .map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .join('');

;// CONCATENATED MODULE: ./src/wire/answer-problems.ts

/** The most characters of one value a message quotes. */
const MAX_QUOTED = 120;
const LINE_BREAK = /[\r\n\u2028\u2029]/;
/** A text as JSON writes it between quotes (so a secret's JSON-escaped form still matches), with every other unsafe character as `\uXXXX` too. */
const escapeText = (text) => JSON.stringify(text).slice(1, -1).replace(BEYOND_JSON, characters_escapeOf);
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
class HttpError extends errors_ActionError {
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
const withHttpRetries = (attempt, budget, log = silentLog) => withRetries(attempt, (error) => error instanceof HttpError
    ? { retryable: error.transient, retryAfterMs: error.retryAfterMs }
    : { retryable: false }, budget, 
// Final once given up on: the message says how far it got.
(error, reason) => (error instanceof HttpError ? new HttpError(`${error.message} (${reason})`) : error), (error, tried, waitMs) => log.info(`${sentence(error.message)} Attempt ${tried} of ${budget.policy.attempts} failed; trying again in ${formatPause(waitMs)}.`));
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
        const retryAfterMs = parseRetryAfter(typeof retryAfter === 'string' ? retryAfter : undefined, budget.clock.now());
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
        (0,transport/* closeAhead */.gN)();
    });
    const open = () => {
        const lane = { transport: (0,transport/* openTransport */.g2)(), busy: 0 };
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

// EXTERNAL MODULE: ./node_modules/zod/v4/mini/schemas.js + 5 modules
var schemas = __webpack_require__(8395);
;// CONCATENATED MODULE: ./src/wire/provider.ts



// The introspection document is a JSON object; which key holds the scope is decided below.
const documentSchema = schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* unknown */.L5J());
/** A key of no vendor's, read first when a document has it; real Globus providers publish `globus_auth_scope` (action-provider-tools). */
const GENERIC_KEY = 'platform_auth_scope';
const VENDOR_KEY = /^[a-z][a-z0-9]*_auth_scope$/;
// The introspection document is public by design; an answer asking for credentials means
// it is not, and this check cannot see it.
const NOT_PUBLIC = "the provider's description is not public: GET / must answer without credentials for this check (none are ever sent to the provider)";
const hints = ({ ref }) => ({
    401: NOT_PUBLIC,
    403: NOT_PUBLIC,
    404: `the provider answers no introspection document at GET /: check ${ref('provider_url')}`,
});
/**
 * The key that holds the provider's scope: the generic `platform_auth_scope`, else the
 * vendor's `<name>_auth_scope` when it is the document's only such key.
 */
function scopeKey(document) {
    if (GENERIC_KEY in document)
        return GENERIC_KEY;
    const keys = Object.keys(document).filter((key) => VENDOR_KEY.test(key));
    return keys.length === 1 ? keys[0] : undefined;
}
/** Reads the deployed provider's published scope and checks it against the client's scope strings. */
async function checkProvider(providerUrl, scopeStrings, budget, { dispatcher, log, words = PLAIN_WORDS, } = {}) {
    const http = createJsonHttp({ budget, urlSetting: 'provider_url', words, hints: hints(words), dispatcher, log });
    const url = `${providerUrl}/`;
    const document = await http.retried(`Provider introspection (GET ${url})`, documentSchema, 'GET', url);
    const key = scopeKey(document);
    const value = key === undefined ? undefined : document[key];
    const published = typeof value === 'string' && value !== '' ? value : undefined;
    return { url, key, published, matches: published !== undefined && scopeStrings.includes(published) };
}
/** Why the check failed, what to publish, and where. */
/** What the provider may publish when nothing narrows it: any of the client's scope strings. */
const ANY_SCOPE_OF_CLIENT = 'a scope string of this client';
function mismatchMessage({ url, key, published }, expected, scopeStrings, words = PLAIN_WORDS, allowed = ANY_SCOPE_OF_CLIENT) {
    const fix = `Deploy the provider with ${key ?? 'globus_auth_scope (or platform_auth_scope)'} set to ${words.scopeStringOutput}, "${expected}".`;
    if (published === undefined) {
        return (`The provider at ${url} publishes no scope: its introspection document (GET /) has ` +
            `${key === undefined ? `no ${GENERIC_KEY} and no single <name>_auth_scope key` : `no string under ${key}`}. ${fix}`);
    }
    return `The provider at ${url} publishes ${key} "${published}", which is not ${allowed} (${scopeStrings.join(', ')}). ${fix}`;
}

;// CONCATENATED MODULE: ./src/wire/uuid.ts

// The service's identifiers are UUIDs of any version: z.guid() accepts them all,
// where z.uuid() would reject an identifier of an unusual variant.
const uuidSchema = schemas/* guid */.OsD().brand();
const isUuid = (value) => uuidSchema.safeParse(value).success;

;// CONCATENATED MODULE: ./src/engine/reconcile/drift.ts

// A sibling that a dry run only plans is named by its scope string until it has an id (dependents.ts).
const view = (d, names) => ({
    scope_string: isUuid(d.scope) ? (names.get(d.scope.toLowerCase()) ?? null) : d.scope,
    scope: isUuid(d.scope) ? d.scope : null,
    optional: d.optional,
    requires_refresh_token: d.requires_refresh_token,
});
// A set, written the same way on both sides: sorted, ids in one case.
const dependentSet = (deps) => JSON.stringify(deps
    .map((d) => ({
    scope: d.scope.toLowerCase(),
    optional: d.optional,
    requires_refresh_token: d.requires_refresh_token,
}))
    // A code-point order (localeCompare would start ICU's collator); ids are unique.
    .sort((a, b) => (a.scope < b.scope ? -1 : 1)));
/**
 * The service's entries in the order a reader compares them with the spec's: those the spec
 * names, in the spec's order, then the others by id.
 */
function inSpecOrder(service, spec) {
    const rank = new Map(spec.map((d, index) => [d.scope.toLowerCase(), index]));
    const order = (d) => [
        rank.get(d.scope.toLowerCase()) ?? spec.length,
        d.scope.toLowerCase(),
    ];
    return [...service].sort((a, b) => {
        const [ra, ia] = order(a);
        const [rb, ib] = order(b);
        return ra - rb || (ia < ib ? -1 : 1);
    });
}
/** The spec's dependent scopes as the doors show them, in the spec's order. */
const dependentViews = (deps, names) => deps.map((d) => view(d, names));
/**
 * What changing the dependent scopes means for the provider's users. Globus Auth asks each
 * user's consent to a provider's dependent scopes and reports one missing as ConsentRequired
 * (globus-sdk-python, gare/_variants.py); nothing documents what happens to earlier consents,
 * so the note says what to expect, not what is certain. See the README's "Drift, updates and dry runs".
 */
const CONSENT_NOTE = 'users of the provider may have to consent again before it can use a dependent scope that is added, made required or made to require a refresh token';
/**
 * Whether going from the service's dependent scopes to the spec's may ask users to consent
 * again: a dependent scope added, made required (optional from true to false), or made to
 * require a refresh token. One removed, or made optional, asks nothing new.
 */
function asksConsent(c) {
    if (c.field !== 'dependent_scopes' || c.same)
        return false;
    const key = (d) => (d.scope ?? d.scope_string ?? '').toLowerCase();
    const before = new Map(c.service.map((d) => [key(d), d]));
    return c.spec.some((after) => {
        const was = before.get(key(after));
        return (was === undefined ||
            (was.optional && !after.optional) ||
            (!was.requires_refresh_token && after.requires_refresh_token));
    });
}
/** The suffix a scope string implies: its last path segment (`.../scopes/<client>/<suffix>`). */
const drift_suffixOf = (scopeString) => scopeString.slice(scopeString.lastIndexOf('/') + 1);
/** The client's scope with the suffix of `own`, its scope string: that string's scope first, else an FQDN variant's. */
const drift_scopeWithSuffixOf = (scopes, own) => scopes.find((s) => s.scope_string === own) ?? scopes.find((s) => drift_suffixOf(s.scope_string) === drift_suffixOf(own));
/**
 * Compares the spec, with every dependent scope resolved to its UUID, with a scope as the
 * service describes it. Fields the service did not report are left out, not guessed.
 * `names` gives the dependent scopes' strings the run knows, for the doors to show.
 */
function compareScope(definition, scope, names = new Map()) {
    const pairs = [
        ['name', definition.name, scope.name],
        ['description', definition.description, scope.description],
        ['scope_suffix', definition.scope_suffix, drift_suffixOf(scope.scope_string)],
        ['advertised', definition.advertised, scope.advertised],
        // The service answers the request's allow_refresh_tokens as allows_refresh_token.
        ['allow_refresh_tokens', definition.allow_refresh_tokens, scope.allows_refresh_token],
    ];
    const comparisons = pairs.flatMap(([field, spec, service]) => service === undefined ? [] : [{ field, spec, service, same: spec === service }]);
    if (scope.required_domains !== undefined) {
        // A set too; a spec without the field asks for the service's default, none.
        const spec = [...(definition.required_domains ?? [])].sort();
        const service = [...scope.required_domains].sort();
        comparisons.push({
            field: 'required_domains',
            spec,
            service,
            same: JSON.stringify(spec) === JSON.stringify(service),
        });
    }
    if (scope.dependent_scopes !== undefined) {
        comparisons.push({
            field: 'dependent_scopes',
            spec: dependentViews(definition.dependent_scopes, names),
            service: dependentViews(inSpecOrder(scope.dependent_scopes, definition.dependent_scopes), names),
            same: dependentSet(definition.dependent_scopes) === dependentSet(scope.dependent_scopes),
        });
    }
    return comparisons;
}
const dependentText = (d) => `${d.scope_string === null ? d.scope : `${d.scope_string} (${d.scope ?? 'to be created'})`} optional: ${d.optional}, requires_refresh_token: ${d.requires_refresh_token}`;
/** Whether a value is a list of dependent scopes with at least one entry (an empty one reads as `[]`). */
const isDependentList = (value) => Array.isArray(value) && value.some((v) => typeof v === 'object');
/**
 * A value as text, one entry per item: a string quoted as JSON quotes it, a list of dependent
 * scopes one entry each (a door shows them on separate lines), anything else as JSON.
 */
function valueEntries(value) {
    if (isDependentList(value))
        return value.map(dependentText);
    return [JSON.stringify(value)];
}
/** A value as one line of text, for a message. */
const valueText = (value) => isDependentList(value) ? `[${value.map(dependentText).join('; ')}]` : JSON.stringify(value);
/**
 * The annotation for a field that differs: what each side says, and what the user can do.
 * `update` is how the door's users ask for an update ("on_drift: update", "--on-drift update"),
 * or undefined when no update can be made (the suffix differs too: an update refuses then).
 */
function describeDrift(c, written, update) {
    const spec = valueText(c.spec);
    const service = valueText(c.service);
    if (written !== 'nothing') {
        return (`The service ${written === 'created' ? 'created the scope' : 'kept the scope'} with ${c.field} ${service}, although the ` +
            `${written === 'created' ? 'spec' : 'update'} asked for ${spec}: it ignored the field. ` +
            "Check the value against what the service accepts; if it should have been taken, report it with the run's log.");
    }
    return (`The client's scope differs from the spec in ${c.field}: the spec says ${spec}, the service has ${service}. ` +
        (c.field === 'scope_suffix'
            ? 'The existing scope is used; no second scope is created.'
            : update === undefined
                ? 'Align the spec with the service: no update is made while scope_suffix differs too.'
                : `Align the spec with the service, or apply the spec to the scope with ${update}.`));
}

;// CONCATENATED MODULE: ./src/engine/reconcile/plan.ts
/**
 * The plan: what a run found, and did or would do, as data that every door renders (the
 * terminal's text, `--json`, the job summary, the pull request's comment). What one shows, all
 * show: every field of a creation, each changed field before and after, each drifted field's
 * two values, each dependent scope's string and id. A rendering may add the unchanged fields.
 */

/** Every field a creation sends (a field the spec leaves out is not sent), the dependent scopes with their strings. */
function creationFields(definition, names) {
    if (definition === undefined)
        return [];
    return Object.entries({
        ...definition,
        dependent_scopes: dependentViews(definition.dependent_scopes, names),
    }).flatMap(([field, after]) => after === undefined ? [] : [{ field, before: null, after, consent: false }]);
}
/** The plan of one scope the run ensured (or planned). */
function scopePlanOf(result) {
    const { scope, client, names } = result;
    const action = result.wouldCreate || result.created ? 'create' : result.changes.length > 0 ? 'update' : 'none';
    const fields = action === 'create'
        ? creationFields(result.definition, names)
        : result.changes.map((c) => ({ field: c.field, before: c.service, after: c.spec, consent: asksConsent(c) }));
    const suffix = drift_suffixOf(scope.scope_string);
    return {
        suffix: result.definition?.scope_suffix ?? suffix,
        action,
        changes: action !== 'none',
        scope: { scope_string: scope.scope_string, id: scope.id === '' ? null : scope.id },
        fields,
        comparison: result.comparison,
        request: action === 'create'
            ? `POST /v2/api/clients/${client.id}/scopes`
            : action === 'update'
                ? `PUT /v2/api/scopes/${scope.id}`
                : null,
        variants: action === 'update'
            ? result.scopes.filter((s) => s.id !== scope.id && drift_suffixOf(s.scope_string) === suffix).length
            : 0,
    };
}
/** The plan of a run that ensured its scopes (or planned them). */
function planOf({ telling, results, unlisted }, dryRun) {
    const scopes = results.map(scopePlanOf);
    // The last result has seen every write of the run; a planned scope is in its own result's list alone.
    const all = [...new Map(results.flatMap((r) => r.scopes).map((s) => [s.scope_string, s])).values()];
    const { client } = results.at(-1);
    return {
        telling,
        dryRun,
        changes: scopes.some((s) => s.changes),
        client: { id: client.id, name: client.name },
        scopes,
        scopeStrings: all.map((s) => s.scope_string),
        unlisted: unlisted.map((s) => s.scope_string),
    };
}

;// CONCATENATED MODULE: ./src/engine/settings/problems.ts

/** Validation failed before any request: each problem is reported on its own. */
class problems_ValidationError extends errors_ActionError {
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
class SpecFieldError extends errors_ActionError {
    name = 'SpecFieldError';
    problems;
    constructor(problems) {
        super(problems.map((p) => p.message).join('\n'));
        this.problems = problems;
    }
}

;// CONCATENATED MODULE: ./src/engine/conclude/conclude.ts







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
        // Told apart, each message names the scope it is about.
        const about = list ? `${drift_suffixOf(result.scope.scope_string)}: ` : '';
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
    const exitCode = failed ? 1 : 0;
    return {
        outputs: outputsOf(results, plan),
        messages,
        // A failed check still leaves the plan of what was ensured.
        plan,
        providers: verdicts,
        verdict: planVerdict({ plan, messages, providers: verdicts, exitCode }, { naming, onDrift: inputs.on_drift }),
        exitCode,
    };
}
/** A provider's verdict, and what the run says of it: where it publishes, else what to publish and where; or why it could not be read. */
function providerVerdict({ target, publishable, outcome }, first, naming) {
    // Told as one: any scope string of the client, its provider's scope first.
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
function concludeFailure(error, naming, known) {
    const messages = failureMessages(error, naming);
    const failed = {
        messages,
        ...(known === undefined ? {} : { known }),
        ...(error instanceof HttpError && error.secretRejected ? { secretRejected: true } : {}),
        ...(error instanceof problems_ValidationError ? { problems: error.problems } : {}),
    };
    return { ...failed, verdict: failureVerdict(failed, naming), exitCode: 1 };
}
/** One error per problem, said once: how many a door can show is the door's business. */
function failureMessages(error, { debugOutput }) {
    if (error instanceof problems_ValidationError)
        return error.problems.map(({ message, location }) => ({ level: 'error', text: message, location }));
    if (error instanceof errors_ActionError)
        return [{ level: 'error', text: error.message }];
    // The last line of defence: still one clear error, the stack only in the debug output.
    const { message, stack } = error instanceof Error ? error : { message: String(error), stack: undefined };
    return [
        { level: 'debug', text: stack ?? message },
        { level: 'error', text: `Unexpected error: ${message}. Please report it with ${debugOutput}.` },
    ];
}

// EXTERNAL MODULE: ./node_modules/zod/v4/core/api.js + 1 modules
var api = __webpack_require__(3305);
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
const scopeStringOf = (authUrl, clientId, suffix) => `${authUrl}/scopes/${clientId}/${suffix}`;
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
function createServiceClient(options) {
    const { authUrl, clientId } = options;
    const bound = bind(options);
    return {
        // The form the service gives a client's scope (globus/action-provider-tools, docs/source/setting_up_auth.rst:
        // "https://auth.globus.org/scopes/$CLIENT_ID/action_all").
        scopeStringFor: (suffix) => scopeStringOf(authUrl, clientId, suffix),
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

;// CONCATENATED MODULE: ./src/engine/reconcile/create.ts


/**
 * How often a creation is sent in all while the client is certainly still without the scope
 * (each time after the backoff or the Retry-After the service asked for).
 */
const MAX_CREATION_ATTEMPTS = 3;
/** The sentence a failure gets once a creation of this run may have been applied. */
const mayBeApplied = (error) => new errors_ActionError(`${error.message.replace(/\.?$/, '.')} A creation sent by this run may have been applied: the next run finds the scope and adopts it, ` +
    'without creating a second one.');
/**
 * Creates the scope, never blindly twice. Each creation comes to one of five outcomes:
 * - created: the answer, for the verifying inspection;
 * - refused (400): thrown, naming the dependents that could not be verified beforehand;
 * - conflict (409): another run was first; its scope, found by inspection, is adopted;
 * - unknown (answer lost, 5xx, 429): the client is inspected; a scope found there is this
 *   run's and is adopted; if there is none, the creation is sent again after a pause;
 * - any other failure: thrown.
 */
async function create(service, definition, { unverified, lacking, claim }, { budget, log, words }) {
    // Set once an answer of this run was lost: from then on, a scope found may be this run's.
    let maybeApplied = false;
    try {
        for (let attempt = 1;; attempt++) {
            const outcome = await service.createScope(definition);
            if (outcome.kind === 'created')
                return { answered: outcome.scopes, resent: maybeApplied };
            if (outcome.kind === 'refused' && unverified.length === 0)
                throw outcome.error;
            if (outcome.kind === 'refused') {
                throw new errors_ActionError(`${outcome.error.message.replace(/\.?$/, '.')} The dependent scope id(s) ${unverified.join(', ')} could not be verified before the ` +
                    'creation (see the warning): check each id with its owner, who may need to advertise the scope.');
            }
            const conflict = outcome.kind === 'conflict';
            maybeApplied ||= !conflict;
            log.info(conflict
                ? `The service answered that the scope exists (409)${maybeApplied ? ", most likely from this run's own earlier creation" : ''}: inspecting the client`
                : `The creation's answer was lost (${outcome.error.message}): inspecting the client`);
            const found = await claim(await service.getClient());
            // After a lost answer the scope is most likely this run's: `created` says so, since a
            // step gated on it had better run twice than never (see the README's "Outputs").
            if (found !== undefined)
                return { ...found, created: maybeApplied };
            if (conflict) {
                throw new errors_ActionError(`${outcome.error.message.replace(/\.?$/, '.')} Yet the client inspection that followed lists no ${lacking}: the service may still be ` +
                    `applying a creation. ${words.runAgain}: it adopts the scope once the client lists it.`);
            }
            const pause = nextPause(budget, attempt, outcome.retryAfterMs, MAX_CREATION_ATTEMPTS);
            if ('giveUp' in pause)
                throw new errors_ActionError(`${outcome.error.message} (${pause.giveUp})`);
            log.info(`The client still has no ${lacking}: the creation will be sent again in ${formatPause(pause.waitMs)}.`);
            await budget.clock.sleep(pause.waitMs, budget.signal);
        }
    }
    catch (error) {
        // Whatever failed after a creation that may have been applied: say so, and what comes next.
        throw maybeApplied && error instanceof errors_ActionError ? mayBeApplied(error) : error;
    }
}
/** The inspection that verifies creations: every created scope must be among the client's. */
async function inspectAfterCreation(service, created, words) {
    const after = await service.getClient().catch((error) => {
        if (!(error instanceof errors_ActionError))
            throw error;
        throw new errors_ActionError(`The service created ${created.map((s) => s.scope_string).join(', ')}, but the client inspection that verifies it failed: ` +
            `${error.message.replace(/\.?$/, '.')} The next run finds the scope and adopts it.`);
    });
    const detached = created.filter((s) => !after.scopeIds.includes(s.id));
    if (detached.length > 0) {
        throw new errors_ActionError(`The service created ${detached.map((s) => `${s.scope_string} (${s.id})`).join(', ')}, but the client inspection that followed ` +
            `does not list it among the client's scopes. ${words.runAgain}; if it persists, inspect the client in the developer portal.`);
    }
    return after;
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

;// CONCATENATED MODULE: ./src/engine/reconcile/dependents.ts
/**
 * The spec's dependent scopes resolved to ids before any write, and the order of the writes a
 * dependency on a sibling to create imposes (its level: one past the siblings it waits for).
 */





/**
 * A sibling that a dry run only plans has no id yet: its dependents name it by its scope
 * string, which drift.ts shows as "to be created". It never reaches the service: a write waits
 * for the level that creates it.
 */
const plannedId = (scopeString) => scopeString;
/**
 * The id a dependency by scope_suffix stands for: the client's scope with its own string, never
 * an FQDN variant's; planned while a level of this run is to create it; none when the client has
 * no such scope and the spec lists none.
 */
function siblingId(siblings, suffix) {
    const scopeString = siblings.scopeStringFor(suffix);
    const id = siblings.created.get(suffix) ?? siblings.before.find((s) => s.scope_string === scopeString)?.id;
    const index = siblings.listed.get(suffix);
    if (id !== undefined || index === undefined)
        return id;
    const variant = siblings.matched[index];
    if (variant === undefined)
        return plannedId(scopeString);
    throw new errors_ActionError(`scope_suffix ${suffix}: the client has that scope only as its FQDN variant ${variant.scope_string}, and a dependency by scope_suffix stands for ${scopeString}, ` +
        `which this run does not create. Depend on the variant by its string instead (scope: ${variant.scope_string}). Nothing was written.`);
}
/** A dependency on a sibling to create given by its string, which no lookup can find yet: refused before any write. */
function refuseSiblingString(spec, index, siblings) {
    for (const dep of spec.dependent_scopes) {
        if (!('scope' in dep))
            continue;
        const suffix = drift_suffixOf(dep.scope);
        const target = dep.scope === siblings.scopeStringFor(suffix) ? siblings.listed.get(suffix) : undefined;
        if (target !== undefined && siblings.matched[target] === undefined) {
            throw new errors_ActionError(`scopes[${index}].dependent_scopes: ${dep.scope} is the string of the listed scope ${suffix}, which the client does not have yet: ` +
                `give it as scope_suffix: ${suffix}, and it is created first, its id sent with this one. Nothing was written.`);
        }
    }
}
/** The spec's indices by level of writes, each level in the spec's order: a scope waits for the siblings it depends on that are to be created. */
function levelsOf(specs, siblings) {
    const levels = new Map();
    const levelOf = (index) => {
        const cached = levels.get(index);
        if (cached !== undefined)
            return cached;
        const waits = (specs[index]?.dependent_scopes ?? []).flatMap((d) => {
            const target = 'scope_suffix' in d ? siblings.listed.get(d.scope_suffix) : undefined;
            return target === undefined || siblings.matched[target] !== undefined ? [] : [levelOf(target) + 1];
        });
        const level = Math.max(0, ...waits);
        levels.set(index, level);
        return level;
    };
    // No level is empty: a scope at level k waits for one at level k - 1.
    const byLevel = [];
    specs.forEach((_, index) => (byLevel[levelOf(index)] ??= []).push(index));
    return byLevel;
}
/**
 * The spec's dependent scopes by id: given as one, found by the lookup of their string, or, for a
 * sibling named by its suffix, what `sibling` says: its id, '' while it is only planned, or
 * undefined when the client has no such scope.
 */
function resolveDependents(spec, byString, sibling, 
/** The listed scope's index (none in the single form), and the listed and the client's suffixes, for a near miss. */
{ index, suffixes }) {
    const field = `${index === undefined ? '' : `scopes[${index}].`}dependent_scopes`;
    const unresolved = [];
    const orphans = [];
    const resolved = spec.dependent_scopes.flatMap((dep, at) => {
        const { optional, requires_refresh_token } = dep;
        const id = 'scope' in dep ? (isUuid(dep.scope) ? dep.scope : byString.get(dep.scope)?.id) : sibling(dep.scope_suffix);
        if (id === undefined) {
            if ('scope' in dep)
                unresolved.push(dep.scope);
            else
                orphans.push({ at, suffix: dep.scope_suffix });
        }
        return id === undefined ? [] : [{ scope: id, optional, requires_refresh_token }];
    });
    const notFound = unresolved.length === 0
        ? []
        : [
            `${field}: no scope was found for ${[...new Set(unresolved)].map((s) => `"${s}"`).join(', ')}. ` +
                'Check the scope string against the service that owns it, or give the scope by its UUID.',
        ];
    if (orphans.length === 0) {
        const [message] = notFound;
        if (message !== undefined)
            throw new errors_ActionError(message);
        return resolved;
    }
    // Each at its line: the near miss among the suffixes there are, the scope's own left out (it cannot depend on itself).
    const candidates = [...new Set(suffixes)].filter((s) => s !== spec.scope_suffix);
    throw new SpecFieldError([
        ...orphans.map(({ at, suffix }) => {
            const name = `${field}[${at}].scope_suffix`;
            const near = nearestKey(suffix, candidates);
            return {
                at: [index ?? 0, 'dependent_scopes', at, 'scope_suffix'],
                field: name,
                message: `${name} ${JSON.stringify(suffix)}: the client has no scope with this suffix, and the spec lists none${near === undefined ? '' : ` (did you mean ${near}?)`}. ` +
                    'A dependency by scope_suffix names another scope of this client: create that scope first, or list it under scopes: in the spec. Nothing was written.',
            };
        }),
        ...notFound.map((message) => ({ field, message })),
    ]);
}

;// CONCATENATED MODULE: ./src/engine/reconcile/rules.ts
/**
 * The two ways a registration holds its scopes (../settings/telling.ts), as rules over one path
 * (reconcile.ts). Told as its one scope, a registration is a list of one with its own rule:
 * nothing is created on a client that has any scope; the spec's scope is the one with its
 * string, else the client's first (a different suffix is drift); the client's other scopes are
 * not named. Told apart, each listed scope is matched to the client's by its suffix (FQDN
 * variants included), the ones the client lacks are created, and the others are named.
 */


/** The scope with the expected string, else the client's first; none on a client without scope. */
const AS_ONE = {
    match: (scopes, expected) => scopes.find((s) => s.scope_string === expected) ?? scopes[0],
    place: () => undefined,
    about: (log) => log,
    siblings: () => new Map(),
    unlisted: () => [],
    found: (log, client) => {
        if (client.scopeIds.length > 0)
            log.info(`Client ${client.id} already has ${client.scopeIds.length} scope(s): nothing to create`);
    },
    planned: (spec, expected, client) => `Dry run: client ${client.id} has no scope; ${JSON.stringify(spec.name)} (${expected}) would be created`,
    creating: (spec, expected, client) => `Client ${client.id} has no scope: creating ${JSON.stringify(spec.name)} (${expected})`,
    lacking: () => 'scope',
    failure: ([first]) => first?.error,
};
/** Each listed scope by its suffix: its own string, else an FQDN variant. */
const APART = {
    match: (scopes, expected) => drift_scopeWithSuffixOf(scopes, expected),
    place: (index) => index,
    about: (log, suffix) => ({
        info: (text) => log.info(`${suffix}: ${text}`),
        // One line per request stays as the wire says it.
        debug: (text) => log.debug(text),
        warning: (text, field) => log.warning(`${suffix}: ${text}`, field),
    }),
    siblings: (specs) => new Map(specs.map((spec, i) => [spec.scope_suffix, i])),
    unlisted: (specs, scopes) => {
        const suffixes = new Set(specs.map((s) => s.scope_suffix));
        return scopes.filter((s) => !suffixes.has(drift_suffixOf(s.scope_string)));
    },
    found: (log, _client, unlisted) => {
        if (unlisted.length > 0)
            log.info(`The client's other scope(s), which the spec does not list, are left as they are: ${unlisted.map((s) => s.scope_string).join(', ')}`);
    },
    planned: (spec, expected) => `${spec.scope_suffix}: Dry run: the client has no scope with this suffix; ${JSON.stringify(spec.name)} (${expected}) would be created`,
    creating: (spec, expected) => `${spec.scope_suffix}: the client has no scope with this suffix: creating ${JSON.stringify(spec.name)} (${expected})`,
    lacking: (expected) => `scope ${expected}`,
    // Each failure said with its scope, and what the run wrote before it stopped: kept, and adopted by the next run.
    failure: (failures, written) => {
        const unexpected = failures.find(({ error }) => !(error instanceof errors_ActionError));
        if (unexpected !== undefined)
            return unexpected.error;
        const said = failures.map(({ suffix, error }) => `${suffix}: ${error.message}`);
        if (written.length > 0)
            said.push(`Before it stopped, this run ${written.join(', ')}: kept as they are, the next run adopts them.`);
        return new errors_ActionError(said.join(' '));
    },
};
const ruleOf = ({ apart }) => (apart ? APART : AS_ONE);

;// CONCATENATED MODULE: ./src/engine/reconcile/inspect.ts
/**
 * The client inspected: its scopes, each described, and the dependent scopes the spec names,
 * looked up by string and by id, in one round trip when the service allows it.
 */



/**
 * One round trip: the inspection, one lookup of the spec's scope strings and every dependent
 * string, and, only when the spec gives any, one lookup of the dependents given by id. Then,
 * before any other request, `warn` hears of the ids not found.
 */
async function inspect(service, specs, warn) {
    const expected = specs.map((spec) => service.scopeStringFor(spec.scope_suffix));
    const { strings, ids } = dependentsToLookUp(specs, service);
    const [client, found, visibleIds] = await Promise.all([
        service.getClient(),
        service.lookupScopesByString([...new Set([...expected, ...strings])]),
        lookupIds(service, ids),
    ]);
    const unverified = ids.filter((id) => !visibleIds.has(id));
    warn(unverified);
    let byString = new Map(found.map((s) => [s.scope_string, s]));
    // A service that answers 404 when any string is unknown says nothing about the others, and a
    // scope of the spec is unknown until it exists: the dependents alone (the spec's come with the client).
    const others = strings.filter((s) => !expected.includes(s));
    if (found.length === 0 && others.length > 0)
        byString = new Map((await service.lookupScopesByString(others)).map((s) => [s.scope_string, s]));
    const scopes = client.scopeIds.length === 0 ? [] : await describeScopes(service, client, [...client.scopes, ...found]);
    return { client, byString, visibleIds, unverified, scopes };
}
/** The dependent scopes the specs name by string (a sibling's by its own string) and by id, each once, to look up before any write. */
function dependentsToLookUp(specs, service) {
    const named = specs.flatMap((spec) => spec.dependent_scopes.map((d) => ('scope' in d ? d.scope : service.scopeStringFor(d.scope_suffix))));
    return { strings: [...new Set(named.filter((s) => !isUuid(s)))], ids: [...new Set(named.filter(isUuid))] };
}
/** Before any write, in dry runs too: an id the lookup does not return is left to the creation. */
function warnUnverified(spec, index, unverified, log) {
    spec.dependent_scopes.forEach((dep, j) => {
        if ('scope' in dep && isUuid(dep.scope) && unverified.includes(dep.scope)) {
            log.warning(`dependent_scopes: no scope with id ${dep.scope} is visible to this client. It may not exist, or it may be another ` +
                "client's scope that is not advertised, which the service shows only to its owner yet accepts as a dependency. " +
                'This run cannot tell which: the creation will decide.', 
            // The single form's fields are the file's; a listed scope's start with its index.
            index === undefined ? ['dependent_scopes', j, 'scope'] : [index, 'dependent_scopes', j, 'scope']);
        }
    });
}
/**
 * The scopes given by id that the service shows this client, by id in lower case. A service
 * that answers 404 when any id is unknown says nothing about the others: then each is asked
 * for alone.
 */
async function lookupIds(service, ids) {
    if (ids.length === 0)
        return new Map();
    let found = await service.lookupScopesById(ids);
    if (found.length === 0 && ids.length > 1)
        found = (await Promise.all(ids.map((id) => service.lookupScopesById([id])))).flat();
    return new Map(found.map((s) => [s.id.toLowerCase(), s]));
}
/** The client's scopes in its order, each described: one lookup by id for those `known` does not describe. */
async function describeScopes(service, client, known) {
    const byId = new Map([...known].map((s) => [s.id, s]));
    const unknownIds = client.scopeIds.filter((id) => !byId.has(id));
    if (unknownIds.length > 0) {
        for (const scope of await service.lookupScopesById(unknownIds))
            byId.set(scope.id, scope);
    }
    const missing = client.scopeIds.filter((id) => !byId.has(id));
    if (missing.length > 0) {
        throw new errors_ActionError(`The client lists scope(s) ${missing.join(', ')}, but the scope lookup by id did not return them.`);
    }
    return client.scopeIds.map((id) => byId.get(id));
}
/**
 * The client's scopes as they are, with no spec to hold them to: the provider's scope is the
 * client's first, or the one with `suffix`. One round trip when the inspection describes them, two otherwise.
 */
async function inspect_inspectScopes(service, { createScope }, suffix) {
    const client = await service.getClient();
    if (client.scopeIds.length === 0) {
        throw new ActionError(`Client ${client.id} has no scope yet: there is nothing for the provider to publish. Create it first: ${createScope}.`);
    }
    const scopes = await describeScopes(service, client, client.scopes);
    // The scope with that suffix: its own string's, else an FQDN variant's.
    const scope = suffix === undefined ? scopes[0] : scopeWithSuffixOf(scopes, service.scopeStringFor(suffix));
    if (scope === undefined) {
        const suffixes = [...new Set(scopes.map((s) => suffixOf(s.scope_string)))].join(', ');
        throw new ActionError(`Client ${client.id} has no scope with the suffix ${suffix} (its scopes' suffixes: ${suffixes}): there is nothing of it for the provider to publish. Create it first: ${createScope}.`);
    }
    const found = { scope, scopes, created: false, client };
    return { ...found, wouldCreate: false, names: new Map(), comparison: [], changes: [], updated: false };
}

;// CONCATENATED MODULE: ./src/engine/reconcile/update.ts
/** An update: the spec applied to a scope the client has, and to its FQDN variants, never to another. */


/**
 * Applies the spec to the scope and its FQDN variants (the client's scopes with the same
 * suffix; no other scope is touched): one PUT each, in parallel, whose answer is the
 * verification. What the drift check found is the plan; in a dry run it is only told.
 */
async function applySpec(service, existing, dryRun, log) {
    const { definition, names } = existing;
    const changes = existing.comparison.filter((c) => !c.same);
    if (changes.length === 0)
        return existing;
    const suffix = changes.find((c) => c.field === 'scope_suffix');
    if (suffix !== undefined) {
        throw new errors_ActionError(`scope_suffix: the spec says ${valueText(suffix.spec)}, the client's scope has ${valueText(suffix.service)}, and an update cannot change it: ` +
            "the suffix is part of the scope string, the provider's identity, which ensure-provider-scope never changes. Nothing was written. " +
            `Set scope_suffix back to ${valueText(suffix.service)} in the spec; a new scope string needs a new scope (and the users' consent to it).`);
    }
    const fields = changes.map((c) => c.field).join(', ');
    const { scope } = existing;
    if (dryRun) {
        log.info(`Dry run: the scope ${scope.scope_string} differs from the spec in ${fields}: it would be updated`);
        return { ...existing, changes };
    }
    const targets = existing.scopes.filter((s) => drift_suffixOf(s.scope_string) === definition.scope_suffix);
    log.info(`Updating ${fields} of ${targets.map((s) => s.scope_string).join(', ')}`);
    const answers = await Promise.all(targets.map((s) => service.updateScope(s.id, definition)));
    const byId = new Map(answers.map((a) => [a.id, a]));
    // The PUT's answer is the verification; one read more only if it leaves a field out.
    let after = byId.get(scope.id) ?? scope;
    if (compareScope(definition, after, names).length < existing.comparison.length)
        after = await service.getScope(scope.id);
    return {
        ...existing,
        scope: after,
        scopes: existing.scopes.map((s) => byId.get(s.id) ?? s),
        comparison: compareScope(definition, after, names),
        changes,
        updated: true,
    };
}

;// CONCATENATED MODULE: ./src/engine/reconcile/reconcile.ts
/**
 * The reconciliation, one path for both ways a registration holds its scopes (rules.ts holds what tells them apart):
 * the client inspected, each scope of the spec matched to the client's and its dependencies
 * resolved before any write, the writes level by level (a level's creations and updates sent
 * together, siblings first), the creations verified once, after the last level.
 *
 * Round trips: one when there is nothing to do (the inspection and the lookups in parallel); then
 * one per level of writes, and the verifying inspection once, after the last creation.
 */









/** Makes sure the client has the spec's scopes (or plans it, in a dry run); never creates blindly twice. */
async function reconcile(service, request, log = silentLog) {
    const rule = ruleOf(request.telling);
    const { specs } = request;
    // Before any write, in dry runs too: an id the lookup does not return is left to the creation.
    const inspection = await inspect(service, specs, (unverified) => specs.forEach((spec, index) => warnUnverified(spec, rule.place(index), unverified, rule.about(log, spec.scope_suffix))));
    const run = runOf(service, request, rule, inspection, log);
    const results = specs.map(() => undefined);
    for (const level of levelsOf(specs, run.siblings))
        await writeLevel(run, level, results);
    return concluded(run, results);
}
/** The run, once each scope is matched and every dependency resolves: a missing one stops it before any write. */
function runOf(service, { specs, dryRun, update = false, budget, words = PLAIN_WORDS }, rule, inspection, log) {
    const before = inspection.scopes;
    const expected = specs.map((spec) => service.scopeStringFor(spec.scope_suffix));
    const siblings = {
        scopeStringFor: (suffix) => service.scopeStringFor(suffix),
        listed: rule.siblings(specs),
        before,
        matched: expected.map((scopeString) => rule.match(before, scopeString)),
        created: new Map(),
    };
    const known = new Map(before.map((s) => [s.id, s]));
    const run = {
        service,
        log,
        rule,
        specs,
        dryRun,
        update,
        budget,
        words,
        expected,
        inspection,
        siblings,
        known,
        answered: [],
        adopted: [],
    };
    // Before any write, every dependency must resolve: a missing sibling stops the run here, and
    // so does a sibling to create given by its string, which no lookup can find yet.
    specs.forEach((spec, index) => {
        refuseSiblingString(spec, index, siblings);
        definitionOf(run, index);
    });
    rule.found(log, inspection.client, rule.unlisted(specs, before));
    return run;
}
/** What the spec asks of one scope, its dependencies by id as the run knows them now. */
function definitionOf(run, index) {
    const spec = run.specs[index];
    const { listed, before } = run.siblings;
    return {
        ...spec,
        dependent_scopes: resolveDependents(spec, run.inspection.byString, (suffix) => siblingId(run.siblings, suffix), {
            index: run.rule.place(index),
            suffixes: [...listed.keys(), ...before.map((s) => drift_suffixOf(s.scope_string))],
        }),
    };
}
/** The dependent scopes' strings the run knows, by id in lower case. */
const namesOf = ({ inspection, known }) => new Map([...inspection.byString.values(), ...inspection.visibleIds.values(), ...known.values()].map((s) => [
    s.id.toLowerCase(),
    s.scope_string,
]));
/** A scope the client has, held to the spec. */
function registered(run, index, found) {
    const definition = definitionOf(run, index);
    const names = namesOf(run);
    return {
        ...found,
        wouldCreate: false,
        definition,
        names,
        comparison: compareScope(definition, found.scope, names),
        changes: [],
        updated: false,
    };
}
const learn = (run, scopes) => {
    for (const s of scopes)
        run.known.set(s.id, s);
};
/** One level's writes; every one ends before a failure stops the run: none is cut off while the service may be applying it. */
async function writeLevel(run, level, results) {
    const ends = await Promise.allSettled(level.map((index) => write(run, index)));
    const failures = ends.flatMap((end, k) => {
        const index = level[k];
        if (end.status === 'fulfilled')
            results[index] = end.value;
        return end.status === 'rejected'
            ? [{ suffix: run.specs[index].scope_suffix, error: end.reason }]
            : [];
    });
    if (failures.length === 0)
        return;
    const written = results.flatMap((r) => r?.created === true
        ? [`created ${r.scope.scope_string}`]
        : r?.updated === true
            ? [`updated ${r.scope.scope_string}`]
            : []);
    throw run.rule.failure(failures, written);
}
/** One scope of the spec: held to it (updated, with update), planned, or created. */
async function write(run, index) {
    const spec = run.specs[index];
    const { client } = run.inspection;
    const scope = run.siblings.matched[index];
    if (scope !== undefined) {
        const held = registered(run, index, { scope, scopes: run.siblings.before, created: false, client });
        const result = run.update
            ? await applySpec(run.service, held, run.dryRun, run.rule.about(run.log, spec.scope_suffix))
            : held;
        learn(run, [...result.scopes, result.scope]);
        return result;
    }
    const expected = run.expected[index];
    if (run.dryRun) {
        run.log.info(run.rule.planned(spec, expected, client));
        const wouldBe = { id: '', scope_string: expected };
        return {
            scope: wouldBe,
            scopes: [wouldBe],
            created: false,
            client,
            wouldCreate: true,
            definition: definitionOf(run, index),
            names: namesOf(run),
            comparison: [],
            changes: [],
            updated: false,
        };
    }
    run.log.info(run.rule.creating(spec, expected, client));
    return registered(run, index, await created(run, index, spec, expected));
}
/** The scope created (its answer kept for the verifying inspection), or adopted from an inspection. */
async function created(run, index, spec, expected) {
    const { service, rule, known } = run;
    const claim = async (inspected) => {
        const scopes = await describeScopes(service, inspected, [...inspected.scopes, ...known.values()]);
        const scope = rule.match(scopes, expected);
        return scope === undefined ? undefined : { scope, scopes, created: false, client: inspected };
    };
    const outcome = await create(service, definitionOf(run, index), { unverified: run.inspection.unverified, lacking: rule.lacking(expected), claim }, { budget: run.budget, log: rule.about(run.log, spec.scope_suffix), words: run.words });
    let found;
    if ('answered' in outcome) {
        run.answered.push(outcome);
        const scope = rule.match(outcome.answered, expected) ?? outcome.answered[0];
        found = { scope, scopes: outcome.answered, created: true, client: run.inspection.client };
    }
    else {
        run.adopted.push(...outcome.scopes);
        found = outcome;
    }
    learn(run, found.scopes);
    run.siblings.created.set(spec.scope_suffix, found.scope.id);
    return found;
}
/** The creations verified once; each result then set against the client's scopes and the ids its siblings have now. */
async function concluded(run, results) {
    const answered = run.answered.flatMap((a) => a.answered);
    const { client } = run.inspection;
    const after = answered.length === 0 ? client : await verified(run, answered);
    const scopes = answered.length === 0
        ? [...new Map([...run.siblings.before, ...run.adopted].map((s) => [s.id, s])).values()].map((s) => run.known.get(s.id) ?? s)
        : await describeScopes(run.service, after, run.known.values());
    const planned = results.flatMap((r) => (r.wouldCreate ? [r.scope] : []));
    const names = namesOf(run);
    return {
        results: results.map((r, index) => {
            if (r.wouldCreate)
                return { ...r, scopes: [...scopes, ...planned] };
            const scope = scopes.find((s) => s.id === r.scope.id) ?? r.scope;
            const definition = definitionOf(run, index);
            return {
                ...r,
                client: after,
                scope,
                scopes,
                definition,
                names,
                comparison: compareScope(definition, scope, names),
            };
        }),
        unlisted: run.rule.unlisted(run.specs, run.siblings.before),
    };
}
/** The verifying inspection; its failure after a creation sent again says that one may have been applied too. */
async function verified(run, answered) {
    try {
        return await inspectAfterCreation(run.service, answered, run.words);
    }
    catch (error) {
        throw run.answered.some((a) => a.resent) && error instanceof errors_ActionError ? mayBeApplied(error) : error;
    }
}

// EXTERNAL MODULE: ./node_modules/zod/v4/mini/coerce.js
var coerce = __webpack_require__(3846);
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
function runSettingsOf(read, naming) {
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

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
;// CONCATENATED MODULE: ./src/engine/reconcile/lineage.ts
/**
 * What a run can know of a client's credentials, whose listing never shows a secret: which the
 * tool made, from which secret, which one is in use, and so which it may delete. A credential
 * the tool makes carries in its name a fingerprint of the secret the making run authenticated
 * with (a credential cannot be renamed, so its name is the one record it keeps): a run knows
 * the credentials made from its own secret, and takes as the one in use the newest of the tool's
 * that were not. The rotation retires by these rules; the watch judges the secret's age by them.
 */

/** The prefix of the name of every credential this tool makes: how it tells its own from the portal's. */
const CREDENTIAL_NAME_PREFIX = 'ensure-provider-scope ';
// The tool's names: the UTC time, the run's token, and (since lineage) the making secret's fingerprint.
const TOOL_NAME = /^ensure-provider-scope \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ [0-9a-z]+(?: from ([0-9a-f]{16}))?$/;
/**
 * The fingerprint of a secret: 16 hex characters of a SHA-256 over a label, the client id and
 * the secret (docs/security.md). One-way, and 64 bits of a digest of a secret of the service's
 * making tell nothing usable about it; the client id keeps two clients' fingerprints apart.
 */
const fingerprintOf = (clientId, secret) => (0,external_node_crypto_.createHash)('sha256')
    .update(`ensure-provider-scope lineage\0${clientId.toLowerCase()}\0${secret}`)
    .digest('hex')
    .slice(0, 16);
/** The new credential's name: the tool, the UTC time, the run's token, and the fingerprint of the secret it was made with. */
const credentialName = (now, token, fingerprint) => `${CREDENTIAL_NAME_PREFIX}${new Date(now).toISOString().replace(/\.\d{3}Z$/, 'Z')} ${token} from ${fingerprint}`;
const madeByThisTool = (credential) => TOOL_NAME.test(credential.name);
/** The fingerprint a credential's name records; none for another's, or for the tool's named before lineage. */
const madeFrom = (credential) => TOOL_NAME.exec(credential.name)?.[1];
/** A credential of the tool made this long before the reference time may belong to a rotation still in flight. */
const IN_FLIGHT_MS = 60 * 60 * 1000;
/** Oldest first; the listing's order breaks a tie (the sort is stable). */
const byCreation = (credentials) => [...credentials].sort((a, b) => a.created.localeCompare(b.created));
/**
 * The credentials as the run with the secret of fingerprint `own` sees them, at `now` (the
 * service's time where it is known: the new credential's creation). Where the one in use has
 * a sibling, both are `may be in use`: the run cannot tell which secret it holds.
 */
function lineageOf(credentials, { own, made, now }) {
    const sorted = byCreation(credentials);
    // The new one, made from the run's own secret, is never the one in use nor its sibling.
    const tools = sorted.filter(madeByThisTool);
    const inUse = tools.filter((c) => madeFrom(c) !== own).at(-1);
    const lineOfInUse = inUse === undefined ? undefined : madeFrom(inUse);
    const siblings = lineOfInUse === undefined ? [] : tools.filter((c) => c.id !== inUse?.id && madeFrom(c) === lineOfInUse);
    const standingOf = (c) => {
        if (c.id === made)
            return 'new';
        if (!madeByThisTool(c))
            return 'not made by this tool';
        if (c.id === inUse?.id)
            return siblings.length === 0 ? 'in use' : 'may be in use';
        if (siblings.some((s) => s.id === c.id))
            return 'may be in use';
        return madeFrom(c) === own ? 'made from this secret' : 'older';
    };
    return {
        credentials: sorted.map((credential) => {
            const created = Date.parse(credential.created);
            return {
                credential,
                madeByThisTool: madeByThisTool(credential),
                standing: standingOf(credential),
                recent: Number.isNaN(created) || created > now - IN_FLIGHT_MS,
            };
        }),
        inUseIsTheTools: inUse !== undefined,
    };
}
/**
 * Whether a rotation retires a credential, once the new secret is stored and proven: what
 * retire_id names goes (but the new one); the new one and, under `later`, the one in use and its
 * siblings stay; another's stays unless named; under `now` every other of the tool's goes;
 * under `later`, one made in the last hour stays (another rotation may be in flight), and the
 * tool's others go, orphans included.
 */
function keeping(judged, retire, named) {
    const { standing, recent, credential } = judged;
    if (standing === 'new')
        return 'the new one';
    if (named.has(credential.id))
        return undefined;
    if (standing === 'not made by this tool')
        return 'not made by this tool';
    if (retire === 'now')
        return undefined;
    if (standing === 'in use' || standing === 'may be in use')
        return standing;
    return recent ? 'may belong to a rotation in flight' : undefined;
}
const DAY_MS = 24 * 60 * 60 * 1000;
/** The findings for a run whose secret has fingerprint `own`, at `now`, under `maxAgeDays` when the spec sets it. */
function credentialFindings(credentials, { own, now, maxAgeDays }) {
    const judged = lineageOf(credentials, { own, now }).credentials;
    const findings = [];
    // Those made from this run's secret are not the one in use; any other may be.
    const mayBeInUse = judged.filter((j) => j.standing !== 'made from this secret');
    const ages = mayBeInUse.map((j) => now - Date.parse(j.credential.created));
    const youngest = mayBeInUse.at(-1);
    // An unreadable time (NaN) is never "certainly older".
    if (maxAgeDays !== undefined && youngest !== undefined && ages.every((age) => age > maxAgeDays * DAY_MS)) {
        const ageDays = Math.floor((now - Date.parse(youngest.credential.created)) / DAY_MS);
        findings.push({ kind: 'old secret', credential: youngest.credential, ageDays, maxAgeDays });
    }
    for (const j of judged.slice(1))
        if (!j.madeByThisTool)
            findings.push({ kind: 'not made by this tool', credential: j.credential });
    return findings;
}

// EXTERNAL MODULE: external "node:buffer"
var external_node_buffer_ = __webpack_require__(4573);
;// CONCATENATED MODULE: ./src/engine/settings/telling.ts
/** A spec that lists its scopes (`scopes:`). */
const TOLD_APART = { apart: true, matching: 'every listed scope matches the spec' };
/** The registration as its one scope: a spec of one scope's, and the deployed provider's check (verify), which holds no spec. */
const telling_TOLD_AS_ONE = { apart: false, matching: 'the scope matches the spec' };

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
var external_node_fs_default = /*#__PURE__*/__webpack_require__.n(external_node_fs_);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __webpack_require__(7975);
// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __webpack_require__(8815);
;// CONCATENATED MODULE: ./src/engine/settings/spec-path.ts
/**
 * The rule for the spec's path, apart from the file system so that it can be tested with the
 * rules of every platform (`path.win32` on Linux too). loadSpec (spec.ts) applies it twice
 * with Node's own `path`, which is `path.win32` on Windows: to the path as written, then to
 * the path with its links followed (`realpath`).
 *
 * Inside means under the workspace, never the workspace itself. Case is compared as the
 * platform's path module compares it: without regard to case under `path.win32` (Windows'
 * file systems ignore it), exactly under `path.posix`. On macOS, whose file system ignores
 * case by default, a path that reaches the workspace only through a differently cased name
 * of a folder above it is therefore refused as written: the rule may refuse a path that is
 * inside, never accept one that is outside. After `realpath` both sides are the names as
 * stored, and compare alike.
 */
/**
 * The absolute path `file` names, resolved against `root` (a path already absolute stays as
 * it is), when it lies under `root`; else undefined. `root` is an absolute path.
 */
function insideWorkspace(paths, root, file) {
    const full = paths.resolve(root, file);
    const relative = paths.relative(root, full);
    // Another drive or UNC share: relative() gives back an absolute path.
    const outside = relative === '' || relative === '..' || relative.startsWith(`..${paths.sep}`) || paths.isAbsolute(relative);
    return outside ? undefined : full;
}

;// CONCATENATED MODULE: ./src/engine/settings/spec.ts












// Not node:fs/promises, which loads readline with it (CONTRIBUTING.md, "What the start-up devices buy").
const [realpath, stat, spec_open, read, spec_close] = [
    (0,external_node_util_.promisify)((external_node_fs_default()).realpath.native),
    (0,external_node_util_.promisify)((external_node_fs_default()).stat),
    (0,external_node_util_.promisify)((external_node_fs_default()).open),
    (0,external_node_util_.promisify)((external_node_fs_default()).read),
    (0,external_node_util_.promisify)((external_node_fs_default()).close),
];
/** A spec file is a few hundred bytes; anything far larger is a mistake, not a spec. */
const MAX_SPEC_BYTES = 64 * 1024;
// Text as written: YAML drops the blanks around a plain value already; blanks inside quotes are
// meant, and the service keeps them (so that import can write any text the service holds).
const spec_text = schemas/* string */.YjP().check(api/* _minLength */.m9(1, { error: 'must not be empty', abort: true }), schemas/* refine */.YPB((value) => value.trim() !== '', 'must not be empty'));
// Scope strings are URIs (https://... or urn:...); anything else cannot be looked up.
const isUri = (value) => URL.canParse(value) && !/\s/.test(value);
const suffixText = spec_text.check(api/* _regex */.Fk(SCOPE_SUFFIX.pattern, `must be ${SCOPE_SUFFIX.rule}`));
const dependentFields = schemas/* strictObject */.rej({
    scope: schemas/* optional */.lqM(schemas/* pipe */.FsL(spec_text.check(schemas/* refine */.YPB((v) => isUuid(v) || isUri(v), 'must be a scope UUID or a scope string (a URL or URN)')), 
    // One spelling per UUID, so that duplicates are found and ids compare as the service's do.
    schemas/* transform */.pdi((v) => (isUuid(v) ? v.toLowerCase() : v))))
        .check(schemas/* describe */.q0y('The dependent scope, by UUID or by scope string (resolved to its UUID through the service).')),
    scope_suffix: schemas/* optional */.lqM(suffixText)
        .check(schemas/* describe */.q0y("Instead of scope: another scope of this client, by its suffix (listed in the spec or on the client); it stands for the id of the client's own scope string with that suffix.")),
    optional: schemas/* _default */.Rvf(schemas/* boolean */.zMY(), false).check(schemas/* describe */.q0y('Whether the dependent scope is optional.')),
    requires_refresh_token: schemas/* _default */.Rvf(schemas/* boolean */.zMY(), true)
        .check(schemas/* describe */.q0y('Whether a refresh token is required for the dependent scope.')),
});
// Exactly one of scope and scope_suffix: the output says which, as its type does.
const specDependentSchema = schemas/* pipe */.FsL(dependentFields.check(schemas/* superRefine */.zni((dep, ctx) => {
    if ((dep.scope === undefined) === (dep.scope_suffix === undefined)) {
        ctx.addIssue({
            code: 'custom',
            path: dep.scope === undefined ? ['scope'] : ['scope_suffix'],
            message: dep.scope === undefined
                ? 'is required: the dependent scope by UUID or scope string (or, instead, scope_suffix: another scope of this client)'
                : 'is given with scope: give one of them (scope for a scope by UUID or string, scope_suffix for another scope of this client)',
        });
    }
})), schemas/* transform */.pdi(({ scope, scope_suffix: suffix, ...flags }) => suffix === undefined ? { scope: scope, ...flags } : { scope_suffix: suffix, ...flags }));
/** What a dependent scope's entry names: its string or id, or `suffix:` and a sibling's suffix (never a URI or UUID). */
const dependentKey = (dep) => ('scope' in dep ? dep.scope : `suffix:${dep.scope_suffix}`);
/** A scope's definition as the spec file gives it, with the service's field names (globus-sdk-python, AuthClient.create_scope). */
const scopeSpecSchema = schemas/* strictObject */.rej({
    name: spec_text.check(schemas/* describe */.q0y('Shown to others who look the scope up.')),
    description: spec_text.check(schemas/* describe */.q0y('Shown to others who look the scope up.')),
    scope_suffix: schemas/* _default */.Rvf(suffixText, 'action_all')
        .check(schemas/* describe */.q0y('Appended to the generated scope string; action_all is the convention for a scope covering all operations.')),
    advertised: schemas/* boolean */.zMY().check(schemas/* describe */.q0y('true makes the scope visible to everyone who looks scopes up.')),
    allow_refresh_tokens: schemas/* _default */.Rvf(schemas/* boolean */.zMY(), true)
        .check(schemas/* describe */.q0y("Lets a client holding a user's grant refresh it without the user; the service answers it as allows_refresh_token.")),
    required_domains: schemas/* optional */.lqM(schemas/* array */.YOg(spec_text))
        .check(schemas/* describe */.q0y("Domains a user's identity must come from to use the scope; sent only when given (the service's default is none).")),
    dependent_scopes: schemas/* _default */.Rvf(schemas/* array */.YOg(specDependentSchema), []).check(schemas/* superRefine */.zni((deps, ctx) => {
        const seen = new Set();
        deps.forEach((dep, index) => {
            const key = dependentKey(dep);
            if (seen.has(key)) {
                const [field, value] = 'scope' in dep ? ['scope', dep.scope] : ['scope_suffix', dep.scope_suffix];
                ctx.addIssue({ code: 'custom', path: [index, field], message: `lists ${value} a second time` });
            }
            seen.add(key);
        });
    }), schemas/* describe */.q0y('Scopes of other services the provider calls; the groups scope enables group-based policies.')),
});
const SCHEMA_IS_THE_DEFINITION = true;
void SCHEMA_IS_THE_DEFINITION;
// The vendor documents scope suffixes as lower-case letters, digits and underscores
// (globus/globus-sdk-python, src/globus_sdk/services/auth/client/service_client.py,
// create_scope's docstring: "String consisting of lowercase letters, number, and underscores");
// a scope's own suffix may be any string, with a warning.
const DOCUMENTED_SUFFIX = /^[a-z0-9_]+$/;
/**
 * The client's credentials as the scheduled watch holds them, beside the scopes in either form:
 * the secret in use no older than `max_age_days` (docs/watch.md). Without it no age is judged.
 */
const credentialsPolicySchema = schemas/* strictObject */.rej({
    max_age_days: schemas/* int */.Whr()
        .check(api/* _gte */.qm(1, 'must be 1 or more: a whole number of days'), schemas/* describe */.q0y('The most days the secret in use may have: the watch opens its issue once every credential that may be the one in use is older. Rotate a little more often.')),
})
    .check(schemas/* describe */.q0y("The policy the scheduled watch holds the client's credentials to (docs/watch.md): rotation's age. Optional."));
const policy = { credentials: schemas/* optional */.lqM(credentialsPolicySchema) };
/** The single form at the top level: the scope's fields, and the credentials' policy beside them. */
const singleSpecSchema = schemas/* extend */.X$i(scopeSpecSchema, policy);
// The definition may also sit under a top-level `scope:` key, as in the service's request body.
const wrappedSpecSchema = schemas/* strictObject */.rej({ scope: scopeSpecSchema, ...policy });
/** A scope of the list form: its suffix is required, as it is what matches it to the client's scope. */
const listedScopeSchema = schemas/* extend */.X$i(scopeSpecSchema, {
    scope_suffix: suffixText.check(schemas/* describe */.q0y("Required here: it matches the listed scope to the client's scope with the same suffix, and names it for the others.")),
});
/** The list form: several scopes of one client, each by its suffix. */
const scopeListSchema = schemas/* strictObject */.rej({
    scopes: schemas/* array */.YOg(listedScopeSchema).check(api/* _minLength */.m9(1, 'must list at least one scope'), schemas/* superRefine */.zni((scopes, ctx) => {
        const first = new Map();
        scopes.forEach(({ scope_suffix: suffix }, index) => {
            const earlier = first.get(suffix);
            if (earlier === undefined)
                first.set(suffix, index);
            else
                ctx.addIssue({
                    code: 'custom',
                    path: [index, 'scope_suffix'],
                    message: `repeats ${suffix}, the suffix of scopes[${earlier}]: each listed scope needs its own`,
                });
        });
        for (const { at, cycle } of cyclesOf(scopes)) {
            ctx.addIssue({
                code: 'custom',
                path: at,
                message: `closes a cycle of dependencies (${cycle.join(' -> ')}): no scope of it can be created before the others. Remove one of these dependencies`,
            });
        }
    }), schemas/* describe */.q0y('The scopes of one client, each with its own scope_suffix: a listed scope the client lacks is created, one it has is held to its entry.')),
    ...policy,
});
/**
 * Each cycle of sibling dependencies among listed scopes, once, reported at the dependency that
 * closes it, in the file's order. A scope that depends on itself is a cycle of one.
 */
function cyclesOf(scopes) {
    const index = new Map(scopes.map((s, i) => [s.scope_suffix, i]));
    const siblings = (i) => (scopes[i]?.dependent_scopes ?? []).flatMap((d, j) => {
        const target = 'scope_suffix' in d ? index.get(d.scope_suffix) : undefined;
        return target === undefined ? [] : [[j, target]];
    });
    const state = new Map();
    const found = [];
    const visit = (i, path) => {
        state.set(i, 'open');
        for (const [j, target] of siblings(i)) {
            if (state.get(target) === 'open') {
                const stack = [...path, i];
                const cycle = [...stack.slice(stack.indexOf(target)), target].map((k) => scopes[k]?.scope_suffix);
                found.push({ at: [i, 'dependent_scopes', j, 'scope_suffix'], cycle });
            }
            else if (state.get(target) === undefined) {
                visit(target, [...path, i]);
            }
        }
        state.set(i, 'done');
    };
    scopes.forEach((_, i) => {
        if (state.get(i) === undefined)
            visit(i, []);
    });
    return found;
}
function fieldName(segments) {
    return (segments
        // An empty key still needs a visible name.
        .map((s, i) => (typeof s === 'number' ? `[${s}]` : `${i === 0 ? '' : '.'}${String(s) || '""'}`))
        .join(''));
}
/** Finds where a path points in the document: at the key itself when `key` is given. */
function locate(doc, lines, segments, key) {
    let node = doc.contents;
    for (const segment of segments) {
        // A missing field is reported where its parent is.
        const child = (0,dist/* isMap */.jh)(node) || (0,dist/* isSeq */.oP)(node) ? node.get(segment, true) : undefined;
        if (child === undefined || child === null)
            break;
        node = child;
    }
    if (key !== undefined && (0,dist/* isMap */.jh)(node)) {
        node = node.items.find((pair) => (0,dist/* isScalar */.jn)(pair.key) && String(pair.key.value) === key)?.key ?? node;
    }
    const offset = node?.range?.[0];
    return offset === undefined ? undefined : lines.linePos(offset);
}
// Never given null: each caller says what null means before it asks.
function describeType(value) {
    if (Array.isArray(value))
        return 'a list';
    if (typeof value === 'object')
        return 'a mapping';
    return `${typeof value} ${JSON.stringify(value)}`;
}
const article = (type) => type === 'object' ? 'a mapping' : type === 'array' ? 'a list' : type === 'int' ? 'a whole number' : `a ${type}`;
function issueMessage(issue) {
    if (issue.code === 'invalid_type') {
        if (issue.input === undefined)
            return 'is required';
        if (issue.input === null)
            return `has no value: it must be ${article(issue.expected)}`;
        return `must be ${article(issue.expected)}, not ${describeType(issue.input)}`;
    }
    return issue.message;
}
const SCOPE_KEYS = Object.keys(scopeSpecSchema.shape);
const DEPENDENT_SCOPE_KEYS = Object.keys(dependentFields.shape);
const POLICY_KEYS = Object.keys(credentialsPolicySchema.shape);
/** The keys allowed where an unknown one was found, to suggest the near miss from. */
function knownKeysAt(segments, form, wrapped) {
    if (segments.length === 0)
        return [...(form === 'list' ? ['scopes'] : wrapped ? ['scope'] : SCOPE_KEYS), 'credentials'];
    if (segments[0] === 'credentials')
        return POLICY_KEYS;
    return segments.includes('dependent_scopes') ? DEPENDENT_SCOPE_KEYS : SCOPE_KEYS;
}
/** A line and column as a problem's location in the file. */
const locationOf = (file, pos) => pos === undefined ? { file } : { file, startLine: pos.line, startColumn: pos.col };
/**
 * Parses and validates a spec file's text. Every problem is collected, each named by its
 * field and located at its line, so that one run shows the user everything to fix.
 */
function parseSpec(source, file) {
    const parsed = parseYaml(source, file);
    const { data } = parsed;
    const form = 'scopes' in data ? 'list' : 'single';
    const wrapped = form === 'single' && 'scope' in data;
    // Where the scopes sit: under scopes: (by index), under scope:, or at the top.
    const prefix = form === 'list' ? ['scopes'] : wrapped ? ['scope'] : [];
    const schema = form === 'list' ? scopeListSchema : wrapped ? wrappedSpecSchema : singleSpecSchema;
    const result = schema.safeParse(data, { reportInput: true });
    if (!result.success)
        throw new problems_ValidationError(schemaProblems(result.error.issues, parsed, form, wrapped));
    const { credentials, ...value } = result.data;
    const scopes = 'scopes' in value ? value.scopes : ['scope' in value ? value.scope : value];
    const where = ([index, ...field]) => locationOf(file, locate(parsed.doc, parsed.lines, form === 'list' ? [...prefix, index, ...field] : [...prefix, ...field]));
    // The fields of a scope: a listed one's under its index.
    const named = (index, ...field) => fieldName([...(form === 'list' ? [...prefix, index] : []), ...field]);
    const problems = [
        ...(form === 'single' ? selfDependencies(scopes, file, where) : []),
        ...malformedSiblings(scopes, file, named, where),
    ];
    if (problems.length > 0)
        throw new problems_ValidationError(problems);
    const warnings = scopes.flatMap(({ scope_suffix: suffix }, index) => {
        if (DOCUMENTED_SUFFIX.test(suffix))
            return [];
        const field = named(index, 'scope_suffix');
        return [
            {
                field,
                message: `${file}: ${field} ${JSON.stringify(suffix)} has characters other than lower-case letters, digits and underscores, ` +
                    'the only ones the authentication service documents for a suffix: the creation may be refused. Use, e.g., action_all.',
                location: where([index, 'scope_suffix']),
            },
        ];
    });
    const telling = form === 'list' ? TOLD_APART : telling_TOLD_AS_ONE;
    return { telling, scopes, locate: where, warnings, ...(credentials === undefined ? {} : { credentials }) };
}
/** The YAML read: a syntax error, a tag, aliases without bound, an empty file or one that is no mapping are refused. */
function parseYaml(source, file) {
    const lines = new dist/* LineCounter */.HN();
    // logLevel: a collection used as a key is reported as an unknown key, not as a process warning.
    const doc = (0,dist/* parseDocument */.Tp)(source, { lineCounter: lines, prettyErrors: true, uniqueKeys: true, logLevel: 'error' });
    if (doc.errors.some((error) => error.code === 'RESOURCE_EXHAUSTION')) {
        throw new problems_ValidationError([
            { field: 'spec', message: `${file}: the YAML is nested too deeply to be a scope definition`, location: { file } },
        ]);
    }
    // Tags name types of a programming language: a spec is plain data, so a tag is a mistake.
    const tags = doc.warnings.filter((warning) => warning.code === 'TAG_RESOLVE_FAILED');
    const errors = [...doc.errors, ...tags];
    if (errors.length > 0) {
        const problems = errors.map((error) => ({
            field: 'spec',
            // prettyErrors appends a code excerpt after the first line; the annotation has the location.
            message: `${file}: ${error.code === 'TAG_RESOLVE_FAILED' ? 'YAML tags are not supported in a spec' : 'YAML syntax error'}: ${error.message.split('\n')[0]?.replace(/:$/, '')}`,
            location: locationOf(file, error.linePos?.[0]),
        }));
        // One error cascades into many alike: each message once.
        throw new problems_ValidationError(problems.filter((p, i) => problems.findIndex((q) => q.message === p.message) === i));
    }
    let data;
    try {
        data = doc.toJS({ maxAliasCount: 100 });
    }
    catch (error) {
        // The one way a well-formed document fails to convert: aliases expanding without bound.
        throw new problems_ValidationError([{ field: 'spec', message: `${file}: ${error.message}`, location: { file } }]);
    }
    if (data === null || data === undefined) {
        throw new problems_ValidationError([
            {
                field: 'spec',
                message: `${file} is empty: it must define the scope (name, description, advertised, ...)`,
                location: { file },
            },
        ]);
    }
    if (typeof data !== 'object' || Array.isArray(data)) {
        throw new problems_ValidationError([
            {
                field: 'spec',
                message: `${file} must be a mapping of the scope's fields, not ${describeType(data)}`,
                location: locationOf(file, locate(doc, lines, [])),
            },
        ]);
    }
    return { file, doc, lines, data };
}
/** A scope of the single form that depends on its own suffix: the list form's cycle check finds it in a list. */
const selfDependencies = (scopes, file, where) => cyclesOf(scopes).map(({ at: [, ...field], cycle }) => {
    const name = fieldName(field);
    return {
        field: name,
        message: `${file}: ${name} names the scope's own suffix (${cycle[0] ?? ''}): a scope cannot depend on itself`,
        location: where([0, ...field]),
    };
});
/**
 * A sibling's suffix that no scope can have is a typo: refused before any request, with the
 * near miss among the listed suffixes. A listed scope's own suffix of other characters is only
 * warned about (parseSpec), so a sibling that names it is kept.
 */
function malformedSiblings(scopes, file, named, where) {
    const suffixes = scopes.map((s) => s.scope_suffix);
    return scopes.flatMap(({ scope_suffix: own, dependent_scopes: dependents }, index) => dependents.flatMap((dep, j) => {
        if (!('scope_suffix' in dep) || DOCUMENTED_SUFFIX.test(dep.scope_suffix) || suffixes.includes(dep.scope_suffix))
            return [];
        const name = named(index, 'dependent_scopes', j, 'scope_suffix');
        const near = nearestKey(dep.scope_suffix, suffixes.filter((s) => s !== own));
        return [
            {
                field: name,
                message: `${file}: ${name} ${JSON.stringify(dep.scope_suffix)} cannot be a scope's suffix: the authentication service takes lower-case letters, digits and underscores only` +
                    (near === undefined ? ". Write the suffix as it ends the scope's string" : ` (did you mean ${near}?)`),
                location: where([index, 'dependent_scopes', j, 'scope_suffix']),
            },
        ];
    }));
}
/** The schema's issues as problems, each at its line, an unknown key with its near miss; in the file's order. */
function schemaProblems(issues, { file, doc, lines }, form, wrapped) {
    const problems = [];
    for (const issue of issues) {
        if (issue.code === 'unrecognized_keys') {
            for (const key of issue.keys) {
                const field = fieldName([...issue.path, key]);
                const hint = nearestKey(key, knownKeysAt(issue.path, form, wrapped));
                problems.push({
                    field,
                    message: `${file}: unknown key "${field}"${hint === undefined ? '' : ` (did you mean "${hint}"?)`}`,
                    location: locationOf(file, locate(doc, lines, issue.path, key)),
                });
            }
        }
        else {
            const field = fieldName(issue.path);
            problems.push({
                field,
                message: `${file}: ${field} ${issueMessage(issue)}`,
                location: locationOf(file, locate(doc, lines, issue.path)),
            });
        }
    }
    // In the file's order, as a reader fixes them, not in the order of their kinds.
    const place = ({ location }) => (location?.startLine ?? 0) * 1e6 + (location?.startColumn ?? 0);
    return problems.sort((a, b) => place(a) - place(b));
}
/**
 * Reads the spec file from the workspace and parses it; see parseSpec. The path, once its
 * links are resolved, must lie inside the workspace: a spec from a pull request must not make
 * the run read, and quote, a file of the machine's.
 */
async function loadSpec(workspace, file, naming, base) {
    const fail = (message) => {
        throw new problems_ValidationError([{ field: 'spec', message }]);
    };
    const root = await realpath(workspace).catch(() => external_node_path_default().resolve(workspace));
    const refuse = () => fail(`Spec file ${file} is outside ${naming.workspace} (after its links are followed): ${naming.label('spec')} must name a file inside it.`);
    // As written first (a path that climbs out is refused whether or not it exists), then with its links followed.
    const asWritten = insideWorkspace((external_node_path_default()), root, await fromBase(root, base, file));
    if (asWritten === undefined)
        return refuse();
    let source;
    try {
        const fullPath = await realpath(asWritten);
        if (insideWorkspace((external_node_path_default()), root, fullPath) === undefined)
            return refuse();
        const info = await stat(fullPath);
        if (!info.isFile())
            return fail(`Spec file ${file} is not a file: ${naming.label('spec')} must name the YAML file that defines the scope.`);
        // Read to one byte past the limit: a size from stat is 0 for some special files.
        source = await readAtMost(fullPath, MAX_SPEC_BYTES + 1);
    }
    catch (error) {
        if (error instanceof problems_ValidationError)
            throw error;
        const code = error.code;
        if (code === 'ENOENT')
            return fail(`Spec file ${file} was not found in ${naming.workspace} (${workspace}). ${naming.specNotFound}`);
        return fail(`Spec file ${file} could not be read (${code ?? String(error)}).`);
    }
    if (source.length > MAX_SPEC_BYTES)
        return fail(`Spec file ${file} is over the limit of ${MAX_SPEC_BYTES} bytes: it should hold scope definitions alone.`);
    // UTF-16 has NULs or bytes UTF-8 never holds (its byte-order marks among them), as has a
    // Latin-1 accent: refused, rather than read with U+FFFD in its values and sent on.
    if (source.includes(0) || !(0,external_node_buffer_.isUtf8)(source)) {
        return fail(`Spec file ${file} is not UTF-8 text (it looks like UTF-16, Latin-1 or binary): save it as UTF-8.`);
    }
    return parseSpec(source.toString('utf8'), file);
}
/** The absolute path a relative spec path names: from `base` (its links followed, as the root's are), else from the root. */
const fromBase = async (root, base, file) => base === undefined
    ? external_node_path_default().resolve(root, file)
    : external_node_path_default().resolve(await realpath(base).catch(() => external_node_path_default().resolve(base)), file);
async function readAtMost(file, bytes) {
    const fd = await spec_open(file, 'r');
    try {
        const buffer = Buffer.alloc(bytes);
        let filled = 0;
        for (let got = -1; got !== 0 && filled < bytes; filled += got) {
            ({ bytesRead: got } = await read(fd, buffer, filled, bytes - filled, null));
        }
        return buffer.subarray(0, filled);
    }
    finally {
        await spec_close(fd);
    }
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
    const { scopes: specs, telling } = specFile;
    const first = specs[0];
    // A listed scope's field starts with its index; a registration told as one has the scope's own.
    const log = logOn(port.write, (field) => specFile.locate(typeof field[0] === 'number' ? field : [0, ...field]));
    for (const { message, location } of specFile.warnings)
        port.write({ level: 'warning', text: message, location });
    const what = telling.apart
        ? `${specs.length} scope(s) (${specs.map((s) => s.scope_suffix).join(', ')})`
        : `scope ${JSON.stringify(first.name)}`;
    log.info(`Ensuring ${what} for client ${settings.client_id} at ${settings.auth_url}${settings.dry_run ? ' (dry run)' : ''}`);
    const { budget, service } = connect(settings, port, signal, log);
    try {
        const request = { dryRun: settings.dry_run, update: settings.on_drift === 'update', budget, words: port.naming };
        const ensured = { telling, ...(await reconcile(service, { ...request, telling, specs }, log)) };
        const providers = await checkProviders(settings_providersOf(settings), () => ensured, budget, port, log);
        const credentials = port.checkCredentials?.(settings) === true
            ? await checkCredentials(service, settings, specFile, port, budget)
            : undefined;
        const concluded = conclude_concludeRun({ inputs: settings, naming: port.naming, ensured, providers });
        return {
            ...concluded,
            ...(credentials === undefined ? {} : withCredentials(concluded, credentials)),
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
/** The watch's one listing of the client's credentials, judged; a listing refused or unanswered is a warning, not a finding. */
async function checkCredentials(service, settings, specFile, { naming }, budget) {
    const maxAgeDays = specFile.credentials?.max_age_days;
    return service.listCredentials().then((credentials) => ({
        read: true,
        maxAgeDays,
        findings: credentialFindings(credentials, {
            own: fingerprintOf(settings.client_id, settings.client_secret),
            now: budget.clock.now(),
            maxAgeDays,
        }),
    }), (error) => ({
        read: false,
        warning: `The client's credentials could not be read, so their age and who made them were not checked: ${error.message}` +
            (error instanceof HttpError && error.status === 403 && settings.auth === 'basic'
                ? ` The service may let only a token list credentials: use ${naming.assign('auth', 'token')}.`
                : ''),
    }));
}
/**
 * The check on the conclusion, never a change of the exit code: each finding one line of the log
 * (the watch's issue has each with its fix), a listing that failed one warning more.
 */
const withCredentials = (concluded, credentials) => ({
    credentials,
    messages: [
        ...concluded.messages,
        ...(credentials.read
            ? credentials.findings.map((f) => ({ level: 'info', text: findingLine(f) }))
            : [{ level: 'warning', text: credentials.warning }]),
    ],
});
/** A finding as one line of the log. */
const findingLine = (finding) => {
    const { id, name, created } = finding.credential;
    const named = `${JSON.stringify(name)} (id ${id}, created ${created})`;
    return finding.kind === 'old secret'
        ? `The client's credentials: the secret in use is older than ${finding.maxAgeDays} days; the youngest credential that may be the one in use, ${named}, is ${finding.ageDays} days old.`
        : `The client's credentials: ${named} was not made by this tool, and is not the client's first.`;
};
/** A problem of the spec the service's answers showed, at its line in the file as validation's problems are. */
function placed(error, specFile) {
    if (!(error instanceof SpecFieldError))
        return error;
    return new problems_ValidationError(error.problems.map(({ at, field, message }) => {
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
        : results.filter((r) => (r.definition?.scope_suffix ?? drift_suffixOf(r.scope.scope_string)) === suffix);
    const strings = chosen.flatMap((r) => [
        r.scope,
        ...r.scopes.filter((s) => s.id !== r.scope.id && drift_suffixOf(s.scope_string) === drift_suffixOf(r.scope.scope_string)),
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
        (async () => settings_parseSettings(read, naming))(),
        // An empty `spec` setting is reported by parseSettings.
        specPath === '' ? undefined : loadSpec(workspace, specPath, naming, specBase),
    ]);
    const problems = [settings, spec].flatMap((result) => {
        if (result.status === 'fulfilled')
            return [];
        if (result.reason instanceof problems_ValidationError)
            return result.reason.problems;
        throw result.reason;
    });
    if (settings.status === 'fulfilled' && spec.status === 'fulfilled' && spec.value !== undefined) {
        const { auth_url: authUrl, client_id: clientId } = settings.value;
        problems.push(...settings_providerProblems(settings.value, naming), ...unknownSuffixes(settings.value, spec.value, naming));
        problems.push(...(check?.(spec.value, (suffix) => scopeStringOf(authUrl, clientId, suffix)) ?? []));
        if (problems.length === 0)
            return { settings: settings.value, specFile: spec.value };
    }
    throw new problems_ValidationError(problems);
}
/** Each provider's scope must be one of the spec's: the setting that named it says which it named, and which there are. */
function unknownSuffixes(settings, spec, naming) {
    const suffixes = spec.scopes.map((s) => s.scope_suffix);
    return settings_providersOf(settings).flatMap(({ suffix, line }) => {
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

;// CONCATENATED MODULE: ./src/engine/text.ts
/**
 * Text from the spec or from a server, made safe for where a door writes it. Both doors write
 * through these, after the secret is scrubbed (cutting first could leave a piece of it whole).
 * The characters are the wire's lists (wire/characters.ts): what is shown escaped, INVISIBLE,
 * is for display alone; what is accepted or refused is decided by hasUnsafe, which is narrower.
 */

/** The longest message a door writes; the service's words can be long. */
const MAX_MESSAGE = 2000;
const clip = (text) => (text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}\u2026` : text);
/** One line, never one that starts a workflow command (`::...`) of the GitHub runner. */
const oneLine = (text) => text.replace(/\r\n|\r|\n/g, ' \u23ce ').replace(/^(\s*)::/, '$1\u00bb ::');
/**
 * Text shown to a reader (a terminal, a rendering): every unsafe or invisible character shown as
 * its escape (`\u001b`, `\u200b`), never obeyed nor hidden. Display only.
 */
const inert = (text) => text.replace(INVISIBLE, characters_escapeOf);
/** A JSON text for a terminal: JSON already escapes C0 controls inside strings; the others too, as JSON escapes. */
const inertJson = (json) => json.replace(INVISIBLE_BEYOND_JSON, escapeOf);
/**
 * A value as code shows it: its exact text, but a line break as `\n` (`\r` as `\r`) and every
 * other unsafe or invisible character as its escape (inert). Nothing else is added or taken
 * away; a JSON text stays one that parses to the same value (the escapes are JSON's).
 */
const literal = (text) => inert(text.replace(/\r/g, '\\r').replace(/\n/g, '\\n'));
/** Whether a text holds a character a terminal or a line-based file would obey. */


;// CONCATENATED MODULE: ./src/render/outputs.ts
const outputStrings = ({ scope_string, scope_id, scope_strings, created, updated, changes, scopes, }) => ({
    scope_string,
    scope_id,
    scope_strings: JSON.stringify(scope_strings),
    created: String(created),
    updated: String(updated),
    changes: String(changes),
    scopes: JSON.stringify(scopes),
});
/** The outputs as strings but `scopes`, which the summary shows as a table and dotenv as lines of their own. */
function namedOutputStrings(outputs) {
    const { scope_string, scope_id, scope_strings, created, updated, changes } = outputStrings(outputs);
    return { scope_string, scope_id, scope_strings, created, updated, changes };
}

;// CONCATENATED MODULE: ./src/render/summary.ts
/**
 * The job summary: a run's conclusion (its plan, engine/reconcile/plan.ts, or what it knew when it
 * failed) as the markdown the runner shows on the run's page, every value scrubbed and then
 * escaped. The pull request's comment renders the same markdown.
 */



/**
 * Markdown's own punctuation backslash-escaped (CommonMark allows it before any ASCII
 * punctuation, and shows the character alone): each character that could start a link, an
 * image, emphasis, code, HTML, an entity, an autolink (`:` of a scheme, `@` of an address, the
 * `.` of `www.`) or end a table cell. Nothing else changes: the rendered text is the text given.
 */
const summary_escapePunctuation = (text) => text.replace(/[\\`*_[\]()<>!&|:@~]/g, '\\$&').replace(/(www)\./gi, '$1\\.');
/**
 * Text from the spec or a server, rendered as the text it is, inside a table cell or after a
 * list marker: line breaks become spaces, every unsafe or invisible character shows as its
 * escape (engine/text.ts' inert), then `defuse` makes it inert where it is posted (defuse.ts:
 * its word joiners come after the escapes, and so are never escaped themselves), then the
 * markdown's punctuation is escaped.
 */
const escapeMarkdown = (text, defuse = (t) => t) => summary_escapePunctuation(defuse(inert(text.replace(/\r\n|\r|\n/g, ' '))));
/**
 * A value in code, as the element's text shows it: the value exactly, but line breaks and
 * invisible characters as their escapes (engine/text.ts' literal), and the markdown's
 * punctuation backslash-escaped, which the renderer takes away again. No word joiner or other
 * mark goes inside: neither host finds a reference in code. GitHub's filters, published from
 * its pipeline, skip text under `pre`, `code`, `a`, `style` and `script` (gjtorikian/html-pipeline,
 * lib/html/pipeline/mention_filter.rb, IGNORE_PARENTS; docs.github.com, "Basic writing and
 * formatting syntax", Quoting code: "The text within the backticks will not be formatted");
 * GitLab's reference filters skip `pre`, `code`, `a` and `style` (gitlab-org/gitlab,
 * lib/banzai/filter/references/reference_filter.rb). A JSON value copied from it parses.
 */
const codeMarkdown = (text) => `<code>${summary_escapePunctuation(literal(text))}</code>`;
function headline({ action }, dryRun) {
    if (dryRun && action !== 'none')
        return `Dry run: the provider scope would be ${action}d`;
    return `${dryRun ? 'Dry run: provider scope' : 'Provider scope'} ${action === 'none' ? 'already registered' : `${action}d`}`;
}
/** The headline of a plan whose scopes are told apart: how many listed scopes there are, and what becomes of them. */
function listHeadline({ scopes, dryRun }) {
    const count = (action) => scopes.filter((s) => s.action === action).length;
    const done = dryRun ? ['would be created', 'would be updated'] : ['created', 'updated'];
    return `${dryRun ? 'Dry run: ' : ''}${scopes.length} provider scope(s): ${count('create')} ${done[0]}, ${count('update')} ${done[1]}, ${count('none')} already registered`;
}
const STATUS = {
    create: ['to create', 'created'],
    update: ['to update', 'updated'],
    none: ['unchanged', 'unchanged'],
};
/** What a run does (dry run: would do) to a listed scope, as its section's heading says it. */
const scopeStatus = ({ action }, dryRun) => STATUS[action][dryRun ? 0 : 1];
/**
 * The listed scopes' sections, in the spec's order, in the folded report (the verdict above names
 * what changes). The single form has no sections: its tables are the report's own.
 */
function sectionsOf({ telling, scopes }) {
    return telling.apart ? scopes : [];
}
/**
 * Markdown folded under a `<details>`: GitHub renders the markdown inside only after a blank
 * line (the sections it folds end with one). The summary is HTML, where an escape shows as it
 * is: only the renderer's own words go there.
 */
const folded = (summary, lines) => [
    `<details><summary>${summary}</summary>`,
    '',
    ...lines,
    '</details>',
    '',
];
function writerOf({ scrub = (text) => text, prose = (text) => text }) {
    const code = (text) => codeMarkdown(scrub(text));
    return {
        cell: (text) => escapeMarkdown(scrub(text), prose),
        code,
        // A list of dependent scopes one entry a line (each its string and id), any other value whole.
        value: (v) => (isDependentList(v) ? valueEntries(v).map(code).join('<br>') : code(valueText(v))),
        table: (rows) => ['| Item | Value |', '|---|---|', ...rows.map(([key, v]) => `| ${key} | ${v} |`), ''],
    };
}
/** A scope's rows in a table: its string, its id, whether this run created it. */
const scopeRows = ({ scope, action }, dryRun, { code }) => [
    ['Scope string', code(scope.scope_string)],
    ['Scope id', scope.id === null ? 'none yet' : code(scope.id)],
    [
        'Created by this run',
        action !== 'create' ? 'no, it already existed' : dryRun ? 'no: dry run, nothing was created' : 'yes',
    ],
];
/** A scope's creation, update and comparison, under headings of `level`. */
function scopeTables({ action, fields, comparison }, dryRun, level, w) {
    const { value } = w;
    const out = [];
    if (action === 'create') {
        out.push(`${level} ${dryRun ? 'The scope a run would create' : 'Created by this run'}`, '', '| Field | Value |', '|---|---|', ...fields.map((f) => `| ${f.field} | ${value(f.after)} |`), '');
    }
    if (action === 'update') {
        // The note is the update's, under its table: it is about what the provider's users see, not a value.
        const consent = fields.filter((f) => f.consent).map((f) => f.field);
        out.push(`${level} ${dryRun ? 'The update a run would make' : 'Updated by this run'}`, '', `| Field | Before | ${dryRun ? 'Would become' : 'After'} |`, '|---|---|---|', 
        // An update's fields all have a value before (only a creation's have none).
        ...fields.map((f) => `| ${f.field} | ${value(f.before)} | ${value(f.after)} |`), '', ...(consent.length === 0 ? [] : [`**Consent** (${consent.join(', ')}): ${escapeMarkdown(CONSENT_NOTE)}.`, '']));
    }
    if (comparison.length > 0) {
        out.push(`${level} The spec and the service`, '', '| Field | Spec | Service | Status |', '|---|---|---|---|', ...comparison.map((c) => `| ${c.field} | ${value(c.spec)} | ${value(c.service)} | ${c.same ? 'same' : '**differs**'} |`), '');
    }
    return out;
}
/** Each provider's row: what it publishes and whether that passes. */
const providerRows = (providers, { code, cell }) => providers.map(({ suffix, url, read, published, key, matches, allowed }) => {
    // A provider named by its scope says which it is: one step may check several.
    const which = suffix === undefined ? 'Provider' : `Provider ${code(url)} for ${cell(suffix)}`;
    const said = !read
        ? 'could not be read (the errors say why)'
        : published === undefined
            ? 'no scope'
            : `${code(published)} as ${code(key ?? '')}`;
    return [`${which}${read ? ' publishes' : ''}`, `${said} ${matches ? '(matches)' : `(**not ${cell(allowed)}**)`}`];
});
/** The plan: its headline, the registration's table, then the scope's tables or each listed scope's section. */
function planLines(conclusion, plan, context, w) {
    const { code, cell } = w;
    const { client, dryRun } = plan;
    const { providers = [], onDrift } = conclusion;
    const { ranFor, assign = (setting, value) => `${setting}: ${value}` } = context;
    const single = !plan.telling.apart;
    const rows = [
        ['Client', `${client.name === undefined ? '' : `${cell(client.name)} `}${code(client.id)}`],
        ...(single ? scopeRows(plan.scopes[0], dryRun, w) : []),
        ['All scope strings', plan.scopeStrings.map(code).join('<br>')],
        ...(single
            ? []
            : [
                [
                    'Not in the spec (left as they are)',
                    plan.unlisted.length === 0 ? 'none' : plan.unlisted.map(code).join('<br>'),
                ],
            ]),
        ['Ran for', cell(ranFor)],
        // What a release with the same settings does is what this run says: the settings it ran with.
        ...(onDrift === undefined
            ? []
            : [['Settings', `${code(assign('on_drift', onDrift))}${dryRun ? ', a dry run' : ''}`]]),
        ...providerRows(providers, w),
    ];
    const lines = [`### ${single ? headline(plan.scopes[0], dryRun) : listHeadline(plan)}`, '', ...w.table(rows)];
    if (single)
        lines.push(...scopeTables(plan.scopes[0], dryRun, '####', w));
    const section = (scope) => {
        const drift = scope.comparison.some((c) => !c.same) ? ', differs from the spec' : '';
        return [
            `#### ${cell(scope.suffix)}: ${scopeStatus(scope, dryRun)}${drift}`,
            '',
            ...w.table(scopeRows(scope, dryRun, w)),
            ...scopeTables(scope, dryRun, '#####', w),
        ];
    };
    lines.push(...sectionsOf(plan).flatMap(section));
    return lines;
}
/** Every problem of a failed validation, at its line. */
function problemLines(problems, { cell }) {
    const items = problems.map((p) => `- ${p.location?.startLine === undefined ? '' : `line ${p.location.startLine}: `}${cell(p.message)}`);
    return [`The inputs or the spec have ${items.length} problem(s):`, '', ...items, ''];
}
/** A failed run: what it knew before it failed. */
function failedLines({ known }, ranFor, w) {
    if (known === undefined)
        return [];
    const lines = ['### Provider scope: the run failed', ''];
    // Every scope of the spec: a list's failure is about all of them.
    const several = known.scopes.length > 1;
    const strings = `${known.scopes.map((s) => w.code(s.scopeString)).join('<br>')} (${several ? 'each ' : ''}the spec's; not read from the service)`;
    return [
        ...lines,
        ...w.table([
            ['Client', w.code(known.clientId)],
            [several ? 'Scope strings' : 'Scope string', strings],
            ['Ran for', w.cell(ranFor)],
        ]),
    ];
}
/** The verdict's line: its first words, then each scope and its fields with what becomes of them, or what is wrong. */
function verdictLine({ title, items }, { code, cell }) {
    const said = items.map(({ scope, fields, says }) => {
        if (scope === undefined)
            return cell(says);
        // The fields are the spec's keys, never a value: shown as they are, as the tables show them.
        return `${code(scope)}${fields === undefined ? '' : `: ${fields.join(', ')}`} ${cell(says)}`;
    });
    return `**${title}**: ${said.join('; ')}.`;
}
/**
 * What every markdown rendering opens with: the verdict's line, the "What changes" table (the
 * scope, the field, the service's value and the spec's, for differing or new fields only; a
 * creation's scope first, its fields below it) with at most `rows` rows, and the next step.
 */
function verdictLines(verdict, w, rows) {
    const lines = [verdictLine(verdict, w), ''];
    if (verdict.rows.length > 0) {
        // The scope is named on its first row only: the rows below it are its fields.
        const shown = verdict.rows.slice(0, rows?.limit).map(({ scope, field, service, spec }, index, all) => {
            const named = all[index - 1]?.scope === scope ? '' : w.code(scope);
            return `| ${named} | ${field ?? 'new scope'} | ${service === null ? 'none' : w.value(service)} | ${field === null ? w.code(String(spec)) : w.value(spec)} |`;
        });
        lines.push('#### What changes', '', '| Scope | Field | Service | Spec |', '|---|---|---|---|', ...shown, ...(rows !== undefined && verdict.rows.length > rows.limit
            ? [`| and ${verdict.rows.length - rows.limit} more | ${rows.more} | | |`]
            : []), '');
    }
    const [one, ...others] = verdict.next;
    if (one !== undefined && others.length === 0)
        lines.push(`**Next**: ${w.cell(one)}`, '');
    else if (one !== undefined)
        lines.push('**Next**:', '', ...verdict.next.map((step) => `- ${w.cell(step)}`), '');
    return lines;
}
/** The outputs, each a value; the scopes output a table of its entries by suffix. */
function outputLines(outputs, { code }) {
    // The scopes output is JSON of one entry per scope: a table of them reads better than one cell.
    const named = namedOutputStrings(outputs);
    const each = Object.entries(outputs.scopes);
    return [
        '#### Outputs',
        '',
        '| Output | Value |',
        '|---|---|',
        ...Object.entries(named).map(([name, v]) => `| ${name} | ${code(v)} |`),
        '| scopes | JSON: each scope by its suffix, as the table below |',
        '',
        '| Suffix | scope_string | scope_id | created | updated | changes |',
        '|---|---|---|---|---|---|',
        ...each.map(([suffix, o]) => `| ${code(suffix)} | ${code(o.scope_string)} | ${code(o.scope_id)} | ${code(String(o.created))} | ${code(String(o.updated))} | ${code(String(o.changes))} |`),
        '',
    ];
}
/**
 * The run's report in markdown, for the job summary and the review comment: the verdict first
 * (what changes, the next step: a failure's errors), then, folded, the whole report: the plan
 * (every field of a creation, each changed field before and after, the spec against the service,
 * each scope of the spec in its order), or what a failed run knew, the warnings, the outputs. A
 * failed validation's problems stay open: the next step is to fix them.
 */
function buildSummary(conclusion, context) {
    const w = writerOf(context);
    const { plan, problems, messages, outputs, verdict } = conclusion;
    const lines = verdictLines(verdict, w, context.rows);
    if (problems !== undefined)
        return [...lines, ...problemLines(problems, w)].join('\n');
    const report = plan !== undefined ? planLines(conclusion, plan, context, w) : failedLines(conclusion, context.ranFor, w);
    // The errors are the next step's, above; the warnings are the report's.
    const warnings = messages.flatMap((m) => (m.level === 'warning' ? [`- **warning**: ${w.cell(m.text)}`] : []));
    if (warnings.length > 0)
        report.push('#### Warnings', '', ...warnings, '');
    if (outputs !== undefined)
        report.push(...outputLines(outputs, w));
    return [...lines, ...(report.length === 0 ? [] : folded('The whole report', report))].join('\n');
}

;// CONCATENATED MODULE: ./src/github/run-context.ts
/**
 * What the run was for, as the summary's "Ran for" row says it, read from the workflow's
 * context (a subset of @actions/github's), which only this door has.
 *
 * On the runner, the event's name and ref are in the environment (GITHUB_EVENT_NAME,
 * GITHUB_REF) and the event's payload in the file at GITHUB_EVENT_PATH: the summary reads them
 * there (`readRunContext`), so a run that comments nothing loads no octokit after its last
 * answer. The payload is read on a release alone, the one event whose row it words.
 */



// Not node:fs/promises, which loads readline with it (CONTRIBUTING.md, "What the start-up devices buy").
const readFile = (0,external_node_util_.promisify)((external_node_fs_default()).readFile);
const payloadSchema = schemas/* object */.Ikc({
    release: schemas/* optional */.lqM(schemas/* object */.Ikc({ tag_name: schemas/* optional */.lqM(schemas/* string */.YjP()), html_url: schemas/* optional */.lqM(schemas/* string */.YjP()) })),
});
/** The event a release's row names, with its payload's tag. */
const RELEASE_EVENT = 'release';
/**
 * The context as the runner gives it: the event and ref from the environment, a release's
 * payload from the event file. A file that cannot be read, or does not hold a release, gives
 * no payload: the row then says the event and ref, as it does for any other event.
 */
async function readRunContext(env, read = (file) => readFile(file, 'utf8')) {
    const eventName = env.GITHUB_EVENT_NAME ?? '';
    const file = env.GITHUB_EVENT_PATH;
    let payload = {};
    if (eventName === RELEASE_EVENT && file) {
        try {
            payload = payloadSchema.safeParse(JSON.parse(await read(file))).data ?? {};
        }
        catch {
            // Unreadable or not JSON: the row says the event and ref.
        }
    }
    return { eventName, ref: env.GITHUB_REF ?? '', payload };
}
function describeRun({ eventName, ref, payload }) {
    const tag = payload.release?.tag_name;
    if (tag !== undefined)
        return `release ${tag}`;
    // Outside a runner (a local run of the bundle) both are empty (undefined in octokit's context).
    return !ref ? eventName || 'a local run' : `${eventName} on ${ref}`;
}

;// CONCATENATED MODULE: ./src/github/inputs.ts
/** An input as the runner gives it (`INPUT_<NAME>`), trimmed, as @actions/core's getInput reads it. */
const readInput = (env, name) => (env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim();
const INPUT_NAMING = {
    label: (setting) => `Input ${setting}`,
    ref: (setting) => setting,
    assign: (setting, value) => `${setting}: ${value}`,
    whenEmpty: (setting) => ({
        client_id: 'set it to the Client ID shown in the developer portal, e.g. `client_id: ${{ vars.PROVIDER_CLIENT_ID }}`',
        client_secret: 'secrets are not passed to workflows triggered from forks or by Dependabot. Otherwise check that the repository secret ' +
            'exists and is passed as `client_secret: ${{ secrets.PROVIDER_CLIENT_SECRET }}`',
        auth_url: 'set it to the base address of the authentication service, e.g. https://auth.globus.org',
    })[setting],
    workspace: 'the workspace',
    specNotFound: 'Check out the repository first (actions/checkout) and commit the spec there, or point the `spec` input at it.',
    createScope: 'run the step without dry_run',
    applyRun: 'a run without dry_run',
    debugOutput: 'the debug log of this run',
    runAgain: 'Run the step again',
    scopeStringOutput: "the step's scope_string output",
    // The examples keep a copy per GitHub environment: the release's, the dry run's, the watch's.
    secretCopies: "each GitHub environment that holds a copy of it as a secret (the release's, and the dry run's and the watch's if they have their own)",
    scopeOutputOf: (suffix) => `the scope_string of ${JSON.stringify(suffix)} in the step's scopes output`,
    lineOf: (setting, line) => `Line ${line} of input ${setting}`,
};

;// CONCATENATED MODULE: ./src/posting/own.ts
/** The first post, page by page, that is one's own. Stops at the page that has it. */
async function findOwn(pages, isOwn) {
    for await (const page of pages) {
        const own = page.find(isOwn);
        if (own !== undefined)
            return own;
    }
    return undefined;
}
/** One's own post updated in place, or created: which it was, and the post as the platform answered. */
async function keepOwn(place) {
    const own = await place.find();
    return own === undefined
        ? { post: await place.create(), created: true }
        : { post: await place.update(own), created: false };
}
/**
 * A creation sent once. Its answer lost (no status, or a 5xx), the post may be there all the
 * same: looked up again, and the failure stands only when it is not.
 */
async function createOnce(create, find, statusOf) {
    try {
        return await create();
    }
    catch (error) {
        const status = statusOf(error);
        const found = status === undefined || status >= 500 ? await find() : undefined;
        if (found === undefined)
            throw error;
        return found;
    }
}
/** Runs the posting; whatever fails is one warning (`failure` words it), never a change of the result. */
async function warnOnFailure(write, failure, posting) {
    try {
        await posting();
    }
    catch (error) {
        write({ level: 'warning', text: failure(error) });
    }
}

;// CONCATENATED MODULE: ./src/engine/conclude/health.ts
/** `onDrift` as the run read it; when it was not valid the run failed, whatever it says. */
function unwellBecause({ exitCode, plan, credentials }, onDrift) {
    const because = exitCode === 0 ? [] : ['failed'];
    if (plan !== undefined) {
        if (onDrift !== 'ignore' && plan.scopes.some((s) => s.comparison.some((c) => !c.same)))
            because.push('drift');
        // A scope's id is known once it exists: a creation only planned leaves it null.
        if (plan.scopes.some((s) => s.scope.id === null))
            because.push('no scope');
    }
    // The client's, found by a watch: an old secret, a credential nobody expects.
    if (credentials?.read === true && credentials.findings.length > 0)
        because.push('credentials');
    return because;
}

;// CONCATENATED MODULE: ./src/render/defuse.ts
/**
 * Text made inert where a host would link or notify: a word joiner (U+2060, invisible) put in
 * each mention, reference or link the host finds in the rendered text outside code. Values in
 * code get none (summary.ts, codeMarkdown): neither host looks for references there. Kept apart
 * from comment.ts (which uses them, and exports them again) so that the command line's
 * `--format markdown` (cli/main.ts) has them without the comment's renderer, which it loads only
 * for `--gitlab-note`.
 */
/**
 * On a pull request a mention notifies its user, and `#12` or `GH-12` links an issue, whatever
 * escapes the markdown holds: GitHub finds them in the rendered text outside code
 * (https://docs.github.com/en/get-started/writing-on-github/working-with-advanced-formatting/autolinked-references-and-urls).
 * A word joiner after `@`, `#` and `GH-`, and between `www` and its dot (an autolink), keeps the
 * text as it reads and makes it inert. Values in code get none (summary.ts, codeMarkdown).
 */
const defuse = (text) => text
    .replace(/[@#]/g, '$&\u2060')
    .replace(/(www)(\.)/gi, '$1\u2060$2')
    .replace(/\b(GH-)(\d)/gi, '$1\u2060$2');
/**
 * GitLab links more than GitHub does, in the rendered text as GitHub does
 * (https://docs.gitlab.com/user/markdown/#gitlab-specific-references): `!3` a merge request,
 * `$4` a snippet, `&5` an epic, `~bug` a label, `%v1` a milestone, `*iteration:` an iteration,
 * `^alert#6` an alert, `[issue:7]` and its kin, `[[Home]]` a wiki page, `group/project>` a
 * project, `GL-8` an issue. A word joiner after each sign (before `>`) keeps every one inert.
 */
const defuseForGitLab = (text) => defuse(text)
    .replace(/[!$&~%*^[]/g, '$&\u2060')
    .replace(/>/g, '\u2060>')
    .replace(/\b(GL-)(\d)/gi, '$1\u2060$2');
/**
 * Outside code only, as every defusing here (GitLab looks for references and links in no `code`
 * element: its reference filters skip `pre`, `code`, `a` and `style`, gitlab-org/gitlab,
 * lib/banzai/filter/references/reference_filter.rb): a commit's SHA, 7 to 40 hex digits,
 * links to the commit, and `scheme://` starts a link. Runs of hex digits are broken every 6,
 * and `://` after its colon; values in code stay whole, for whoever copies a scope string.
 */
const defuseProseForGitLab = (text) => text.replace(/[0-9a-f]{7,}/gi, (run) => run.replace(/.{6}(?=.)/g, '$&\u2060')).replace(/:\/\//g, ':\u2060//');
/**
 * Inert on GitHub and on GitLab both, wherever the markdown is posted (`--format markdown`):
 * GitLab's rules hold GitHub's (defuseForGitLab starts with defuse), and its prose rules.
 * GitLab's quick actions need a line that starts with `/` (gitlab-org/gitlab,
 * lib/gitlab/quick_actions/extractor.rb; https://docs.gitlab.com/user/project/quick_actions/):
 * no value starts a line, as every line break of one is a space outside code and `\n` in it.
 */
const defuseForBoth = (text) => defuseProseForGitLab(defuseForGitLab(text));

;// CONCATENATED MODULE: ./src/render/comment.ts


/**
 * GitHub refuses a longer comment: HTTP 422, "body is too long (maximum is 65536 characters)"
 * (as quoted in danger/danger#424 and telia-oss/github-pr-resource#259). A JS string's length
 * counts UTF-16 units, never fewer than the characters GitHub counts.
 */
const COMMENT_LIMIT = 65_536;
/**
 * One comment per client and spec file: a matrix over several providers keeps one each. Both
 * are inputs, so they are URL-encoded: no `-->` can end the HTML comment early.
 */
const commentMarker = (clientId, spec) => `<!-- ensure-provider-scope client=${encodeURIComponent(clientId.toLowerCase())} spec=${encodeURIComponent(spec)} -->`;
// The defusing of each host (defuse.ts), as the renderings have always imported it from here.

/** A value cut to `limit` characters, saying how much was left out and where it is whole. */
function cut(text, limit, whole = "the run's summary") {
    if (text.length <= limit)
        return text;
    return `${text.slice(0, limit)}\u2026 (${text.length - limit} more characters: the whole value is in ${whole})`;
}
/** A pull request's comment on GitHub, linked to the run, whose summary has every value whole. */
const GITHUB_COMMENT = {
    limit: COMMENT_LIMIT,
    noun: 'comment',
    host: 'GitHub',
    whole: "the run's summary",
    linked: (url) => `The job summary of [the run](${url}) has the whole report.`,
    wholeShort: 'the summary',
    defuse: defuse,
    prose: (text) => text,
};
/**
 * GitLab refuses a longer note: "The content of a note. Limited to 1,000,000 characters."
 * (https://docs.gitlab.com/api/notes/, Create new merge request note). Ruby counts characters,
 * never more than a JS string's UTF-16 units.
 */
const NOTE_LIMIT = 1_000_000;
/** A merge request's note on GitLab, linked to the job (CI_JOB_URL), whose log has every value whole. */
const GITLAB_NOTE = {
    limit: NOTE_LIMIT,
    noun: 'note',
    host: 'GitLab',
    whole: 'the job log',
    // CI_JOB_URL is set in every GitLab job, but a run elsewhere may lack it: no empty link then.
    linked: (url) => url === '' ? 'The job log has the whole report.' : `The log of [the job](${url}) has the whole report.`,
    wholeShort: 'the job log',
    defuse: defuseForGitLab,
    prose: defuseProseForGitLab,
};
/** What a value shown outside code goes through on the target: its defusing, then its prose rules. */
const outsideCode = ({ defuse, prose }) => (text) => prose(defuse(text));
// The longest value kept whole, tried in turn until the body fits; then, at the last, fewer rows of "What changes".
const VALUE_LIMITS = [Infinity, 2_000, 400, 80];
const ROW_LIMITS = [40, 10];
/** The comment's body, within its target's limit: values cut further and further, then the body itself. */
function renderComment(facts) {
    const target = facts.target ?? GITHUB_COMMENT;
    let body = '';
    const tries = [
        ...VALUE_LIMITS.map((limit) => [limit, Infinity]),
        ...ROW_LIMITS.map((rows) => [VALUE_LIMITS.at(-1), rows]),
    ];
    for (const [limit, rows] of tries) {
        body = render(facts, target, limit, rows);
        if (body.length <= target.limit)
            return body;
    }
    // Thousands of values, each already short: the end is left to the run's summary.
    const plan = facts.conclusion.plan;
    // The sections in the order the summary has them: the spec's.
    const listed = plan === undefined ? [] : sectionsOf(plan);
    // A spec that lists scopes: those whose section is cut off are named after it, with what the run does to them.
    const tailOf = (left) => {
        const named = cut(left.map((s) => `${s.suffix} (${scopeStatus(s, plan?.dryRun === true)})`).join(', '), 2_000, target.whole);
        const more = left.length === 0
            ? ''
            : ` Its ${left.length} last scope(s), there: ${escapeMarkdown(facts.scrub(named), outsideCode(target))}.`;
        // A blank line before the footer's rule: right under a line of text, `---` would make that line a heading.
        return `\n\n_The rest is too long for a ${target.noun}._${more}\n\n${footerOf(facts, target, true)}`;
    };
    // At the end of a line, or of a value in a line as long as a list of every scope string: never inside an escape or a tag.
    const upTo = (room) => body.slice(0, Math.max(body.lastIndexOf('\n', room), ...['</code>', '<br>'].map((tag) => body.lastIndexOf(tag, room - tag.length) + tag.length)));
    // Only the renderer writes a raw tag (a value's < is escaped): a cut inside the folded sections closes their <details>, else GitHub folds the end too.
    const unclosed = (text) => text.lastIndexOf('<details>') > text.lastIndexOf('</details>');
    const close = '\n\n</details>';
    const room = target.limit - tailOf(listed).length;
    const kept = unclosed(upTo(room)) ? `${upTo(room - close.length)}${close}` : upTo(room);
    // A scope's heading as the last rendering wrote it: its value scrubbed, cut to the last limit, made inert and escaped.
    const heading = (suffix) => `\n#### ${escapeMarkdown(cut(facts.scrub(suffix), VALUE_LIMITS.at(-1), target.whole), outsideCode(target))}: `;
    // The sections come in the summary's order, and cut headings may read alike: each is looked for after the one before.
    let from = 0;
    const first = listed.findIndex((s) => {
        const at = kept.indexOf(heading(s.suffix), from);
        from = at + 1;
        return at === -1;
    });
    return `${kept}${tailOf(first === -1 ? [] : listed.slice(first))}`;
}
function render(facts, target, limit, rows) {
    const { conclusion, marker, ranFor, scrub, assign } = facts;
    // Each value: scrubbed whole first, then cut; then, outside code alone, made inert; then escaped (summary.ts).
    let wasCut = false;
    const value = (text) => {
        const clean = scrub(text);
        const kept = cut(clean, limit, target.whole);
        wasCut ||= kept !== clean;
        return kept;
    };
    return [
        marker,
        buildSummary(conclusion, {
            ranFor,
            scrub: value,
            prose: outsideCode(target),
            assign,
            rows: { limit: rows, more: `${escapeMarkdown(target.whole)} has them all` },
        }),
        footerOf(facts, target, wasCut),
    ].join('\n');
}
function footerOf({ runUrl, spec }, target, wasCut) {
    const note = wasCut
        ? ` Some values were cut to keep this ${target.noun} within ${target.host}'s limit: ${target.wholeShort} has them whole.`
        : '';
    return `---\n<sub>Spec file ${codeMarkdown(spec)}. ${target.linked(runUrl)}${note}</sub>\n`;
}

;// CONCATENATED MODULE: ./src/render/issue.ts
/**
 * The watch's issue (watch-issue.ts): its marker, its title, the body that says what is wrong
 * and what to do, and the comment that closes it. Every value from the spec or a server is
 * scrubbed, cut, made inert and escaped as in the pull request's comment: an issue notifies
 * whoever a live mention names. The body stays within GitHub's limit on an issue's body.
 */





/**
 * One issue per client, spec file and set of providers checked: the comment's marker, of another
 * kind. No provider, or one for any scope, keeps the marker of a client and spec file as it was
 * (the issues opened under it are still found); providers named by their scopes add each, its
 * suffix and address (as the settings read it: the host lower case, no trailing slash), sorted,
 * so that steps that each check one keep an issue each, and no step closes another's.
 */
function watchMarker(clientId, spec, providers = []) {
    const marker = commentMarker(clientId, spec).replace('<!-- ensure-provider-scope ', '<!-- ensure-provider-scope watch ');
    if (providers.every((p) => p.suffix === undefined))
        return marker;
    // URL-encoded: no `,`, `=` or `-->` of a value can be read as the marker's own.
    const named = providers.map((p) => `${encodeURIComponent(p.suffix ?? '')}=${encodeURIComponent(p.url)}`).sort();
    return marker.replace(/ -->$/, ` providers=${named.join(',')} -->`);
}
// The most messages listed, and the longest value kept whole, tried in turn until the body
// fits: at the last, 60 messages and 14 values of 60 characters (each at most 6 units once
// escaped) and the fixed text are far below the limit. A spec that lists scopes has a table
// row per differing field of each: past the values' limits, fewer rows are shown, then none.
const MAX_MESSAGES = 60;
const issue_VALUE_LIMITS = [Infinity, 1_000, 200, 60];
const issue_ROW_LIMITS = [40, 10, 0];
// Titles show as plain text, whose `#12` GitHub links all the same. Three values of 64 and the
// words around them stay under 256 characters, where GitHub refuses a longer title (as
// reported in nelsontky/gh-pages-url-shortener#125); four (the providers named) of 48 too.
const TITLE_VALUE = 64;
const TITLE_VALUE_WITH_PROVIDERS = 48;
/** What tells this issue from the others: the client's name where known, its id, the spec file, the providers its marker names. */
function issueTitle({ conclusion, clientId, spec, scrub, providers = [], }) {
    // The providers the marker names, by the scopes they publish.
    const named = providers.flatMap((p) => (p.suffix === undefined ? [] : [p.suffix]));
    const limit = named.length === 0 ? TITLE_VALUE : TITLE_VALUE_WITH_PROVIDERS;
    const value = (text) => {
        const plain = defuse(inert(scrub(text).replace(/\s+/g, ' ')));
        return plain.length > limit ? `${plain.slice(0, limit - 1)}\u2026` : plain;
    };
    const name = conclusion.plan?.client.name;
    const client = name === undefined ? value(clientId) : `${value(name)} (${value(clientId)})`;
    const which = named.length === 0 ? '' : `, provider(s) of ${value(named.join(', '))}`;
    return `Provider scope needs attention: ${client}, ${value(spec)}${which}`;
}
/** The issue's body, within COMMENT_LIMIT (an issue's body has the same limit as a comment's). */
function renderIssue(conclusion, facts) {
    let body = '';
    for (const [limit, rows] of [
        ...issue_VALUE_LIMITS.map((limit) => [limit, Infinity]),
        ...issue_ROW_LIMITS.map((rows) => [60, rows]),
    ]) {
        body = issue_render(conclusion, facts, limit, rows);
        if (body.length <= COMMENT_LIMIT)
            return body;
    }
    // Hundreds of listed scopes: the end is left to the run's summary, cut at the end of a line.
    const tail = `\n\n_The rest is too long for an issue: the job summary of [the run](${facts.runUrl}) has the whole report._\n`;
    return `${body.slice(0, body.lastIndexOf('\n', COMMENT_LIMIT - tail.length))}${tail}`;
}
const FOUND = {
    failed: 'The run failed.',
    drift: 'The scope differs from the spec.',
    'no scope': 'The client has no scope.',
    credentials: "The client's credentials need attention.",
};
// A rejected secret: its replacement, step by step (the error above says the same in the action's words).
const SECRET_REJECTED = "The service rejected the client's credentials. If the Client ID is right, its secret was deleted or is wrong: " +
    `${replaceSecret({ secretCopies: "each GitHub environment that holds a copy of it as a secret (the release's, and this watch's)" })}. Then run this workflow again.`;
const ADVICE = {
    failed: "The run failed: its errors are above, and its log has each step. Fix what they name (the client's secret, the spec, the provider), then run this workflow again.",
    drift: 'The scope differs from the spec: someone changed it outside the spec, or the spec changed since the release. Bring the scope back with the release workflow under `on_drift: update`, or change the spec to what the service has and release it.',
    'no scope': "The client has no scope: the provider's users cannot consent to it. Run the release workflow (not a dry run) to create it.",
    credentials: "The client's credentials: each finding above says its own fix.",
};
/** The scope string, or each listed one by its suffix: read from the service, or the spec's when the run failed first. */
function stringLines({ plan, known }, { value, code }) {
    const strings = plan === undefined
        ? (known?.scopes ?? []).map(({ suffix, scopeString }) => ({
            suffix,
            string: scopeString,
            how: " (the spec's; not read from the service)",
        }))
        : plan.scopes.map(({ scope, suffix }) => ({
            suffix,
            string: scope.scope_string,
            how: scope.id === null ? ' (not created yet)' : '',
        }));
    const [one, ...others] = strings;
    if (one !== undefined && others.length === 0)
        return [`The scope string: ${code(one.string)}${one.how}.`, ''];
    // By suffix too, which a value cut to its limit may lose from the string's end.
    if (others.length > 0)
        return [
            'The scope strings:',
            '',
            ...strings.map(({ suffix, string, how }) => `- ${value(suffix)}: ${code(string)}${how}`),
            '',
        ];
    return [];
}
/** Every provider's verdict, each by the scope it had to publish: one step may check several. */
function providerLines(providers, { value, code }) {
    if (providers.length === 0)
        return [];
    return [
        '#### The deployed providers',
        '',
        ...providers.map(({ suffix, url, read, published, matches, allowed }) => {
            const about = suffix === undefined ? '' : `${value(suffix)}: `;
            const said = !read
                ? 'could not be read'
                : published === undefined
                    ? 'publishes no scope'
                    : `publishes ${code(published)}`;
            return `- ${about}${code(url)} ${said} (${matches ? 'matches' : `**not ${value(allowed)}**`})`;
        }),
        '',
    ];
}
/** Each finding of the watch's look at the client's credentials, with its own fix (engine/reconcile/lineage.ts). */
function credentialLines(check, { value, code }) {
    if (check?.read !== true || check.findings.length === 0)
        return [];
    const named = ({ id, name, created }) => `${code(name)} (id ${code(id)}, created ${value(created)})`;
    return [
        "#### The client's credentials",
        '',
        ...check.findings.map((finding) => finding.kind === 'old secret'
            ? `- **The secret in use is older than ${finding.maxAgeDays} days** (the spec's \`credentials.max_age_days\`): every credential that may be the one in use is older; the youngest of them, ${named(finding.credential)}, is ${finding.ageDays} days old. ` +
                "Rotate the secret (the rotation action, or `ensure-provider-scope rotate`: docs/rotation.md), deploy the provider with the new one, and check that the rotation's schedule still runs (GitHub disables a schedule after 60 days without activity in the repository)."
            : `- **A credential this tool did not make**, beside the client's first (the developer portal's): ${named(finding.credential)}. ` +
                `If someone on the team made it (a test, a quick fix), retire it once nothing uses it: ${code(`retire_id: ${finding.credential.id}`)} in the rotation action, or ${code(`--retire-id ${finding.credential.id}`)}. ` +
                'If nobody did, someone may hold a leaked secret: follow docs/rotation.md, "A leaked secret", at once.'),
        '',
    ];
}
/** The run's warnings and errors, the first few: the run has them all. */
function noteLines({ messages }, runUrl, { value }) {
    const notes = messages.filter((m) => m.level === 'warning' || m.level === 'error');
    if (notes.length === 0)
        return [];
    return [
        '#### Warnings and errors',
        '',
        ...notes.slice(0, MAX_MESSAGES).map((m) => `- **${m.level}**: ${value(m.text)}`),
        ...(notes.length > MAX_MESSAGES
            ? [`- and ${notes.length - MAX_MESSAGES} more: [the run](${runUrl}) has them all.`]
            : []),
        '',
    ];
}
/** What the watch found, and what to do about each: in a list, the listed scopes the client lacks by suffix. */
function verdictOf(conclusion, { value }) {
    const { plan } = conclusion;
    // In a list, "no scope" is the listed scopes the client lacks: named by suffix.
    const missing = plan?.telling.apart === true ? plan.scopes.filter((s) => s.scope.id === null).map((s) => value(s.suffix)) : [];
    return {
        found: (why) => why === 'no scope' && missing.length > 0
            ? `The client lacks listed scope(s): ${missing.join(', ')}.`
            : FOUND[why],
        advice: (why) => why === 'no scope' && missing.length > 0
            ? "The client lacks listed scopes: the provider's users cannot consent to them. Run the release workflow (not a dry run) to create them."
            : why === 'failed' && conclusion.secretRejected === true
                ? SECRET_REJECTED
                : ADVICE[why],
    };
}
/** The issue's first line: the verdict's, or, when the scope matches the spec, what else the watch found (the credentials). */
function openerOf(conclusion, because, w, found) {
    return conclusion.verdict.title === 'No changes'
        ? `**Needs attention**: ${because.map(found).join(' ')}`
        : verdictLine(conclusion.verdict, w);
}
function issue_render(conclusion, { because, marker, runUrl, spec, clientId, scrub }, limit, rows) {
    const kept = (text) => cut(scrub(text), limit);
    const value = (text) => escapeMarkdown(kept(text), defuse);
    const code = (text) => codeMarkdown(kept(text));
    const w = { value, code };
    const shown = (v) => isDependentList(v) ? valueEntries(v).map(code).join('<br>') : code(valueText(v));
    const summary = { cell: value, code, value: shown };
    const { found, advice } = verdictOf(conclusion, w);
    // The verdict's line opens the issue; its table and next step follow it (verdictLines).
    // A failed run's next step is its errors, which the issue lists with its warnings.
    const verdict = conclusion.exitCode === 0 ? conclusion.verdict : { ...conclusion.verdict, next: [] };
    const [, ...changes] = verdictLines(verdict, summary, { limit: rows, more: `[the run](${runUrl}) has them all` });
    const details = [...stringLines(conclusion, w), ...providerLines(conclusion.providers ?? [], w)];
    return [
        marker,
        openerOf(conclusion, because, summary, found),
        ...changes,
        `The watch's [run](${runUrl}) of the spec file ${w.code(spec)} for client ${w.code(clientId)} found:`,
        '',
        ...because.map((why) => `- ${found(why)}`),
        '',
        ...noteLines(conclusion, runUrl, w),
        ...credentialLines(conclusion.credentials, w),
        '#### What to do',
        '',
        ...because.map((why) => `- ${advice(why)}`),
        '',
        ...(details.length === 0 ? [] : folded('The scope strings and the providers', details)),
        `---\n<sub>Kept by ensure-provider-scope's watch: updated in place while the registration is unwell, closed by the first watch that finds it well. The job summary of [the run](${runUrl}) has the whole report.</sub>\n`,
    ].join('\n');
}
/** The comment that closes the issue: the registration is well again. */
const resolvedComment = (runUrl) => `Resolved: the watch's [run](${runUrl}) found the registration well (the run passed, the scope exists and matches the spec). Closing this issue; the next problem reopens it.`;

;// CONCATENATED MODULE: ./src/render/places.ts
/**
 * What one run leaves where reviewers and maintainers look, from the facts a door knows: the
 * pull request's comment, and what the watch writes (the issue while the registration is
 * unwell, else the comment that closes an open one). The GitHub door posts them
 * (github/pr-comment.ts, github/watch-issue.ts); the command line's `preview` (cli/preview.ts)
 * writes them to files. One path for both: a preview shows what a run would post.
 */




/** The pull request's comment: the marker that finds it again, and its body (a setting given a value in the door's words, `assign`: the action's unless said). */
function pullRequestComment(facts) {
    const { conclusion, clientId, spec, runUrl, scrub, ranFor, assign } = facts;
    const marker = commentMarker(clientId, spec);
    return { marker, body: renderComment({ conclusion, marker, ranFor, runUrl, spec, scrub, assign }) };
}
/**
 * The watch's writing for a run, its verdict the engine's (engine/conclude/health.ts); `onDrift`
 * as the run read it, `providers` as the step gives them (issue.ts, watchMarker: one issue per set).
 */
function watchWriting(facts) {
    const { conclusion, clientId, spec, runUrl, scrub, onDrift, providers = [] } = facts;
    const marker = watchMarker(clientId, spec, providers);
    const because = unwellBecause(conclusion, onDrift);
    if (because.length === 0)
        return { marker, unwell: [], resolved: resolvedComment(runUrl) };
    return {
        marker,
        unwell: because,
        issue: {
            title: issueTitle({ conclusion, clientId, spec, scrub, providers }),
            body: renderIssue(conclusion, { because, marker, runUrl, spec, clientId, scrub }),
        },
    };
}
/**
 * What the watch would write, as one markdown document: unwell, the issue's title as a heading
 * (plain text on GitHub, so escaped here), then its body; well, that it would open none, and the
 * comment with which it would close an open one.
 */
function watchPreview(writing) {
    if ('issue' in writing)
        return `# ${escapePunctuation(writing.issue.title)}\n\n${writing.issue.body}`;
    return `_The watch would open no issue: it would find the registration well, and close an issue it had open with this comment:_\n\n${writing.resolved}\n`;
}

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
const octokit_findOwn = (pages, marker, login) => findOwn(pages, (w) => w.user?.login.toLowerCase() === login.toLowerCase() && w.body?.includes(marker) === true);
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
        // On these options, not a copy: the hook octokit wraps first (the token's) is bound to them,
        // and sends them whatever `request` is given. Each attempt gets a limit of its own.
        const once = async () => {
            options.request = { ...options.request, signal: AbortSignal.timeout(REQUEST_MS) };
            return request(options);
        };
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
            text: `GitHub ${describe(error)} Attempt ${tried} of ${pacing.policy.attempts} failed; trying again in ${formatPause(waitMs)}.`,
        }));
    });
}
const pathOf = (url) => URL.parse(url, 'https://api.invalid')?.pathname ?? url;
/** What GitHub answered, or why no answer came (octokit gives those status 500 and no response). */
function describe(error) {
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
    return `GitHub ${describe(error)}${gaveUp === undefined ? '' : ` It ${gaveUp}.`}`;
}

;// CONCATENATED MODULE: ./src/github/pr-comment.ts




/**
 * The action's inputs that only this door has (the command line never comments), with the
 * defaults action.yml declares.
 */
const COMMENT_INPUT_DEFAULTS = { pr_comment: 'auto', github_token: '${{ github.token }}' };
/** The events whose runs comment (pr_comment: auto). */
const PULL_REQUEST_EVENTS = ['pull_request', 'pull_request_target'];
/** pr_comment as the workflow gave it: auto, off, or the error that says what to write. */
function readPrComment(value) {
    if (value === '' || value === 'auto')
        return 'auto';
    if (value === 'off')
        return 'off';
    return {
        level: 'error',
        text: 'Input pr_comment must be auto or off: auto comments the plan on a pull request, off never comments. Leave it out for auto.',
    };
}
/** Comments the run on its pull request, if it is on one and pr_comment is auto (run() refused any other value). Never throws. */
async function commentOnPullRequest(run, deps) {
    const { write } = run;
    if (readPrComment(deps.core.getInput('pr_comment')) !== 'auto' || !PULL_REQUEST_EVENTS.includes(deps.eventName))
        return;
    const token = deps.core.getInput('github_token');
    if (token === '') {
        if (deps.onRunner === false)
            return write({
                level: 'debug',
                text: 'Not on a GitHub runner, and no github_token given: the pull request is not commented.',
            });
        write({
            level: 'warning',
            text: "The run was not commented on the pull request: Input github_token is empty. Leave it out for the workflow's token, or set pr_comment: off.",
        });
        return;
    }
    // Masked before it is used, by the run's one keeper: the runner hides it in the log, the scrub in everything else.
    run.secrets.learn(token);
    await warnOnFailure(write, failure, () => comment(run, deps, token));
}
async function comment({ conclusion, settings, secrets, write }, deps, token) {
    const toolkit = await (deps.load ?? loadToolkit)();
    const { context } = toolkit;
    const number = context.payload.pull_request?.number;
    if (number === undefined)
        return write({ level: 'debug', text: 'No pull request number in the event: no comment.' });
    const { owner, repo } = context.repo;
    const octokit = octokit_connect(toolkit, token, deps.clock, write);
    const { marker, body } = pullRequestComment({
        conclusion,
        clientId: settings.clientId,
        spec: settings.spec,
        ranFor: describeRun(context),
        runUrl: runUrlOf(context),
        scrub: secrets.scrub,
    });
    const login = await readTokenUser(octokit, write);
    const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, {
        owner,
        repo,
        issue_number: number,
        per_page: 100,
    });
    const { post, created } = await keepOwn({
        find: () => octokit_findOwn(pagesOf(pages), marker, login),
        update: async (own) => (await octokit.rest.issues.updateComment({ owner, repo, comment_id: own.id, body })).data,
        create: async () => (await octokit.rest.issues.createComment({ owner, repo, issue_number: number, body })).data,
    });
    write({
        level: 'info',
        text: `The comment on pull request #${number} is ${created ? 'created' : 'updated'}: ${post.html_url}`,
    });
}
/** The one warning a failed comment gives: what happened and what to do. */
function failure(error) {
    const status = statusOf(error);
    const what = whatFailed(error);
    const head = 'The run was not commented on the pull request (the job summary has everything):';
    if (status === 403) {
        return `${head} ${what} Give the job the permission \`pull-requests: write\`. Where the token is read-only, as on a pull request from a fork, set pr_comment: off.`;
    }
    if (status === 401)
        return `${head} ${what} Check the token given as github_token, or leave it out for the workflow's own token.`;
    return `${head} ${what}`;
}

;// CONCATENATED MODULE: ./src/github/watch-issue.ts



/** This door's input for the watch, with the default action.yml declares. */
const WATCH_INPUT_DEFAULTS = { watch_issue: 'auto' };
/** watch_issue as the workflow gave it: auto, off, or the error that says what to write. */
function readWatchIssue(value) {
    if (value === '' || value === 'auto')
        return 'auto';
    if (value === 'off')
        return 'off';
    return {
        level: 'error',
        text: 'Input watch_issue must be auto or off: auto keeps one issue open while a scheduled run finds the registration unwell, off never touches issues. Leave it out for auto.',
    };
}
/**
 * Whether the event, the inputs and the run's settings make this run a watch (run() refused a
 * watch_issue that is neither auto nor off): such a run reads the client's credentials too. A
 * dispatched dry run off the default branch counts here; its issue is then left alone (keep, below).
 */
function watches({ core, eventName }, { dryRun }) {
    if (readWatchIssue(core.getInput('watch_issue')) !== 'auto')
        return false;
    if (eventName === 'schedule')
        return true;
    return eventName === 'workflow_dispatch' && dryRun === true;
}
/** Keeps the watch's issue after the run, when the run is a watch. Never throws. */
async function watchIssue(run, deps) {
    if (!watches(deps, run.settings))
        return;
    const token = deps.core.getInput('github_token');
    if (token === '') {
        if (deps.onRunner === false)
            return run.write({
                level: 'debug',
                text: "Not on a GitHub runner, and no github_token given: the watch's issue is left alone.",
            });
        run.write({
            level: 'warning',
            text: "The watch's issue was not kept: Input github_token is empty. Leave it out for the workflow's token, or set watch_issue: off.",
        });
        return;
    }
    // Masked before it is used, by the run's one keeper: the runner hides it in the log, the scrub in everything else.
    run.secrets.learn(token);
    await warnOnFailure(run.write, watchFailure, () => keep(run, deps, token));
}
async function keep({ conclusion, settings, secrets, write }, deps, token) {
    const toolkit = await (deps.load ?? loadToolkit)();
    const { context } = toolkit;
    const branch = context.payload.repository?.default_branch;
    if (deps.eventName === 'workflow_dispatch' && context.ref !== `refs/heads/${branch}`) {
        return write({
            level: 'debug',
            text: `Dispatched on ${context.ref}, not on the default branch (${branch}): the watch's issue is left alone.`,
        });
    }
    const { owner, repo } = context.repo;
    const octokit = octokit_connect(toolkit, token, deps.clock, write);
    const writing = watchWriting({
        conclusion,
        clientId: settings.clientId,
        spec: settings.spec,
        runUrl: runUrlOf(context),
        scrub: secrets.scrub,
        onDrift: settings.onDrift,
        providers: settings.providers,
    });
    const { marker } = writing;
    const login = await readTokenUser(octokit, write);
    const find = () => octokit_findOwn(listOwnIssues(octokit, { owner, repo, creator: login }), marker, login);
    const own = await find();
    const said = (what, { number, html_url }) => write({ level: 'info', text: `The watch's issue #${number} is ${what}: ${html_url}` });
    if ('resolved' in writing) {
        if (own?.state !== 'open')
            return write({
                level: 'debug',
                text: 'The registration is well and the watch has no open issue: nothing to write.',
            });
        await octokit.rest.issues.createComment({ owner, repo, issue_number: own.number, body: writing.resolved });
        const { data } = await octokit.rest.issues.update({
            owner,
            repo,
            issue_number: own.number,
            state: 'closed',
            state_reason: 'completed',
        });
        return said('closed: the registration is well again', data);
    }
    const { title, body } = writing.issue;
    if (own === undefined) {
        // Its answer lost, the issue may be there all the same: looked up again, never created twice.
        const data = await createOnce(async () => (await octokit.rest.issues.create({ owner, repo, title, body })).data, find, statusOf);
        return said('opened', data);
    }
    // The title is left as it is: whoever renamed it meant to.
    const reopen = own.state !== 'open';
    const { data } = await octokit.rest.issues.update({
        owner,
        repo,
        issue_number: own.number,
        body,
        ...(reopen ? { state: 'open' } : {}),
    });
    said(reopen ? 'reopened' : 'updated', data);
}
/** The repository's issues (open and closed) that `creator` opened, page by page, pull requests left out. */
async function* listOwnIssues(octokit, { owner, repo, creator }) {
    const pages = octokit.paginate.iterator(octokit.rest.issues.listForRepo, {
        owner,
        repo,
        state: 'all',
        creator,
        per_page: 100,
    });
    for await (const page of pagesOf(pages))
        yield page.filter((issue) => issue.pull_request === undefined);
}
/** The one warning a failed watch gives: what happened and what to do. */
function watchFailure(error) {
    const status = statusOf(error);
    const head = "The watch's issue was not kept (the job summary has the run's report):";
    const what = whatFailed(error);
    if (status === 403)
        return `${head} ${what} Give the job the permission \`issues: write\`, or set watch_issue: off.`;
    if (status === 401)
        return `${head} ${what} Check the token given as github_token, or leave it out for the workflow's own token.`;
    return `${head} ${what}`;
}

// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
;// CONCATENATED MODULE: ./src/github/workflow-commands.ts
/**
 * What a step writes for the runner to read: workflow commands on stdout (a mask, a debug
 * line, an annotation), the output file, the job summary. Written as @actions/core writes
 * them (its command.ts, file-command.ts and summary.ts, github.com/actions/toolkit,
 * packages/core), without loading it: its index brings its OIDC client, and with it
 * @actions/http-client and undici's whole index (about 0.85 MB of code), which a step that
 * only writes never calls, and whose compile came after the last answer (CONTRIBUTING.md,
 * "What the start-up devices buy"). `__tests__/unit/workflow-commands.test.ts` holds every
 * line to the toolkit's own. The runner's side of it: docs.github.com/en/actions/reference/
 * workflow-commands-for-github-actions.
 */




// Not node:fs/promises, which loads readline with it (CONTRIBUTING.md, "What the start-up devices buy").
const [access, appendFile] = [(0,external_node_util_.promisify)((external_node_fs_default()).access), (0,external_node_util_.promisify)((external_node_fs_default()).appendFile)];
// The runner reads a command's message up to the line's end, its properties up to `::` and `,`.
const escapeData = (text) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (text) => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
/**
 * An annotation's properties in the runner's names, in the toolkit's order. As the toolkit
 * does: none given, none written; else each unset (or 0) left out, the space before them kept.
 */
const annotationProperties = (properties) => {
    const { title, file, startLine, startColumn } = properties;
    return Object.keys(properties).length === 0 ? {} : { title, file, line: startLine, col: startColumn };
};
/** `::name key=value,...::message`, one line. */
function workflowCommand(name, properties, message) {
    const given = Object.entries(properties).flatMap(([key, value]) => value ? [`${key}=${escapeProperty(String(value))}`] : []);
    return `::${name}${Object.keys(properties).length > 0 ? ` ${given.join(',')}` : ''}::${escapeData(message)}`;
}
const annotation = (level, message, properties = {}) => workflowCommand(level, annotationProperties(properties), message);
/** `name<<delimiter`, the value, the delimiter: a delimiter the value cannot hold, as the toolkit makes it. */
function keyValueBlock(name, value, uuid = external_node_crypto_.randomUUID) {
    const delimiter = `ghadelimiter_${uuid()}`;
    if (name.includes(delimiter))
        throw new Error(`Unexpected input: name should not contain the delimiter "${delimiter}"`);
    if (value.includes(delimiter))
        throw new Error(`Unexpected input: value should not contain the delimiter "${delimiter}"`);
    return `${name}<<${delimiter}${external_node_os_.EOL}${value}${external_node_os_.EOL}${delimiter}`;
}
/** Appends an output to the runner's output file; without one (an old runner), the `set-output` command. Throws what the toolkit throws. */
function writeOutput(env, name, value, stdout) {
    const file = env.GITHUB_OUTPUT;
    if (!file)
        return stdout(`${external_node_os_.EOL}${workflowCommand('set-output', { name }, value)}${external_node_os_.EOL}`);
    if (!(0,external_node_fs_.existsSync)(file))
        throw new Error(`Missing file at path: ${file}`);
    (0,external_node_fs_.appendFileSync)(file, `${keyValueBlock(name, value)}${external_node_os_.EOL}`, { encoding: 'utf8' });
}
/** Appends markdown to the job summary file, which must be there to read and write. */
async function appendSummary(file, markdown) {
    try {
        await access(file, external_node_fs_.constants.R_OK | external_node_fs_.constants.W_OK);
    }
    catch {
        throw new Error(`Unable to access summary file: '${file}'. Check if the file has correct read/write permissions.`);
    }
    await appendFile(file, markdown, { encoding: 'utf8' });
}

;// CONCATENATED MODULE: ./src/github/runner.ts
/**
 * The collaborators as the GitHub runner gives them: the inputs, the workflow commands, the
 * output file and the job summary (workflow-commands.ts), the workspace, and the process's
 * last-resort handlers. Kept out of action.ts so that run() is tested in-process with fakes.
 *
 * Nothing here loads a module: what a step writes is written at once, as @actions/core would
 * write it, and what the run was for is read from the environment (run-context.ts). Inputs are
 * read as the runner sets them: INPUT_<NAME>, trimmed.
 */






/** An input as the runner passes it (the toolkit's own rule: spaces become `_`, upper case, trimmed). */
function fromGitHubRunner(env = process.env) {
    // A line not written: said on stderr, and the step fails.
    let broken = false;
    // After a fatal error, its report is the run's last word.
    let closed = false;
    const stdout = (text) => void process.stdout.write(text);
    const write = (writeIt) => {
        if (closed)
            return;
        try {
            writeIt();
        }
        catch (error) {
            broken = true;
            process.stderr.write(`ensure-provider-scope could not write to the runner: ${error instanceof Error ? error.message : String(error)}\n`);
        }
    };
    const line = (text) => write(() => stdout(`${text}${external_node_os_.EOL}`));
    const core = {
        getInput: (name) => readInput(env, name),
        setSecret: (value) => line(workflowCommand('add-mask', {}, value)),
        setOutput: (name, value) => write(() => writeOutput(env, name, value, stdout)),
        info: (message) => line(message),
        debug: (message) => line(workflowCommand('debug', {}, message)),
        warning: (message, properties) => line(annotation('warning', message, properties)),
        error: (message, properties) => line(annotation('error', message, properties)),
    };
    const summaryFile = env.GITHUB_STEP_SUMMARY;
    const eventName = env.GITHUB_EVENT_NAME ?? '';
    const onRunner = env.GITHUB_ACTIONS === 'true';
    return {
        core,
        workspace: env.GITHUB_WORKSPACE ?? process.cwd(),
        // No summary file outside a runner (and in some local tools): nothing to write it to.
        summary: summaryFile
            ? {
                runContext: () => readRunContext(env),
                write: async (markdown) => {
                    if (!closed)
                        await appendSummary(summaryFile, markdown);
                },
            }
            : undefined,
        // A local run (npm run local-action) has no workflow token: no warning that it lacks one.
        comment: (run) => commentOnPullRequest(run, { core, eventName, onRunner }),
        watch: (run) => watchIssue(run, { core, eventName, onRunner }),
        watching: (settings) => watches({ core, eventName }, settings),
        setExitCode: (code) => {
            process.exitCode = broken ? 1 : code;
        },
        onFatal: (report) => {
            const fatal = (error) => {
                report(error);
                closed = true;
                process.exit(1);
            };
            process.on('uncaughtException', fatal).on('unhandledRejection', fatal);
        },
    };
}

;// CONCATENATED MODULE: ./src/github/action.ts
/**
 * The action's run(): the engine's run, written out to the GitHub runner. It masks every form
 * of the secret first (and of the access token the moment it arrives), shows each message as
 * the runner shows it (a log line, an annotation), sets the outputs and writes the job summary,
 * all scrubbed by the run's one keeper of secrets.
 */









// The runner shows 10 error annotations per step: nine, and one that says where the rest are.
const MAX_ERROR_ANNOTATIONS = 9;
/** How the run's messages and outputs reach the runner: log lines, annotations (within its limit), outputs. */
function writerFor(core, scrub, withSummary) {
    let annotated = 0;
    let unannotated = 0;
    // Every text the run writes goes through here: the service's own words may echo the secret,
    // and text from the spec or a server may hold line breaks and control characters (the log
    // shows an escape sequence as colours). Every such character is shown as its escape (inert).
    // An annotation's text, line breaks kept, is escaped as a workflow command
    // (workflow-commands.ts); a log line is written as it is, so it is made one line, which the
    // runner cannot read as a workflow command (`::...`) of its own.
    const logLine = (text) => core.info(inert(oneLine(text)));
    const write = (message) => {
        const text = scrub(message.text);
        const shown = text.split('\n').map(inert).join('\n');
        if (message.level === 'error' && annotated === MAX_ERROR_ANNOTATIONS) {
            // Past the runner's limit: said once all the same, in the log.
            unannotated++;
            logLine(`Error: ${text}`);
        }
        else if (message.level === 'warning' || message.level === 'error') {
            if (message.level === 'error')
                annotated++;
            const { location, title } = message;
            core[message.level](clip(shown), { ...location, ...(title === undefined ? {} : { title }) });
        }
        else if (message.level === 'debug')
            core.debug(shown); // escaped as a workflow command, like an annotation
        else
            logLine(text);
    };
    const conclude = ({ outputs, messages }) => {
        const strings = outputs === undefined ? {} : outputStrings(outputs);
        for (const [name, value] of Object.entries(strings))
            core.setOutput(name, scrub(value));
        messages.forEach(write);
        if (unannotated > 0)
            core.error(`And ${unannotated} more error(s): each is in the log above${withSummary ? ', and in the job summary' : ''}.`, {});
    };
    return { write, conclude };
}
/**
 * The inputs of this door alone, checked before anything is sent: a typo never lets a
 * release create the scope and then fail. Such a run ends as a failed validation does.
 */
function refusedInputs(core) {
    const refused = Object.entries({
        pr_comment: readPrComment(core.getInput('pr_comment')),
        watch_issue: readWatchIssue(core.getInput('watch_issue')),
    }).flatMap(([field, read]) => (typeof read === 'string' ? [] : [{ field, message: read }]));
    if (refused.length === 0)
        return undefined;
    const failed = {
        messages: refused.map((r) => r.message),
        problems: refused.map(({ field, message }) => ({ field, message: message.text })),
    };
    return { ...failed, verdict: failureVerdict(failed, INPUT_NAMING), exitCode: 1 };
}
/** The action's entry point: never throws; failures end as annotations and exit code 1. */
async function run(collaborators = fromGitHubRunner()) {
    const { core, summary } = collaborators;
    // Masked before anything is logged, in every form it could take; the token's too, the moment it arrives.
    const secrets = keepSecrets(core.getInput('client_id'), core.getInput('client_secret'), (form) => core.setSecret(form));
    const { scrub } = secrets;
    const { write, conclude } = writerFor(core, scrub, summary !== undefined);
    // An error that escapes everything ends the step: reported, and nothing more is sent.
    const fatal = new AbortController();
    collaborators.onFatal?.((error) => {
        fatal.abort(error);
        conclude(concludeFailure(error, INPUT_NAMING));
    });
    const refused = refusedInputs(core);
    let conclusion = refused ??
        (await ensureProviderScope({
            read: (name) => core.getInput(name),
            naming: INPUT_NAMING,
            workspace: collaborators.workspace,
            secrets,
            write,
            clock: collaborators.clock,
            dispatcher: collaborators.dispatcher,
            signal: fatal.signal,
            // A watch's run reads the client's credentials too (watch-issue.ts, watches).
            checkCredentials: (settings) => collaborators.watching?.({ dryRun: settings.dry_run }) === true,
        }));
    // A workflow context that fails to load fails the step, as any unexpected error does.
    // Every run leaves one, a failed one too: what failed, and what was known before.
    const markdown = summary === undefined
        ? undefined
        : await summary.runContext().then((context) => buildSummary(conclusion, { ranFor: describeRun(context), scrub }), (error) => {
            const { settings } = conclusion;
            conclusion = { ...concludeFailure(error, INPUT_NAMING), ...(settings === undefined ? {} : { settings }) };
        });
    conclude(conclusion);
    // Scrubbed as it was built; scrubbed again whole, should a value have escaped that.
    if (markdown !== undefined)
        await summary?.write(scrub(markdown));
    // Where reviewers look, last: on a pull request, the same report as its comment, and on a
    // schedule the watch's issue (never a change of the result); with their inputs refused, neither.
    const { settings } = conclusion;
    if (settings !== undefined) {
        await collaborators.comment?.({ conclusion, settings, secrets, write });
        await collaborators.watch?.({ conclusion, settings, secrets, write });
    }
    collaborators.setExitCode(conclusion.exitCode);
}


/***/ })

};
