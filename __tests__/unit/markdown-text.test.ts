/** dev/markdown-text.ts: markdown as the demo shows it, as a person reads it once rendered. */
import { expect, test } from '@jest/globals';
import { markdownText } from '../../dev/markdown-text.ts';

test('headings as lines, a table of names and values as name: value, one with other headings as columns, escapes and tags dropped, a long cell cut', () => {
  const markdown = [
    '<!-- a hidden marker -->',
    '### Provider scope **created**',
    '',
    '| Item | Value |',
    '|---|---|',
    '| Client | Example <code>1b0e</code> |',
    '| Strings | <code>a\\_b</code><br><code>c</code> |',
    '',
    '#### The spec',
    '',
    '| Field | Spec | Status |',
    '|---|---|---|',
    `| name | \`"${'x'.repeat(50)}"\` | same |`,
    '| a\\|b | `[]` | **differs** |',
    '',
    '---',
    '<sub>See [the run](https://github.example/run/1).</sub>',
    '',
  ].join('\n');
  expect(markdownText(markdown)).toEqual([
    'Provider scope created',
    '',
    'Client: Example 1b0e',
    'Strings: a_b, c',
    '',
    'The spec',
    '',
    `Field  Spec                                      Status`,
    `name   "${'x'.repeat(38)}…  same`,
    'a|b    []                                        differs',
    '',
    'See the run (https://github.example/run/1).',
  ]);
});
