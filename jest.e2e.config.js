/**
 * Browser tests (`npm run test:e2e`): Debian's Chromium through playwright-core against the built app on the
 * real server, which globalSetup starts on a free port with a temporary data directory.
 */
module.exports = {
  displayName: 'e2e',
  testEnvironment: 'node',
  roots: ['<rootDir>/tests/e2e'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' } } }],
    // The plain-ESM helpers the benchmarks share (tests/support/server.mjs), compiled to CommonJS for jest.
    '^.+\\.mjs$': ['@swc/jest', { jsc: { parser: { syntax: 'ecmascript' } }, module: { type: 'commonjs' } }],
  },
  globalSetup: '<rootDir>/tests/e2e/globalSetup.mjs',
  globalTeardown: '<rootDir>/tests/e2e/globalTeardown.mjs',
  // One file at a time: every file drives its own Chromium, and the machines are small.
  maxWorkers: 1,
  testTimeout: 60_000,
  // Every test by name in the CI log.
  verbose: true,
};
