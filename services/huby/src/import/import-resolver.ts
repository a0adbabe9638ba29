import type { CallerContext, ShipmentPartyDto } from '@portal/contracts';
import { Db, inScope } from '@portal/db';
import type { Depositors } from '../depositors/depositors';
import type { ImportResolver } from './import-simulation';

const PARTY = `uuid, code, company_name, contact_name, civility, address1, address2, zip, town, state_code, country, email, phone, mobile, customer_code`;
/** Recipient codes remembered per simulation: past this, the cache starts over (memory stays flat on huge files). */
const RECIPIENT_CACHE = 10_000;

/**
 * The depositor data an import is checked against, through the caller's scope (row-level security
 * included): a depositor outside it is "code not authorized", its codes are never found. Small sets
 * (shippers, packaging types, tours) are read once per depositor; recipients code by code, cached.
 */
export class HubyImportResolver implements ImportResolver {
  private readonly depositorsByCode = new Map<string, { id: number; code: string } | 'notAuthorized'>();
  private readonly shippers = new Map<number, Promise<Map<string, ShipmentPartyDto>>>();
  private readonly packagings = new Map<number, Promise<Set<string>>>();
  private readonly tours = new Map<number, Promise<Map<string, { carrier_code: string }>>>();
  private readonly recipients = new Map<string, ShipmentPartyDto | null>();

  constructor(
    private readonly db: Db,
    private readonly depositors: Depositors,
    private readonly ctx: CallerContext,
  ) {}

  async depositor(code: string) {
    let found = this.depositorsByCode.get(code);
    if (found === undefined) {
      if (!this.ctx.scope.all) await this.depositors.byIds(this.ctx.scope.depositorIds);
      const [row] = await this.db.scopedQuery<{ id: number; code: string }>(this.ctx, `SELECT id, code FROM depositors WHERE code = $1`, [
        code,
      ]);
      found = row && inScope(this.ctx.scope, row.id) ? row : 'notAuthorized';
      this.depositorsByCode.set(code, found);
    }
    return found;
  }

  allowed(depositorId: number, kind: 'activity' | 'store', code: string): boolean {
    if (this.ctx.scope.all) return true;
    const keys = (kind === 'activity' ? this.ctx.scope.activityKeys : this.ctx.scope.storeKeys) ?? [];
    const mine = keys.filter((k) => k.startsWith(`${depositorId}:`));
    // A depositor without restriction keys: every activity and store of it is the caller's.
    return mine.length === 0 || mine.includes(`${depositorId}:${code}`);
  }

  async shipper(depositorId: number, code: string) {
    return (await this.once(this.shippers, depositorId, () => this.parties(depositorId, 'shipper'))).get(code);
  }

  async recipient(depositorId: number, code: string) {
    const key = `${depositorId}:${code}`;
    if (!this.recipients.has(key)) {
      if (this.recipients.size >= RECIPIENT_CACHE) this.recipients.clear();
      const [row] = await this.db.scopedQuery<ShipmentPartyDto>(
        this.ctx,
        `SELECT ${PARTY} FROM addresses WHERE depositor_id = $1 AND book = 'recipient' AND code = $2 AND deleted_at IS NULL LIMIT 1`,
        [depositorId, code],
      );
      this.recipients.set(key, row ?? null);
    }
    return this.recipients.get(key) ?? undefined;
  }

  async packaging(depositorId: number, code: string) {
    const codes = await this.once(this.packagings, depositorId, async () => {
      const rows = await this.db.scopedQuery<{ code: string }>(this.ctx, `SELECT code FROM packaging_types WHERE depositor_id = $1`, [
        depositorId,
      ]);
      return new Set(rows.map((r) => r.code));
    });
    return codes.has(code);
  }

  async tour(depositorId: number, code: string) {
    const tours = await this.once(this.tours, depositorId, async () => {
      const rows = await this.db.scopedQuery<{ code: string; carrier_code: string }>(
        this.ctx,
        `SELECT t.code, c.ref AS carrier_code FROM tours t JOIN carriers c ON c.id = t.carrier_id WHERE t.depositor_id = $1`,
        [depositorId],
      );
      return new Map(rows.map((r) => [r.code, { carrier_code: r.carrier_code }]));
    });
    return tours.get(code);
  }

  async existing(depositorId: number, refs: string[]) {
    const rows = await this.db.scopedQuery<{ reference: string }>(
      this.ctx,
      `SELECT reference FROM shipments WHERE depositor_id = $1 AND reference = ANY($2::text[])`,
      [depositorId, refs],
    );
    return new Set(rows.map((r) => r.reference));
  }

  private async parties(depositorId: number, book: 'shipper' | 'recipient'): Promise<Map<string, ShipmentPartyDto>> {
    const rows = await this.db.scopedQuery<ShipmentPartyDto>(
      this.ctx,
      `SELECT ${PARTY} FROM addresses WHERE depositor_id = $1 AND book = $2 AND code IS NOT NULL AND deleted_at IS NULL`,
      [depositorId, book],
    );
    return new Map(rows.map((r) => [r.code!, r]));
  }

  private once<T>(cache: Map<number, Promise<T>>, depositorId: number, load: () => Promise<T>): Promise<T> {
    if (!cache.has(depositorId)) cache.set(depositorId, load());
    return cache.get(depositorId)!;
  }
}
