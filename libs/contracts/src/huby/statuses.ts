/** Huby shipment statuses (spec §4), as the warehouse and the carriers report them. */
export const HubyStatus = {
  Canceled: -1,
  Draft: 0,
  Processing: 5,
  Validated: 10,
  WaitingForLabels: 20,
  LabelsReceived: 25,
  LabelsPrinted: 28,
  TakenInCharge: 90,
  InTransit: 95,
  Returned: 96,
  Anomaly: 97,
  PartlyDelivered: 98,
  Delivered: 100,
} as const;
export type HubyStatusCode = (typeof HubyStatus)[keyof typeof HubyStatus];
export const HUBY_STATUS_CODES = Object.values(HubyStatus) as HubyStatusCode[];

/**
 * The moves a shipment may make (documented as a table in services/huby/README.md); every other move
 * is refused with `invalidTransition`. Cancel is possible from any state before "taken in charge",
 * restore brings a canceled shipment back to draft.
 */
export const HUBY_TRANSITIONS: Record<HubyStatusCode, readonly HubyStatusCode[]> = {
  [HubyStatus.Draft]: [HubyStatus.Processing, HubyStatus.Canceled],
  [HubyStatus.Processing]: [HubyStatus.Validated, HubyStatus.Draft, HubyStatus.Canceled],
  [HubyStatus.Validated]: [HubyStatus.WaitingForLabels, HubyStatus.Draft, HubyStatus.Canceled],
  [HubyStatus.WaitingForLabels]: [HubyStatus.LabelsReceived, HubyStatus.Validated, HubyStatus.Canceled],
  // A carrier scan proves the parcels carry their labels, printed here or not: taken in charge directly.
  [HubyStatus.LabelsReceived]: [HubyStatus.LabelsPrinted, HubyStatus.TakenInCharge, HubyStatus.Canceled],
  [HubyStatus.LabelsPrinted]: [HubyStatus.TakenInCharge, HubyStatus.Canceled],
  [HubyStatus.TakenInCharge]: [HubyStatus.InTransit, HubyStatus.Anomaly],
  [HubyStatus.InTransit]: [HubyStatus.Delivered, HubyStatus.PartlyDelivered, HubyStatus.Anomaly, HubyStatus.Returned],
  [HubyStatus.Anomaly]: [HubyStatus.InTransit, HubyStatus.Delivered, HubyStatus.PartlyDelivered, HubyStatus.Returned],
  [HubyStatus.PartlyDelivered]: [HubyStatus.Delivered],
  [HubyStatus.Delivered]: [],
  [HubyStatus.Returned]: [],
  [HubyStatus.Canceled]: [HubyStatus.Draft],
};

export function canMove(from: HubyStatusCode, to: HubyStatusCode): boolean {
  return HUBY_TRANSITIONS[from]?.includes(to) ?? false;
}

/**
 * The steps from `from` to what a carrier reported (`to`), shortest through HUBY_TRANSITIONS and never
 * through cancel or draft: a "delivered" scan on a shipment just taken in charge walks it through
 * "in transit". Empty when there is nothing to do (already there, a late scan of an earlier step, or a
 * shipment without labels).
 */
export function carrierSteps(from: HubyStatusCode, to: HubyStatusCode): HubyStatusCode[] {
  // Only a shipment with its labels is at the carrier's (a restored or canceled one is not any more).
  if (from === to || from < HubyStatus.LabelsReceived) return [];
  const previous = new Map<HubyStatusCode, HubyStatusCode>([[from, from]]);
  const queue: HubyStatusCode[] = [from];
  while (queue.length) {
    const at = queue.shift()!;
    for (const next of (HUBY_TRANSITIONS[at] ?? []) as readonly HubyStatusCode[]) {
      if (previous.has(next) || next === HubyStatus.Canceled || next === HubyStatus.Draft) continue;
      previous.set(next, at);
      if (next === to) {
        const steps: HubyStatusCode[] = [];
        for (let s: HubyStatusCode = to; s !== from; s = previous.get(s)!) steps.unshift(s);
        return steps;
      }
      queue.push(next);
    }
  }
  return [];
}

/** The shipment list's tabs (spec §2) and the statuses each shows. */
export const HUBY_TABS = {
  waiting: [HubyStatus.Draft, HubyStatus.Processing, HubyStatus.Validated, HubyStatus.WaitingForLabels],
  ready: [HubyStatus.LabelsReceived, HubyStatus.LabelsPrinted],
  sent: [
    HubyStatus.TakenInCharge,
    HubyStatus.InTransit,
    HubyStatus.Returned,
    HubyStatus.Anomaly,
    HubyStatus.PartlyDelivered,
    HubyStatus.Delivered,
  ],
  canceled: [HubyStatus.Canceled],
} as const satisfies Record<string, readonly HubyStatusCode[]>;
export type HubyTab = keyof typeof HUBY_TABS;
export const HUBY_TAB_NAMES = Object.keys(HUBY_TABS) as HubyTab[];

/** Address types (spec §3) and the address book an address belongs to. */
export const ADDRESS_TYPES = ['B2B', 'B2C', 'BOTH'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];
export const ADDRESS_BOOKS = ['shipper', 'recipient'] as const;
export type AddressBook = (typeof ADDRESS_BOOKS)[number];
/** What happens to a recipient address once used (spec §3 action), after action_delay_on_address days. */
export const ADDRESS_ACTIONS = ['deleteAfterShipping', 'deleteAfterDelivery'] as const;
export type AddressAction = (typeof ADDRESS_ACTIONS)[number];
export const CIVILITIES = ['E', 'M'] as const;

/** Fields a depositor can require on an order (spec §3), checked when a shipment is validated. */
export const REQUIRABLE_ORDER_FIELDS = [
  'recipient_code_customer',
  'recipient_company_name',
  'recipient_firstname',
  'recipient_lastname',
  'recipient_email',
  'date_shipment_desired',
  'date_delivery_desired',
  'recipient_phone_fixe',
  'recipient_phone',
  'either_phone',
  'appointment',
] as const;
export type RequirableOrderField = (typeof REQUIRABLE_ORDER_FIELDS)[number];

export const INCOTERMS = ['EXW', 'FCA', 'CPT', 'CIP', 'DAP', 'DPU', 'DDP', 'FAS', 'FOB', 'CFR', 'CIF'] as const;
export const PACKING_UNITS = ['kg', 'L'] as const;

/** Transport plan (spec §3 Tour): tour types and transport modes. */
export const TOUR_TYPES = ['parcel', 'pallet', 'charter'] as const;
export type TourType = (typeof TOUR_TYPES)[number];
export const TRANSPORT_MODES = ['road', 'maritime', 'air'] as const;
export type TransportMode = (typeof TRANSPORT_MODES)[number];
/** The tour flags of spec §3; the first four must allow what a shipment asks (its delivery options). */
export const TOUR_FLAGS = [
  'allow_pallet_stripping',
  'floor_delivery',
  'hatchback',
  'appointment',
  'transport_code_entry',
  'auto_pickup',
  'pickup_point',
  'export_dds',
  'export_akanea',
  'direct_tracking',
  'production_webservice',
  'manual_pickup_request',
  'opening_times_in_comment',
] as const;
export type TourFlag = (typeof TOUR_FLAGS)[number];

/** ADR classes (dangerous goods, spec §3) and what each allows. */
export const ADR_CLASSES = [
  '1.1',
  '1.2',
  '1.3',
  '1.4',
  '1.5',
  '1.6',
  '2.1',
  '2.2',
  '2.3',
  '3',
  '4.1',
  '4.2',
  '4.3',
  '5.1',
  '5.2',
  '6.1',
  '6.2',
  '7',
  '8',
  '9',
] as const;
export type AdrClass = (typeof ADR_CLASSES)[number];
export const PACKING_GROUPS = ['I', 'II', 'III'] as const;
/** Classes whose goods are assigned no packing group (explosives, gases, organic peroxides, infectious, radioactive). */
export const ADR_CLASSES_WITHOUT_PACKING_GROUP: readonly AdrClass[] = ADR_CLASSES.filter(
  (c) => c.startsWith('1.') || c.startsWith('2.') || c === '5.2' || c === '6.2' || c === '7',
);
/** ADR tunnel restriction codes; `-` for none. */
export const TUNNEL_CODES = ['B', 'B1000C', 'B/D', 'B/E', 'C', 'C5000D', 'C/D', 'C/E', 'D', 'D/E', 'E', '-'] as const;
export const TRANSPORT_CATEGORIES = [0, 1, 2, 3, 4] as const;
/** A limited-quantity package weighs at most 30 kg gross (ADR 3.4). */
export const LQ_MAX_GROSS_KG = 30;
