import {
  IMPORT_LINE_TYPES,
  IMPORT_ORDER_COLUMNS,
  IMPORT_PACKAGE_COLUMNS,
  IMPORT_SAMPLE_LINE_TYPE,
  HUBY_LIMITS,
  type ImportLineStatus,
  type ShipmentPartyDto,
} from '@portal/contracts';
import { elementCount, isEmptyLine, isRefusal, lineValues, refusal, simulatedLine, type CellValue, type Refusal } from '@portal/files';
import type { ImportRow, ImportSimulatedLine } from '@portal/files';

/** A new recipient written into the book with the order (no recipient code on the line). */
export type NewRecipient = Omit<ShipmentPartyDto, 'uuid' | 'code' | 'civility' | 'address2' | 'state_code' | 'customer_code'> & {
  address_type: string;
  action: string | null;
};

/** What the import writes for one order: everything resolved at simulation time. */
export interface ImportOrder {
  depositor_id: number;
  depositor_code: string;
  reference: string;
  customer_order_number: string | null;
  shipper: ShipmentPartyDto;
  recipient: ShipmentPartyDto | null;
  new_recipient: NewRecipient | null;
  tour_code: string | null;
  carrier_code: string | null;
  date_shipment_desired: string | null;
  appointment: boolean;
  pallet_stripping: boolean;
  hatchback: boolean;
  delivery_on_floor: boolean;
  preparation_comment: string | null;
  packings: {
    packaging_type: string | null;
    content: string | null;
    weight_kg: number;
    length_cm: number | null;
    width_cm: number | null;
    height_cm: number | null;
    packages: number;
  }[];
}

/** A line as the shared runs store it, its payload the order it writes (on its header line). */
export type SimulatedLine = Omit<ImportSimulatedLine, 'payload'> & { order: ImportOrder | null };

/** The depositor's data the lines are checked against, scoped to the caller. */
export interface ImportResolver {
  /** The depositor of the code if the caller may import for it; 'notAuthorized' otherwise. */
  depositor(code: string): Promise<{ id: number; code: string } | 'notAuthorized'>;
  /** Activity and store codes allowed to the caller for that depositor (spec §5). */
  allowed(depositorId: number, kind: 'activity' | 'store', code: string): boolean;
  shipper(depositorId: number, code: string): Promise<ShipmentPartyDto | undefined>;
  recipient(depositorId: number, code: string): Promise<ShipmentPartyDto | undefined>;
  packaging(depositorId: number, code: string): Promise<boolean>;
  /** The carrier of a tour, or undefined when the depositor has no such tour. */
  tour(depositorId: number, code: string): Promise<{ carrier_code: string } | undefined>;
  /** The references of `refs` the depositor already has. */
  existing(depositorId: number, refs: string[]): Promise<Set<string>>;
}

interface PendingOrder {
  head: SimulatedLine;
  packages: SimulatedLine[];
  /** The first refusal of the order or one of its lines: the whole order is refused. */
  failure: (Refusal & { line: number }) | null;
}

const ORDER_WIDTH = IMPORT_ORDER_COLUMNS.length;
const PACKAGE_WIDTH = IMPORT_PACKAGE_COLUMNS.length;
const BATCH_ORDERS = 500;

const line = (row: ImportRow, status: ImportLineStatus, r?: Refusal | null): SimulatedLine => ({
  ...simulatedLine(row.line, status, r),
  order: null,
});

/**
 * Simulates an order import line by line (spec §5 Huby import): what each line would create and
 * what is refused with its §8 key. An order and its package lines stand or fall together; a
 * reference already imported for the depositor answers `already` (re-importing creates nothing
 * twice). Finished lines go to `sink` in batches, so memory does not grow with the file.
 */
export class ImportSimulation {
  private current: PendingOrder | null = null;
  private batch: PendingOrder[] = [];
  private loose: SimulatedLine[] = [];
  private readonly seen = new Set<string>();
  private headerWidth = ORDER_WIDTH;

  constructor(
    private readonly resolver: ImportResolver,
    private readonly sink: (lines: SimulatedLine[]) => Promise<void>,
    private readonly padShort: boolean,
  ) {}

  async add(row: ImportRow): Promise<void> {
    if (row.line === 1) return this.header(row);
    if (isEmptyLine(row.cells)) return this.out(line(row, 'ignored', refusal('importEmptyLine')));
    const type = row.cells[0].trim().toUpperCase();
    if (type === IMPORT_LINE_TYPES.order) return this.order(row);
    if (type === IMPORT_LINE_TYPES.package || type === IMPORT_LINE_TYPES.pallet) return this.package(row, type);
    // A sample line of the template, or a type nobody knows: refused, and so is the order it interrupts.
    const refused = line(
      row,
      'refused',
      refusal('importUnknownLineType', { type: type.slice(0, 20), ...(type === IMPORT_SAMPLE_LINE_TYPE ? { sample: 1 } : {}) }),
    );
    if (type === IMPORT_SAMPLE_LINE_TYPE) {
      await this.close();
      this.current = { head: refused, packages: [], failure: { ...refusal('importUnknownLineType', { sample: 1 }), line: row.line } };
      return;
    }
    if (this.current) {
      this.current.packages.push(refused);
      this.current.failure ??= { key: refused.key!, params: refused.params!, line: row.line };
      return;
    }
    return this.out(refused);
  }

  /** Closes the last order and writes everything left. */
  async end(): Promise<void> {
    await this.close();
    await this.flush();
  }

  private async header(row: ImportRow): Promise<void> {
    const first = (row.cells[0] ?? '')
      .trim()
      .replace(/^\uFEFF/, '')
      .toLowerCase();
    if (first !== IMPORT_ORDER_COLUMNS[0].name)
      return this.out(line(row, 'refused', refusal('importUnknownLineType', { type: first.slice(0, 20), expected: 'line_type' })));
    this.headerWidth = row.cells.length;
    return this.out(line(row, 'header'));
  }

  private async order(row: ImportRow): Promise<void> {
    await this.close();
    const head = line(row, 'create');
    this.current = { head, packages: [], failure: null };
    const refused = (r: Refusal) => {
      this.current!.failure = { ...r, line: row.line };
    };
    const cells = elementCount(row.cells, ORDER_WIDTH, this.headerWidth, this.padShort);
    if (isRefusal(cells)) return refused(cells);
    const v = lineValues(IMPORT_ORDER_COLUMNS, cells);
    if (isRefusal(v)) return refused(v);
    head.reference = v.reference as string;
    const depositor = await this.resolver.depositor(v.depositor_code as string);
    if (depositor === 'notAuthorized')
      return refused(refusal('importCodeNotAuthorized', { column: 'depositor_code', code: v.depositor_code as string }));
    head.depositor_id = depositor.id;
    for (const kind of ['activity', 'store'] as const) {
      const code = v[`${kind}_code`] as string | null;
      if (code && !this.resolver.allowed(depositor.id, kind, code))
        return refused(refusal('importCodeNotAuthorized', { column: `${kind}_code`, code }));
    }
    const shipper = await this.resolver.shipper(depositor.id, v.shipper_code as string);
    if (!shipper) return refused(refusal('importUnknownAddressCode', { column: 'shipper_code', code: v.shipper_code as string }));
    const recipient = await this.recipientOf(depositor.id, v);
    if (isRefusal(recipient)) return refused(recipient);
    const tour = v.tour_code ? await this.resolver.tour(depositor.id, v.tour_code as string) : undefined;
    if (v.tour_code && !tour) return refused(refusal('importUnknownTourCode', { column: 'tour_code', code: v.tour_code as string }));
    const party = recipient.recipient ?? recipient.new_recipient!;
    head.what = [party.company_name ?? party.contact_name, party.zip, party.town, party.country].filter(Boolean).join(' ');
    head.order = {
      depositor_id: depositor.id,
      depositor_code: depositor.code,
      reference: v.reference as string,
      customer_order_number: v.customer_order_number as string | null,
      shipper,
      ...recipient,
      tour_code: (v.tour_code as string | null) ?? null,
      carrier_code: tour?.carrier_code ?? null,
      date_shipment_desired: v.date_shipment_desired as string | null,
      appointment: v.appointment === true,
      pallet_stripping: v.pallet_stripping === true,
      hatchback: v.hatchback === true,
      delivery_on_floor: v.delivery_on_floor === true,
      preparation_comment: v.preparation_comment as string | null,
      packings: [],
    };
  }

  /** The recipient: a code of the book, or the address written on the line (then saved into the book). */
  private async recipientOf(
    depositorId: number,
    v: Record<string, CellValue>,
  ): Promise<Refusal | { recipient: ShipmentPartyDto | null; new_recipient: NewRecipient | null }> {
    if (v.recipient_code) {
      const found = await this.resolver.recipient(depositorId, v.recipient_code as string);
      if (!found) return refusal('importUnknownAddressCode', { column: 'recipient_code', code: v.recipient_code as string });
      if (!found.phone && !found.mobile) return refusal('importWriteFailed', { column: 'recipient_phone', reason: 'phoneOrMobile' });
      return { recipient: found, new_recipient: null };
    }
    if (!v.recipient_company_name && !v.recipient_contact_name)
      return refusal('importWriteFailed', { column: 'recipient_company_name', reason: 'required' });
    for (const column of ['recipient_address_type', 'recipient_address1', 'recipient_zip', 'recipient_town', 'recipient_country'])
      if (!v[column]) return refusal('importWriteFailed', { column, reason: 'required' });
    if (!/^[A-Z]{2}$/.test(v.recipient_country as string))
      return refusal('importWriteFailed', { column: 'recipient_country', reason: 'invalidFormat' });
    if (!v.recipient_phone && !v.recipient_mobile)
      return refusal('importWriteFailed', { column: 'recipient_phone', reason: 'phoneOrMobile' });
    const text = (k: string) => (v[k] as string | null) ?? null;
    return {
      recipient: null,
      new_recipient: {
        company_name: text('recipient_company_name'),
        contact_name: text('recipient_contact_name'),
        address_type: v.recipient_address_type as string,
        address1: v.recipient_address1 as string,
        zip: v.recipient_zip as string,
        town: v.recipient_town as string,
        country: v.recipient_country as string,
        email: text('recipient_email'),
        phone: text('recipient_phone'),
        mobile: text('recipient_mobile'),
        action: v.recipient_action
          ? ({ DELETE_AFTER_SHIPPING: 'deleteAfterShipping', DELETE_AFTER_DELIVERY: 'deleteAfterDelivery' } as Record<string, string>)[
              v.recipient_action as string
            ]
          : null,
      },
    };
  }

  private async package(row: ImportRow, type: string): Promise<void> {
    const order = this.current;
    if (!order) return this.out(line(row, 'refused', refusal('importNoReference', { type })));
    const result = line(row, 'package');
    result.reference = order.head.reference;
    result.depositor_id = order.head.depositor_id;
    order.packages.push(result);
    const refused = (r: Refusal) => {
      result.status = 'refused';
      result.key = r.key;
      result.params = r.params;
      order.failure ??= { ...r, line: row.line };
    };
    const cells = elementCount(row.cells, PACKAGE_WIDTH, this.headerWidth, this.padShort);
    if (isRefusal(cells)) return refused(cells);
    const v = lineValues(IMPORT_PACKAGE_COLUMNS, cells);
    if (isRefusal(v)) return refused(v);
    if (!order.head.order) return; // the order line is refused: this line goes with it
    if (order.head.order.packings.length >= HUBY_LIMITS.maxPackings)
      return refused(refusal('importWriteFailed', { column: 'line_type', reason: 'max', max: HUBY_LIMITS.maxPackings }));
    if (v.packaging_code && !(await this.resolver.packaging(order.head.order.depositor_id, v.packaging_code as string)))
      return refused(refusal('importUnknownPackagingCode', { column: 'packaging_code', code: v.packaging_code as string }));
    const packing = {
      packaging_type: (v.packaging_code as string | null) ?? null,
      content: (v.content as string | null) ?? (type === IMPORT_LINE_TYPES.pallet ? 'PALLET' : null),
      weight_kg: v.weight_kg as number,
      length_cm: v.length_cm as number | null,
      width_cm: v.width_cm as number | null,
      height_cm: v.height_cm as number | null,
      packages: v.packages as number,
    };
    order.head.order.packings.push(packing);
    result.what = `${type} ${packing.packages} x ${packing.weight_kg} kg${packing.packaging_type ? ` ${packing.packaging_type}` : ''}`;
  }

  /** The order in progress is complete: refused as a whole, or waiting in the batch for the re-import check. */
  private async close(): Promise<void> {
    const order = this.current;
    this.current = null;
    if (!order) return;
    if (!order.failure && order.head.order) {
      const key = `${order.head.order.depositor_id}:${order.head.order.reference}`;
      if (this.seen.has(key))
        order.failure = { ...refusal('importWriteFailed', { column: 'reference', reason: 'existingReference' }), line: order.head.line };
      this.seen.add(key);
    }
    if (order.failure) {
      const { key, params, line: cause } = order.failure;
      for (const l of [order.head, ...order.packages]) {
        l.order = null;
        if (l.status === 'refused' && l.line === cause) continue;
        const own = l.status === 'refused';
        l.status = 'refused';
        if (!own) {
          l.key = key;
          l.params = l.line === cause ? params : { ...params, line: cause };
        }
      }
    }
    this.batch.push(order);
    if (this.batch.length >= BATCH_ORDERS) await this.flush();
  }

  /** A line of no order (header, empty, refused alone): written with the next batch. */
  private async out(l: SimulatedLine): Promise<void> {
    this.loose.push(l);
    if (this.loose.length >= BATCH_ORDERS) {
      const lines = this.loose;
      this.loose = [];
      await this.sink(lines);
    }
  }

  /** Marks the orders already imported (same depositor and reference) and hands the batch to the sink. */
  private async flush(): Promise<void> {
    const orders = this.batch;
    this.batch = [];
    const byDepositor = new Map<number, PendingOrder[]>();
    for (const o of orders)
      if (o.head.order) byDepositor.set(o.head.order.depositor_id, [...(byDepositor.get(o.head.order.depositor_id) ?? []), o]);
    for (const [depositorId, list] of byDepositor) {
      const existing = await this.resolver.existing(
        depositorId,
        list.map((o) => o.head.order!.reference),
      );
      for (const o of list)
        if (existing.has(o.head.order!.reference))
          for (const l of [o.head, ...o.packages]) {
            l.status = 'already';
            l.order = null;
          }
    }
    const lines = [...orders.flatMap((o) => [o.head, ...o.packages]), ...this.loose];
    this.loose = [];
    if (lines.length) await this.sink(lines.sort((a, b) => a.line - b.line));
  }
}
