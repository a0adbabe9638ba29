// Child process of tests/bench/tracking-search.mjs: the portal as all-in-one hosts it (gateway, auth,
// admin and tracking on the in-process bus), from dist/. Seeds the admin and auth demo data and two
// bench users scoped to DEMO-C and to DEMO-B + DEMO-C. Env: DATABASE_URL (prefix), PORT, DATA_DIR.
import { createRequire } from 'node:module';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const require = createRequire(path.join(ROOT, 'package.json'));
require('reflect-metadata');
const { Module } = require('@nestjs/common');
const { APP_GUARD, NestFactory } = require('@nestjs/core');
const { RpcRolesGuard } = require('@portal/auth');
const { BusModule, BusServer, InProcessTransport } = require('@portal/bus');
const { Db } = require('@portal/db');
const { AdminServiceModule, seedAdminDemo } = require('@portal/service-admin');
const { AuthServiceModule, seedAuthDemo } = require('@portal/service-auth');
const { TrackingServiceModule } = require('@portal/service-tracking');
const { configureGateway, fastifyAdapter, GatewayModule } = require('@portal/service-gateway');
const { TrackingHttpModule } = require(path.join(ROOT, 'dist/services/gateway/src/tracking/tracking.module.js'));

const transport = new InProcessTransport();
class Root {}
Module({
  imports: [
    BusModule.forTransport(transport),
    AdminServiceModule,
    AuthServiceModule,
    TrackingServiceModule,
    GatewayModule,
    TrackingHttpModule,
  ],
  providers: [{ provide: APP_GUARD, useClass: RpcRolesGuard }],
})(Root);

const app = await NestFactory.create(Root, fastifyAdapter(), { logger: ['error', 'warn'], rawBody: true });
await configureGateway(app);
app.connectMicroservice({ strategy: new BusServer(transport) }, { inheritAppConfig: true });
await app.startAllMicroservices();
const dbOf = (service) => app.get(Db, { each: true }).find((db) => db.service === service);
await seedAdminDemo(dbOf('admin'));
await seedAuthDemo(dbOf('auth'));
for (const [login, depositors] of [
  ['bench-c', [3]],
  ['bench-bc', [2, 3]],
]) {
  await dbOf('auth').system.query(
    `INSERT INTO users (uuid, login, email, password_hash, firstname, lastname, roles, depositor_ids, language)
     SELECT gen_random_uuid(), $1::text, $1::text || '@bench.example', password_hash, 'Bench', $1::text,
            ARRAY['PGT_USER', 'SERIAL_USER', 'TRACERROUTE_USER', 'USER_TRACKER_NUMBER_SEARCH'], $2::int[], 'fr_FR'
       FROM users WHERE login = 'alice' ON CONFLICT DO NOTHING`,
    [login, depositors],
  );
}
await app.listen(Number(process.env.PORT), '127.0.0.1');
console.log('tracking bench server ready');
