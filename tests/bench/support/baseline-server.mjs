// The platform benchmark's baseline: a bare NestJS 11 + Fastify app with one controller doing one
// single-row PostgreSQL read through a pg Pool of 10 (the portal's pool size). No bus, no guard.
// Env: DATABASE_URL (a database with the portal's `users` table), USER_ID, PORT; listens on 127.0.0.1.
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(path.resolve(import.meta.dirname, '../../../package.json'));
require('reflect-metadata');
const { Controller, Get, Module } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { FastifyAdapter } = require('@nestjs/platform-fastify');
const { Pool } = require('pg');

const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10, application_name: 'bench-baseline' });
const userId = Number(process.env.USER_ID ?? 1);
const USER_SQL = `SELECT id, uuid, login, roles, depositor_ids, language, timezone FROM users WHERE id = $1`;

class BaselineController {
  async user() {
    const { rows } = await pool.query(USER_SQL, [userId]);
    return rows[0];
  }

  async health() {
    await pool.query('SELECT 1');
    return { status: 'ok' };
  }
}
// Decorators applied by hand: plain .mjs has no decorator syntax.
const method = (name) => [BaselineController.prototype, name, Object.getOwnPropertyDescriptor(BaselineController.prototype, name)];
Get('user')(...method('user'));
Get('health')(...method('health'));
Controller()(BaselineController);

class BaselineModule {}
Module({ controllers: [BaselineController] })(BaselineModule);

const app = await NestFactory.create(BaselineModule, new FastifyAdapter({ logger: false }), { logger: ['error', 'warn'] });
app.setGlobalPrefix('api');
await app.listen(Number(process.env.PORT ?? 3000), '127.0.0.1');
