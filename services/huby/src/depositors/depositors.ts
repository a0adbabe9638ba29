import { Inject, Injectable } from '@nestjs/common';
import { BusClient } from '@portal/bus';
import {
  AdminSubjects,
  AppError,
  systemContext,
  type CallerContext,
  type DepositorDto,
  type RequirableOrderField,
} from '@portal/contracts';
import { Db, inScope } from '@portal/db';

export interface HubyDepositor {
  id: number;
  code: string;
  actionDelayOnAddress: number | null;
  requiredFields: RequirableOrderField[];
}

/**
 * The depositors Huby works for: their code and address retention delay as the admin service knows
 * them (kept in this service's `depositors` table, asked once per new depositor), and the fields each
 * requires on its orders.
 */
@Injectable()
export class Depositors {
  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(BusClient) private readonly bus: BusClient,
  ) {}

  /** The caller's depositor, or 404 depositorNotFound (outside the caller's scope as well: nothing is revealed). */
  async forCaller(ctx: CallerContext, id: number): Promise<HubyDepositor> {
    if (!Number.isSafeInteger(id) || !inScope(ctx.scope, id)) throw new AppError('depositorNotFound', 'depositor not found');
    const found = (await this.byIds([id])).get(id);
    if (!found) throw new AppError('depositorNotFound', 'depositor not found');
    return found;
  }

  async byIds(ids: number[]): Promise<Map<number, HubyDepositor>> {
    const ctx = systemContext('huby-depositors');
    const read = () =>
      this.db.scoped(ctx, (em) =>
        em.query<{ id: number; code: string; action_delay_on_address: number | null; required_fields: RequirableOrderField[] }[]>(
          `SELECT id, code, action_delay_on_address, required_fields FROM depositors WHERE id = ANY($1::int[])`,
          [ids],
        ),
      );
    let rows = await read();
    const missing = ids.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length) {
      const found = await this.bus.request<DepositorDto[]>(AdminSubjects.depositorsByIds, ctx, { ids: missing });
      if (found.length) {
        await this.db.scoped(ctx, (em) =>
          em.query(
            `INSERT INTO depositors (id, code, action_delay_on_address)
             SELECT * FROM unnest($1::int[], $2::text[], $3::int[])
             ON CONFLICT (id) DO UPDATE SET code = EXCLUDED.code, action_delay_on_address = EXCLUDED.action_delay_on_address`,
            [found.map((d) => d.id), found.map((d) => d.code), found.map((d) => d.action_delay_on_address)],
          ),
        );
        rows = await read();
      }
    }
    return new Map(
      rows.map((r) => [
        r.id,
        { id: r.id, code: r.code, actionDelayOnAddress: r.action_delay_on_address, requiredFields: r.required_fields },
      ]),
    );
  }
}
