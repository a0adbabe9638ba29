import { Injectable } from '@nestjs/common';
import type { CallerContext } from '@portal/contracts';
import { validateData } from '../common/validate';
import { MailOutboxQuery, type MailOutboxPage } from './mail-outbox.dto';
import { MailOutboxRepository } from './mail-outbox.repository';

@Injectable()
export class MailOutboxService {
  constructor(private readonly repository: MailOutboxRepository) {}

  async page(ctx: CallerContext, data: unknown): Promise<MailOutboxPage> {
    const { limit = 50, offset = 0 } = validateData(MailOutboxQuery, data);
    const { rows, total } = await this.repository.page(ctx, limit, offset);
    return { items: rows, total };
  }
}
