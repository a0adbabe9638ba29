import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { AdminSubjects, Role, type BusRequest } from '@portal/contracts';
import { EmailTemplatesService } from './email-templates.service';

@Controller()
export class EmailTemplatesController {
  constructor(private readonly templates: EmailTemplatesService) {}

  @MessagePattern(AdminSubjects.emailTemplates)
  list(@Payload() m: BusRequest) {
    return this.templates.templates(m.ctx, m.data);
  }

  /** The alerts service reads its mail templates here (system caller). */
  @Roles(Role.ADMIN)
  @MessagePattern(AdminSubjects.alertTemplate)
  alertTemplate(@Payload() m: BusRequest) {
    return this.templates.alertTemplate(m.ctx, m.data);
  }

  // Mails leave with the portal's sender address: only users granted template sending (spec §6).
  @Roles(Role.ADMIN_TEMPLATE, Role.USER_EMAIL_TEMPLATE_ADMIN, Role.USER_EMAIL_TEMPLATE_PUBLIC)
  @MessagePattern(AdminSubjects.sendEmail)
  send(@Payload() m: BusRequest) {
    return this.templates.send(m.ctx, m.data);
  }
}
