import { Inject, Injectable } from '@nestjs/common';
import { hasAnyRole, Role, type CallerContext } from '@portal/contracts';
import { Db } from '@portal/db';
import { Announcement } from './announcement.entity';

/** Announcements are addressed to every user or to the holders of some rights: no depositor scope, only the per-user "hidden" marks. */
@Injectable()
export class AnnouncementsRepository {
  constructor(@Inject(Db) private readonly db: Db) {}

  /** In their lifetime range at `now`, for the caller's rights, not hidden by this user, most important first. */
  active(ctx: CallerContext, now: Date, userId?: number): Promise<Announcement[]> {
    return this.db.scoped(ctx, (em) => {
      const qb = em
        .createQueryBuilder(Announcement, 'a')
        .where('a.startsAt <= :now', { now })
        .andWhere('(a.endsAt IS NULL OR a.endsAt > :now)', { now });
      // News of a feature reaches those who hold one of its rights (an administrator holds them all).
      if (!hasAnyRole(ctx.roles, [Role.ADMIN]))
        qb.andWhere('(cardinality(a.roles) = 0 OR a.roles && :roles::text[])', { roles: ctx.roles });
      if (userId !== undefined) {
        qb.andWhere('NOT EXISTS (SELECT 1 FROM announcement_hidden h WHERE h.announcement_id = a.id AND h.user_id = :userId)', { userId });
      }
      return qb.orderBy('a.priority', 'DESC').addOrderBy('a.id', 'ASC').getMany();
    });
  }

  /** Marks it hidden for the user; false when no such announcement exists. Hiding twice is harmless. */
  hide(ctx: CallerContext, id: number, userId: number): Promise<boolean> {
    return this.db.scoped(ctx, async (em) => {
      const rows: unknown[] = await em.query(
        `INSERT INTO announcement_hidden (announcement_id, user_id)
           SELECT id, $2 FROM announcements WHERE id = $1
         ON CONFLICT DO NOTHING RETURNING 1`,
        [id, userId],
      );
      if (rows.length) return true;
      return (await em.countBy(Announcement, { id })) > 0;
    });
  }
}
