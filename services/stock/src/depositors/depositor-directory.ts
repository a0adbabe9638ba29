import { Inject, Injectable } from '@nestjs/common';
import { BusClient } from '@portal/bus';
import { AdminSubjects, systemContext, type DepositorDto, type PlatformDto } from '@portal/contracts';
import { Db } from '@portal/db';

const PLATFORMS_TTL_MS = 60_000;

/**
 * Depositor codes and platform ids as the admin service knows them. Codes are kept in this
 * service's `depositors` table (asked once per new depositor) and written on every row at ingestion.
 */
@Injectable()
export class DepositorDirectory {
  private platforms?: { ids: Set<number>; at: number };

  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(BusClient) private readonly bus: BusClient,
  ) {}

  /** The codes of these depositors; unknown ones are absent from the map. */
  async codes(ids: number[]): Promise<Map<number, string>> {
    const ctx = systemContext('stock-depositor-codes');
    const unique = [...new Set(ids)];
    const known = await this.db.scoped(ctx, (em) =>
      em.query<{ id: number; code: string }[]>(`SELECT id, code FROM depositors WHERE id = ANY($1::int[])`, [unique]),
    );
    const codes = new Map(known.map((d) => [d.id, d.code]));
    const missing = unique.filter((id) => !codes.has(id));
    if (missing.length) {
      const found = await this.bus.request<DepositorDto[]>(AdminSubjects.depositorsByIds, ctx, { ids: missing });
      if (found.length) {
        await this.db.scoped(ctx, (em) =>
          em.query(
            `INSERT INTO depositors (id, code) SELECT * FROM unnest($1::int[], $2::text[])
             ON CONFLICT (id) DO UPDATE SET code = EXCLUDED.code`,
            [found.map((d) => d.id), found.map((d) => d.code)],
          ),
        );
      }
      for (const d of found) codes.set(d.id, d.code);
    }
    return codes;
  }

  /** Ids of the provider's platforms (cached a minute). */
  async platformIds(): Promise<Set<number>> {
    if (!this.platforms || Date.now() - this.platforms.at > PLATFORMS_TTL_MS) {
      const list = await this.bus.request<PlatformDto[]>(AdminSubjects.platforms, systemContext('stock-platforms'), {});
      this.platforms = { ids: new Set(list.map((p) => p.id)), at: Date.now() };
    }
    return this.platforms.ids;
  }
}
