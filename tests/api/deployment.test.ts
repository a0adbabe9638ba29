import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SERVICES } from '@portal/contracts';
import { DISTRIBUTED_SERVICES } from './support/distributed';

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const describeOnce = process.env.API_MODE === 'distributed' ? describe.skip : describe;

/**
 * The distributed deployment names every service there is (issue 19): a new service cannot land
 * without its place in docker-compose.yml, README's distributed mode, the database script, the
 * gateway's health and the distributed API tests.
 */
describeOnce('distributed deployment files', () => {
  const services = fs
    .readdirSync(path.join(ROOT, 'services'))
    .filter((name) => fs.existsSync(path.join(ROOT, 'services', name, 'src/main.ts')) && name !== 'all-in-one')
    .sort();

  it('lists every service in docker-compose.yml, README, init.sql, the health check and the distributed tests', () => {
    const compose = read('docker-compose.yml');
    const readme = read('README.md');
    const initSql = read('infra/postgres/init.sql');
    for (const name of services) {
      expect({ name, compose: compose.includes(`dist/services/${name}/main.js`) }).toEqual({ name, compose: true });
      expect({ name, readme: readme.includes(`node dist/services/${name}/main.js`) }).toEqual({ name, readme: true });
      expect({ name, distributedTests: (DISTRIBUTED_SERVICES as readonly string[]).includes(name) }).toEqual({
        name,
        distributedTests: true,
      });
      if (name === 'gateway') continue;
      expect({ name, initSql: initSql.includes(`CREATE DATABASE portal_${name};`) }).toEqual({ name, initSql: true });
      expect({ name, health: (SERVICES as readonly string[]).includes(name) }).toEqual({ name, health: true });
    }
  });

  const compose = ['docker-compose', 'docker'].find((bin) => spawnSync('sh', ['-c', `command -v ${bin}`]).status === 0);
  (compose === 'docker-compose' ? it : it.skip)('docker-compose.yml is a valid compose file (docker-compose config)', () => {
    // As an operator runs it: with the one secret the file requires.
    const result = spawnSync('docker-compose', ['-f', path.join(ROOT, 'docker-compose.yml'), 'config', '-q'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, JWT_SECRET: 'a-long-random-secret-for-the-check' },
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
