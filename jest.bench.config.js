/**
 * The jest configuration of `npm run bench:contenders`: the benchmark's contenders on the wire
 * (`__tests__/bench/`), which need curl, jq and python3 besides Node. `npm test` leaves them
 * out, so that it passes on a machine without those tools; .ci/run runs both.
 */
import base from './jest.config.js';

/** @type {import('jest').Config} */
export default {
  ...base,
  roots: ['<rootDir>/__tests__/bench'],
  testPathIgnorePatterns: ['/node_modules/'],
  collectCoverageFrom: [],
  coverageThreshold: {},
};
