/**
 * End to end, a hostile or broken spec file: one clear message each, nothing sent; and a flood
 * of problems bounded in annotations, complete in the log and the summary.
 * Each attack is the input, the absence of its effect the assertion, and every run is checked
 * for leaks. (One file per theme, so that none runs long on a loaded machine.)
 */
import { afterEach, beforeEach, expect, test } from '@jest/globals';
import { annotations, expectSafe, Harness, SPEC, SPEC_FILE, stdoutLines } from '../support/harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await Harness.start();
});
afterEach(() => h.stop());

test.each([
  [
    'a UTF-16 spec',
    Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(SPEC, 'utf16le')]),
    /is not UTF-8 text \(it looks like UTF-16, Latin-1 or binary\): save it as UTF-8/,
  ],
  [
    'a nesting that overflows the parser',
    `name: ${'['.repeat(20_000)}\n`,
    /the YAML is nested too deeply to be a scope definition/,
  ],
  [
    'a !!js/function tag',
    'name: !!js/function "function () {}"\ndescription: d\nadvertised: true\n',
    /YAML tags are not supported in a spec/,
  ],
])('%s: one clear message', async (_what, content, message) => {
  const result = await h.run({ files: { [SPEC_FILE]: content } });
  expect(result.exitCode).toBe(1);
  expect(annotations(result)).toEqual([expect.stringMatching(message)]);
  expect(h.service.requests).toEqual([]);
});

test('8. fifteen problems: nine error annotations, the other six once each in the log, one annotation that says where; all in the summary', async () => {
  const keys = Array.from({ length: 15 }, (_, i) => `unknown_${i}: x`).join('\n');
  const result = await h.run({ files: { [SPEC_FILE]: `${SPEC}${keys}\n` } });
  expect(result.exitCode).toBe(1);
  expect(annotations(result)).toHaveLength(10);
  expect(annotations(result)[9]).toBe(
    '::error::And 6 more error(s): each is in the log above, and in the job summary.',
  );
  expect(stdoutLines(result).filter((line) => line.startsWith('Error: '))).toHaveLength(6);
  for (let i = 0; i < 15; i++)
    expect(stdoutLines(result).filter((line) => line.includes(`"unknown_${i}"`))).toHaveLength(1);
  expect(result.summary.match(/^- line \d+: /gm)).toHaveLength(15);
  expectSafe(h, result);
});
