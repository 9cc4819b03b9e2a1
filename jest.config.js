/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/__tests__'],
  testMatch: ['**/*.test.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, isolatedModules: true }],
  },
  // End-to-end tests start processes and wait for the action's own timeouts and retries.
  testTimeout: 30_000,
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
};
