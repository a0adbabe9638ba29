// The test environment of the distributed API tests: jest's node environment, plus one registry per
// jest worker that outlives each test file (this module is loaded once per worker, a test file's own
// modules are not). tests/api/support/target.ts keeps there the deployment that the worker's files
// share (startTarget({ shared: true })), so that ten service processes start once per worker rather
// than once per file. What it started is stopped by the worker's exit and, whatever becomes of the
// worker, by the run's global teardown (tests/support/global-teardown.js reads what it left).
const { TestEnvironment } = require('jest-environment-node');

const registry = new Map();
/** Synchronous stops run when the worker exits (a child process is killed by a signal, no await). */
const onExit = [];
registry.set('onExit', onExit);
process.once('exit', () => {
  for (const stop of onExit.splice(0)) {
    try {
      stop();
    } catch {
      /* the process is leaving: the global teardown stops what is left */
    }
  }
});

class WorkerEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.__WORKER_SHARED__ = registry;
  }
}

module.exports = WorkerEnvironment;
