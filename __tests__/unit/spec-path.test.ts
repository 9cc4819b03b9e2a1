/**
 * The rule for the spec's path (src/engine/settings/spec-path.ts), the function loadSpec applies with
 * Node's own `path`, here with each platform's: `path.win32` as on a Windows runner (drive
 * letters, backslashes, UNC shares, case), `path.posix` as on Linux and macOS. loadSpec
 * itself, on this machine's file system, is tested in spec.test.ts.
 */
import { describe, expect, test } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { insideWorkspace } from '../../src/engine/settings/spec-path.ts';
import { ROOT } from '../../dev/runner.ts';

describe('with path.win32, as on a Windows runner', () => {
  const root = 'D:\\a\\provider\\provider';

  test.each([
    ['a plain name', 'spec.yml', `${root}\\spec.yml`],
    ['backslashes', '.github\\provider-scope.yml', `${root}\\.github\\provider-scope.yml`],
    ["forward slashes, as the input's default", '.github/provider-scope.yml', `${root}\\.github\\provider-scope.yml`],
    ['mixed separators', '.github/specs\\one.yml', `${root}\\.github\\specs\\one.yml`],
    ['a climb out and back in', '..\\provider\\spec.yml', `${root}\\spec.yml`],
    ['a name that only begins with two dots', '..spec.yml', `${root}\\..spec.yml`],
    [
      'the absolute path of a file inside',
      `${root}\\.github\\provider-scope.yml`,
      `${root}\\.github\\provider-scope.yml`,
    ],
    // Windows' file systems ignore case, and path.win32 compares without it.
    [
      'another case of the drive letter and folders',
      'd:\\A\\PROVIDER\\Provider\\spec.yml',
      'd:\\A\\PROVIDER\\Provider\\spec.yml',
    ],
    ['a path relative to the drive of the workspace', 'D:spec.yml', `${root}\\spec.yml`],
  ])('inside: %s', (_what, file, full) => {
    expect(insideWorkspace(path.win32, root, file)).toBe(full);
  });

  test.each([
    ['..\\ up', '..\\outside.yml'],
    ['.. up with forward slashes', '../outside.yml'],
    ['down then up, and out', '.github\\..\\..\\outside.yml'],
    ['mixed separators, and out', '.github/..\\../outside.yml'],
    ["a sibling whose name begins with the workspace's", '..\\provider-other\\spec.yml'],
    ['another folder of the drive', 'D:\\Windows\\win.ini'],
    ['the root of the drive', '\\spec.yml'],
    ['a POSIX absolute path: the root of the drive', '/etc/passwd'],
    ['another drive, at the same folders', 'C:\\a\\provider\\provider\\spec.yml'],
    ['a path relative to another drive', 'C:spec.yml'],
    ['a UNC share', '\\\\server\\share\\spec.yml'],
    ['a UNC share with forward slashes', '//server/share/spec.yml'],
    // \\?\ and \\.\ name the same files by another root: refused, never confused with inside.
    ['a long-path name of a file inside', `\\\\?\\${root}\\spec.yml`],
    ['a device path of a file inside', `\\\\.\\${root}\\spec.yml`],
    ['the workspace itself', '.'],
    ['the workspace itself, by an empty path', ''],
    ['the workspace itself, with a trailing backslash', `${root}\\`],
    ['the folder above it', '..'],
    ['the folder above it, down and up', '.github\\..\\..'],
  ])('outside: %s', (_what, file) => {
    expect(insideWorkspace(path.win32, root, file)).toBeUndefined();
  });

  describe('a workspace on a UNC share', () => {
    const share = '\\\\server\\share\\provider';

    test.each([
      ['a plain name', 'spec.yml', `${share}\\spec.yml`],
      [
        'the share named in another case',
        '\\\\SERVER\\Share\\PROVIDER\\spec.yml',
        '\\\\SERVER\\Share\\PROVIDER\\spec.yml',
      ],
      ['the share with forward slashes', '//server/share/provider/spec.yml', `${share}\\spec.yml`],
    ])('inside: %s', (_what, file, full) => {
      expect(insideWorkspace(path.win32, share, file)).toBe(full);
    });

    test.each([
      ['up to the share', '..\\spec.yml'],
      ['up past the share (it stops at its root)', '..\\..\\..\\provider-other\\spec.yml'],
      ['another server', '\\\\other\\share\\provider\\spec.yml'],
      ['a local drive', 'C:\\provider\\spec.yml'],
    ])('outside: %s', (_what, file) => {
      expect(insideWorkspace(path.win32, share, file)).toBeUndefined();
    });
  });
});

describe('with path.posix, as on Linux and macOS runners', () => {
  const root = '/srv/ci/provider/provider';

  test.each([
    ['a plain name', '.github/provider-scope.yml', `${root}/.github/provider-scope.yml`],
    ['a climb out and back in', '../provider/spec.yml', `${root}/spec.yml`],
    ['a name that only begins with two dots', '..spec.yml', `${root}/..spec.yml`],
    // A backslash is a character of a name here, not a separator.
    ['backslashes, which are part of the name', '..\\outside.yml', `${root}/..\\outside.yml`],
    ['the absolute path of a file inside', `${root}/spec.yml`, `${root}/spec.yml`],
  ])('inside: %s', (_what, file, full) => {
    expect(insideWorkspace(path.posix, root, file)).toBe(full);
  });

  test.each([
    ['.. up', '../outside.yml'],
    ['down then up, and out', '.github/../../outside.yml'],
    ["a sibling whose name begins with the workspace's", '../provider-other/spec.yml'],
    ['a file of the system', '/etc/passwd'],
    // Compared exactly: on a macOS file system that ignores case this may be the workspace,
    // and is refused all the same (a refusal, never an escape).
    ['a climb back in through another case of its name', '../PROVIDER/spec.yml'],
    ['the workspace itself', '.'],
    ['the workspace itself, by an empty path', ''],
    ['the folder above it', '..'],
    ['the folder above it, down and up', '.github/../..'],
  ])('outside: %s', (_what, file) => {
    expect(insideWorkspace(path.posix, root, file)).toBeUndefined();
  });
});

// loadSpec and the rest of src/ build file paths with node:path only, never by joining with '/':
// on Windows, a path joined so would still work, but compare wrongly with one that path made.
describe('nothing in src/ assumes POSIX paths', () => {
  const POSIX_ONLY =
    /path\.posix|\.split\(\s*['"]\/['"]\s*\)|startsWith\(\s*['"]\/['"]\s*\)|\$\{[^}]*\b(?:workspace|cwd|root|dir|folder|file|fullPath|spec)\w*\s*\}\//i;

  const sources = (dir: string): string[] =>
    readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? sources(path.join(dir, entry.name))
        : entry.name.endsWith('.ts')
          ? [path.join(dir, entry.name)]
          : [],
    );

  test('the scan finds what it looks for', () => {
    expect(
      [
        '`${workspace}/.github`',
        '`${specDir}/x`',
        "file.split('/')",
        "p.startsWith('/')",
        'path.posix.join(a, b)',
      ].filter((line) => POSIX_ONLY.test(line)),
    ).toHaveLength(5);
    expect(POSIX_ONLY.test('`${authUrl}/scopes/${clientId}/${suffix}`')).toBe(false);
  });

  test('no file of src/ joins or splits a file path with /', () => {
    const files = sources('src');
    expect(files).toEqual(
      expect.arrayContaining([
        path.join('src', 'engine', 'settings', 'spec.ts'),
        path.join('src', 'engine', 'settings', 'spec-path.ts'),
      ]),
    );
    const found = files.flatMap((file) =>
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        // Comments may name path.posix; code may not.
        .flatMap((line, index) =>
          POSIX_ONLY.test(line) && !/^\s*(?:\/\/|\/?\*)/.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });
});
