/**
 * Text from the spec or from a server, made safe for where a door writes it. Both doors write
 * through these, after the secret is scrubbed (cutting first could leave a piece of it whole).
 * The characters are the wire's lists (wire/characters.ts): what is shown escaped, INVISIBLE,
 * is for display alone; what is accepted or refused is decided by hasUnsafe, which is narrower.
 */
import { escapeOf, hasUnsafe, INVISIBLE, INVISIBLE_BEYOND_JSON } from '../wire/characters.ts';

/** The longest message a door writes; the service's words can be long. */
export const MAX_MESSAGE = 2000;

export const clip = (text: string): string => (text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text);

/** One line, never one that starts a workflow command (`::...`) of the GitHub runner. */
export const oneLine = (text: string): string => text.replace(/\r\n|\r|\n/g, ' ⏎ ').replace(/^(\s*)::/, '$1» ::');

/**
 * Text shown to a reader (a terminal, a rendering): every unsafe or invisible character shown as
 * its escape (`\u001b`, `\u200b`), never obeyed nor hidden. Display only.
 */
export const inert = (text: string): string => text.replace(INVISIBLE, escapeOf);

/** A JSON text for a terminal: JSON already escapes C0 controls inside strings; the others too, as JSON escapes. */
export const inertJson = (json: string): string => json.replace(INVISIBLE_BEYOND_JSON, escapeOf);

/**
 * A value as code shows it: its exact text, but a line break as `\n` (`\r` as `\r`) and every
 * other unsafe or invisible character as its escape (inert). Nothing else is added or taken
 * away; a JSON text stays one that parses to the same value (the escapes are JSON's).
 */
export const literal = (text: string): string => inert(text.replace(/\r/g, '\\r').replace(/\n/g, '\\n'));

/** Whether a text holds a character a terminal or a line-based file would obey. */
export { hasUnsafe };
