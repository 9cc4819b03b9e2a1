/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/__tests__'],
  testMatch: ['**/*.test.ts'],
  // The benchmark's contenders need curl, jq and python3: `npm run bench:contenders` runs them
  // (jest.bench.config.js), and .ci/run does; `npm test` needs none of these tools.
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/__tests__/bench/'],
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true }],
  },
  // End-to-end tests start processes and wait for the action's own timeouts and retries.
  testTimeout: 30_000,
  // Every file of src/; the end-to-end tests run the bundle in processes coverage does not see,
  // so this is what the in-process tests reach (index.ts, one line, is the only file they skip).
  collectCoverageFrom: ['src/**/*.ts'],
  coverageThreshold: { global: { statements: 95, branches: 90, functions: 95, lines: 95 } },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
};
