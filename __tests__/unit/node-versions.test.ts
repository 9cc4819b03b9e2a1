/**
 * The Node versions the project states, held to each other: `.nvmrc` (development), the `node`
 * devDependency that npm scripts run on, package.json's `engines` (the command line), and the
 * README's "Versions", which names both. And a quiet `npm install` under development's Node:
 * npm warns EBADENGINE for a package whose `engines` that Node does not meet, which the
 * lockfile records for each package.
 */
import { expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import packageJson from '../../package.json' with { type: 'json' };
import { ROOT } from '../../dev/runner.ts';

// npm's own range rules (semver, in node_modules through npm's tooling); no typings of its own here.
const semver = createRequire(import.meta.url)('semver') as {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string } | null;
};

const read = (file: string): string => readFileSync(path.join(ROOT, file), 'utf8');
const nvmrc = read('.nvmrc').trim();

test('.nvmrc names the major of the node devDependency, which npm scripts (and so this test) run on', () => {
  expect(nvmrc).toMatch(/^\d+$/);
  expect(packageJson.devDependencies.node).toMatch(new RegExp(`^\\^${nvmrc}\\.`));
  expect(process.versions.node.split('.')[0]).toBe(nvmrc);
});

test("the README's \"Versions\" names the command line's floor (engines) and development's Node", () => {
  const section = /^## Versions\n([\s\S]*?)^## /m.exec(read('README.md'))?.[1] ?? '';
  const floor = semver.minVersion(packageJson.engines.node)?.version.replace(/\.0$/, '');
  expect(section).toContain(`the command line needs ${String(floor)} or later`);
  expect(section).toMatch(new RegExp(`development\\s+needs ${nvmrc}\\b`));
  expect(section).toContain('[.nvmrc](.nvmrc)');
});

test('the Node of development meets the engines of every package npm installs: no EBADENGINE', () => {
  const lock = JSON.parse(read('package-lock.json')) as {
    packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
  };
  const unmet = Object.entries(lock.packages).flatMap(([name, entry]) => {
    const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    return range === undefined || semver.satisfies(process.versions.node, range)
      ? []
      : [`${name || 'this package'}: ${range}`];
  });
  expect(Object.keys(lock.packages).length).toBeGreaterThan(100);
  expect(unmet).toEqual([]);
});
