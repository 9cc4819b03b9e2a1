/**
 * The command line's Node floor (src/cli/node-version.ts): package.json's engines, what the
 * bundled packages need, and the one line a Node below it gets. The check run by an old Node
 * itself is in e2e/cli-package.test.ts; the versions the documents name, in node-versions.test.ts.
 */
import { expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import packageJson from '../../package.json' with { type: 'json' };
import { ROOT } from '../../dev/runner.ts';
import { floorOf, tooOldNode } from '../../src/cli/node-version.ts';

const line = (version: string): string =>
  `ensure-provider-scope needs Node.js 22.19 or later, and this is Node.js ${version}: install a newer Node.js (or switch to one with your version manager) and run it again.`;

test.each(['20.20.2', '22.18.9', '22.0.0', '21.99.99', '18.20.4', '22.18'])(
  'Node %s is below >=22.19: one line that names both versions',
  (version) => {
    expect(tooOldNode(version, '>=22.19')).toBe(line(version));
  },
);

test.each(['22.19.0', '22.19.1', '22.100.0', '23.0.0', '24.21.0', '100.0.0'])('Node %s meets >=22.19', (version) => {
  expect(tooOldNode(version, '>=22.19')).toBeUndefined();
});

test('a floor with a patch is compared to the patch, and named with it', () => {
  expect(tooOldNode('22.19.0', '>= 22.19.2')).toContain('needs Node.js 22.19.2 or later');
  expect(tooOldNode('22.19.2', '>= 22.19.2')).toBeUndefined();
  expect(floorOf('>=24')).toEqual([24, 0, 0]);
  expect(floorOf(' >= 22.19.10 ')).toEqual([22, 19, 10]);
});

test('an engines range of another form is refused, not read wrongly', () => {
  expect(() => floorOf('^22.19')).toThrow('engines.node must be of the form >=X.Y, not ^22.19');
  expect(() => floorOf('22 || 24')).toThrow();
  expect(() => floorOf('<=20 || >=22.19')).toThrow();
  expect(() => floorOf('>=22.19 <25')).toThrow();
});

test("by default the floor is package.json's engines.node", () => {
  expect(packageJson.engines.node).toBe('>=22.19');
  expect(tooOldNode('22.18.0')).toBe(line('22.18.0'));
  expect(tooOldNode('22.19.0')).toBeUndefined();
});

// The command line bundles what it runs: its floor must be no lower than theirs (npm's lockfile
// records each package's engines), and the bundle's licence file names each of them.
test('the floor is no lower than what each bundled package needs', () => {
  const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { engines?: { node?: string } }>;
  };
  const licences = readFileSync(path.join(ROOT, 'dist', 'cli', 'licenses.txt'), 'utf8');
  const floor = floorOf(packageJson.engines.node).join('.');
  for (const name of ['undici', 'yaml', 'zod']) {
    expect([name, licences.split('\n').includes(name)]).toEqual([name, true]);
    const engines = lock.packages[`node_modules/${name}`]?.engines?.node;
    if (engines === undefined) continue;
    expect([name, engines, tooOldNode(floor, engines)]).toEqual([name, engines, undefined]);
  }
});
