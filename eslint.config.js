import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['dist/', 'coverage/', 'build/', 'node_modules/', 'reports/', '.stryker-tmp/', '.scratch/'] },
  // The configuration files in plain JavaScript run on Node.
  { files: ['*.js', '*.mjs'], languageOptions: { globals: { console: 'readonly', process: 'readonly' } } },
  // The benchmark's Node peers: plain scripts, as a team would write them.
  { files: ['dev/bench/peers/*.mjs'], languageOptions: { globals: { console: 'readonly', process: 'readonly', Buffer: 'readonly', fetch: 'readonly' } } },
  js.configs.recommended,
  tseslint.configs.strict,
  {
    rules: {
      // Non-null assertions hide the cases noUncheckedIndexedAccess is there to surface.
      '@typescript-eslint/no-non-null-assertion': 'error',
      eqeqeq: 'error',
    },
  },
);
