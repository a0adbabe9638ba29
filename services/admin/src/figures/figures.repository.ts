import { Inject, Injectable } from '@nestjs/common';
import type { CallerContext } from '@portal/contracts';
import { applyScope, Db } from '@portal/db';
import type { EntityManager } from 'typeorm';
import { ANNOUNCEMENT_TYPES, Announcement } from '../announcements/announcement.entity';
import { Platform } from '../platforms/platform.entity';
import { Activity } from '../depositors/activity.entity';
import { Depositor } from '../depositors/depositor.entity';
import { Store } from '../depositors/store.entity';
import type { FigurePoint } from './figures.dto';

interface RawPoint {
  label: string;
  value: string | number;
}
const toPoints = (rows: RawPoint[]): FigurePoint[] => rows.map((r) => ({ label: r.label, value: Number(r.value) }));

/** Counts for dashboard charts, scoped like the lists they summarise. */
@Injectable()
export class FiguresRepository {
  constructor(@Inject(Db) private readonly db: Db) {}

  /** Per depositor of the scope (zero included), how many of its activities the caller may see. */
  activitiesPerDepositor(ctx: CallerContext): Promise<FigurePoint[]> {
    return this.db.scoped(ctx, (em) => this.perDepositor(em, ctx, Activity, 'activity'));
  }

  storesPerDepositor(ctx: CallerContext): Promise<FigurePoint[]> {
    return this.db.scoped(ctx, (em) => this.perDepositor(em, ctx, Store, 'store'));
  }

  /** Per platform, the caller's stores on it (platforms without any are left out). */
  storesPerPlatform(ctx: CallerContext): Promise<FigurePoint[]> {
    return this.db.scoped(ctx, async (em) => {
      const qb = em
        .createQueryBuilder(Store, 's')
        .innerJoin(Platform, 'p', 'p.id = s.platform_id')
        .select('p.code', 'label')
        .addSelect('COUNT(*)', 'value')
        .groupBy('p.code')
        .orderBy('p.code');
      return toPoints(await applyScope(qb, ctx, { depositor: 's.depositor_id', storeId: 's.id' }).getRawMany<RawPoint>());
    });
  }

  /** Announcements live at `now`, per type (both types always listed). */
  activeAnnouncementsPerType(ctx: CallerContext, now: Date): Promise<FigurePoint[]> {
    return this.db.scoped(ctx, async (em) => {
      const rows = await em
        .createQueryBuilder(Announcement, 'a')
        .select('a.type', 'label')
        .addSelect('COUNT(*)', 'value')
        .where('a.startsAt <= :now AND (a.endsAt IS NULL OR a.endsAt > :now)', { now })
        .groupBy('a.type')
        .getRawMany<RawPoint>();
      const counts = new Map(toPoints(rows).map((p) => [p.label, p.value]));
      return ANNOUNCEMENT_TYPES.map((type) => ({ label: type, value: counts.get(type) ?? 0 }));
    });
  }

  private async perDepositor(
    em: EntityManager,
    ctx: CallerContext,
    child: typeof Activity | typeof Store,
    dimension: 'activity' | 'store',
  ): Promise<FigurePoint[]> {
    // The child's own dimension (allowed activities or stores) narrows what is counted, in the join.
    const ids = dimension === 'activity' ? ctx.scope.activityIds : ctx.scope.storeIds;
    const own = !ctx.scope.all && ids.length;
    const qb = em
      .createQueryBuilder(Depositor, 'd')
      .leftJoin(child, 'c', `c.depositor_id = d.id${own ? ' AND c.id IN (:...ownIds)' : ''}`, own ? { ownIds: ids } : {})
      .select('d.code', 'label')
      .addSelect('COUNT(c.id)', 'value')
      .groupBy('d.code')
      .orderBy('d.code');
    return toPoints(await applyScope(qb, ctx, { depositor: 'd.id' }).getRawMany<RawPoint>());
  }
}
