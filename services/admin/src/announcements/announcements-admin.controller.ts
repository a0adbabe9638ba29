import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { AdminReferenceSubjects as S, Role, type BusRequest } from '@portal/contracts';
import { AnnouncementsAdminService } from './announcements-admin.service';

/** Announcements in the back office: ADMIN_ANNOUNCEMENT. */
@Controller()
export class AnnouncementsAdminController {
  constructor(private readonly announcements: AnnouncementsAdminService) {}

  @Roles(Role.ADMIN_ANNOUNCEMENT)
  @MessagePattern(S.announcementsList)
  list(@Payload() m: BusRequest) {
    return this.announcements.list(m.ctx, m.data);
  }

  @Roles(Role.ADMIN_ANNOUNCEMENT)
  @MessagePattern(S.announcementGet)
  get(@Payload() m: BusRequest) {
    return this.announcements.get(m.ctx, m.data);
  }

  @Roles(Role.ADMIN_ANNOUNCEMENT)
  @MessagePattern(S.announcementCreate)
  create(@Payload() m: BusRequest) {
    return this.announcements.create(m.ctx, m.data);
  }

  @Roles(Role.ADMIN_ANNOUNCEMENT)
  @MessagePattern(S.announcementUpdate)
  update(@Payload() m: BusRequest) {
    return this.announcements.update(m.ctx, m.data);
  }

  @Roles(Role.ADMIN_ANNOUNCEMENT)
  @MessagePattern(S.announcementDelete)
  remove(@Payload() m: BusRequest) {
    return this.announcements.remove(m.ctx, m.data);
  }
}
