/**
 * engine/text.ts on its own: what each door does to text from the spec or a server before it
 * writes it (a log line of the runner, a terminal), character by character.
 */
import { describe, expect, test } from '@jest/globals';
import { clip, hasUnsafe, inert, inertJson, MAX_MESSAGE, oneLine } from '../../src/engine/text.ts';

describe('clip', () => {
  test(`a text of ${MAX_MESSAGE} characters is kept whole; one more is cut there, with an ellipsis`, () => {
    const whole = 'a'.repeat(MAX_MESSAGE);
    expect(clip(whole)).toBe(whole);
    expect(clip(`${whole}bc`)).toBe(`${whole}…`);
  });
});

describe('oneLine', () => {
  test.each([
    ['each kind of line break becomes one visible mark', 'a\r\nb\rc\nd', 'a ⏎ b ⏎ c ⏎ d'],
    ['a workflow command at the start is defused', '::set-output name=x::y', '» ::set-output name=x::y'],
    [
      'after leading white space too, which the runner trims first (actions/runner, ActionCommand.TryParseV2)',
      '  \t::add-mask::x',
      '  \t» ::add-mask::x',
    ],
    ['a command after a line break cannot start a line', 'ok\n::error::forged', 'ok ⏎ ::error::forged'],
    ['"::" inside a line is left alone', 'see a::b', 'see a::b'],
    ['a word before "::" is not a command', 'note::x', 'note::x'],
  ])('%s', (_what, text, line) => {
    expect(oneLine(text)).toBe(line);
  });
});

describe('inert', () => {
  test.each([
    ['an escape sequence', '\u001b[31mred', '\\u001b[31mred'],
    ['a bell, a NUL and a line break', 'a\u0007\u0000\n', 'a\\u0007\\u0000\\u000a'],
    ['DEL and a C1 CSI', '\u007f\u009b', '\\u007f\\u009b'],
    ['the bidi overrides and isolates', '\u202a\u202e\u2066\u2069', '\\u202a\\u202e\\u2066\\u2069'],
    ['printable text, accents and emoji', 'Café ✓ 🚀 "q"', 'Café ✓ 🚀 "q"'],
  ])('%s', (_what, text, shown) => {
    expect(inert(text)).toBe(shown);
  });
});

describe('inertJson', () => {
  test('escapes what JSON leaves raw (DEL, C1, bidi) and nothing JSON escaped already', () => {
    const json = JSON.stringify({ value: 'a\u001b\u007f\u009b\u202eb' });
    expect(inertJson(json)).toBe('{"value":"a\\u001b\\u007f\\u009b\\u202eb"}');
    expect(JSON.parse(inertJson(json))).toEqual({ value: 'a\u001b\u007f\u009b\u202eb' });
  });
});

describe('hasUnsafe', () => {
  test.each([
    ['an escape sequence', true, '\u001b[2J'],
    ['a tab', true, 'a\tb'],
    ['a C1 next-line', true, '\u0085'],
    ['a bidi isolate', true, '\u2067'],
    // The marks and separators the answers' checks always refused: one list for every use.
    ['a left-to-right mark', true, 'a\u200eb'],
    ['a right-to-left mark', true, 'a\u200fb'],
    ['a line separator', true, 'a\u2028b'],
    ['a paragraph separator', true, 'a\u2029b'],
    ['printable text', false, 'plain ✓ text'],
  ])('%s: %s', (_what, found, text) => {
    expect(hasUnsafe(text)).toBe(found);
  });

  test('gives the same answer when asked twice (no state kept between calls)', () => {
    expect([hasUnsafe('\u0007x'), hasUnsafe('\u0007x'), hasUnsafe('\u0007x')]).toEqual([true, true, true]);
  });
});
