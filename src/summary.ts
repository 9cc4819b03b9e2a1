import type { EnsureResult } from './reconcile.ts';

/** What the workflow context says the run was for; a subset of @actions/github's context. */
export interface RunContext {
  eventName: string;
  ref: string;
  payload: { release?: { tag_name?: string; html_url?: string } };
}

export interface Outputs {
  scope_string: string;
  scope_id: string;
  scope_strings: string;
  created: string;
}

export function outputsOf(result: EnsureResult): Outputs {
  return {
    scope_string: result.scope.scope_string,
    scope_id: result.scope.id,
    scope_strings: JSON.stringify(result.scopes.map((s) => s.scope_string)),
    created: String(result.created),
  };
}

export function describeRun({ eventName, ref, payload }: RunContext): string {
  const tag = payload.release?.tag_name;
  if (tag !== undefined) return `release ${tag}`;
  return ref === '' ? eventName || 'a local run' : `${eventName} on ${ref}`;
}

// Table cells hold names from the service and the spec: keep them from breaking the table.
const cell = (text: string): string => text.replace(/[|\\]/g, '\\$&').replace(/\r?\n/g, ' ').replace(/</g, '&lt;');
const code = (text: string): string => `<code>${cell(text)}</code>`;

export function buildSummary(result: EnsureResult, ranFor: string): string {
  const { scope, scopes, created, client } = result;
  const rows: Array<[string, string]> = [
    ['Client', `${client.name === undefined ? '' : `${cell(client.name)} `}${code(client.id)}`],
    ['Scope string', code(scope.scope_string)],
    ['Scope id', code(scope.id)],
    ['Created by this run', created ? 'yes' : 'no, it already existed'],
    ['All scope strings', scopes.map((s) => code(s.scope_string)).join('<br>')],
    ['Ran for', cell(ranFor)],
  ];
  return [
    `### Provider scope ${created ? 'created' : 'already registered'}`,
    '',
    '| | |',
    '|---|---|',
    ...rows.map(([key, value]) => `| ${key} | ${value} |`),
    '',
  ].join('\n');
}
