/**
 * The job summary: the report of a run (engine/conclude.ts) as the markdown the runner shows
 * on the run's page, every value scrubbed and then escaped.
 */
import type { Report } from '../engine/conclude.ts';
import { CONSENT_NOTE } from '../engine/drift.ts';
import type { Problem } from '../engine/problems.ts';
import type { ReconcileResult } from '../engine/reconcile.ts';
import { inert } from '../engine/text.ts';

/** What the workflow context says the run was for; a subset of @actions/github's context. */
export interface RunContext {
  eventName: string;
  ref: string;
  payload: { release?: { tag_name?: string; html_url?: string } };
}

export function describeRun({ eventName, ref, payload }: RunContext): string {
  const tag = payload.release?.tag_name;
  if (tag !== undefined) return `release ${tag}`;
  return ref === '' ? eventName || 'a local run' : `${eventName} on ${ref}`;
}

/**
 * Text from the spec or a server, rendered as the text it is, inside a table cell or after a
 * list marker: each character that could start a link, an image, emphasis, code, HTML, an
 * entity, an autolink (`:` of a scheme, `@` of an address) or a table cell is backslash-escaped
 * (CommonMark allows it for any punctuation); line breaks become spaces, and any other unsafe
 * character (wire/characters.ts) shows as its escape.
 */
export const escapeMarkdown = (text: string): string =>
  inert(text.replace(/\r\n|\r|\n/g, ' ').replace(/[\\`*_[\]()<>!&|:@~]/g, '\\$&'));

export interface SummaryContext {
  ranFor: string;
  /**
   * Applied to every value before it is escaped: a secret the service echoes must be found
   * while it is still whole (escaping a `\` in it would hide it from a later redaction).
   */
  scrub?: (text: string) => string;
}

function headline({ created, wouldCreate, updated, changes }: ReconcileResult, dryRun: boolean): string {
  if (wouldCreate) return 'Dry run: the provider scope would be created';
  if (dryRun && changes.length > 0) return 'Dry run: the provider scope would be updated';
  return `${dryRun ? 'Dry run: provider scope' : 'Provider scope'} ${created ? 'created' : updated ? 'updated' : 'already registered'}`;
}

export function buildSummary({ result, provider, dryRun }: Report, { ranFor, scrub = (text) => text }: SummaryContext): string {
  const { scope, scopes, created, wouldCreate, updated, changes, client, comparison } = result;
  const cell = (text: string): string => escapeMarkdown(scrub(text));
  const code = (text: string): string => `<code>${cell(text)}</code>`;
  const rows: Array<[string, string]> = [
    ['Client', `${client.name === undefined ? '' : `${cell(client.name)} `}${code(client.id)}`],
    ['Scope string', code(scope.scope_string)],
    ['Scope id', scope.id === '' ? 'none yet' : code(scope.id)],
    ['Created by this run', created ? 'yes' : wouldCreate ? 'no: dry run, nothing was created' : 'no, it already existed'],
    ['All scope strings', scopes.map((s) => code(s.scope_string)).join('<br>')],
    ['Ran for', cell(ranFor)],
  ];
  if (provider !== undefined) {
    const published = provider.published === undefined ? 'no scope' : `${code(provider.published)} as ${code(provider.key ?? '')}`;
    rows.push(['Provider publishes', `${published} ${provider.matches ? '(matches)' : '(**not a scope string of this client**)'}`]);
  }
  const lines = [`### ${headline(result, dryRun)}`, '', '| | |', '|---|---|', ...rows.map(([key, value]) => `| ${key} | ${value} |`), ''];
  if (changes.length > 0) {
    lines.push(
      updated ? '#### Updated by this run' : '#### The update a run would make',
      '',
      `| Field | Before | ${updated ? 'After' : 'Would become'} | |`,
      '|---|---|---|---|',
      ...changes.map((c) => `| ${c.field} | ${code(c.service)} | ${code(c.spec)} | ${c.field === 'dependent_scopes' ? cell(CONSENT_NOTE) : ''} |`),
      '',
    );
  }
  if (comparison.length > 0) {
    lines.push(
      '#### The spec and the service',
      '',
      '| Field | Spec | Service | Status |',
      '|---|---|---|---|',
      ...comparison.map((c) => `| ${c.field} | ${code(c.spec)} | ${code(c.service)} | ${c.same ? 'same' : '**differs**'} |`),
      '',
    );
  }
  return lines.join('\n');
}

/** A run that did nothing: every problem of the inputs and the spec, with its line. */
export function problemsSummary(problems: readonly Problem[], scrub: (text: string) => string): string {
  const items = problems.map((p) => `- ${p.location?.startLine === undefined ? '' : `line ${p.location.startLine}: `}${escapeMarkdown(scrub(p.message))}`);
  return ['### Provider scope: nothing was done', '', `The inputs or the spec have ${items.length} problem(s):`, '', ...items, ''].join('\n');
}
