import { Module } from '@nestjs/common';
import { CarriersController, HubyController } from './huby.controller';
import { FileStorage, LocalFileStorage } from '@portal/files';
import { HubyImportController } from './import.controller';

/** HTTP side of the Huby service: /dashtower shipments, address books and packaging types. */
@Module({
  controllers: [HubyController, CarriersController, HubyImportController],
  providers: [{ provide: FileStorage, useFactory: () => new LocalFileStorage() }],
})
export class HubyHttpModule {}
