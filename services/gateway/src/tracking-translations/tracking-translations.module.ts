import { Module } from '@nestjs/common';
import { TrackingWordsCache } from '@portal/bus';
import { TrackingTranslationsController } from './tracking-translations.controller';

/** /api/tracking-translations (read) and /api/admin/tracking-translations (ADMIN_TRACKING_TRANSLATION), answered by the admin service. */
@Module({
  controllers: [TrackingTranslationsController],
  providers: [TrackingWordsCache],
  exports: [TrackingWordsCache],
})
export class TrackingTranslationsHttpModule {}
