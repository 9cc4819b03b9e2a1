/**
 * The watch's issue (watch-issue.ts): its marker, its title, the body that says what is wrong
 * and what to do, and the comment that closes it. Every value from the spec or a server is
 * scrubbed, cut, made inert and escaped as in the pull request's comment: an issue notifies
 * whoever a live mention names. The body stays within GitHub's limit on an issue's body.
 */
import {
  type Conclusion,
  type CredentialFinding,
  type FieldValue,
  isDependentList,
  type ProviderTarget,
  type Unwell,
  valueEntries,
  valueText,
} from '../engine/index.ts';
import { inert } from '../engine/text.ts';
import { replaceSecret } from '../wire/words.ts';
import {
  codeMarkdown,
  escapeMarkdown,
  folded,
  verdictLine,
  verdictLines,
  type Writer as SummaryWriter,
} from './summary.ts';
import { COMMENT_LIMIT, commentMarker, cut, defuse } from './comment.ts';

/**
 * One issue per client, spec file and set of providers checked: the comment's marker, of another
 * kind. No provider, or one for any scope, keeps the marker of a client and spec file as it was
 * (the issues opened under it are still found); providers named by their scopes add each, its
 * suffix and address (as the settings read it: the host lower case, no trailing slash), sorted,
 * so that steps that each check one keep an issue each, and no step closes another's.
 */
export function watchMarker(clientId: string, spec: string, providers: readonly ProviderTarget[] = []): string {
  const marker = commentMarker(clientId, spec).replace(
    '<!-- ensure-provider-scope ',
    '<!-- ensure-provider-scope watch ',
  );
  if (providers.every((p) => p.suffix === undefined)) return marker;
  // URL-encoded: no `,`, `=` or `-->` of a value can be read as the marker's own.
  const named = providers.map((p) => `${encodeURIComponent(p.suffix ?? '')}=${encodeURIComponent(p.url)}`).sort();
  return marker.replace(/ -->$/, ` providers=${named.join(',')} -->`);
}

export interface IssueFacts {
  /** Why the run is unwell (engine/conclude/health.ts); never empty for an issue's body. */
  because: readonly Unwell[];
  /** The marker (watchMarker) that finds this issue again. */
  marker: string;
  /** The run's page, whose summary and log have everything whole. */
  runUrl: string;
  /** The spec file, as the spec input names it. */
  spec: string;
  /** The client, as the client_id input gives it. */
  clientId: string;
  /** The run's scrub: the secret and the token are removed from every value before anything else. */
  scrub: (text: string) => string;
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
export function issueTitle({
  conclusion,
  clientId,
  spec,
  scrub,
  providers = [],
}: {
  conclusion: Conclusion;
  clientId: string;
  spec: string;
  scrub: (text: string) => string;
  providers?: readonly ProviderTarget[];
}): string {
  // The providers the marker names, by the scopes they publish.
  const named = providers.flatMap((p) => (p.suffix === undefined ? [] : [p.suffix]));
  const limit = named.length === 0 ? TITLE_VALUE : TITLE_VALUE_WITH_PROVIDERS;
  const value = (text: string): string => {
    const plain = defuse(inert(scrub(text).replace(/\s+/g, ' ')));
    return plain.length > limit ? `${plain.slice(0, limit - 1)}…` : plain;
  };
  const name = conclusion.plan?.client.name;
  const client = name === undefined ? value(clientId) : `${value(name)} (${value(clientId)})`;
  const which = named.length === 0 ? '' : `, provider(s) of ${value(named.join(', '))}`;
  return `Provider scope needs attention: ${client}, ${value(spec)}${which}`;
}

/** The issue's body, within COMMENT_LIMIT (an issue's body has the same limit as a comment's). */
export function renderIssue(conclusion: Conclusion, facts: IssueFacts): string {
  let body = '';
  for (const [limit, rows] of [
    ...VALUE_LIMITS.map((limit) => [limit, Infinity]),
    ...ROW_LIMITS.map((rows) => [60, rows]),
  ] as Array<[number, number]>) {
    body = render(conclusion, facts, limit, rows);
    if (body.length <= COMMENT_LIMIT) return body;
  }
  // Hundreds of listed scopes: the end is left to the run's summary, cut at the end of a line.
  const tail = `\n\n_The rest is too long for an issue: the job summary of [the run](${facts.runUrl}) has the whole report._\n`;
  return `${body.slice(0, body.lastIndexOf('\n', COMMENT_LIMIT - tail.length))}${tail}`;
}

const FOUND: Record<Unwell, string> = {
  failed: 'The run failed.',
  drift: 'The scope differs from the spec.',
  'no scope': 'The client has no scope.',
  credentials: "The client's credentials need attention.",
};

// A rejected secret: its replacement, step by step (the error above says the same in the action's words).
const SECRET_REJECTED =
  "The service rejected the client's credentials. If the Client ID is right, its secret was deleted or is wrong: " +
  `${replaceSecret({ secretCopies: "each GitHub environment that holds a copy of it as a secret (the release's, and this watch's)" })}. Then run this workflow again.`;

const ADVICE: Record<Unwell, string> = {
  failed:
    "The run failed: its errors are above, and its log has each step. Fix what they name (the client's secret, the spec, the provider), then run this workflow again.",
  drift:
    'The scope differs from the spec: someone changed it outside the spec, or the spec changed since the release. Bring the scope back with the release workflow under `on_drift: update`, or change the spec to what the service has and release it.',
  'no scope':
    "The client has no scope: the provider's users cannot consent to it. Run the release workflow (not a dry run) to create it.",
  credentials: "The client's credentials: each finding above says its own fix.",
};

/** How the issue writes a value: scrubbed, cut to its limit, then as prose (made inert, escaped) or in code (whole). */
interface Writer {
  value(text: string): string;
  code(text: string): string;
}

/** The scope string, or each listed one by its suffix: read from the service, or the spec's when the run failed first. */
function stringLines({ plan, known }: Conclusion, { value, code }: Writer): string[] {
  const strings =
    plan === undefined
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
  if (one !== undefined && others.length === 0) return [`The scope string: ${code(one.string)}${one.how}.`, ''];
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
function providerLines(providers: NonNullable<Conclusion['providers']>, { value, code }: Writer): string[] {
  if (providers.length === 0) return [];
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
function credentialLines(check: Conclusion['credentials'], { value, code }: Writer): string[] {
  if (check?.read !== true || check.findings.length === 0) return [];
  const named = ({ id, name, created }: CredentialFinding['credential']): string =>
    `${code(name)} (id ${code(id)}, created ${value(created)})`;
  return [
    "#### The client's credentials",
    '',
    ...check.findings.map((finding) =>
      finding.kind === 'old secret'
        ? `- **The secret in use is older than ${finding.maxAgeDays} days** (the spec's \`credentials.max_age_days\`): every credential that may be the one in use is older; the youngest of them, ${named(finding.credential)}, is ${finding.ageDays} days old. ` +
          "Rotate the secret (the rotation action, or `ensure-provider-scope rotate`: docs/rotation.md), deploy the provider with the new one, and check that the rotation's schedule still runs (GitHub disables a schedule after 60 days without activity in the repository)."
        : `- **A credential this tool did not make**, beside the client's first (the developer portal's): ${named(finding.credential)}. ` +
          `If someone on the team made it (a test, a quick fix), retire it once nothing uses it: ${code(`retire_id: ${finding.credential.id}`)} in the rotation action, or ${code(`--retire-id ${finding.credential.id}`)}. ` +
          'If nobody did, someone may hold a leaked secret: follow docs/rotation.md, "A leaked secret", at once.',
    ),
    '',
  ];
}

/** The run's warnings and errors, the first few: the run has them all. */
function noteLines({ messages }: Conclusion, runUrl: string, { value }: Writer): string[] {
  const notes = messages.filter((m) => m.level === 'warning' || m.level === 'error');
  if (notes.length === 0) return [];
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
function verdictOf(
  conclusion: Conclusion,
  { value }: Writer,
): { found: (why: Unwell) => string; advice: (why: Unwell) => string } {
  const { plan } = conclusion;
  // In a list, "no scope" is the listed scopes the client lacks: named by suffix.
  const missing =
    plan?.telling.apart === true ? plan.scopes.filter((s) => s.scope.id === null).map((s) => value(s.suffix)) : [];
  return {
    found: (why) =>
      why === 'no scope' && missing.length > 0
        ? `The client lacks listed scope(s): ${missing.join(', ')}.`
        : FOUND[why],
    advice: (why) =>
      why === 'no scope' && missing.length > 0
        ? "The client lacks listed scopes: the provider's users cannot consent to them. Run the release workflow (not a dry run) to create them."
        : why === 'failed' && conclusion.secretRejected === true
          ? SECRET_REJECTED
          : ADVICE[why],
  };
}

/** The issue's first line: the verdict's, or, when the scope matches the spec, what else the watch found (the credentials). */
function openerOf(
  conclusion: Conclusion,
  because: readonly Unwell[],
  w: Pick<SummaryWriter, 'code' | 'cell'>,
  found: (why: Unwell) => string,
): string {
  return conclusion.verdict.title === 'No changes'
    ? `**Needs attention**: ${because.map(found).join(' ')}`
    : verdictLine(conclusion.verdict, w);
}

function render(
  conclusion: Conclusion,
  { because, marker, runUrl, spec, clientId, scrub }: IssueFacts,
  limit: number,
  rows: number,
): string {
  const kept = (text: string): string => cut(scrub(text), limit);
  const value = (text: string): string => escapeMarkdown(kept(text), defuse);
  const code = (text: string): string => codeMarkdown(kept(text));
  const w: Writer = { value, code };
  const shown = (v: FieldValue): string =>
    isDependentList(v) ? valueEntries(v).map(code).join('<br>') : code(valueText(v));
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
export const resolvedComment = (runUrl: string): string =>
  `Resolved: the watch's [run](${runUrl}) found the registration well (the run passed, the scope exists and matches the spec). Closing this issue; the next problem reopens it.`;
