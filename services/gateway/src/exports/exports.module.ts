import { Module } from '@nestjs/common';
import { FileStorage, LocalFileStorage } from '@portal/files';
import { TrackingTranslationsHttpModule } from '../tracking-translations/tracking-translations.module';
import { ExportKinds } from './export-kinds';
import { ExportLimits } from './export-limits';
import { ExportStore } from './export-store';
import { ExportsController } from './exports.controller';
import { ExportsService } from './exports.service';

/**
 * CSV/XLSX exports of every list (tracker, stock, movements): small ones answered at once, large ones
 * produced in the background, kept in the file storage and mailed (spec §9); `GET /exports/:id`.
 */
@Module({
  imports: [TrackingTranslationsHttpModule],
  controllers: [ExportsController],
  providers: [
    ExportsService,
    ExportKinds,
    ExportStore,
    { provide: ExportLimits, useFactory: () => ExportLimits.fromEnv() },
    { provide: FileStorage, useFactory: () => new LocalFileStorage() },
  ],
  exports: [ExportsService],
})
export class ExportsHttpModule {}
