import { Inject, Injectable } from '@nestjs/common';
import { AppError, SERIAL_SEARCH_MAX, type CallerContext, type SerialHitDto, type SerialSearchPage } from '@portal/contracts';
import { applyScope, Db } from '@portal/db';
import { ORDER_SCOPE } from '../common/order-scope';
import { FieldChecks } from '../common/checks';
import { prefixBounds } from '../orders/search-filter';

/** Serial Tracker (spec §1): the orders, dates and recipients of a serial or lot number (prefix). */
@Injectable()
export class SerialsService {
  constructor(@Inject(Db) private readonly db: Db) {}

  /** The newest SERIAL_SEARCH_MAX hits, and how many there are in all (counted only when the page is full). */
  async search(ctx: CallerContext, data: unknown): Promise<SerialSearchPage> {
    const c = new FieldChecks();
    const d = (data ?? {}) as Record<string, unknown>;
    const serial = c.text('serial', d.serial, 64);
    const lot = c.text('lot', d.lot, 64);
    if (!c.ok) throw new AppError('validationFailed', 'invalid search', undefined, c.fields);
    if (!serial && !lot) throw new AppError('missingParameter', 'a serial or a lot number is required', undefined, { serial: 'required' });
    return this.db.scoped(ctx, async (em) => {
      const qb = em
        .createQueryBuilder()
        .select(
          `sn.serial, l.lot, l.article_reference, o.id, o.reference, o.depositor_code, o.status, o.created_at, o.shipped_at, o.delivered_at,
           o.recipient_company, o.recipient_name, o.recipient_address1, o.zip, o.town, o.country`,
        )
        .from('order_lines', 'l')
        .innerJoin('orders', 'o', 'o.id = l.order_id AND o.hidden_at IS NULL');
      if (serial)
        qb.innerJoin(
          'order_serials',
          'sn',
          'sn.order_id = l.order_id AND sn.line_no = l.line_no AND sn.serial ~>=~ :serialLo AND sn.serial ~<~ :serialHi',
          prefixBounds('serial', serial),
        );
      else qb.leftJoin('order_serials', 'sn', 'false');
      if (lot) qb.andWhere('l.lot ~>=~ :lotLo AND l.lot ~<~ :lotHi', prefixBounds('lot', lot));
      applyScope(qb, ctx, ORDER_SCOPE);
      const newest = qb.clone().orderBy('o.created_at', 'DESC').limit(SERIAL_SEARCH_MAX);
      const items = (await newest.getRawMany<Record<string, unknown>>()).map(toSerialHit);
      if (items.length < SERIAL_SEARCH_MAX) return { items, total: items.length };
      const [sql, params] = qb.getQueryAndParameters();
      const [{ count }]: { count: string }[] = await em.query(`SELECT count(*) AS count FROM (${sql}) c`, params);
      return { items, total: Number(count) };
    });
  }
}

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

function toSerialHit(r: Record<string, unknown>): SerialHitDto {
  return {
    serial: (r.serial as string) ?? null,
    lot: (r.lot as string) ?? null,
    articleReference: String(r.article_reference),
    orderId: Number(r.id),
    reference: String(r.reference),
    depositorCode: String(r.depositor_code),
    status: Number(r.status),
    createdAt: iso(r.created_at)!,
    shippedAt: iso(r.shipped_at),
    deliveredAt: iso(r.delivered_at),
    recipient: {
      company: (r.recipient_company as string) ?? null,
      name: (r.recipient_name as string) ?? null,
      address1: (r.recipient_address1 as string) ?? null,
      zip: (r.zip as string) ?? null,
      town: (r.town as string) ?? null,
      country: (r.country as string) ?? null,
    },
  };
}
