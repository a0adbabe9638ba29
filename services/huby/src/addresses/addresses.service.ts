import { Inject, Injectable } from '@nestjs/common';
import { auditedWrite, type AuditedRows } from '@portal/bus';
import {
  addressInput,
  ADDRESSES_LIST,
  AppError,
  HUBY_LIMITS,
  parseBody,
  parseListRequest,
  type AddressBook,
  type AddressCheckDto,
  type AddressDto,
  type AddressesAllDto,
  type AddressInput,
  type CallerContext,
  type ListPage,
} from '@portal/contracts';
import { countedPage, Db, orderBy, prefixEnd, ScopedWhere } from '@portal/db';
import { Depositors } from '../depositors/depositors';
import { uuidOf } from '../common/ids';

export const ADDRESS_SCOPE = { depositor: 'a.depositor_id' };

export const ADDRESS_COLUMNS = `a.uuid AS id, a.uuid, a.book, a.depositor_id, a.depositor_code, a.code, a.company_name, a.contact_name, a.civility,
  a.address_type, a.address1, a.address2, a.zip, a.town, a.state_code, a.country, a.email, a.phone, a.mobile, a.customer_code,
  a.address_code, a.akanea_id, a.opening_hours, a.is_favorite, a.action,
  (SELECT d.action_delay_on_address FROM depositors d WHERE d.id = a.depositor_id) AS action_delay_on_address, a.active, a.time_zone,
  to_char(a.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at`;

const SORTS: Record<string, string> = { name: 'a.search_name', zip: 'a.zip', town: 'a.town', updatedAt: 'a.updated_at', id: 'a.uuid' };
const NOT_NULL = new Set(['a.zip', 'a.town', 'a.updated_at', 'a.uuid']);
/** The columns a form writes: the address schema's fields but the book and depositor (the row's keys), one list with the web's form. */
const WRITABLE = Object.keys(addressInput.shape).filter(
  (k): k is Exclude<keyof AddressInput, 'book' | 'depositor_id'> => k !== 'book' && k !== 'depositor_id',
);

/** An address book entry as the audit trail shows it: what its form edits, narrowed to its depositor. */
const ADDRESS_ROWS: AuditedRows<Record<string, unknown> & { uuid: string; depositor_id: number; book: string }> = {
  service: 'huby',
  entity: 'address',
  read: (em, uuids) =>
    em.query(
      `SELECT a.uuid, a.depositor_id, a.book, ${WRITABLE.map((c) => `a.${c}`).join(', ')} FROM addresses a WHERE a.uuid = ANY($1::uuid[]) AND a.deleted_at IS NULL`,
      [uuids],
    ),
  subject: (a) => ({
    id: a.uuid,
    label: [a.company_name ?? a.contact_name, a.zip, a.town].filter(Boolean).join(' '),
    depositorIds: [a.depositor_id],
  }),
  fields: ({ uuid: _u, depositor_id: _d, ...a }) => a,
};

/**
 * The shipper and recipient address books (spec §3 Address, §7 /dashtower/address/*). Deleting an
 * address hides it (shipments keep their copy); the customer code is unique per depositor and book.
 */
@Injectable()
export class AddressesService {
  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(Depositors) private readonly depositors: Depositors,
  ) {}

  list(ctx: CallerContext, data: unknown): Promise<ListPage<AddressDto>> {
    const request = parseListRequest(ADDRESSES_LIST, data);
    const f = request.filter;
    const w = this.where(ctx, f.book, f.q)
      .equals('a.address_type', f.type)
      .equals('a.country', f.country?.toUpperCase())
      .equals('a.is_favorite', f.favorite)
      .equals('a.depositor_id', f.depositor)
      .equals('a.active', f.active);
    return countedPage<AddressDto>(
      (sql, params) => this.db.scopedQuery(ctx, sql, params),
      w,
      {
        countRows: `SELECT 1 FROM addresses a WHERE ${w}`,
        rows: (limit, offset) =>
          `SELECT ${ADDRESS_COLUMNS} FROM addresses a WHERE ${w}
           ORDER BY a.is_favorite DESC, ${orderBy(SORTS[request.sort], request.order, 'a.uuid', NOT_NULL)} LIMIT ${limit} OFFSET ${offset}`,
      },
      { offset: request.offset, limit: request.limit, maxExactCount: 10_000 },
    );
  }

  /**
   * GET /dashtower/address/all (spec §7): `type` shipper or recipient, `limit` (default 50), `active=1`,
   * `search` (prefix of name, code, zip or town), `uuid_address_shipper` (recipients of the depositor
   * of that shipper address), and `depositor` (an id: that depositor's book only). Favourites first,
   * then by name.
   */
  async all(ctx: CallerContext, data: unknown): Promise<AddressesAllDto> {
    const { book, rows } = await this.find(ctx, data);
    return book === 'shipper' ? { addressesShipper: rows } : { addressesRecipient: rows };
  }

  /** The query of GET /dashtower/address/all, shared with GET /geo-order/address/all (a map takes up to `maxLimit`). */
  async find(
    ctx: CallerContext,
    data: unknown,
    maxLimit: number = HUBY_LIMITS.addressListMax,
  ): Promise<{ book: AddressBook; rows: AddressDto[] }> {
    const q = (data ?? {}) as Record<string, unknown>;
    const book: AddressBook = q.type === 'recipient' || q.type === 'addressesRecipient' ? 'recipient' : 'shipper';
    if (q.type !== undefined && !['shipper', 'recipient', 'addressesShipper', 'addressesRecipient'].includes(String(q.type)))
      throw new AppError('validationFailed', 'invalid type', undefined, { type: 'invalidFormat' });
    const limit = q.limit === undefined || q.limit === '' ? HUBY_LIMITS.addressListDefault : Number(q.limit);
    if (!Number.isSafeInteger(limit) || limit < 1 || limit > maxLimit)
      throw new AppError('validationFailed', 'invalid limit', { max: maxLimit }, { limit: 'max' });
    const search = typeof q.search === 'string' ? q.search.trim() : undefined;
    // eslint-disable-next-line no-control-regex
    if (search && (search.length > 100 || /[\u0000-\u001f]/.test(search)))
      throw new AppError('validationFailed', 'invalid search', undefined, { search: 'invalidFormat' });
    const w = this.where(ctx, book, undefined);
    // Extension of spec §7: `depositor` (id) limits the book to one depositor (the form's shippers).
    if (q.depositor !== undefined && q.depositor !== '') {
      const depositor = Number(q.depositor);
      if (!Number.isSafeInteger(depositor) || depositor < 1 || depositor > 2_147_483_647)
        throw new AppError('validationFailed', 'invalid depositor', undefined, { depositor: 'invalidFormat' });
      w.equals('a.depositor_id', depositor);
    }
    if (q.active === '1' || q.active === 1 || q.active === true) w.and('a.active');
    if (q.uuid_address_shipper !== undefined && q.uuid_address_shipper !== '') {
      const shipper = uuidOf(q.uuid_address_shipper, 'uuid_address_shipper');
      w.and(`a.depositor_id = (SELECT s.depositor_id FROM addresses s WHERE s.uuid = ${w.param(shipper)}::uuid)`);
    }
    const n = w.param(limit);
    const order = 'ORDER BY a.is_favorite DESC, a.search_name, a.uuid';
    let sql = `SELECT ${ADDRESS_COLUMNS} FROM addresses a WHERE ${w} ${order} LIMIT ${n}`;
    if (search) {
      // A picker's search: the matching favourites, then the first matches of each column in its own
      // index order (name, code, postcode, town), merged favourites first and by name. One OR over the
      // columns let the planner walk the whole book (80 ms at 100,000 addresses for a common word).
      const upper = search.toUpperCase();
      const [from, to] = [w.param(upper), w.param(prefixEnd(upper))];
      const range = (column: string) => `${column} >= ${from} AND ${column} < ${to}`;
      const columns = ['a.search_name', 'a.code', 'a.zip', 'a.search_town'];
      const branch = (condition: string, orderBy: string) =>
        `(SELECT a.uuid FROM addresses a WHERE ${w} AND ${condition} ORDER BY ${orderBy} LIMIT ${n})`;
      const branches = [
        branch(`a.is_favorite AND (${columns.map((c) => `(${range(c)})`).join(' OR ')})`, 'a.search_name, a.uuid'),
        ...columns.map((c) => branch(range(c), `${c}, a.uuid`)),
      ];
      sql = `SELECT ${ADDRESS_COLUMNS} FROM addresses a WHERE a.uuid IN (${branches.join(' UNION ')}) ${order} LIMIT ${n}`;
    }
    return { book, rows: await this.db.scopedQuery<AddressDto>(ctx, sql, w.params) };
  }

  async get(ctx: CallerContext, data: unknown): Promise<AddressDto> {
    const address = await this.one(ctx, uuidOf((data as { uuid?: unknown } | null)?.uuid));
    if (!address) throw new AppError('addressNotFound', 'address not found');
    return address;
  }

  /** An address of the caller's books (deleted ones excluded), or undefined. */
  async one(ctx: CallerContext, uuid: string): Promise<AddressDto | undefined> {
    const w = ScopedWhere.of(ctx, ADDRESS_SCOPE).and('a.deleted_at IS NULL');
    w.and(`a.uuid = ${w.param(uuid)}::uuid`);
    const [row] = await this.db.scopedQuery<AddressDto>(ctx, `SELECT ${ADDRESS_COLUMNS} FROM addresses a WHERE ${w}`, w.params);
    return row;
  }

  /**
   * GET /dashtower/address/check/{uuid} (spec §7): whether the address can be shipped to. On error
   * the screen shows the text as an alert and the result is false.
   */
  async check(ctx: CallerContext, data: unknown): Promise<AddressCheckDto> {
    const address = await this.get(ctx, data);
    const problem = addressProblem(address);
    return problem ? { result: false, error: { key: 'addressNotDeliverable', message: problem } } : { result: true };
  }

  async create(ctx: CallerContext, data: unknown): Promise<AddressDto> {
    const input = parseBody(addressInput, data);
    const depositor = await this.depositors.forCaller(ctx, input.depositor_id!);
    const values = WRITABLE.map((k) => columnValue(input, k));
    const uuid = await this.write(ctx, () =>
      this.db.scoped(ctx, (em) =>
        auditedWrite(em, ctx, ADDRESS_ROWS, { written: (created: string) => [created] }, async () => {
          const [row] = await em.query<{ uuid: string }[]>(
            `INSERT INTO addresses (depositor_id, depositor_code, book, ${WRITABLE.join(', ')})
           VALUES ($1, $2, $3, ${WRITABLE.map((_, i) => `$${i + 4}`).join(', ')}) RETURNING uuid`,
            [depositor.id, depositor.code, input.book, ...values],
          );
          return row.uuid;
        }),
      ),
    );
    return this.get(ctx, { uuid });
  }

  async update(ctx: CallerContext, data: unknown): Promise<AddressDto> {
    const current = await this.get(ctx, data);
    const body = { ...((data as { address?: unknown } | null)?.address as object), book: current.book, depositor_id: current.depositor_id };
    const input = parseBody(addressInput, body);
    await this.write(ctx, () =>
      this.db.scoped(ctx, (em) =>
        auditedWrite(em, ctx, ADDRESS_ROWS, { ids: [current.uuid] }, () =>
          em.query(`UPDATE addresses SET ${WRITABLE.map((k, i) => `${k} = $${i + 2}`).join(', ')}, updated_at = now() WHERE uuid = $1`, [
            current.uuid,
            ...WRITABLE.map((k) => columnValue(input, k)),
          ]),
        ),
      ),
    );
    return this.get(ctx, { uuid: current.uuid });
  }

  async remove(ctx: CallerContext, data: unknown): Promise<{ ok: true }> {
    const current = await this.get(ctx, data);
    // Hidden, not removed (shipments keep their copy): a row no longer read is a deletion to the trail.
    await this.db.scoped(ctx, (em) =>
      auditedWrite(em, ctx, ADDRESS_ROWS, { ids: [current.uuid] }, () =>
        em.query(`UPDATE addresses SET deleted_at = now(), updated_at = now() WHERE uuid = $1`, [current.uuid]),
      ),
    );
    return { ok: true };
  }

  /**
   * The book's addresses (not deleted), and with `q` those whose name, code, postcode or town starts
   * with it: byte-wise ranges (leakproof, so each has its index under row-level security; LIKE has none).
   */
  private where(ctx: CallerContext, book: AddressBook | undefined, q: string | undefined): ScopedWhere {
    const w = ScopedWhere.of(ctx, ADDRESS_SCOPE).and('a.deleted_at IS NULL').equals('a.book', book);
    if (q) {
      const upper = q.toUpperCase();
      const from = w.param(upper);
      const to = w.param(prefixEnd(upper));
      w.and(
        `((a.search_name >= ${from} AND a.search_name < ${to}) OR (a.code >= ${from} AND a.code < ${to}) OR (a.zip >= ${from} AND a.zip < ${to}) OR (a.search_town >= ${from} AND a.search_town < ${to}))`,
      );
    }
    return w;
  }

  /** A write refused by the customer-code index answers customerCodeExists, nothing half-written. */
  private async write<T>(ctx: CallerContext, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      if ((e as { code?: string; constraint?: string }).constraint === 'addresses_customer_code')
        throw new AppError('customerCodeExists', 'customer code already in the address book', undefined, {
          customer_code: 'invalidFormat',
        });
      throw e;
    }
  }
}

function columnValue(input: AddressInput, key: (typeof WRITABLE)[number]): unknown {
  const value = input[key];
  if (key === 'opening_hours') return value ? JSON.stringify(value) : null;
  if (key === 'is_favorite') return value ?? false;
  if (key === 'active') return value ?? true;
  if (key === 'address_type') return value ?? 'BOTH';
  return value ?? null;
}

/** Why an address cannot be shipped to, or null: inactive, or a French zip that is not five digits. */
export function addressProblem(a: Pick<AddressDto, 'active' | 'zip' | 'country' | 'town'>): string | null {
  if (!a.active) return 'address is inactive';
  if (a.country === 'FR' && !/^\d{5}$/.test(a.zip)) return 'postcode does not match the town';
  if (!a.town.trim()) return 'town is empty';
  return null;
}
