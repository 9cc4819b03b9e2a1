/**
 * The job summary: a run's conclusion (its plan, engine/reconcile/plan.ts, or what it knew when it
 * failed) as the markdown the runner shows on the run's page, every value scrubbed and then
 * escaped. The pull request's comment renders the same markdown.
 */
import {
  type Conclusion,
  CONSENT_NOTE,
  type FieldValue,
  isDependentList,
  type Plan,
  type ScopePlan,
  valueEntries,
  valueText,
  type Verdict,
} from '../engine/index.ts';
import { inert, literal } from '../engine/text.ts';
import { namedOutputStrings } from './outputs.ts';

/**
 * Markdown's own punctuation backslash-escaped (CommonMark allows it before any ASCII
 * punctuation, and shows the character alone): each character that could start a link, an
 * image, emphasis, code, HTML, an entity, an autolink (`:` of a scheme, `@` of an address, the
 * `.` of `www.`) or end a table cell. Nothing else changes: the rendered text is the text given.
 */
export const escapePunctuation = (text: string): string =>
  text.replace(/[\\`*_[\]()<>!&|:@~]/g, '\\$&').replace(/(www)\./gi, '$1\\.');

/**
 * Text from the spec or a server, rendered as the text it is, inside a table cell or after a
 * list marker: line breaks become spaces, every unsafe or invisible character shows as its
 * escape (engine/text.ts' inert), then `defuse` makes it inert where it is posted (defuse.ts:
 * its word joiners come after the escapes, and so are never escaped themselves), then the
 * markdown's punctuation is escaped.
 */
export const escapeMarkdown = (text: string, defuse: (text: string) => string = (t) => t): string =>
  escapePunctuation(defuse(inert(text.replace(/\r\n|\r|\n/g, ' '))));

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
export const codeMarkdown = (text: string): string => `<code>${escapePunctuation(literal(text))}</code>`;

export interface SummaryContext {
  ranFor: string;
  /**
   * Applied to every value before it is escaped: a secret the service echoes must be found
   * while it is still whole (escaping a `\` in it would hide it from a later redaction).
   */
  scrub?: (text: string) => string;
  /**
   * Applied to every value shown outside code, once scrubbed and its invisible characters
   * escaped, before the markdown's punctuation is (defuse.ts: where a host finds mentions and
   * references, which it never looks for in code). Values in code are never given to it.
   */
  prose?: (text: string) => string;
  /** A setting given a value, in the door's words (Naming's assign): the action's `on_drift: update` unless said. */
  assign?: ((setting: 'on_drift', value: string) => string) | undefined;
  /** The most rows of "What changes" shown, and where the others are (a comment within its limit): all unless said. */
  rows?: { limit: number; more: string } | undefined;
}

function headline({ action }: ScopePlan, dryRun: boolean): string {
  if (dryRun && action !== 'none') return `Dry run: the provider scope would be ${action}d`;
  return `${dryRun ? 'Dry run: provider scope' : 'Provider scope'} ${action === 'none' ? 'already registered' : `${action}d`}`;
}

/** The headline of a plan whose scopes are told apart: how many listed scopes there are, and what becomes of them. */
function listHeadline({ scopes, dryRun }: Plan): string {
  const count = (action: ScopePlan['action']): number => scopes.filter((s) => s.action === action).length;
  const done = dryRun ? ['would be created', 'would be updated'] : ['created', 'updated'];
  return `${dryRun ? 'Dry run: ' : ''}${scopes.length} provider scope(s): ${count('create')} ${done[0]}, ${count('update')} ${done[1]}, ${count('none')} already registered`;
}

const STATUS: Readonly<Record<ScopePlan['action'], readonly [string, string]>> = {
  create: ['to create', 'created'],
  update: ['to update', 'updated'],
  none: ['unchanged', 'unchanged'],
};

/** What a run does (dry run: would do) to a listed scope, as its section's heading says it. */
export const scopeStatus = ({ action }: Pick<ScopePlan, 'action'>, dryRun: boolean): string =>
  STATUS[action][dryRun ? 0 : 1];

/**
 * The listed scopes' sections, in the spec's order, in the folded report (the verdict above names
 * what changes). The single form has no sections: its tables are the report's own.
 */
export function sectionsOf({ telling, scopes }: Pick<Plan, 'telling' | 'scopes'>): readonly ScopePlan[] {
  return telling.apart ? scopes : [];
}

/**
 * Markdown folded under a `<details>`: GitHub renders the markdown inside only after a blank
 * line (the sections it folds end with one). The summary is HTML, where an escape shows as it
 * is: only the renderer's own words go there.
 */
export const folded = (summary: string, lines: readonly string[]): string[] => [
  `<details><summary>${summary}</summary>`,
  '',
  ...lines,
  '</details>',
  '',
];

/** How the summary writes a value: text in a cell, a value as code, a field's value, a table of rows. */
export interface Writer {
  cell(text: string): string;
  code(text: string): string;
  value(v: FieldValue): string;
  table(rows: ReadonlyArray<[string, string]>): string[];
}

export function writerOf({ scrub = (text) => text, prose = (text) => text }: SummaryContext): Writer {
  const code = (text: string): string => codeMarkdown(scrub(text));
  return {
    cell: (text) => escapeMarkdown(scrub(text), prose),
    code,
    // A list of dependent scopes one entry a line (each its string and id), any other value whole.
    value: (v) => (isDependentList(v) ? valueEntries(v).map(code).join('<br>') : code(valueText(v))),
    table: (rows) => ['| Item | Value |', '|---|---|', ...rows.map(([key, v]) => `| ${key} | ${v} |`), ''],
  };
}

/** A scope's rows in a table: its string, its id, whether this run created it. */
const scopeRows = ({ scope, action }: ScopePlan, dryRun: boolean, { code }: Writer): Array<[string, string]> => [
  ['Scope string', code(scope.scope_string)],
  ['Scope id', scope.id === null ? 'none yet' : code(scope.id)],
  [
    'Created by this run',
    action !== 'create' ? 'no, it already existed' : dryRun ? 'no: dry run, nothing was created' : 'yes',
  ],
];

/** A scope's creation, update and comparison, under headings of `level`. */
function scopeTables({ action, fields, comparison }: ScopePlan, dryRun: boolean, level: string, w: Writer): string[] {
  const { value } = w;
  const out: string[] = [];
  if (action === 'create') {
    out.push(
      `${level} ${dryRun ? 'The scope a run would create' : 'Created by this run'}`,
      '',
      '| Field | Value |',
      '|---|---|',
      ...fields.map((f) => `| ${f.field} | ${value(f.after)} |`),
      '',
    );
  }
  if (action === 'update') {
    // The note is the update's, under its table: it is about what the provider's users see, not a value.
    const consent = fields.filter((f) => f.consent).map((f) => f.field);
    out.push(
      `${level} ${dryRun ? 'The update a run would make' : 'Updated by this run'}`,
      '',
      `| Field | Before | ${dryRun ? 'Would become' : 'After'} |`,
      '|---|---|---|',
      // An update's fields all have a value before (only a creation's have none).
      ...fields.map((f) => `| ${f.field} | ${value(f.before as FieldValue)} | ${value(f.after)} |`),
      '',
      ...(consent.length === 0 ? [] : [`**Consent** (${consent.join(', ')}): ${escapeMarkdown(CONSENT_NOTE)}.`, '']),
    );
  }
  if (comparison.length > 0) {
    out.push(
      `${level} The spec and the service`,
      '',
      '| Field | Spec | Service | Status |',
      '|---|---|---|---|',
      ...comparison.map(
        (c) => `| ${c.field} | ${value(c.spec)} | ${value(c.service)} | ${c.same ? 'same' : '**differs**'} |`,
      ),
      '',
    );
  }
  return out;
}

/** Each provider's row: what it publishes and whether that passes. */
const providerRows = (
  providers: NonNullable<Conclusion['providers']>,
  { code, cell }: Writer,
): Array<[string, string]> =>
  providers.map(({ suffix, url, read, published, key, matches, allowed }) => {
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
function planLines(conclusion: Conclusion, plan: Plan, context: SummaryContext, w: Writer): string[] {
  const { code, cell } = w;
  const { client, dryRun } = plan;
  const { providers = [], onDrift } = conclusion;
  const { ranFor, assign = (setting, value) => `${setting}: ${value}` } = context;
  const single = !plan.telling.apart;
  const rows: Array<[string, string]> = [
    ['Client', `${client.name === undefined ? '' : `${cell(client.name)} `}${code(client.id)}`],
    ...(single ? scopeRows(plan.scopes[0], dryRun, w) : []),
    ['All scope strings', plan.scopeStrings.map(code).join('<br>')],
    ...(single
      ? []
      : [
          [
            'Not in the spec (left as they are)',
            plan.unlisted.length === 0 ? 'none' : plan.unlisted.map(code).join('<br>'),
          ] as [string, string],
        ]),
    ['Ran for', cell(ranFor)],
    // What a release with the same settings does is what this run says: the settings it ran with.
    ...(onDrift === undefined
      ? []
      : [['Settings', `${code(assign('on_drift', onDrift))}${dryRun ? ', a dry run' : ''}`] as [string, string]]),
    ...providerRows(providers, w),
  ];
  const lines = [`### ${single ? headline(plan.scopes[0], dryRun) : listHeadline(plan)}`, '', ...w.table(rows)];
  if (single) lines.push(...scopeTables(plan.scopes[0], dryRun, '####', w));
  const section = (scope: ScopePlan): string[] => {
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
function problemLines(problems: NonNullable<Conclusion['problems']>, { cell }: Writer): string[] {
  const items = problems.map(
    (p) => `- ${p.location?.startLine === undefined ? '' : `line ${p.location.startLine}: `}${cell(p.message)}`,
  );
  return [`The inputs or the spec have ${items.length} problem(s):`, '', ...items, ''];
}

/** A failed run: what it knew before it failed. */
function failedLines({ known }: Conclusion, ranFor: string, w: Writer): string[] {
  if (known === undefined) return [];
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
export function verdictLine({ title, items }: Verdict, { code, cell }: Pick<Writer, 'code' | 'cell'>): string {
  const said = items.map(({ scope, fields, says }) => {
    if (scope === undefined) return cell(says);
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
export function verdictLines(
  verdict: Verdict,
  w: Pick<Writer, 'code' | 'cell' | 'value'>,
  rows?: SummaryContext['rows'],
): string[] {
  const lines = [verdictLine(verdict, w), ''];
  if (verdict.rows.length > 0) {
    // The scope is named on its first row only: the rows below it are its fields.
    const shown = verdict.rows.slice(0, rows?.limit).map(({ scope, field, service, spec }, index, all) => {
      const named = all[index - 1]?.scope === scope ? '' : w.code(scope);
      return `| ${named} | ${field ?? 'new scope'} | ${service === null ? 'none' : w.value(service)} | ${field === null ? w.code(String(spec)) : w.value(spec)} |`;
    });
    lines.push(
      '#### What changes',
      '',
      '| Scope | Field | Service | Spec |',
      '|---|---|---|---|',
      ...shown,
      ...(rows !== undefined && verdict.rows.length > rows.limit
        ? [`| and ${verdict.rows.length - rows.limit} more | ${rows.more} | | |`]
        : []),
      '',
    );
  }
  const [one, ...others] = verdict.next;
  if (one !== undefined && others.length === 0) lines.push(`**Next**: ${w.cell(one)}`, '');
  else if (one !== undefined) lines.push('**Next**:', '', ...verdict.next.map((step) => `- ${w.cell(step)}`), '');
  return lines;
}

/** The outputs, each a value; the scopes output a table of its entries by suffix. */
function outputLines(outputs: NonNullable<Conclusion['outputs']>, { code }: Writer): string[] {
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
    ...each.map(
      ([suffix, o]) =>
        `| ${code(suffix)} | ${code(o.scope_string)} | ${code(o.scope_id)} | ${code(String(o.created))} | ${code(String(o.updated))} | ${code(String(o.changes))} |`,
    ),
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
export function buildSummary(conclusion: Conclusion, context: SummaryContext): string {
  const w = writerOf(context);
  const { plan, problems, messages, outputs, verdict } = conclusion;
  const lines = verdictLines(verdict, w, context.rows);
  if (problems !== undefined) return [...lines, ...problemLines(problems, w)].join('\n');
  const report =
    plan !== undefined ? planLines(conclusion, plan, context, w) : failedLines(conclusion, context.ranFor, w);
  // The errors are the next step's, above; the warnings are the report's.
  const warnings = messages.flatMap((m) => (m.level === 'warning' ? [`- **warning**: ${w.cell(m.text)}`] : []));
  if (warnings.length > 0) report.push('#### Warnings', '', ...warnings, '');
  if (outputs !== undefined) report.push(...outputLines(outputs, w));
  return [...lines, ...(report.length === 0 ? [] : folded('The whole report', report))].join('\n');
}
