/**
 * Users have the repository, not the documents it was made from: no file refers to one. A
 * fact cites what a reader can open (the vendor's public documentation or SDK, or a file of
 * the repository), and every relative link of a markdown file leads to a file that is here.
 */
import { describe, expect, test } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/readme-tables.ts';

const SELF = path.relative(ROOT, import.meta.filename).split(path.sep).join('/');

/** Every file of the repository (tracked, or new and not ignored), but this one, which names what it looks for. */
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file !== '' && file !== SELF && existsSync(path.join(ROOT, file)));

/** The text of a file, or undefined for a binary one (a NUL in its first kilobytes). */
function textOf(file: string): string | undefined {
  const bytes = readFileSync(path.join(ROOT, file));
  return bytes.subarray(0, 8000).includes(0) ? undefined : bytes.toString('utf8');
}
const texts = files.flatMap((file) => {
  const text = textOf(file);
  return text === undefined ? [] : [{ file, text }];
});
// Third-party text the bundle carries (undici cites the sections of RFCs and WHATWG standards).
const isThirdParty = (file: string): boolean => file.startsWith('dist/') || file === 'package-lock.json';

/** Each line of `text` that matches, as "file:line: text". */
const hits = (pattern: RegExp, file: string, text: string): string[] =>
  text.split('\n').flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim().slice(0, 160)}`] : []));

describe('no file refers to a document outside the repository', () => {
  test('the files are found, the bundle among them', () => {
    expect(texts.map((t) => t.file)).toEqual(expect.arrayContaining(['README.md', 'src/wire/service-client.ts', 'dist/index.js', '__tests__/fixtures/vendor/README.md']));
  });

  test.each<[string, RegExp, (file: string) => boolean]>([
    ['"the system spec"', /system spec/i, () => true],
    ['a numbered section of a spec', /\bspec(?:'s)?\s+(?:section\s+)?§?\s*\d+(?:\.\d+)+/i, () => true],
    ['a numbered section', /(?:\bsection|§)\s*\d+\.\d+/i, (file) => !isThirdParty(file)],
    ['VENDOR.md', /VENDOR\.md/i, () => true],
    ['a path of the machine it was made on', /(?<![\w.-])(?:\/work\/|\/home\/|\/Users\/|shared\/)/, (file) => !isThirdParty(file)],
  ])('none names %s', (_what, pattern, applies) => {
    expect(texts.filter(({ file }) => applies(file)).flatMap(({ file, text }) => hits(pattern, file, text))).toEqual([]);
  });

  test("every relative link of a markdown file leads to one of the repository's files or folders", () => {
    const broken = texts
      .filter(({ file }) => file.endsWith('.md') && !isThirdParty(file))
      .flatMap(({ file, text }) =>
        [...text.matchAll(/\]\(([^)\s]+)\)/g)].flatMap(([, target = '']) => {
          if (/^([a-z]+:|#)/i.test(target)) return []; // a URL, or a heading of the same file
          const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURI(target.replace(/#.*$/, ''))));
          const inside = !resolved.startsWith('../') && existsSync(path.join(ROOT, resolved));
          return inside ? [] : [`${file}: ${target}`];
        }),
      );
    expect(broken).toEqual([]);
  });
});
