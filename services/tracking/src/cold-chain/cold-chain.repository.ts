import { Inject, Injectable } from '@nestjs/common';
import type { CallerContext } from '@portal/contracts';
import { applyScope, Db } from '@portal/db';
import type { EntityManager } from 'typeorm';
import { ORDER_SCOPE } from '../common/order-scope';

/** What a cold-chain certificate needs of an order: who, where (platform, store) and when (reception, shipping). */
export interface OrderStayRow {
  id: string;
  depositor_id: number;
  depositor_code: string;
  reference: string;
  customer_reference: string | null;
  platform_id: number | null;
  store_code: string | null;
  created_at: Date;
  received_at: Date | null;
  shipped_at: Date | null;
}

@Injectable()
export class ColdChainRepository {
  constructor(@Inject(Db) readonly db: Db) {}

  /** The order when the caller may see it, or undefined. */
  stay(ctx: CallerContext, id: number): Promise<OrderStayRow | undefined> {
    return this.db.scoped(ctx, (em) => {
      const qb = em
        .createQueryBuilder()
        .select(
          'o.id, o.depositor_id, o.depositor_code, o.reference, o.customer_reference, o.platform_id, o.store_code, o.created_at, o.received_at, o.shipped_at',
        )
        .from('orders', 'o')
        .where('o.id = :id AND o.hidden_at IS NULL', { id });
      applyScope(qb, ctx, ORDER_SCOPE);
      return qb.getRawOne<OrderStayRow>();
    });
  }

  /** Holds the order until the transaction ends: two certificates asked at once leave one document, not two. */
  async lock(em: EntityManager, id: string): Promise<void> {
    await em.query(`SELECT 1 FROM orders WHERE id = $1 FOR UPDATE`, [id]);
  }
}
