/**
 * The one list of characters that a terminal, a line-based log or a markdown renderer would
 * obey rather than show: the C0 controls (escape, carriage return, bell, line breaks...), DEL,
 * the C1 controls (a lone CSI starts an escape sequence too), the line and paragraph
 * separators, and the marks and overrides that reorder what is shown (U+200E, U+200F,
 * U+202A-U+202E, U+2066-U+2069). The terminal's text, the markdown of a summary and the checks
 * of a server's answers all use it.
 */
const C0 = '\\u0000-\\u001f';
/** Those that JSON leaves as they are inside a string (it escapes C0 itself). */
const BEYOND_JSON_SOURCE = '\\u007f-\\u009f\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069';

/** Every unsafe character (global: for replace). */
export const UNSAFE = new RegExp(`[${C0}${BEYOND_JSON_SOURCE}]`, 'g');
/** The unsafe characters JSON.stringify leaves in a string (global: for replace). */
export const BEYOND_JSON = new RegExp(`[${BEYOND_JSON_SOURCE}]`, 'g');

/** Whether a text holds an unsafe character (a fresh regex: no lastIndex carried between calls). */
export const hasUnsafe = (text: string): boolean => new RegExp(UNSAFE.source).test(text);

/** A character as the escape a reader sees instead: `\u001b`. */
export const escapeOf = (char: string): string => `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`;
