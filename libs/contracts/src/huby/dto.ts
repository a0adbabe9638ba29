import type { AddressAction, AddressBook, AddressType, AdrClass, HubyStatusCode, TourFlag, TourType, TransportMode } from './statuses';

export interface OpeningPeriods {
  am_from?: string;
  am_to?: string;
  pm_from?: string;
  pm_to?: string;
}

/** An address of a depositor's shipper or recipient book (spec §3 Address). */
export interface AddressDto {
  /** The uuid again, as react-admin names a record's key. */
  id: string;
  uuid: string;
  book: AddressBook;
  depositor_id: number;
  depositor_code: string;
  code: string | null;
  company_name: string | null;
  contact_name: string | null;
  civility: 'E' | 'M' | null;
  address_type: AddressType;
  address1: string;
  address2: string | null;
  zip: string;
  town: string;
  state_code: string | null;
  country: string;
  email: string | null;
  phone: string | null;
  mobile: string | null;
  customer_code: string | null;
  address_code: string | null;
  akanea_id: string | null;
  opening_hours: Partial<Record<'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun', OpeningPeriods>> | null;
  is_favorite: boolean;
  action: AddressAction | null;
  /** The depositor's action_delay_on_address: days after shipping or delivery before the deletion. */
  action_delay_on_address: number | null;
  active: boolean;
  /** The time zone of the place (a platform's, for shipper addresses): pickups' 12:00 cut-off. */
  time_zone: string;
  updated_at: string;
}

export interface PackingDto {
  line: number;
  packaging_type: string | null;
  content: string | null;
  net_quantity: number | null;
  unit: 'kg' | 'L' | null;
  weight_kg: number;
  length_cm: number | null;
  width_cm: number | null;
  height_cm: number | null;
  volume_m3: number | null;
  packages: number;
  duplicate_count: number;
}

/** A party of the shipment as it was when the shipment was last saved (the book may change after). */
export type ShipmentPartyDto = Pick<
  AddressDto,
  | 'uuid'
  | 'code'
  | 'company_name'
  | 'contact_name'
  | 'civility'
  | 'address1'
  | 'address2'
  | 'zip'
  | 'town'
  | 'state_code'
  | 'country'
  | 'email'
  | 'phone'
  | 'mobile'
  | 'customer_code'
>;

/** A Huby shipment (spec §3). Dates are days (YYYY-MM-DD); amounts in euros. */
export interface ShipmentDto {
  /** The uuid again, as react-admin names a record's key. */
  id: string;
  uuid: string;
  depositor_id: number;
  depositor_code: string;
  status: HubyStatusCode;
  reference: string;
  order_number: string | null;
  delivery_note_number: string | null;
  customer_order_number: string | null;
  customer_reference: string | null;
  shipper: ShipmentPartyDto;
  recipient: ShipmentPartyDto;
  billing_same_as_recipient: boolean;
  billing: ShipmentPartyDto | null;
  carrier_code: string | null;
  tour_code: string | null;
  date_shipment_desired: string | null;
  date_delivery_desired: string | null;
  date_loading: string | null;
  preparation_comment: string | null;
  carrier_comment: string | null;
  appointment: boolean;
  pallet_stripping: boolean;
  hatchback: boolean;
  delivery_on_floor: boolean;
  incoterm: string | null;
  incoterm_location: string | null;
  declared_amount: number | null;
  content_description: string | null;
  insurance_value: number | null;
  cash_on_delivery: number | null;
  packings: PackingDto[];
  dangerous_goods: DangerousGoodDto[];
  /** The carrier's transport voucher and one tracking number per package, once labels were asked. */
  voucher: string | null;
  tracking_numbers: string[];
  /** When the carrier answered with the labels (its clock starts there). */
  labels_at: string | null;
  limited_quantities: LimitedQuantityDto | null;
  /** Sum over the packing lines of packages × (1 + duplicate count), and of their weights. */
  package_count: number;
  total_weight_kg: number;
  created_at: string;
  updated_at: string;
  created_by: string | null;
}

/** A row of the shipment list (the tabs). */
export type ShipmentSummaryDto = Pick<
  ShipmentDto,
  | 'id'
  | 'uuid'
  | 'depositor_id'
  | 'depositor_code'
  | 'status'
  | 'reference'
  | 'order_number'
  | 'carrier_code'
  | 'tour_code'
  | 'date_shipment_desired'
  | 'package_count'
  | 'total_weight_kg'
  | 'created_at'
  | 'created_by'
> & { recipient_name: string; recipient_zip: string; recipient_town: string; recipient_country: string };

export interface ShipmentHistoryDto {
  status: HubyStatusCode;
  at: string;
  by: string | null;
  note: string | null;
}

export interface PackagingTypeDto {
  code: string;
  label: string;
  length_cm: number | null;
  width_cm: number | null;
  height_cm: number | null;
  tare_kg: number | null;
}

/** GET /dashtower/packagingTypes/{code_depositor}: `warning` names the §8 key when the depositor has none. */
export interface PackagingTypesDto {
  types: PackagingTypeDto[];
  warning?: 'noPackagingType';
}

/** GET /dashtower/address/all (spec §7). */
export interface AddressesAllDto {
  addressesShipper?: AddressDto[];
  addressesRecipient?: AddressDto[];
}

/** GET /dashtower/address/check/{uuid} (spec §7): on error the text is shown as an alert. */
export interface AddressCheckDto {
  result: boolean;
  error?: { key: string; message: string };
}

/** A dangerous goods line (ADR, spec §3). */
export interface DangerousGoodDto {
  un_number: string;
  class: AdrClass;
  danger_notice: string | null;
  packing_group: 'I' | 'II' | 'III' | null;
  tunnel_code: string;
  transport_category: number;
  adr_designation: string;
  technical_name: string | null;
  package_quantity: number;
  environment_danger: boolean;
}

/** Limited quantities (ADR 3.4) of a shipment. */
export interface LimitedQuantityDto {
  gross_weight_kg: number;
  un_numbers: string[];
}

export interface CarrierDto {
  id: number;
  ref: string;
  name: string;
  kind: TourType;
  /** Days ahead a shipping date may be (spec §5 "one carrier": 10); null: no rule. */
  shipping_window_days: number | null;
  /** Above this declared insurance value a mail goes to the carrier instead of the amount (spec §9). */
  insurance_threshold: number | null;
  /** Where pickup requests are mailed. */
  pickup_email: string | null;
  /** One carrier's integration settings. */
  settings: Record<string, string>;
}

/** A tour of the transport plan (spec §3 Tour). */
export interface TourDto {
  id: number;
  depositor_id: number;
  depositor_code: string;
  code: string;
  account_number: string | null;
  transport_code: string | null;
  carrier: Pick<CarrierDto, 'id' | 'ref' | 'name'>;
  tour_type: TourType;
  transport_mode: TransportMode;
  flags: Record<TourFlag, boolean>;
  weight_min_kg: number | null;
  weight_max_kg: number | null;
  volume_min_m3: number | null;
  volume_max_m3: number | null;
  max_packages: number | null;
  delivery_delay_days: number | null;
  /** General codes: GTF, regime, product, service, licence account, departure agency, accounts 22 and 3, Toaster service, DDS codes, minimum insurance. */
  codes: Record<string, string>;
  active: boolean;
}

/** The tours that fit a shipment; `warning` names noToursAvailable when none does. */
export interface ShipmentToursDto {
  tours: TourDto[];
  warning?: 'noToursAvailable';
}

/**
 * A fitting tour's quote (issue 37 item 3): `quoted` with the carrier's price and promised delivery
 * day; `noOnlineRates` when its carrier's API quotes none (the demo carrier, Colissimo…);
 * `unavailable` when the quote failed or did not come within its short time budget (`reason`: the
 * outage's code, TIMEOUT, CIRCUIT_OPEN…, or the carrier's refusal code).
 */
export interface TourRateDto {
  tour_id: number;
  tour_code: string;
  carrier: Pick<CarrierDto, 'id' | 'ref' | 'name'>;
  status: 'quoted' | 'noOnlineRates' | 'unavailable';
  /** The carrier's service or product, as it names it; else the tour's service code. */
  service: string | null;
  price: number | null;
  /** ISO 4217. */
  currency: string | null;
  /** The promised delivery day, YYYY-MM-DD. */
  delivery_date: string | null;
  reason: string | null;
}

/** The rates of a shipment's fitting tours, sorted by `sort` (quoted first, then unavailable, then without quotes). */
export interface ShipmentRatesDto {
  rates: TourRateDto[];
  sort: 'price' | 'date';
  warning?: 'noToursAvailable';
}

/** A pickup request (spec §3): shipper address, carrier, date, hour, account, mail to and cc, body. */
export interface PickupRequestDto {
  id: string;
  uuid: string;
  depositor_id: number;
  depositor_code: string;
  shipper_uuid: string;
  shipper: Pick<AddressDto, 'company_name' | 'contact_name' | 'address1' | 'zip' | 'town' | 'country'>;
  carrier_ref: string;
  pickup_date: string;
  pickup_hour: string;
  account_number: string | null;
  email_to: string;
  email_cc: string[];
  body: string | null;
  created_by: string | null;
  created_at: string;
  /** When the carrier was mailed; null when the mail failed (it waits in the outbox with its error). */
  mailed_at: string | null;
  /** The carrier's confirmation number when its web service booked the pickup (null: by mail only). */
  carrier_reference: string | null;
}
