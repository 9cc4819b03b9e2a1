/**
 * The review comment: what the job summary shows (summary.ts renders it, the one renderer: the
 * plan, the warnings and errors, the outputs), a verdict first and a link to the run, under a
 * hidden marker that names the client and the spec file, within the limit of the place it goes
 * and in its words: a pull request's comment on GitHub, a merge request's note on GitLab (the
 * target, below).
 */
import type { Conclusion, ScopePlan } from '../engine/index.ts';
import { defuse, defuseForGitLab, defuseProseForGitLab } from './defuse.ts';
import { buildSummary, codeMarkdown, escapeMarkdown, scopeStatus, sectionsOf, type SummaryContext } from './summary.ts';

/**
 * GitHub refuses a longer comment: HTTP 422, "body is too long (maximum is 65536 characters)"
 * (as quoted in danger/danger#424 and telia-oss/github-pr-resource#259). A JS string's length
 * counts UTF-16 units, never fewer than the characters GitHub counts.
 */
export const COMMENT_LIMIT = 65_536;

/**
 * One comment per client and spec file: a matrix over several providers keeps one each. Both
 * are inputs, so they are URL-encoded: no `-->` can end the HTML comment early.
 */
export const commentMarker = (clientId: string, spec: string): string =>
  `<!-- ensure-provider-scope client=${encodeURIComponent(clientId.toLowerCase())} spec=${encodeURIComponent(spec)} -->`;

// The defusing of each host (defuse.ts), as the renderings have always imported it from here.
export { defuse, defuseForBoth, defuseForGitLab, defuseProseForGitLab } from './defuse.ts';

/** A value cut to `limit` characters, saying how much was left out and where it is whole. */
export function cut(text: string, limit: number, whole = "the run's summary"): string {
  if (text.length <= limit) return text;
  return `${text.slice(0, limit)}… (${text.length - limit} more characters: the whole value is in ${whole})`;
}

/** Where the comment goes, and its words there. */
export interface CommentTarget {
  /** The longest body the place takes, in UTF-16 units (never fewer than the characters it counts). */
  limit: number;
  /** What the place calls it: "comment", "note". */
  noun: string;
  /** Whose limit it is: "GitHub", "GitLab". */
  host: string;
  /** Where a value cut short is whole: "the run's summary". */
  whole: string;
  /** The footer's sentence with the link to the run, which has the whole report. */
  linked: (url: string) => string;
  /** Where the footer says the values that were cut are whole: "the summary". */
  wholeShort: string;
  /** Each value shown outside code, made inert before it is escaped (never one in code, where the host links nothing). */
  defuse: (text: string) => string;
  /** Each value shown outside code, after defuse and before it is escaped: what this host alone finds in prose. */
  prose: (text: string) => string;
}

/** A pull request's comment on GitHub, linked to the run, whose summary has every value whole. */
export const GITHUB_COMMENT: CommentTarget = {
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
export const NOTE_LIMIT = 1_000_000;

/** A merge request's note on GitLab, linked to the job (CI_JOB_URL), whose log has every value whole. */
export const GITLAB_NOTE: CommentTarget = {
  limit: NOTE_LIMIT,
  noun: 'note',
  host: 'GitLab',
  whole: 'the job log',
  // CI_JOB_URL is set in every GitLab job, but a run elsewhere may lack it: no empty link then.
  linked: (url) =>
    url === '' ? 'The job log has the whole report.' : `The log of [the job](${url}) has the whole report.`,
  wholeShort: 'the job log',
  defuse: defuseForGitLab,
  prose: defuseProseForGitLab,
};

/** What a value shown outside code goes through on the target: its defusing, then its prose rules. */
const outsideCode =
  ({ defuse, prose }: CommentTarget) =>
  (text: string): string =>
    prose(defuse(text));

export interface CommentFacts {
  conclusion: Conclusion;
  /** The marker (commentMarker) that finds this comment again. */
  marker: string;
  /** What the run was for, as the summary says it (describeRun). */
  ranFor: string;
  /** The run's page (the job's, on GitLab), whose summary or log has every value whole. */
  runUrl: string;
  /** The spec file, as the spec input names it. */
  spec: string;
  /** The run's scrub: the secret and the token are removed from every value before anything else. */
  scrub: (text: string) => string;
  /** Where it goes; a pull request's comment unless said. */
  target?: CommentTarget;
  /** A setting given a value, in the door's words (summary.ts): the action's unless said. */
  assign?: SummaryContext['assign'];
}

// The longest value kept whole, tried in turn until the body fits; then, at the last, fewer rows of "What changes".
const VALUE_LIMITS = [Infinity, 2_000, 400, 80];
const ROW_LIMITS = [40, 10];

/** The comment's body, within its target's limit: values cut further and further, then the body itself. */
export function renderComment(facts: CommentFacts): string {
  const target = facts.target ?? GITHUB_COMMENT;
  let body = '';
  const tries: Array<[number, number]> = [
    ...VALUE_LIMITS.map((limit): [number, number] => [limit, Infinity]),
    ...ROW_LIMITS.map((rows): [number, number] => [VALUE_LIMITS.at(-1) as number, rows]),
  ];
  for (const [limit, rows] of tries) {
    body = render(facts, target, limit, rows);
    if (body.length <= target.limit) return body;
  }
  // Thousands of values, each already short: the end is left to the run's summary.
  const plan = facts.conclusion.plan;
  // The sections in the order the summary has them: the spec's.
  const listed: readonly ScopePlan[] = plan === undefined ? [] : sectionsOf(plan);
  // A spec that lists scopes: those whose section is cut off are named after it, with what the run does to them.
  const tailOf = (left: readonly ScopePlan[]): string => {
    const named = cut(
      left.map((s) => `${s.suffix} (${scopeStatus(s, plan?.dryRun === true)})`).join(', '),
      2_000,
      target.whole,
    );
    const more =
      left.length === 0
        ? ''
        : ` Its ${left.length} last scope(s), there: ${escapeMarkdown(facts.scrub(named), outsideCode(target))}.`;
    // A blank line before the footer's rule: right under a line of text, `---` would make that line a heading.
    return `\n\n_The rest is too long for a ${target.noun}._${more}\n\n${footerOf(facts, target, true)}`;
  };
  // At the end of a line, or of a value in a line as long as a list of every scope string: never inside an escape or a tag.
  const upTo = (room: number): string =>
    body.slice(
      0,
      Math.max(
        body.lastIndexOf('\n', room),
        ...['</code>', '<br>'].map((tag) => body.lastIndexOf(tag, room - tag.length) + tag.length),
      ),
    );
  // Only the renderer writes a raw tag (a value's < is escaped): a cut inside the folded sections closes their <details>, else GitHub folds the end too.
  const unclosed = (text: string): boolean => text.lastIndexOf('<details>') > text.lastIndexOf('</details>');
  const close = '\n\n</details>';
  const room = target.limit - tailOf(listed).length;
  const kept = unclosed(upTo(room)) ? `${upTo(room - close.length)}${close}` : upTo(room);
  // A scope's heading as the last rendering wrote it: its value scrubbed, cut to the last limit, made inert and escaped.
  const heading = (suffix: string): string =>
    `\n#### ${escapeMarkdown(cut(facts.scrub(suffix), VALUE_LIMITS.at(-1) as number, target.whole), outsideCode(target))}: `;
  // The sections come in the summary's order, and cut headings may read alike: each is looked for after the one before.
  let from = 0;
  const first = listed.findIndex((s) => {
    const at = kept.indexOf(heading(s.suffix), from);
    from = at + 1;
    return at === -1;
  });
  return `${kept}${tailOf(first === -1 ? [] : listed.slice(first))}`;
}

function render(facts: CommentFacts, target: CommentTarget, limit: number, rows: number): string {
  const { conclusion, marker, ranFor, scrub, assign } = facts;
  // Each value: scrubbed whole first, then cut; then, outside code alone, made inert; then escaped (summary.ts).
  let wasCut = false;
  const value = (text: string): string => {
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

function footerOf({ runUrl, spec }: CommentFacts, target: CommentTarget, wasCut: boolean): string {
  const note = wasCut
    ? ` Some values were cut to keep this ${target.noun} within ${target.host}'s limit: ${target.wholeShort} has them whole.`
    : '';
  return `---\n<sub>Spec file ${codeMarkdown(spec)}. ${target.linked(runUrl)}${note}</sub>\n`;
}
