/**
 * What a person reads on the terminal: the plan as a diff, field by field, before and after,
 * and what apply would send; what apply did; the outputs. Every value from the spec or the
 * service is shown inert (its control characters escaped) and scrubbed by the caller.
 */
import type { Conclusion } from '../engine/conclude.ts';
import { CONSENT_NOTE, suffixOf } from '../engine/drift.ts';
import type { Naming } from '../engine/settings.ts';
import type { Command } from './help.ts';

/** Colours, or plain text when the terminal should not get them (main.ts, painter). */
export interface Paint {
  added(text: string): string;
  changed(text: string): string;
  removed(text: string): string;
  dim(text: string): string;
  bold(text: string): string;
}

export interface Style {
  /** The --on-drift the run had. */
  onDrift: string;
  /** The command line's words, for the advice. */
  naming: Pick<Naming, 'assign'>;
  paint: Paint;
  /** Makes a value from the spec or the service safe to show: scrubbed, its control characters escaped. */
  show: (text: string) => string;
}

/** The lines of the report, or none when the run failed before the scope was known. */
export function humanReport(command: Command, { report, outputs }: Conclusion, { onDrift, naming, paint, show }: Style): string[] {
  if (report === undefined || outputs === undefined) return [];
  const { result } = report;
  const lines: string[] = [];
  const width = (fields: readonly string[]): number => Math.max(...fields.map((f) => f.length));

  if (command === 'plan' && result.wouldCreate) {
    const fields = Object.entries(result.definition).filter(([, v]) => v !== undefined);
    const w = width(fields.map(([f]) => f));
    lines.push(paint.added(`+ create scope ${show(result.scope.scope_string)}`));
    for (const [field, value] of fields) lines.push(paint.added(`    + ${field.padEnd(w)} = ${show(JSON.stringify(value))}`));
    lines.push('', `${paint.bold('Plan: 1 scope to create.')} apply would send POST /v2/api/clients/${show(result.client.id)}/scopes.`);
  } else if (command === 'plan' && result.changes.length > 0) {
    const w = width(result.comparison.map((c) => c.field));
    lines.push(paint.changed(`~ update scope ${show(result.scope.scope_string)} (id ${show(result.scope.id)})`));
    for (const c of result.comparison) {
      const note = c.field === 'dependent_scopes' && !c.same ? `  (${CONSENT_NOTE})` : '';
      lines.push(c.same ? paint.dim(`      ${c.field.padEnd(w)} = ${show(c.spec)}`) : paint.changed(`    ~ ${c.field.padEnd(w)} = ${show(c.service)} -> ${show(c.spec)}${note}`));
    }
    const fields = result.changes.map((c) => c.field).join(', ');
    const suffix = suffixOf(result.scope.scope_string);
    const variants = result.scopes.filter((s) => s.id !== result.scope.id && suffixOf(s.scope_string) === suffix).length;
    lines.push(
      '',
      `${paint.bold(`Plan: ${result.changes.length} field(s) to change.`)} apply would send PUT /v2/api/scopes/${show(result.scope.id)} with ${fields}` +
        (variants === 0 ? '.' : ` (and the same to the ${variants} FQDN variant(s) of the scope).`),
    );
  } else {
    const drift = result.comparison.filter((c) => !c.same);
    const head = result.created ? 'Created' : result.updated ? 'Updated' : 'Registered:';
    lines.push(`${head} scope ${show(result.scope.scope_string)} (id ${show(result.scope.id)})`);
    for (const c of drift) lines.push(paint.removed(`    ! ${c.field}: the spec says ${show(c.spec)}, the service has ${show(c.service)}`));
    if (command === 'plan') {
      lines.push('', `${paint.bold(drift.length === 0 ? 'No changes.' : 'No changes planned:')} ${noChanges(drift.map((c) => c.field), onDrift, naming)}`);
    }
  }
  if (report.provider !== undefined) {
    const { url, published, matches } = report.provider;
    lines.push(`Provider ${show(url)}: ${published === undefined ? 'publishes no scope' : `publishes ${show(published)}`} ${matches ? '(a scope string of this client)' : '(NOT a scope string of this client)'}`);
  }
  const names = Object.keys(outputs);
  const w = width(names);
  lines.push('', paint.bold('Outputs:'), ...Object.entries(outputs).map(([name, value]) => `  ${name.padEnd(w)} = ${show(value)}`));
  return lines;
}

/**
 * Why a plan writes nothing, and what an update would do: never a change of the suffix, which
 * no update makes (an update refuses while it differs), so that plan and plan with an update
 * never contradict each other.
 */
function noChanges(drift: readonly string[], onDrift: string, { assign }: Pick<Naming, 'assign'>): string {
  if (drift.length === 0) return 'The scope matches the spec.';
  const update = assign('on_drift', 'update');
  const kept = `with ${assign('on_drift', onDrift)}, apply leaves the scope as it is`;
  if (drift.includes('scope_suffix')) {
    return `${kept}. scope_suffix differs, and no update changes a suffix: ${update} refuses until the spec has the scope's suffix again.`;
  }
  return `${kept}; ${update} would change ${drift.length} field(s).`;
}
