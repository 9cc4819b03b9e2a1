/**
 * Text from the spec or from a server, made safe for where a door writes it. Both doors write
 * through these, after the secret is scrubbed (cutting first could leave a piece of it whole).
 */

/** The longest message a door writes; the service's words can be long. */
export const MAX_MESSAGE = 2000;

export const clip = (text: string): string => (text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text);

/** One line, never one that starts a workflow command (`::...`) of the GitHub runner. */
export const oneLine = (text: string): string => text.replace(/\r\n|\r|\n/g, ' ⏎ ').replace(/^(\s*)::/, '$1» ::');

// C0 controls (escape, carriage return, bell, line breaks...), DEL, C1 controls (a lone CSI
// starts an escape sequence too), and the bidirectional overrides that reorder what is shown.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Text for a terminal: every control character shown as its escape (`\u001b`), never obeyed. */
export const inert = (text: string): string => text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** A JSON text for a terminal: JSON already escapes C0 controls inside strings; the others too. */
export const inertJson = (json: string): string => json.replace(/[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Whether a text holds a character a terminal or a line-based file would obey. */
export const hasControl = (text: string): boolean => new RegExp(CONTROL.source).test(text);
