import { Inject, Injectable } from '@nestjs/common';
import type { CallerContext, ImportSampleValuesDto } from '@portal/contracts';
import { Db } from '@portal/db';

/**
 * The codes a sample file uses so that the caller can import it as it is: the first depositor of the
 * caller's scope with a shipper code, and its packaging type and tour.
 */
@Injectable()
export class ImportSample {
  constructor(@Inject(Db) private readonly db: Db) {}

  async values(ctx: CallerContext): Promise<ImportSampleValuesDto> {
    const [row] = await this.db.scopedQuery<ImportSampleValuesDto>(
      ctx,
      `SELECT d.code AS depositor_code, a.code AS shipper_code,
         (SELECT p.code FROM packaging_types p WHERE p.depositor_id = d.id ORDER BY p.code LIMIT 1) AS packaging_code,
         (SELECT t.code FROM tours t WHERE t.depositor_id = d.id ORDER BY t.code LIMIT 1) AS tour_code
       FROM depositors d JOIN addresses a ON a.depositor_id = d.id AND a.book = 'shipper' AND a.code IS NOT NULL AND a.deleted_at IS NULL
       ORDER BY d.id, a.code LIMIT 1`,
    );
    return row ?? { depositor_code: null, shipper_code: null, packaging_code: null, tour_code: null };
  }
}
