export const id = 77;
export const ids = [77];
export const modules = {

/***/ 3077:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  prepareOut: () => (/* binding */ prepareOut),
  writePreview: () => (/* binding */ writePreview)
});

// UNUSED EXPORTS: DEFAULT_OUT, JOB_URL, PREVIEW_FILES, RAN_FOR, RUN_URL, renderPreview

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/engine/text.ts
var engine_text = __webpack_require__(1655);
// EXTERNAL MODULE: ./src/gitlab/note-body.ts
var note_body = __webpack_require__(4624);
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

// EXTERNAL MODULE: ./src/render/comment.ts
var comment = __webpack_require__(8141);
// EXTERNAL MODULE: ./src/engine/reconcile/drift.ts
var drift = __webpack_require__(8122);
// EXTERNAL MODULE: ./src/wire/words.ts
var words = __webpack_require__(9824);
// EXTERNAL MODULE: ./src/render/summary.ts
var render_summary = __webpack_require__(9311);
// EXTERNAL MODULE: ./src/render/defuse.ts
var defuse = __webpack_require__(9284);
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
    const marker = (0,comment/* commentMarker */.Ql)(clientId, spec).replace('<!-- ensure-provider-scope ', '<!-- ensure-provider-scope watch ');
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
const VALUE_LIMITS = [Infinity, 1_000, 200, 60];
const ROW_LIMITS = [40, 10, 0];
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
        const plain = (0,defuse/* defuse */.VP)((0,engine_text/* inert */.tJ)(scrub(text).replace(/\s+/g, ' ')));
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
        ...VALUE_LIMITS.map((limit) => [limit, Infinity]),
        ...ROW_LIMITS.map((rows) => [60, rows]),
    ]) {
        body = render(conclusion, facts, limit, rows);
        if (body.length <= comment/* COMMENT_LIMIT */.W$)
            return body;
    }
    // Hundreds of listed scopes: the end is left to the run's summary, cut at the end of a line.
    const tail = `\n\n_The rest is too long for an issue: the job summary of [the run](${facts.runUrl}) has the whole report._\n`;
    return `${body.slice(0, body.lastIndexOf('\n', comment/* COMMENT_LIMIT */.W$ - tail.length))}${tail}`;
}
const FOUND = {
    failed: 'The run failed.',
    drift: 'The scope differs from the spec.',
    'no scope': 'The client has no scope.',
    credentials: "The client's credentials need attention.",
};
// A rejected secret: its replacement, step by step (the error above says the same in the action's words).
const SECRET_REJECTED = "The service rejected the client's credentials. If the Client ID is right, its secret was deleted or is wrong: " +
    `${(0,words/* replaceSecret */.dz)({ secretCopies: "each GitHub environment that holds a copy of it as a secret (the release's, and this watch's)" })}. Then run this workflow again.`;
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
        : (0,render_summary/* verdictLine */.MT)(conclusion.verdict, w);
}
function render(conclusion, { because, marker, runUrl, spec, clientId, scrub }, limit, rows) {
    const kept = (text) => (0,comment/* cut */.Jj)(scrub(text), limit);
    const value = (text) => (0,render_summary/* escapeMarkdown */.FV)(kept(text), defuse/* defuse */.VP);
    const code = (text) => (0,render_summary/* codeMarkdown */.fl)(kept(text));
    const w = { value, code };
    const shown = (v) => (0,drift/* isDependentList */.CY)(v) ? (0,drift/* valueEntries */.OT)(v).map(code).join('<br>') : code((0,drift/* valueText */.Ru)(v));
    const summary = { cell: value, code, value: shown };
    const { found, advice } = verdictOf(conclusion, w);
    // The verdict's line opens the issue; its table and next step follow it (verdictLines).
    // A failed run's next step is its errors, which the issue lists with its warnings.
    const verdict = conclusion.exitCode === 0 ? conclusion.verdict : { ...conclusion.verdict, next: [] };
    const [, ...changes] = (0,render_summary/* verdictLines */.rz)(verdict, summary, { limit: rows, more: `[the run](${runUrl}) has them all` });
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
        ...(details.length === 0 ? [] : (0,render_summary/* folded */.TM)('The scope strings and the providers', details)),
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
    const marker = (0,comment/* commentMarker */.Ql)(clientId, spec);
    return { marker, body: (0,comment/* renderComment */.wQ)({ conclusion, marker, ranFor, runUrl, spec, scrub, assign }) };
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
        return `# ${(0,render_summary/* escapePunctuation */.Yg)(writing.issue.title)}\n\n${writing.issue.body}`;
    return `_The watch would open no issue: it would find the registration well, and close an issue it had open with this comment:_\n\n${writing.resolved}\n`;
}

;// CONCATENATED MODULE: ./src/cli/preview.ts
/**
 * The command line's `preview`: plan's dry run (main.ts runs it, with plan's settings), then
 * what each place would show, written to a folder (`--out`, `.preview/` by default) and each
 * path printed on stdout: the job summary (`summary.md`, ../render/summary.ts), the pull
 * request's comment and the watch's issue (`pull-request-comment.md`, `watch-issue.md`,
 * ../render/places.ts, as the action posts them), the merge request's note
 * (`merge-request-note.md`, ../gitlab/note-body.ts, as `--gitlab-note` posts it). Nothing is written
 * to the service, GitHub or GitLab; in the folder, only these four files. Loaded by main.ts for
 * preview alone: every other command starts without these renderings.
 */






/** The files preview writes, in the order it prints them. */
const PREVIEW_FILES = [
    'summary.md',
    'pull-request-comment.md',
    'merge-request-note.md',
    'watch-issue.md',
];
/** Where the files go when --out is left out, from the current directory. */
const DEFAULT_OUT = '.preview';
/** What the "Ran for" row says: no event ran it. */
const RAN_FOR = 'a preview (ensure-provider-scope preview)';
/** A run's page, which a preview has none of: the shape of GitHub's, with placeholders. */
const RUN_URL = 'https://github.com/OWNER/REPO/actions/runs/RUN_ID';
/** A job's page (CI_JOB_URL) on GitLab, with placeholders. */
const JOB_URL = 'https://gitlab.com/GROUP/PROJECT/-/jobs/JOB_ID';
/**
 * The folder --out names, made if missing, before the run: refused when it is a file, when it
 * cannot be made, or when one of the four names in it is something else than a file (a folder,
 * a link): preview writes over nothing but the files it wrote.
 */
async function prepareOut(given, cwd) {
    const shown = given ?? DEFAULT_OUT;
    if (shown.trim() === '')
        return { problem: '--out is empty: give a folder, e.g. --out rendered' };
    const dir = external_node_path_default().resolve(cwd, shown);
    const found = await (0,promises_.stat)(dir).catch(() => undefined);
    if (found !== undefined && !found.isDirectory())
        return { problem: `--out ${shown} is a file, not a folder: give a folder (made if missing)` };
    try {
        await (0,promises_.mkdir)(dir, { recursive: true });
    }
    catch (error) {
        return { problem: `--out ${shown}: the folder could not be made (${codeOf(error)})` };
    }
    for (const name of PREVIEW_FILES) {
        const there = await (0,promises_.lstat)(external_node_path_default().join(dir, name)).catch(() => undefined);
        if (there !== undefined && !there.isFile())
            return {
                problem: `--out ${shown} holds ${name}, which is not a file (a folder or a link), and preview writes over nothing else: move it, or give another --out`,
            };
    }
    return { dir, shown };
}
/** A failure as Node names it (ENOSPC), else as it is. */
const codeOf = (error) => error?.code ?? String(error);
/** Each file's text, and what the watch would write: every value scrubbed as it is rendered. */
function renderPreview({ conclusion, spec, naming, secrets }) {
    const { clientId, onDrift, providers } = conclusion.settings;
    const { scrub } = secrets;
    const { assign } = naming;
    const facts = { conclusion, clientId, spec, runUrl: RUN_URL, scrub };
    const watch = watchWriting({ ...facts, onDrift, providers });
    const files = {
        'summary.md': (0,render_summary/* buildSummary */.fR)(conclusion, { ranFor: RAN_FOR, scrub, assign }),
        'pull-request-comment.md': pullRequestComment({ ...facts, ranFor: RAN_FOR, assign }).body,
        'merge-request-note.md': (0,note_body/* renderNote */.N)({ conclusion, clientId, spec, ranFor: RAN_FOR, jobUrl: JOB_URL, scrub, assign })
            .body,
        'watch-issue.md': watchPreview(watch),
    };
    return { files, watch };
}
/**
 * Writes the four files, each scrubbed again whole (as the action scrubs what it writes), and
 * prints each path once it is written; a file that cannot be written is an error, and exit 1.
 * Else the run's exit code: plan's.
 */
async function writePreview(run) {
    const { out, io, secrets, write } = run;
    const { files, watch } = renderPreview(run);
    for (const name of PREVIEW_FILES) {
        const shown = external_node_path_default().join(out.shown, name);
        try {
            await io.writeFile(external_node_path_default().join(out.dir, name), secrets.scrub(files[name]));
        }
        catch (error) {
            write({ level: 'error', text: `${shown} could not be written (${codeOf(error)}).` });
            return 1;
        }
        io.stdout.write(`${(0,engine_text/* inert */.tJ)(secrets.scrub(shown))}\n`);
    }
    if (run.exitCode === 1)
        write({
            level: 'info',
            text: 'The run failed: its errors are above, and in each file, as each place would show them.',
        });
    write({
        level: 'info',
        text: 'issue' in watch
            ? `The watch would open an issue (watch-issue.md): the registration is unwell (${watch.unwell.join(', ')}).`
            : 'The watch would open no issue: the registration is well (watch-issue.md has the comment that would close an open one).',
    });
    return run.exitCode;
}


/***/ }),

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
