import { Inject, Injectable, Logger } from '@nestjs/common';
import { auditedWrite, BusClient, type AuditedRows } from '@portal/bus';
import {
  FEVER_PLAN_IMAGE_MAX_BYTES,
  FEVER_PLANS_LIST,
  feverPlanInput,
  parseBody,
  parseListRequest,
  type CallerContext,
  type DocumentFileDto,
  type FeverPlanDto,
  type ListPage,
} from '@portal/contracts';
import { countedPage, Db, likeLiteral, orderBy, rowsOf, ScopedWhere } from '@portal/db';
import { FileStorage, JPEG, PNG } from '@portal/files';
import { bodyOf, checkPlace, idOf, notFound } from '../zones/scope-checks';
import { resizePlanImage } from './plan-image';

const PLAN_SCOPE = { depositor: 'p.depositor_id', platform: 'p.platform_id' };
const PLAN_COLUMNS = `p.id, p.platform_id AS "platformId", p.depositor_id AS "depositorId", p.name, p.width, p.height,
  p.image_key IS NOT NULL AS "hasImage", to_char(p.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"`;
const SORTS: Record<string, string> = { name: 'p.name', platformId: 'p.platform_id', id: 'p.id' };
const NOT_NULL = new Set(Object.values(SORTS));
const PLAN_FOLDER = 'fever/plans';

/** The audit trail's view of a plan: its name and image (a new image shows as its new size), narrowed to its depositor and platform. */
const PLAN_ROWS: AuditedRows<FeverPlanDto> = {
  service: 'fever',
  entity: 'plan',
  read: (em, ids) => em.query(`SELECT ${PLAN_COLUMNS} FROM plans p WHERE p.id = ANY($1::int[])`, [ids]),
  subject: (p) => ({ id: p.id, label: p.name, depositorIds: [p.depositorId], platformId: p.platformId }),
  fields: ({ updatedAt: _u, ...p }) => p,
};

/**
 * Plans of the platforms' zones: a name and an image (PNG or JPEG, checked from its bytes, resized
 * with sharp) the probes are placed on. The gateway stores the upload as it came (size and type
 * checked); this service decodes and resizes it, keeps the result and removes the upload.
 */
@Injectable()
export class PlansService {
  private readonly logger = new Logger('FeverPlans');

  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(BusClient) private readonly bus: BusClient,
    @Inject(FileStorage) private readonly files: FileStorage,
  ) {}

  async list(ctx: CallerContext, data: unknown): Promise<ListPage<FeverPlanDto>> {
    const request = parseListRequest(FEVER_PLANS_LIST, data);
    const f = request.filter;
    const w = ScopedWhere.of(ctx, PLAN_SCOPE).equals('p.depositor_id', f.depositor).equals('p.platform_id', f.platform);
    if (f.q) w.and(`p.name ILIKE ${w.param(`%${likeLiteral(f.q)}%`)}`);
    return countedPage<FeverPlanDto>(
      (sql, params) => this.db.scopedQuery(ctx, sql, params),
      w,
      {
        countRows: `SELECT 1 FROM plans p WHERE ${w}`,
        rows: (limit, offset) =>
          `SELECT ${PLAN_COLUMNS} FROM plans p WHERE ${w} ORDER BY ${orderBy(SORTS[request.sort], request.order, 'p.id', NOT_NULL)} LIMIT ${limit} OFFSET ${offset}`,
      },
      { offset: request.offset, limit: request.limit, maxExactCount: 10_000 },
    );
  }

  async get(ctx: CallerContext, data: unknown): Promise<FeverPlanDto> {
    const [row] = await this.db.scopedQuery<FeverPlanDto>(ctx, `SELECT ${PLAN_COLUMNS} FROM plans p WHERE p.id = $1`, [idOf(data)]);
    if (!row) throw notFound('plan');
    return row;
  }

  async save(ctx: CallerContext, data: unknown): Promise<FeverPlanDto> {
    const hasId = (data as { id?: unknown } | null)?.id !== undefined;
    const current = hasId ? await this.get(ctx, data) : undefined;
    const raw = bodyOf(data, 'plan') as Record<string, unknown>;
    const input = parseBody(feverPlanInput, current ? { ...raw, depositorId: current.depositorId, platformId: current.platformId } : raw);
    if (!current) await checkPlace(this.bus, ctx, { depositorId: input.depositorId!, platformId: input.platformId! });
    const [row] = await this.db.scoped(ctx, (em) =>
      auditedWrite(em, ctx, PLAN_ROWS, { ids: current ? [current.id] : [], written: (rows) => rows.map((r) => r.id) }, async () =>
        rowsOf<{ id: number }>(
          current
            ? await em.query(`UPDATE plans SET name = $2, updated_at = now() WHERE id = $1 RETURNING id`, [current.id, input.name])
            : await em.query(`INSERT INTO plans (depositor_id, platform_id, name) VALUES ($1, $2, $3) RETURNING id`, [
                input.depositorId,
                input.platformId,
                input.name,
              ]),
        ),
      ),
    );
    if (!row) throw notFound('plan');
    return this.get(ctx, { id: row.id });
  }

  /** Deletes a plan and its image; its probes stay, off any plan. */
  async remove(ctx: CallerContext, data: unknown): Promise<{ ok: true }> {
    const plan = await this.get(ctx, data);
    const [gone] = await this.db.scoped(ctx, (em) =>
      auditedWrite(em, ctx, PLAN_ROWS, { ids: [plan.id] }, async () => {
        await em.query(`UPDATE probes SET plan_id = NULL, x = NULL, y = NULL, updated_at = now() WHERE plan_id = $1`, [plan.id]);
        return rowsOf<{ image_key: string | null }>(await em.query(`DELETE FROM plans WHERE id = $1 RETURNING image_key`, [plan.id]));
      }),
    );
    if (gone?.image_key) await this.files.delete(gone.image_key).catch(() => undefined);
    return { ok: true };
  }

  /** `{ id, key }`: the upload the gateway stored, resized into the plan's image (the previous one removed). */
  async image(ctx: CallerContext, data: unknown): Promise<FeverPlanDto> {
    const upload = (data as { key?: unknown } | null)?.key;
    try {
      const plan = await this.get(ctx, data);
      if (typeof upload !== 'string' || !/^fever\/uploads\//.test(upload)) throw notFound('upload');
      const image = await resizePlanImage(await this.files.read(upload));
      const stored = await this.files.put(image.bytes, {
        folder: PLAN_FOLDER,
        maxBytes: 4 * FEVER_PLAN_IMAGE_MAX_BYTES,
        accept: [PNG, JPEG],
      });
      const [previous] = await this.db.scoped(ctx, (em) =>
        auditedWrite(em, ctx, PLAN_ROWS, { ids: [plan.id], action: 'imageChanged' }, async () => {
          const [old] = rowsOf<{ image_key: string | null }>(
            await em.query(`SELECT image_key FROM plans WHERE id = $1 FOR UPDATE`, [plan.id]),
          );
          await em.query(`UPDATE plans SET image_key = $2, width = $3, height = $4, updated_at = now() WHERE id = $1`, [
            plan.id,
            stored.key,
            image.width,
            image.height,
          ]);
          return [old];
        }),
      );
      if (previous?.image_key) await this.files.delete(previous.image_key).catch(() => undefined);
      return await this.get(ctx, { id: plan.id });
    } finally {
      if (typeof upload === 'string' && /^fever\/uploads\//.test(upload))
        await this.files.delete(upload).catch((e: unknown) => this.logger.warn(`upload ${upload} not removed: ${String(e)}`));
    }
  }

  /** What the gateway streams: the plan's stored image (404 without one). */
  async imageFile(ctx: CallerContext, data: unknown): Promise<DocumentFileDto> {
    const [row] = await this.db.scopedQuery<{ key: string | null; name: string }>(
      ctx,
      `SELECT image_key AS key, name FROM plans WHERE id = $1`,
      [idOf(data)],
    );
    if (!row?.key) throw notFound('plan image');
    const contentType = row.key.endsWith('.png') ? PNG : JPEG;
    return { key: row.key, name: `${row.name}.${contentType === PNG ? 'png' : 'jpg'}`, contentType };
  }
}
