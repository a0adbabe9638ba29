import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { OnEvent } from '@portal/bus';
import { Roles } from '@portal/auth';
import { AuditEvents, AuditSubjects, Role, type AuditChangeEvent, type BusRequest, type DomainEvent } from '@portal/contracts';
import { AuditService } from './audit.service';

/** The audit trail's durable consumer (one for every service's changes). */
export const AUDIT_CONSUMER = 'admin.audit.changes';

@Controller()
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @OnEvent(AuditEvents.changed, AUDIT_CONSUMER)
  async changed(@Payload() event: DomainEvent<AuditChangeEvent>): Promise<void> {
    await this.audit.record(AUDIT_CONSUMER, event);
  }

  // The provider's trail: the back office's logs area (ADMIN reads it too).
  @Roles(Role.ADMIN_LOGS)
  @MessagePattern(AuditSubjects.list)
  list(@Payload() m: BusRequest) {
    return this.audit.list(m.ctx, m.data);
  }

  // Any signed-in user: their colleagues' changes to their own depositors' data.
  @MessagePattern(AuditSubjects.colleagues)
  colleagues(@Payload() m: BusRequest) {
    return this.audit.colleagues(m.ctx, m.data);
  }
}
