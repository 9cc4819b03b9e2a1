/**
 * End to end, a hostile service: forms of the secret it echoes are scrubbed, and a scope
 * string it gives that no output may hold is refused, saying what is wrong.
 * Each attack is the input, the absence of its effect the assertion, and every run is checked
 * for leaks. (One file per theme, so that none runs long on a loaded machine.)
 */
import { afterEach, beforeEach, expect, test } from '@jest/globals';
import { annotations, expectSafe, Harness, SECRET, stdoutLines } from '../support/harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await Harness.start();
});
afterEach(() => h.stop());

const clientPath = (): string => `/v2/api/clients/${h.client.id}`;

test('5. forms of the secret echoed by a service are scrubbed: base64 at every alignment, base64url, form and lower-case percent encodings', async () => {
  const echoes = [
    Buffer.from(`x${SECRET}`).toString('base64'),
    Buffer.from(`xy${SECRET}`).toString('base64'),
    Buffer.from(`${h.client.id}:${SECRET}`).toString('base64url'),
    new URLSearchParams({ s: SECRET }).toString(),
    encodeURIComponent(SECRET).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
  ];
  h.service.inject({
    method: 'GET',
    path: clientPath(),
    status: 400,
    body: JSON.stringify({ errors: [{ detail: echoes.join(' | ') }] }),
  });
  const result = await h.run();
  expect(result.exitCode).toBe(1);
  const afterMasks = stdoutLines(result)
    .filter((line) => !line.startsWith('::add-mask::'))
    .join('\n');
  for (const echo of echoes) expect(afterMasks).not.toContain(echo);
  // What remains of each echo is at most its edges, the stars in between.
  expect((annotations(result)[0]?.match(/\*\*\*/g) ?? []).length).toBeGreaterThanOrEqual(echoes.length);
  expectSafe(h, result);
});

test.each([
  ['a line break', 'https://x.example/a\nb', 'contains a line break', 'https://x.example/a\\nb'],
  ['a NUL', 'https://x.example/a\u0000', 'contains a control character U+0000', 'https://x.example/a\\u0000'],
  ['a bell', 'https://x.example/a\u0007', 'contains a control character U+0007', 'https://x.example/a\\u0007'],
  ['a command substitution', 'https://x.example/$(id)', 'contains "$"', 'https://x.example/$(id)'],
  ['a javascript: URL', 'javascript:alert(1)', 'is neither an http(s) URL nor a URN', 'javascript:alert(1)'],
])(
  '6. a scope_string from the service with %s is never an output: the error names the call, the field, what is wrong and what to do',
  async (_what, scopeString, problem, shown) => {
    h.service.inject({
      method: 'POST',
      status: 200,
      body: JSON.stringify({ scopes: [{ id: '0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9', scope_string: scopeString }] }),
    });
    const result = await h.run();
    expect(result.exitCode).toBe(1);
    const [annotation] = annotations(result);
    expect(annotation).toMatch(
      /^::error::Scope creation \(POST .*\): the answer \(HTTP 200\) cannot be used: scopes\.0\.scope_string /,
    );
    // The toolkit escapes an annotation's % (as %25): the value as the message has it.
    expect(annotation?.replaceAll('%25', '%')).toContain(`scope_string ${problem}: expected a URL`);
    expect(annotation?.replaceAll('%25', '%')).toContain(
      `got "${shown}". This is the service's answer, not a setting of yours: report it to the service's operators`,
    );
    expect(annotations(result)).toHaveLength(1);
    expect(result.outputs).toEqual({});
    expectSafe(h, result);
  },
);
