import { Inject, Injectable, Logger } from '@nestjs/common';
import { auditedWrite, type AuditedRows } from '@portal/bus';
import { type CallerContext, type ShipmentInput, type ShipmentPartyDto } from '@portal/contracts';
import { Db, inScope } from '@portal/db';
import { FileStorage, ImportRuns, ImportRunsOwner } from '@portal/files';
import { Depositors } from '../depositors/depositors';
import { insertDraft } from '../shipments/shipments.service';
import { HubyImportResolver } from './import-resolver';
import { ImportSimulation, type ImportOrder } from './import-simulation';

/** An order import as the audit trail shows it: the file, its counts, and the depositors it wrote shipments for. */
const IMPORT_ROWS: AuditedRows<{
  id: string;
  name: string;
  format: string;
  state: string;
  counts: unknown;
  depositor_ids: number[] | null;
}> = {
  service: 'huby',
  entity: 'shipmentImport',
  read: (em, ids) =>
    em.query(
      `SELECT s.uuid AS id, s.name, s.format, s.state, s.counts,
         (SELECT array_agg(DISTINCT l.depositor_id) FROM import_lines l WHERE l.simulation_uuid = s.uuid AND l.status = 'imported') AS depositor_ids
       FROM import_simulations s WHERE s.uuid = ANY($1::uuid[])`,
      [ids],
    ),
  subject: (s) => ({ id: s.id, label: s.name, depositorIds: s.depositor_ids ?? [] }),
  fields: ({ name, format, state, counts }) => ({ name, format, state, counts }),
};

/**
 * Huby order import (spec §5, §8) on the shared import runs: an uploaded file is simulated in the
 * background, line by line, into `import_lines`; the import then writes exactly the simulated
 * orders, one transaction per order (the order, its packages and its new recipient together or not
 * at all), each order's package lines ending with its status.
 */
@Injectable()
export class ImportService extends ImportRunsOwner {
  private readonly logger = new Logger('HubyImport');
  readonly runs: ImportRuns;

  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(Depositors) private readonly depositors: Depositors,
    @Inject(FileStorage) files: FileStorage,
  ) {
    super();
    this.runs = new ImportRuns(db, files, {
      kind: 'orders',
      simulator: (ctx, sink, padShort) =>
        new ImportSimulation(
          new HubyImportResolver(this.db, this.depositors, ctx),
          (lines) => sink(lines.map(({ order, ...line }) => ({ ...line, payload: order }))),
          padShort,
        ),
      write: (ctx, payload) => this.writeOrder(ctx, payload as ImportOrder),
      // One entry in the audit trail for the whole import (its counts), not one per shipment it wrote.
      markImported: (ctx, id, mark) =>
        this.db.scoped(ctx, (em) => auditedWrite(em, ctx, IMPORT_ROWS, { ids: [id], action: 'imported' }, () => mark(em))),
    });
  }

  /** Waits for the background work (tests, shutdown). */
  settled(): Promise<void> {
    return this.runs.settled();
  }

  /** One order with its packages and new recipient, in one transaction: `imported`, `already` (same reference) or `failed`. */
  async writeOrder(ctx: CallerContext, order: ImportOrder): Promise<'imported' | 'already' | 'failed'> {
    if (!inScope(ctx.scope, order.depositor_id)) return 'failed';
    try {
      await this.db.scoped(ctx, async (em) => {
        const recipient = order.recipient ?? (await this.newRecipient(em, order));
        const input: ShipmentInput = {
          depositor_id: order.depositor_id,
          uuid_address_shipper: order.shipper.uuid,
          uuid_address_recipient: recipient.uuid,
          reference: order.reference,
          customer_order_number: order.customer_order_number ?? undefined,
          tour_code: order.tour_code ?? undefined,
          carrier_code: order.carrier_code ?? undefined,
          date_shipment_desired: order.date_shipment_desired ?? undefined,
          appointment: order.appointment,
          pallet_stripping: order.pallet_stripping,
          hatchback: order.hatchback,
          delivery_on_floor: order.delivery_on_floor,
          preparation_comment: order.preparation_comment ?? undefined,
          packings: order.packings.map((p) => ({
            packaging_type: p.packaging_type ?? undefined,
            content: p.content ?? undefined,
            weight_kg: p.weight_kg,
            length_cm: p.length_cm ?? undefined,
            width_cm: p.width_cm ?? undefined,
            height_cm: p.height_cm ?? undefined,
            packages: p.packages,
          })),
        };
        const depositor = { id: order.depositor_id, code: order.depositor_code };
        await insertDraft(
          em,
          ctx,
          depositor,
          order.reference,
          { shipper: order.shipper, recipient, sameAsRecipient: true },
          input,
          'imported',
        );
      });
      return 'imported';
    } catch (e) {
      if ((e as { constraint?: string }).constraint === 'shipments_depositor_reference') return 'already';
      this.logger.warn(`import of ${order.reference} failed: ${e instanceof Error ? e.message : String(e)}`);
      return 'failed';
    }
  }

  private async newRecipient(em: import('typeorm').EntityManager, order: ImportOrder): Promise<ShipmentPartyDto> {
    const r = order.new_recipient!;
    const [row] = await em.query<{ uuid: string }[]>(
      `INSERT INTO addresses (depositor_id, depositor_code, book, company_name, contact_name, address_type, address1, zip, town, country, email, phone, mobile, action)
       VALUES ($1, $2, 'recipient', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING uuid`,
      [
        order.depositor_id,
        order.depositor_code,
        r.company_name,
        r.contact_name,
        r.address_type,
        r.address1,
        r.zip,
        r.town,
        r.country,
        r.email,
        r.phone,
        r.mobile,
        r.action,
      ],
    );
    return { ...r, uuid: row.uuid, code: null, civility: null, address2: null, state_code: null, customer_code: null };
  }
}
