/**
 * The jest configuration Stryker runs (see stryker.config.mjs and CONTRIBUTING.md,
 * "Mutation testing"): the in-process tests alone, `__tests__/unit/`. The other tiers run the
 * bundled dist/ as a process (`e2e/`) or over TLS (`wire/`): the bundle holds no mutant, so
 * they could never kill one and would only cost time.
 *
 * The tests are chosen by testMatch, not by roots: Stryker runs each mutant against the tests
 * jest finds related to its file (`--findRelatedTests`), and jest follows imports only through
 * the files under its roots. With roots `__tests__/unit/` alone, a test that reaches src/
 * through a helper (`__tests__/support/cli-world.ts`, `harness.ts`, `in-process.ts`,
 * `dev/auth-service.ts`, `scripts/spec-schema.ts`) was never related to it: jest found "no
 * tests" and Stryker counted the mutant as survived. So every folder a test imports from is a
 * root.
 */
import base from './jest.config.js';

/** @type {import('jest').Config} */
export default {
  ...base,
  roots: ['<rootDir>/__tests__', '<rootDir>/src', '<rootDir>/dev', '<rootDir>/scripts'],
  testMatch: ['<rootDir>/__tests__/unit/**/*.test.ts'],
};
