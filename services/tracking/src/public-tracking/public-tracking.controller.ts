import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Public, Roles } from '@portal/auth';
import { Role, TrackingSubjects, type BusRequest } from '@portal/contracts';
import { PublicTrackingService } from './public-tracking.service';

@Controller()
export class PublicTrackingController {
  constructor(private readonly publicTracking: PublicTrackingService) {}

  /** The recipient's page: no caller, the token is the only key (the gateway's /suivi/:token). */
  @Public()
  @MessagePattern(TrackingSubjects.publicTracking)
  lookup(@Payload() m: BusRequest) {
    return this.publicTracking.lookup(m.data);
  }

  /** The alert mails' links: the service refuses any caller but the system itself. */
  @Roles(Role.ADMIN)
  @MessagePattern(TrackingSubjects.publicTrackingLinks)
  links(@Payload() m: BusRequest) {
    return this.publicTracking.links(m.ctx, m.data);
  }
}
