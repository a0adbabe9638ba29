import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { Role, TrackingTranslationSubjects as S, type BusRequest } from '@portal/contracts';
import { TrackingTranslationsService } from './tracking-translations.service';

/** Tracking translations: read by everyone (and the public page), changed by ADMIN_TRACKING_TRANSLATION. */
@Controller()
export class TrackingTranslationsController {
  constructor(private readonly words: TrackingTranslationsService) {}

  @MessagePattern(S.list)
  list(@Payload() m: BusRequest) {
    return this.words.list(m.ctx);
  }

  @Roles(Role.ADMIN_TRACKING_TRANSLATION)
  @MessagePattern(S.set)
  set(@Payload() m: BusRequest) {
    return this.words.set(m.ctx, m.data);
  }

  @Roles(Role.ADMIN_TRACKING_TRANSLATION)
  @MessagePattern(S.remove)
  remove(@Payload() m: BusRequest) {
    return this.words.remove(m.ctx, m.data);
  }
}
