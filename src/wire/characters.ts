/**
 * The one list of characters that a terminal, a line-based log or a markdown renderer would
 * obey rather than show: the C0 controls (escape, carriage return, bell, line breaks...), DEL,
 * the C1 controls (a lone CSI starts an escape sequence too), the line and paragraph
 * separators, and the marks and overrides that reorder what is shown (U+200E, U+200F,
 * U+202A-U+202E, U+2066-U+2069). The checks of a server's answers, and what the spec, `import`
 * and `--dotenv` accept or refuse, use it (UNSAFE, hasUnsafe) and nothing wider.
 */
const C0 = '\\u0000-\\u001f';
/** Those that JSON leaves as they are inside a string (it escapes C0 itself). */
const BEYOND_JSON_SOURCE = '\\u007f-\\u009f\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069';
/**
 * Unicode's format characters (general category Cf), which no reader sees as themselves: the
 * zero-width space, non-joiner and joiner (U+200B-U+200D), the direction marks and the Arabic
 * letter mark (U+200E, U+200F, U+061C), the embeddings, overrides and isolates (U+202A-U+202E,
 * U+2066-U+2069), the word joiner and the invisible operators (U+2060-U+2064), the BOM
 * (U+FEFF), the Mongolian vowel separator (U+180E), the soft hyphen, the tag characters.
 */
const FORMAT = '\\p{Cf}';

/** Every unsafe character (global: for replace). */
export const UNSAFE = new RegExp(`[${C0}${BEYOND_JSON_SOURCE}]`, 'g');
/** The unsafe characters JSON.stringify leaves in a string (global: for replace). */
export const BEYOND_JSON = new RegExp(`[${BEYOND_JSON_SOURCE}]`, 'g');

/**
 * For display only: every character a reader would not see as itself, the unsafe ones and the
 * format characters (global: for replace). Every rendering and the terminal show each as its
 * escape; nothing accepted or refused depends on it.
 */
export const INVISIBLE = new RegExp(`[${C0}${BEYOND_JSON_SOURCE}${FORMAT}]`, 'gu');
/** The invisible characters JSON.stringify leaves in a string (global: for replace). */
export const INVISIBLE_BEYOND_JSON = new RegExp(`[${BEYOND_JSON_SOURCE}${FORMAT}]`, 'gu');

/** Whether a text holds an unsafe character (a fresh regex: no lastIndex carried between calls). */
export const hasUnsafe = (text: string): boolean => new RegExp(UNSAFE.source).test(text);

/**
 * A character as the escape a reader sees instead, as JSON writes it: `\u001b`; one beyond
 * U+FFFF as its two UTF-16 units, `\udb40\udc01`, which a JSON string reads back as the character.
 */
export const escapeOf = (char: string): string =>
  char
    .split('')
    .map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .join('');
