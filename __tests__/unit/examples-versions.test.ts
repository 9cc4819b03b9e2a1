/**
 * What the examples and the documents pin of this project is a version that package.json and
 * the CHANGELOG both have, or the one placeholder the README's "Versions" explains: `1.x.y`
 * (`v1.x.y` and `v1` as the action's tags). A pin of a release that does not exist fails here.
 */
import { expect, test } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import packageJson from '../../package.json' with { type: 'json' };
import { ROOT } from '../../dev/runner.ts';

const read = (file: string): string => readFileSync(path.join(ROOT, file), 'utf8');
const filesUnder = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.posix.join(dir, e.name)) : [path.posix.join(dir, e.name)],
  );

const DOCUMENTS = ['README.md', 'CONTRIBUTING.md', 'action.yml', ...filesUnder('examples')];
const PLACEHOLDERS = new Set(['1.x.y', 'v1.x.y', 'v1', '<commit SHA>']);

/** The CHANGELOG's released versions: its `## [X.Y.Z]` headings. */
const released = [...read('CHANGELOG.md').matchAll(/^## \[(\d+\.\d+\.\d+)\]/gm)].map((m) => m[1] as string);
/** What a pin may name besides the placeholders: a version both package.json and the CHANGELOG have. */
const pinnable = released
  .filter((version) => version === packageJson.version)
  .flatMap((version) => [version, `v${version}`, `v${version.split('.')[0]}`]);

/** Each pin of this project in a text: what follows `ensure-provider-scope@`, and a `# vX...` comment on the same line. */
function pinsOf(text: string): string[] {
  return text.split('\n').flatMap((line) => {
    const refs = [...line.matchAll(/ensure-provider-scope@(<commit SHA>|[^\s"'`#)]+)/g)].map((m) => m[1] as string);
    const comment =
      refs.length === 0 ? undefined : /#\s*(v\d[^\s`]*)/.exec(line.slice(line.indexOf('ensure-provider-scope@')))?.[1];
    return comment === undefined ? refs : [...refs, comment];
  });
}

test('the scan reads pins, with their version comments', () => {
  expect(
    pinsOf(
      'uses: o/ensure-provider-scope@abc # v1.2.3\nnpx ensure-provider-scope@2.0.0 plan\n  X: "ensure-provider-scope@1.x.y"',
    ),
  ).toEqual(['abc', 'v1.2.3', '2.0.0', '1.x.y']);
  expect(pinsOf('`<owner>/ensure-provider-scope@<commit SHA> # v1.x.y`')).toEqual(['<commit SHA>', 'v1.x.y']);
});

test('every pin of this project in the examples and documents is a version package.json and the CHANGELOG have, or the placeholder', () => {
  const pins = DOCUMENTS.flatMap((file) => pinsOf(read(file)).map((pin) => ({ file, pin })));
  expect(pins.map((p) => p.file)).toEqual(
    expect.arrayContaining(['README.md', 'examples/.gitlab-ci.yml', 'examples/workflows/release.yml']),
  );
  expect(pins.filter(({ pin }) => !PLACEHOLDERS.has(pin) && !pinnable.includes(pin))).toEqual([]);
});

test("package.json's version is the CHANGELOG's latest release, or the CHANGELOG has none yet", () => {
  const hasUnreleased = /^## \[Unreleased\]/m.test(read('CHANGELOG.md'));
  if (released.length === 0) expect(hasUnreleased).toBe(true);
  else expect(released[0]).toBe(packageJson.version);
});

test('the README explains the placeholder once, in "Versions", in both of its forms', () => {
  const readme = read('README.md');
  const section = /^## Versions\n([\s\S]*?)^## /m.exec(readme)?.[1] ?? '';
  expect(section).toContain('`<owner>/ensure-provider-scope@<commit SHA> # v1.x.y`');
  expect(section).toContain('`ensure-provider-scope@1.x.y`');
  expect(section).toContain(released.length === 0 ? 'no release yet' : released[0]);
  expect(readme.match(/^## Versions$/gm)).toHaveLength(1);
});
