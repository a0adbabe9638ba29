import { Module } from '@nestjs/common';
import { BUS_TRANSPORT, OutboxRelay, type BusTransport } from '@portal/bus';
import { DatabaseModule, Db } from '@portal/db';
import { FileStorage, LocalFileStorage } from '@portal/files';
import { CarriersController } from './carriers/carriers.controller';
import { ClaimEvidenceController } from './claims/claim-evidence.controller';
import { ClaimEvidenceService } from './claims/claim-evidence.service';
import { CarriersService } from './carriers/carriers.service';
import { ColdChainController } from './cold-chain/cold-chain.controller';
import { ColdChainRepository } from './cold-chain/cold-chain.repository';
import { ColdChainService } from './cold-chain/cold-chain.service';
import { ClassificationController } from './classification/classification.controller';
import { ClassificationService } from './classification/classification.service';
import { DocumentsController } from './documents/documents.controller';
import { DocumentsRepository } from './documents/documents.repository';
import { DocumentsService } from './documents/documents.service';
import { ProfilesController } from './profiles/profiles.controller';
import { PublicTrackingController } from './public-tracking/public-tracking.controller';
import { PublicTrackingRepository } from './public-tracking/public-tracking.repository';
import { PublicTrackingService } from './public-tracking/public-tracking.service';
import { ProfilesService } from './profiles/profiles.service';
import { SerialsController } from './serials/serials.controller';
import { SerialsService } from './serials/serials.service';
import { TracerRouteController } from './tracerroute/tracerroute.controller';
import { TracerRouteService } from './tracerroute/tracerroute.service';
import { WebhooksController } from './webhooks/webhooks.controller';
import { WebhooksService } from './webhooks/webhooks.service';
import { FeedController } from './feed/feed.controller';
import { FeedRepository } from './feed/feed.repository';
import { FeedService } from './feed/feed.service';
import { HubyShipmentsConsumer } from './feed/huby-shipments.consumer';
import { CarrierEventsPulledConsumer } from './webhooks/carrier-events-pulled.consumer';
import { FiguresController } from './figures/figures.controller';
import { FiguresRepository } from './figures/figures.repository';
import { FiguresService } from './figures/figures.service';
import { HealthController } from './health/health.controller';
import { TRACKING_MIGRATIONS } from './migrations';
import { OrdersController } from './orders/orders.controller';
import { OrdersRepository } from './orders/orders.repository';
import { OrdersService } from './orders/orders.service';
import { SnapshotsController } from './snapshots/snapshots.controller';
import { SnapshotsService } from './snapshots/snapshots.service';

/**
 * The tracking service owns orders/deliveries (Pack and Go Tracer) with their lines, serials,
 * parcels, documents, PODs and status history, the Tracer Route events, the carrier webhooks, the
 * shared search profiles and the recipients' public tracking tokens. Guards and the error filter come from the hosting root.
 */
@Module({
  imports: [DatabaseModule.forService({ service: 'tracking', entities: [], migrations: TRACKING_MIGRATIONS })],
  controllers: [
    FeedController,
    HubyShipmentsConsumer,
    CarrierEventsPulledConsumer,
    WebhooksController,
    OrdersController,
    DocumentsController,
    ColdChainController,
    ClassificationController,
    TracerRouteController,
    SerialsController,
    ProfilesController,
    FiguresController,
    CarriersController,
    SnapshotsController,
    ClaimEvidenceController,
    PublicTrackingController,
    HealthController,
  ],
  providers: [
    FeedRepository,
    FeedService,
    OrdersRepository,
    OrdersService,
    DocumentsRepository,
    DocumentsService,
    ColdChainRepository,
    ColdChainService,
    ClassificationService,
    TracerRouteService,
    SerialsService,
    ProfilesService,
    FiguresRepository,
    FiguresService,
    CarriersService,
    WebhooksService,
    SnapshotsService,
    ClaimEvidenceService,
    PublicTrackingRepository,
    PublicTrackingService,
    { provide: FileStorage, useFactory: () => new LocalFileStorage() },
    { provide: OutboxRelay, useFactory: (db: Db, t: BusTransport) => new OutboxRelay(db, t), inject: [Db, BUS_TRANSPORT] },
  ],
})
export class TrackingServiceModule {}
