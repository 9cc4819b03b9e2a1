/**
 * scripts/bundle-stamp.ts: `npm run demo` bundles only when dist/ is not the bundle of the
 * checkout, and never takes a stale dist/ for current. A checkout in a temporary folder, the
 * bundler injected (no ncc): it writes dist/ and the stamp as `npm run bundle` does.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '../../dev/runner.ts';
import {
  ensureBundle,
  npmRunBundle,
  STAMP,
  staleness,
  stampOf,
  writeStamp,
  type Bundled,
} from '../../scripts/bundle-stamp.ts';

let root = '';
const write = (file: string, content: string): void => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), content);
};
const manifest = (scripts: Record<string, string>, version = '0.1.0'): string =>
  JSON.stringify({ name: 'x', version, scripts });

/** The bundler: dist/ made from src/, then the stamp, as the bundle script ends; counted. */
let bundles = 0;
const bundler = async (at: string): Promise<Bundled> => {
  bundles++;
  write('dist/index.js', `// bundled\n${readFileSync(path.join(at, 'src', 'index.ts'), 'utf8')}`);
  writeStamp(at);
  return { code: 0, output: 'ncc: Version 0.45.0\n' };
};
const said: string[] = [];
const out = { log: (line: string) => void said.push(line), error: (line: string) => void said.push(`error: ${line}`) };

beforeEach(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'bundle-stamp-'));
  bundles = 0;
  said.length = 0;
  write('package.json', manifest({ bundle: 'ncc build src/index.ts -o dist', test: 'jest' }));
  write('package-lock.json', '{"lockfileVersion": 3}');
  write('tsconfig.json', '{}');
  write('src/index.ts', 'export const a = 1;\n');
  write('src/engine/rules.ts', 'export const b = 2;\n');
  write('src/README.md', '# src\n');
  await bundler(root);
  bundles = 0;
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

test('current: nothing bundled, and it says so in one line', async () => {
  expect(staleness(root)).toEqual([]);
  await expect(ensureBundle(root, bundler, out)).resolves.toBe(true);
  expect(bundles).toBe(0);
  expect(said).toEqual([`dist/ is the bundle of this checkout (dist/${STAMP}): not bundling.`]);
});

describe('stale: bundled once, quietly, then current', () => {
  test.each<[string, () => void, string[]]>([
    ['a source file changed', () => write('src/engine/rules.ts', 'export const b = 3;\n'), ['src/']],
    ['a source file added', () => write('src/engine/more.ts', ''), ['src/']],
    ['a source file removed', () => unlinkSync(path.join(root, 'src', 'engine', 'rules.ts')), ['src/']],
    [
      'a source file renamed, its content kept',
      () => (
        unlinkSync(path.join(root, 'src', 'engine', 'rules.ts')),
        write('src/engine/rule.ts', 'export const b = 2;\n')
      ),
      ['src/'],
    ],
    [
      'package-lock.json changed',
      () => write('package-lock.json', '{"lockfileVersion": 3, "packages": {}}'),
      ['package-lock.json'],
    ],
    ['package-lock.json removed', () => unlinkSync(path.join(root, 'package-lock.json')), ['package-lock.json']],
    ['tsconfig.json changed', () => write('tsconfig.json', '{"compilerOptions": {}}'), ['tsconfig.json']],
    [
      'the bundle script changed',
      () => write('package.json', manifest({ bundle: 'ncc build src/index.ts -o dist --minify', test: 'jest' })),
      ['the bundle script'],
    ],
    ['a file of dist/ edited by hand', () => write('dist/index.js', '// edited\n'), ['dist/']],
    ['a file of dist/ removed', () => unlinkSync(path.join(root, 'dist', 'index.js')), ['dist/']],
    ['a file added to dist/', () => write('dist/extra.js', ''), ['dist/']],
    [
      'src/ and dist/ both changed',
      () => (write('src/index.ts', 'export const a = 2;\n'), write('dist/index.js', '')),
      ['src/', 'dist/'],
    ],
  ])('%s', async (_, change, changed) => {
    change();
    expect(staleness(root)).toEqual(changed.map((what) => `${what} changed since the bundle`));
    await expect(ensureBundle(root, bundler, out)).resolves.toBe(true);
    expect(bundles).toBe(1);
    expect(said).toEqual([
      `dist/ is not the bundle of this checkout (${changed.map((what) => `${what} changed since the bundle`).join(', ')}): bundling it with npm run bundle, quietly (about half a minute).`,
    ]);
    expect(staleness(root)).toEqual([]);
  });

  test.each<[string, () => void]>([
    ['no stamp', () => unlinkSync(path.join(root, 'dist', STAMP))],
    ['a stamp that is not JSON', () => write(`dist/${STAMP}`, '{')],
    ['no dist/ at all', () => rmSync(path.join(root, 'dist'), { recursive: true })],
  ])('%s', async (_, change) => {
    change();
    expect(staleness(root)).toEqual([`dist/${STAMP} is missing or unreadable`]);
    await expect(ensureBundle(root, bundler, out)).resolves.toBe(true);
    expect(bundles).toBe(1);
  });

  test('a stamp that lacks a hash is stale in that hash', () => {
    const stamp = JSON.parse(readFileSync(path.join(root, 'dist', STAMP), 'utf8')) as Record<string, string>;
    delete stamp['tsconfig.json'];
    write(`dist/${STAMP}`, JSON.stringify(stamp));
    expect(staleness(root)).toEqual(['tsconfig.json changed since the bundle']);
  });
});

test('what the bundle is not made from changes nothing: the READMEs of src/, the other scripts, the version', async () => {
  write('src/README.md', '# src, rewritten\n');
  write('src/engine/README.md', '# engine\n');
  write(
    'package.json',
    manifest({ bundle: 'ncc build src/index.ts -o dist', test: 'jest --ci', demo: 'node dev/demo.ts' }, '0.2.0'),
  );
  write('README.md', 'changed');
  await expect(ensureBundle(root, bundler, out)).resolves.toBe(true);
  expect(bundles).toBe(0);
});

test("the stamp does not hash itself, and hashes each file's name with its content", () => {
  const before = stampOf(root);
  write(`dist/${STAMP}`, '{}');
  expect(stampOf(root)).toEqual(before);
  // The same bytes, in the same order (the folder's rules.ts, then index.ts), split differently between the two files are another src/.
  write('src/engine/rules.ts', 'export const b = 2;\nexport const a = 1;\n');
  write('src/index.ts', '');
  expect(stampOf(root)['src/']).not.toBe(before['src/']);
});

test('a failed bundle says what the bundler printed, on the error stream, and dist/ is not current', async () => {
  write('src/index.ts', 'export const a = ;\n');
  const failing = async (): Promise<Bundled> => ({
    code: 1,
    output: 'ncc: Compiling file index.ts\nError: Expression expected.\n',
  });
  await expect(ensureBundle(root, failing, out)).resolves.toBe(false);
  expect(said.slice(1)).toEqual([
    'error: npm run bundle failed (exit 1):\nncc: Compiling file index.ts\nError: Expression expected.',
  ]);
  expect(staleness(root)).toEqual(['src/ changed since the bundle']);
});

test('a bundle that writes no stamp leaves dist/ stale, and says which step is missing', async () => {
  write('src/index.ts', 'export const a = 2;\n');
  const noStamp = async (): Promise<Bundled> => ({ code: 0, output: '' });
  await expect(ensureBundle(root, noStamp, out)).resolves.toBe(false);
  expect(said.slice(1)).toEqual([
    "error: npm run bundle ended, yet dist/ is not the bundle of this checkout (src/ changed since the bundle): does the bundle script still end with 'node scripts/bundle-stamp.ts write'?",
  ]);
});

test('npm run bundle, through the npm that runs the demo (npm_execpath), quietly: what it printed kept, its exit code', async () => {
  // Stand-ins for npm's CLI: each says how it was asked, on both streams, and ends with its code.
  const fake = (code: number): string => {
    write(
      `npm-${code}.cjs`,
      `process.stdout.write('argv: ' + process.argv.slice(2).join(' ') + '\\n'); process.stderr.write('cwd: ' + process.cwd() + '\\n'); process.exit(${code});`,
    );
    return path.join(root, `npm-${code}.cjs`);
  };
  const saved = process.env.npm_execpath;
  try {
    for (const code of [3, 0]) {
      process.env.npm_execpath = fake(code);
      await expect(npmRunBundle(root)).resolves.toEqual({ code, output: `argv: run bundle --silent\ncwd: ${root}\n` });
    }
  } finally {
    if (saved === undefined) delete process.env.npm_execpath;
    else process.env.npm_execpath = saved;
  }
});

test("this repository's bundle script ends by writing the stamp, and the demo asks for it", () => {
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  expect(scripts.bundle).toMatch(/ && node scripts\/bundle-stamp\.ts write$/);
  expect(scripts.demo).toMatch(/^node scripts\/bundle-stamp\.ts ensure && /);
  // npm test keeps bundling every time: CI checks dist/ against it.
  expect(scripts.test).toMatch(/^npm run bundle && /);
});
