/**
 * What a person reads on the terminal: the plan as a diff, field by field, before and after,
 * and what apply would send; what apply did; the outputs. Every value from the spec or the
 * service is shown inert (its control and invisible characters escaped) and scrubbed by the caller.
 */
import {
  type Conclusion,
  CONSENT_NOTE,
  type FieldComparison,
  type FieldValue,
  isDependentList,
  type Known,
  type PlanField,
  type ScopePlan,
  valueEntries,
  valueText,
  type Verdict,
} from '../engine/index.ts';
import { outputStrings } from './outputs.ts';

/** Colours, or plain text when the terminal should not get them (main.ts, painter). */
export interface Paint {
  added(text: string): string;
  changed(text: string): string;
  removed(text: string): string;
  dim(text: string): string;
  bold(text: string): string;
}

export interface Style {
  paint: Paint;
  /** Makes a value from the spec or the service safe to show: scrubbed, its control and invisible characters escaped. */
  show: (text: string) => string;
}

/** The verdict's line: its first words, then each scope and its fields with what becomes of them, or what is wrong. */
function verdictLine({ title, items }: Verdict, { paint, show }: Style): string {
  const said = items.map(({ scope, fields, says }) =>
    scope === undefined ? says : `${show(scope)}${fields === undefined ? '' : `: ${fields.join(', ')}`} ${says}`,
  );
  return `${paint.bold(title)}: ${said.join('; ')}.`;
}

/**
 * The lines of the report: the verdict first; then the plan, field by field, the next step, the
 * providers and the outputs; of a failed run, what it knew (knownLines).
 */
export function humanReport(conclusion: Conclusion, style: Style): string[] {
  const { plan, outputs, known, verdict, exitCode, providers = [] } = conclusion;
  const { paint, show } = style;
  const lines = [verdictLine(verdict, style)];
  // A failed run's errors went to stderr as they came: its next steps are those.
  const next = exitCode === 0 ? verdict.next.map((step) => `Next: ${show(step)}`) : [];
  if (plan === undefined || outputs === undefined)
    return [...lines, ...(known === undefined ? [] : ['', ...knownLines(known, style)])];
  lines.push('');
  plan.scopes.forEach((scope, index) =>
    lines.push(...(index === 0 ? [] : ['']), ...scopeLines(scope, plan.dryRun, style)),
  );
  if (plan.unlisted.length > 0)
    lines.push('', `Not in the spec, left as they are: ${plan.unlisted.map(show).join(', ')}`);
  if (next.length > 0) lines.push('', ...next);
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
  const strings = outputStrings(outputs);
  const names = Object.keys(strings);
  const w = width(names);
  lines.push(
    '',
    paint.bold('Outputs:'),
    ...Object.entries(strings).map(([name, value]) => `  ${name.padEnd(w)} = ${show(value)}`),
  );
  return lines;
}

const width = (fields: readonly string[]): number => Math.max(...fields.map((f) => f.length));

/** A run that failed after its settings were read: the client, and each scope's string as the spec gives it (a list's every one). */
function knownLines({ clientId, scopes }: Known, { show }: Style): string[] {
  const client = `Client: ${show(clientId)}`;
  if (scopes.length === 1)
    return [
      client,
      `Scope string (the spec's; not read from the service): ${show((scopes[0] as Known['scopes'][number]).scopeString)}`,
    ];
  const w = width(scopes.map((s) => s.suffix));
  return [
    client,
    "Scope strings (each the spec's; not read from the service):",
    ...scopes.map((s) => `  ${show(s.suffix.padEnd(w))}  ${show(s.scopeString)}`),
  ];
}

/** One scope: what is created (every field), updated (before -> after) or found (its drift). */
function scopeLines(
  { scope, action, fields, comparison }: ScopePlan,
  dryRun: boolean,
  { paint, show }: Style,
): string[] {
  const lines: string[] = [];
  const named = `scope ${show(scope.scope_string)}${scope.id === null ? '' : ` (id ${show(scope.id)})`}`;
  if (action === 'create') {
    const w = width(fields.map((f) => f.field));
    lines.push(dryRun ? paint.added(`+ create ${named}`) : `Created ${named}`);
    for (const { field, after } of fields)
      lines.push(...valueLines(`    + ${field.padEnd(w)} = `, after, show).map(paint.added));
  } else if (action === 'update') {
    const w = width(comparison.map((c) => c.field));
    const changed = new Map(fields.map((f) => [f.field, f]));
    lines.push(dryRun ? paint.changed(`~ update ${named}`) : `Updated ${named}`);
    for (const c of comparison) {
      const change = changed.get(c.field);
      if (change !== undefined) lines.push(...changeLines(`    ~ ${c.field.padEnd(w)} = `, change, show, paint));
      else if (c.same) lines.push(paint.dim(`      ${c.field.padEnd(w)} = ${show(valueText(c.spec))}`));
      else lines.push(paint.removed(driftLine(c, show)));
    }
  } else {
    lines.push(`Registered: ${named}`);
    for (const c of comparison) if (!c.same) lines.push(paint.removed(driftLine(c, show)));
  }
  return lines;
}

/** A value after its label: on the label's line, or a list of dependent scopes one entry a line beneath it. */
function valueLines(label: string, value: FieldValue, show: Style['show']): string[] {
  return isDependentList(value)
    ? [label.trimEnd(), ...valueEntries(value).map((e) => `        ${show(e)}`)]
    : [`${label}${show(valueText(value))}`];
}

/** A change: before -> after on one line, or, for dependent scopes, each entry removed (-), added (+) or kept. */
function changeLines(
  label: string,
  { before, after, consent }: PlanField,
  show: Style['show'],
  paint: Paint,
): string[] {
  const note = consent ? `  (${CONSENT_NOTE})` : '';
  if (!isDependentList(before) && !isDependentList(after))
    return [paint.changed(`${label}${show(valueText(before ?? []))} -> ${show(valueText(after))}${note}`)];
  const entries = (value: FieldValue | null): string[] => (isDependentList(value) ? valueEntries(value) : []);
  const was = entries(before);
  const now = entries(after);
  return [
    paint.changed(`${label.trimEnd()}${note}`),
    ...was.filter((e) => !now.includes(e)).map((e) => paint.removed(`        - ${show(e)}`)),
    ...now.map((e) => (was.includes(e) ? paint.dim(`          ${show(e)}`) : paint.added(`        + ${show(e)}`))),
  ];
}

const driftLine = (c: FieldComparison, show: Style['show']): string =>
  `    ! ${c.field}: the spec says ${show(valueText(c.spec))}, the service has ${show(valueText(c.service))}`;
