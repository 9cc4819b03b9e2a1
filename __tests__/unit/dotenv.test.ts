/**
 * How many listed scopes a --dotenv file holds, as the README and docs/several-scopes.md say:
 * "about N scopes with 16-character suffixes" with https://auth.globus.org. The number is the
 * one dotenvProblems lets through, before any request: N fit, N + 1 do not.
 */
import { expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../dev/runner.ts';
import { dotenvOf, dotenvProblems, MAX_BYTES } from '../../src/cli/dotenv.ts';
import type { SpecFile } from '../../src/engine/spec.ts';
import { id } from '../support/ids.ts';

const CLIENT_ID = id('5fac2e64-c734-4e6b-90ea-ff12ddbf9653');
const scopeStringFor = (suffix: string): string => `https://auth.globus.org/scopes/${CLIENT_ID}/${suffix}`;
/** 16 characters, letters, digits and underscores, each its own. */
const suffixOf = (i: number): string => `operation_${String(i).padStart(6, '0')}`;
const listOf = (count: number): Pick<SpecFile, 'form' | 'scopes'> => ({
  form: 'list',
  scopes: Array.from({ length: count }, (_, i) => ({ name: 'n', description: 'd', scope_suffix: suffixOf(i), advertised: true, allow_refresh_tokens: true, dependent_scopes: [] })),
});
const fits = (count: number): boolean => dotenvProblems(listOf(count), scopeStringFor).length === 0;

const DOCUMENTS = ['README.md', 'docs/several-scopes.md'];
const SAID = /about (\d+) scopes with 16-character suffixes/g;

test('the suffixes are 16 characters, and the file grows with each scope', () => {
  expect(suffixOf(49)).toHaveLength(16);
  expect(fits(1)).toBe(true);
  expect(fits(200)).toBe(false);
});

test.each(DOCUMENTS)('%s says how many scopes with 16-character suffixes a dotenv file holds: that many fit, one more does not', (file) => {
  const said = [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(SAID)].map((m) => Number(m[1]));
  expect(said.length).toBeGreaterThan(0);
  for (const count of said) expect({ count, fits: fits(count), oneMore: fits(count + 1) }).toEqual({ count, fits: true, oneMore: false });
});

test('one more is refused for its size, by name, with what to do', () => {
  const said = Number([...readFileSync(path.join(ROOT, 'README.md'), 'utf8').matchAll(SAID)][0]?.[1]);
  const [problem, ...more] = dotenvProblems(listOf(said + 1), scopeStringFor);
  expect(more).toEqual([]);
  expect(problem?.message).toMatch(
    new RegExp(`^--dotenv: the ${said + 1} listed scopes' strings alone take \\d+ bytes in a dotenv file, and GitLab reads one under ${MAX_BYTES} only\\. List fewer scopes in one spec, or use --json instead\\.$`),
  );
});

test('the file of the scopes that fit is the one a run writes: under the limit, one SCOPE_STRING_<SUFFIX> line each', () => {
  const said = Number([...readFileSync(path.join(ROOT, 'README.md'), 'utf8').matchAll(SAID)][0]?.[1]);
  const strings = Array.from({ length: said }, (_, i) => scopeStringFor(suffixOf(i)));
  const entry = { scope_id: id('00000000-0000-4000-8000-000000000001'), created: false, updated: false, changes: false };
  const text = dotenvOf(
    {
      scope_string: strings[0] ?? '',
      scope_id: entry.scope_id,
      scope_strings: JSON.stringify(strings),
      created: 'false',
      updated: 'false',
      changes: 'false',
      scopes: JSON.stringify(Object.fromEntries(strings.map((s, i) => [suffixOf(i), { ...entry, scope_string: s }]))),
    },
    'list',
  );
  expect(Buffer.byteLength(text)).toBeLessThan(MAX_BYTES);
  expect(text.split('\n').filter((line) => line.startsWith('SCOPE_STRING_OPERATION_'))).toHaveLength(said);
});
