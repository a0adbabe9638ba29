import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { OnEvent } from '@portal/bus';
import { EventTypes, type DomainEvent } from '@portal/contracts';
import { SecurityLogService, type UserSecurityEvent } from './security-log.service';

/**
 * Durable consumers of the auth service's security events. One consumer name per event type: a
 * NATS durable consumer has one filter, and two handlers sharing a name would overwrite each other's.
 */
export const SecurityLogConsumers = {
  accountBlocked: 'admin.security-log.account-blocked',
  passwordResetByAdmin: 'admin.security-log.password-reset-by-admin',
} as const;

@Controller()
export class SecurityLogConsumer {
  constructor(private readonly securityLog: SecurityLogService) {}

  @OnEvent(EventTypes.accountBlocked, SecurityLogConsumers.accountBlocked)
  async accountBlocked(@Payload() event: DomainEvent<UserSecurityEvent>): Promise<void> {
    await this.securityLog.record(SecurityLogConsumers.accountBlocked, event);
  }

  @OnEvent(EventTypes.passwordResetByAdmin, SecurityLogConsumers.passwordResetByAdmin)
  async passwordResetByAdmin(@Payload() event: DomainEvent<UserSecurityEvent>): Promise<void> {
    await this.securityLog.record(SecurityLogConsumers.passwordResetByAdmin, event);
  }
}
