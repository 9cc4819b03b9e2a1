export const id = 441;
export const ids = [441];
export const modules = {

/***/ 7441:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  noteOnMergeRequest: () => (/* binding */ noteOnMergeRequest)
});

// UNUSED EXPORTS: apiUrlProblem, nextPage, noteFailure

// EXTERNAL MODULE: ./node_modules/zod/v4/mini/schemas.js + 5 modules
var schemas = __webpack_require__(8395);
// EXTERNAL MODULE: ./src/engine/drift.ts
var drift = __webpack_require__(2357);
// EXTERNAL MODULE: ./src/engine/text.ts
var engine_text = __webpack_require__(1655);
;// CONCATENATED MODULE: ./src/markdown/summary.ts


/**
 * Text from the spec or a server, rendered as the text it is, inside a table cell or after a
 * list marker: each character that could start a link, an image, emphasis, code, HTML, an
 * entity, an autolink (`:` of a scheme, `@` of an address) or a table cell is backslash-escaped
 * (CommonMark allows it for any punctuation); line breaks become spaces, and any other unsafe
 * character (wire/characters.ts) shows as its escape.
 */
const escapeMarkdown = (text) => (0,engine_text/* inert */.tJ)(text.replace(/\r\n|\r|\n/g, ' ').replace(/[\\`*_[\]()<>!&|:@~]/g, '\\$&'));
function headline({ action }, dryRun) {
    if (dryRun && action !== 'none')
        return `Dry run: the provider scope would be ${action}d`;
    return `${dryRun ? 'Dry run: provider scope' : 'Provider scope'} ${action === 'none' ? 'already registered' : `${action}d`}`;
}
/** The list form's headline: how many listed scopes there are, and what becomes of them. */
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
 * The run's report in markdown, for the job summary and the pull request's comment: the plan
 * (every field of a creation, each changed field before and after, the spec against the
 * service, for each scope of the spec), or every problem of a failed validation, or what a
 * failed run knew; then the run's warnings and errors, and its outputs.
 */
function buildSummary(conclusion, { ranFor, scrub = (text) => text, prose = (text) => text }) {
    const cell = (text) => escapeMarkdown(prose(scrub(text)));
    const code = (text) => `<code>${escapeMarkdown(scrub(text))}</code>`;
    // A list of dependent scopes one entry a line (each its string and id), any other value whole.
    const value = (v) => ((0,drift/* isDependentList */.CY)(v) ? (0,drift/* valueEntries */.OT)(v).map(code).join('<br>') : code((0,drift/* valueText */.Ru)(v)));
    const table = (rows) => ['| | |', '|---|---|', ...rows.map(([key, v]) => `| ${key} | ${v} |`), ''];
    const { plan, problems, known, messages, outputs } = conclusion;
    const lines = [];
    /** A scope's rows in a table, and its creation, update and comparison under headings of `level`. */
    const scopeRows = ({ scope, action }, dryRun) => [
        ['Scope string', code(scope.scope_string)],
        ['Scope id', scope.id === null ? 'none yet' : code(scope.id)],
        ['Created by this run', action !== 'create' ? 'no, it already existed' : dryRun ? 'no: dry run, nothing was created' : 'yes'],
    ];
    const scopeTables = ({ action, fields, comparison }, dryRun, level) => {
        const out = [];
        if (action === 'create') {
            out.push(`${level} ${dryRun ? 'The scope a run would create' : 'Created by this run'}`, '', '| Field | Value |', '|---|---|', ...fields.map((f) => `| ${f.field} | ${value(f.after)} |`), '');
        }
        if (action === 'update') {
            out.push(`${level} ${dryRun ? 'The update a run would make' : 'Updated by this run'}`, '', `| Field | Before | ${dryRun ? 'Would become' : 'After'} | |`, '|---|---|---|---|', 
            // An update's fields all have a value before (only a creation's have none).
            ...fields.map((f) => `| ${f.field} | ${value(f.before)} | ${value(f.after)} | ${f.consent ? cell(drift/* CONSENT_NOTE */.Qc) : ''} |`), '');
        }
        if (comparison.length > 0) {
            out.push(`${level} The spec and the service`, '', '| Field | Spec | Service | Status |', '|---|---|---|---|', ...comparison.map((c) => `| ${c.field} | ${value(c.spec)} | ${value(c.service)} | ${c.same ? 'same' : '**differs**'} |`), '');
        }
        return out;
    };
    if (plan !== undefined) {
        const { client, provider, dryRun } = plan;
        const single = plan.form === 'single';
        const rows = [
            ['Client', `${client.name === undefined ? '' : `${cell(client.name)} `}${code(client.id)}`],
            ...(single ? scopeRows(plan.scopes[0], dryRun) : []),
            ['All scope strings', plan.scopeStrings.map(code).join('<br>')],
            ...(single ? [] : [['Not in the spec (left as they are)', plan.unlisted.length === 0 ? 'none' : plan.unlisted.map(code).join('<br>')]]),
            ['Ran for', cell(ranFor)],
        ];
        if (provider !== undefined) {
            const published = provider.published === undefined ? 'no scope' : `${code(provider.published)} as ${code(provider.key ?? '')}`;
            rows.push(['Provider publishes', `${published} ${provider.matches ? '(matches)' : `(**not ${cell(provider.allowed)}**)`}`]);
        }
        lines.push(`### ${single ? headline(plan.scopes[0], dryRun) : listHeadline(plan)}`, '', ...table(rows));
        if (single)
            lines.push(...scopeTables(plan.scopes[0], dryRun, '####'));
        for (const scope of single ? [] : plan.scopes) {
            const drift = scope.comparison.some((c) => !c.same) ? ', differs from the spec' : '';
            lines.push(`#### ${cell(scope.suffix)}: ${scopeStatus(scope, dryRun)}${drift}`, '', ...table(scopeRows(scope, dryRun)), ...scopeTables(scope, dryRun, '#####'));
        }
    }
    else if (problems !== undefined) {
        const items = problems.map((p) => `- ${p.location?.startLine === undefined ? '' : `line ${p.location.startLine}: `}${cell(p.message)}`);
        lines.push('### Provider scope: nothing was done', '', `The inputs or the spec have ${items.length} problem(s):`, '', ...items, '');
    }
    else {
        lines.push('### Provider scope: the run failed', '');
        if (known !== undefined) {
            const scopeString = known.scopeString === undefined ? [] : [['Scope string', `${code(known.scopeString)} (the spec's; not read from the service)`]];
            lines.push(...table([['Client', code(known.clientId)], ...scopeString, ['Ran for', cell(ranFor)]]));
        }
    }
    // A failed validation's problems are its errors, listed above.
    const notes = messages.flatMap((m) => ((m.level === 'warning' || m.level === 'error') && problems === undefined ? [`- **${m.level}**: ${cell(m.text)}`] : []));
    if (notes.length > 0)
        lines.push(plan === undefined ? '#### What failed' : '#### Warnings and errors', '', ...notes, '');
    const named = Object.entries(outputs ?? {});
    if (named.length > 0)
        lines.push('#### Outputs', '', '| output | value |', '|---|---|', ...named.map(([name, v]) => `| ${name} | ${code(v)} |`), '');
    return lines.join('\n');
}

;// CONCATENATED MODULE: ./src/markdown/comment.ts

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
/**
 * On a pull request a mention notifies its user and `#12` links an issue, whatever escapes the
 * markdown holds: GitHub finds both in the rendered text. A word joiner after `@` and `#`, and
 * between `www` and its dot (an autolink), keeps the text as it reads and makes it inert.
 */
const defuse = (text) => text.replace(/[@#]/g, '$&\u2060').replace(/(www)(\.)/gi, '$1\u2060$2');
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
 * Outside code only (GitLab looks for references and links in no `code` element: its
 * reference filters skip `pre`, `code`, `a` and `style`, gitlab-org/gitlab,
 * lib/banzai/filter/references/reference_filter.rb): a commit's SHA, 7 to 40 hex digits,
 * links to the commit, and `scheme://` starts a link. Runs of hex digits are broken every 6,
 * and `://` after its colon; values in code stay whole, for whoever copies a scope string.
 */
const defuseProseForGitLab = (text) => text.replace(/[0-9a-f]{7,}/gi, (run) => run.replace(/.{6}(?=.)/g, '$&\u2060')).replace(/:\/\//g, ':\u2060//');
/** A value cut to `limit` characters, saying how much was left out and where it is whole. */
function cut(text, limit, whole = "the run's summary") {
    if (text.length <= limit)
        return text;
    return `${text.slice(0, limit)}… (${text.length - limit} more characters: the whole value is in ${whole})`;
}
/** A pull request's comment on GitHub, linked to the run, whose summary has every value whole. */
const GITHUB_COMMENT = {
    limit: COMMENT_LIMIT,
    noun: 'comment',
    host: 'GitHub',
    whole: "the run's summary",
    linked: (url) => `The job summary of [the run](${url}) has the whole report.`,
    wholeShort: 'the summary',
    defuse,
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
    linked: (url) => `The log of [the job](${url}) has the whole report.`,
    wholeShort: 'the job log',
    defuse: defuseForGitLab,
    prose: defuseProseForGitLab,
};
// The longest value kept whole, tried in turn until the body fits.
const VALUE_LIMITS = [Infinity, 2_000, 400, 80];
/** The comment's body, within its target's limit: values cut further and further, then the body itself. */
function renderComment(facts) {
    const target = facts.target ?? GITHUB_COMMENT;
    let body = '';
    for (const limit of VALUE_LIMITS) {
        body = render(facts, target, limit);
        if (body.length <= target.limit)
            return body;
    }
    // Thousands of values, each already short: the end is left to the run's summary.
    const plan = facts.conclusion.plan;
    const listed = plan?.form === 'list' ? plan.scopes : [];
    // A spec that lists scopes: those whose section is cut off are named after it, with what the run does to them.
    const tailOf = (left) => {
        const named = cut(left.map((s) => `${s.suffix} (${scopeStatus(s, plan?.dryRun === true)})`).join(', '), 2_000, target.whole);
        const more = left.length === 0 ? '' : ` Its ${left.length} last scope(s), there: ${escapeMarkdown(target.prose(target.defuse(facts.scrub(named))))}.`;
        return `\n\n_The rest is too long for a ${target.noun}._${more}\n${footerOf(facts, target, true)}`;
    };
    const room = target.limit - tailOf(listed).length;
    // At the end of a line, or of a value in a line as long as a list of every scope string: never inside an escape or a tag.
    const end = Math.max(body.lastIndexOf('\n', room), ...['</code>', '<br>'].map((tag) => body.lastIndexOf(tag, room - tag.length) + tag.length));
    const kept = body.slice(0, end);
    // A scope's heading as the last rendering wrote it: its value scrubbed, cut to the last limit, made inert and escaped.
    const heading = (suffix) => `\n#### ${escapeMarkdown(target.prose(target.defuse(cut(facts.scrub(suffix), VALUE_LIMITS.at(-1), target.whole))))}: `;
    // The sections come in the plan's order, and cut headings may read alike: each is looked for after the one before.
    let from = 0;
    const first = listed.findIndex((s) => {
        const at = kept.indexOf(heading(s.suffix), from);
        from = at + 1;
        return at === -1;
    });
    return `${kept}${tailOf(first === -1 ? [] : listed.slice(first))}`;
}
function render(facts, target, limit) {
    const { conclusion, marker, ranFor, scrub } = facts;
    // Each value: scrubbed whole first, then cut, made inert and escaped.
    let wasCut = false;
    const value = (text) => {
        const clean = scrub(text);
        const kept = cut(clean, limit, target.whole);
        wasCut ||= kept !== clean;
        return target.defuse(kept);
    };
    const said = verdict(conclusion);
    return [marker, ...(said === '' ? [] : [said, '']), buildSummary(conclusion, { ranFor, scrub: value, prose: target.prose }), footerOf(facts, target, wasCut)].join('\n');
}
/** One line first: whether the run passed, and whether there is anything to change. */
function verdict({ plan, exitCode }) {
    if (exitCode !== 0)
        return '**The run failed**: the errors are below.';
    const same = plan?.scopes.every((s) => s.action === 'none' && s.comparison.every((c) => c.same)) === true;
    return !same ? '' : plan?.form === 'list' ? '**No changes**: every listed scope matches the spec.' : '**No changes**: the scope matches the spec.';
}
function footerOf({ runUrl, spec }, target, wasCut) {
    const note = wasCut ? ` Some values were cut to keep this ${target.noun} within ${target.host}'s limit: ${target.wholeShort} has them whole.` : '';
    return `---\n<sub>Spec file <code>${escapeMarkdown(target.defuse(spec))}</code>. ${target.linked(runUrl)}${note}</sub>\n`;
}

// EXTERNAL MODULE: ./src/wire/budget.ts
var budget = __webpack_require__(4024);
// EXTERNAL MODULE: ./src/wire/http.ts + 1 modules
var wire_http = __webpack_require__(4571);
;// CONCATENATED MODULE: ./src/cli/gitlab-note.ts




/** A page of notes is far larger than the service's answers: up to 100 notes of up to a million characters. */
const MAX_PAGE_BYTES = 64 * 1024 * 1024;
const PER_PAGE = 100;
/** A guard against a server whose pages never end. */
const MAX_PAGES = 1000;
const User = schemas/* object */.Ikc({ id: schemas/* number */.aig(), username: schemas/* string */.YjP() });
const Note = schemas/* object */.Ikc({ id: schemas/* number */.aig(), body: schemas/* nullish */.cl6(schemas/* string */.YjP()), system: schemas/* optional */.lqM(schemas/* boolean */.zMY()), author: schemas/* nullish */.cl6(schemas/* object */.Ikc({ id: schemas/* number */.aig() })) });
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
        return write({ level: 'info', text: '--gitlab-note: no merge request (CI_MERGE_REQUEST_IID is not set): no note. It is set in merge request pipelines only.' });
    }
    const token = env.GITLAB_TOKEN?.trim() ?? '';
    if (token === '')
        return write({ level: 'warning', text: `${HEAD} GITLAB_TOKEN is empty. ${TOKEN_HOW}.` });
    // Scrubbed from everything written from here on, as the secret is.
    run.secrets.learn(token);
    const api = env.CI_API_V4_URL?.trim() ?? '';
    const project = env.CI_PROJECT_ID?.trim() ?? '';
    const missing = [['CI_API_V4_URL', api], ['CI_PROJECT_ID', project]].flatMap(([name, value]) => (value === '' ? [name] : []));
    if (missing.length > 0)
        return write({ level: 'warning', text: `${HEAD} ${missing.join(' and ')} not set: run the command in a GitLab CI job, which sets them.` });
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
        log: { info: (text) => write({ level: 'info', text }), debug: (text) => write({ level: 'debug', text }), warning: (text) => write({ level: 'warning', text }) },
    });
    try {
        await note(run, http, api.replace(/\/+$/, ''), project, iid);
    }
    catch (error) {
        write({ level: 'warning', text: noteFailure(error) });
    }
    finally {
        // Every connection the note opened is closed: the command exits at once.
        stop.abort();
    }
}
async function note({ conclusion, env, clientId, spec, secrets, write }, http, api, project, iid) {
    const notes = `${api}/projects/${encodeURIComponent(project)}/merge_requests/${encodeURIComponent(iid)}/notes`;
    const marker = commentMarker(clientId, spec);
    const ranFor = `${env.CI_PIPELINE_SOURCE || 'merge_request_event'} on ${env.CI_COMMIT_REF_NAME || `merge request ${iid}`}`;
    const body = renderComment({ conclusion, marker, ranFor, runUrl: env.CI_JOB_URL ?? '', spec, scrub: secrets.scrub, target: GITLAB_NOTE });
    const user = await http.retried("GitLab's GET /user", User, 'GET', `${api}/user`);
    const find = () => findOwn(http, api, notes, marker, user.id);
    const own = await find();
    const where = (id) => (env.CI_PROJECT_URL ? `${env.CI_PROJECT_URL}/-/merge_requests/${iid}#note_${id}` : `note ${id}`);
    if (own !== undefined) {
        const updated = await http.retried("GitLab's PUT of the note", Note, 'PUT', `${notes}/${own.id}`, { body: { body } });
        return write({ level: 'info', text: `The note on merge request !${iid} is updated: ${where(updated.id)}` });
    }
    const created = await http.send("GitLab's POST of the note", Note, 'POST', notes, { body: { body } }).catch(async (error) => {
        // Its answer lost, the note may be there all the same: looked up again, never posted twice.
        const status = error instanceof wire_http/* HttpError */.j$ ? error.status : undefined;
        const found = status === undefined || status >= 500 ? await find() : undefined;
        if (found === undefined)
            throw error;
        return found;
    });
    write({ level: 'info', text: `The note on merge request !${iid} is created: ${where(created.id)}` });
}
/**
 * The first note, page by page, that carries the marker and was written by the token's user:
 * never a system note, never anyone else's, even one that copies the marker. Pages follow
 * X-Next-Page, or the Link header's next (keyset pagination sends only that), on the API's origin alone.
 */
async function findOwn(http, api, notes, marker, userId) {
    const origin = new URL(api).origin;
    let url = `${notes}?per_page=${PER_PAGE}&sort=asc&order_by=created_at`;
    const seen = new Set();
    for (let page = 1; url !== undefined && page <= MAX_PAGES; page++) {
        if (seen.has(url))
            break;
        seen.add(url);
        const { data, headers } = await http.retriedWithHeaders(`GitLab's GET of the merge request's notes (page ${page})`, Notes, 'GET', url);
        const own = data.find((n) => n.system !== true && n.author?.id === userId && n.body?.includes(marker) === true);
        if (own !== undefined)
            return own;
        url = nextPage(url, headers, origin);
    }
    return undefined;
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
    const fix = status === 401 ? ' Check GITLAB_TOKEN: GitLab does not know it (expired, revoked, or of another instance).'
        : status === 403
            ? " Give GITLAB_TOKEN the api scope (read_api cannot write), and its user a role that may comment on the project's merge requests (Reporter or more on a private project)."
            : status === 404 ? ' Check that the merge request exists and that the user of GITLAB_TOKEN is a member of the project (CI_PROJECT_ID) who can see it.'
                : '';
    return `${HEAD} ${what.replace(/\.?$/, '.')}${fix}`;
}


/***/ })

};
