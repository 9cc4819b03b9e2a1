/**
 * The outputs as strings, as the action sets them: a list or the scopes as JSON, a flag as
 * `true` or `false`. The action writes them so (github/action.ts); the job summary, the
 * terminal's report and the dotenv lines show the same values.
 */
import type { Outputs } from '../engine/index.ts';

export type OutputStrings = Record<keyof Outputs, string>;

export const outputStrings = ({
  scope_string,
  scope_id,
  scope_strings,
  created,
  updated,
  changes,
  scopes,
}: Outputs): OutputStrings => ({
  scope_string,
  scope_id,
  scope_strings: JSON.stringify(scope_strings),
  created: String(created),
  updated: String(updated),
  changes: String(changes),
  scopes: JSON.stringify(scopes),
});

/** The outputs as strings but `scopes`, which the summary shows as a table and dotenv as lines of their own. */
export function namedOutputStrings(outputs: Outputs): Omit<OutputStrings, 'scopes'> {
  const { scope_string, scope_id, scope_strings, created, updated, changes } = outputStrings(outputs);
  return { scope_string, scope_id, scope_strings, created, updated, changes };
}
