import { Inject, Injectable } from '@nestjs/common';
import { adminReach, type CallerContext } from '@portal/contracts';
import { applyScope, Db } from '@portal/db';
import { Activity } from './activity.entity';
import { Depositor } from './depositor.entity';
import { Store } from './store.entity';

/** Depositors with their activities and stores: every read is scoped twice (WHERE + row-level security). */
@Injectable()
export class DepositorsRepository {
  constructor(@Inject(Db) private readonly db: Db) {}

  /** The caller's depositors, optionally only some ids, by code. */
  depositors(ctx: CallerContext, ids?: number[]): Promise<Depositor[]> {
    return this.db.scoped(ctx, (em) => {
      const qb = applyScope(em.createQueryBuilder(Depositor, 'd'), ctx, { depositor: 'd.id' });
      if (ids) qb.andWhere('d.id IN (:...ids)', { ids });
      return qb.orderBy('d.code').getMany();
    });
  }

  /**
   * The depositors the caller administers (only for the depositor and user administrators): every one
   * for the provider's staff, their own for a depositor's administrator, whatever filter they chose.
   */
  administeredDepositors(ctx: CallerContext): Promise<Depositor[]> {
    return this.depositors({ ...ctx, scope: adminReach(ctx) });
  }

  activities(ctx: CallerContext, depositorId?: number): Promise<Activity[]> {
    return this.db.scoped(ctx, (em) => {
      const qb = applyScope(em.createQueryBuilder(Activity, 'a'), ctx, { depositor: 'a.depositor_id', activityId: 'a.id' });
      if (depositorId) qb.andWhere('a.depositor_id = :depositorId', { depositorId });
      return qb.orderBy('a.depositor_id').addOrderBy('a.code').getMany();
    });
  }

  stores(ctx: CallerContext, depositorId?: number): Promise<Store[]> {
    return this.db.scoped(ctx, (em) => {
      const qb = applyScope(em.createQueryBuilder(Store, 's'), ctx, { depositor: 's.depositor_id', storeId: 's.id' });
      if (depositorId) qb.andWhere('s.depositor_id = :depositorId', { depositorId });
      return qb.orderBy('s.depositor_id').addOrderBy('s.code').getMany();
    });
  }
}
