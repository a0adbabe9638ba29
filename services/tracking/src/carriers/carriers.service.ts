import { Inject, Injectable } from '@nestjs/common';
import { auditedWrite, type AuditedRows } from '@portal/bus';
import { AppError, isTrackingUrlTemplate, type CallerContext, type TrackingCarrierDto } from '@portal/contracts';
import { Db } from '@portal/db';
import { FieldChecks } from '../common/checks';

const COLUMNS = `code, name, tracking_url_template AS "trackingUrlTemplate"`;

/** The provider's own reference data: in the provider's trail only. */
const CARRIER_ROWS: AuditedRows<TrackingCarrierDto> = {
  service: 'tracking',
  entity: 'carrier',
  read: (em, codes) => em.query(`SELECT ${COLUMNS} FROM carriers WHERE code = ANY($1::text[])`, [codes]),
  subject: (c) => ({ id: c.code, label: c.name }),
};

/** Spec §5 codes: uppercase letters, digits, hyphen and underscore. */
const CODE = /^[A-Z0-9_-]+$/;

/**
 * Carrier settings of the tracking service: the public tracking page of each carrier, as a URL
 * template (`{trackingNumber}` replaced by the URL-encoded number). Provider reference data: every
 * user who sees deliveries reads it; carrier administrators (ADMIN_CARRIER, or ADMIN) change it.
 */
@Injectable()
export class CarriersService {
  constructor(@Inject(Db) private readonly db: Db) {}

  list(ctx: CallerContext): Promise<TrackingCarrierDto[]> {
    return this.db.scopedQuery<TrackingCarrierDto>(
      ctx,
      `SELECT code, name, tracking_url_template AS "trackingUrlTemplate" FROM carriers ORDER BY name, code`,
    );
  }

  /** Creates or changes a carrier: `{ code, name?, trackingUrlTemplate }` (null or '' removes the link). */
  async save(ctx: CallerContext, data: unknown): Promise<TrackingCarrierDto> {
    const input = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
    const c = new FieldChecks();
    const code = c.text('code', input.code, 50, { required: true, pattern: CODE });
    const name = c.text('name', input.name, 255);
    if (!c.ok || !code) throw new AppError('validationFailed', 'invalid carrier', undefined, c.fields);
    const template = input.trackingUrlTemplate;
    if (
      template !== undefined &&
      template !== null &&
      template !== '' &&
      (typeof template !== 'string' || !isTrackingUrlTemplate(template))
    )
      throw new AppError('invalidTrackingUrlTemplate', 'not an https URL with {trackingNumber}', undefined, {
        trackingUrlTemplate: 'invalidFormat',
      });
    return this.db.scoped(ctx, (em) =>
      auditedWrite(em, ctx, CARRIER_ROWS, { ids: [code] }, async () => {
        const [row] = await em.query<TrackingCarrierDto[]>(
          `INSERT INTO carriers (code, name, tracking_url_template, updated_by) VALUES ($1::text, COALESCE($2::text, $1::text), $3::text, $4::int)
           ON CONFLICT (code) DO UPDATE SET name = COALESCE($2::text, carriers.name), tracking_url_template = $3::text, updated_at = now(), updated_by = $4::int
           RETURNING ${COLUMNS}`,
          [code, name, template || null, ctx.user?.id ?? null],
        );
        return row;
      }),
    );
  }
}
