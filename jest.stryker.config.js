/**
 * The jest configuration Stryker runs (see stryker.config.mjs and CONTRIBUTING.md,
 * "Mutation testing"): jest.config.js without the tests that run the action as a process.
 *
 * Those tests spawn the bundled dist/index.js, which Stryker does not mutate, so they can
 * never kill a mutant and only cost time. They are found by what they import rather than
 * listed by name, so that new ones are left out too: a test is left out when it, or a helper
 * of its own directory tree that it imports, value-imports the runner (`dev/runner.ts`,
 * whose `runAction` spawns the bundle). `import type` does not count.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import base from './jest.config.js';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const TESTS = path.join(ROOT, '__tests__');

// `import ... from '...'` and `export ... from '...'` that are not type-only, with their specifier.
const VALUE_IMPORT = /^\s*(?:import|export)\s+(?!type\b)[^;]*?from\s+['"]([^'"]+)['"]/gm;
const RUNNER = /(?:^|\/)dev\/runner(?:\.[jt]s)?$/;

const sources = readdirSync(TESTS, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
  .map((entry) => path.join(entry.parentPath, entry.name));

const valueImports = (file) =>
  [...readFileSync(file, 'utf8').matchAll(VALUE_IMPORT)].map((m) => m[1]).filter((spec) => spec.startsWith('.'));

/** Whether `file` spawns the action: it imports the runner, or a file under __tests__ that does. */
const spawnsCache = new Map();
function spawns(file, seen = new Set()) {
  if (spawnsCache.has(file)) return spawnsCache.get(file);
  if (seen.has(file)) return false;
  seen.add(file);
  const result = valueImports(file).some((spec) => {
    if (RUNNER.test(spec)) return true;
    const target = path.resolve(path.dirname(file), spec).replace(/\.js$/, '.ts');
    return target.startsWith(TESTS + path.sep) && sources.includes(target) && spawns(target, seen);
  });
  spawnsCache.set(file, result);
  return result;
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The tests left out, relative to the project (printed by `node jest.stryker.config.js`). */
export const spawningTests = sources.filter((file) => file.endsWith('.test.ts') && spawns(file)).map((file) => path.relative(ROOT, file).split(path.sep).join('/'));

/** @type {import('jest').Config} */
export default {
  ...base,
  testPathIgnorePatterns: [
    ...(base.testPathIgnorePatterns ?? ['/node_modules/']),
    ...spawningTests.map((file) => `<rootDir>/${escape(file)}$`),
  ],
};

if (import.meta.main) console.log(spawningTests.join('\n'));
