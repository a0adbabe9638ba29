import { Module } from '@nestjs/common';
import { TrackingTranslationsController } from './tracking-translations.controller';
import { TrackingWordsCache } from './tracking-words.cache';

/** /api/tracking-translations (read) and /api/admin/tracking-translations (ADMIN_TRACKING_TRANSLATION), answered by the admin service. */
@Module({
  controllers: [TrackingTranslationsController],
  providers: [TrackingWordsCache],
  exports: [TrackingWordsCache],
})
export class TrackingTranslationsHttpModule {}
