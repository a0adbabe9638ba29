import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AdminSubjects, type BusRequest } from '@portal/contracts';
import { AnnouncementsService } from './announcements.service';

@Controller()
export class AnnouncementsController {
  constructor(private readonly announcements: AnnouncementsService) {}

  @MessagePattern(AdminSubjects.announcements)
  list(@Payload() m: BusRequest) {
    return this.announcements.active(m.ctx);
  }

  @MessagePattern(AdminSubjects.hideAnnouncement)
  hide(@Payload() m: BusRequest) {
    return this.announcements.hide(m.ctx, m.data);
  }
}
