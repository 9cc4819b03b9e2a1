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

const SELF = path
  .relative(ROOT, import.meta.filename)
  .split(path.sep)
  .join('/');

/** Every file of the repository (tracked, or new and not ignored), but this one, which names what it looks for. */
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: ROOT,
  encoding: 'utf8',
})
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
  text
    .split('\n')
    .flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim().slice(0, 160)}`] : []));

describe('no file refers to a document outside the repository', () => {
  test('the files are found, the bundle among them', () => {
    expect(texts.map((t) => t.file)).toEqual(
      expect.arrayContaining([
        'README.md',
        'src/wire/service-client.ts',
        'dist/index.js',
        '__tests__/fixtures/vendor/README.md',
      ]),
    );
  });

  test.each<[string, RegExp, (file: string) => boolean]>([
    ['"the system spec"', /system spec/i, () => true],
    ['a numbered section of a spec', /\bspec(?:'s)?\s+(?:section\s+)?§?\s*\d+(?:\.\d+)+/i, () => true],
    ['a numbered section', /(?:\bsection|§)\s*\d+\.\d+/i, (file) => !isThirdParty(file)],
    ['VENDOR.md', /VENDOR\.md/i, () => true],
    [
      'a path of the machine it was made on',
      /(?<![\w.-])(?:\/work\/|\/home\/|\/Users\/|shared\/)/,
      (file) => !isThirdParty(file),
    ],
  ])('none names %s', (_what, pattern, applies) => {
    expect(texts.filter(({ file }) => applies(file)).flatMap(({ file, text }) => hits(pattern, file, text))).toEqual(
      [],
    );
  });

  test("every relative link of a markdown file leads to one of the repository's files or folders, and its #anchor to a heading there", () => {
    const broken = texts
      .filter(({ file }) => file.endsWith('.md') && !isThirdParty(file))
      .flatMap(({ file, text }) =>
        [...text.matchAll(/\]\(([^)\s]+)\)/g)].flatMap(([, target = '']) => {
          if (/^[a-z]+:/i.test(target)) return []; // a URL
          const [place = '', anchor] = target.split('#');
          const resolved =
            place === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURI(place)));
          const inside = !resolved.startsWith('../') && existsSync(path.join(ROOT, resolved));
          const anchored = anchor === undefined || (resolved.endsWith('.md') && anchorsOf(resolved).includes(anchor));
          return inside && anchored ? [] : [`${file}: ${target}`];
        }),
      );
    expect(broken).toEqual([]);
  });

  test("a heading's anchor is GitHub's: lower case, punctuation dropped, blanks as hyphens, a repeated one numbered", () => {
    expect(
      slugs([
        'Authentication: `basic` or `token`',
        'Registered by hand already? Import it',
        'Drift, updates and dry runs',
        'Usage',
        'Usage',
      ]),
    ).toEqual([
      'authentication-basic-or-token',
      'registered-by-hand-already-import-it',
      'drift-updates-and-dry-runs',
      'usage',
      'usage-1',
    ]);
  });
});

/** GitHub's anchors for a file's headings, in order: a repeated one gets -1, -2, ... */
function slugs(headings: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return headings.map((heading) => {
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
      .trim()
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    return count === 0 ? slug : `${slug}-${count}`;
  });
}

/** The anchors of a markdown file's headings, those inside fenced code left out. */
const anchorsOf = (file: string): string[] => slugs(headingsOf(file, { prose: true }));

/** The headings of a markdown file of the repository, without their #s; `prose`: none from fenced code. */
function headingsOf(file: string, { prose = false } = {}): string[] {
  if (!existsSync(path.join(ROOT, file))) return [];
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  return [...(prose ? text.replace(/^```[\s\S]*?^```/gm, '') : text).matchAll(/^#{1,6}\s+(.+?)\s*$/gm)].map(
    (m) => m[1] as string,
  );
}

/** Is this path of the repository ignored by git (made by a tool: reports/, .cache/, .env)? */
const ignored = (file: string): boolean => {
  try {
    execFileSync('git', ['check-ignore', '-q', '--no-index', file], { cwd: ROOT });
    return true;
  } catch {
    return false;
  }
};

// The users' files the documents tell them to make, in their own repositories.
const USERS_FILES = new Set([
  '.github/provider-scope.yml',
  '.github/workflows/release.yml',
  '.github/workflows/scope-dry-run.yml',
  '.github/workflows/verify-deployment.yml',
  '.github/workflows/matrix.yml',
  '.github/workflows/scope-watch.yml',
  '.github/workflows/rotate-secret.yml',
  // A spec elsewhere than the default path (docs/command-line.md, preview).
  'deploy/scope.yml',
]);
// A path is looked for from the repository's root, from the citing file's folder, and from the
// folders whose files the documents name by their path below them (`engine/ensure.ts`, `unit/x.test.ts`).
const BASES = ['', 'src', '__tests__', 'dev'];
const PATH_TOKEN =
  /(?<![\w/.$<{@-])((?:\.{1,2}\/)*(?:[.@]?[\w-]+\/)+[\w.-]+\.(?:ts|js|mjs|cjs|json|ya?ml|md|txt|sh|html))(?![\w/])/g;

/** The lines a file says things to its reader in: all of a document, the comments of code. */
function proseLines(file: string, text: string): Array<[number, string]> {
  const lines = text.split('\n').map((line, index): [number, string] => [index + 1, line]);
  if (/\.(md|example)$/.test(file) || file === 'package.json' || /(^|\/)\.?[\w-]+\.ya?ml$/.test(file)) return lines;
  return lines.filter(([, line]) => /^\s*(\/\/|\/?\*|#)/.test(line));
}

/** The file paths a line names that lead nowhere. */
function missingPaths(file: string, line: string): string[] {
  return [...line.matchAll(PATH_TOKEN)].flatMap(([, token = '']) => {
    if (USERS_FILES.has(token) || token.startsWith('.github/scopes/')) return [];
    // A path in another repository, cited as `owner/name, path`.
    if (new RegExp(`(?<![\\w./-])[\\w-]+/[\\w-]+,\\s*${token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).test(line))
      return [];
    const candidates = [path.posix.dirname(file), ...BASES].map((base) =>
      path.posix.normalize(path.posix.join(base, token)),
    );
    return candidates.some(
      (candidate) => !candidate.startsWith('../') && (existsSync(path.join(ROOT, candidate)) || ignored(candidate)),
    )
      ? []
      : [token];
  });
}

/** The sections a line cites by name, as 'see the README, "Local runs"' or 'CONTRIBUTING.md, "Performance"', that are not there. */
function missingSections(line: string): string[] {
  return [
    ...line.matchAll(/([\w./-]*?)(README|CONTRIBUTING)(?:\.md)?(?:'s)?[,:]?\s+(?:section\s+)?\\?"([^"\\]+)\\?"/g),
  ].flatMap(([, dir = '', name = '', section = '']) => {
    const document = `${dir}${name}.md`;
    return headingsOf(document).includes(section) ? [] : [`${document}, "${section}"`];
  });
}

describe('every file, script and document names only files and sections that are here', () => {
  const own = texts.filter(({ file }) => !isThirdParty(file) && !file.startsWith('__tests__/fixtures/'));

  test('the checks find what they look for', () => {
    expect(
      missingPaths(
        'README.md',
        'runs `src/main.ts` and `src/engine/settings/spec.ts`, `engine/ensure.ts`, `unit/layers.test.ts`',
      ),
    ).toEqual(['src/main.ts']);
    expect(missingPaths('.env.example', '# runs (dev/local-action.ts, src/main.ts)')).toEqual(['src/main.ts']);
    expect(missingPaths('CONTRIBUTING.md', 'in `reports/mutation/mutation.html` and [x](dev/README.md)')).toEqual([]);
    expect(
      missingPaths('src/x.ts', '// (globus/globus-cli, tests/files/api_fixtures/scopes.yaml), not tests/files/x.yaml'),
    ).toEqual(['tests/files/x.yaml']);
    expect(missingSections(`echo 'No .env. See the README, \\"Local runs\\".'`)).toEqual(['README.md, "Local runs"']);
    expect(
      missingSections(
        '(CONTRIBUTING.md, "Local runs"; dev/README.md, "The service on the wire"; README\'s "Versions")',
      ),
    ).toEqual([]);
    expect(missingSections('see the README: "No such section"')).toEqual(['README.md, "No such section"']);
  });

  test('every file path named leads to a file of the repository (or one a tool makes, git-ignored)', () => {
    const broken = own.flatMap(({ file, text }) =>
      proseLines(file, text).flatMap(([n, line]) => missingPaths(file, line).map((token) => `${file}:${n}: ${token}`)),
    );
    expect(broken).toEqual([]);
  });

  test('every section cited by name is a heading of that document', () => {
    const cited = own.flatMap(({ file, text }) =>
      text.split('\n').flatMap((line, index) => missingSections(line).map((s) => `${file}:${index + 1}: ${s}`)),
    );
    expect(cited).toEqual([]);
  });
});
