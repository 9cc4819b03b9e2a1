/**
 * The jest configuration Stryker runs (see stryker.config.mjs and CONTRIBUTING.md,
 * "Mutation testing"): the in-process tests alone, `__tests__/unit/`. The other tiers run the
 * bundled dist/ as a process (`e2e/`) or over TLS (`wire/`): the bundle holds no mutant, so
 * they could never kill one and would only cost time.
 */
import base from './jest.config.js';

/** @type {import('jest').Config} */
export default { ...base, roots: ['<rootDir>/__tests__/unit'] };
