import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  fittingTours,
  TOUR_FLAGS,
  type CallerContext,
  type CarrierDto,
  type ShipmentToursDto,
  type TourDto,
  type TourFlag,
  type TourNeeds,
} from '@portal/contracts';
import { Db, inScope, ScopedWhere } from '@portal/db';

const TOUR_COLUMNS = `t.id, t.depositor_id, d.code AS depositor_code, t.code, t.account_number, t.transport_code,
  json_build_object('id', c.id, 'ref', c.ref, 'name', c.name) AS carrier, t.tour_type, t.transport_mode, t.flags,
  t.weight_min_kg::float8 AS weight_min_kg, t.weight_max_kg::float8 AS weight_max_kg, t.volume_min_m3::float8 AS volume_min_m3,
  t.volume_max_m3::float8 AS volume_max_m3, t.max_packages, t.delivery_delay_days, t.codes,
  t.active AND c.active AS active`;
export const CARRIER_COLUMNS = `c.id, c.ref, c.name, c.kind, c.shipping_window_days, c.insurance_threshold::float8 AS insurance_threshold, c.pickup_email, c.settings`;

/** Every flag present (false when the stored plan leaves it out). */
const withFlags = (t: TourDto): TourDto => ({
  ...t,
  flags: Object.fromEntries(TOUR_FLAGS.map((f) => [f, t.flags?.[f] === true])) as Record<TourFlag, boolean>,
});

/** The transport plan: the depositors' tours and the carriers behind them (spec §3 Tour, Carrier). */
@Injectable()
export class ToursService {
  constructor(@Inject(Db) private readonly db: Db) {}

  /** The tours of the caller's depositors, by depositor and code; `depositor` (id) narrows. */
  async list(ctx: CallerContext, data: unknown): Promise<TourDto[]> {
    const w = ScopedWhere.of(ctx, { depositor: 't.depositor_id' });
    const depositor = Number((data as { depositor?: unknown } | null)?.depositor);
    if (Number.isSafeInteger(depositor) && depositor > 0) w.equals('t.depositor_id', depositor);
    const rows = await this.db.scopedQuery<TourDto>(
      ctx,
      `SELECT ${TOUR_COLUMNS} FROM tours t JOIN carriers c ON c.id = t.carrier_id JOIN depositors d ON d.id = t.depositor_id
       WHERE ${w} ORDER BY d.code, t.code`,
      w.params,
    );
    return rows.map(withFlags);
  }

  /** A depositor's tour by code, with its carrier's rules, or undefined. */
  async byCode(ctx: CallerContext, depositorId: number, code: string): Promise<{ tour: TourDto; carrier: CarrierDto } | undefined> {
    const w = ScopedWhere.of(ctx, { depositor: 't.depositor_id' }).equals('t.depositor_id', depositorId).equals('t.code', code);
    const [row] = await this.db.scopedQuery<TourDto & { carrier_rules: CarrierDto }>(
      ctx,
      `SELECT ${TOUR_COLUMNS}, (SELECT to_json(x) FROM (SELECT ${CARRIER_COLUMNS}) x) AS carrier_rules
       FROM tours t JOIN carriers c ON c.id = t.carrier_id JOIN depositors d ON d.id = t.depositor_id WHERE ${w}`,
      w.params,
    );
    return row ? { tour: withFlags(row), carrier: row.carrier_rules } : undefined;
  }

  /** The active tours of a depositor that fit a shipment; a warning key when none does. */
  async fitting(ctx: CallerContext, depositorId: number, needs: TourNeeds): Promise<ShipmentToursDto> {
    return fittingTours(await this.list(ctx, { depositor: depositorId }), depositorId, needs);
  }

  /**
   * GET /admin/carriers/{depositor_code} (spec §7): the carriers of the depositor's tours; `minify=1`
   * answers id and ref only. A code outside the caller's scope is answered as unknown.
   */
  async carriersOf(ctx: CallerContext, data: unknown): Promise<CarrierDto[] | { id: number; ref: string }[]> {
    const q = (data ?? {}) as { code?: unknown; minify?: unknown };
    const code = typeof q.code === 'string' ? q.code.trim().toUpperCase() : '';
    if (!code) throw new AppError('depositorCodeRequired', 'a depositor code is required', undefined, { depositor_code: 'required' });
    const [depositor] = await this.db.scopedQuery<{ id: number }>(ctx, `SELECT id FROM depositors WHERE code = $1`, [code]);
    if (!depositor || !inScope(ctx.scope, depositor.id)) throw new AppError('depositorNotFound', 'depositor not found');
    const rows = await this.db.scopedQuery<CarrierDto>(
      ctx,
      `SELECT ${CARRIER_COLUMNS} FROM carriers c WHERE c.active AND c.id IN (SELECT t.carrier_id FROM tours t WHERE t.depositor_id = $1 AND t.active) ORDER BY c.ref`,
      [depositor.id],
    );
    const minify = q.minify === '1' || q.minify === 1 || q.minify === true || q.minify === 'true';
    return minify ? rows.map((c) => ({ id: c.id, ref: c.ref })) : rows;
  }
}
