import { Module } from '@nestjs/common';
import { FileStorage, LocalFileStorage } from '@portal/files';
import { PublicTrackingController } from './public-tracking.controller';
import { PublicTrackingReader } from './public-tracking.service';
import { TrackingTranslationsHttpModule } from '../tracking-translations/tracking-translations.module';

/** The recipients' public tracking page (`/suivi/<token>`), outside the API. */
@Module({
  imports: [TrackingTranslationsHttpModule],
  controllers: [PublicTrackingController],
  providers: [PublicTrackingReader, { provide: FileStorage, useFactory: () => new LocalFileStorage() }],
})
export class PublicTrackingHttpModule {}
