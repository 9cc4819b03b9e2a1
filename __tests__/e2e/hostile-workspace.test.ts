/**
 * End to end, a hostile contributor's spec input: the spec is read only from inside the
 * workspace.
 * Each attack is the input, the absence of its effect the assertion, and every run is checked
 * for leaks. (One file per theme, so that none runs long on a loaded machine.)
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { annotations, expectSafe, Harness, SPEC_FILE } from '../support/harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await Harness.start();
});
afterEach(() => h.stop());

describe('3. the spec is read only from inside the workspace', () => {
  test.each([
    ['a path that climbs out', { inputs: { spec: '../../etc/passwd' } }],
    ['an absolute path', { inputs: { spec: '/etc/passwd' } }],
    ['a committed link to a file of the system', { links: { [SPEC_FILE]: '/etc/passwd' } }],
    ['a committed link to /proc, whose size reads 0', { links: { [SPEC_FILE]: '/proc/self/environ' } }],
  ])('%s: refused by name before reading; nothing of it quoted', async (_what, overrides) => {
    const result = await h.run({ files: {}, ...overrides });
    expect(result.exitCode).toBe(1);
    expect(annotations(result)).toEqual([
      expect.stringMatching(/^::error::Spec file .* is outside the workspace \(after its links are followed\)/),
    ]);
    expect(result.stdout).not.toMatch(/root:|PATH=|HOME=/);
    expect(h.service.requests).toEqual([]);
    expectSafe(h, result);
  });
});
