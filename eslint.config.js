import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

/** The GitHub toolkit belongs to the GitHub door alone. */
const ACTIONS = [/^@actions\//, 'only the GitHub door uses the GitHub toolkit'];

/** One zod, the small one: its classic entry cost about 27 ms before the first request (CONTRIBUTING.md, Performance). */
const ZOD_MINI = [/^zod(\/v4)?$/, 'import zod/mini, not the classic zod'];

/** Outside the engine, its entry alone (and text.ts, which every layer shares): src/engine/index.ts. */
const ENGINE_ENTRY = [
  /(^|\/)engine\/(?!(index|text)\.ts$)/,
  'outside the engine, import its entry, engine/index.ts (or engine/text.ts), not its inner modules',
];

const ENGINE = [
  [/(^|\/)(github|cli|gitlab|render|posting)\//, 'the engine knows no door, nor how one renders it'],
  ACTIONS,
  ZOD_MINI,
];

/**
 * The layers of src/ (src/README.md): the doors -> the renderings -> the engine -> the wire, and
 * never one door into the other. Per folder, the import specifiers it may not use, and why; an import against
 * the arrows fails the lint, and __tests__/unit/layers.test.ts holds dynamic imports to it too.
 */
export const LAYERS = {
  // One's own comment, issue or note, found, updated or created: below the doors, which adapt it.
  'src/posting': [
    [/(^|\/)(github|cli|gitlab|render)\//, 'posting knows no door, nor a rendering'],
    ENGINE_ENTRY,
    ACTIONS,
    ZOD_MINI,
  ],
  'src/render': [[/(^|\/)(github|cli|gitlab)\//, 'the renderings know no door'], ENGINE_ENTRY, ACTIONS, ZOD_MINI],
  'src/engine': ENGINE,
  // Within the engine, the flow of a run: the spec read, then reconciled, then concluded. A
  // folder imports only the folders before it (and the wire); the entries at its top, all.
  'src/engine/settings': [
    ...ENGINE,
    [/^\.\.\/(?!\.\.\/wire\/)/, 'reading the spec comes first: it knows no later step'],
  ],
  'src/engine/reconcile': [
    ...ENGINE,
    [/^\.\.\/(?!settings\/|\.\.\/wire\/)/, 'the reconciliation knows the spec, not the conclusion nor the entries'],
  ],
  'src/engine/conclude': [
    ...ENGINE,
    [/^\.\.\/(?!settings\/|reconcile\/|\.\.\/wire\/)/, 'the conclusion knows what came before it, not the entries'],
  ],
  'src/wire': [
    [/(^|\/)(engine|render|posting|github|cli|gitlab)\//, 'the wire knows neither the engine nor a door'],
    ACTIONS,
    ZOD_MINI,
  ],
  'src/github': [[/(^|\/)(cli|gitlab)\//, 'one door never imports another'], ENGINE_ENTRY, ZOD_MINI],
  // GitLab's door is reached through the command line (a GitLab job runs it): the command line may import it.
  'src/gitlab': [[/(^|\/)(cli|github)\//, 'one door never imports another'], ENGINE_ENTRY, ACTIONS, ZOD_MINI],
  'src/cli': [[/(^|\/)github\//, 'one door never imports another'], ENGINE_ENTRY, ACTIONS, ZOD_MINI],
};

/**
 * One no-restricted-imports rule per folder: the import specifiers it may not use, and why. A
 * sub-folder's entry repeats its parent's rules: the later entry replaces the rule, not adds to it.
 */
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
  // The code reads as steps: no function of src/ over 80 lines, its inner functions counted with it.
  { files: ['src/**/*.ts'], rules: { 'max-lines-per-function': ['error', { max: 80 }] } },
  {
    rules: {
      // Non-null assertions hide the cases noUncheckedIndexedAccess is there to surface.
      '@typescript-eslint/no-non-null-assertion': 'error',
      eqeqeq: 'error',
    },
  },
);
