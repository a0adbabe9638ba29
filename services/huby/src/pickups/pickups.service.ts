import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  creatorOf,
  dayIn,
  formatDay,
  formatIn,
  parseBody,
  pickupInput,
  type CallerContext,
  type PickupRequestDto,
} from '@portal/contracts';
import { auditedWrite, type AuditedRows } from '@portal/bus';
import { Db, ScopedWhere } from '@portal/db';
import { Mailer, MailTemplates } from '@portal/mail';
import { AddressesService } from '../addresses/addresses.service';
import { Depositors } from '../depositors/depositors';
import { addressLine } from '../common/address-line';
import { CarrierAdapters } from '../carriers/carrier-adapter';
import { CarrierOutage } from '../carriers/connectors/carrier-line';
import { outageError } from '../carriers/connectors/connector-kit';
import { CARRIER_COLUMNS } from '../tours/tours.service';
import type { CarrierDto } from '@portal/contracts';

/** Spec §5 and §9: a pickup for today must be asked before 12:00 in the pickup place's time zone. */
export const SAME_DAY_PICKUP_CUTOFF = '12:00';

const COLUMNS = `p.uuid AS id, p.uuid, p.depositor_id, p.depositor_code, p.shipper_uuid, p.shipper, p.carrier_ref,
  to_char(p.pickup_date, 'YYYY-MM-DD') AS pickup_date, p.pickup_hour, p.account_number, p.email_to, p.email_cc, p.body, p.created_by,
  to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
  to_char(p.mailed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS mailed_at, p.carrier_reference`;

/** A pickup request as the audit trail shows it (the mail's body left out: the request's facts, not its prose). */
const PICKUP_ROWS: AuditedRows<PickupRequestDto> = {
  service: 'huby',
  entity: 'pickup',
  read: (em, uuids) => em.query(`SELECT ${COLUMNS} FROM pickup_requests p WHERE p.uuid = ANY($1::uuid[])`, [uuids]),
  subject: (p) => ({ id: p.uuid, label: `${p.carrier_ref} ${p.pickup_date}`, depositorIds: [p.depositor_id] }),
  fields: (p) => ({
    carrier_ref: p.carrier_ref,
    pickup_date: p.pickup_date,
    pickup_hour: p.pickup_hour,
    shipper: [p.shipper.company_name ?? p.shipper.contact_name, p.shipper.address1, p.shipper.zip, p.shipper.town]
      .filter(Boolean)
      .join(', '),
    account_number: p.account_number,
    email_to: p.email_to,
    email_cc: p.email_cc,
    carrier_reference: p.carrier_reference,
  }),
};

/**
 * Pickup requests (spec §3): a shipper address, a carrier of the depositor's plan, a date and hour,
 * the account and the mail to send. A carrier with a web service books it first (a refusal keeps
 * nothing) and its confirmation number goes in the mail; the carrier is mailed at once (handlebars,
 * the user's language).
 */
@Injectable()
export class PickupsService {
  private readonly templates = new MailTemplates(path.join(__dirname, '..', 'mail-templates'));

  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(Depositors) private readonly depositors: Depositors,
    @Inject(AddressesService) private readonly addresses: AddressesService,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(CarrierAdapters) private readonly carriers: CarrierAdapters,
  ) {}

  async list(ctx: CallerContext): Promise<PickupRequestDto[]> {
    const w = ScopedWhere.of(ctx, { depositor: 'p.depositor_id' });
    return this.db.scopedQuery<PickupRequestDto>(
      ctx,
      `SELECT ${COLUMNS} FROM pickup_requests p WHERE ${w} ORDER BY p.pickup_date DESC, p.created_at DESC LIMIT 200`,
      w.params,
    );
  }

  async create(ctx: CallerContext, data: unknown, now = new Date()): Promise<PickupRequestDto> {
    const input = parseBody(pickupInput, data);
    const shipper = await this.addresses.one(ctx, input.uuid_address_shipper!);
    if (!shipper || shipper.book !== 'shipper')
      throw new AppError('addressNotFound', 'shipper address not found', undefined, { uuid_address_shipper: 'invalidFormat' });
    const depositor = await this.depositors.forCaller(ctx, shipper.depositor_id);
    const [carrier] = await this.db.scopedQuery<CarrierDto>(
      ctx,
      `SELECT ${CARRIER_COLUMNS} FROM carriers c WHERE c.ref = $1 AND c.id IN (SELECT t.carrier_id FROM tours t WHERE t.depositor_id = $2 AND t.active)`,
      [input.carrier, depositor.id],
    );
    if (!carrier) throw new AppError('validationFailed', 'carrier not in the depositor’s plan', undefined, { carrier: 'invalidFormat' });
    checkPickupTime(input.date!, input.hour!, now, shipper.time_zone ?? 'Europe/Paris');
    const place = {
      company_name: shipper.company_name,
      contact_name: shipper.contact_name,
      address1: shipper.address1,
      zip: shipper.zip,
      town: shipper.town,
      country: shipper.country,
    };
    // Booked through the carrier account of one of the depositor's tours of that carrier, else the demo carrier.
    const [connected] = await this.db.scopedQuery<{ id: number }>(
      ctx,
      `SELECT t.id FROM tours t JOIN carrier_accounts a ON a.tour_id = t.id
       WHERE t.depositor_id = $1 AND t.carrier_id = $2 AND t.active AND a.connector <> 'demo' ORDER BY t.id LIMIT 1`,
      [depositor.id, carrier.id],
    );
    const adapter = connected ? await this.carriers.forTour(connected.id) : this.carriers.of(carrier.ref);
    let booked: { reference: string } | undefined;
    try {
      booked = await adapter.requestPickup?.(
        {
          depositor_code: depositor.code,
          shipper: place,
          pickup_date: input.date!,
          pickup_hour: input.hour!,
          account_number: input.account_number ?? null,
          phone: shipper.phone ?? shipper.mobile ?? null,
        },
        carrier,
      );
    } catch (e) {
      if (e instanceof CarrierOutage) throw outageError(e, carrier.name);
      throw e;
    }
    const [row] = await this.db.scoped(ctx, (em) =>
      auditedWrite(em, ctx, PICKUP_ROWS, { written: (rows: { uuid: string }[]) => rows.map((r) => r.uuid) }, () =>
        em.query<{ uuid: string }[]>(
          `INSERT INTO pickup_requests (depositor_id, depositor_code, shipper_uuid, shipper, carrier_ref, pickup_date, pickup_hour,
           account_number, email_to, email_cc, body, created_by, carrier_reference)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING uuid`,
          [
            depositor.id,
            depositor.code,
            shipper.uuid,
            JSON.stringify(place),
            carrier.ref,
            input.date,
            input.hour,
            input.account_number ?? null,
            input.email_to,
            input.email_cc ?? [],
            input.body ?? null,
            creatorOf(ctx),
            booked?.reference ?? null,
          ],
        ),
      ),
    );
    const mail = this.templates.render('pickup-request', ctx.locale, {
      depositorCode: depositor.code,
      date: formatDay(input.date),
      hour: input.hour,
      shipperName: shipper.company_name ?? shipper.contact_name,
      shipperAddress: addressLine(shipper),
      accountNumber: input.account_number ?? '–',
      body: input.body,
      requestedBy: ctx.user?.login ?? '–',
      reference: row.uuid.slice(0, 8).toUpperCase(),
      carrier: carrier.name,
      carrierReference: booked?.reference,
    });
    try {
      await this.mailer.send({ to: input.email_to!, cc: input.email_cc, ...mail }, 'pickup-request');
      await this.db.scoped(ctx, (em) => em.query(`UPDATE pickup_requests SET mailed_at = now() WHERE uuid = $1`, [row.uuid]));
    } catch {
      // Kept with mailed_at empty: the request stands, the mail is in the outbox with its error.
      throw new AppError('emailFailed', 'the pickup request is saved but the mail to the carrier failed', { uuid: row.uuid });
    }
    const [created] = await this.db.scopedQuery<PickupRequestDto>(ctx, `SELECT ${COLUMNS} FROM pickup_requests p WHERE p.uuid = $1`, [
      row.uuid,
    ]);
    return created;
  }
}

/**
 * Not in the past; for today, asked before 12:00 and for an hour still to come, all in the pickup
 * place's time zone (a platform's: the user may be elsewhere).
 */
export function checkPickupTime(date: string, hour: string, now: Date, timeZone: string): void {
  const today = dayIn(timeZone, now);
  const clock = formatIn(now, timeZone, 'HH:mm');
  if (date < today) throw new AppError('validationFailed', 'pickup date in the past', undefined, { date: 'min' });
  if (date === today && clock >= SAME_DAY_PICKUP_CUTOFF)
    throw new AppError('pickupCutoffPassed', 'a same-day pickup must be asked before 12:00', { cutoff: SAME_DAY_PICKUP_CUTOFF, timeZone });
  if (date === today && hour <= clock) throw new AppError('validationFailed', 'pickup hour already passed', undefined, { hour: 'min' });
}
