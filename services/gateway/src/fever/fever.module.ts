import { Module } from '@nestjs/common';
import { FileStorage, LocalFileStorage } from '@portal/files';
import { ExportsHttpModule } from '../exports/exports.module';
import { FeverController } from './fever.controller';

/** HTTP side of the fever service: /fever zones, plans and their images, probes, graphs and exports. */
@Module({
  imports: [ExportsHttpModule],
  controllers: [FeverController],
  providers: [{ provide: FileStorage, useFactory: () => new LocalFileStorage() }],
})
export class FeverHttpModule {}
