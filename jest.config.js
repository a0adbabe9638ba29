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
/**
 * The API test files that run a second time against the distributed deployment (every service a process
 * of its own on NATS): those where the bus or the process boundary matters — events carried by JetStream
 * to another service, bytes and error envelopes over the wire, state each process keeps (sessions,
 * scopes, MQTT groups), health and faults. The in-process bus copies every message as a wire would
 * (libs/bus in-process.transport.ts) and the bus contract spec runs both transports, so a file that only
 * asks one service through the gateway runs once. Every file is named in one list or the other: a new
 * file fails the run until someone decides.
 */
const BOTH_BUSES = [
  'api-keys', // a key revoked on one gateway forgotten by the others (NATS)
  'alerts', // tracking's events matched by alerts, across services
  'alerts-delivery', // documents' bytes and durable events to mail
  'audit', // a change in one service reaches admin's trail by event
  'audit-services', // the same from fever, tracking and huby
  'claims', // the delivery's evidence copied from tracking over the bus
  'faults.distributed', // a stopped service process
  'fever-certificate', // tracking's order and fever's readings in one PDF, bytes over the wire
  'fever-ingest', // MQTT groups shared by processes, readings in batches
  'hostile-input', // error envelopes and huge values over NATS
  'huby', // labels' bytes, carrier events jobs
  'identity', // sessions and revocation across gateway and auth processes
  'isolation', // scopes carried to every service, every path
  'live', // events fanned out to every gateway's streams on NATS, ids alike on each
  'loop', // the warehouse's integration back by event
  'operations', // health, metrics and stop per process
  'public-tracking', // the recipient's page composed from tracking and admin over the wire, per-address limits of each gateway
  'reports', // the reporting projection fed by events
  'statistics', // usage metered by the gateway and flushed to the reports service over the bus
  'tracking', // feeds and carrier webhooks, events to the projections
  'webhooks', // domain events of four services to signed deliveries from the alerts service's queue
];
const IN_PROCESS_ONLY = [
  'admin-import',
  'admin-reference',
  'admin-transport',
  'huby-carriers',
  'huby-rates', // carrier fakes on this machine, one slow
  'admin-users',
  'backup', // all-in-one by nature
  'crash', // all-in-one by nature
  'dashboard',
  'dashboard-profiles',
  'deployment', // reads files only
  'fever',
  'first-admin',
  'geo-order',
  'huby-import',
  'password-reset',
  'tracking-translations', // gateway + admin service; the bus adds nothing here
];
const apiFiles = require('node:fs')
  .readdirSync(`${__dirname}/tests/api`)
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => f.slice(0, -'.test.ts'.length));
const undecided = apiFiles.filter((f) => !BOTH_BUSES.includes(f) && !IN_PROCESS_ONLY.includes(f));
if (undecided.length) {
  throw new Error(
    `jest.config.js: say whether tests/api/${undecided.join(', ')}.test.ts runs on both buses (BOTH_BUSES or IN_PROCESS_ONLY)`,
  );
}
const escape = (name) => name.replace(/[.]/g, '\\.');

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
      testMatch: ['<rootDir>/tests/api/*.test.ts'],
      testPathIgnorePatterns: [`/tests/api/(?!(${BOTH_BUSES.map(escape).join('|')})\\.test\\.ts$)`],
      setupFiles: ['<rootDir>/tests/support/set-distributed.js'],
      // A registry per worker: the files that can share one deployment start it once (startTarget({ shared: true })).
      testEnvironment: '<rootDir>/tests/support/worker-environment.js',
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
