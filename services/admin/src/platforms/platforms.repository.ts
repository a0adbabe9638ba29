import { Inject, Injectable } from '@nestjs/common';
import type { CallerContext } from '@portal/contracts';
import { Db } from '@portal/db';
import { Platform } from './platform.entity';

/** Platforms are the provider's own sites, not a depositor's data: every signed-in user sees them all. */
@Injectable()
export class PlatformsRepository {
  constructor(@Inject(Db) private readonly db: Db) {}

  all(ctx: CallerContext): Promise<Platform[]> {
    return this.db.scoped(ctx, (em) => em.createQueryBuilder(Platform, 'p').orderBy('p.code').getMany());
  }
}
