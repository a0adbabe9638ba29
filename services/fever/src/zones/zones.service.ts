import { Inject, Injectable } from '@nestjs/common';
import { auditedWrite, BusClient, type AuditedRows } from '@portal/bus';
import {
  AppError,
  FEVER_ZONES_LIST,
  feverZoneInput,
  parseBody,
  parseListRequest,
  type CallerContext,
  type FeverZoneDto,
  type ListPage,
} from '@portal/contracts';
import { countedPage, Db, likeLiteral, orderBy, rowsOf, ScopedWhere } from '@portal/db';
import { bodyOf, checkPlace, idOf, notFound } from './scope-checks';

export const ZONE_SCOPE = { depositor: 'z.depositor_id', platform: 'z.platform_id' };
const ZONE_COLUMNS = `z.id, z.platform_id AS "platformId", z.depositor_id AS "depositorId", z.code, z.label,
  z.min_temperature::float8 AS "minTemperature", z.max_temperature::float8 AS "maxTemperature", z.max_humidity::float8 AS "maxHumidity"`;
const SORTS: Record<string, string> = { code: 'z.code', label: 'z.label', platformId: 'z.platform_id', id: 'z.id' };
const NOT_NULL = new Set(Object.values(SORTS));

/** The audit trail's view of a zone: the zone as its form shows it, narrowed to its depositor and platform. */
const ZONE_ROWS: AuditedRows<FeverZoneDto> = {
  service: 'fever',
  entity: 'zone',
  read: (em, ids) => em.query(`SELECT ${ZONE_COLUMNS} FROM zones z WHERE z.id = ANY($1::int[])`, [ids]),
  subject: (z) => ({ id: z.id, label: z.code, depositorIds: [z.depositorId], platformId: z.platformId }),
};

/** A zone's code is unique per depositor and platform. */
const codeTaken = () => new AppError('feverZoneCodeExists', 'zone code already used', undefined, { code: 'invalidFormat' });

/** Zones of the platforms (cold room, ambient aisle, dock) and their thresholds: FEVER_USER reads, ADMIN_SONDE manages. */
@Injectable()
export class ZonesService {
  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(BusClient) private readonly bus: BusClient,
  ) {}

  async list(ctx: CallerContext, data: unknown): Promise<ListPage<FeverZoneDto>> {
    const request = parseListRequest(FEVER_ZONES_LIST, data);
    const f = request.filter;
    const w = ScopedWhere.of(ctx, ZONE_SCOPE).equals('z.depositor_id', f.depositor).equals('z.platform_id', f.platform);
    if (f.q) {
      const like = w.param(`%${likeLiteral(f.q)}%`);
      w.and(`(z.code ILIKE ${like} OR z.label ILIKE ${like})`);
    }
    return countedPage<FeverZoneDto>(
      (sql, params) => this.db.scopedQuery(ctx, sql, params),
      w,
      {
        countRows: `SELECT 1 FROM zones z WHERE ${w}`,
        rows: (limit, offset) =>
          `SELECT ${ZONE_COLUMNS} FROM zones z WHERE ${w} ORDER BY ${orderBy(SORTS[request.sort], request.order, 'z.id', NOT_NULL)} LIMIT ${limit} OFFSET ${offset}`,
      },
      { offset: request.offset, limit: request.limit, maxExactCount: 10_000 },
    );
  }

  async get(ctx: CallerContext, data: unknown): Promise<FeverZoneDto> {
    const id = idOf(data);
    const [row] = await this.db.scopedQuery<FeverZoneDto>(ctx, `SELECT ${ZONE_COLUMNS} FROM zones z WHERE z.id = $1`, [id]);
    if (!row) throw notFound('zone');
    return row;
  }

  /** Creates (no id) or edits a zone; its depositor and platform stay those it was created with. */
  async save(ctx: CallerContext, data: unknown): Promise<FeverZoneDto> {
    const hasId = (data as { id?: unknown } | null)?.id !== undefined;
    const current = hasId ? await this.get(ctx, data) : undefined;
    const raw = bodyOf(data, 'zone') as Record<string, unknown>;
    const input = parseBody(feverZoneInput, current ? { ...raw, depositorId: current.depositorId, platformId: current.platformId } : raw);
    if (!current) await checkPlace(this.bus, ctx, { depositorId: input.depositorId!, platformId: input.platformId! });
    const values = [input.code, input.label, input.minTemperature ?? null, input.maxTemperature ?? null, input.maxHumidity ?? null];
    try {
      const [row] = await this.db.scoped(ctx, (em) =>
        auditedWrite(em, ctx, ZONE_ROWS, { ids: current ? [current.id] : [], written: (rows) => rows.map((r) => r.id) }, async () =>
          rowsOf<{ id: number }>(
            current
              ? await em.query(
                  `UPDATE zones SET code = $2, label = $3, min_temperature = $4, max_temperature = $5, max_humidity = $6, updated_at = now()
                 WHERE id = $1 RETURNING id`,
                  [current.id, ...values],
                )
              : await em.query(
                  `INSERT INTO zones (depositor_id, platform_id, code, label, min_temperature, max_temperature, max_humidity)
                 VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
                  [input.depositorId, input.platformId, ...values],
                ),
          ),
        ),
      );
      if (!row) throw notFound('zone');
      return await this.get(ctx, { id: row.id });
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw codeTaken();
      throw e;
    }
  }

  /** Deletes a zone without probes; one that still has probes answers 409 (move or delete them first). */
  async remove(ctx: CallerContext, data: unknown): Promise<{ ok: true }> {
    const zone = await this.get(ctx, data);
    await this.db.scoped(ctx, async (em) => {
      const [used] = rowsOf<{ n: number }>(await em.query(`SELECT count(*)::int AS n FROM probes WHERE zone_id = $1`, [zone.id]));
      if (used.n > 0) throw new AppError('feverZoneInUse', 'the zone still has probes', { probes: used.n });
      await auditedWrite(em, ctx, ZONE_ROWS, { ids: [zone.id] }, () => em.query(`DELETE FROM zones WHERE id = $1`, [zone.id]));
    });
    return { ok: true };
  }
}
