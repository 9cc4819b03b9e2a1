/**
 * The layers of src/ hold in the import graph: every module sits in a layer's folder, no
 * import goes against the arrows (the rules of eslint.config.js, here for dynamic imports too,
 * which the lint rule does not see), and no module reaches itself through its imports.
 */
import { expect, test } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LAYERS } from '../../eslint.config.js';
import { ROOT } from '../../dev/runner.ts';

type Rule = [RegExp, string];
const SRC = path.join(ROOT, 'src');
const modules = readdirSync(SRC, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
  .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));

// Static imports and re-exports (type-only ones too: a cycle of types is still a tangle) and dynamic imports.
const SPECIFIER = /(?:^\s*(?:import|export)\b[^;]*?\bfrom\s+|\bimport\s*\(\s*)['"]([^'"]+)['"]/gm;
const importsOf = (file: string): string[] =>
  [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(SPECIFIER)].map((m) => m[1] as string);
/** The innermost folder with rules: a sub-folder's rules include its parent's. */
const layerOf = (file: string): string | undefined =>
  Object.keys(LAYERS)
    .filter((folder) => file.startsWith(`${folder}/`))
    .sort((a, b) => b.length - a.length)[0];
const resolve = (file: string, specifier: string): string => path.posix.join(path.posix.dirname(file), specifier);

test('every module of src/ sits in a layer folder', () => {
  expect(modules.filter((file) => layerOf(file) === undefined)).toEqual([]);
  expect(modules).toEqual(expect.arrayContaining(['src/engine/ensure.ts', 'src/wire/http.ts', 'src/github/action.ts']));
});

test('no import goes against the arrows, dynamic ones included', () => {
  const against = modules.flatMap((file) => {
    const rules = (LAYERS as Record<string, Rule[]>)[layerOf(file) ?? ''] ?? [];
    return importsOf(file).flatMap((specifier) =>
      rules.filter(([regex]) => regex.test(specifier)).map(([, why]) => `${file} imports ${specifier}: ${why}`),
    );
  });
  expect(against).toEqual([]);
});

test('no import cycle in src/', () => {
  const graph = new Map(
    modules.map((file) => [
      file,
      importsOf(file)
        .filter((s) => s.startsWith('.'))
        .map((s) => resolve(file, s)),
    ]),
  );
  const cycles: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (file: string, trail: string[]): void => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'visiting')
      return void cycles.push([...trail.slice(trail.indexOf(file)), file].join(' -> '));
    state.set(file, 'visiting');
    for (const next of graph.get(file) ?? []) visit(next, [...trail, file]);
    state.set(file, 'done');
  };
  for (const file of modules) visit(file, []);
  expect(cycles).toEqual([]);
  // The graph is read: the entry reaches the engine, the engine the wire.
  expect(graph.get('src/github/action.ts')).toContain('src/engine/index.ts');
  expect(graph.get('src/engine/index.ts')).toContain('src/engine/ensure.ts');
  expect(graph.get('src/engine/ensure.ts')).toContain('src/wire/service-client.ts');
});
