// The "bare HTTP" column of the list benchmarks (issue 9): a bare Fastify handler on a pg Pool of
// the portal's size (10) running the same SQL as the service, no Nest, no guard, no bus, no scope.
// Env: DATABASE_URL, BARE_CASES (a JSON file: [{ sql, params }]), PORT; listens on 127.0.0.1.
// GET /case/<i> answers case i's rows as JSON.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(path.resolve(import.meta.dirname, '../../../package.json'));
const Fastify = require('fastify');
const { Pool } = require('pg');

const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10, application_name: 'bench-bare-http' });
const cases = JSON.parse(fs.readFileSync(process.env.BARE_CASES, 'utf8'));
const app = Fastify({ logger: false });
app.get('/case/:i', async (request) => {
  const { sql, params } = cases[Number(request.params.i)];
  return (await pool.query(sql, params)).rows;
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('bare http server ready');
