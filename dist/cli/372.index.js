export const id = 372;
export const ids = [372];
export const modules = {

/***/ 4624:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   N: () => (/* binding */ renderNote)
/* harmony export */ });
/* harmony import */ var _render_comment_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8141);

/** The note's marker and its body. */
function renderNote({ conclusion, clientId, spec, ranFor, jobUrl, scrub, assign }) {
    const marker = (0,_render_comment_js__WEBPACK_IMPORTED_MODULE_0__/* .commentMarker */ .Ql)(clientId, spec);
    return {
        marker,
        body: (0,_render_comment_js__WEBPACK_IMPORTED_MODULE_0__/* .renderComment */ .wQ)({ conclusion, marker, ranFor, runUrl: jobUrl, spec, scrub, target: _render_comment_js__WEBPACK_IMPORTED_MODULE_0__/* .GITLAB_NOTE */ .Nr, assign }),
    };
}


/***/ }),

/***/ 4372:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  noteOnMergeRequest: () => (/* binding */ noteOnMergeRequest)
});

// UNUSED EXPORTS: apiUrlProblem, nextPage, noteFailure

// EXTERNAL MODULE: ./node_modules/zod/v4/mini/schemas.js + 5 modules
var schemas = __webpack_require__(8395);
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

// EXTERNAL MODULE: ./src/gitlab/note-body.ts
var note_body = __webpack_require__(4624);
// EXTERNAL MODULE: ./src/wire/budget.ts
var budget = __webpack_require__(4024);
// EXTERNAL MODULE: ./src/wire/http.ts
var wire_http = __webpack_require__(97);
;// CONCATENATED MODULE: ./src/gitlab/note.ts





/** A page of notes is far larger than the service's answers: up to 100 notes of up to a million characters. */
const MAX_PAGE_BYTES = 64 * 1024 * 1024;
const PER_PAGE = 100;
/** A guard against a server whose pages never end. */
const MAX_PAGES = 1000;
const User = schemas/* object */.Ikc({ id: schemas/* number */.aig(), username: schemas/* string */.YjP() });
const Note = schemas/* object */.Ikc({
    id: schemas/* number */.aig(),
    body: schemas/* nullish */.cl6(schemas/* string */.YjP()),
    system: schemas/* optional */.lqM(schemas/* boolean */.zMY()),
    author: schemas/* nullish */.cl6(schemas/* object */.Ikc({ id: schemas/* number */.aig() })),
});
const Notes = schemas/* array */.YOg(Note);
/** What the warning starts with, wherever the note failed. */
const HEAD = 'The plan was not noted on the merge request (the job log has everything):';
const TOKEN_HOW = 'Set GITLAB_TOKEN (a masked variable) to a token with the api scope whose user may comment on the merge request: a project or group access token, or the personal token of a bot account. CI_JOB_TOKEN cannot write notes';
/** Whether an address may carry the token: https, or http to this machine alone. */
function apiUrlProblem(value) {
    const url = URL.parse(value);
    if (url === null || !['https:', 'http:'].includes(url.protocol))
        return `CI_API_V4_URL is not an address (${JSON.stringify(value)})`;
    const loopback = ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname);
    if (url.protocol === 'http:' && !loopback) {
        return `CI_API_V4_URL (${url.origin}) is not https, and the token is never sent in the clear: give GitLab's https address (http only to 127.0.0.1, ::1 or localhost)`;
    }
    return undefined;
}
/** Notes the run on its merge request, if the job runs for one. Never throws. */
async function noteOnMergeRequest(run) {
    const { env, write } = run;
    const iid = env.CI_MERGE_REQUEST_IID?.trim() ?? '';
    if (iid === '') {
        return write({
            level: 'info',
            text: '--gitlab-note: no merge request (CI_MERGE_REQUEST_IID is not set): no note. It is set in merge request pipelines only.',
        });
    }
    const token = env.GITLAB_TOKEN?.trim() ?? '';
    if (token === '')
        return write({ level: 'warning', text: `${HEAD} GITLAB_TOKEN is empty. ${TOKEN_HOW}.` });
    // Scrubbed from everything written from here on, as the secret is.
    run.secrets.learn(token);
    const api = env.CI_API_V4_URL?.trim() ?? '';
    const project = env.CI_PROJECT_ID?.trim() ?? '';
    const missing = [
        ['CI_API_V4_URL', api],
        ['CI_PROJECT_ID', project],
    ].flatMap(([name, value]) => (value === '' ? [name] : []));
    if (missing.length > 0)
        return write({
            level: 'warning',
            text: `${HEAD} ${missing.join(' and ')} not set: run the command in a GitLab CI job, which sets them.`,
        });
    const refused = apiUrlProblem(api);
    if (refused !== undefined)
        return write({ level: 'warning', text: `${HEAD} ${refused}.` });
    const stop = new AbortController();
    const http = (0,wire_http/* createJsonHttp */.RH)({
        budget: (0,budget/* createBudget */.y)(run.timeoutSeconds, { clock: run.clock, signal: stop.signal }),
        urlSetting: { variable: 'CI_API_V4_URL' },
        speaker: 'GitLab',
        words: run.words,
        headers: { 'private-token': token },
        scrub: run.secrets.scrub,
        dispatcher: run.dispatcher,
        maxResponseBytes: MAX_PAGE_BYTES,
        log: {
            info: (text) => write({ level: 'info', text }),
            debug: (text) => write({ level: 'debug', text }),
            warning: (text) => write({ level: 'warning', text }),
        },
    });
    try {
        await warnOnFailure(write, noteFailure, () => note(run, http, api.replace(/\/+$/, ''), project, iid));
    }
    finally {
        // Every connection the note opened is closed: the command exits at once.
        stop.abort();
    }
}
async function note({ conclusion, env, clientId, spec, secrets, write, words }, http, api, project, iid) {
    const notes = `${api}/projects/${encodeURIComponent(project)}/merge_requests/${encodeURIComponent(iid)}/notes`;
    const { marker, body } = (0,note_body/* renderNote */.N)({
        conclusion,
        clientId,
        spec,
        ranFor: `${env.CI_PIPELINE_SOURCE || 'merge_request_event'} on ${env.CI_COMMIT_REF_NAME || `merge request ${iid}`}`,
        jobUrl: env.CI_JOB_URL ?? '',
        scrub: secrets.scrub,
        assign: words.assign,
    });
    const user = await http.retried("GitLab's GET /user", User, 'GET', `${api}/user`);
    // Never a system note, never anyone else's, even one that copies the marker.
    const find = () => findOwn(readNotePages(http, api, notes), (n) => n.system !== true && n.author?.id === user.id && n.body?.includes(marker) === true);
    const where = (id) => env.CI_PROJECT_URL ? `${env.CI_PROJECT_URL}/-/merge_requests/${iid}#note_${id}` : `note ${id}`;
    const { post, created } = await keepOwn({
        find,
        update: (own) => http.retried("GitLab's PUT of the note", Note, 'PUT', `${notes}/${own.id}`, { body: { body } }),
        // Its answer lost, the note may be there all the same: looked up again, never posted twice.
        create: () => createOnce(() => http.send("GitLab's POST of the note", Note, 'POST', notes, { body: { body } }), find, (error) => (error instanceof wire_http/* HttpError */.j$ ? error.status : undefined)),
    });
    write({
        level: 'info',
        text: `The note on merge request !${iid} is ${created ? 'created' : 'updated'}: ${where(post.id)}`,
    });
}
/**
 * The merge request's notes, page by page, oldest first, as long as they are read. Pages follow
 * X-Next-Page, or the Link header's next (keyset pagination sends only that), on the API's origin alone.
 */
async function* readNotePages(http, api, notes) {
    const origin = new URL(api).origin;
    let url = `${notes}?per_page=${PER_PAGE}&sort=asc&order_by=created_at`;
    const seen = new Set();
    for (let page = 1; url !== undefined && page <= MAX_PAGES; page++) {
        if (seen.has(url))
            break;
        seen.add(url);
        const { data, headers } = await http.retriedWithHeaders(`GitLab's GET of the merge request's notes (page ${page})`, Notes, 'GET', url);
        yield data;
        url = nextPage(url, headers, origin);
    }
}
/** The next page's address: X-Next-Page (a number, empty on the last), else Link's rel="next" on the API's origin. */
function nextPage(url, headers, origin) {
    const next = headerOf(headers, 'x-next-page');
    if (next !== undefined && /^\d+$/.test(next.trim())) {
        const target = new URL(url);
        target.searchParams.set('page', next.trim());
        return target.href;
    }
    const link = /<([^>]+)>\s*;\s*rel="?next"?/.exec(headerOf(headers, 'link') ?? '')?.[1];
    if (link === undefined)
        return undefined;
    const target = URL.parse(link, url);
    // The token goes to the API's origin and nowhere else.
    return target?.origin === origin ? target.href : undefined;
}
const headerOf = (headers, name) => {
    const value = headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
};
/** The one warning a failed note gives: what happened and what to do. */
function noteFailure(error) {
    const what = error instanceof Error ? error.message : String(error);
    const status = error instanceof wire_http/* HttpError */.j$ ? error.status : undefined;
    const fix = status === 401
        ? ' Check GITLAB_TOKEN: GitLab does not know it (expired, revoked, or of another instance).'
        : status === 403
            ? " Give GITLAB_TOKEN the api scope (read_api cannot write), and its user a role that may comment on the project's merge requests (Reporter or more on a private project)."
            : status === 404
                ? ' Check that the merge request exists and that the user of GITLAB_TOKEN is a member of the project (CI_PROJECT_ID) who can see it.'
                : '';
    return `${HEAD} ${what.replace(/\.?$/, '.')}${fix}`;
}


/***/ }),

/***/ 8141:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Jj: () => (/* binding */ cut),
/* harmony export */   Nr: () => (/* binding */ GITLAB_NOTE),
/* harmony export */   Ql: () => (/* binding */ commentMarker),
/* harmony export */   W$: () => (/* binding */ COMMENT_LIMIT),
/* harmony export */   wQ: () => (/* binding */ renderComment)
/* harmony export */ });
/* unused harmony exports GITHUB_COMMENT, NOTE_LIMIT */
/* harmony import */ var _defuse_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9284);
/* harmony import */ var _summary_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9311);


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
    defuse: _defuse_js__WEBPACK_IMPORTED_MODULE_0__/* .defuse */ .VP,
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
    defuse: _defuse_js__WEBPACK_IMPORTED_MODULE_0__/* .defuseForGitLab */ .vr,
    prose: _defuse_js__WEBPACK_IMPORTED_MODULE_0__/* .defuseProseForGitLab */ .I2,
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
    const listed = plan === undefined ? [] : (0,_summary_js__WEBPACK_IMPORTED_MODULE_1__/* .sectionsOf */ .Ks)(plan);
    // A spec that lists scopes: those whose section is cut off are named after it, with what the run does to them.
    const tailOf = (left) => {
        const named = cut(left.map((s) => `${s.suffix} (${(0,_summary_js__WEBPACK_IMPORTED_MODULE_1__/* .scopeStatus */ .PL)(s, plan?.dryRun === true)})`).join(', '), 2_000, target.whole);
        const more = left.length === 0
            ? ''
            : ` Its ${left.length} last scope(s), there: ${(0,_summary_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeMarkdown */ .FV)(facts.scrub(named), outsideCode(target))}.`;
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
    const heading = (suffix) => `\n#### ${(0,_summary_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeMarkdown */ .FV)(cut(facts.scrub(suffix), VALUE_LIMITS.at(-1), target.whole), outsideCode(target))}: `;
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
        (0,_summary_js__WEBPACK_IMPORTED_MODULE_1__/* .buildSummary */ .fR)(conclusion, {
            ranFor,
            scrub: value,
            prose: outsideCode(target),
            assign,
            rows: { limit: rows, more: `${(0,_summary_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeMarkdown */ .FV)(target.whole)} has them all` },
        }),
        footerOf(facts, target, wasCut),
    ].join('\n');
}
function footerOf({ runUrl, spec }, target, wasCut) {
    const note = wasCut
        ? ` Some values were cut to keep this ${target.noun} within ${target.host}'s limit: ${target.wholeShort} has them whole.`
        : '';
    return `---\n<sub>Spec file ${(0,_summary_js__WEBPACK_IMPORTED_MODULE_1__/* .codeMarkdown */ .fl)(spec)}. ${target.linked(runUrl)}${note}</sub>\n`;
}


/***/ })

};
