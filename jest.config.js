/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/__tests__'],
  testMatch: ['**/*.test.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true }],
  },
  // End-to-end tests start processes and wait for the action's own timeouts and retries.
  testTimeout: 30_000,
  // Coverage of the modules tested in-process; main.ts and index.ts, the wiring, are run by
  // the end-to-end tests as the runner runs them, in processes that coverage does not see.
  collectCoverageFrom: ['src/**/*.ts', '!src/main.ts', '!src/index.ts'],
  coverageThreshold: { global: { statements: 95, branches: 85, functions: 90, lines: 95 } },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
};
