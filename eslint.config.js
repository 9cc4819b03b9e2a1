import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

/** The GitHub toolkit belongs to the GitHub door alone. */
const ACTIONS = [/^@actions\//, 'only the GitHub door uses the GitHub toolkit'];

/** One zod, the small one: its classic entry cost about 27 ms before the first request (CONTRIBUTING.md, Performance). */
const ZOD_MINI = [/^zod(\/v4)?$/, 'import zod/mini, not the classic zod'];

/**
 * The layers of src/ (src/README.md): the doors -> the markdown -> the engine -> the wire, and
 * never one door into the other. Per folder, the import specifiers it may not use, and why; an import against
 * the arrows fails the lint, and __tests__/unit/layers.test.ts holds dynamic imports to it too.
 */
export const LAYERS = {
  'src/markdown': [[/(^|\/)(github|cli)\//, 'the markdown renderings know no door'], ACTIONS, ZOD_MINI],
  'src/engine': [
    [/(^|\/)(github|cli|markdown)\//, 'the engine knows no door, nor how one renders it'],
    ACTIONS,
    ZOD_MINI,
  ],
  'src/wire': [
    [/(^|\/)(engine|markdown|github|cli)\//, 'the wire knows neither the engine nor a door'],
    ACTIONS,
    ZOD_MINI,
  ],
  'src/github': [[/(^|\/)cli\//, 'one door never imports the other'], ZOD_MINI],
  'src/cli': [[/(^|\/)github\//, 'one door never imports the other'], ACTIONS, ZOD_MINI],
};

/** One no-restricted-imports rule per folder: the import specifiers it may not use, and why. */
function layers(rules) {
  return Object.entries(rules).map(([folder, forbidden]) => ({
    files: [`${folder}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: forbidden.map(([regex, message]) => ({
            regex: regex.source,
            message: `${message} (src/README.md)`,
          })),
        },
      ],
    },
  }));
}

export default defineConfig(
  { ignores: ['.cache/', 'dist/', 'coverage/', 'build/', 'node_modules/', 'reports/', '.stryker-tmp/', '.scratch/'] },
  // The configuration files in plain JavaScript run on Node.
  { files: ['*.js', '*.mjs'], languageOptions: { globals: { console: 'readonly', process: 'readonly' } } },
  // The benchmark's Node peers: plain scripts, as a team would write them.
  {
    files: ['dev/bench/peers/*.mjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly', Buffer: 'readonly', fetch: 'readonly' } },
  },
  js.configs.recommended,
  tseslint.configs.strict,
  ...layers(LAYERS),
  {
    rules: {
      // Non-null assertions hide the cases noUncheckedIndexedAccess is there to surface.
      '@typescript-eslint/no-non-null-assertion': 'error',
      eqeqeq: 'error',
    },
  },
);
