import { Module } from '@nestjs/common';
import { CarriersController, HubyController } from './huby.controller';
import { LoopController } from './loop.controller';

/** HTTP side of the Huby service: /dashtower shipments, address books and packaging types. */
@Module({ controllers: [HubyController, CarriersController, LoopController] })
export class HubyHttpModule {}
