import { Module } from '@nestjs/common';
import { FileStorage, LocalFileStorage } from '@portal/files';
import { ExportsHttpModule } from '../exports/exports.module';
import { ClaimsController } from './claims.controller';

/** HTTP side of the claims service: /claims lists, creation flow, processing, attachments and export. */
@Module({
  imports: [ExportsHttpModule],
  controllers: [ClaimsController],
  providers: [{ provide: FileStorage, useFactory: () => new LocalFileStorage() }],
})
export class ClaimsHttpModule {}
