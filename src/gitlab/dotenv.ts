/**
 * The outputs as a dotenv file, the way GitLab CI hands values to later jobs
 * (`artifacts:reports:dotenv`, https://docs.gitlab.com/ci/yaml/artifacts_reports/#artifactsreportsdotenv):
 * one `NAME=value` per line, no quotes (GitLab keeps them as part of the value), no empty
 * line, no comment, no multi-line value, under 5 KB. A value that such a file cannot hold is
 * refused, by name, rather than written garbled. The `scopes` output is JSON, which the file
 * does not carry: a spec that lists scopes gets a `SCOPE_STRING_<SUFFIX>` and a `SCOPE_ID_<SUFFIX>`
 * line per scope instead.
 */
import type { Outputs, Problem, SpecFile, Telling } from '../engine/index.ts';
import { hasUnsafe } from '../engine/text.ts';
import { namedOutputStrings, type OutputStrings } from '../render/outputs.ts';
import { ActionError } from '../wire/errors.ts';

/** GitLab refuses a dotenv report of 5 KB or more. */
export const MAX_BYTES = 5 * 1024;

/** A variable's name GitLab takes: letters, digits and underscores. */
const NAME = /^[A-Za-z0-9_]+$/;

/** The line's name for a listed scope's string. */
export const scopeStringName = (suffix: string): string => `SCOPE_STRING_${suffix.toUpperCase()}`;

/** The line's name for a listed scope's id. */
export const scopeIdName = (suffix: string): string => `SCOPE_ID_${suffix.toUpperCase()}`;

/** The outputs' lines; a plan whose scopes are told apart (a spec that lists them) gives each scope lines of its own. */
export function dotenvOf(outputs: Outputs, { apart }: Pick<Telling, 'apart'>): string {
  // The action's values, but the scopes output, which the file does not carry.
  const fields = namedOutputStrings(outputs);
  const perScope = apart
    ? Object.entries(outputs.scopes).map(([suffix, s]): PerScope => [suffix, s.scope_string, s.scope_id])
    : [];
  const text = textOf(fields, perScope);
  if (Buffer.byteLength(text) >= MAX_BYTES) {
    throw new ActionError(
      `--dotenv: the outputs take ${Buffer.byteLength(text)} bytes, and GitLab reads a dotenv report under ${MAX_BYTES} only. Nothing was written; use --json instead.`,
    );
  }
  return text;
}

/** A listed scope's lines: its suffix, its scope string and its id (empty while only planned). */
type PerScope = [suffix: string, scopeString: string, scopeId: string];

/** A line: what a message calls its value, the line's name, the value. */
type Line = [output: string, name: string, value: string];

/** The file's text, each value checked; its size not yet. */
function textOf(fields: Omit<OutputStrings, 'scopes'>, perScope: readonly PerScope[]): string {
  const named: Line[] = [
    ...Object.entries(fields).map(([name, value]): Line => [name, name.toUpperCase(), value]),
    ...perScope.flatMap(([suffix, scopeString, scopeId]): Line[] => [
      [`scope_string of ${suffix}`, scopeStringName(suffix), scopeString],
      [`scope_id of ${suffix}`, scopeIdName(suffix), scopeId],
    ]),
  ];
  const lines = named.map(([output, name, value]) => {
    // Leading or trailing blanks are trimmed by GitLab; control characters would break the line.
    if (hasUnsafe(value) || value.trim() !== value) {
      throw new ActionError(
        `--dotenv: the output ${output} holds a line break, a control character or blanks at its ends, which a dotenv file cannot hold. Nothing was written; use --json instead.`,
      );
    }
    return `${name}=${value}`;
  });
  return `${lines.join('\n')}\n`;
}

/**
 * Before any request: a spec that lists scopes must give each a name the file can hold, and
 * fit in it with the scope strings and ids it implies (the client's other scopes may still add more).
 */
export function dotenvProblems(
  { telling, scopes }: Pick<SpecFile, 'telling' | 'scopes'>,
  scopeStringFor: (suffix: string) => string,
): Problem[] {
  if (!telling.apart) return [];
  const problems: Problem[] = [];
  const names = new Map<string, string>();
  for (const { scope_suffix: suffix } of scopes) {
    const name = scopeStringName(suffix);
    const twin = names.get(name);
    if (!NAME.test(suffix)) {
      problems.push({
        field: 'dotenv',
        message: `--dotenv: the scope suffix ${JSON.stringify(suffix)} cannot make a variable's name (${name}): GitLab takes letters, digits and underscores. Use --json instead.`,
      });
    } else if (twin !== undefined) {
      problems.push({
        field: 'dotenv',
        message: `--dotenv: the scope suffixes ${twin} and ${suffix} make the same variable's name, ${name}. Use --json instead.`,
      });
    }
    names.set(name, suffix);
  }
  if (problems.length > 0) return problems;
  // The file a run would write if the client had the listed scopes alone, each value as long as it will be.
  const perScope = scopes.map((s): PerScope => [s.scope_suffix, scopeStringFor(s.scope_suffix), NO_ID]);
  const strings = perScope.map(([, scopeString]) => scopeString);
  const fields = {
    // The first listed scope's, as a run's output (the schema lists at least one).
    scope_string: strings[0] ?? '',
    scope_id: NO_ID,
    scope_strings: JSON.stringify(strings),
    created: 'false',
    updated: 'false',
    changes: 'false',
  };
  const bytes = Buffer.byteLength(textOf(fields, perScope));
  if (bytes < MAX_BYTES) return [];
  return [
    {
      field: 'dotenv',
      message:
        `--dotenv: the ${scopes.length} listed scopes' strings and ids alone take ${bytes} bytes in a dotenv file, and GitLab reads one under ${MAX_BYTES} only. ` +
        'List fewer scopes in one spec, or use --json instead.',
    },
  ];
}

/** As long as a scope's id. */
const NO_ID = '00000000-0000-0000-0000-000000000000';
