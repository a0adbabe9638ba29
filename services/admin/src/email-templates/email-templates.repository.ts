import { Inject, Injectable } from '@nestjs/common';
import type { CallerContext } from '@portal/contracts';
import { Db } from '@portal/db';
import { EmailTemplate, type TemplateVisibility } from './email-template.entity';

@Injectable()
export class EmailTemplatesRepository {
  constructor(@Inject(Db) private readonly db: Db) {}

  active(ctx: CallerContext, visibilities: TemplateVisibility[]): Promise<EmailTemplate[]> {
    return this.db.scoped(ctx, (em) =>
      em
        .createQueryBuilder(EmailTemplate, 't')
        .where('t.active')
        .andWhere('t.visibility IN (:...visibilities)', { visibilities })
        .orderBy('t.code')
        .addOrderBy('t.locale')
        .getMany(),
    );
  }
}
