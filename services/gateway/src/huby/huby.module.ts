import { Module } from '@nestjs/common';
import { CarriersController, HubyController } from './huby.controller';

/** HTTP side of the Huby service: /dashtower shipments, address books and packaging types. */
@Module({ controllers: [HubyController, CarriersController] })
export class HubyHttpModule {}
