import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { credentialForms, keepSecrets, scrubber, secretForms } from '../../src/engine/secrets.ts';

const CLIENT_ID = '6f4d4ff0-0f3c-4a55-9a8e-5a8c1f3d2b10';

describe('secretForms', () => {
  test('the secret as given, and each of the forms a service could echo it in', () => {
    const secret = 'a b/c+d="e"';
    const forms = secretForms('id', secret);
    expect(forms).toEqual(
      expect.arrayContaining([
        secret,
        Buffer.from(`id:${secret}`).toString('base64'), // the Basic credential
        Buffer.from(`id:${secret}`).toString('base64url'),
        'a%20b%2Fc%2Bd%3D%22e%22', // URL-encoded
        'a%20b%2fc%2bd%3d%22e%22', // with lower-case hex
        'a+b%2Fc%2Bd%3D%22e%22', // form-encoded
        'a b/c+d=\\"e\\"', // JSON-escaped
      ]),
    );
  });

  test('the Basic credential in base64url has no padding, whether base64 pads it with one = or two', () => {
    for (const secret of ['abcdefgh', 'abcdefghij']) {
      const credential = Buffer.from(`id:${secret}`);
      expect(credential.toString('base64')).toMatch(/=$/);
      expect(secretForms('id', secret)).toContain(credential.toString('base64url'));
    }
  });

  test('a multi-line secret: each non-blank line too, as it is', () => {
    expect(secretForms('id', 'line-one\r\nline-two\n\n  \nline-three ')).toEqual(
      expect.arrayContaining(['line-one', 'line-two', 'line-three ']),
    );
  });

  test('a blank line of a multi-line secret is no form, however long: blanks would be masked everywhere', () => {
    const blank = ' '.repeat(12);
    const forms = secretForms('id', `line-one\n${blank}\nline-two`);
    expect(forms).toEqual(expect.arrayContaining(['line-one', 'line-two']));
    expect(forms.filter((form) => form.trim() === '')).toEqual([]);
  });

  test('a derived form of exactly 8 characters is kept, one of 7 left out', () => {
    // 'abcdef"' (7): its JSON-escaped form 'abcdef\\"' has 8; its lines and encodings that equal it are the secret itself.
    const forms = secretForms('id', 'abcdef"');
    expect(forms).toContain('abcdef\\"');
    expect(forms.filter((form) => form.length === 7)).toEqual(['abcdef"']);
  });

  test('an empty secret: nothing to mask', () => {
    expect(secretForms('id', '')).toEqual([]);
    expect(secretForms('', '')).toEqual([]);
  });

  test('no form shorter than 8 characters, unless the secret itself is', () => {
    expect(secretForms('id', 'a-long-secret-value').every((form) => form.length >= 8)).toBe(true);
    expect(secretForms('id', 'abc')).toContain('abc');
  });

  // The runner masks the secret as given at any length; a derived form that short would match
  // ordinary text by chance ("x" has the base64 fragment "e").
  test.each(['x', 'p4ss'])(
    'a short secret (%j): the secret and its Basic credential, and no derived form under 8 characters',
    (secret) => {
      const forms = secretForms(CLIENT_ID, secret);
      expect(forms[0]).toBe(secret);
      expect(forms).toContain(Buffer.from(`${CLIENT_ID}:${secret}`).toString('base64'));
      expect(forms.filter((form) => form !== secret && form.length < 8)).toEqual([]);
    },
  );

  test.each(['x', 'p4ss'])(
    'a short secret (%j): a message stays readable, masked only where the secret itself is',
    (secret) => {
      const message = 'Input client_id is not a UUID: use the Client ID shown in the expanded description of the app';
      const basic = Buffer.from(`${CLIENT_ID}:${secret}`).toString('base64');
      const redact = scrubber(secretForms(CLIENT_ID, secret));
      expect(redact(message)).toBe(message.replaceAll(secret, '***'));
      expect(redact(`${message} ${secret} Basic ${basic}`)).toBe(`${message.replaceAll(secret, '***')} *** Basic ***`);
    },
  );

  // Whatever text surrounds it, the base64 (or base64url) of a text holding the secret never
  // shows it: some fragment of the secret's own characters is always replaced.
  test('base64 and base64url of the secret inside any text, at any alignment, are scrubbed', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 8, maxLength: 40 }),
        fc.string({ maxLength: 5 }),
        fc.string({ maxLength: 5 }),
        (secret, before, after) => {
          const redact = scrubber(secretForms(CLIENT_ID, secret));
          for (const encoding of ['base64', 'base64url'] as const) {
            const echoed = Buffer.from(`${before}${secret}${after}`).toString(encoding);
            const scrubbed = redact(echoed);
            expect(scrubbed).toContain('***');
            expect(Buffer.from(scrubbed.replace(/\*\*\*/g, ''), encoding).toString()).not.toContain(secret);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  test('the Basic form is made with the client ID as given and in lower case, as the header sends it', () => {
    const forms = secretForms('6F4D4FF0-0F3C-4A55-9A8E-5A8C1F3D2B10', 's3cret');
    expect(forms).toContain(Buffer.from('6F4D4FF0-0F3C-4A55-9A8E-5A8C1F3D2B10:s3cret').toString('base64'));
    expect(forms).toContain(Buffer.from('6f4d4ff0-0f3c-4a55-9a8e-5a8c1f3d2b10:s3cret').toString('base64'));
  });

  test('a secret with quotes or backslashes also in its JSON-escaped form', () => {
    expect(secretForms('id', 'a"b\\c-long')).toContain('a\\"b\\\\c-long');
  });

  test('the Basic form is the one an Authorization header carries', () => {
    const [, basic] = secretForms(CLIENT_ID, 'e2e+Secret/with=chars&more?');
    expect(Buffer.from(basic ?? '', 'base64').toString('utf8')).toBe(`${CLIENT_ID}:e2e+Secret/with=chars&more?`);
  });

  test.each([
    ['form encoding', (s: string) => new URLSearchParams({ q: s }).toString()],
    [
      'lower-case percent encoding',
      (s: string) => encodeURIComponent(s).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
    ],
  ])('%s of the secret is scrubbed', (_what, encode) => {
    const secret = 'With Space/and+plus?';
    expect(scrubber(secretForms(CLIENT_ID, secret))(encode(secret))).not.toMatch(/With|plus/i);
  });
});

describe('scrubber', () => {
  test.each<[string, string[], string, string]>([
    [
      'replaces every occurrence of every form',
      ['abc', 'xyz'],
      'abc and xyz, then abc again',
      '*** and ***, then *** again',
    ],
    [
      'replaces a form that contains another whole, whatever the order given',
      ['abc', 'abcdef'],
      'xabcdefx abc',
      'x***x ***',
    ],
    ['the same with the longer form given first', ['abcdef', 'abc'], 'xabcdefx abc', 'x***x ***'],
    ['a shorter form inside a longer one that is not a form is still replaced', ['abc'], 'abcdef', '***def'],
    ['leaves a text without any form unchanged', ['abc'], 'nothing to hide', 'nothing to hide'],
    ['no forms: the identity', [], 'abc', 'abc'],
  ])('%s', (_title, forms, text, expected) => {
    expect(scrubber(forms)(text)).toBe(expected);
  });

  test('redacts every form that secretForms gives, in a log line', () => {
    const secret = 'e2e+Secret/with=chars&more?';
    const forms = secretForms(CLIENT_ID, secret);
    const basic = Buffer.from(`${CLIENT_ID}:${secret}`).toString('base64');
    const line = `secret=${secret} auth="Basic ${basic}" url=https://x.example.org/?s=${encodeURIComponent(secret)}`;
    expect(scrubber(forms)(line)).toBe('secret=*** auth="Basic ***" url=https://x.example.org/?s=***');
  });

  test('a multi-line secret is replaced whole, and each of its lines alone', () => {
    const redact = scrubber(secretForms('id', 'first-line\nsecond-line'));
    expect(redact('<first-line\nsecond-line>')).toBe('<***>');
    expect(redact('only second-line here, then first-line')).toBe('only *** here, then ***');
  });
});

describe('credentialForms (the access token of auth: token)', () => {
  test('the token as given, in its Bearer header, and in the forms of the secret', () => {
    const token = 'Ag7Xy+z/9=tok"en';
    expect(credentialForms(token)).toEqual(
      expect.arrayContaining([
        token,
        `Bearer ${token}`,
        'Ag7Xy%2Bz%2F9%3Dtok%22en', // URL-encoded
        'Ag7Xy%2bz%2f9%3dtok%22en', // with lower-case hex
        'Ag7Xy%2Bz%2F9%3Dtok%22en', // form-encoded: no space to turn into +
        'Ag7Xy+z/9=tok\\"en', // JSON-escaped
      ]),
    );
  });

  test('an empty token: nothing to mask', () => {
    expect(credentialForms('')).toEqual([]);
  });

  test('its base64 inside any text is scrubbed, at any alignment', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 8, maxLength: 60 }), fc.string({ maxLength: 5 }), (token, before) => {
        const echoed = Buffer.from(`${before}${token}`).toString('base64');
        expect(scrubber(credentialForms(token))(echoed)).toContain('***');
      }),
      { numRuns: 200 },
    );
  });
});

describe('a scrubber that learns', () => {
  test('forms learnt later are scrubbed from then on, with those it had, longest first', () => {
    const scrub = scrubber(['secret-value']);
    expect(scrub('secret-value Bearer opaque-token')).toBe('*** Bearer opaque-token');
    scrub.learn(credentialForms('opaque-token'));
    expect(scrub('secret-value Bearer opaque-token, then opaque-token')).toBe('*** ***, then ***');
  });
});

describe('keepSecrets: the one keeper of a run', () => {
  test("hands each of the secret's forms to the door's mask at once, and each of the token's when it arrives, before scrubbing it", () => {
    const masked: string[] = [];
    const secrets = keepSecrets(CLIENT_ID, 'a-long-client-secret', (form) => masked.push(form));
    expect(masked).toEqual(secretForms(CLIENT_ID, 'a-long-client-secret'));
    expect(secrets.scrub('a-long-client-secret and opaque-token-value')).toBe('*** and opaque-token-value');
    secrets.learn('opaque-token-value');
    expect(masked.slice(-credentialForms('opaque-token-value').length)).toEqual(credentialForms('opaque-token-value'));
    expect(secrets.scrub('a-long-client-secret and Bearer opaque-token-value')).toBe('*** and ***');
  });

  test("a rotation's new secret: every form of a secret (the Basic credential's too) masked, then scrubbed beside the old one", () => {
    const masked: string[] = [];
    const secrets = keepSecrets(CLIENT_ID, 'the-old-client-secret', (form) => masked.push(form));
    const before = masked.length;
    secrets.learnSecret('the-new-client-secret');
    expect(masked.slice(before)).toEqual(secretForms(CLIENT_ID, 'the-new-client-secret'));
    const basic = Buffer.from(`${CLIENT_ID}:the-new-client-secret`).toString('base64');
    expect(secrets.scrub(`the-old-client-secret, the-new-client-secret, Basic ${basic}`)).toBe('***, ***, Basic ***');
  });

  test('without a mask (a terminal masks nothing): it scrubs all the same', () => {
    const secrets = keepSecrets(CLIENT_ID, 'another-client-secret');
    secrets.learn('token-that-arrived');
    expect(secrets.scrub('another-client-secret token-that-arrived')).toBe('*** ***');
  });
});
