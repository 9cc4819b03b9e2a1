// Mutation testing: `npm run mutate`. See CONTRIBUTING.md, "Mutation testing".
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  // Every module of the action but the entries, which only call run() (rotateAction()). Globs, not a list:
  // new modules are mutated as they appear.
  mutate: ['src/**/*.ts', '!src/github/index.ts', '!src/github/rotate/index.ts', '!src/**/*.d.ts'],

  testRunner: 'jest',
  jest: {
    projectType: 'custom',
    // jest.config.js without the end-to-end tests: they run the bundled dist/, which holds
    // no mutant, so they cannot kill any.
    configFile: 'jest.stryker.config.js',
    enableFindRelatedTests: true,
  },
  // ESM with ts-jest, as `npm test` runs it.
  testRunnerNodeArgs: ['--experimental-vm-modules'],
  // Each mutant runs only against the tests that reach it.
  coverageAnalysis: 'perTest',
  // Both cores of our machines (Stryker's default leaves one idle).
  concurrency: 2,
  // Static mutants (in what runs once, at import: module-level constants, hint texts, regular
  // expressions) can only be tested by running every test: 8% of the mutants, but 46% of the
  // time (Stryker's own estimate, 2026-11-24), which took a full run past two hours here. They
  // are left out of the run and of the score; what they hold is asserted by the tests all the
  // same (the hints, word for word, in unit/service-client.test.ts).
  ignoreStatic: true,

  // Mutants that do not compile are discarded before any test runs (tsconfig.json).
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.json',

  reporters: ['clear-text', 'html', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  clearTextReporter: { allowColor: false, logTests: false, reportTests: false },

  // Surviving mutants judged equivalent: no behaviour can tell them apart from the code.
  // - src/render/human-report.ts, plan of an update, `c.field === 'dependent_scopes' && !c.same`:
  //   `&& !c.same` dropped (or the condition made `c.field === 'dependent_scopes'`). The note is
  //   only written on the line of a field that differs, so whether it is computed for a field
  //   that is the same changes nothing.
  // - src/cli/main.ts, `flag()`: `typeof values[name] === 'string' ? ... : undefined` made
  //   `true ? ...`. flag() is only asked for options of type string (the settings' flags and
  //   --dotenv), whose value parseArgs gives as a string or not at all.
  // - src/cli/main.ts, `write()`: `if (message.level === 'warning' || message.level === 'error')
  //   seen.push(message)` made `if (true)`. `seen` only feeds jsonReport, which sorts warnings
  //   and errors out of it by level: an info or debug line in it is never shown.
  // - src/cli/main.ts, `read()`: `settings.get(name) ?? ''` with '' made another string: every
  //   setting read is in the map (each of CLI_SETTINGS, client_secret and dry_run are set).
  // - src/cli/options.ts, listOf: `words.join('')` with '' made another string. It is taken
  //   only for fewer than two words, and join puts its separator only between two.
  // - src/cli/main.ts, parse(): `CLI_FLAGS[token.name]?.example ?? '<value>'` with '<value>'
  //   made another string (no test reaches it): every flag that takes a value has an example.
  // - src/cli/options.ts, the `help` of client_secret made "": the secret has no flag, so no
  //   line of --help shows its help (the secret's hint is CLI_NAMING.whenEmpty's, pinned).
  // - src/render/human-report.ts, `command === 'plan' && result.wouldCreate` with the first
  //   operand made `true`: a result would create only in a dry run, and only plan is one.
  // - src/engine/settings/settings.ts, isLoopback: `^` dropped from `/^127(\.\d{1,3}){3}$/`. A host
  //   with more before four dotted numbers is not a host at all: the URL parser reads a host
  //   that ends in a number as an IPv4 address and refuses the URL (http://10.127.0.0.1).
  // - src/engine/settings/settings.ts, baseUrl: `$` dropped from `/^https?:$/`. `URL.protocol` is the
  //   scheme and one colon: nothing can follow it.
  // - src/engine/settings/settings.ts, baseUrl: `URL.parse(value)?.protocol ?? ''` with '' made another
  //   string. It stands for "no URL", and no string without `http` in it passes the test.
  // - src/wire/http.ts, keepAliveLanes: `b.busy < a.busy` made `<=`. A request beyond the
  //   fourth waits on the last of the least busy lanes instead of the first: as busy as it.
  // - src/wire/http.ts, send: `status < 200 || status >= 300` with `status < 200` made `false`, or
  //   `>=` made `>`. undici's request() answers no 1xx (it reads informational answers itself
  //   and fails on a 101 it did not ask for), and a 300 is a redirect, refused just above.
  // - src/wire/http.ts, send: `body === undefined ? undefined : JSON.stringify(body)` made
  //   `JSON.stringify(body)`, which is undefined for undefined.
  // - src/github/action.ts, write(): `title === undefined ? {} : { title }` made `{ title }`.
  //   The toolkit leaves out a property whose value is undefined (@actions/core, command.js).
  // - src/engine/secrets.ts, toBase64url: `/=+$/` made `/=+/`. base64 has `=` only as
  //   padding, at the end.
  // - src/wire/service-client.ts, createServiceClient: `auth === 'basic' ? { authorization:
  //   basic } : {}` made `{ authorization: basic }`. With a token, every API call sets its own
  //   authorization header, which wins over the default; the token request sends Basic itself.
  // - src/engine/import.ts, writeWhole: `{ flag: 'wx' }` made `{}` (or its flag ""). The
  //   temporary file's name holds 48 random bits: no test can find it there before it is
  //   written. The flag keeps import from writing through a link planted at that name.
  // - src/engine/import.ts, readBack: `/^spec: /` made `/spec: /`. Every problem parseSpec
  //   gives starts with the file's name and ': ', so the first match is at the start.
  // - src/engine/settings/spec.ts, parseSpec: `doc.toJS({ maxAliasCount: 100 })` made `doc.toJS({})`:
  //   100 is yaml's own default; the option says it where the limit matters.
  // - src/engine/ensure.ts, verify, and every ValidationError: a problem's `field` made "". No
  //   door reads it: each shows the message and the location.
  // - src/render/comment.ts, renderComment, and src/render/issue.ts,
  //   renderIssue: `let body = ''` made another string. The loop over the value limits (never
  //   empty) sets it before it is read.
  // - src/render/comment.ts, verdict: `plan === undefined` made `false`. `same` is true
  //   only when every scope of a plan is unchanged, which needs a plan.
  // - src/render/issue.ts, driftLines: `drift.length > rows` made `>=`. At a row limit
  //   equal to the drift's length the table is the one the unlimited rendering had, which was
  //   too long already: that rendering is passed over whether or not it counts "0 more".
  // - src/render/issue.ts, render: the known scope string's `suffix: ''` made another
  //   string. It is the one string then, shown without its suffix; a suffix shows only in a list.
  // - src/wire/http.ts, networkError: `transient: code !== undefined && TRANSIENT_CODES.has(code)`
  //   with `code !== undefined` made `true`: the set holds no undefined.
  // - src/engine/reconcile/drift.ts, the dependencies' order: `a.scope < b.scope` made `<=`. Two
  //   dependencies never share a scope (the spec refuses a second), so no pair compares equal.
  // - src/engine/reconcile/drift.ts, compareScope's set of dependencies: `toLowerCase()` made
  //   `toUpperCase()`, and the sort's `<` made `>=`. The set's text is only compared with the
  //   other side's, made the same way: any one case and any one order agree.
  // - src/engine/reconcile/drift.ts, inSpecOrder: the id's `toLowerCase()` made `toUpperCase()` in the
  //   tie-break (the rank's lookup is pinned), and `ia < ib` made `<=`: a UUID's digits sort
  //   before its letters in either case, and a scope's dependencies never share an id.
  // - src/engine/ensure.ts, stopping: the run's abort reason, 'the run has ended', made "". A
  //   request it ends is said as "no answer (Error)", by the error's name, never its message.
  // - src/render/human-report.ts: `plan.request ?? ''` (twice) and `before ?? []` are never
  //   reached: a creation's and an update's plan always names its request, and an update's
  //   fields always have a value before. They satisfy the type, which allows null for `none`.
  // - src/render/json-report.ts: `...(imported === undefined ? {} : { import: imported })` made
  //   `{ import: imported }`: JSON.stringify leaves out a key whose value is undefined.
  // - src/engine/import.ts, readBack: the guard that refuses a spec reading back otherwise than
  //   the scope (4 mutants: `differ`'s filter, its test made `false`, its block emptied, its
  //   message made ""). No answer the service
  //   client accepts reaches it: what yaml cannot write back (control characters, blanks alone,
  //   a scope string that is not a URL) is refused before, by field; the property test of
  //   import.test.ts draws scopes at random and finds none. It stays as the guard of the promise
  //   that a plan on an imported spec changes nothing.
  // - src/github/rotate/github-secrets.ts, retried: `status !== undefined && (status >= 500 ||
  //   status === 429)` with `status !== undefined` made `true`: `undefined >= 500` and
  //   `undefined === 429` are false, so no status means no retry either way (the guard is for
  //   the type checker).
  // - src/engine/reconcile/reconcile.ts, a dry run's planned creation: `scopes: [wouldBe]` made
  //   `[]`. concluded() replaces every planned result's `scopes` before anything reads it.
  // - src/engine/settings/settings.ts, isLoopback: `^` dropped from `/^127(\.\d{1,3}){3}$/`. A host
  //   that ends in a number is an IPv4 address to the URL parser, which refuses `x127.0.0.1`; the
  //   http(s) check's `$` dropped, and its `?? ''` made another string: a protocol ends at its
  //   one `:`, and no protocol at all fails either way. namedIn's `url` without `.trim()`: the
  //   URL parser drops blanks around an address.
  // - src/engine/settings/spec.ts: `toJS({ maxAliasCount: 100 })` made `toJS({})`: the yaml
  //   library's default is 100 too. readAtMost: `got !== 0` made `true`, `filled < bytes` made
  //   `<=`, and its `finally` emptied: it reads the size the file had a moment before, so the
  //   loop ends on `filled` (only a file that shrinks meanwhile reads 0), and an open handle
  //   left to the garbage collector changes no result.
  // - src/engine/settings/problems.ts: ValidationError's and SpecFieldError's `name` made "",
  //   and SpecFieldError's message (`join('\n')`, its map): each is caught, and only its
  //   problems are read (ensure.ts places each at its line).
  // - src/wire/http.ts, answerOf: `status < 200` made `false`, and `status >= 300` made `> 300`:
  //   undici hands no 1xx answer on as the final one, and a 300 is a redirect, refused above. The
  //   Retry-After's `typeof retryAfter === 'string'` made `true`: Node gives that header as a
  //   string or not at all (the test is for the type checker).
  // - src/wire/http.ts, a lane to take: `b.busy < a.busy` made `<=`: of lanes equally busy, any one.
  // - src/render/issue.ts, watchMarker: `p.suffix ?? ''` is never reached (a list's providers each
  //   name their suffix; a single provider returns before), and `/ -->$/` without `$`: the
  //   marker's values are URL-encoded, so its one ` -->` is its end.
  // - src/render/issue.ts, renderIssue: `let body = ''` made another string: the first try of
  //   the loop always writes it.
  // - src/github/action.ts, an annotation's properties: `title === undefined ? {} : { title }` made
  //   `{ title }`. @actions/core leaves out a property whose value is undefined (as the recording
  //   core's toEqual does); the condition is for exactOptionalPropertyTypes.
  // - src/github/runner.ts: `env.GITHUB_EVENT_NAME ?? ''` made another string: an event of no
  //   name and one of an unknown name are neither a pull request nor a schedule.
  // - src/cli/rotate.ts, variableOf: the fallback `--${flag}` is never reached: each of the
  //   rotation's flags has its variable in CLI_FLAGS (the fallback satisfies the type).
  // - src/cli/rotate.ts, the secret file's failed write: `{ cause: error }` made `{}`. The message
  //   carries the cause's text; nothing reads the error's cause.
  // - src/cli/rotate.ts, `flag()` and `write()`: as src/cli/main.ts's above (a string flag's
  //   value is a string or absent; `seen` feeds only rotationJson, which sorts by level again).
  // - src/engine/rotation/retire.ts, policyOf: `port.workspace ?? '.'` with '.' made "". Never
  //   reached: the command line always gives its repository's top, and the rotation action
  //   reads no spec (its `spec` is always ''), so policyOf is never called there.
  // - src/cli/rotate.ts, write(): the 'Warning: ' label made "", and `message.level === 'warning'`
  //   made `false` where `seen` is filled: a rotation writes no warning.
  // - src/github/rotate/action.ts, the repository's parts: `owner = ''` made another string, and
  //   `?? []` made a list of one string. The pattern's match always sets both groups; without a
  //   match, `repo` is '' and the run is refused before `owner` is read.
  // - src/engine/rotation/rotate.ts, a setting the rotation never reads: `?? ''` made another string
  //   (every setting outside the rotation's has a default).
  // - src/engine/reconcile/lineage.ts, the credential's name: `$` dropped from the milliseconds' pattern.
  //   toISOString() ends in `.sssZ` and holds no other `.dddZ`.
  // - src/engine/rotation/hand-off.ts, storeBack: the starting secret's check `.catch(() => false)`
  //   made `() => undefined`: both are falsy, and the value only decides `works ? ... : ...`.
  // - src/engine/rotation/port.ts, RotationFailure and StoreUnknown: their `name` and the
  //   failure's message's `join('\n')` made other strings, and a validation problem's `field`
  //   made "" (src/engine/rotation/rotate.ts: retire, retire_id, dry_run): each is caught
  //   inside rotateSecret, which reads only its messages' texts (StoreUnknown by its class).
  // - src/wire/transport.ts, the connections opened ahead: a socket's `ref()`/`unref()` calls
  //   removed (a test's process is held by the test runner; the child process that shows an
  //   unreferenced socket does not end the run holds no active mutant), `clearTimeout` of the
  //   wait removed (the timer only settles a promise already settled), `removeListener('error',
  //   ignore)` with another name (the request's own listener reports the error either way),
  //   closeAhead's `usable = false` made true (the entry is already out of the list), the wait
  //   for no connection at all made to wait (Promise.all of none settles at once), the
  //   `new URL(url ?? '')` fallback made another string and the brackets' pattern without one of
  //   its anchors (a URL's hostname is bracketed whole or not at all). Not among them: through a
  //   proxy, `hold(returned)` removed also survives, and it is more than an unref: it guards the
  //   proxy's socket against an error before a request takes it, and marks the entry unusable
  //   on its close. No test pins that yet. And in the tunnel's
  //   callback, `socket !== undefined` made true and `socket?.destroy()` made `socket.destroy()`:
  //   Node's agent calls it with the socket in hand whether or not it failed (Node 24's
  //   `https.Agent.prototype.createConnection`, `cleanupAndPropagate(err, socket)`).
  // - src/wire/characters.ts, UNSAFE: its flag 'g' made "". A static mutant (ignoreStatic leaves
  //   it out). Since the display escapes by INVISIBLE, UNSAFE is read only for its source
  //   (hasUnsafe builds a fresh regex of it): no replace uses it.
  // - src/engine/settings/spec.ts, readAtMost: `got = -1` made `+1` (any value but 0 starts the
  //   loop) and `filled < bytes` made true (once the buffer is full, a read of 0 bytes gives
  //   `got = 0`, which ends the loop one read later).
  // - src/engine/settings/spec.ts, parseSpec: `wrapped`'s `form === 'single'` made `true` (wrapped
  //   is read only where the form is single) and selfDependencies' `form === 'single'` made
  //   `true` (a list's cycles are refused by its schema, so a list that passes it has none).
  //   locate: `child === null` made `false` (the yaml library's get gives undefined for a
  //   missing key and for one without a value, never null) and `key !== undefined` made `true`
  //   (no key's text equals undefined: the node stays as found). parseYaml: `data === undefined`
  //   made `false` (toJS gives null for an empty document), and the root's `locate(.., [])`
  //   given a segment (the root there is no mapping, so no key is found under it).
  //   selfDependencies' `cycle[0] ?? ''` with '' made another string: a cycle names one scope
  //   at least.
  // - src/gitlab/note.ts, the note's http log: `warning` made `() => undefined`. wire/http.ts
  //   tells retries (info) and requests (debug) and never warns; the line is the Log type's.
  // - src/gitlab/note.ts, nextPage: `headerOf(headers, 'link') ?? ''` with '' made another
  //   string. No Link header and a text with no `<...>; rel="next"` in it both give no next page.
  // - src/gitlab/dotenv.ts, dotenvProblems: `strings[0] ?? ''` made another string. A spec
  //   that lists scopes lists at least one (its schema), so the first scope string is there.
  // - src/engine/import.ts, readScopesToImport: `form === 'single'` made `false` (siblingOf built for
  //   the one suffix asked too: it maps only that scope's own ids, and no scope depends on
  //   itself); keptOrder's `a.suffix < b.suffix` made `<=` (the suffixes are a map's keys:
  //   never equal) and `siblingOf.get(...) ?? ''` with '' made another string (no group has
  //   that suffix either); textsOf's `dependent_scopes[i].scope_suffix` made "" (a sibling's
  //   suffix is that sibling's own scope_suffix, checked and named at it, earlier in the file);
  //   specText's `: []` made a list of one string (the single form has no `scopes` to space:
  //   a string is no map).
  // - src/cli/main.ts, run's report: `if (lines.length > 0)` made `true` (or `>=`): humanReport
  //   always opens with the verdict's line, so there is always a line. And givenAs's
  //   `if (!reads(command, s.setting)) return []` made `if (false)`: the naming then knows how a
  //   setting the command does not read was given, and no message of the command names it.

  // break: `npm run mutate` fails below this score, a few points under what a clean checkout
  // reaches (CONTRIBUTING.md, "Mutation testing"). Raise it as tests are added.
  thresholds: { high: 95, low: 90, break: 90 },
};
