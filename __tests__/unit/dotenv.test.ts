/**
 * How many listed scopes a --dotenv file holds, as the README and docs/several-scopes.md say:
 * "about N scopes with 16-character suffixes" with https://auth.globus.org. The number is the
 * one dotenvProblems lets through, before any request: N fit, N + 1 do not.
 */
import { TOLD_APART, TOLD_AS_ONE } from '../../src/engine/settings/telling.ts';
import { expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../dev/runner.ts';
import { ActionError } from '../../src/wire/errors.ts';
import { dotenvOf, dotenvProblems, MAX_BYTES } from '../../src/gitlab/dotenv.ts';
import type { SpecFile } from '../../src/engine/settings/spec.ts';
import type { Outputs } from '../../src/engine/conclude/conclude.ts';
import { id } from '../support/ids.ts';

const CLIENT_ID = id('5fac2e64-c734-4e6b-90ea-ff12ddbf9653');
const scopeStringFor = (suffix: string): string => `https://auth.globus.org/scopes/${CLIENT_ID}/${suffix}`;
/** 16 characters, letters, digits and underscores, each its own. */
const suffixOf = (i: number): string => `operation_${String(i).padStart(6, '0')}`;
const listOf = (count: number): Pick<SpecFile, 'telling' | 'scopes'> => ({
  telling: TOLD_APART,
  scopes: Array.from({ length: count }, (_, i) => ({
    name: 'n',
    description: 'd',
    scope_suffix: suffixOf(i),
    advertised: true,
    allow_refresh_tokens: true,
    dependent_scopes: [],
  })),
});
const fits = (count: number): boolean => dotenvProblems(listOf(count), scopeStringFor).length === 0;

const DOCUMENTS = ['README.md', 'docs/several-scopes.md'];
const SAID = /about (\d+) scopes with 16-character suffixes/g;

test('the suffixes are 16 characters, and the file grows with each scope', () => {
  expect(suffixOf(49)).toHaveLength(16);
  expect(fits(1)).toBe(true);
  expect(fits(200)).toBe(false);
});

test.each(DOCUMENTS)(
  '%s says how many scopes with 16-character suffixes a dotenv file holds: that many fit, one more does not',
  (file) => {
    const said = [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(SAID)].map((m) => Number(m[1]));
    expect(said.length).toBeGreaterThan(0);
    for (const count of said)
      expect({ count, fits: fits(count), oneMore: fits(count + 1) }).toEqual({ count, fits: true, oneMore: false });
  },
);

test('one more is refused for its size, by name, with what to do', () => {
  const said = Number([...readFileSync(path.join(ROOT, 'README.md'), 'utf8').matchAll(SAID)][0]?.[1]);
  const [problem, ...more] = dotenvProblems(listOf(said + 1), scopeStringFor);
  expect(more).toEqual([]);
  expect(problem?.field).toBe('dotenv');
  expect(problem?.message).toMatch(
    new RegExp(
      `^--dotenv: the ${said + 1} listed scopes' strings and ids alone take \\d+ bytes in a dotenv file, and GitLab reads one under ${MAX_BYTES} only\\. List fewer scopes in one spec, or use --json instead\\.$`,
    ),
  );
});

test('a value the file cannot hold, a control character or a blank at an end: refused, naming the output, nothing written', () => {
  const outputs = {
    scope_string: 'x',
    scope_id: 'i',
    scope_strings: [],
    created: false,
    updated: false,
    changes: false,
    scopes: {},
  };
  const refusal = (output: string): string =>
    `--dotenv: the output ${output} holds a line break, a control character or blanks at its ends, which a dotenv file cannot hold. Nothing was written; use --json instead.`;
  expect(() => dotenvOf({ ...outputs, scope_string: 'https://a.example/\u0007' }, TOLD_AS_ONE)).toThrow(
    new ActionError(refusal('scope_string')),
  );
  expect(() => dotenvOf({ ...outputs, scope_id: ' i' }, TOLD_AS_ONE)).toThrow(new ActionError(refusal('scope_id')));
  const scopes = { a: { scope_string: 'https://a.example/a\n', scope_id: 'i' } } as unknown as Outputs['scopes'];
  expect(() => dotenvOf({ ...outputs, scopes }, TOLD_APART)).toThrow(new ActionError(refusal('scope_string of a')));
  const badId = { a: { scope_string: 'https://a.example/a', scope_id: 'i\r' } } as unknown as Outputs['scopes'];
  expect(() => dotenvOf({ ...outputs, scopes: badId }, TOLD_APART)).toThrow(new ActionError(refusal('scope_id of a')));
});

test('the file of the scopes that fit is the one a run writes: under the limit, one SCOPE_STRING_<SUFFIX> line each', () => {
  const said = Number([...readFileSync(path.join(ROOT, 'README.md'), 'utf8').matchAll(SAID)][0]?.[1]);
  const strings = Array.from({ length: said }, (_, i) => scopeStringFor(suffixOf(i)));
  const entry = {
    scope_id: id('00000000-0000-4000-8000-000000000001'),
    created: false,
    updated: false,
    changes: false,
  };
  const text = dotenvOf(
    {
      scope_string: strings[0] ?? '',
      scope_id: entry.scope_id,
      scope_strings: strings,
      created: false,
      updated: false,
      changes: false,
      scopes: Object.fromEntries(strings.map((s, i) => [suffixOf(i), { ...entry, scope_string: s }])),
    },
    TOLD_APART,
  );
  expect(Buffer.byteLength(text)).toBeLessThan(MAX_BYTES);
  expect(text.split('\n').filter((line) => line.startsWith('SCOPE_STRING_OPERATION_'))).toHaveLength(said);
  expect(text.split('\n').filter((line) => line === `SCOPE_ID_OPERATION_000000=${entry.scope_id}`)).toHaveLength(1);
  expect(text.split('\n').filter((line) => line.startsWith('SCOPE_ID_OPERATION_'))).toHaveLength(said);
});

test("a suffix that makes no variable's name, and two that make the same, are refused by name; the single form is never refused", () => {
  const listed = (...suffixes: string[]): Pick<SpecFile, 'telling' | 'scopes'> => ({
    telling: TOLD_APART,
    scopes: suffixes.map((scope_suffix) => ({
      name: 'n',
      description: 'd',
      scope_suffix,
      advertised: true,
      allow_refresh_tokens: true,
      dependent_scopes: [],
    })),
  });
  expect(
    dotenvProblems(listed('read.only', 'ok', 'AB', 'ab', 'a_b'), scopeStringFor).map((p) => [p.field, p.message]),
  ).toEqual([
    [
      'dotenv',
      `--dotenv: the scope suffix "read.only" cannot make a variable's name (SCOPE_STRING_READ.ONLY): GitLab takes letters, digits and underscores. Use --json instead.`,
    ],
    [
      'dotenv',
      "--dotenv: the scope suffixes AB and ab make the same variable's name, SCOPE_STRING_AB. Use --json instead.",
    ],
  ]);
  expect(dotenvProblems(listed('ok', 'also_ok'), scopeStringFor)).toEqual([]);
  expect(dotenvProblems({ ...listed('read.only'), telling: TOLD_AS_ONE }, scopeStringFor)).toEqual([]);
});

test('the projection is the file a run writes for the listed scopes alone: refused at 5120 bytes, let through at 5119', () => {
  const one = (suffix: string): Pick<SpecFile, 'telling' | 'scopes'> => ({
    telling: TOLD_APART,
    scopes: [
      {
        name: 'n',
        description: 'd',
        scope_suffix: suffix,
        advertised: true,
        allow_refresh_tokens: true,
        dependent_scopes: [],
      },
    ],
  });
  // The file a run writes for one listed scope whose string is `long`, line by line.
  const fileOf = (suffix: string, long: string): string =>
    `SCOPE_STRING=${long}\nSCOPE_ID=${id('00000000-0000-4000-8000-000000000001')}\nSCOPE_STRINGS=${JSON.stringify([long])}\nCREATED=false\nUPDATED=false\nCHANGES=false\n` +
    `SCOPE_STRING_${suffix.toUpperCase()}=${long}\nSCOPE_ID_${suffix.toUpperCase()}=${id('00000000-0000-4000-8000-000000000001')}\n`;
  const padded = (suffix: string, pad: number): string => `${scopeStringFor(suffix)}${'x'.repeat(pad)}`;
  /** A suffix and a padding that make the file exactly `bytes` long. */
  const exactly = (bytes: number): [string, number] => {
    for (const suffix of ['a', 'ab', 'abc']) {
      const pad = (bytes - Buffer.byteLength(fileOf(suffix, padded(suffix, 0)))) / 3;
      if (Number.isInteger(pad)) return [suffix, pad];
    }
    throw new Error(`no suffix makes ${bytes} bytes`);
  };
  const refused = (bytes: number): string[] => {
    const [suffix, pad] = exactly(bytes);
    expect(Buffer.byteLength(fileOf(suffix, padded(suffix, pad)))).toBe(bytes);
    return dotenvProblems(one(suffix), () => padded(suffix, pad)).map((p) => p.message);
  };
  expect(refused(MAX_BYTES - 1)).toEqual([]);
  expect(refused(MAX_BYTES)).toEqual([
    `--dotenv: the 1 listed scopes' strings and ids alone take ${MAX_BYTES} bytes in a dotenv file, and GitLab reads one under ${MAX_BYTES} only. List fewer scopes in one spec, or use --json instead.`,
  ]);
  // And what the run writes is that file, byte for byte.
  const [suffix, pad] = exactly(MAX_BYTES - 1);
  const long = padded(suffix, pad);
  const written = dotenvOf(
    {
      scope_string: long,
      scope_id: id('00000000-0000-4000-8000-000000000001'),
      scope_strings: [long],
      created: false,
      updated: false,
      changes: false,
      scopes: {
        [suffix]: {
          scope_string: long,
          scope_id: id('00000000-0000-4000-8000-000000000001'),
          created: false,
          updated: false,
          changes: false,
        },
      },
    },
    TOLD_APART,
  );
  expect(written).toBe(fileOf(suffix, long));
});
