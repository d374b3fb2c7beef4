/** Unit tests (jsdom) stand beside the front-end code; API tests (node) beside the server code. */
const swc = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } },
];

const web = {
  displayName: 'web',
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/src', '<rootDir>/config', '<rootDir>/mock', '<rootDir>/contract'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.m?js$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(umi|@umijs|path-to-regexp)/)'],
  moduleNameMapper: {
    '\\.(css|less)$': '<rootDir>/tests/support/styleMock.js',
    '^@/(.*)$': '<rootDir>/src/$1',
    '^@@/(.*)$': '<rootDir>/src/.umi/$1',
    '^@contract/(.*)$': '<rootDir>/contract/$1',
    '^umi$': '<rootDir>/src/.umi/exports',
    // The app imports a few antd ES modules by path (its one locale, .umirc.ts; Result loaded when first shown,
    // components/PageResult); jest runs the CommonJS build.
    '^antd/es/(.*)$': 'antd/lib/$1',
    '^@ant-design/cssinjs/es/(.*)$': '@ant-design/cssinjs/lib/$1',
  },
  setupFilesAfterEnv: ['<rootDir>/tests/support/setupTests.ts'],
};

/** API tests: node, each file on a fresh database cloned from a template migrated once (server/testing). */
const api = {
  displayName: 'api',
  testEnvironment: '<rootDir>/server/testing/environment.ts',
  roots: ['<rootDir>/server', '<rootDir>/contract'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.(t|j)s$': swc },
  globalSetup: '<rootDir>/server/testing/globalSetup.ts',
  globalTeardown: '<rootDir>/server/testing/globalTeardown.ts',
  setupFilesAfterEnv: ['<rootDir>/server/testing/setup.ts'],
  moduleNameMapper: {
    '^@electric-sql/pglite$': '<rootDir>/server/testing/pglite-outside.ts',
  },
};

module.exports = { projects: [web, api] };
