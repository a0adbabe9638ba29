import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { AdminReferenceSubjects as S, Role, type BusRequest } from '@portal/contracts';
import { TemplatesAdminService } from './templates-admin.service';

/** Email templates in the back office: ADMIN_TEMPLATE (spec §6 "manage email templates"). */
@Controller()
export class TemplatesAdminController {
  constructor(private readonly templates: TemplatesAdminService) {}

  @Roles(Role.ADMIN_TEMPLATE)
  @MessagePattern(S.templatesList)
  list(@Payload() m: BusRequest) {
    return this.templates.list(m.ctx, m.data);
  }

  @Roles(Role.ADMIN_TEMPLATE)
  @MessagePattern(S.templateGet)
  get(@Payload() m: BusRequest) {
    return this.templates.get(m.ctx, m.data);
  }

  @Roles(Role.ADMIN_TEMPLATE)
  @MessagePattern(S.templateCreate)
  create(@Payload() m: BusRequest) {
    return this.templates.create(m.ctx, m.data);
  }

  @Roles(Role.ADMIN_TEMPLATE)
  @MessagePattern(S.templateUpdate)
  update(@Payload() m: BusRequest) {
    return this.templates.update(m.ctx, m.data);
  }

  @Roles(Role.ADMIN_TEMPLATE)
  @MessagePattern(S.templatePreview)
  preview(@Payload() m: BusRequest) {
    return this.templates.preview(m.ctx, m.data);
  }

  @Roles(Role.ADMIN_TEMPLATE)
  @MessagePattern(S.templateTestSend)
  testSend(@Payload() m: BusRequest) {
    return this.templates.testSend(m.ctx, m.data);
  }
}
