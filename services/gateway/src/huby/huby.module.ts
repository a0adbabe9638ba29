import { Module } from '@nestjs/common';
import { CarriersController, HubyController } from './huby.controller';
import { FileStorage, LocalFileStorage } from '@portal/files';
import { HubyImportController } from './import.controller';
import { GeoOrderController } from './geo-order.controller';
import { TransportAdminController } from './transport-admin.controller';
import { LoopController } from './loop.controller';

/** HTTP side of the Huby service: /dashtower shipments, address books, packaging types, Loop order entry, order import and Geo-order. */
@Module({
  controllers: [HubyController, CarriersController, LoopController, HubyImportController, GeoOrderController, TransportAdminController],
  providers: [{ provide: FileStorage, useFactory: () => new LocalFileStorage() }],
})
export class HubyHttpModule {}
