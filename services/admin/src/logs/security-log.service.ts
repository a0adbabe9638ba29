import { Inject, Injectable, Logger } from '@nestjs/common';
import { handleOnce } from '@portal/bus';
import { EventTypes, type DomainEvent, type LogMessageKey } from '@portal/contracts';
import { Db } from '@portal/db';
import { LogsRepository } from './logs.repository';

/** Payload of the auth service's account security events. */
export interface UserSecurityEvent {
  userUuid: string;
  login: string;
  at: string;
}

const MESSAGES: Record<string, LogMessageKey> = {
  [EventTypes.accountBlocked]: 'accountBlocked',
  [EventTypes.passwordResetByAdmin]: 'passwordResetByAdmin',
};

/** Turns account security events of the auth service into back-office log rows (spec §3 Log). */
@Injectable()
export class SecurityLogService {
  private readonly logger = new Logger('SecurityLog');

  constructor(
    @Inject(Db) private readonly db: Db,
    private readonly logs: LogsRepository,
  ) {}

  /** Once per event and consumer: a redelivered event changes nothing. */
  async record(consumer: string, event: DomainEvent<UserSecurityEvent>): Promise<boolean> {
    return handleOnce(this.db, consumer, event, async (em) => {
      const { userUuid, login, at } = event.payload ?? ({} as Partial<UserSecurityEvent>);
      const key = MESSAGES[event.type];
      // A malformed event would fail on every redelivery: note it and move on.
      if (!key || typeof userUuid !== 'string' || !userUuid) {
        this.logger.warn(`ignored ${event.type} ${event.id}: unexpected payload`);
        return;
      }
      const when = new Date(at ?? event.occurredAt);
      await this.logs.recordOccurrence(em, {
        severity: 'warning',
        module: 'auth',
        key,
        params: { login: typeof login === 'string' ? login : '' },
        objectName: 'user',
        objectId: userUuid,
        at: Number.isNaN(when.getTime()) ? new Date() : when,
      });
    });
  }
}
