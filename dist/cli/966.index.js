export const id = 966;
export const ids = [966];
export const modules = {

/***/ 7966:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  main: () => (/* binding */ main)
});

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __webpack_require__(7975);
// EXTERNAL MODULE: ./package.json
var package_0 = __webpack_require__(8330);
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

// EXTERNAL MODULE: ./node_modules/zod/v4/mini/schemas.js + 5 modules
var schemas = __webpack_require__(8395);
// EXTERNAL MODULE: ./node_modules/zod/v4/core/api.js + 1 modules
var api = __webpack_require__(3305);
// EXTERNAL MODULE: ./node_modules/zod/v4/mini/coerce.js
var coerce = __webpack_require__(3846);
// EXTERNAL MODULE: ./src/wire/errors.ts
var errors = __webpack_require__(4934);
;// CONCATENATED MODULE: ./src/engine/settings/problems.ts

/** Validation failed before any request: each problem is reported on its own. */
class ValidationError extends errors/* ActionError */.l {
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
class SpecFieldError extends errors/* ActionError */.l {
    name = 'SpecFieldError';
    problems;
    constructor(problems) {
        super(problems.map((p) => p.message).join('\n'));
        this.problems = problems;
    }
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
const providersOf = ({ provider_url: urls, provider_suffix: suffix, }) => 
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
    return providersOf({ provider_url: urls, provider_suffix: named });
}
/** What provider_suffix asks that provider_url cannot give: no address, or addresses that name their own scopes. */
function providerProblems(settings, { label, ref }) {
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
function parseSettings(read, naming) {
    const raw = Object.fromEntries(SETTING_NAMES.map((name) => [name, read(name)]));
    const result = settingsSchema(naming).safeParse(raw);
    if (result.success)
        return result.data;
    throw new ValidationError(result.error.issues.map((issue) => ({ field: String(issue.path[0]), message: issue.message })));
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

// EXTERNAL MODULE: ./src/wire/budget.ts
var wire_budget = __webpack_require__(4024);
// EXTERNAL MODULE: ./src/wire/http.ts
var wire_http = __webpack_require__(97);
// EXTERNAL MODULE: ./src/wire/words.ts
var wire_words = __webpack_require__(9824);
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
async function checkProvider(providerUrl, scopeStrings, budget, { dispatcher, log, words = wire_words/* PLAIN_WORDS */.t4, } = {}) {
    const http = (0,wire_http/* createJsonHttp */.RH)({ budget, urlSetting: 'provider_url', words, hints: hints(words), dispatcher, log });
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
function mismatchMessage({ url, key, published }, expected, scopeStrings, words = wire_words/* PLAIN_WORDS */.t4, allowed = ANY_SCOPE_OF_CLIENT) {
    const fix = `Deploy the provider with ${key ?? 'globus_auth_scope (or platform_auth_scope)'} set to ${words.scopeStringOutput}, "${expected}".`;
    if (published === undefined) {
        return (`The provider at ${url} publishes no scope: its introspection document (GET /) has ` +
            `${key === undefined ? `no ${GENERIC_KEY} and no single <name>_auth_scope key` : `no string under ${key}`}. ${fix}`);
    }
    return `The provider at ${url} publishes ${key} "${published}", which is not ${allowed} (${scopeStrings.join(', ')}). ${fix}`;
}

// EXTERNAL MODULE: ./src/wire/answer-problems.ts
var answer_problems = __webpack_require__(3508);
// EXTERNAL MODULE: ./src/wire/log.ts
var wire_log = __webpack_require__(5499);
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
    return { 400: refused, 401: `${refused}. For a secret deleted or lost: ${(0,wire_words/* replaceSecret */.dz)(words)}` };
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
function tokenAuthorization({ http, authUrl, basic, onCredential, log = wire_log/* silentLog */.a, words, }) {
    const hints = tokenHints(words);
    let current;
    let refreshed = false;
    const request = async () => {
        const answer = await http.retried(...grantRequest(authUrl, basic, hints)).catch((error) => {
            // Final, and without the status: a refused grant is no 401 of the API call waiting for
            // the token (no refresh), nor a 400 of a creation (no definition was refused).
            throw error instanceof wire_http/* HttpError */.j$ ? new wire_http/* HttpError */.j$(error.message, { secretRejected: error.status === 401 }) : error;
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
        if (!(error instanceof wire_http/* HttpError */.j$ && error.status === 401))
            throw error;
        const fresh = await authorization.refresh(header);
        if (fresh === undefined)
            throw error;
        return call({ authorization: fresh });
    }
}

// EXTERNAL MODULE: ./src/wire/uuid.ts
var uuid = __webpack_require__(4458);
;// CONCATENATED MODULE: ./src/wire/service-client.ts






// Wire schemas: unknown fields are ignored (z.object strips them); the fields the action
// relies on are required, so a changed service fails with a message naming them. Each shape
// is declared here once; the types the engine works with are derived from them.
const dependentScopeSchema = schemas/* object */.Ikc({
    scope: uuid/* uuidSchema */.l,
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
    const problem = (0,answer_problems/* unsafeCharacter */.Kz)(value) ??
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
    id: uuid/* uuidSchema */.l,
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
const clientScopeSchema = schemas/* union */.KCZ([uuid/* uuidSchema */.l, schemas/* looseObject */._H3({ id: uuid/* uuidSchema */.l })]);
const clientResponseSchema = schemas/* pipe */.FsL(schemas/* object */.Ikc({
    client: schemas/* object */.Ikc({
        id: uuid/* uuidSchema */.l,
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
    404: `the scope no longer exists (deleted since the inspection?): ${(0,wire_words/* lowerFirst */.oZ)(words.runAgain)}, and it will be created anew`,
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
    id: uuid/* uuidSchema */.l,
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
        `For a secret deleted or lost: ${(0,wire_words/* replaceSecret */.dz)(words)}`,
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
function bind({ authUrl, clientId, clientSecret, auth = 'basic', onCredential = () => { }, budget, dispatcher, log, scrub, words = wire_words/* PLAIN_WORDS */.t4, }) {
    const apiPath = new URL(authUrl).pathname;
    const hints = auth === 'token' ? tokenStatusHints(words) : statusHints(words);
    // The only place the secret is used: built once, never logged, sent in every call (basic)
    // or in the token request alone (token).
    const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
    const http = (0,wire_http/* createJsonHttp */.RH)({
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
        ? send({}).catch((error) => Promise.reject(error instanceof wire_http/* HttpError */.j$ && error.status === 401 ? error.asSecretRejected() : error))
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
                if (error instanceof wire_http/* HttpError */.j$ && error.status === 409)
                    return { kind: 'conflict', error };
                if (error instanceof wire_http/* HttpError */.j$ && (error.status === 400 || error.status === 422))
                    return { kind: 'refused', error };
                // A failure that may be passing may also have happened after the scope was made.
                if (error instanceof wire_http/* HttpError */.j$ && error.transient)
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
                if (error instanceof wire_http/* HttpError */.j$ && error.transient)
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
                if (error instanceof wire_http/* HttpError */.j$ && error.status === 401)
                    return false;
                throw error;
            }
        },
    };
}

// EXTERNAL MODULE: ./src/engine/reconcile/drift.ts
var reconcile_drift = __webpack_require__(8122);
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
        dependent_scopes: (0,reconcile_drift/* dependentViews */.Qm)(definition.dependent_scopes, names),
    }).flatMap(([field, after]) => after === undefined ? [] : [{ field, before: null, after, consent: false }]);
}
/** The plan of one scope the run ensured (or planned). */
function scopePlanOf(result) {
    const { scope, client, names } = result;
    const action = result.wouldCreate || result.created ? 'create' : result.changes.length > 0 ? 'update' : 'none';
    const fields = action === 'create'
        ? creationFields(result.definition, names)
        : result.changes.map((c) => ({ field: c.field, before: c.service, after: c.spec, consent: (0,reconcile_drift/* asksConsent */.zC)(c) }));
    const suffix = (0,reconcile_drift/* suffixOf */.jT)(scope.scope_string);
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
            ? result.scopes.filter((s) => s.id !== scope.id && (0,reconcile_drift/* suffixOf */.jT)(s.scope_string) === suffix).length
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
function concludeRun({ inputs, naming, ensured, providers }) {
    const { results } = ensured;
    const list = ensured.telling.apart;
    const messages = [];
    const planOnly = inputs.on_drift === 'update' && inputs.dry_run;
    // Under update, what is left differs although the service was asked: an error. A plan is no drift.
    const level = inputs.on_drift === 'warn' ? 'warning' : 'error';
    let failed = false;
    for (const result of results) {
        // Told apart, each message names the scope it is about.
        const about = list ? `${(0,reconcile_drift/* suffixOf */.jT)(result.scope.scope_string)}: ` : '';
        const state = result.wouldCreate ? 'would be created' : result.created ? 'created' : 'already registered';
        messages.push({ level: 'info', text: `${about}scope_string: ${result.scope.scope_string} (${state})` });
        for (const c of result.changes) {
            const values = `from ${(0,reconcile_drift/* valueText */.Ru)(c.service)} to ${(0,reconcile_drift/* valueText */.Ru)(c.spec)}${(0,reconcile_drift/* asksConsent */.zC)(c) ? ` (${reconcile_drift/* CONSENT_NOTE */.Qc})` : ''}`;
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
                    text: `${about}${(0,reconcile_drift/* describeDrift */.ZP)(c, written, update)}`,
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
        ...(error instanceof wire_http/* HttpError */.j$ && error.secretRejected ? { secretRejected: true } : {}),
        ...(error instanceof ValidationError ? { problems: error.problems } : {}),
    };
    return { ...failed, verdict: failureVerdict(failed, naming), exitCode: 1 };
}
/** One error per problem, said once: how many a door can show is the door's business. */
function failureMessages(error, { debugOutput }) {
    if (error instanceof ValidationError)
        return error.problems.map(({ message, location }) => ({ level: 'error', text: message, location }));
    if (error instanceof errors/* ActionError */.l)
        return [{ level: 'error', text: error.message }];
    // The last line of defence: still one clear error, the stack only in the debug output.
    const { message, stack } = error instanceof Error ? error : { message: String(error), stack: undefined };
    return [
        { level: 'debug', text: stack ?? message },
        { level: 'error', text: `Unexpected error: ${message}. Please report it with ${debugOutput}.` },
    ];
}

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
    return { strings: [...new Set(named.filter((s) => !(0,uuid/* isUuid */.O)(s)))], ids: [...new Set(named.filter(uuid/* isUuid */.O))] };
}
/** Before any write, in dry runs too: an id the lookup does not return is left to the creation. */
function warnUnverified(spec, index, unverified, log) {
    spec.dependent_scopes.forEach((dep, j) => {
        if ('scope' in dep && (0,uuid/* isUuid */.O)(dep.scope) && unverified.includes(dep.scope)) {
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
        throw new errors/* ActionError */.l(`The client lists scope(s) ${missing.join(', ')}, but the scope lookup by id did not return them.`);
    }
    return client.scopeIds.map((id) => byId.get(id));
}
/**
 * The client's scopes as they are, with no spec to hold them to: the provider's scope is the
 * client's first, or the one with `suffix`. One round trip when the inspection describes them, two otherwise.
 */
async function inspectScopes(service, { createScope }, suffix) {
    const client = await service.getClient();
    if (client.scopeIds.length === 0) {
        throw new errors/* ActionError */.l(`Client ${client.id} has no scope yet: there is nothing for the provider to publish. Create it first: ${createScope}.`);
    }
    const scopes = await describeScopes(service, client, client.scopes);
    // The scope with that suffix: its own string's, else an FQDN variant's.
    const scope = suffix === undefined ? scopes[0] : (0,reconcile_drift/* scopeWithSuffixOf */.B$)(scopes, service.scopeStringFor(suffix));
    if (scope === undefined) {
        const suffixes = [...new Set(scopes.map((s) => (0,reconcile_drift/* suffixOf */.jT)(s.scope_string)))].join(', ');
        throw new errors/* ActionError */.l(`Client ${client.id} has no scope with the suffix ${suffix} (its scopes' suffixes: ${suffixes}): there is nothing of it for the provider to publish. Create it first: ${createScope}.`);
    }
    const found = { scope, scopes, created: false, client };
    return { ...found, wouldCreate: false, names: new Map(), comparison: [], changes: [], updated: false };
}

;// CONCATENATED MODULE: ./src/engine/settings/telling.ts
/** A spec that lists its scopes (`scopes:`). */
const TOLD_APART = { apart: true, matching: 'every listed scope matches the spec' };
/** The registration as its one scope: a spec of one scope's, and the deployed provider's check (verify), which holds no spec. */
const TOLD_AS_ONE = { apart: false, matching: 'the scope matches the spec' };

// EXTERNAL MODULE: ./src/wire/retry.ts
var retry = __webpack_require__(3851);
;// CONCATENATED MODULE: ./src/engine/reconcile/create.ts


/**
 * How often a creation is sent in all while the client is certainly still without the scope
 * (each time after the backoff or the Retry-After the service asked for).
 */
const MAX_CREATION_ATTEMPTS = 3;
/** The sentence a failure gets once a creation of this run may have been applied. */
const mayBeApplied = (error) => new errors/* ActionError */.l(`${error.message.replace(/\.?$/, '.')} A creation sent by this run may have been applied: the next run finds the scope and adopts it, ` +
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
                throw new errors/* ActionError */.l(`${outcome.error.message.replace(/\.?$/, '.')} The dependent scope id(s) ${unverified.join(', ')} could not be verified before the ` +
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
                throw new errors/* ActionError */.l(`${outcome.error.message.replace(/\.?$/, '.')} Yet the client inspection that followed lists no ${lacking}: the service may still be ` +
                    `applying a creation. ${words.runAgain}: it adopts the scope once the client lists it.`);
            }
            const pause = (0,retry/* nextPause */.e$)(budget, attempt, outcome.retryAfterMs, MAX_CREATION_ATTEMPTS);
            if ('giveUp' in pause)
                throw new errors/* ActionError */.l(`${outcome.error.message} (${pause.giveUp})`);
            log.info(`The client still has no ${lacking}: the creation will be sent again in ${(0,retry/* formatPause */.yo)(pause.waitMs)}.`);
            await budget.clock.sleep(pause.waitMs, budget.signal);
        }
    }
    catch (error) {
        // Whatever failed after a creation that may have been applied: say so, and what comes next.
        throw maybeApplied && error instanceof errors/* ActionError */.l ? mayBeApplied(error) : error;
    }
}
/** The inspection that verifies creations: every created scope must be among the client's. */
async function inspectAfterCreation(service, created, words) {
    const after = await service.getClient().catch((error) => {
        if (!(error instanceof errors/* ActionError */.l))
            throw error;
        throw new errors/* ActionError */.l(`The service created ${created.map((s) => s.scope_string).join(', ')}, but the client inspection that verifies it failed: ` +
            `${error.message.replace(/\.?$/, '.')} The next run finds the scope and adopts it.`);
    });
    const detached = created.filter((s) => !after.scopeIds.includes(s.id));
    if (detached.length > 0) {
        throw new errors/* ActionError */.l(`The service created ${detached.map((s) => `${s.scope_string} (${s.id})`).join(', ')}, but the client inspection that followed ` +
            `does not list it among the client's scopes. ${words.runAgain}; if it persists, inspect the client in the developer portal.`);
    }
    return after;
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
    throw new errors/* ActionError */.l(`scope_suffix ${suffix}: the client has that scope only as its FQDN variant ${variant.scope_string}, and a dependency by scope_suffix stands for ${scopeString}, ` +
        `which this run does not create. Depend on the variant by its string instead (scope: ${variant.scope_string}). Nothing was written.`);
}
/** A dependency on a sibling to create given by its string, which no lookup can find yet: refused before any write. */
function refuseSiblingString(spec, index, siblings) {
    for (const dep of spec.dependent_scopes) {
        if (!('scope' in dep))
            continue;
        const suffix = (0,reconcile_drift/* suffixOf */.jT)(dep.scope);
        const target = dep.scope === siblings.scopeStringFor(suffix) ? siblings.listed.get(suffix) : undefined;
        if (target !== undefined && siblings.matched[target] === undefined) {
            throw new errors/* ActionError */.l(`scopes[${index}].dependent_scopes: ${dep.scope} is the string of the listed scope ${suffix}, which the client does not have yet: ` +
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
        const id = 'scope' in dep ? ((0,uuid/* isUuid */.O)(dep.scope) ? dep.scope : byString.get(dep.scope)?.id) : sibling(dep.scope_suffix);
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
            throw new errors/* ActionError */.l(message);
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
    match: (scopes, expected) => (0,reconcile_drift/* scopeWithSuffixOf */.B$)(scopes, expected),
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
        return scopes.filter((s) => !suffixes.has((0,reconcile_drift/* suffixOf */.jT)(s.scope_string)));
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
        const unexpected = failures.find(({ error }) => !(error instanceof errors/* ActionError */.l));
        if (unexpected !== undefined)
            return unexpected.error;
        const said = failures.map(({ suffix, error }) => `${suffix}: ${error.message}`);
        if (written.length > 0)
            said.push(`Before it stopped, this run ${written.join(', ')}: kept as they are, the next run adopts them.`);
        return new errors/* ActionError */.l(said.join(' '));
    },
};
const ruleOf = ({ apart }) => (apart ? APART : AS_ONE);

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
        throw new errors/* ActionError */.l(`scope_suffix: the spec says ${(0,reconcile_drift/* valueText */.Ru)(suffix.spec)}, the client's scope has ${(0,reconcile_drift/* valueText */.Ru)(suffix.service)}, and an update cannot change it: ` +
            "the suffix is part of the scope string, the provider's identity, which ensure-provider-scope never changes. Nothing was written. " +
            `Set scope_suffix back to ${(0,reconcile_drift/* valueText */.Ru)(suffix.service)} in the spec; a new scope string needs a new scope (and the users' consent to it).`);
    }
    const fields = changes.map((c) => c.field).join(', ');
    const { scope } = existing;
    if (dryRun) {
        log.info(`Dry run: the scope ${scope.scope_string} differs from the spec in ${fields}: it would be updated`);
        return { ...existing, changes };
    }
    const targets = existing.scopes.filter((s) => (0,reconcile_drift/* suffixOf */.jT)(s.scope_string) === definition.scope_suffix);
    log.info(`Updating ${fields} of ${targets.map((s) => s.scope_string).join(', ')}`);
    const answers = await Promise.all(targets.map((s) => service.updateScope(s.id, definition)));
    const byId = new Map(answers.map((a) => [a.id, a]));
    // The PUT's answer is the verification; one read more only if it leaves a field out.
    let after = byId.get(scope.id) ?? scope;
    if ((0,reconcile_drift/* compareScope */.Ed)(definition, after, names).length < existing.comparison.length)
        after = await service.getScope(scope.id);
    return {
        ...existing,
        scope: after,
        scopes: existing.scopes.map((s) => byId.get(s.id) ?? s),
        comparison: (0,reconcile_drift/* compareScope */.Ed)(definition, after, names),
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
async function reconcile(service, request, log = wire_log/* silentLog */.a) {
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
function runOf(service, { specs, dryRun, update = false, budget, words = wire_words/* PLAIN_WORDS */.t4 }, rule, inspection, log) {
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
            suffixes: [...listed.keys(), ...before.map((s) => (0,reconcile_drift/* suffixOf */.jT)(s.scope_string))],
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
        comparison: (0,reconcile_drift/* compareScope */.Ed)(definition, found.scope, names),
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
                comparison: (0,reconcile_drift/* compareScope */.Ed)(definition, scope, names),
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
        throw run.answered.some((a) => a.resent) && error instanceof errors/* ActionError */.l ? mayBeApplied(error) : error;
    }
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
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
var external_node_fs_default = /*#__PURE__*/__webpack_require__.n(external_node_fs_);
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
    scope: schemas/* optional */.lqM(schemas/* pipe */.FsL(spec_text.check(schemas/* refine */.YPB((v) => (0,uuid/* isUuid */.O)(v) || isUri(v), 'must be a scope UUID or a scope string (a URL or URN)')), 
    // One spelling per UUID, so that duplicates are found and ids compare as the service's do.
    schemas/* transform */.pdi((v) => ((0,uuid/* isUuid */.O)(v) ? v.toLowerCase() : v))))
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
        throw new ValidationError(schemaProblems(result.error.issues, parsed, form, wrapped));
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
        throw new ValidationError(problems);
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
    const telling = form === 'list' ? TOLD_APART : TOLD_AS_ONE;
    return { telling, scopes, locate: where, warnings, ...(credentials === undefined ? {} : { credentials }) };
}
/** The YAML read: a syntax error, a tag, aliases without bound, an empty file or one that is no mapping are refused. */
function parseYaml(source, file) {
    const lines = new dist/* LineCounter */.HN();
    // logLevel: a collection used as a key is reported as an unknown key, not as a process warning.
    const doc = (0,dist/* parseDocument */.Tp)(source, { lineCounter: lines, prettyErrors: true, uniqueKeys: true, logLevel: 'error' });
    if (doc.errors.some((error) => error.code === 'RESOURCE_EXHAUSTION')) {
        throw new ValidationError([
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
        throw new ValidationError(problems.filter((p, i) => problems.findIndex((q) => q.message === p.message) === i));
    }
    let data;
    try {
        data = doc.toJS({ maxAliasCount: 100 });
    }
    catch (error) {
        // The one way a well-formed document fails to convert: aliases expanding without bound.
        throw new ValidationError([{ field: 'spec', message: `${file}: ${error.message}`, location: { file } }]);
    }
    if (data === null || data === undefined) {
        throw new ValidationError([
            {
                field: 'spec',
                message: `${file} is empty: it must define the scope (name, description, advertised, ...)`,
                location: { file },
            },
        ]);
    }
    if (typeof data !== 'object' || Array.isArray(data)) {
        throw new ValidationError([
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
        throw new ValidationError([{ field: 'spec', message }]);
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
        if (error instanceof ValidationError)
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
    const budget = (0,wire_budget/* createBudget */.y)(settings.timeout_seconds, { clock, signal });
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
        const providers = await checkProviders(providersOf(settings), () => ensured, budget, port, log);
        const credentials = port.checkCredentials?.(settings) === true
            ? await checkCredentials(service, settings, specFile, port, budget)
            : undefined;
        const concluded = concludeRun({ inputs: settings, naming: port.naming, ensured, providers });
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
            (error instanceof wire_http/* HttpError */.j$ && error.status === 403 && settings.auth === 'basic'
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
        : results.filter((r) => (r.definition?.scope_suffix ?? (0,reconcile_drift/* suffixOf */.jT)(r.scope.scope_string)) === suffix);
    const strings = chosen.flatMap((r) => [
        r.scope,
        ...r.scopes.filter((s) => s.id !== r.scope.id && (0,reconcile_drift/* suffixOf */.jT)(s.scope_string) === (0,reconcile_drift/* suffixOf */.jT)(r.scope.scope_string)),
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

// EXTERNAL MODULE: ./src/engine/text.ts
var engine_text = __webpack_require__(1655);
// EXTERNAL MODULE: ./src/render/defuse.ts
var defuse = __webpack_require__(9284);
// EXTERNAL MODULE: ./src/render/summary.ts
var summary = __webpack_require__(9311);
// EXTERNAL MODULE: ./src/wire/characters.ts
var characters = __webpack_require__(5621);
// EXTERNAL MODULE: ./src/render/outputs.ts
var render_outputs = __webpack_require__(4566);
;// CONCATENATED MODULE: ./src/gitlab/dotenv.ts



/** GitLab refuses a dotenv report of 5 KB or more. */
const MAX_BYTES = 5 * 1024;
/** A variable's name GitLab takes: letters, digits and underscores. */
const NAME = /^[A-Za-z0-9_]+$/;
/** The line's name for a listed scope's string. */
const scopeStringName = (suffix) => `SCOPE_STRING_${suffix.toUpperCase()}`;
/** The line's name for a listed scope's id. */
const scopeIdName = (suffix) => `SCOPE_ID_${suffix.toUpperCase()}`;
/** The outputs' lines; a plan whose scopes are told apart (a spec that lists them) gives each scope lines of its own. */
function dotenvOf(outputs, { apart }) {
    // The action's values, but the scopes output, which the file does not carry.
    const fields = (0,render_outputs/* namedOutputStrings */.X)(outputs);
    const perScope = apart
        ? Object.entries(outputs.scopes).map(([suffix, s]) => [suffix, s.scope_string, s.scope_id])
        : [];
    const text = textOf(fields, perScope);
    if (Buffer.byteLength(text) >= MAX_BYTES) {
        throw new errors/* ActionError */.l(`--dotenv: the outputs take ${Buffer.byteLength(text)} bytes, and GitLab reads a dotenv report under ${MAX_BYTES} only. Nothing was written; use --json instead.`);
    }
    return text;
}
/** The file's text, each value checked; its size not yet. */
function textOf(fields, perScope) {
    const named = [
        ...Object.entries(fields).map(([name, value]) => [name, name.toUpperCase(), value]),
        ...perScope.flatMap(([suffix, scopeString, scopeId]) => [
            [`scope_string of ${suffix}`, scopeStringName(suffix), scopeString],
            [`scope_id of ${suffix}`, scopeIdName(suffix), scopeId],
        ]),
    ];
    const lines = named.map(([output, name, value]) => {
        // Leading or trailing blanks are trimmed by GitLab; control characters would break the line.
        if ((0,characters/* hasUnsafe */.B0)(value) || value.trim() !== value) {
            throw new errors/* ActionError */.l(`--dotenv: the output ${output} holds a line break, a control character or blanks at its ends, which a dotenv file cannot hold. Nothing was written; use --json instead.`);
        }
        return `${name}=${value}`;
    });
    return `${lines.join('\n')}\n`;
}
/**
 * Before any request: a spec that lists scopes must give each a name the file can hold, and
 * fit in it with the scope strings and ids it implies (the client's other scopes may still add more).
 */
function dotenvProblems({ telling, scopes }, scopeStringFor) {
    if (!telling.apart)
        return [];
    const problems = [];
    const names = new Map();
    for (const { scope_suffix: suffix } of scopes) {
        const name = scopeStringName(suffix);
        const twin = names.get(name);
        if (!NAME.test(suffix)) {
            problems.push({
                field: 'dotenv',
                message: `--dotenv: the scope suffix ${JSON.stringify(suffix)} cannot make a variable's name (${name}): GitLab takes letters, digits and underscores. Use --json instead.`,
            });
        }
        else if (twin !== undefined) {
            problems.push({
                field: 'dotenv',
                message: `--dotenv: the scope suffixes ${twin} and ${suffix} make the same variable's name, ${name}. Use --json instead.`,
            });
        }
        names.set(name, suffix);
    }
    if (problems.length > 0)
        return problems;
    // The file a run would write if the client had the listed scopes alone, each value as long as it will be.
    const perScope = scopes.map((s) => [s.scope_suffix, scopeStringFor(s.scope_suffix), NO_ID]);
    const strings = perScope.map(([, scopeString]) => scopeString);
    const fields = {
        // The first listed scope's, as a run's output (the schema lists at least one).
        scope_string: strings[0] ?? '',
        scope_id: NO_ID,
        scope_strings: JSON.stringify(strings),
        created: 'false',
        updated: 'false',
        changes: 'false',
    };
    const bytes = Buffer.byteLength(textOf(fields, perScope));
    if (bytes < MAX_BYTES)
        return [];
    return [
        {
            field: 'dotenv',
            message: `--dotenv: the ${scopes.length} listed scopes' strings and ids alone take ${bytes} bytes in a dotenv file, and GitLab reads one under ${MAX_BYTES} only. ` +
                'List fewer scopes in one spec, or use --json instead.',
        },
    ];
}
/** As long as a scope's id. */
const NO_ID = '00000000-0000-0000-0000-000000000000';

// EXTERNAL MODULE: ./src/cli/address.ts
var address = __webpack_require__(7198);
;// CONCATENATED MODULE: ./src/cli/options.ts
/**
 * The command line's options: the engine's settings under kebab-case flags, each with an
 * environment fallback, the same defaults as the action's inputs. The secret is read from the
 * environment (or stdin when asked) and never from a flag: a flag shows in `ps` and in the
 * shell's history.
 */



/** The command's name, as a user types it. */
const options_NAME = 'ensure-provider-scope';
/** Every setting but dry_run, which the command decides. Defaults are said once, by the help. */
const CLI_SETTINGS = [
    {
        setting: 'client_id',
        flag: 'client-id',
        env: 'PROVIDER_CLIENT_ID',
        help: "The provider's client ID (a UUID), from the developer portal.",
        example: '1b0e...',
    },
    {
        setting: 'client_secret',
        env: 'PROVIDER_CLIENT_SECRET',
        help: 'The client secret: from the environment, or from stdin with --client-secret-stdin; never a flag.',
    },
    {
        setting: 'auth_url',
        ...address/* AUTH_URL_OPTION */.Z,
        help: 'Base address of the authentication service, e.g. https://auth.globus.org.',
        example: 'https://auth.globus.org',
    },
    {
        setting: 'spec',
        flag: 'spec',
        env: 'PROVIDER_SPEC',
        help: "Path of the scope spec file inside the repository, from the current directory (left out: from the repository's top).",
        example: '.github/provider-scope.yml',
    },
    {
        setting: 'timeout_seconds',
        flag: 'timeout-seconds',
        env: 'PROVIDER_TIMEOUT_SECONDS',
        help: 'Limit of each request in seconds, more than 0, at most 600; the run gives up after three times it.',
        example: '30',
    },
    {
        setting: 'on_drift',
        flag: 'on-drift',
        env: 'PROVIDER_ON_DRIFT',
        help: 'warn, fail, ignore, or update: what a scope that differs from the spec does.',
        example: 'update',
    },
    {
        setting: 'auth',
        flag: 'auth',
        env: 'PROVIDER_AUTH',
        help: 'basic: the id and secret on every call; token: first a token for manage_projects (client credentials grant), sent as Bearer.',
        example: 'token',
    },
    {
        setting: 'provider_url',
        flag: 'provider-url',
        env: 'PROVIDER_URL',
        help: "Base address of the deployed provider, to check that its GET / publishes one of the client's scope strings (a listed scope's, with a spec that lists scopes). Several: give it again, each <suffix>=<url> (or one a line in PROVIDER_URL), each checked against its scope.",
        example: 'https://provider.example.org',
    },
    {
        setting: 'provider_suffix',
        flag: 'provider-suffix',
        env: 'PROVIDER_SUFFIX',
        help: "The suffix of the scope the provider must publish (left out: any listed one, or with verify any of the client's).",
        example: 'transfer_ls',
    },
];
const bySetting = new Map(CLI_SETTINGS.map((s) => [s.setting, s]));

/** Every command, in the order the help lists them: preview beside plan, whose dry run it is. */
const CLI_COMMANDS = ['plan', 'preview', 'apply', 'verify', 'import', 'rotate'];
/** The commands that are a dry run: they write nothing to the service, and exit 2 when apply would change the registration. */
const DRY_RUNS = ['plan', 'preview'];
const settingFlag = (setting) => [
    setting.flag,
    {
        type: 'string',
        value: '<value>',
        help: setting.help,
        example: setting.example,
        setting,
        ...(setting.setting === 'provider_url' ? { requiredBy: ['verify'], multiple: true } : {}),
    },
];
/** Every flag but --version, which only the command's name takes. */
const CLI_FLAGS = {
    ...Object.fromEntries(CLI_SETTINGS.flatMap((s) => (s.flag === undefined ? [] : [settingFlag({ ...s, flag: s.flag })]))),
    'scope-suffix': {
        type: 'string',
        value: '<suffix>',
        help: 'Which scope to import, alone, as a spec of one scope; without it, every scope of the client.',
        example: 'action_all',
    },
    force: { type: 'boolean', help: 'Replace the spec file if it exists (import never does otherwise).' },
    'client-secret-stdin': {
        type: 'boolean',
        help: 'Read the client secret from stdin instead of PROVIDER_CLIENT_SECRET.',
    },
    json: {
        type: 'boolean',
        help: 'Print one JSON document on stdout (schema/cli-output.schema.json in the package); the same as --format json.',
    },
    format: {
        type: 'string',
        value: '<format>',
        help: "What stdout holds: text, for a person; json, as --json; markdown, the report the action's job summary shows, for any CI to post.",
        example: 'markdown',
    },
    dotenv: {
        type: 'string',
        value: '<file>',
        help: "Write the outputs as NAME=value lines, for GitLab CI's artifacts:reports:dotenv.",
        example: 'scope.env',
    },
    'gitlab-note': {
        type: 'boolean',
        help: "In a GitLab merge request pipeline, keep the run's report in one note on the merge request (GITLAB_TOKEN: a token with the api scope; see docs/command-line.md).",
        env: 'PROVIDER_GITLAB_NOTE',
    },
    debug: { type: 'boolean', help: 'Also print one line per request (method, path, status, milliseconds).' },
    // preview's own (cli/preview.ts).
    out: {
        type: 'string',
        value: '<dir>',
        help: 'The folder the renderings are written to (made if missing); only their four files are written there.',
        example: 'rendered',
        default: '.preview/',
    },
    // rotate's own (cli/rotate.ts).
    'print-secret': {
        type: 'boolean',
        help: 'Print the new secret alone on stdout (no newline unless stdout is a terminal); everything else goes to stderr.',
    },
    'secret-file': {
        type: 'string',
        value: '<path>',
        help: 'Write the new secret to this new file (mode 0600; never over an existing file).',
        example: 'new-secret',
    },
    'dry-run': {
        type: 'boolean',
        help: 'List the credentials, which one is in use and what a rotation would retire; create, store and delete nothing.',
    },
    retire: {
        type: 'string',
        value: '<when>',
        help: 'later: keep the credential in use (and any made in the last hour) beside the new one; now: keep only the new one (a leaked secret; needs --secret-file).',
        example: 'now',
        env: 'PROVIDER_RETIRE',
        default: 'later',
    },
    'retire-id': {
        type: 'string',
        value: '<id>',
        help: 'Also delete this credential (e.g. the portal-made one), once the new secret is stored and proven; give it again for each (needs --secret-file).',
        example: '3a53cb4d-...',
        env: 'PROVIDER_RETIRE_ID',
        multiple: true,
    },
    help: { type: 'boolean', short: 'h', help: 'Show this help.' },
};
const CONNECTION = ['client-id', 'auth-url', 'auth', 'timeout-seconds', 'client-secret-stdin'];
/**
 * The flags each command takes, in the order its help lists them: its own first, then the
 * connection's, then the output's. verify reads no spec; import writes a spec, not outputs.
 */
const COMMAND_FLAGS = {
    plan: [
        'spec',
        'on-drift',
        'provider-url',
        'provider-suffix',
        ...CONNECTION,
        'json',
        'format',
        'dotenv',
        'gitlab-note',
        'debug',
        'help',
    ],
    // plan's settings; its report is the files in --out.
    preview: ['spec', 'on-drift', 'provider-url', 'provider-suffix', ...CONNECTION, 'out', 'debug', 'help'],
    apply: [
        'spec',
        'on-drift',
        'provider-url',
        'provider-suffix',
        ...CONNECTION,
        'json',
        'format',
        'dotenv',
        'gitlab-note',
        'debug',
        'help',
    ],
    verify: ['provider-url', 'provider-suffix', ...CONNECTION, 'json', 'format', 'dotenv', 'debug', 'help'],
    import: ['spec', 'scope-suffix', 'force', ...CONNECTION, 'json', 'debug', 'help'],
    rotate: [
        'print-secret',
        'secret-file',
        'dry-run',
        'retire',
        'retire-id',
        'spec',
        ...CONNECTION,
        'json',
        'debug',
        'help',
    ],
};
/** What stdout holds: the report for a person, one JSON document, or the job summary's markdown. */
const FORMATS = ['text', 'json', 'markdown'];
/**
 * The report's format from --format and --json, or the problem with them: a value it does not
 * take (with its near miss), or --json beside another format, which would ask for two reports.
 * No PROVIDER_ variable: those are the engine's settings, which a pipeline sets for every job.
 */
function formatOf(values) {
    const given = values.format;
    if (typeof given !== 'string')
        return values.json === true ? 'json' : 'text';
    if (!FORMATS.includes(given)) {
        const near = nearestKey(given, FORMATS);
        return {
            problem: `--format must be ${listOf(FORMATS, 'or')}, not "${given}"${near === undefined ? '' : ` (did you mean ${near}?)`}`,
        };
    }
    if (values.json === true && given !== 'json')
        return { problem: `--json and --format ${given} ask for two reports: give one (--json is --format json)` };
    return given;
}
/** "plan and apply", "plan, apply or verify". */
const listOf = (words, and) => words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} ${and} ${words.at(-1)}`;
/** The commands that take a flag. */
const takenBy = (flag) => CLI_COMMANDS.filter((command) => COMMAND_FLAGS[command].includes(flag));
/** Whether a command reads a setting: the others get its default, whatever the environment holds (a pipeline sets PROVIDER_* for every job). */
const reads = (command, setting) => {
    const flag = bySetting.get(setting)?.flag;
    return flag === undefined || COMMAND_FLAGS[command].includes(flag);
};
/** How a setting is named in this door's messages: as the user gave it, its variable if from the environment, else its flag. */
const refOf = (setting, given = {}) => {
    const option = bySetting.get(setting);
    if (option === undefined)
        return setting;
    return option.flag === undefined || given[setting] === 'env' ? option.env : `--${option.flag}`;
};
/** How the secret reaches the command line; said wherever it is missing or refused. */
const SECRET_HOW = 'put the client secret in the environment as PROVIDER_CLIENT_SECRET (in CI, from a masked, protected variable), or pipe it in with --client-secret-stdin';
/** The command line's words in one run. */
const cliNaming = ({ secretFromStdin = false, specGiven = false, inRepository = true, given = {}, } = {}) => ({
    label: (setting) => {
        if (setting === 'client_secret' && secretFromStdin)
            return 'The client secret from stdin (--client-secret-stdin)';
        const option = bySetting.get(setting);
        // Not given: both ways to give it.
        return option?.flag === undefined || given[setting] !== undefined
            ? refOf(setting, given)
            : `--${option.flag} (or ${option.env})`;
    },
    ref: (setting) => setting === 'client_secret' && secretFromStdin
        ? 'the secret read with --client-secret-stdin'
        : refOf(setting, given),
    assign: (setting, value) => {
        const option = bySetting.get(setting);
        return option?.flag === undefined || given[setting] === 'env'
            ? `${refOf(setting, given)}=${value}`
            : `--${option.flag} ${value}`;
    },
    whenEmpty: (setting) => ({
        client_id: 'give the Client ID shown in the developer portal, e.g. --client-id 1b0e... or PROVIDER_CLIENT_ID in the environment',
        client_secret: secretFromStdin
            ? `pipe it in, e.g. printf %s "$PROVIDER_CLIENT_SECRET" | ${options_NAME} plan --client-secret-stdin`
            : `${SECRET_HOW}. It is never read from a flag, which would show in ps and in the shell history`,
        auth_url: 'give the base address of the authentication service, e.g. --auth-url https://auth.globus.org',
    })[setting],
    workspace: inRepository ? 'the repository' : 'the current directory',
    // Never "give --spec" to whom gave it.
    specNotFound: specGiven
        ? `Check the path: --spec (or PROVIDER_SPEC) is read from the current directory${inRepository ? ', and must lie inside the repository' : ''}.`
        : `Give the spec's path with --spec (or PROVIDER_SPEC)${inRepository ? `, or commit it as ${SETTING_DEFAULTS.spec} at the repository's top` : ', or run the command inside the repository that holds it'}.`,
    createScope: `run ${options_NAME} apply`,
    applyRun: 'apply',
    debugOutput: 'the output of the command run again with --debug',
    runAgain: 'Run the command again',
    scopeStringOutput: 'the scope_string that plan and apply print (outputs.scope_string with --json)',
    secretCopies: 'each CI/CD variable and secret store that holds a copy of it',
    scopeOutputOf: (suffix) => `the scope string that plan and apply print for ${suffix} (outputs.scopes[${JSON.stringify(suffix)}].scope_string with --json)`,
    // A repeated flag's values are the lines of its setting (main.ts); the variable's are its lines.
    lineOf: (setting, line) => given[setting] === 'env'
        ? `Line ${line} of ${refOf(setting, given)}`
        : `The ${ordinal(line)} ${refOf(setting, { ...given, [setting]: 'flag' })}`,
});
/** 1st, 2nd, 3rd, 4th, 11th, 21st. */
const ordinal = (n) => {
    const teen = n % 100 >= 11 && n % 100 <= 13;
    return `${n}${teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;
};

;// CONCATENATED MODULE: ./src/cli/help.ts
/** `--help`, for the whole and for each command: only what applies, with examples. */


const COLUMN = 30;
/** One flag's line: what it is, then its variable, default, and for a command that needs it, "required". */
function flagLine(flag, command) {
    const option = CLI_FLAGS[flag];
    const name = `  ${option.short === undefined ? '' : `-${option.short}, `}--${flag}${option.value === undefined ? '' : ` ${option.value}`}`;
    const { setting } = option;
    const fallback = setting === undefined ? option.default : SETTING_DEFAULTS[setting.setting];
    const required = command !== undefined && option.requiredBy?.includes(command) === true;
    const notes = [
        ...(setting === undefined ? [] : [`env ${setting.env}`]),
        ...(option.env === undefined ? [] : [`env ${option.env}${option.type === 'boolean' ? '=true' : ''}`]),
        ...(required ? ['required'] : fallback ? [`default ${fallback}`] : []),
        // The whole's help: which commands take a flag that not all do.
        ...(command === undefined && takenBy(flag).length < CLI_COMMANDS.length
            ? [`${listOf(takenBy(flag), 'and')} only`]
            : []),
    ];
    return `${name.padEnd(COLUMN)}${option.help}${notes.length === 0 ? '' : ` [${notes.join('; ')}]`}`;
}
const EXIT = {
    0: '  0  done, or nothing to change',
    1: '  1  failed: the errors say what and what to do',
    2: '  2  apply would change the registration (create the scope, or update it)',
};
const COMMANDS = {
    plan: {
        summary: 'Validate the spec, inspect the client and show what apply would do. Writes nothing.',
        exitCodes: [EXIT[0], EXIT[1], EXIT[2]],
        examples: [
            `PROVIDER_CLIENT_SECRET=... ${options_NAME} plan --client-id 1b0e... --auth-url https://auth.globus.org`,
            `${options_NAME} plan --on-drift update --json > plan.json   # exit 2 when it would change the scope`,
            `${options_NAME} plan --format markdown > plan.md   # the job summary's report, for a CI to post`,
            `GITLAB_TOKEN=... ${options_NAME} plan --gitlab-note   # in a GitLab merge request pipeline: the plan as one note on it`,
        ],
    },
    preview: {
        summary: "Run plan's dry run and write what each place would show to files in --out: the job summary, the pull request's comment, the merge request's note, the watch's issue. Writes nothing to the service, GitHub or GitLab.",
        exitCodes: [
            '  0  the files are written, and nothing to change',
            "  1  failed: the errors say what and what to do (a failed run's files are written all the same, as each place would show it)",
            EXIT[2],
        ],
        examples: [
            `${options_NAME} preview --spec deploy/scope.yml   # writes .preview/summary.md, pull-request-comment.md, merge-request-note.md, watch-issue.md`,
            `${options_NAME} preview --on-drift update --out rendered   # the update a run would make, as each place would show it`,
        ],
    },
    apply: {
        summary: 'Create the scope if the client has none, then hold it to the spec as --on-drift says.',
        exitCodes: ['  0  done', EXIT[1]],
        examples: [
            `${options_NAME} apply --on-drift update --dotenv scope.env`,
            `printf %s "$SECRET" | ${options_NAME} apply --client-secret-stdin`,
        ],
    },
    verify: {
        summary: "Check that the deployed provider's introspection document (GET /) publishes one of the client's scope strings (with --provider-suffix, that scope's); several providers, each --provider-url <suffix>=<url> against its scope.",
        exitCodes: ["  0  each provider publishes one of the client's scope strings (its suffix's)", EXIT[1]],
        examples: [
            `${options_NAME} verify --provider-url https://provider.example.org`,
            `${options_NAME} verify --provider-url transfer_ls=https://ls.example.org --provider-url transfer_mkdir=https://mkdir.example.org`,
        ],
    },
    import: {
        summary: "Write the spec from the client's live scope (made by hand, a script or curl): plan then changes nothing.",
        exitCodes: ['  0  the spec was written (or printed)', EXIT[1]],
        examples: [
            `PROVIDER_CLIENT_SECRET=... ${options_NAME} import --client-id 1b0e... --auth-url https://auth.globus.org   # writes .github/provider-scope.yml`,
            `${options_NAME} import --spec - --scope-suffix action_all > scope.yml   # prints it; only the scope with that suffix`,
        ],
    },
    rotate: {
        summary: 'Rotate the client secret: make a new one, prove it, hand it over (--print-secret or --secret-file), then retire what is known to be unused (docs/rotation.md). --dry-run shows what it would retire.',
        exitCodes: [
            '  0  the new secret is stored and what had to go is retired (with --dry-run: the credentials were read)',
            EXIT[1],
        ],
        examples: [
            `${options_NAME} rotate --print-secret | gh secret set PROVIDER_CLIENT_SECRET --env release`,
            `${options_NAME} rotate --secret-file new-secret --retire now --json > rotation.json   # a leaked secret`,
        ],
    },
};
/** The commands as a sentence names them: "plan, apply, verify or import". */
const commandList = () => listOf(CLI_COMMANDS, 'or');
/** Every flag once, in the order the commands list them, --help last. */
const ALL_FLAGS = [
    ...new Set(CLI_COMMANDS.flatMap((command) => COMMAND_FLAGS[command]).filter((flag) => flag !== 'help')),
    'help',
];
const overallHelp = () => `Usage: ${options_NAME} <${CLI_COMMANDS.join('|')}> [options]

Registers a Globus Action Provider's access scope with Globus Auth, from a spec file, as the
GitHub Action ensure-provider-scope does.

Commands:
${CLI_COMMANDS.map((command) => `  ${command.padEnd(8)}${COMMANDS[command].summary}`).join('\n')}

Options:
${ALL_FLAGS.map((flag) => flagLine(flag)).join('\n')}
${'  --version'.padEnd(COLUMN)}Print the version.

Exit codes:
${EXIT[0]}
${EXIT[1]}
${EXIT[2].replace('  2  ', `  2  (${listOf(DRY_RUNS, 'and')}) `)}

Examples:
${CLI_COMMANDS.flatMap((command) => COMMANDS[command].examples)
    .map((e) => `  ${e}`)
    .join('\n')}

Run '${options_NAME} <command> --help' for one command's options. NO_COLOR turns colours off.
`;
const commandHelp = (command) => `Usage: ${options_NAME} ${command} [options]

${COMMANDS[command].summary}

Options:
${COMMAND_FLAGS[command].map((flag) => flagLine(flag, command)).join('\n')}

Exit codes:
${COMMANDS[command].exitCodes.join('\n')}

Examples:
${COMMANDS[command].examples.map((e) => `  ${e}`).join('\n')}
`;

;// CONCATENATED MODULE: ./src/render/human-report.ts
/**
 * What a person reads on the terminal: the plan as a diff, field by field, before and after,
 * and what apply would send; what apply did; the outputs. Every value from the spec or the
 * service is shown inert (its control and invisible characters escaped) and scrubbed by the caller.
 */


/** The verdict's line: its first words, then each scope and its fields with what becomes of them, or what is wrong. */
function verdictLine({ title, items }, { paint, show }) {
    const said = items.map(({ scope, fields, says }) => scope === undefined ? says : `${show(scope)}${fields === undefined ? '' : `: ${fields.join(', ')}`} ${says}`);
    return `${paint.bold(title)}: ${said.join('; ')}.`;
}
/**
 * The lines of the report: the verdict first; then the plan, field by field, the next step, the
 * providers and the outputs; of a failed run, what it knew (knownLines).
 */
function humanReport(conclusion, style) {
    const { plan, outputs, known, verdict, exitCode, providers = [] } = conclusion;
    const { paint, show } = style;
    const lines = [verdictLine(verdict, style)];
    // A failed run's errors went to stderr as they came: its next steps are those.
    const next = exitCode === 0 ? verdict.next.map((step) => `Next: ${show(step)}`) : [];
    if (plan === undefined || outputs === undefined)
        return [...lines, ...(known === undefined ? [] : ['', ...knownLines(known, style)])];
    lines.push('');
    plan.scopes.forEach((scope, index) => lines.push(...(index === 0 ? [] : ['']), ...scopeLines(scope, plan.dryRun, style)));
    if (plan.unlisted.length > 0)
        lines.push('', `Not in the spec, left as they are: ${plan.unlisted.map(show).join(', ')}`);
    if (next.length > 0)
        lines.push('', ...next);
    for (const { suffix, url, published, matches, allowed, read } of providers) {
        // Several providers: each line starts with the scope it had to publish, as a listed scope's lines do.
        const about = suffix === undefined ? '' : `${show(suffix)}: `;
        const what = !read
            ? 'could not be read'
            : published === undefined
                ? 'publishes no scope'
                : `publishes ${show(published)}`;
        lines.push(`${about}Provider ${show(url)}: ${what} (${matches ? allowed : `NOT ${allowed}`})`);
    }
    const strings = (0,render_outputs/* outputStrings */.G)(outputs);
    const names = Object.keys(strings);
    const w = width(names);
    lines.push('', paint.bold('Outputs:'), ...Object.entries(strings).map(([name, value]) => `  ${name.padEnd(w)} = ${show(value)}`));
    return lines;
}
const width = (fields) => Math.max(...fields.map((f) => f.length));
/** A run that failed after its settings were read: the client, and each scope's string as the spec gives it (a list's every one). */
function knownLines({ clientId, scopes }, { show }) {
    const client = `Client: ${show(clientId)}`;
    if (scopes.length === 1)
        return [
            client,
            `Scope string (the spec's; not read from the service): ${show(scopes[0].scopeString)}`,
        ];
    const w = width(scopes.map((s) => s.suffix));
    return [
        client,
        "Scope strings (each the spec's; not read from the service):",
        ...scopes.map((s) => `  ${show(s.suffix.padEnd(w))}  ${show(s.scopeString)}`),
    ];
}
/** One scope: what is created (every field), updated (before -> after) or found (its drift). */
function scopeLines({ scope, action, fields, comparison }, dryRun, { paint, show }) {
    const lines = [];
    const named = `scope ${show(scope.scope_string)}${scope.id === null ? '' : ` (id ${show(scope.id)})`}`;
    if (action === 'create') {
        const w = width(fields.map((f) => f.field));
        lines.push(dryRun ? paint.added(`+ create ${named}`) : `Created ${named}`);
        for (const { field, after } of fields)
            lines.push(...valueLines(`    + ${field.padEnd(w)} = `, after, show).map(paint.added));
    }
    else if (action === 'update') {
        const w = width(comparison.map((c) => c.field));
        const changed = new Map(fields.map((f) => [f.field, f]));
        lines.push(dryRun ? paint.changed(`~ update ${named}`) : `Updated ${named}`);
        for (const c of comparison) {
            const change = changed.get(c.field);
            if (change !== undefined)
                lines.push(...changeLines(`    ~ ${c.field.padEnd(w)} = `, change, show, paint));
            else if (c.same)
                lines.push(paint.dim(`      ${c.field.padEnd(w)} = ${show((0,reconcile_drift/* valueText */.Ru)(c.spec))}`));
            else
                lines.push(paint.removed(driftLine(c, show)));
        }
    }
    else {
        lines.push(`Registered: ${named}`);
        for (const c of comparison)
            if (!c.same)
                lines.push(paint.removed(driftLine(c, show)));
    }
    return lines;
}
/** A value after its label: on the label's line, or a list of dependent scopes one entry a line beneath it. */
function valueLines(label, value, show) {
    return (0,reconcile_drift/* isDependentList */.CY)(value)
        ? [label.trimEnd(), ...(0,reconcile_drift/* valueEntries */.OT)(value).map((e) => `        ${show(e)}`)]
        : [`${label}${show((0,reconcile_drift/* valueText */.Ru)(value))}`];
}
/** A change: before -> after on one line, or, for dependent scopes, each entry removed (-), added (+) or kept. */
function changeLines(label, { before, after, consent }, show, paint) {
    const note = consent ? `  (${reconcile_drift/* CONSENT_NOTE */.Qc})` : '';
    if (!(0,reconcile_drift/* isDependentList */.CY)(before) && !(0,reconcile_drift/* isDependentList */.CY)(after))
        return [paint.changed(`${label}${show((0,reconcile_drift/* valueText */.Ru)(before ?? []))} -> ${show((0,reconcile_drift/* valueText */.Ru)(after))}${note}`)];
    const entries = (value) => ((0,reconcile_drift/* isDependentList */.CY)(value) ? (0,reconcile_drift/* valueEntries */.OT)(value) : []);
    const was = entries(before);
    const now = entries(after);
    return [
        paint.changed(`${label.trimEnd()}${note}`),
        ...was.filter((e) => !now.includes(e)).map((e) => paint.removed(`        - ${show(e)}`)),
        ...now.map((e) => (was.includes(e) ? paint.dim(`          ${show(e)}`) : paint.added(`        + ${show(e)}`))),
    ];
}
const driftLine = (c, show) => `    ! ${c.field}: the spec says ${show((0,reconcile_drift/* valueText */.Ru)(c.spec))}, the service has ${show((0,reconcile_drift/* valueText */.Ru)(c.service))}`;

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(3136);
;// CONCATENATED MODULE: ./src/engine/import.ts
/**
 * `import`: the spec of a scope registered by other means (by hand, a script, curl), read from
 * the service with the engine's own lookups and written so that the engine's own parser reads
 * it back equal, field for field as the drift check compares them: a plan on it changes nothing.
 * Like ensureProviderScope, it never throws: the spec as data and text, or the problems.
 */















/** Reads the client's scopes, checks that their spec reads back equal, and writes it whole. Never throws. */
const importScope = (request) => stopping(request, async (signal) => ({ imported: await importScopes(request, signal), messages: [], exitCode: 0 }), (error) => {
    const problems = error instanceof ValidationError ? error.problems : undefined;
    return { messages: failureMessages(error, request.naming), problems, exitCode: 1 };
});
async function importScopes(request, signal) {
    const settings = parseSettings(request.read, request.naming);
    // Before any request: a file that is there already, or outside, stops the run at once.
    const target = request.destination === undefined ? undefined : await checkTarget(request, request.destination);
    const log = logOn(request.write);
    const { service } = connect(settings, request, signal, log);
    const found = await readScopesToImport(service, request);
    const { client, form, groups } = found;
    const suffixes = groups.map((g) => g.suffix);
    const first = groups[0];
    log.info(form === 'single'
        ? `Importing the scope ${first.scope.scope_string} of client ${client.id} at ${settings.auth_url}`
        : `Importing the ${groups.length} scopes of client ${client.id} at ${settings.auth_url}: ${suffixes.join(', ')}`);
    const { drawn, hidden, visible } = await drawSpecs(service, found, request.secrets.scrub, log);
    const date = new Date(request.clock?.now() ?? Date.now()).toISOString().slice(0, 10);
    const header = [
        ...(request.schemaUrl === undefined ? [] : [` yaml-language-server: $schema=${request.schemaUrl}`]),
        form === 'single'
            ? ` Imported from the live scope ${first.scope.scope_string} of client ${client.id}`
            : ` Imported from the ${groups.length} live scopes of client ${client.id} (${suffixes.join(', ')})`,
        ` at ${settings.auth_url} on ${date}, by: ${request.command}`,
        ` Check it, commit it, and let plan and apply hold the ${form === 'single' ? 'scope' : 'scopes'} to it from now on.`,
    ];
    const text = specText(form, drawn, header, hidden);
    const read = readBack(text, groups, visible, (suffix) => found.scopes.find((s) => s.scope_string === service.scopeStringFor(suffix))?.id);
    warnVariants(groups, read, log);
    if (target !== undefined && request.destination !== undefined) {
        await writeWhole(target, text, request.destination.force, request.destination.file);
        log.info(`Wrote ${request.destination.file}`);
    }
    return { form, scopes: read, text, file: request.destination?.file, hidden, outputs: importOutputs(found) };
}
async function readScopesToImport(service, { scopeSuffix, importNaming }) {
    const client = await service.getClient();
    if (client.scopeIds.length === 0) {
        throw new errors/* ActionError */.l(`Client ${client.id} has no scope: nothing to import. ${importNaming.createInstead}`);
    }
    const scopes = await describeScopes(service, client, client.scopes);
    const asked = suffixesToImport(scopes, scopeSuffix, importNaming);
    const form = asked.length === 1 ? 'single' : 'list';
    // A sibling, in a list: a dependency on the client's own scope string of a listed suffix, which the list names by that suffix.
    const siblingOf = new Map(form === 'single'
        ? []
        : asked.flatMap((suffix) => scopes
            .filter((s) => s.scope_string === service.scopeStringFor(suffix))
            .map((s) => [s.id.toLowerCase(), suffix])));
    const found = asked.map((suffix) => {
        const group = scopes.filter((s) => (0,reconcile_drift/* suffixOf */.jT)(s.scope_string) === suffix);
        // The drift check's choice: the scope with the client's own string, else the first (FQDN variants follow it).
        return {
            suffix,
            group,
            scope: group.find((s) => s.scope_string === service.scopeStringFor(suffix)) ?? group[0],
        };
    });
    const groups = keptOrder(found, siblingOf).map((g, index) => ({
        ...g,
        at: form === 'list' ? `scopes[${index}].` : '',
    }));
    return { client, scopes, form, groups, siblingOf };
}
/** Each scope's spec, its dependencies named as the client sees them: the others' looked up once for all. */
async function drawSpecs(service, { scopes, groups, siblingOf }, scrub, log) {
    // The client's own scopes are known already; only the others' are looked up, once for all.
    const own = new Map(scopes.map((s) => [s.id.toLowerCase(), s]));
    const depIds = [
        ...new Set(groups.flatMap(({ scope }) => (scope.dependent_scopes ?? []).map((d) => d.scope.toLowerCase()))),
    ];
    const looked = await lookupIds(service, depIds.filter((id) => !own.has(id)));
    const visible = new Map([...own, ...looked]);
    const bySuffix = siblingsBefore(groups, siblingOf);
    const hidden = [...new Set(depIds.filter((id) => !visible.has(id)))];
    const drawn = groups.map((g, index) => {
        for (const d of g.scope.dependent_scopes ?? []) {
            if (visible.has(d.scope.toLowerCase()))
                continue;
            log.warning(`${g.at}dependent_scopes: the scope ${d.scope.toLowerCase()} is not shown to this client (another client's scope that is not advertised, or one that no longer exists): ` +
                'it is written by its UUID, with a comment. Check it with its owner.');
        }
        const spec = specOf(g.scope, g.suffix, visible, bySuffix[index] ?? new Map());
        // A value that holds a form of the secret or the token is refused, never written.
        refuseUnwritable(spec, g.at, scrub);
        return spec;
    });
    return { drawn, hidden, visible };
}
/** The drift check holds each spec to its scope alone: a variant set apart by hand stays apart, with a warning. */
function warnVariants(groups, read, log) {
    groups.forEach(({ group, scope }, index) => {
        const definition = {
            ...read[index],
            dependent_scopes: scope.dependent_scopes ?? [],
        };
        // The scope itself differs in nothing from its own spec: only its variants can be warned about.
        for (const variant of group) {
            const fields = (0,reconcile_drift/* compareScope */.Ed)(definition, variant)
                .filter((c) => !c.same)
                .map((c) => c.field);
            if (fields.length > 0) {
                log.warning(`The FQDN variant ${variant.scope_string} differs from ${scope.scope_string} in ${fields.join(', ')}: the spec follows the latter, ` +
                    'which plan and apply compare with it; the variant is left as it is. Align it on the service if it should match.');
            }
        }
    });
}
/** The scopes imported as the action's outputs name them: `scope_string` and `scope_id` the first's; nothing written to the service. */
function importOutputs({ scopes, groups }) {
    const first = groups[0];
    const suffixes = groups.map((g) => g.suffix);
    const each = ({ scope }) => ({
        scope_string: scope.scope_string,
        scope_id: scope.id,
        created: false,
        updated: false,
        changes: false,
    });
    return {
        scope_string: first.scope.scope_string,
        scope_id: first.scope.id,
        // Those of the suffixes imported, in the client's order: a list's are the client's every one; --scope-suffix leaves the others out.
        scope_strings: scopes.filter((s) => suffixes.includes((0,reconcile_drift/* suffixOf */.jT)(s.scope_string))).map((s) => s.scope_string),
        created: false,
        updated: false,
        changes: false,
        scopes: Object.fromEntries(groups.map((g) => [g.suffix, each(g)])),
    };
}
/**
 * The order a person keeps in a list: by suffix, each scope right after the siblings it depends
 * on. In a cycle, the dependency that would close it is skipped here, and the spec names it by
 * its string (siblingsBefore).
 */
function keptOrder(groups, siblingOf) {
    const bySuffix = new Map([...groups].sort((a, b) => (a.suffix < b.suffix ? -1 : 1)).map((g) => [g.suffix, g]));
    const kept = new Map();
    const visiting = new Set();
    const visit = (g) => {
        if (kept.has(g.suffix) || visiting.has(g.suffix))
            return;
        visiting.add(g.suffix);
        const siblings = (g.scope.dependent_scopes ?? []).map((d) => bySuffix.get(siblingOf.get(d.scope.toLowerCase()) ?? ''));
        for (const sibling of siblings.filter((s) => s !== undefined).sort((a, b) => (a.suffix < b.suffix ? -1 : 1)))
            visit(sibling);
        kept.set(g.suffix, g);
    };
    for (const g of bySuffix.values())
        visit(g);
    return [...kept.values()];
}
/** The suffixes to import: the one asked for, else every one of the client's, in its order. FQDN variants share their scope's suffix. */
function suffixesToImport(scopes, asked, naming) {
    const suffixes = [...new Set(scopes.map((s) => (0,reconcile_drift/* suffixOf */.jT)(s.scope_string)))];
    if (asked === undefined || suffixes.includes(asked))
        return asked === undefined ? suffixes : [asked];
    const listed = suffixes.map((s) => `"${s}"`).join(', ');
    throw new errors/* ActionError */.l(`The client has no scope with the suffix "${asked}"; its scopes' suffixes are ${listed}. Pick one of them with ${naming.pickSuffix(suffixes[0])}.`);
}
/**
 * Which sibling dependencies each group's scope names by suffix: the sibling's suffix by the
 * dependency's id, for each sibling the file lists before it (keptOrder). A sibling listed after
 * it closes a cycle, which the spec refuses (spec.ts): that one keeps its scope string, which
 * plan resolves to the same id.
 */
function siblingsBefore(groups, siblingOf) {
    const position = new Map(groups.map((g, index) => [g.suffix, index]));
    return groups.map(({ scope }, index) => {
        const named = new Map();
        for (const d of scope.dependent_scopes ?? []) {
            const target = siblingOf.get(d.scope.toLowerCase());
            if (target !== undefined && (position.get(target) ?? index) < index)
                named.set(d.scope.toLowerCase(), target);
        }
        return named;
    });
}
/** The spec's fields from the scope: a sibling by its suffix, any other dependency by its string when the client sees it, else by its id. */
function specOf(scope, suffix, visible, siblings) {
    const missing = ['name', 'description', 'advertised'].filter((field) => scope[field] === undefined);
    if (missing.length > 0) {
        throw new ValidationError(missing.map((field) => ({
            field,
            message: `${field}: the service's answer does not give it, and the spec requires it: nothing was written. Write the spec by hand.`,
        })));
    }
    return {
        name: scope.name,
        description: scope.description,
        scope_suffix: suffix,
        advertised: scope.advertised,
        // Left out when the service does not say: the drift check then leaves it out too.
        ...(scope.allows_refresh_token === undefined ? {} : { allow_refresh_tokens: scope.allows_refresh_token }),
        ...(scope.required_domains === undefined ? {} : { required_domains: [...scope.required_domains] }),
        dependent_scopes: (scope.dependent_scopes ?? []).map(({ scope: id, optional, requires_refresh_token }) => {
            const named = siblings.get(id.toLowerCase());
            if (named !== undefined)
                return { scope_suffix: named, optional, requires_refresh_token };
            return {
                scope: visible.get(id.toLowerCase())?.scope_string ?? id.toLowerCase(),
                optional,
                requires_refresh_token,
            };
        }),
    };
}
/** Every text of the spec, named as the spec names its field. */
function textsOf(spec) {
    const texts = [
        ['name', spec.name],
        ['description', spec.description],
        ['scope_suffix', spec.scope_suffix],
        ...spec.dependent_scopes.map((d, i) => 'scope' in d
            ? [`dependent_scopes[${i}].scope`, d.scope]
            : [`dependent_scopes[${i}].scope_suffix`, d.scope_suffix]),
    ];
    spec.required_domains?.forEach((d, i) => texts.push([`required_domains[${i}]`, d]));
    return texts;
}
/** Text a reviewed file must not hold: a control character, or a form of the secret or the token. `at` leads each field's name. */
function refuseUnwritable(spec, at, scrub) {
    const problems = textsOf(spec).flatMap(([name, value]) => {
        const field = `${at}${name}`;
        if ((0,characters/* hasUnsafe */.B0)(value)) {
            return [
                {
                    field,
                    message: `${field}: the service's value holds a control character (a line break, a tab, an escape, a direction override...), which import does not write ` +
                        'into a file people review: nothing was written. Change the value on the service first, or write the spec by hand.',
                },
            ];
        }
        if (scrub(value) !== value)
            return [
                {
                    field,
                    message: `${field}: the service's value holds a form of the client secret or of the token: nothing was written. Change the value on the service first.`,
                },
            ];
        return [];
    });
    if (problems.length > 0)
        throw new ValidationError(problems);
}
/** The file: the header's comment lines, then every field in the README's order (under `scopes:` in a list); a hidden dependency says why it is an id. */
function specText(form, specs, header, hidden) {
    const doc = new dist/* Document */.yo(form === 'single' ? specs[0] : { scopes: specs });
    doc.commentBefore = header.join('\n');
    const listed = doc.get('scopes');
    // A blank line between listed scopes, where a reviewer's eye looks for the next one.
    for (const item of (0,dist/* isSeq */.oP)(listed) ? listed.items.slice(1) : []) {
        if ((0,dist/* isMap */.jh)(item))
            item.spaceBefore = true;
    }
    specs.forEach((spec, i) => {
        const deps = doc.getIn([...(form === 'single' ? [] : ['scopes', i]), 'dependent_scopes']);
        if (!(0,dist/* isSeq */.oP)(deps))
            return;
        spec.dependent_scopes.forEach((dep, index) => {
            const item = deps.items[index];
            if ((0,dist/* isMap */.jh)(item) && 'scope' in dep && hidden.includes(dep.scope)) {
                item.commentBefore =
                    " Not shown to this client (another client's scope that is not advertised, or gone): kept by its UUID.";
            }
        });
    });
    // No folding: each value on one line, as a reviewer diffs it.
    return doc.toString({ lineWidth: 0 });
}
/**
 * The scopes as their own parser reads the text, which must be the client's scopes as the drift
 * check compares them, a sibling's suffix standing for `siblingId`; else nothing is written.
 */
function readBack(text, groups, visible, siblingId) {
    const nothing = 'nothing was written. Change the value on the service first, or write the spec by hand.';
    if (Buffer.byteLength(text) > MAX_SPEC_BYTES) {
        throw new ValidationError([
            {
                field: 'spec',
                message: `The spec would take ${Buffer.byteLength(text)} bytes, over the spec file's limit of ${MAX_SPEC_BYTES}: ${nothing}`,
            },
        ]);
    }
    let read;
    try {
        // As the file will hold it: UTF-8 (a lone surrogate would not survive).
        read = parseSpec(Buffer.from(text, 'utf8').toString('utf8'), 'spec');
    }
    catch (error) {
        if (!(error instanceof ValidationError))
            throw error;
        throw new ValidationError(error.problems.map((p) => ({
            field: p.field,
            message: `${p.message.replace(/^spec: /, '')} (the spec's rule, which the service's value breaks): ${nothing}`,
        })));
    }
    const ids = new Map([...visible.values()].map((s) => [s.scope_string, s.id]));
    // As plan resolves them: a string by its lookup, an id as it is, a sibling by its suffix (one read back as none of them shows as a difference).
    const resolve = (d) => 'scope' in d ? (ids.get(d.scope) ?? ((0,uuid/* isUuid */.O)(d.scope) ? d.scope : undefined)) : siblingId(d.scope_suffix);
    const differ = groups.flatMap(({ scope, at }, index) => {
        // The form and the number of scopes follow from the text's top keys: only the fields can differ.
        const spec = read.scopes[index];
        const dependent_scopes = spec.dependent_scopes.flatMap((d) => {
            const id = resolve(d);
            return id === undefined
                ? []
                : [{ scope: id, optional: d.optional, requires_refresh_token: d.requires_refresh_token }];
        });
        return (0,reconcile_drift/* compareScope */.Ed)({ ...spec, dependent_scopes }, scope)
            .filter((c) => !c.same)
            .map((c) => ({ field: `${at}${c.field}` }));
    });
    if (differ.length > 0) {
        throw new ValidationError(differ.map(({ field }) => ({
            field,
            message: `${field}: the spec would read the service's value back otherwise, and a plan would show the difference: ${nothing}`,
        })));
    }
    return read.scopes;
}
/** Where the file goes: inside the workspace once links are followed, never over a file unless forced. */
async function checkTarget({ workspace, specBase, naming, importNaming }, { file, force }) {
    const fail = (message) => {
        throw new ValidationError([{ field: 'spec', message }]);
    };
    const root = await (0,promises_.realpath)(workspace).catch(() => external_node_path_default().resolve(workspace));
    // The spec's own rule (spec-path.ts); a folder may be the workspace itself.
    const within = (full) => full === root || insideWorkspace((external_node_path_default()), root, full) !== undefined;
    const refuse = () => fail(`${file} is outside ${naming.workspace} (after its links are followed): import writes only inside it. Give ${naming.ref('spec')} a path inside it, or ${naming.assign('spec', '-')} to print the spec.`);
    const full = insideWorkspace((external_node_path_default()), root, await fromBase(root, specBase, file));
    if (full === undefined)
        return refuse();
    // The nearest folder that exists, its links followed, must lie inside too: the missing ones are made there.
    let folder = external_node_path_default().dirname(full);
    while (!(await exists(folder)))
        folder = external_node_path_default().dirname(folder);
    if (!within(await (0,promises_.realpath)(folder)))
        return refuse();
    const there = await (0,promises_.lstat)(full).catch(() => undefined);
    if (there === undefined)
        return full;
    if (there.isDirectory())
        return fail(`${file} is a folder: give ${naming.ref('spec')} the path of the spec file to write.`);
    if (there.isSymbolicLink() && !within(await (0,promises_.realpath)(full).catch(() => root)))
        return refuse();
    if (!force) {
        return fail(`${file} exists already, and import never overwrites a file unless told to: compare it with ${naming.assign('spec', '-')}, or give ${importNaming.overwrite} to replace it.`);
    }
    return full;
}
const exists = (file) => (0,promises_.lstat)(file).then(() => true, () => false);
/** Whole or not at all: a temporary file in the same folder, then a rename (or, not forced, a link that fails on an existing file). */
async function writeWhole(full, text, force, file) {
    const temporary = external_node_path_default().join(external_node_path_default().dirname(full), `.${external_node_path_default().basename(full)}.${(0,external_node_crypto_.randomBytes)(6).toString('hex')}.tmp`);
    let placing = false;
    try {
        await (0,promises_.mkdir)(external_node_path_default().dirname(full), { recursive: true });
        await (0,promises_.writeFile)(temporary, text, { flag: 'wx' });
        placing = true;
        if (force)
            await (0,promises_.rename)(temporary, full);
        else
            await (0,promises_.link)(temporary, full);
    }
    catch (error) {
        const code = error.code ?? String(error);
        throw new errors/* ActionError */.l(placing && code === 'EEXIST'
            ? `${file} appeared while the scope was read: nothing was written. Run import again.`
            : `${file} could not be written (${code}): nothing was written.`);
    }
    finally {
        // After a rename it is gone already.
        await (0,promises_.unlink)(temporary).catch(() => { });
    }
}

;// CONCATENATED MODULE: ./src/render/commands.ts
/** The command line's commands, in the order its help lists them: what its reports name. */
const COMMAND_NAMES = ['plan', 'apply', 'verify', 'import', 'rotate'];

;// CONCATENATED MODULE: ./src/render/json-report.ts
/**
 * The command line's `--json` document: one JSON object on stdout, for programs. Its shape is
 * this zod schema, and `schema/cli-output.schema.json` is generated from it (`npm run schema`):
 * fields are added, never renamed or removed, within a `schema_version`. Its top level speaks of
 * the registration as a whole (version 2): what a run does to each scope is under `scopes`.
 */


const value = schemas/* unknown */.L5J()
    .check(schemas/* describe */.q0y('A field value as JSON: a string, a boolean, or a list; a dependent scope is {scope_string, scope, optional, requires_refresh_token}, scope_string null when the run did not learn it.'));
const located = schemas/* strictObject */.rej({
    message: schemas/* string */.YjP(),
    file: schemas/* optional */.lqM(schemas/* string */.YjP()),
    line: schemas/* optional */.lqM(schemas/* int */.Whr()),
    column: schemas/* optional */.lqM(schemas/* int */.Whr()),
});
const change = schemas/* strictObject */.rej({
    action: schemas/* enum */.k5n(['create', 'update', 'none']),
    request: schemas/* nullable */.mee(schemas/* string */.YjP())
        .check(schemas/* describe */.q0y('What apply sends for it, e.g. "POST /v2/api/clients/{id}/scopes"; null for none.')),
    fields: schemas/* array */.YOg(schemas/* strictObject */.rej({ field: schemas/* string */.YjP(), before: value, after: value }))
        .check(schemas/* describe */.q0y('Each field it sets: every field for a creation (before null), each changed field for an update.')),
});
const verdict = schemas/* strictObject */.rej({
    title: schemas/* string */.YjP()
        .check(schemas/* describe */.q0y('The verdict\'s first words: "Dry run", "Applied", "No changes", "Drift", "The run failed", "Nothing was done".')),
    items: schemas/* array */.YOg(schemas/* strictObject */.rej({
        scope: schemas/* optional */.lqM(schemas/* string */.YjP()).check(schemas/* describe */.q0y('The scope it is about, by its suffix; absent: the run.')),
        fields: schemas/* optional */.lqM(schemas/* array */.YOg(schemas/* string */.YjP())),
        says: schemas/* string */.YjP(),
    }))
        .check(schemas/* describe */.q0y("What changes, differs or is wrong, in the spec's order.")),
    rows: schemas/* array */.YOg(schemas/* strictObject */.rej({ scope: schemas/* string */.YjP(), field: schemas/* nullable */.mee(schemas/* string */.YjP()), service: value, spec: value }))
        .check(schemas/* describe */.q0y('What changes, field by field (differing or new fields only); field null: a scope to create, its string as spec, its fields in the rows after it.')),
    next: schemas/* array */.YOg(schemas/* string */.YjP()).check(schemas/* describe */.q0y('What to do next, each a sentence.')),
})
    .check(schemas/* describe */.q0y('What would change, or what is wrong, and what to do next: what every rendering opens with.'));
const driftEntry = schemas/* strictObject */.rej({ field: schemas/* string */.YjP(), spec: value, service: value, same: schemas/* boolean */.zMY() });
/** A scope as import writes it; a dependency on a sibling scope of the client, in a list, by its suffix. */
const importedSpec = schemas/* strictObject */.rej({
    name: schemas/* string */.YjP(),
    description: schemas/* string */.YjP(),
    scope_suffix: schemas/* string */.YjP(),
    advertised: schemas/* boolean */.zMY(),
    allow_refresh_tokens: schemas/* boolean */.zMY(),
    required_domains: schemas/* optional */.lqM(schemas/* array */.YOg(schemas/* string */.YjP())),
    dependent_scopes: schemas/* array */.YOg(schemas/* union */.KCZ([
        schemas/* strictObject */.rej({ scope: schemas/* string */.YjP(), optional: schemas/* boolean */.zMY(), requires_refresh_token: schemas/* boolean */.zMY() }),
        schemas/* strictObject */.rej({ scope_suffix: schemas/* string */.YjP(), optional: schemas/* boolean */.zMY(), requires_refresh_token: schemas/* boolean */.zMY() }),
    ])),
});
/** A credential of the client, never its secret. */
const credentialOut = schemas/* strictObject */.rej({ id: schemas/* string */.YjP(), name: schemas/* string */.YjP(), created: schemas/* string */.YjP() });
const cliReportSchema = schemas/* strictObject */.rej({
    schema_version: schemas/* literal */.euz(2),
    command: schemas/* enum */.k5n(COMMAND_NAMES),
    /** What came of it; `exit_code` is the process's. */
    status: schemas/* enum */.k5n(['no_changes', 'changes', 'applied', 'verified', 'imported', 'rotated', 'planned', 'failed']),
    exit_code: schemas/* union */.KCZ([schemas/* literal */.euz(0), schemas/* literal */.euz(1), schemas/* literal */.euz(2)]),
    verdict: schemas/* optional */.lqM(verdict).check(schemas/* describe */.q0y('plan, apply and verify.')),
    outputs: schemas/* nullable */.mee(schemas/* strictObject */.rej({
        scope_string: schemas/* string */.YjP(),
        scope_id: schemas/* string */.YjP().check(schemas/* describe */.q0y('Empty when the scope is only planned.')),
        scope_strings: schemas/* array */.YOg(schemas/* string */.YjP()),
        created: schemas/* boolean */.zMY().check(schemas/* describe */.q0y('Whether this run created any scope of the spec.')),
        updated: schemas/* boolean */.zMY()
            .check(schemas/* describe */.q0y('Whether this run updated any scope of the spec (or, in a dry run, planned to).')),
        changes: schemas/* boolean */.zMY()
            .check(schemas/* describe */.q0y('In a dry run (plan), whether apply would change the registration; in an apply, whether it did.')),
        scopes: schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* strictObject */.rej({
            scope_string: schemas/* string */.YjP(),
            scope_id: schemas/* string */.YjP(),
            created: schemas/* boolean */.zMY(),
            updated: schemas/* boolean */.zMY(),
            changes: schemas/* boolean */.zMY(),
        }))
            .check(schemas/* describe */.q0y('Every scope of the spec by its suffix (one for a spec of one scope); scope_id is empty while the scope is only planned.')),
    }))
        .check(schemas/* describe */.q0y("The outputs the action sets, typed; null when the run failed before the scope was known. scope_string and scope_id are the first scope of the spec's (each scope's is in scopes); created, updated and changes are the whole registration's.")),
    scopes: schemas/* array */.YOg(schemas/* strictObject */.rej({
        suffix: schemas/* string */.YjP(),
        scope_string: schemas/* string */.YjP(),
        scope_id: schemas/* nullable */.mee(schemas/* string */.YjP()).check(schemas/* describe */.q0y('null while the scope is only planned.')),
        change,
        drift: schemas/* array */.YOg(driftEntry),
    }))
        .check(schemas/* describe */.q0y('plan and apply: every scope of the spec, in its order (one for a spec of one scope), with what apply would write (plan) or wrote (apply) and the spec set against the scope, field by field.')),
    unlisted: schemas/* array */.YOg(schemas/* string */.YjP())
        .check(schemas/* describe */.q0y("A spec that lists scopes: the client's scope strings it does not list, left as they are.")),
    providers: schemas/* array */.YOg(schemas/* strictObject */.rej({
        suffix: schemas/* nullable */.mee(schemas/* string */.YjP())
            .check(schemas/* describe */.q0y("The scope of the spec it had to publish; null: any listed scope (or any of the client's).")),
        url: schemas/* string */.YjP(),
        read: schemas/* boolean */.zMY()
            .check(schemas/* describe */.q0y('Whether its introspection document was read; when not, an error says why.')),
        key: schemas/* nullable */.mee(schemas/* string */.YjP())
            .check(schemas/* describe */.q0y('The key of its introspection document that holds a scope; null when it publishes none.')),
        published: schemas/* nullable */.mee(schemas/* string */.YjP()),
        matches: schemas/* boolean */.zMY(),
        allowed: schemas/* string */.YjP().check(schemas/* describe */.q0y('What it had to publish, e.g. "a scope string of this client".')),
    }))
        .check(schemas/* describe */.q0y('Each deployed provider checked, in the order given, with its verdict; empty when none was.')),
    known: schemas/* optional */.lqM(schemas/* strictObject */.rej({
        client_id: schemas/* string */.YjP(),
        scopes: schemas/* array */.YOg(schemas/* strictObject */.rej({ suffix: schemas/* string */.YjP(), scope_string: schemas/* string */.YjP() }))
            .check(schemas/* describe */.q0y("Each scope of the spec, in its order, with the string its suffix implies: the spec's, not read from the service.")),
    }))
        .check(schemas/* describe */.q0y('A run that failed after its settings were read (outputs null): the client, and every scope of the spec.')),
    warnings: schemas/* array */.YOg(located),
    errors: schemas/* array */.YOg(located),
    import: schemas/* optional */.lqM(schemas/* strictObject */.rej({
        file: schemas/* nullable */.mee(schemas/* string */.YjP())
            .check(schemas/* describe */.q0y('Where the spec was written, as given; null with --spec - (the text is printed, or is in text with --json).')),
        text: schemas/* string */.YjP().check(schemas/* describe */.q0y("The spec file's text.")),
        form: schemas/* enum */.k5n(['single', 'list'])
            .check(schemas/* describe */.q0y("single: the file holds one scope; list: it lists the client's scopes under scopes:, one per suffix.")),
        scopes: schemas/* array */.YOg(importedSpec)
            .check(schemas/* describe */.q0y('Every scope as the file reads back, in its order: one in the single form.')),
        hidden_dependents: schemas/* array */.YOg(schemas/* string */.YjP())
            .check(schemas/* describe */.q0y('The dependent scopes the client cannot see, written by their UUID.')),
    }))
        .check(schemas/* describe */.q0y('import only: the spec read from the live scope, and where it was written.')),
    rotation: schemas/* optional */.lqM(schemas/* strictObject */.rej({
        credential_id: schemas/* nullable */.mee(schemas/* string */.YjP())
            .check(schemas/* describe */.q0y('The credential this run made and kept; null when none was (or it was deleted after a failure).')),
        retired: schemas/* array */.YOg(credentialOut).check(schemas/* describe */.q0y('The credentials deleted, oldest first.')),
        stored: schemas/* array */.YOg(schemas/* string */.YjP()).check(schemas/* describe */.q0y('The destinations that hold the new secret.')),
        may_hold: schemas/* array */.YOg(schemas/* string */.YjP())
            .check(schemas/* describe */.q0y('After a store whose outcome is unknown (no answer): the destinations that may hold the new secret.')),
        unchanged: schemas/* array */.YOg(schemas/* string */.YjP())
            .check(schemas/* describe */.q0y('After a failed store: the destinations that still hold the current secret.')),
        gone: schemas/* boolean */.zMY()
            .check(schemas/* describe */.q0y('The new secret stopped working after the stores (its credential deleted by another run or a person): a destination in stored but not in restored holds a secret that does not work.')),
        restored: schemas/* array */.YOg(schemas/* string */.YjP())
            .check(schemas/* describe */.q0y('After the new credential was found deleted by another run: the destinations given the starting secret back.')),
        credentials: schemas/* array */.YOg(schemas/* extend */.X$i(credentialOut, {
            made_by_this_tool: schemas/* boolean */.zMY(),
            standing: schemas/* enum */.k5n([
                'new',
                'in use',
                'may be in use',
                'made from this secret',
                'older',
                'not made by this tool',
            ]),
            recent: schemas/* boolean */.zMY()
                .check(schemas/* describe */.q0y('Made in the last hour (or at a time that cannot be read): maybe another run in flight.')),
            kept: schemas/* nullable */.mee(schemas/* enum */.k5n([
                'the new one',
                'in use',
                'may be in use',
                'not made by this tool',
                'may belong to a rotation in flight',
            ])),
        }))
            .check(schemas/* describe */.q0y('Every credential the run judged, oldest first: what it takes each for, and why it stays (null: retired, or in a dry run, would be). Empty when the run stopped before.')),
        left: schemas/* array */.YOg(schemas/* extend */.X$i(credentialOut, { made_by_this_tool: schemas/* boolean */.zMY() }))
            .check(schemas/* describe */.q0y("Every credential left, oldest first; one this tool did not make (the portal's) is only deleted when --retire-id names it.")),
    }))
        .check(schemas/* describe */.q0y('rotate only: what the rotation made, stored and retired. Never a secret.')),
})
    .check(schemas/* meta */.mIj({ title: 'ensure-provider-scope --json', description: 'What one run of the command line did or would do.' }));
const locatedOf = (m) => ({
    message: m.text,
    ...(m.location === undefined ? {} : { file: m.location.file }),
    ...(m.location?.startLine === undefined ? {} : { line: m.location.startLine }),
    ...(m.location?.startColumn === undefined ? {} : { column: m.location.startColumn }),
});
const changeOf = (scope) => ({
    action: scope.action,
    request: scope.request,
    fields: scope.fields.map(({ field, before, after }) => ({ field, before, after })),
});
const driftOf = ({ comparison }) => comparison.map(({ field, spec, service, same }) => ({ field, spec, service, same }));
/** The document for a conclusion; `messages` are every warning and error the run wrote, in order. */
function jsonReport(command, conclusion, messages, exitCode, imported) {
    const { outputs, plan, known, verdict } = conclusion;
    const done = command === 'verify' ? 'verified' : command === 'import' ? 'imported' : 'applied';
    const status = exitCode === 1 ? 'failed' : command === 'plan' ? (exitCode === 2 ? 'changes' : 'no_changes') : done;
    return {
        schema_version: 2,
        command,
        status,
        exit_code: exitCode,
        ...(verdict === undefined ? {} : { verdict }),
        outputs: outputs === undefined
            ? null
            : { ...outputs, scope_strings: [...outputs.scope_strings], scopes: { ...outputs.scopes } },
        scopes: (plan?.scopes ?? []).map((scope) => ({
            suffix: scope.suffix,
            scope_string: scope.scope.scope_string,
            scope_id: scope.scope.id,
            change: changeOf(scope),
            drift: driftOf(scope),
        })),
        unlisted: plan?.unlisted ?? [],
        providers: (conclusion.providers ?? []).map(({ suffix, url, read, key, published, matches, allowed }) => ({
            suffix: suffix ?? null,
            url,
            read,
            key: key ?? null,
            published: published ?? null,
            matches,
            allowed,
        })),
        ...(known === undefined
            ? {}
            : {
                known: {
                    client_id: known.clientId,
                    scopes: known.scopes.map(({ suffix, scopeString }) => ({ suffix, scope_string: scopeString })),
                },
            }),
        warnings: messages.flatMap((m) => (m.level === 'warning' ? [locatedOf(m)] : [])),
        errors: messages.flatMap((m) => (m.level === 'error' ? [locatedOf(m)] : [])),
        ...(imported === undefined ? {} : { import: imported }),
    };
}

;// CONCATENATED MODULE: ./src/cli/import.ts
/**
 * The command line's `import`: where the spec goes (`--spec`, or stdout with `--spec -`),
 * `--force`, `--scope-suffix`, and the report. The engine (engine/import.ts) reads the scopes,
 * checks that the spec reads back equal, and writes the file.
 */







const IMPORT_NAMING = {
    pickSuffix: (suffix) => `--scope-suffix ${suffix}`,
    overwrite: '--force',
    createInstead: `To register a scope, write the spec instead (the README's "The spec file" says how), then run '${options_NAME} plan' and '${options_NAME} apply'.`,
};
/**
 * The schema line for editors: the package's own schema, at the version that wrote the file,
 * from the npm registry's CDN (the package ships schema/). Only a published package has that
 * address: the release workflow names the repository in package.json as it publishes, and a
 * clone's package.json does not, so a file imported before then gets no line that leads nowhere.
 */
const schemaUrlOf = (pkg) => pkg.repository === undefined
    ? undefined
    : `https://unpkg.com/${String(pkg.name)}@${String(pkg.version)}/schema/provider-scope.schema.json`;
/**
 * package.json as installed, two folders above `module` (src/cli/ and the bundle's dist/cli/
 * alike), read when import runs: the bundle holds the clone's, from before the release set
 * `repository`. None there: {}.
 */
async function readInstalledPackage(module) {
    // Found by a loop: a path the bundler can work out, it copies into the bundle as an asset, the clone's file.
    let folder = external_node_path_default().dirname((0,external_node_url_.fileURLToPath)(module));
    for (let up = 0; up < 2; up++)
        folder = external_node_path_default().dirname(folder);
    return (0,promises_.readFile)(external_node_path_default().join(folder, 'package.json'), 'utf8').then((text) => JSON.parse(text), () => ({}));
}
async function runImport({ port, values, seen, stdout, show }) {
    const file = port.read('spec');
    const asked = values['scope-suffix'];
    // `--scope-suffix "$SUFFIX"` with the variable empty asks for nothing: the client's only suffix.
    const scopeSuffix = typeof asked === 'string' && asked !== '' ? asked : undefined;
    const outcome = await importScope({
        ...port,
        importNaming: IMPORT_NAMING,
        scopeSuffix,
        destination: file === '-' ? undefined : { file, force: values.force === true },
        command: `${options_NAME} import${scopeSuffix === undefined ? '' : ` --scope-suffix ${scopeSuffix}`}`,
        schemaUrl: schemaUrlOf(await readInstalledPackage(import.meta.url)),
    });
    outcome.messages.forEach(port.write);
    const { imported, exitCode } = outcome;
    if (values.json === true) {
        const data = imported === undefined
            ? undefined
            : {
                file: imported.file ?? null,
                text: imported.text,
                form: imported.form,
                scopes: imported.scopes,
                hidden_dependents: imported.hidden,
            };
        const conclusion = {
            messages: outcome.messages,
            exitCode,
            ...(imported === undefined ? {} : { outputs: imported.outputs }),
        };
        stdout.write(`${(0,engine_text/* inertJson */.nl)(port.secrets.scrub(JSON.stringify(jsonReport('import', conclusion, seen, exitCode, data), null, 2)))}\n`);
    }
    else if (imported?.file === undefined) {
        // Every value was checked for control characters and the secret's forms before: the text is the file's.
        if (imported !== undefined)
            stdout.write(port.secrets.scrub(imported.text));
    }
    else {
        const scopes = Object.values(imported.outputs.scopes);
        const named = ({ scope_string, scope_id }) => `${show(scope_string)} (id ${show(scope_id)})`;
        stdout.write((imported.form === 'single'
            ? `Imported scope ${named(imported.outputs)} into ${show(imported.file)}.\n`
            : `Imported ${scopes.length} scopes into ${show(imported.file)}:\n${scopes.map((s) => `  ${named(s)}\n`).join('')}`) +
            `Next: '${options_NAME} plan' says "No changes"; review ${show(imported.file)} and commit it.\n`);
    }
    return exitCode;
}

;// CONCATENATED MODULE: ./src/cli/repository.ts
/**
 * Where the command line's spec lives: the repository it runs in. Its top is the nearest
 * folder, from the current directory up, that holds a `.git` entry: a folder, or a file as in
 * a worktree or a submodule (no git program needed). Outside a repository, the current
 * directory itself. Both with their links followed, as the spec's path is checked.
 */



// Not node:fs/promises, which loads readline with it (CONTRIBUTING.md, "What the start-up devices buy").
const [lstat, repository_realpath] = [(0,external_node_util_.promisify)((external_node_fs_default()).lstat), (0,external_node_util_.promisify)((external_node_fs_default()).realpath.native)];
async function findRepository(cwd) {
    const start = await repository_realpath(cwd).catch(() => external_node_path_default().resolve(cwd));
    for (let folder = start;; folder = external_node_path_default().dirname(folder)) {
        const git = await lstat(external_node_path_default().join(folder, '.git')).catch(() => undefined);
        if (git !== undefined)
            return { top: folder, found: true, here: start };
        if (external_node_path_default().dirname(folder) === folder)
            return { top: start, found: false, here: start };
    }
}

;// CONCATENATED MODULE: ./src/engine/rotation/port.ts

/** A store whose outcome cannot be known (no answer, or a gateway's 502, 503 or 504): the place may hold the new secret. */
class StoreUnknown extends errors/* ActionError */.l {
    name = 'StoreUnknown';
}
const viewOf = ({ id, name, created }) => ({ id, name, created });
const describe = (c) => `${JSON.stringify(c.name)} (id ${c.id}, created ${c.created})`;
const plural = (places, one, many) => `${places.join(', ')} ${places.length === 1 ? one : many}`;
/** A failure that ends the rotation with what the report knows so far. */
class RotationFailure extends errors/* ActionError */.l {
    name = 'RotationFailure';
    messages;
    constructor(messages) {
        super(messages.join('\n'));
        this.messages = messages;
    }
}
/** The outputs, once a credential was made and a destination holds or may hold its secret. */
const port_outputsOf = ({ created, stored, mayHold, retired }) => created === undefined || stored.length + mayHold.length === 0
    ? undefined
    : { credential_id: created.id, retired: retired.map((c) => c.id) };

;// CONCATENATED MODULE: ./src/engine/rotation/hand-off.ts
/**
 * The new secret handed over: stored in every destination in order, each confirming it, and the
 * new credential confirmed again just before anything is retired. Where a store's outcome is
 * unknown the new credential is kept; where it is gone (another run deleted it) the starting
 * secret goes back where it still works. The new credential is deleted only when no destination
 * holds or may hold its secret.
 */


/**
 * Every destination, in order, each confirming it holds the new secret. At the first failure
 * the run stops and says what each holds: the new credential is deleted only when no
 * destination holds or may hold its secret.
 */
async function storeEverywhere(run, made) {
    const { port, report, budget, log } = run;
    for (const [index, destination] of port.destinations.entries()) {
        try {
            await destination.store(made.secret, { budget, log });
            report.stored.push(destination.name);
            log.info(`Stored the new secret in ${destination.name}`);
        }
        catch (error) {
            const unknown = error instanceof StoreUnknown;
            if (unknown)
                report.mayHold.push(destination.name);
            report.unchanged = port.destinations.slice(unknown ? index + 1 : index).map((d) => d.name);
            const cause = `Could not store the new secret in ${destination.name}: ${error.message}`;
            if (index === 0 && !unknown) {
                const deleted = await deleteNew(run, made.credential);
                throw new RotationFailure([cause, `${deleted} Every destination still holds the current secret.`]);
            }
            throw new RotationFailure([cause, storeState(report, made.credential, port.naming)]);
        }
    }
}
/** After a store that failed past the first, or whose outcome is unknown: which destination holds which secret, and what to do. */
function storeState(report, credential, naming) {
    const holds = [
        ...(report.stored.length > 0 ? [`${plural(report.stored, 'holds', 'hold')} the new secret`] : []),
        ...(report.mayHold.length > 0
            ? [`${report.mayHold.join(', ')} may hold the new secret or the current one (its answer was lost)`]
            : []),
        ...(report.unchanged.length > 0
            ? [`${plural(report.unchanged, 'still holds', 'still hold')} the current one`]
            : []),
    ];
    return (`The new credential ${describe(credential)} is kept and both secrets work; nothing was retired. Now ${holds.join(', and ')}. ` +
        `Fix what is named, then ${naming.runAgain.charAt(0).toLowerCase()}${naming.runAgain.slice(1)} to rotate again and complete it.`);
}
/**
 * Just before anything is retired: the new credential still there and its secret still taken.
 * If another run (or a person) deleted it, the secret this run started with goes back where it
 * can, nothing is retired, and the run fails saying so.
 */
async function hand_off_confirm(run, service, made) {
    const after = await service.listCredentials().catch((error) => {
        if (error instanceof wire_http/* HttpError */.j$ && error.status === 401)
            return undefined;
        throw new RotationFailure([
            `The new secret is stored in ${run.report.stored.join(', ')}, but the credentials could not be read again to confirm it before retiring: ${error.message} ` +
                `Nothing was retired: the new credential ${describe(made.credential)} and every other are kept. ${run.port.naming.runAgain} with the new secret to retire what is unused.`,
        ]);
    });
    if (after?.some((c) => c.id === made.credential.id) === true)
        return after;
    // Refused (401): whether the credential is gone, the secret the run started with can tell, if it still works.
    const seen = after ??
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
async function storeBack(run, gone, how) {
    const { port, report, settings, budget, log } = run;
    const works = await run
        .cleanup(settings.client_secret)
        .authenticates()
        .catch(() => false);
    // Confirmed only once every store answered: each destination holds the new secret.
    const stored = port.destinations;
    const failed = [];
    for (const destination of works ? stored.filter((d) => d.rewritable) : []) {
        await destination.store(settings.client_secret, { budget, log }).then(() => void report.restored.push(destination.name), (error) => void failed.push(`${destination.name} (${error.message})`));
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
async function deleteNew({ cleanup, settings, report }, credential) {
    return cleanup(settings.client_secret)
        .deleteCredential(credential.id)
        .then(() => {
        report.created = undefined;
        return `The new credential ${describe(credential)} was deleted.`;
    }, (error) => `The new credential ${describe(credential)} could not be deleted (${error.message}): delete it by hand in the developer portal; its secret is stored nowhere.`);
}

;// CONCATENATED MODULE: ./src/engine/rotation/retire.ts



/** Retires what the run knows is unused, once the new secret is stored and confirmed everywhere, and concludes. */
async function retireOld(run, service, made, after) {
    const { report } = run;
    const judged = judge(run, after, made.credential);
    const failed = [];
    const doomed = new Set(judged.filter((c) => c.kept === undefined).map((c) => c.id));
    for (const credential of byCreation(after).filter((c) => doomed.has(c.id))) {
        await service.deleteCredential(credential.id).then(() => void report.retired.push(viewOf(credential)), (error) => void failed.push(`Could not retire the credential ${describe(credential)}: ${error.message}. Delete it by hand in the developer portal.`));
    }
    const retiredIds = new Set(report.retired.map((c) => c.id));
    report.left = judged
        .filter((c) => !retiredIds.has(c.id))
        .map(({ id, name, created, madeByThisTool }) => ({ id, name, created, madeByThisTool }));
    const messages = [
        ...report.retired.map((c) => ({ level: 'info', text: `Retired the credential ${describe(c)}` })),
        ...(await storeAgainAfterInFlight(run, judged, retiredIds, made.secret)),
        ...keptMessages(judged, made.credential, run.port.rotationNaming),
        ...failed.map((text) => ({ level: 'error', text })),
    ];
    return { outputs: port_outputsOf(report), messages, report, exitCode: failed.length === 0 ? 0 : 1 };
}
/**
 * Under `now`, which keeps nothing of the last hour: a credential made from this run's own
 * secret in the last hour was maybe another rotation's in flight, whose store may have landed
 * after this run's. Its secret is gone now, so the new secret is stored again where a store
 * replaces the last one: the last write is this run's, and works. Said as a warning.
 */
async function storeAgainAfterInFlight({ port, report, budget, log }, judged, retired, secret) {
    const inFlight = judged.filter((c) => c.standing === 'made from this secret' && c.recent && retired.has(c.id));
    if (inFlight.length === 0)
        return [];
    const again = port.destinations.filter((d) => d.rewritable && report.stored.includes(d.name));
    const done = [];
    const failed = [];
    for (const destination of again)
        await destination.store(secret, { budget, log }).then(() => void done.push(destination.name), (error) => void failed.push(`${destination.name} (${error.message})`));
    return [
        {
            level: 'warning',
            text: `${inFlight.map(describe).join(', ')} ${inFlight.length === 1 ? 'was' : 'were'} made from the secret this run holds in the last hour: maybe another rotation running at the same time, now retired. ` +
                (done.length === 0
                    ? ''
                    : `The new secret was stored again in ${done.join(', ')}, so that the last write is this run's. `) +
                (failed.length === 0 ? '' : `Storing it again failed in ${failed.join('; ')}: store it there by hand. `) +
                'If another rotation was running, it fails and says so: run one rotation at a time (docs/rotation.md).',
        },
    ];
}
/** Every credential as the run takes it, and whether it goes, recorded on the report. */
function judge(run, credentials, made) {
    const created = made === undefined ? Number.NaN : Date.parse(made.created);
    // The service's own time where there is one (the new credential's creation): no skew with the runner's clock.
    const now = Number.isNaN(created) ? run.budget.clock.now() : created;
    const named = new Set(run.retireIds);
    const { credentials: judged } = lineageOf(credentials, { own: run.own, made: made?.id, now });
    run.report.credentials = judged.map((j) => ({
        ...viewOf(j.credential),
        madeByThisTool: j.madeByThisTool,
        standing: j.standing,
        recent: j.recent,
        kept: keeping(j, run.retire, named),
    }));
    return run.report.credentials;
}
/** The credentials' policy of the spec the setting names, read as a run reads it. */
async function policyOf(port) {
    const file = await loadSpec(port.workspace ?? '.', port.read('spec'), port.naming, port.specBase);
    return file.credentials;
}
/** What the watch would find of these credentials, as warnings: the same findings, in a terminal's words. */
function findingMessages(run, credentials, policy) {
    const findings = credentialFindings(credentials, {
        own: run.own,
        now: run.budget.clock.now(),
        maxAgeDays: policy?.max_age_days,
    });
    return findings.map((f) => ({
        level: 'warning',
        text: f.kind === 'old secret'
            ? `The secret in use is older than ${f.maxAgeDays} days (the spec's credentials.max_age_days): every credential that may be the one in use is older; the youngest, ${describe(viewOf(f.credential))}, is ${f.ageDays} days old. Rotate it, then deploy.`
            : `${describe(viewOf(f.credential))} was not made by this tool, and is not the client's first (the developer portal's). If someone on the team made it, retire it once unused with ${run.port.rotationNaming.assign('retire_id', f.credential.id)}; if nobody did, treat the secret as leaked (docs/rotation.md, "A leaked secret").`,
    }));
}
/** What a dry run concludes: every credential, what the run takes it for, and what a rotation would retire. */
function dryRun(run, before, policy) {
    const judged = judge(run, before);
    const lines = judged.map((c) => `${describe(c)}: ${STANDING_WORDS[c.standing]}; ${c.kept === undefined ? 'a rotation would retire it' : `kept: ${KEPT_WORDS[c.kept]}`}`);
    const inUse = judged.some((c) => c.standing === 'in use' || c.standing === 'may be in use')
        ? []
        : [
            "None of the credentials this tool made can be the one this run holds, so the one in use is one this tool did not make (the developer portal's, as a rule).",
        ];
    return {
        messages: [
            { level: 'info', text: `The credentials of client ${run.settings.client_id}, oldest first:` },
            ...lines.map((text) => ({ level: 'info', text: `- ${text}` })),
            ...inUse.map((text) => ({ level: 'info', text })),
            ...findingMessages(run, before, policy),
        ],
        report: run.report,
        exitCode: 0,
    };
}
/** What the run takes a credential for, as a clause. */
const STANDING_WORDS = {
    new: 'made by this run',
    'in use': 'made by this tool, the one in use: the newest of its credentials not made from the secret this run holds',
    'may be in use': 'made by this tool, maybe the one in use: it and another were made from the same secret, and the run cannot tell which it holds',
    'made from this secret': "made by this tool from the secret this run holds: left by an earlier run that failed, or another rotation's in flight",
    older: 'made by this tool, older than the one in use',
    'not made by this tool': 'not made by this tool',
};
/** Why a credential stays, as a clause. */
const KEPT_WORDS = {
    'the new one': 'the new credential',
    'in use': 'the deployed provider may still use it',
    'may be in use': 'it may be the one in use',
    'not made by this tool': 'not made by this tool',
    'may belong to a rotation in flight': 'made in the last hour, it may belong to another rotation in flight; a later rotation retires it',
};
/** The credentials kept beside the new one, each with why, and how to retire the one the deploy no longer uses. */
function keptMessages(judged, made, words) {
    const others = judged.filter((c) => c.kept !== undefined && c.kept !== 'the new one');
    if (others.length === 0)
        return [{ level: 'info', text: `The new credential ${describe(made)} is the client's only one.` }];
    const siblings = others.some((c) => c.kept === 'may be in use')
        ? ' The run cannot tell which of those made from the same secret the deployed provider holds, so it keeps all of them.'
        : '';
    return [
        {
            level: 'info',
            text: `Left beside the new credential: ${others.map((c) => `${describe(c)}, ${KEPT_WORDS[c.kept]}`).join('; ')}.${siblings} ` +
                `Once the deployed provider uses the new secret, retire the one it no longer uses with ${words.assign('retire_id', '<its id>')}` +
                (others.some((c) => c.madeByThisTool) ? ", or let the next rotation retire this tool's." : '.'),
        },
    ];
}

;// CONCATENATED MODULE: ./src/engine/rotation/rotate.ts
/**
 * The rotation of the client secret, whichever door starts it: read the client's credentials
 * with the current secret, check every destination, create one credential, prove it, store it
 * in every destination in the order given, prove it again, then retire only what the run knows
 * is unused (engine/reconcile/lineage.ts). Nothing old is touched before the new secret is proven, stored
 * and confirmed everywhere; where a store's outcome or another run's cannot be seen, the run
 * keeps, says so and exits 1 (the order is AWS Secrets Manager's create, set, test, finish; the
 * stop at the first error is ovotech/cloud-key-rotator's: a half-done rotation is a split brain).
 */














/** At most this many tries of the new secret, paced by the budget, while the service propagates it. */
const PROOF_ATTEMPTS = 12;
/** One rotation. Never throws: a failure is a conclusion too, with what the run did and, past a store, its outputs. */
function rotateSecret(port) {
    const report = {
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
    return stopping(port, (signal) => rotate(port, signal, report), (error) => {
        const messages = error instanceof RotationFailure
            ? error.messages.map((text) => ({ level: 'error', text }))
            : failureMessages(error, port.naming);
        return { outputs: port_outputsOf(report), messages, report, exitCode: 1 };
    });
}
/** The service's settings by their rules, the rotation's own beside them: every problem in one run. */
function rotate_validate({ read, naming, rotationNaming: words }) {
    const problems = [];
    let settings;
    try {
        // A rotation reads no spec: the other settings keep their defaults.
        const used = new Set(['client_id', 'client_secret', 'auth_url', 'auth', 'timeout_seconds']);
        settings = parseSettings((name) => (used.has(name) ? read(name) : (SETTING_DEFAULTS[name] ?? '')), naming);
    }
    catch (error) {
        if (!(error instanceof ValidationError))
            throw error;
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
    const ids = lines.map((line) => uuid/* uuidSchema */.l.safeParse(line.toLowerCase()));
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
    if (problems.length > 0 || settings === undefined)
        throw new ValidationError(problems);
    const retireIds = [...new Set(ids.flatMap((id) => (id.success ? [id.data] : [])))];
    return { settings, retire: retire, retireIds, dryRun: dryRun === 'true' };
}
/** The service's client for one secret, on a budget, every secret and token it meets handed to the keeper. */
function clientFor(settings, secret, port, budget, log) {
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
async function rotate(port, signal, report) {
    const run = begin(port, signal, report);
    // A dry run holds the credentials to the spec's policy, as the watch does, when a spec is named.
    const policy = run.dryRun && port.read('spec') !== '' ? await policyOf(port) : undefined;
    const before = await readCredentials(run);
    if (run.dryRun)
        return dryRun(run, before, policy);
    await checkDestinations(run);
    const name = credentialName(run.budget.clock.now(), port.runToken ?? (0,external_node_crypto_.randomBytes)(6).toString('hex'), run.own);
    const made = await createOne(run.current, name, run.log);
    report.created = viewOf(made.credential);
    run.log.info(`Created the credential ${describe(made.credential)}`);
    // From the proof on, every call is made with the new secret: the old one may be about to go.
    const service = await prove(run, made);
    await storeEverywhere(run, made);
    const after = await hand_off_confirm(run, service, made);
    return retireOld(run, service, made, after);
}
/** The settings checked, the run announced, its one budget and the client with the current secret. */
function begin(port, signal, report) {
    const rotation = rotate_validate(port);
    const { settings, retire, retireIds, dryRun } = rotation;
    const words = port.rotationNaming;
    report.clientId = settings.client_id;
    report.dryRun = dryRun;
    const log = logOn(port.write);
    const asked = [words.assign('retire', retire), ...retireIds.map((id) => words.assign('retire_id', id))].join(', ');
    log.info(`${dryRun ? 'Dry run: what a rotation of' : 'Rotating'} the secret of client ${settings.client_id} at ${settings.auth_url} (${asked})${dryRun ? ' would do; nothing is created, stored or deleted' : ''}`);
    // One budget for the whole run; a rotation makes more requests than a registration, each under the same limit.
    const budget = (0,wire_budget/* createBudget */.y)(settings.timeout_seconds, { clock: port.clock, signal });
    const current = clientFor(settings, settings.client_secret, port, budget, log);
    const cleanup = (secret) => clientFor(settings, secret, port, (0,wire_budget/* createBudget */.y)(settings.timeout_seconds, { clock: port.clock, signal }), log);
    const own = fingerprintOf(settings.client_id, settings.client_secret);
    return { ...rotation, port, report, budget, signal, log, own, current, cleanup };
}
/** What the client has, with the current secret: a refusal here, or a retire_id it does not have, creates nothing. */
async function readCredentials({ current, settings, retireIds, port }) {
    const before = await current.listCredentials().catch((error) => {
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
/**
 * The new secret proven while the service propagates it (a 401, a 5xx, a reset or a timeout is
 * tried again within the run's time): its client; else the new credential deleted with the
 * secret that still works, and nothing stored.
 */
async function prove(run, made) {
    const { settings, port, budget, log } = run;
    const fresh = clientFor(settings, made.secret, port, budget, log);
    const failure = await proven(fresh, budget, log).then((ok) => (ok ? undefined : `it was not accepted within the run's time (${PROOF_ATTEMPTS} tries at most)`), (error) => `proving it failed: ${error.message}`);
    if (failure === undefined)
        return fresh;
    const deleted = await deleteNew(run, made.credential);
    throw new RotationFailure([
        `The new secret could not be proven: ${failure}. ${deleted} Nothing was stored: the current secret is unchanged everywhere. ` +
            `${port.naming.runAgain}, or give the service more time with ${port.naming.ref('timeout_seconds')}.`,
    ]);
}
/** Tries the new secret until the service takes it, within the run's deadline; what is not transient is thrown. */
async function proven(service, budget, log) {
    for (let tried = 1;; tried++) {
        const why = await service.authenticates().then((ok) => ok ? undefined : 'the service does not take the new secret yet (HTTP 401; it may still be propagating it)', (error) => {
            if (error instanceof wire_http/* HttpError */.j$ && error.transient)
                return `proving the new secret failed (${error.message})`;
            throw error;
        });
        if (why === undefined)
            return true;
        const pause = (0,retry/* nextPause */.e$)(budget, tried, undefined, PROOF_ATTEMPTS);
        if ('giveUp' in pause)
            return false;
        log.info(`${why.charAt(0).toUpperCase()}${why.slice(1)}: trying again in ${Math.ceil(pause.waitMs)} ms`);
        await budget.clock.sleep(pause.waitMs, budget.signal);
    }
}
/** Why the current secret could not list the credentials, and what to do. */
function refusalOfCurrent(error, settings, naming) {
    const message = error.message;
    if (error instanceof wire_http/* HttpError */.j$ && error.status === 401) {
        return (`${message} Nothing was created. A rotation needs a secret that works: a secret deleted in the developer portal can only be replaced there. ` +
            `Open the app in the developer portal, generate a new secret, store it where the deployed provider and ${naming.ref('client_secret')} read it, ` +
            'deploy, then rotate from there (docs/rotation.md).');
    }
    if (error instanceof wire_http/* HttpError */.j$ && error.status === 403 && settings.auth === 'basic') {
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

;// CONCATENATED MODULE: ./src/cli/rotate.ts
/**
 * `rotate` on the command line: the engine's rotation (engine/rotation/) with one destination,
 * standard output (`--print-secret`, to pipe into `gh secret set` or `glab variable update`)
 * or a new file (`--secret-file`, mode 0600). Every other line goes to stderr with
 * --print-secret; the report never holds the secret.
 */







/** The rotation's own settings: each one's flag (CLI_FLAGS holds its variable). */
const FLAG_OF = {
    retire: 'retire',
    retire_id: 'retire-id',
    dry_run: 'dry-run',
};
const variableOf = (setting) => CLI_FLAGS[FLAG_OF[setting]]?.env ?? `--${FLAG_OF[setting]}`;
/** How messages name the rotation's settings: as the user gave each, its variable if from the environment, else its flag. */
const rotationNaming = (fromEnv = new Set()) => ({
    label: (s) => (fromEnv.has(s) ? variableOf(s) : `--${FLAG_OF[s]}`),
    assign: (s, v) => (fromEnv.has(s) ? `${variableOf(s)}=${v}` : `--${FLAG_OF[s]} ${v}`),
});
/**
 * Standard output: the secret alone, a newline only for a person at a terminal (gh and glab may
 * keep one in the value). Stored once the write's callback reports no error: a pipe closed
 * (EPIPE) or a full disk is a failed hand-off, never an uncaught error.
 */
const printed = (stdout) => ({
    name: 'standard output',
    rewritable: false,
    check: async () => { },
    store: (secret) => new Promise((resolve, reject) => {
        const failed = (error) => reject(new Error(`writing it failed (${error.message})`));
        // A stream emits the error too: without a listener, Node would throw it.
        stdout.on?.('error', failed);
        stdout.write(stdout.isTTY === true ? `${secret}\n` : secret, (error) => error === null || error === undefined ? resolve() : failed(error));
    }),
});
/** A new file of mode 0600, never one that exists (created exclusively). */
const openExclusive = (where) => (0,promises_.open)(where, external_node_fs_.constants.O_WRONLY | external_node_fs_.constants.O_CREAT | external_node_fs_.constants.O_EXCL, 0o600);
/**
 * A new file, mode 0600, never one that exists (created exclusively, so not even one made since
 * the check), written, flushed to the disk and closed before the run goes on; a failed write
 * leaves no file behind.
 */
const file = (given, cwd, openNew = openExclusive) => {
    const where = external_node_path_default().resolve(cwd, given);
    return {
        name: `the file ${given}`,
        rewritable: false,
        check: async () => {
            if ((await (0,promises_.lstat)(where).catch(() => undefined)) !== undefined)
                throw new Error(`it exists, and is never written over: give a path that does not exist, or move the file away`);
            const folder = await (0,promises_.stat)(external_node_path_default().dirname(where)).catch(() => undefined);
            if (folder?.isDirectory() !== true)
                throw new Error(`its folder ${external_node_path_default().dirname(given)} does not exist`);
        },
        store: async (secret) => {
            const handle = await openNew(where);
            try {
                await handle.writeFile(secret);
                await handle.sync();
                await handle.close();
            }
            catch (error) {
                // Ours alone (created exclusively): removed, so that no part of the secret stays and no empty file stands for it.
                await handle.close().catch(() => undefined);
                await (0,promises_.unlink)(where).catch(() => undefined);
                throw new Error(`writing it failed (${error.message}); the file was removed`, { cause: error });
            }
        },
    };
};
/** The --json document of a rotation: the cli report's fields, the rotation's in `rotation`; never the secret. */
function rotationJson({ report, outputs }, messages, exitCode) {
    return {
        schema_version: 2,
        command: 'rotate',
        status: exitCode === 1 ? 'failed' : report.dryRun ? 'planned' : 'rotated',
        exit_code: exitCode,
        outputs: null,
        scopes: [],
        unlisted: [],
        providers: [],
        warnings: messages.flatMap((m) => (m.level === 'warning' ? [{ message: m.text }] : [])),
        errors: messages.flatMap((m) => (m.level === 'error' ? [{ message: m.text }] : [])),
        rotation: {
            credential_id: outputs?.credential_id ?? report.created?.id ?? null,
            retired: report.retired,
            stored: report.stored,
            may_hold: report.mayHold,
            unchanged: report.unchanged,
            restored: report.restored,
            gone: report.gone,
            credentials: report.credentials.map(({ madeByThisTool, kept, ...c }) => ({
                ...c,
                made_by_this_tool: madeByThisTool,
                kept: kept ?? null,
            })),
            left: report.left.map(({ madeByThisTool, ...c }) => ({ ...c, made_by_this_tool: madeByThisTool })),
        },
    };
}
/**
 * Why the flags cannot make a rotation, before anything is read: one place for the secret (or a
 * dry run), --json only where stdout is free, and no retirement of the secret in use or of a
 * named credential behind a pipe whose reader this tool cannot see store the new one.
 */
function refusal(values, env) {
    const print = values['print-secret'] === true;
    const file = typeof values['secret-file'] === 'string';
    if (values['dry-run'] !== true && print === file)
        return `rotate needs one place for the new secret: --print-secret (stdout) or --secret-file <path>${print ? ', not both' : ''}. Run '${options_NAME} rotate --help'.`;
    if (values.json === true && print)
        return `--json goes with --secret-file only: with --print-secret, stdout holds the new secret alone.`;
    if (typeof values.spec === 'string' && values['dry-run'] !== true)
        return "--spec goes with --dry-run only: a rotation reads no spec; its dry run holds the credentials to the spec's policy.";
    if (!print || values['dry-run'] === true)
        return undefined;
    const retire = typeof values.retire === 'string' ? values.retire : env.PROVIDER_RETIRE;
    const named = typeof values['retire-id'] === 'string' ? values['retire-id'] : env.PROVIDER_RETIRE_ID;
    const asked = [
        ...(retire?.trim() === 'now' ? [typeof values.retire === 'string' ? '--retire now' : 'PROVIDER_RETIRE=now'] : []),
        ...((named?.trim() ?? '') === ''
            ? []
            : [typeof values['retire-id'] === 'string' ? '--retire-id' : 'PROVIDER_RETIRE_ID']),
    ];
    if (asked.length === 0)
        return undefined;
    return (`${asked.join(' and ')} cannot go with --print-secret: it deletes a secret that works, and this tool cannot see whether the command reading the pipe stored the new one. ` +
        `Write the new secret to a file with --secret-file <path> (then, e.g., gh secret set PROVIDER_CLIENT_SECRET < <path>), or rotate with the rotation action (docs/rotation.md). Nothing was created.`);
}
/** The engine's settings as rotate reads them: a flag over its variable, the secret as given, the rest by default. */
function settingsReader(values, env, secret) {
    const flag = (name) => typeof values[name] === 'string' ? values[name] : undefined;
    const given = (name) => {
        const option = CLI_SETTINGS.find((s) => s.setting === name);
        return option === undefined || !reads('rotate', name)
            ? undefined
            : ((option.flag === undefined ? undefined : flag(option.flag)) ?? env[option.env]);
    };
    const fromEnv = new Set(['retire', 'retire_id'].filter((s) => flag(FLAG_OF[s]) === undefined && env[variableOf(s)] !== undefined));
    const read = (name) => {
        // The rotation's own settings as given: the engine reads them by its rules (trimmed, empty for the default).
        if (name === 'dry_run')
            return values['dry-run'] === true ? 'true' : '';
        if (name === 'retire' || name === 'retire_id')
            return flag(FLAG_OF[name]) ?? env[variableOf(name)] ?? '';
        if (name === 'client_secret')
            return secret;
        // The spec only when given: a rotation needs none (its dry run reads the policy from it).
        if (name === 'spec')
            return (given(name) ?? '').trim();
        return (given(name) ?? SETTING_DEFAULTS[name] ?? '').trim();
    };
    return { read, fromEnv };
}
async function runRotate(values, collaborators) {
    const { stdout, stderr, env } = collaborators;
    const refused = refusal(values, env);
    if (refused !== undefined)
        return (stderr.write(`${options_NAME}: ${(0,engine_text/* inert */.tJ)(refused)}\n`), 1);
    const print = values['print-secret'] === true;
    const dryRun = values['dry-run'] === true;
    const secretFromStdin = values['client-secret-stdin'] === true;
    const secret = (secretFromStdin ? await collaborators.readStdin() : (env.PROVIDER_CLIENT_SECRET ?? '')).trim();
    const { read, fromEnv } = settingsReader(values, env, secret);
    const secrets = keepSecrets(read('client_id'), secret);
    const safe = (text) => (0,engine_text/* inert */.tJ)(secrets.scrub(text));
    const seen = [];
    const show = (message, out = stderr) => {
        if (message.level === 'warning' || message.level === 'error')
            seen.push(message);
        if (message.level === 'debug' && values.debug !== true)
            return;
        const label = { info: '', debug: 'debug: ', warning: 'Warning: ', error: 'Error: ' }[message.level];
        out.write(`${label}${safe(message.text)}\n`);
    };
    const secretFile = typeof values['secret-file'] === 'string' ? values['secret-file'] : undefined;
    // Where a --spec is read, as plan reads it: inside the repository the command runs in.
    const repository = await findRepository(collaborators.cwd);
    const conclusion = await rotateSecret({
        read,
        naming: cliNaming({
            secretFromStdin,
            // A rotation reads a spec only when one is given.
            specGiven: true,
            inRepository: repository.found,
        }),
        rotationNaming: rotationNaming(fromEnv),
        secrets,
        write: (message) => show(message),
        clock: collaborators.clock,
        dispatcher: collaborators.dispatcher,
        workspace: repository.top,
        specBase: repository.here,
        destinations: dryRun
            ? []
            : [secretFile === undefined ? printed(stdout) : file(secretFile, collaborators.cwd, collaborators.openNew)],
    });
    const { exitCode } = conclusion;
    // A dry run's list is the report: stdout, for a person (--json has it in the document).
    const listTo = dryRun && values.json !== true ? stdout : stderr;
    conclusion.messages.forEach((message) => show(message, message.level === 'info' ? listTo : stderr));
    if (values.json === true) {
        stdout.write(`${(0,engine_text/* inertJson */.nl)(secrets.scrub(JSON.stringify(rotationJson(conclusion, seen, exitCode), null, 2)))}\n`);
    }
    else if (exitCode === 0 && conclusion.outputs !== undefined) {
        // The report: on stderr with --print-secret, whose stdout holds the secret alone.
        (print ? stderr : stdout).write(`${safe(`Rotated: the new credential is ${conclusion.outputs.credential_id}; retired: ${conclusion.outputs.retired.join(', ') || 'none'}.`)}\n`);
    }
    return exitCode;
}

;// CONCATENATED MODULE: ./src/cli/main.ts
/**
 * The command line's door: `plan`, `apply` and `verify` (and `preview`, `import`, `rotate`), driving the same engine as the action.
 * It reads the settings from flags and the environment, the secret from the environment or
 * stdin, shows each message on stderr as it comes (a slow service never leaves the terminal
 * silent), and puts the report on stdout: text for a person, one JSON document, or the job
 * summary's markdown (`--format`). Everything it prints or writes is scrubbed of every form of
 * the secret, and shown inert.
 */
















const SPEC = CLI_SETTINGS.find((s) => s.setting === 'spec');
const FLAGS = {
    ...Object.fromEntries(Object.entries(CLI_FLAGS).map(([flag, { type, short, multiple }]) => [
        flag,
        { type, ...(short === undefined ? {} : { short }), ...(multiple === undefined ? {} : { multiple }) },
    ])),
    version: { type: 'boolean' },
};
/**
 * The arguments as Node's parseArgs reads them, held to the options here in this command's
 * words: an unknown option gets its near miss, an option without its value or with one it
 * does not take is named as such. (parseArgs' own strict errors say neither.)
 */
function parse(argv) {
    const { values, positionals, tokens } = (0,external_node_util_.parseArgs)({
        args: [...argv],
        options: FLAGS,
        allowPositionals: true,
        strict: false,
        tokens: true,
    });
    for (const token of tokens) {
        if (token.kind !== 'option')
            continue;
        const option = FLAGS[token.name];
        if (option === undefined) {
            const near = nearestKey(token.name, Object.keys(FLAGS));
            return { problem: `unknown option ${token.rawName}${near === undefined ? '' : ` (did you mean --${near}?)`}` };
        }
        if (option.type === 'boolean' && token.value !== undefined)
            return { problem: `${token.rawName} takes no value` };
        // A following option taken as the value: almost always a value forgotten.
        if (option.type === 'string' &&
            (token.value === undefined || (!token.inlineValue && token.value.startsWith('--')))) {
            return {
                problem: `${token.rawName} needs a value, e.g. ${token.rawName} ${CLI_FLAGS[token.name]?.example ?? '<value>'}`,
            };
        }
    }
    // A flag given again (--provider-url, one provider each): its values are the setting's lines.
    const joined = Object.entries(values).map(([name, v]) => [name, Array.isArray(v) ? v.join('\n') : v]);
    return { values: Object.fromEntries(joined), positionals };
}
/** Colours only on a terminal, never with NO_COLOR set (https://no-color.org) or TERM=dumb. */
function painter(stream, env) {
    const on = stream.isTTY === true && !env.NO_COLOR && env.TERM !== 'dumb';
    const style = (format) => (text) => on ? (0,external_node_util_.styleText)(format, text, { validateStream: false }) : text;
    return {
        added: style('green'),
        changed: style('yellow'),
        removed: style('red'),
        dim: style('dim'),
        bold: style('bold'),
    };
}
/** A message about a place in a file, as compilers print one: `file:line: text` (the file named once). */
function main_located(message) {
    const location = 'location' in message ? message.location : undefined;
    if (location?.startLine === undefined)
        return message.text;
    const text = message.text.startsWith(`${location.file}: `)
        ? message.text.slice(location.file.length + 2)
        : message.text;
    return `${location.file}:${location.startLine}: ${text}`;
}
async function main(collaborators) {
    const { stdout, stderr } = collaborators;
    const fail = (text) => (stderr.write(`${options_NAME}: ${(0,engine_text/* inert */.tJ)(text)}\n`), 1);
    // Refused by name before anything else: a secret in a flag is already in `ps` and the history.
    if (collaborators.argv.some((arg) => /^--client-secret(=|$)/.test(arg))) {
        return fail(`the secret is never given as a flag (it would show in ps and in the shell history): ${SECRET_HOW}.`);
    }
    const parsed = parse(collaborators.argv);
    if ('problem' in parsed)
        return fail(`${parsed.problem}. Run '${options_NAME} --help' for the options.`);
    const { values, positionals } = parsed;
    const [verb, ...extra] = positionals;
    const command = verb;
    if (values.version === true)
        return (stdout.write(`${package_0/* version */.rE}\n`), 0);
    if (command === undefined)
        return values.help === true ? (stdout.write(overallHelp()), 0) : (stderr.write(overallHelp()), 1);
    if (!(command in COMMANDS)) {
        const near = nearestKey(command, Object.keys(COMMANDS));
        return fail(`unknown command "${command}"${near === undefined ? '' : ` (did you mean ${near}?)`}: use ${commandList()}. Run '${options_NAME} --help'.`);
    }
    if (values.help === true)
        return (stdout.write(commandHelp(command)), 0);
    if (extra.length > 0)
        return fail(`unexpected argument "${extra[0]}": options start with --. Run '${options_NAME} ${command} --help'.`);
    const misplaced = Object.keys(CLI_FLAGS).find((flag) => values[flag] !== undefined && !COMMAND_FLAGS[command].includes(flag));
    if (misplaced !== undefined) {
        return fail(`--${misplaced} is not an option of ${command}, but of ${listOf(takenBy(misplaced), 'and')}. Run '${options_NAME} ${command} --help' for the options of ${command}.`);
    }
    if (command === 'rotate')
        return runRotate(values, collaborators);
    if (command === 'preview') {
        // Loaded for preview alone: every other command starts without its renderings.
        const { prepareOut, writePreview } = await __webpack_require__.e(/* import() */ 77).then(__webpack_require__.bind(__webpack_require__, 3077));
        const out = await prepareOut(values.out, collaborators.cwd);
        if ('problem' in out)
            return fail(`${out.problem}. Run '${options_NAME} preview --help' for the options of preview.`);
        return run({ command, finish: (facts) => writePreview({ ...facts, out, io: collaborators }) }, values, collaborators);
    }
    const format = formatOf(values);
    if (typeof format !== 'string')
        return fail(`${format.problem}. Run '${options_NAME} ${command} --help' for the options of ${command}.`);
    return run({ command, format }, values, collaborators);
}
/** The settings as the command reads them: by flag, else by variable, else the default; and how each was given. */
async function readSettings(command, values, collaborators) {
    const { env } = collaborators;
    const flag = (name) => typeof values[name] === 'string' ? values[name] : undefined;
    const secretFromStdin = values['client-secret-stdin'] === true;
    // Its line break (LF or CRLF) goes with the trim every setting gets when it is read.
    const secret = secretFromStdin ? await collaborators.readStdin() : (env.PROVIDER_CLIENT_SECRET ?? '');
    // A setting the command does not read keeps its default, whatever the environment holds.
    const given = (s) => reads(command, s.setting) ? ((s.flag === undefined ? undefined : flag(s.flag)) ?? env[s.env]) : undefined;
    const settings = new Map(CLI_SETTINGS.map((s) => [s.setting, given(s) ?? SETTING_DEFAULTS[s.setting] ?? '']));
    settings.set('client_secret', secret);
    // The spec lies anywhere in the repository: a path given is read from the current
    // directory, the default from the repository's top (said from here, as messages show it).
    const repository = await findRepository(collaborators.cwd);
    const specGiven = given(SPEC) !== undefined;
    if (!specGiven)
        settings.set('spec', external_node_path_default().relative(repository.here, external_node_path_default().join(repository.top, SETTING_DEFAULTS.spec)));
    settings.set('dry_run', DRY_RUNS.includes(command) ? 'true' : 'false');
    const read = (name) => (settings.get(name) ?? '').trim();
    // Each setting the command reads, as it was given: by its flag, else by its variable.
    const givenAs = Object.fromEntries(CLI_SETTINGS.flatMap((s) => {
        if (!reads(command, s.setting))
            return [];
        if (s.flag !== undefined && flag(s.flag) !== undefined)
            return [[s.setting, 'flag']];
        return env[s.env] === undefined ? [] : [[s.setting, 'env']];
    }));
    const naming = cliNaming({ secretFromStdin, specGiven, inRepository: repository.found, given: givenAs });
    return { read, naming, repository, dotenv: flag('dotenv') };
}
/** Each message on stderr as it comes, scrubbed and inert; the warnings and errors kept for --json. */
function messageWriter(stderr, env, debug, safe) {
    const paint = painter(stderr, env);
    const seen = [];
    const write = (message) => {
        if (message.level === 'warning' || message.level === 'error')
            seen.push(message);
        if (message.level === 'debug' && !debug)
            return;
        const label = {
            info: '',
            debug: paint.dim('debug: '),
            warning: paint.changed('Warning: '),
            error: paint.removed('Error: '),
        }[message.level];
        stderr.write(`${label}${safe(main_located(message))}\n`);
    };
    return { write, seen };
}
async function run(ending, values, collaborators) {
    const { command } = ending;
    const { read, naming, repository, dotenv } = await readSettings(command, values, collaborators);
    // The run's one keeper of the secret's forms, and of the access token's once it arrives:
    // scrubbed from every line, the report and the dotenv file.
    // Of the secret as it is sent: trimmed, as every setting is read.
    const secrets = keepSecrets(read('client_id'), read('client_secret'));
    const safe = (text) => (0,engine_text/* inert */.tJ)(secrets.scrub(text));
    const { write, seen } = messageWriter(collaborators.stderr, collaborators.env, values.debug === true, safe);
    const port = {
        read,
        naming,
        workspace: repository.top,
        specBase: repository.here,
        secrets,
        write,
        clock: collaborators.clock,
        dispatcher: collaborators.dispatcher,
        check: dotenv === undefined ? undefined : dotenvProblems,
    };
    if (command === 'import')
        return runImport({ port, values, seen, stdout: collaborators.stdout, show: safe });
    const conclusion = await (command === 'verify' ? verifyProvider(port) : ensureProviderScope(port));
    conclusion.messages.forEach(write);
    // A dry run exits 2 exactly when its `changes` output is true: an apply would change the registration.
    let exitCode = conclusion.exitCode === 1 ? 1 : DRY_RUNS.includes(command) && conclusion.plan?.changes === true ? 2 : 0;
    const { outputs, plan, settings } = conclusion;
    // From the repository's top, wherever the command runs: the markers stay the same.
    const spec = external_node_path_default().relative(repository.top, external_node_path_default().resolve(repository.here, settings.spec)).split((external_node_path_default()).sep).join('/');
    if (ending.command === 'preview')
        return ending.finish({ conclusion, exitCode, spec, naming, secrets, write });
    if (dotenv !== undefined && outputs !== undefined && plan !== undefined && exitCode !== 1) {
        const written = await writeDotenv(dotenv, { outputs, plan }, secrets.scrub, collaborators.writeFile);
        if (written !== undefined) {
            write(written);
            exitCode = 1;
        }
    }
    // Its warnings are the run's (in --json's too); the exit code stays the run's.
    if (notes(ending.command, values, collaborators.env, write)) {
        // Loaded only then: every other run starts without it.
        const { noteOnMergeRequest } = await __webpack_require__.e(/* import() */ 372).then(__webpack_require__.bind(__webpack_require__, 4372));
        await noteOnMergeRequest({
            conclusion,
            env: collaborators.env,
            clientId: settings.clientId,
            spec,
            timeoutSeconds: settings.timeoutSeconds,
            secrets,
            write,
            words: naming,
            clock: collaborators.clock,
            dispatcher: collaborators.dispatcher,
        });
    }
    const { format } = ending;
    writeReport({ command: ending.command, format, conclusion, seen, exitCode, naming, secrets, collaborators });
    return exitCode;
}
/** --dotenv: the outputs written to the file named; what kept them from it, as an error. */
async function writeDotenv(file, { outputs, plan }, scrub, writeFile) {
    try {
        await writeFile(file, scrub(dotenvOf(outputs, plan.telling)));
        return undefined;
    }
    catch (error) {
        return {
            level: 'error',
            text: error instanceof errors/* ActionError */.l
                ? error.message
                : `--dotenv: ${file} could not be written (${error.code ?? String(error)}).`,
        };
    }
}
/** Whether the run is noted on its merge request: --gitlab-note, or PROVIDER_GITLAB_NOTE=true (another value, a warning). */
function notes(command, values, env, write) {
    const noteVariable = COMMAND_FLAGS[command].includes('gitlab-note')
        ? (env.PROVIDER_GITLAB_NOTE?.trim().toLowerCase() ?? '')
        : '';
    if (values['gitlab-note'] !== true && !['', 'true', 'false'].includes(noteVariable))
        write({
            level: 'warning',
            text: 'PROVIDER_GITLAB_NOTE must be true or false: no note. Set it to true (or give --gitlab-note) for the note on the merge request.',
        });
    return values['gitlab-note'] === true || noteVariable === 'true';
}
/** The report on stdout, in the format asked: one JSON document, the job summary's markdown, or text for a person. */
function writeReport({ command, format, conclusion, seen, exitCode, naming, secrets, collaborators: { stdout, env }, }) {
    if (format === 'json') {
        // What JSON leaves as it is (DEL, C1, the invisible characters) is escaped too: the document may reach a terminal.
        const json = JSON.stringify(jsonReport(command, conclusion, [...seen], exitCode), null, 2);
        stdout.write(`${(0,engine_text/* inertJson */.nl)(secrets.scrub(json))}\n`);
    }
    else if (format === 'markdown') {
        // The job summary's report, each value scrubbed and escaped as it is built; scrubbed again whole, as the action does.
        // It may be posted anywhere: each value outside code is made inert on GitHub and GitLab both (render/defuse.ts).
        const markdown = (0,summary/* buildSummary */.fR)(conclusion, {
            ranFor: `the command line (${command})`,
            scrub: secrets.scrub,
            prose: defuse/* defuseForBoth */.N_,
            assign: naming.assign,
        });
        stdout.write(secrets.scrub(markdown));
    }
    else {
        const lines = humanReport(conclusion, {
            paint: painter(stdout, env),
            show: (text) => (0,engine_text/* inert */.tJ)(secrets.scrub(text)),
        });
        if (lines.length > 0)
            stdout.write(`${lines.join('\n')}\n`);
    }
}


/***/ }),

/***/ 8122:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   B$: () => (/* binding */ scopeWithSuffixOf),
/* harmony export */   CY: () => (/* binding */ isDependentList),
/* harmony export */   Ed: () => (/* binding */ compareScope),
/* harmony export */   OT: () => (/* binding */ valueEntries),
/* harmony export */   Qc: () => (/* binding */ CONSENT_NOTE),
/* harmony export */   Qm: () => (/* binding */ dependentViews),
/* harmony export */   Ru: () => (/* binding */ valueText),
/* harmony export */   ZP: () => (/* binding */ describeDrift),
/* harmony export */   jT: () => (/* binding */ suffixOf),
/* harmony export */   zC: () => (/* binding */ asksConsent)
/* harmony export */ });
/* harmony import */ var _wire_uuid_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4458);

// A sibling that a dry run only plans is named by its scope string until it has an id (dependents.ts).
const view = (d, names) => ({
    scope_string: (0,_wire_uuid_js__WEBPACK_IMPORTED_MODULE_0__/* .isUuid */ .O)(d.scope) ? (names.get(d.scope.toLowerCase()) ?? null) : d.scope,
    scope: (0,_wire_uuid_js__WEBPACK_IMPORTED_MODULE_0__/* .isUuid */ .O)(d.scope) ? d.scope : null,
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
const suffixOf = (scopeString) => scopeString.slice(scopeString.lastIndexOf('/') + 1);
/** The client's scope with the suffix of `own`, its scope string: that string's scope first, else an FQDN variant's. */
const scopeWithSuffixOf = (scopes, own) => scopes.find((s) => s.scope_string === own) ?? scopes.find((s) => suffixOf(s.scope_string) === suffixOf(own));
/**
 * Compares the spec, with every dependent scope resolved to its UUID, with a scope as the
 * service describes it. Fields the service did not report are left out, not guessed.
 * `names` gives the dependent scopes' strings the run knows, for the doors to show.
 */
function compareScope(definition, scope, names = new Map()) {
    const pairs = [
        ['name', definition.name, scope.name],
        ['description', definition.description, scope.description],
        ['scope_suffix', definition.scope_suffix, suffixOf(scope.scope_string)],
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


/***/ }),

/***/ 1655:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   eu: () => (/* binding */ literal),
/* harmony export */   nl: () => (/* binding */ inertJson),
/* harmony export */   tJ: () => (/* binding */ inert)
/* harmony export */ });
/* unused harmony exports MAX_MESSAGE, clip, oneLine */
/* harmony import */ var _wire_characters_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5621);
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
const inert = (text) => text.replace(_wire_characters_js__WEBPACK_IMPORTED_MODULE_0__/* .INVISIBLE */ .kH, _wire_characters_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeOf */ .FP);
/** A JSON text for a terminal: JSON already escapes C0 controls inside strings; the others too, as JSON escapes. */
const inertJson = (json) => json.replace(_wire_characters_js__WEBPACK_IMPORTED_MODULE_0__/* .INVISIBLE_BEYOND_JSON */ .hQ, _wire_characters_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeOf */ .FP);
/**
 * A value as code shows it: its exact text, but a line break as `\n` (`\r` as `\r`) and every
 * other unsafe or invisible character as its escape (inert). Nothing else is added or taken
 * away; a JSON text stays one that parses to the same value (the escapes are JSON's).
 */
const literal = (text) => inert(text.replace(/\r/g, '\\r').replace(/\n/g, '\\n'));
/** Whether a text holds a character a terminal or a line-based file would obey. */



/***/ }),

/***/ 9284:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   I2: () => (/* binding */ defuseProseForGitLab),
/* harmony export */   N_: () => (/* binding */ defuseForBoth),
/* harmony export */   VP: () => (/* binding */ defuse),
/* harmony export */   vr: () => (/* binding */ defuseForGitLab)
/* harmony export */ });
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


/***/ }),

/***/ 4566:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   G: () => (/* binding */ outputStrings),
/* harmony export */   X: () => (/* binding */ namedOutputStrings)
/* harmony export */ });
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


/***/ }),

/***/ 9311:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FV: () => (/* binding */ escapeMarkdown),
/* harmony export */   Ks: () => (/* binding */ sectionsOf),
/* harmony export */   MT: () => (/* binding */ verdictLine),
/* harmony export */   PL: () => (/* binding */ scopeStatus),
/* harmony export */   TM: () => (/* binding */ folded),
/* harmony export */   Yg: () => (/* binding */ escapePunctuation),
/* harmony export */   fR: () => (/* binding */ buildSummary),
/* harmony export */   fl: () => (/* binding */ codeMarkdown),
/* harmony export */   rz: () => (/* binding */ verdictLines)
/* harmony export */ });
/* unused harmony export writerOf */
/* harmony import */ var _engine_index_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8122);
/* harmony import */ var _engine_text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1655);
/* harmony import */ var _outputs_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4566);
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
const escapePunctuation = (text) => text.replace(/[\\`*_[\]()<>!&|:@~]/g, '\\$&').replace(/(www)\./gi, '$1\\.');
/**
 * Text from the spec or a server, rendered as the text it is, inside a table cell or after a
 * list marker: line breaks become spaces, every unsafe or invisible character shows as its
 * escape (engine/text.ts' inert), then `defuse` makes it inert where it is posted (defuse.ts:
 * its word joiners come after the escapes, and so are never escaped themselves), then the
 * markdown's punctuation is escaped.
 */
const escapeMarkdown = (text, defuse = (t) => t) => escapePunctuation(defuse((0,_engine_text_js__WEBPACK_IMPORTED_MODULE_0__/* .inert */ .tJ)(text.replace(/\r\n|\r|\n/g, ' '))));
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
const codeMarkdown = (text) => `<code>${escapePunctuation((0,_engine_text_js__WEBPACK_IMPORTED_MODULE_0__/* .literal */ .eu)(text))}</code>`;
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
        value: (v) => ((0,_engine_index_js__WEBPACK_IMPORTED_MODULE_1__/* .isDependentList */ .CY)(v) ? (0,_engine_index_js__WEBPACK_IMPORTED_MODULE_1__/* .valueEntries */ .OT)(v).map(code).join('<br>') : code((0,_engine_index_js__WEBPACK_IMPORTED_MODULE_1__/* .valueText */ .Ru)(v))),
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
        ...fields.map((f) => `| ${f.field} | ${value(f.before)} | ${value(f.after)} |`), '', ...(consent.length === 0 ? [] : [`**Consent** (${consent.join(', ')}): ${escapeMarkdown(_engine_index_js__WEBPACK_IMPORTED_MODULE_1__/* .CONSENT_NOTE */ .Qc)}.`, '']));
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
    const named = (0,_outputs_js__WEBPACK_IMPORTED_MODULE_2__/* .namedOutputStrings */ .X)(outputs);
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


/***/ }),

/***/ 3508:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Au: () => (/* binding */ describeAnswerProblems),
/* harmony export */   Kz: () => (/* binding */ unsafeCharacter)
/* harmony export */ });
/* unused harmony exports MAX_QUOTED, escapeText */
/* harmony import */ var _characters_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5621);

/** The most characters of one value a message quotes. */
const MAX_QUOTED = 120;
const LINE_BREAK = /[\r\n\u2028\u2029]/;
/** A text as JSON writes it between quotes (so a secret's JSON-escaped form still matches), with every other unsafe character as `\uXXXX` too. */
const escapeText = (text) => JSON.stringify(text).slice(1, -1).replace(_characters_js__WEBPACK_IMPORTED_MODULE_0__/* .BEYOND_JSON */ .rF, _characters_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeOf */ .FP);
/** What makes a text unfit for one line of a log: its first line break, or else its first unsafe character. */
function unsafeCharacter(text) {
    if (LINE_BREAK.test(text))
        return 'contains a line break';
    const control = [...text].find(_characters_js__WEBPACK_IMPORTED_MODULE_0__/* .hasUnsafe */ .B0);
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


/***/ }),

/***/ 4024:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   H: () => (/* binding */ requestLimitMs),
/* harmony export */   y: () => (/* binding */ createBudget)
/* harmony export */ });
/* harmony import */ var _retry_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3851);

/** How many request limits the whole run may take: reads, creation, verification, provider check. */
const REQUEST_LIMITS_PER_RUN = 3;
function createBudget(timeoutSeconds, { clock = _retry_js__WEBPACK_IMPORTED_MODULE_0__/* .systemClock */ .ml, policy = _retry_js__WEBPACK_IMPORTED_MODULE_0__/* .DEFAULT_RETRY_POLICY */ .cO, signal = new AbortController().signal, } = {}) {
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


/***/ }),

/***/ 5621:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   B0: () => (/* binding */ hasUnsafe),
/* harmony export */   FP: () => (/* binding */ escapeOf),
/* harmony export */   hQ: () => (/* binding */ INVISIBLE_BEYOND_JSON),
/* harmony export */   kH: () => (/* binding */ INVISIBLE),
/* harmony export */   rF: () => (/* binding */ BEYOND_JSON)
/* harmony export */ });
/* unused harmony export UNSAFE */
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
const INVISIBLE_BEYOND_JSON = new RegExp(`[${BEYOND_JSON_SOURCE}${FORMAT}]`, 'gu');
/** Whether a text holds an unsafe character (a fresh regex: no lastIndex carried between calls). */
const hasUnsafe = (text) => new RegExp(UNSAFE.source).test(text);
/**
 * A character as the escape a reader sees instead, as JSON writes it: `\u001b`; one beyond
 * U+FFFF as its two UTF-16 units, `\udb40\udc01`, which a JSON string reads back as the character.
 */
const escapeOf = (char) => char
    .split('')
    .map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .join('');


/***/ }),

/***/ 4934:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   l: () => (/* binding */ ActionError)
/* harmony export */ });
/**
 * An error the user can act on: its message says what happened and what to do. Anything else
 * that reaches a door is reported as unexpected.
 */
class ActionError extends Error {
    name = 'ActionError';
}


/***/ }),

/***/ 97:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   RH: () => (/* binding */ createJsonHttp),
/* harmony export */   j$: () => (/* binding */ HttpError)
/* harmony export */ });
/* unused harmony exports MAX_RESPONSE_BYTES, withHttpRetries, USER_AGENT, sentence, explainError */
/* harmony import */ var _transport_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(5071);
/* harmony import */ var _budget_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(4024);
/* harmony import */ var _answer_problems_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3508);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4934);
/* harmony import */ var _log_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5499);
/* harmony import */ var _package_json__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8330);
/* harmony import */ var _retry_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3851);
/* harmony import */ var _words_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(9824);








/** Answers are a few kilobytes; a body far larger than this is refused, not buffered. */
const MAX_RESPONSE_BYTES = 1024 * 1024;
/** A request that failed; `transient` when trying again may succeed. */
class HttpError extends _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ActionError */ .l {
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
const withHttpRetries = (attempt, budget, log = _log_js__WEBPACK_IMPORTED_MODULE_1__/* .silentLog */ .a) => (0,_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .withRetries */ .LH)(attempt, (error) => error instanceof HttpError
    ? { retryable: error.transient, retryAfterMs: error.retryAfterMs }
    : { retryable: false }, budget, 
// Final once given up on: the message says how far it got.
(error, reason) => (error instanceof HttpError ? new HttpError(`${error.message} (${reason})`) : error), (error, tried, waitMs) => log.info(`${sentence(error.message)} Attempt ${tried} of ${budget.policy.attempts} failed; trying again in ${(0,_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .formatPause */ .yo)(waitMs)}.`));
/** Sent with every request, so that a service's operators can tell this action's calls apart. */
const USER_AGENT = `ensure-provider-scope/${_package_json__WEBPACK_IMPORTED_MODULE_3__/* .version */ .rE}`;
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
        const retryAfterMs = (0,_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .parseRetryAfter */ .mu)(typeof retryAfter === 'string' ? retryAfter : undefined, budget.clock.now());
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
        const problems = (0,_answer_problems_js__WEBPACK_IMPORTED_MODULE_4__/* .describeAnswerProblems */ .Au)(parsed.error.issues, json, scrub);
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
    const { budget, urlSetting, words = _words_js__WEBPACK_IMPORTED_MODULE_5__/* .PLAIN_WORDS */ .t4, log = _log_js__WEBPACK_IMPORTED_MODULE_1__/* .silentLog */ .a, maxResponseBytes = MAX_RESPONSE_BYTES } = options;
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
                signal: AbortSignal.any([AbortSignal.timeout((0,_budget_js__WEBPACK_IMPORTED_MODULE_6__/* .requestLimitMs */ .H)(budget)), budget.signal]),
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
        (0,_transport_js__WEBPACK_IMPORTED_MODULE_7__/* .closeAhead */ .gN)();
    });
    const open = () => {
        const lane = { transport: (0,_transport_js__WEBPACK_IMPORTED_MODULE_7__/* .openTransport */ .g2)(), busy: 0 };
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


/***/ }),

/***/ 5499:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   a: () => (/* binding */ silentLog)
/* harmony export */ });
const silentLog = { info: () => { }, debug: () => { }, warning: () => { } };


/***/ }),

/***/ 3851:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   LH: () => (/* binding */ withRetries),
/* harmony export */   cO: () => (/* binding */ DEFAULT_RETRY_POLICY),
/* harmony export */   e$: () => (/* binding */ nextPause),
/* harmony export */   ml: () => (/* binding */ systemClock),
/* harmony export */   mu: () => (/* binding */ parseRetryAfter),
/* harmony export */   yo: () => (/* binding */ formatPause)
/* harmony export */ });
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


/***/ }),

/***/ 4458:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   O: () => (/* binding */ isUuid),
/* harmony export */   l: () => (/* binding */ uuidSchema)
/* harmony export */ });
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8395);

// The service's identifiers are UUIDs of any version: z.guid() accepts them all,
// where z.uuid() would reject an identifier of an unusual variant.
const uuidSchema = zod_mini__WEBPACK_IMPORTED_MODULE_0__/* .guid */ .OsD().brand();
const isUuid = (value) => uuidSchema.safeParse(value).success;


/***/ }),

/***/ 9824:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   dz: () => (/* binding */ replaceSecret),
/* harmony export */   oZ: () => (/* binding */ lowerFirst),
/* harmony export */   t4: () => (/* binding */ PLAIN_WORDS)
/* harmony export */ });
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


/***/ })

};
