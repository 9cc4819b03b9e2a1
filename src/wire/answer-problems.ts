/**
 * What is wrong with a server's answer that its schema refused, in words a user can act on:
 * each field by its path, what was wrong, what was expected and what came. The server's text
 * is hostile: quoted scrubbed, escaped (a control character shows as `\n` or `\u0007`) and
 * clipped, in that order, so that a cut never leaves a piece of the secret whole.
 */
import type { z } from 'zod/mini';
import { BEYOND_JSON, escapeOf, hasUnsafe } from './characters.ts';

/** The most characters of one value a message quotes. */
export const MAX_QUOTED = 120;

const LINE_BREAK = /[\r\n\u2028\u2029]/;

/** A text as JSON writes it between quotes (so a secret's JSON-escaped form still matches), with every other unsafe character as `\uXXXX` too. */
export const escapeText = (text: string): string => JSON.stringify(text).slice(1, -1).replace(BEYOND_JSON, escapeOf);

/** What makes a text unfit for one line of a log: its first line break, or else its first unsafe character. */
export function unsafeCharacter(text: string): string | undefined {
  if (LINE_BREAK.test(text)) return 'contains a line break';
  const control = [...text].find(hasUnsafe);
  return control === undefined
    ? undefined
    : `contains a control character U+${(control.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Meta data a schema's custom issue gives for the message: what it expected. */
export interface ExpectedParams {
  expected: string;
}

const EXPECTED: Readonly<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

type Issue = z.core.$ZodIssue;
type Path = readonly PropertyKey[];

/** What came (never undefined: a missing field quotes nothing), for a message: a string quoted, escaped and clipped; other values by their kind. */
function shown(value: unknown, scrub: (text: string) => string): string {
  if (value === null) return 'null';
  if (typeof value === 'string') {
    const text = escapeText(scrub(value));
    return `"${text.length > MAX_QUOTED ? `${text.slice(0, MAX_QUOTED)}…` : text}"`;
  }
  if (Array.isArray(value)) return value.length === 0 ? 'an empty list' : `a list of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}

function valueAt(root: unknown, path: Path): unknown {
  return path.reduce<unknown>(
    (value, key) =>
      typeof value === 'object' && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined,
    root,
  );
}

/** What an issue expected, in words; for a union, what each of its forms expected. */
function expectedOf(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return EXPECTED[issue.expected] ?? issue.expected;
    case 'invalid_format':
      // The service's ids are checked with z.guid() (wire/uuid.ts says why).
      if (issue.format === 'guid') return 'a UUID';
      // A pattern names what it expects in its message (e.g. `z.regex(/^bearer$/i, 'Bearer')`).
      return issue.format === 'regex' ? issue.message : `a ${issue.format}`;
    // Worded here, as every message of this module: zod/mini carries no messages of its own.
    case 'too_small':
      if (issue.origin === 'array') return `at least ${issue.minimum} item(s)`;
      if (issue.origin === 'string') return `at least ${issue.minimum} character(s)`;
      return `${issue.inclusive ? 'at least' : 'more than'} ${issue.minimum}`;
    case 'invalid_union': {
      const forms = issue.errors.flatMap((branch) => branch.filter((i) => i.path.length === 0).map(expectedOf));
      return forms.length === 0 ? 'one of its forms' : [...new Set(forms)].join(' or ');
    }
    case 'custom':
      return (issue.params as Partial<ExpectedParams> | undefined)?.expected ?? issue.message;
    default:
      return issue.message;
  }
}

/** What was wrong, in words: the custom issue's own, or what the code says. */
function problemOf(issue: Issue, value: unknown): string {
  if (value === undefined) return 'is missing';
  switch (issue.code) {
    case 'invalid_type':
      return 'has the wrong type';
    case 'invalid_format':
      return `is not ${expectedOf(issue)}`;
    case 'too_small':
      return Array.isArray(value) && value.length === 0
        ? 'is empty'
        : typeof value === 'number'
          ? 'is too small'
          : 'is too short';
    case 'custom':
      return issue.message;
    default:
      return 'is none of the forms expected';
  }
}

/**
 * One sentence per refused field of `answer`: "scopes.0.scope_string contains a line break:
 * expected a URL or a URN, got "…\n…"". A field missing says so and quotes nothing.
 */
export function describeAnswerProblems(
  issues: readonly Issue[],
  answer: unknown,
  scrub: (text: string) => string = (text) => text,
): string {
  const sentences = issues.map((issue) => {
    const field = issue.path.map(String).join('.') || 'the body';
    const value = valueAt(answer, issue.path);
    const problem = problemOf(issue, value);
    return `${field} ${problem}: expected ${expectedOf(issue)}${value === undefined ? '' : `, got ${shown(value, scrub)}`}`;
  });
  return [...new Set(sentences)].join('; ');
}
