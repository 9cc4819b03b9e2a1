import { describe, expect, test } from '@jest/globals';
import { redactor, secretForms } from '../src/secrets.ts';

const CLIENT_ID = '6f4d4ff0-0f3c-4a55-9a8e-5a8c1f3d2b10';

describe('secretForms', () => {
  test.each<[string, string, string, string[]]>([
    // base64('id:plain') = aWQ6cGxhaW4=; URL encoding leaves it unchanged, so it is not repeated.
    ['a plain secret: itself and the Basic credential', 'id', 'plain', ['plain', 'aWQ6cGxhaW4=']],
    [
      'a secret that URL encoding changes: its encoded form too',
      'id',
      'a b/c+d=',
      ['a b/c+d=', 'aWQ6YSBiL2MrZD0=', 'a%20b%2Fc%2Bd%3D'],
    ],
    [
      'the Basic credential holds the real client ID',
      CLIENT_ID,
      's3cret',
      ['s3cret', Buffer.from(`${CLIENT_ID}:s3cret`).toString('base64')],
    ],
    [
      'a multi-line secret: each non-blank line too, as it is',
      'id',
      'line1\r\nline2\n\n  \nline3 ',
      [
        'line1\r\nline2\n\n  \nline3 ',
        'aWQ6bGluZTENCmxpbmUyCgogIApsaW5lMyA=',
        'line1%0D%0Aline2%0A%0A%20%20%0Aline3%20',
        'line1\\r\\nline2\\n\\n  \\nline3 ', // as JSON.stringify writes it
        'line1',
        'line2',
        'line3 ',
      ],
    ],
    ['an empty secret: nothing to mask', 'id', '', []],
    ['an empty secret with an empty client ID', '', '', []],
  ])('%s', (_title, clientId, secret, expected) => {
    expect(secretForms(clientId, secret)).toEqual(expected);
  });

  test('the Basic form is made with the client ID as given and in lower case, as the header sends it', () => {
    const forms = secretForms('6F4D4FF0-0F3C-4A55-9A8E-5A8C1F3D2B10', 's3cret');
    expect(forms).toContain(Buffer.from('6F4D4FF0-0F3C-4A55-9A8E-5A8C1F3D2B10:s3cret').toString('base64'));
    expect(forms).toContain(Buffer.from('6f4d4ff0-0f3c-4a55-9a8e-5a8c1f3d2b10:s3cret').toString('base64'));
  });

  test('a secret with quotes or backslashes also in its JSON-escaped form', () => {
    expect(secretForms('id', 'a"b\\c')).toContain('a\\"b\\\\c');
  });

  test('the Basic form is the one an Authorization header carries', () => {
    const [, basic] = secretForms(CLIENT_ID, 'e2e+Secret/with=chars&more?');
    expect(Buffer.from(basic ?? '', 'base64').toString('utf8')).toBe(`${CLIENT_ID}:e2e+Secret/with=chars&more?`);
  });
});

describe('redactor', () => {
  test.each<[string, string[], string, string]>([
    ['replaces every occurrence of every form', ['abc', 'xyz'], 'abc and xyz, then abc again', '*** and ***, then *** again'],
    ['replaces a form that contains another whole, whatever the order given', ['abc', 'abcdef'], 'xabcdefx abc', 'x***x ***'],
    ['the same with the longer form given first', ['abcdef', 'abc'], 'xabcdefx abc', 'x***x ***'],
    ['a shorter form inside a longer one that is not a form is still replaced', ['abc'], 'abcdef', '***def'],
    ['leaves a text without any form unchanged', ['abc'], 'nothing to hide', 'nothing to hide'],
    ['no forms: the identity', [], 'abc', 'abc'],
  ])('%s', (_title, forms, text, expected) => {
    expect(redactor(forms)(text)).toBe(expected);
  });

  test('redacts every form that secretForms gives, in a log line', () => {
    const secret = 'e2e+Secret/with=chars&more?';
    const forms = secretForms(CLIENT_ID, secret);
    const basic = Buffer.from(`${CLIENT_ID}:${secret}`).toString('base64');
    const line = `secret=${secret} auth="Basic ${basic}" url=https://x.example.org/?s=${encodeURIComponent(secret)}`;
    expect(redactor(forms)(line)).toBe('secret=*** auth="Basic ***" url=https://x.example.org/?s=***');
  });

  test('a multi-line secret is replaced whole, and each of its lines alone', () => {
    const redact = redactor(secretForms('id', 'first-line\nsecond-line'));
    expect(redact('<first-line\nsecond-line>')).toBe('<***>');
    expect(redact('only second-line here, then first-line')).toBe('only *** here, then ***');
  });
});
