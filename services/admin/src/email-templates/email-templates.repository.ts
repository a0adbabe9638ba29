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
        // The alerts service's mails (handlebars, filled by it) are not ready-made mails to pick.
        .andWhere("t.code NOT LIKE 'alert-%'")
        .orderBy('t.code')
        .addOrderBy('t.locale')
        .getMany(),
    );
  }

  /** An active template of this code in the first of these languages that has one. */
  async byCode(ctx: CallerContext, code: string, locales: string[]): Promise<EmailTemplate | null> {
    const found = await this.db.scoped(ctx, (em) =>
      em
        .createQueryBuilder(EmailTemplate, 't')
        .where('t.active AND t.code = :code AND t.locale IN (:...locales)', { code, locales })
        .getMany(),
    );
    return locales.map((l) => found.find((t) => t.locale === l)).find((t) => t !== undefined) ?? null;
  }
}
