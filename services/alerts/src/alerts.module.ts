import { Module } from '@nestjs/common';
import { BUS_TRANSPORT, OutboxRelay, type BusTransport } from '@portal/bus';
import { DatabaseModule, Db } from '@portal/db';
import { AlertsController } from './alerts/alerts.controller';
import { AlertsService } from './alerts/alerts.service';
import { MatchCountService } from './alerts/match-count';
import { DELIVERY_CONTROLLERS, DELIVERY_PROVIDERS } from './delivery/delivery.providers';
import { HealthController } from './health/health.controller';
import { CreateAlerts1766000000000 } from './migrations/1766000000000-CreateAlerts';
import { AlertMatchIndexes1766100000000 } from './migrations/1766100000000-AlertMatchIndexes';
import { AlertMatchCountIndexes1766150000000 } from './migrations/1766150000000-AlertMatchCountIndexes';
import { ProjectionCatchUp } from './projection/catch-up';
import { ProjectionConsumer } from './projection/projection.consumer';
import { CreateWebhooks1768700000000 } from './migrations/1768700000000-CreateWebhooks';
import { WebhookDeliveriesDueOrder1768800000000 } from './migrations/1768800000000-WebhookDeliveriesDueOrder';
import { WebhookDeliveriesStreamPosition1768900000000 } from './migrations/1768900000000-WebhookDeliveriesStreamPosition';
import { WEBHOOK_CONTROLLERS, WEBHOOK_PROVIDERS } from './webhooks/webhooks.providers';

/**
 * The alerts service owns My VIP and My DOC (spec §1, §2, §3 Alert): the alert definitions, a
 * projection of tracking's orders fed by its durable events (the matching count and the digests read
 * it), the deliveries (immediate on an event, or once per slot at 01:00, 12:00 and 23:50 in the
 * owner's time zone) and the mails with their retries; and the depositors' signed webhooks
 * (issue 35), fed by the same events, delivered from a durable queue of its own.
 */
/** The alerts database's migrations, in order (the service and the benchmarks run them). */
export const ALERTS_MIGRATIONS = [
  CreateAlerts1766000000000,
  AlertMatchIndexes1766100000000,
  AlertMatchCountIndexes1766150000000,
  CreateWebhooks1768700000000,
  WebhookDeliveriesDueOrder1768800000000,
  WebhookDeliveriesStreamPosition1768900000000,
];

@Module({
  imports: [
    DatabaseModule.forService({
      service: 'alerts',
      entities: [],
      migrations: ALERTS_MIGRATIONS,
    }),
  ],
  controllers: [AlertsController, ProjectionConsumer, HealthController, ...DELIVERY_CONTROLLERS, ...WEBHOOK_CONTROLLERS],
  providers: [
    AlertsService,
    MatchCountService,
    ProjectionCatchUp,
    { provide: OutboxRelay, useFactory: (db: Db, t: BusTransport) => new OutboxRelay(db, t), inject: [Db, BUS_TRANSPORT] },
    ...DELIVERY_PROVIDERS,
    ...WEBHOOK_PROVIDERS,
  ],
})
export class AlertsServiceModule {}
