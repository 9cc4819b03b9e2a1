import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['dist/', 'coverage/', 'build/', 'node_modules/'] },
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
