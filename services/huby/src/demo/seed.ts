import { DEMO_COMPANIES, DEMO_FIRST, DEMO_FOREIGN, DEMO_LAST, DEMO_STREETS, DEMO_TOWNS, pick, prng } from '@portal/demo';
import { seedGeoOrderRecipients } from './geo-order';
import { addToOutbox } from '@portal/bus';
import { HubyEvents, HubyStatus, systemContext, TrackingStatus, type FeedOrderMessage, type HubyStatusCode } from '@portal/contracts';
import type { Db } from '@portal/db';
import type { EntityManager } from 'typeorm';
import { demoCarrierStepMs, trackingNumber } from '../carriers/demo-carrier';
import { trackingOrderOf } from '../shipments/tracking-order';
import { seedLoopDemo } from './loop-seed';

const DEPOSITORS = [
  { id: 1, code: 'DEMO-A', delay: 90, required: ['recipient_email', 'either_phone'] },
  { id: 2, code: 'DEMO-B', delay: 30, required: ['recipient_company_name', 'date_shipment_desired'] },
];
const PACKAGING = [
  { code: 'CARTON-S', label: 'Carton 30×20×15', l: 30, w: 20, h: 15, tare: 0.25 },
  { code: 'CARTON-M', label: 'Carton 40×30×30', l: 40, w: 30, h: 30, tare: 0.45 },
  { code: 'CARTON-L', label: 'Carton 60×40×40', l: 60, w: 40, h: 40, tare: 0.8 },
  { code: 'EURO', label: 'Palette Europe 120×80', l: 120, w: 80, h: 150, tare: 25 },
  { code: 'DEMI-PAL', label: 'Demi-palette 80×60', l: 80, w: 60, h: 120, tare: 12 },
];
const SHIPPERS = [
  { code: 'MLV1', company: 'Plateforme Marne-la-Vallée', address1: '12 rue de la Logistique', zip: '77600', town: 'BUSSY-SAINT-GEORGES' },
  { code: 'ORL1', company: 'Plateforme Orléans Saran', address1: '5 avenue du Parc Logistique', zip: '45770', town: 'SARAN' },
  {
    code: 'LYS1',
    company: 'Plateforme Lyon Saint-Quentin',
    address1: '230 rue des Entrepôts',
    zip: '38070',
    town: 'SAINT-QUENTIN-FALLAVIER',
  },
];
const TOURS = ['COLIS-J1', 'COLIS-EXP', 'PAL-MESS', 'AFFRET-IDF'];
const CARRIERS = [
  {
    ref: 'COLISSIMO',
    name: 'Colissimo',
    kind: 'parcel',
    window: 10,
    threshold: 1500,
    email: 'enlevements@colissimo.example',
    settings: { contract: 'CE-774120' },
  },
  {
    ref: 'CHRONOPOST',
    name: 'Chronopost',
    kind: 'parcel',
    window: null,
    threshold: 3000,
    email: 'pickup@chronopost.example',
    settings: { account: '19869502' },
  },
  {
    ref: 'GEODIS',
    name: 'Geodis Messagerie',
    kind: 'pallet',
    window: null,
    threshold: 10000,
    email: 'exploitation@geodis.example',
    settings: { agency: 'LYS' },
  },
  {
    ref: 'AFFRET',
    name: 'Affrètement direct',
    kind: 'charter',
    window: null,
    threshold: null,
    email: 'affretement@logistique.example',
    // A charter's driver takes a printed A6 sheet: no ZPL labels (auto-print in ZPL leaves these shipments).
    settings: { label_formats: 'PDF' },
  },
];
/** Each depositor's transport plan; DEMO-A's charter tour has no account number yet (refused on validation). */
const PLAN = [
  {
    code: 'COLIS-J1',
    carrier: 'COLISSIMO',
    type: 'parcel',
    account: '0123456',
    max: [null, 30],
    packages: 10,
    delay: null,
    flags: ['direct_tracking', 'production_webservice'],
  },
  {
    code: 'COLIS-EXP',
    carrier: 'CHRONOPOST',
    type: 'parcel',
    account: 'CHR-4471',
    max: [null, 30],
    packages: 5,
    delay: 1,
    flags: ['appointment', 'direct_tracking'],
  },
  {
    code: 'PAL-MESS',
    carrier: 'GEODIS',
    type: 'pallet',
    account: 'GEO-88120',
    max: [30, 3000],
    packages: 33,
    delay: 2,
    flags: ['allow_pallet_stripping', 'hatchback', 'appointment', 'manual_pickup_request'],
  },
  {
    code: 'AFFRET-IDF',
    carrier: 'AFFRET',
    type: 'charter',
    account: null,
    max: [500, 24000],
    packages: null,
    delay: null,
    flags: ['allow_pallet_stripping', 'floor_delivery', 'hatchback', 'appointment', 'opening_times_in_comment'],
  },
];
const CARRIER_OF: Record<string, string> = {
  'COLIS-J1': 'COLISSIMO',
  'COLIS-EXP': 'CHRONOPOST',
  'PAL-MESS': 'GEODIS',
  'AFFRET-IDF': 'AFFRET',
};
/** The demo's dangerous good: paint (ADR class 3), on every fifth shipment; perfumery in limited quantities on every seventh. */
const DEMO_PAINT = {
  un_number: '1263',
  class: '3',
  danger_notice: null,
  packing_group: 'III',
  tunnel_code: 'D/E',
  transport_category: 3,
  adr_designation: 'PEINTURES',
  technical_name: null,
  environment_danger: false,
};
/** How many demo shipments per status and depositor: most are sent, a few wait or were canceled. */
const SPREAD: [HubyStatusCode, number][] = [
  [HubyStatus.Draft, 6],
  // None waiting for labels: a request takes seconds, and one left waiting is given back (InterruptedLabelsJob).
  [HubyStatus.Validated, 5],
  [HubyStatus.LabelsReceived, 4],
  [HubyStatus.LabelsPrinted, 3],
  [HubyStatus.TakenInCharge, 3],
  [HubyStatus.InTransit, 6],
  [HubyStatus.Delivered, 18],
  [HubyStatus.PartlyDelivered, 1],
  [HubyStatus.Anomaly, 2],
  [HubyStatus.Returned, 1],
  [HubyStatus.Canceled, 3],
];

/**
 * Huby demo data: the DEMO-A and DEMO-B settings (retention delay, required fields), packaging types,
 * shipper addresses (the platforms) and recipient books, and shipments in every status. Idempotent.
 */
export async function seedHubyDemo(db: Db, options: { now: Date }): Promise<void> {
  await db.scoped(systemContext('seed-huby-demo'), async (em) => {
    await seedTransportPlan(em);
    const [{ count }] = await em.query<{ count: number }[]>(`SELECT count(*)::int AS count FROM shipments`);
    if (count > 0) return;
    const rand = prng(11);
    for (const d of DEPOSITORS) {
      await em.query(
        `INSERT INTO depositors (id, code, action_delay_on_address, required_fields) VALUES ($1, $2, $3, $4)
         ON CONFLICT (id) DO UPDATE SET required_fields = EXCLUDED.required_fields`,
        [d.id, d.code, d.delay, d.required],
      );
      for (const p of PACKAGING)
        await em.query(`INSERT INTO packaging_types VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`, [
          d.id,
          p.code,
          p.label,
          p.l,
          p.w,
          p.h,
          p.tare,
        ]);
      const shippers: Record<string, unknown>[] = [];
      for (const s of SHIPPERS)
        shippers.push(
          await address(em, d, 'shipper', {
            code: s.code,
            company_name: s.company,
            address_type: 'B2B',
            address1: s.address1,
            zip: s.zip,
            town: s.town,
            country: 'FR',
            phone: '01 64 00 00 00',
            email: `expedition.${s.code.toLowerCase()}@logistique.example`,
            is_favorite: s.code === 'MLV1',
          }),
        );
      const recipients: Record<string, unknown>[] = [];
      for (let i = 0; i < 40; i++) {
        const abroad = rand() < 0.12;
        const [zip, town, country] = abroad ? pick(rand, DEMO_FOREIGN) : [...pick(rand, DEMO_TOWNS), 'FR'];
        const b2c = rand() < 0.35;
        const first = pick(rand, DEMO_FIRST);
        const last = pick(rand, DEMO_LAST);
        recipients.push(
          await address(em, d, 'recipient', {
            code: `DEST${String(i + 1).padStart(3, '0')}`,
            company_name: b2c ? null : `${pick(rand, DEMO_COMPANIES)} ${titleCase(town)}`,
            contact_name: `${first} ${last}`,
            civility: rand() < 0.5 ? 'E' : 'M',
            address_type: b2c ? 'B2C' : 'B2B',
            address1: `${1 + Math.floor(rand() * 120)} ${pick(rand, DEMO_STREETS)}`,
            zip,
            town,
            country,
            email: `${first}.${last}@client.example`
              .toLowerCase()
              .normalize('NFD')
              .replace(/[\u0300-\u036f]/g, ''),
            phone:
              rand() < 0.7
                ? `0${1 + Math.floor(rand() * 5)} ${String(Math.floor(rand() * 1e8))
                    .padStart(8, '0')
                    .replace(/(\d\d)(?=\d)/g, '$1 ')}`
                : null,
            mobile:
              rand() < 0.6
                ? `06 ${String(Math.floor(rand() * 1e8))
                    .padStart(8, '0')
                    .replace(/(\d\d)(?=\d)/g, '$1 ')}`
                : null,
            customer_code: `CLI${d.id}${String(i + 1).padStart(4, '0')}`,
            is_favorite: i < 4,
            action: i % 13 === 5 ? 'deleteAfterDelivery' : null,
          }),
        );
      }
      let n = 0;
      for (const [status, howMany] of SPREAD)
        for (let i = 0; i < howMany; i++) {
          n++;
          const daysAgo =
            status === HubyStatus.Delivered
              ? 3 + Math.floor(rand() * 40)
              : status >= HubyStatus.TakenInCharge
                ? 1 + Math.floor(rand() * 4)
                : 0;
          await shipment(
            em,
            d,
            n,
            status,
            pick(rand, shippers),
            pick(rand, recipients),
            rand,
            new Date(options.now.getTime() - daysAgo * 86_400_000),
          );
        }
      await seedGeoOrderRecipients(em, d);
    }
    await seedLoopDemo(em, new Map(DEPOSITORS.map((d) => [d.id, d.code])), options.now);
  });
}

async function address(em: EntityManager, d: { id: number; code: string }, book: string, a: Record<string, unknown>) {
  const keys = Object.keys(a);
  const [row] = await em.query<Record<string, unknown>[]>(
    `INSERT INTO addresses (depositor_id, depositor_code, book, ${keys.join(', ')}) VALUES ($1, $2, $3, ${keys.map((_, i) => `$${i + 4}`).join(', ')})
     RETURNING uuid, code, company_name, contact_name, civility, address1, address2, zip, town, state_code, country, email, phone, mobile, customer_code`,
    [d.id, d.code, book, ...Object.values(a)],
  );
  return row;
}

async function shipment(
  em: EntityManager,
  d: { id: number; code: string },
  n: number,
  status: HubyStatusCode,
  shipper: Record<string, unknown>,
  recipient: Record<string, unknown>,
  rand: () => number,
  created: Date,
) {
  const tour = TOURS[Math.floor(rand() * TOURS.length)];
  const pallet = tour === 'PAL-MESS' || tour === 'AFFRET-IDF';
  const packages = pallet ? 1 + Math.floor(rand() * 3) : 1 + Math.floor(rand() * 4);
  const weight = Math.round((pallet ? 120 + rand() * 500 : 1 + rand() * 18) * 10) / 10;
  const packing = {
    line: 1,
    packaging_type: pallet ? 'EURO' : pick(rand, ['CARTON-S', 'CARTON-M', 'CARTON-L']),
    content: pallet ? 'Marchandises diverses' : 'Produits finis',
    net_quantity: null,
    unit: null,
    weight_kg: weight,
    length_cm: pallet ? 120 : 40,
    width_cm: pallet ? 80 : 30,
    height_cm: pallet ? 150 : 30,
    volume_m3: pallet ? 1.44 : 0.036,
    packages,
    duplicate_count: 0,
  };
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const [row] = await em.query<{ uuid: string }[]>(
    `INSERT INTO shipments (depositor_id, depositor_code, status, reference, order_number, delivery_note_number, shipper_uuid, recipient_uuid,
       shipper, recipient, recipient_name, carrier_code, tour_code, date_shipment_desired, appointment, packings, package_count, total_weight_kg,
       created_by, created_at, updated_at, dangerous_goods, limited_quantities)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, 'alice', $19, $19, $20, $21) RETURNING uuid`,
    [
      d.id,
      d.code,
      status,
      `HUB-${d.code.slice(-1)}${String(24000 + n)}`,
      `CDE${d.id}${String(80000 + n)}`,
      status >= HubyStatus.TakenInCharge ? `BL${d.id}${String(50000 + n)}` : null,
      shipper.uuid,
      recipient.uuid,
      JSON.stringify(shipper),
      JSON.stringify(recipient),
      String(recipient.company_name ?? recipient.contact_name).toUpperCase(),
      CARRIER_OF[tour],
      tour,
      day(
        new Date(
          created.getTime() + (status === HubyStatus.Draft ? 1 : READY.includes(status) ? 1 + Math.floor(rand() * 3) : 0) * 86_400_000,
        ),
      ),
      pallet && rand() < 0.4,
      JSON.stringify([packing]),
      packages,
      Math.round(weight * packages * 1000) / 1000,
      created,
      JSON.stringify(n % 5 === 2 ? [{ ...DEMO_PAINT, package_quantity: Math.min(packages * 20, 300) }] : []),
      n % 7 === 3 ? JSON.stringify({ gross_weight_kg: Math.round(weight * 10) / 10, un_numbers: ['1266'] }) : null,
    ],
  );
  await em.query(
    `INSERT INTO shipment_history (shipment_uuid, depositor_id, status, at, by, note) VALUES ($1, $2, 0, $3, 'alice', 'created')`,
    [row.uuid, d.id, created],
  );
  if (status !== HubyStatus.Draft)
    await em.query(
      `INSERT INTO shipment_history (shipment_uuid, depositor_id, status, at, by, note) VALUES ($1, $2, $3, $4, 'alice', 'demo')`,
      [row.uuid, d.id, status, new Date(created.getTime() + 3_600_000)],
    );
  if (status >= HubyStatus.LabelsReceived) await labelled(em, row.uuid, status, packages, created);
}

const READY: HubyStatusCode[] = [HubyStatus.LabelsReceived, HubyStatus.LabelsPrinted];
/** Where a shipment past its carrier's last event stands in tracking (spec §4 tracking codes). */
const TRACKING_STATUS_OF: Partial<Record<HubyStatusCode, number>> = {
  [HubyStatus.Anomaly]: TrackingStatus.DeliveryAnomaly,
  [HubyStatus.Returned]: TrackingStatus.ReturnedToSender,
  [HubyStatus.PartlyDelivered]: TrackingStatus.PartiallyDelivered,
  [HubyStatus.Delivered]: TrackingStatus.Delivered,
};

/**
 * A demo shipment with labels: its voucher and tracking numbers as the demo carrier gives them, and
 * the event that makes it a tracking order. Shipments on their way have their labels a few carrier
 * steps ago, so that the carrier job reports what already happened and goes on; the others are
 * tracked where they ended (their carrier has nothing more to say).
 */
async function labelled(em: EntityManager, uuid: string, status: HubyStatusCode, packages: number, created: Date): Promise<void> {
  const step = demoCarrierStepMs();
  const now = Date.now();
  const onTheWay = status === HubyStatus.TakenInCharge || status === HubyStatus.InTransit;
  const labelsAt = new Date(
    status === HubyStatus.TakenInCharge
      ? now - 1.5 * step
      : status === HubyStatus.InTransit
        ? now - 3 * step
        : Math.min(created.getTime() + 3_600_000, now),
  );
  const [{ n }] = await em.query<{ n: string }[]>(`SELECT nextval('carrier_voucher_seq') AS n`);
  const [s] = await em.query<
    (Parameters<typeof trackingOrderOf>[0] & { carrier_ref: string; carrier_name: string; account: string | null })[]
  >(
    `SELECT s.uuid, s.reference, s.depositor_id, s.depositor_code, s.created_at, s.order_number, s.customer_reference, s.customer_order_number,
       s.delivery_note_number, s.tour_code, s.carrier_code, s.total_weight_kg::float8 AS total_weight_kg, s.insurance_value::float8 AS insurance_value,
       to_char(s.date_shipment_desired, 'YYYY-MM-DD') AS date_shipment_desired, to_char(s.date_delivery_desired, 'YYYY-MM-DD') AS date_delivery_desired,
       s.packings, s.recipient, s.shipper, c.ref AS carrier_ref, c.name AS carrier_name, t.account_number AS account
     FROM shipments s JOIN tours t ON t.depositor_id = s.depositor_id AND t.code = s.tour_code JOIN carriers c ON c.id = t.carrier_id
     WHERE s.uuid = $1`,
    [uuid],
  );
  const numbers = Array.from({ length: Math.max(1, packages) }, (_, i) => trackingNumber(s.carrier_ref, Number(n), i));
  const voucher = `${s.carrier_ref.slice(0, 3)}${s.account ?? ''}${String(n).padStart(8, '0')}`;
  await em.query(`UPDATE shipments SET voucher = $2, tracking_numbers = $3, labels_at = $4, carrier_events_sent = $5 WHERE uuid = $1`, [
    uuid,
    voucher,
    numbers,
    labelsAt,
    READY.includes(status) || onTheWay ? 0 : 3,
  ]);
  const ended = TRACKING_STATUS_OF[status];
  const doneAt = new Date(labelsAt.getTime() + 4 * step).toISOString();
  const order = trackingOrderOf(
    { ...s, created_at: new Date(s.created_at).toISOString(), voucher, tracking_numbers: numbers },
    {
      carrierName: s.carrier_name,
      labelsAt: labelsAt.toISOString(),
      later: ended
        ? [
            { status: TrackingStatus.InTransit, at: new Date(labelsAt.getTime() + step).toISOString() },
            { status: ended, at: doneAt },
          ]
        : [],
      deliveredAt: status === HubyStatus.Delivered ? doneAt : null,
    },
  );
  await addToOutbox<FeedOrderMessage>(em, 'huby', HubyEvents.shipmentToTrack, order);
}

/** SAINT-ETIENNE -> Saint-Etienne, LE HAVRE -> Le Havre. */
const titleCase = (town: string) => town.toLowerCase().replace(/(^|[\s-])\p{L}/gu, (c) => c.toUpperCase());

/** Carriers and the depositors' tours (idempotent: an existing plan is left as it is). */
async function seedTransportPlan(em: EntityManager): Promise<void> {
  for (const c of CARRIERS)
    await em.query(
      `INSERT INTO carriers (ref, name, kind, shipping_window_days, insurance_threshold, pickup_email, settings)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (ref) DO NOTHING`,
      [c.ref, c.name, c.kind, c.window, c.threshold, c.email, JSON.stringify(c.settings)],
    );
  for (const d of DEPOSITORS) {
    await em.query(`INSERT INTO depositors (id, code, action_delay_on_address) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`, [
      d.id,
      d.code,
      d.delay,
    ]);
    for (const t of PLAN)
      await em.query(
        `INSERT INTO tours (depositor_id, code, carrier_id, account_number, transport_code, tour_type, flags, weight_min_kg, weight_max_kg,
           volume_max_m3, max_packages, delivery_delay_days, codes)
         SELECT $1, $2, c.id, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12 FROM carriers c WHERE c.ref = $13
         ON CONFLICT (depositor_id, code) DO NOTHING`,
        [
          d.id,
          t.code,
          t.code === 'AFFRET-IDF' && d.id === 2 ? 'AFF-002' : t.account,
          `${t.carrier.slice(0, 3)}-${d.code}`,
          t.type,
          JSON.stringify(Object.fromEntries(t.flags.map((f) => [f, true]))),
          t.max[0],
          t.max[1],
          t.type === 'pallet' ? 20 : null,
          t.packages,
          t.delay,
          JSON.stringify({ product: t.type === 'parcel' ? 'DOM' : 'MES', regime: 'STD', departure_agency: 'LYS' }),
          t.carrier,
        ],
      );
  }
}
