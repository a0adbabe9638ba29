import { Inject, Injectable } from '@nestjs/common';
import { auditedWrite, type AuditedRows } from '@portal/bus';
import {
  AppError,
  FEVER_PROBES_LIST,
  feverProbeInput,
  feverProbePlace,
  parseBody,
  parseListRequest,
  type CallerContext,
  type FeverProbeDto,
  type ListPage,
} from '@portal/contracts';
import { countedPage, Db, likeLiteral, orderBy, rowsOf, ScopedWhere } from '@portal/db';
import type { EntityManager } from 'typeorm';
import { bodyOf, idOf, notFound } from '../zones/scope-checks';
import { PROBE_COLUMNS, PROBE_FROM, PROBE_NOT_NULL, PROBE_SCOPE, PROBE_SORTS, PROBE_STATE_SQL } from './probe-rows';

/** The audit trail's view of a probe: what its form and plan set (not its live values), narrowed to its depositor and platform. */
const PROBE_ROWS: AuditedRows<Pick<FeverProbeDto, 'id' | 'mac' | 'label' | 'zone' | 'depositorId' | 'platformId' | 'planId' | 'x' | 'y'>> =
  {
    service: 'fever',
    entity: 'probe',
    read: (em, ids) =>
      em.query(
        `SELECT p.id, p.mac::text AS mac, p.label, z.label AS zone, p.depositor_id AS "depositorId", p.platform_id AS "platformId",
         p.plan_id AS "planId", p.x, p.y FROM probes p JOIN zones z ON z.id = p.zone_id WHERE p.id = ANY($1::int[])`,
        [ids],
      ),
    subject: (p) => ({ id: p.id, label: p.label || p.mac, depositorIds: [p.depositorId], platformId: p.platformId }),
  };

const macTaken = (mac: string) => new AppError('probeMacExists', 'MAC address already used', { mac }, { mac: 'invalidFormat' });

/**
 * Spec §3 Probe: MAC address (unique across depositors, normalised to aa:bb:cc:dd:ee:ff), label,
 * zone (whose depositor and platform it takes), position on a plan, and its live values.
 */
@Injectable()
export class ProbesService {
  constructor(@Inject(Db) private readonly db: Db) {}

  async list(ctx: CallerContext, data: unknown): Promise<ListPage<FeverProbeDto>> {
    const request = parseListRequest(FEVER_PROBES_LIST, data);
    const f = request.filter;
    const w = ScopedWhere.of(ctx, PROBE_SCOPE)
      .equals('p.depositor_id', f.depositor)
      .equals('p.platform_id', f.platform)
      .equals('p.zone_id', f.zone)
      .equals('p.plan_id', f.plan);
    if (f.state) w.and(PROBE_STATE_SQL[f.state]);
    if (f.q) {
      const like = w.param(`%${likeLiteral(f.q)}%`);
      w.and(`(p.label ILIKE ${like} OR p.mac::text ILIKE ${like} OR z.label ILIKE ${like})`);
    }
    return countedPage<FeverProbeDto>(
      (sql, params) => this.db.scopedQuery(ctx, sql, params),
      w,
      {
        countRows: `SELECT 1 FROM probes p JOIN zones z ON z.id = p.zone_id WHERE ${w}`,
        rows: (limit, offset) =>
          `SELECT ${PROBE_COLUMNS} FROM ${PROBE_FROM} WHERE ${w}
           ORDER BY ${orderBy(PROBE_SORTS[request.sort], request.order, 'p.id', PROBE_NOT_NULL)} LIMIT ${limit} OFFSET ${offset}`,
      },
      { offset: request.offset, limit: request.limit, maxExactCount: 10_000 },
    );
  }

  async get(ctx: CallerContext, data: unknown): Promise<FeverProbeDto> {
    const [row] = await this.db.scopedQuery<FeverProbeDto>(ctx, `SELECT ${PROBE_COLUMNS} FROM ${PROBE_FROM} WHERE p.id = $1`, [idOf(data)]);
    if (!row) throw notFound('probe');
    return row;
  }

  /**
   * Creates or edits a probe. The zone must be one the caller sees; a probe moved to a zone of
   * another platform leaves its plan. The MAC is checked against every depositor's probes (a probe
   * gateway names probes by MAC alone), yet the answer never says whose it is.
   */
  async save(ctx: CallerContext, data: unknown): Promise<FeverProbeDto> {
    const hasId = (data as { id?: unknown } | null)?.id !== undefined;
    const current = hasId ? await this.get(ctx, data) : undefined;
    const raw = bodyOf(data, 'probe') as Record<string, unknown>;
    const input = parseBody(feverProbeInput, current && raw.mac === undefined ? { ...raw, mac: current.mac } : raw);
    if (!input.mac) throw new AppError('validationFailed', 'MAC address required', undefined, { mac: 'required' });
    const id = await this.db.scoped(ctx, async (em) => {
      const zone = await this.zone(em, input.zoneId!);
      try {
        return await auditedWrite(em, ctx, PROBE_ROWS, { ids: current ? [current.id] : [], written: (id: number) => [id] }, async () => {
          const [row] = rowsOf<{ id: number }>(
            current
              ? await em.query(
                  `UPDATE probes SET mac = $2::macaddr, label = $3, zone_id = $4, depositor_id = $5, platform_id = $6,
                   plan_id = CASE WHEN platform_id = $6 AND depositor_id = $5 THEN plan_id END,
                   x = CASE WHEN platform_id = $6 AND depositor_id = $5 THEN x END,
                   y = CASE WHEN platform_id = $6 AND depositor_id = $5 THEN y END, updated_at = now()
                 WHERE id = $1 RETURNING id`,
                  [current.id, input.mac, input.label, zone.id, zone.depositor_id, zone.platform_id],
                )
              : await em.query(
                  `INSERT INTO probes (mac, label, zone_id, depositor_id, platform_id) VALUES ($1::macaddr, $2, $3, $4, $5) RETURNING id`,
                  [input.mac, input.label, zone.id, zone.depositor_id, zone.platform_id],
                ),
          );
          return row.id;
        });
      } catch (e) {
        if ((e as { code?: string }).code === '23505') throw macTaken(input.mac!);
        throw e;
      }
    });
    return this.get(ctx, { id });
  }

  async remove(ctx: CallerContext, data: unknown): Promise<{ ok: true }> {
    const probe = await this.get(ctx, data);
    await this.db.scoped(ctx, (em) =>
      auditedWrite(em, ctx, PROBE_ROWS, { ids: [probe.id] }, async () => {
        await em.query(`DELETE FROM readings WHERE probe_id = $1`, [probe.id]);
        await em.query(`DELETE FROM readings_hourly WHERE probe_id = $1`, [probe.id]);
        await em.query(`DELETE FROM probes WHERE id = $1`, [probe.id]);
      }),
    );
    return { ok: true };
  }

  /** Drag and drop: on a plan of the probe's depositor and platform, at x/y fractions of its image; `planId: null` takes it off. */
  async place(ctx: CallerContext, data: unknown): Promise<FeverProbeDto> {
    const probe = await this.get(ctx, data);
    const body = bodyOf(data, 'place') as Record<string, unknown>;
    if (!('planId' in body))
      throw new AppError('validationFailed', 'planId required (null: off the plan)', undefined, { planId: 'required' });
    const place = parseBody(feverProbePlace, body);
    await this.db.scoped(ctx, (em) =>
      auditedWrite(em, ctx, PROBE_ROWS, { ids: [probe.id], action: 'moved' }, async () => {
        if (place.planId === undefined) {
          await em.query(`UPDATE probes SET plan_id = NULL, x = NULL, y = NULL, updated_at = now() WHERE id = $1`, [probe.id]);
          return;
        }
        const [plan] = rowsOf<{ id: number }>(
          await em.query(`SELECT id FROM plans WHERE id = $1 AND depositor_id = $2 AND platform_id = $3`, [
            place.planId,
            probe.depositorId,
            probe.platformId,
          ]),
        );
        if (!plan) throw new AppError('validationFailed', 'plan of another platform or depositor', undefined, { planId: 'unknownCode' });
        await em.query(`UPDATE probes SET plan_id = $2, x = $3, y = $4, updated_at = now() WHERE id = $1`, [
          probe.id,
          plan.id,
          place.x,
          place.y,
        ]);
      }),
    );
    return this.get(ctx, { id: probe.id });
  }

  private async zone(em: EntityManager, id: number): Promise<{ id: number; depositor_id: number; platform_id: number }> {
    const [zone] = rowsOf<{ id: number; depositor_id: number; platform_id: number }>(
      await em.query(`SELECT id, depositor_id, platform_id FROM zones WHERE id = $1`, [id]),
    );
    if (!zone) throw new AppError('validationFailed', 'no such zone', undefined, { zoneId: 'unknownCode' });
    return zone;
  }
}
