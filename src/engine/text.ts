/**
 * Text from the spec or from a server, made safe for where a door writes it. Both doors write
 * through these, after the secret is scrubbed (cutting first could leave a piece of it whole).
 * The unsafe characters are one list, the wire's (wire/characters.ts).
 */
import { BEYOND_JSON, escapeOf, hasUnsafe, UNSAFE } from '../wire/characters.ts';

/** The longest message a door writes; the service's words can be long. */
export const MAX_MESSAGE = 2000;

export const clip = (text: string): string => (text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text);

/** One line, never one that starts a workflow command (`::...`) of the GitHub runner. */
export const oneLine = (text: string): string => text.replace(/\r\n|\r|\n/g, ' ⏎ ').replace(/^(\s*)::/, '$1» ::');

/** Text for a terminal: every unsafe character shown as its escape (`\u001b`), never obeyed. */
export const inert = (text: string): string => text.replace(UNSAFE, escapeOf);

/** A JSON text for a terminal: JSON already escapes C0 controls inside strings; the others too. */
export const inertJson = (json: string): string => json.replace(BEYOND_JSON, escapeOf);

/** Whether a text holds a character a terminal or a line-based file would obey. */
export { hasUnsafe };
