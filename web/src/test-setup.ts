import { beforeAll } from 'vitest';
import { useFetch } from './core/api';
import { resetServerStatus } from './core/serverStatus';

// The test files share their modules (isolate: false): each starts with the portal known up and the
// real fetch, whatever the file before it left (a server reported down, a fake transport).
beforeAll(() => {
  useFetch();
  resetServerStatus();
});
