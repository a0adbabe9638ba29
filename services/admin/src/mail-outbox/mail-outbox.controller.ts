import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { AdminSubjects, Role, type BusRequest } from '@portal/contracts';
import { MailOutboxService } from './mail-outbox.service';

@Controller()
export class MailOutboxController {
  constructor(private readonly outbox: MailOutboxService) {}

  // Mails hold other users' messages: back-office administrators of templates and logs only.
  @Roles(Role.ADMIN_TEMPLATE, Role.ADMIN_LOGS)
  @MessagePattern(AdminSubjects.mailOutbox)
  list(@Payload() m: BusRequest) {
    return this.outbox.page(m.ctx, m.data);
  }
}
