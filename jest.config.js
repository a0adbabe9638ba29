/** Jest projects: unit + service tests beside the code, API tests in tests/api. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const common = {
  transform: { '^.+\\.(ts|js|mjs)$': swc },
  // A few dependencies ship ESM only: compile them to CommonJS like our own code.
  transformIgnorePatterns: ['/node_modules/(?!(content-disposition)/)'],
  moduleNameMapper: {
    '^@portal/service-(.*)$': '<rootDir>/services/$1/src',
    '^@portal/(.*)$': '<rootDir>/libs/$1/src',
  },
  testEnvironment: 'node',
  globalSetup: '<rootDir>/tests/support/global-setup.js',
  globalTeardown: '<rootDir>/tests/support/global-teardown.js',
};
module.exports = {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/libs/**/*.spec.ts', '<rootDir>/services/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'api',
      testMatch: ['<rootDir>/tests/api/**/*.test.ts'],
      testPathIgnorePatterns: ['\\.distributed\\.test\\.ts$'],
    },
    // The same API tests against gateway, auth and admin as separate processes on NATS
    // (needs `npm run build:server` and a NATS server; the test runner includes it when NATS is up).
    {
      ...common,
      displayName: 'api-distributed',
      testMatch: ['<rootDir>/tests/api/**/*.test.ts'],
      setupFiles: ['<rootDir>/tests/support/set-distributed.js'],
    },
    // Scale-out and faults: the distributed portal on a nats-server and a PostgreSQL of each test
    // file's own, which the tests stop and restart (needs `npm run build:server` and nats-server).
    {
      ...common,
      globalSetup: undefined,
      globalTeardown: undefined,
      displayName: 'faults',
      testMatch: ['<rootDir>/tests/faults/**/*.test.ts'],
    },
  ],
  testTimeout: 30000,
};
