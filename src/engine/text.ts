/**
 * Text from the spec or from a server, made safe for where a door writes it. Both doors write
 * through these, after the secret is scrubbed (cutting first could leave a piece of it whole).
 */

/** The longest message a door writes; the service's words can be long. */
export const MAX_MESSAGE = 2000;

export const clip = (text: string): string => (text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text);

/** One line, never one that starts a workflow command (`::...`) of the GitHub runner. */
export const oneLine = (text: string): string => text.replace(/\r\n|\r|\n/g, ' ⏎ ').replace(/^(\s*)::/, '$1» ::');
