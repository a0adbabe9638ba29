import { Module } from '@nestjs/common';
import { FileStorage, LocalFileStorage } from '@portal/files';
import { ExportsHttpModule } from '../exports/exports.module';
import { CarriersHttpController } from './carriers.controller';
import { ColdChainHttpController } from './cold-chain.controller';
import { CarrierWebhooksController, TrackingFeedController } from './feed.controller';
import { TrackingOrdersController } from './orders.controller';
import { SearchProfilesController } from './profiles.controller';
import { SerialsHttpController } from './serials.controller';
import { TracerRouteHttpController } from './tracerroute.controller';

/**
 * HTTP side of the tracking service: Pack and Go Tracer (`/orders`), Tracer Route, Serial Tracker,
 * the warehouse feed and the carrier webhooks. Files stream from the shared storage (@portal/files).
 */
@Module({
  imports: [ExportsHttpModule],
  controllers: [
    SearchProfilesController,
    TrackingOrdersController,
    ColdChainHttpController,
    TracerRouteHttpController,
    SerialsHttpController,
    TrackingFeedController,
    CarrierWebhooksController,
    CarriersHttpController,
  ],
  providers: [{ provide: FileStorage, useFactory: () => new LocalFileStorage() }],
})
export class TrackingHttpModule {}
