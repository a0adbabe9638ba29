import { Module } from '@nestjs/common';
import { CarriersController, HubyController } from './huby.controller';
import { GeoOrderController } from './geo-order.controller';

/** HTTP side of the Huby service: /dashtower shipments, address books and packaging types. */
@Module({ controllers: [HubyController, CarriersController, GeoOrderController] })
export class HubyHttpModule {}
