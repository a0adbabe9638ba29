import type { CarrierDto, CarrierEventStatus, LabelFormat, PickupRequestDto, ShipmentDto, TourDto } from '@portal/contracts';
import { CarrierHealth, measuredAdapter } from './carrier-health';
import type { OpenAccount } from './connectors/connection-test';

/** A label as the carrier gave it: its bytes as returned, in the carrier's own format. */
export interface CarrierLabel {
  format: 'PDF' | 'ZPL' | 'GIF' | 'PNG';
  content: Buffer;
}

/** What a carrier answers to a label request: its transport voucher and one tracking number per package. */
export interface VoucherAnswer {
  voucher: string;
  trackingNumbers: string[];
  /** Insurance declared by mail instead of the carrier's web service (above its threshold, spec §9). */
  insuranceByMail: boolean;
  /** The carrier's labels, one per package; none: the portal draws them (the demo carrier). */
  labels?: CarrierLabel[];
}

/** How the labels are asked: the user's format, and whether an earlier request may have been done already. */
export interface VoucherRequest {
  format: LabelFormat;
  /** An earlier request got no definite answer (timeout, 5xx): look for its voucher before making one. */
  afterUncertain: boolean;
}

/**
 * One carrier's integration, behind one interface (issue 11): a real carrier's web service or the
 * built-in demo carrier. Refusals are AppErrors with the spec §8 keys (address not deliverable,
 * postcode or town not referenced, no service, web-service failure and voucher failure with the
 * carrier's return code). A pickup is booked with the carrier's web service when it has one (its
 * confirmation number goes in the mail), and always mailed (PickupsService). Tracking events go to the
 * tracking service's signed carrier webhook (CarrierEventsJob); the shipment moves when the tracking
 * service reports them back (CarrierReportsConsumer), as it would for a carrier calling the webhook itself.
 */
export interface CarrierAdapter {
  /** The voucher and tracking numbers of a validated shipment, for its tour's account. */
  createVoucher(shipment: ShipmentDto, tour: TourDto, carrier: CarrierDto, request: VoucherRequest): Promise<VoucherAnswer>;
  /** Tells the carrier a shipment with a voucher is canceled. */
  cancel(shipment: ShipmentDto, carrier: CarrierDto): Promise<void>;
  /** Books a pickup; answers the carrier's confirmation number. Undefined: the mail alone asks for it. */
  requestPickup?(pickup: PickupBooking, carrier: CarrierDto): Promise<{ reference: string }>;
  /**
   * The carrier's tracking events of a shipment from the `sent`-th on that have happened by `now`, in
   * the webhook's format; `signingSecret` signs them. Undefined: the carrier calls the webhook itself.
   */
  trackingEvents?(shipment: FollowedShipment, carrier: CarrierDto, now: Date): CarrierTrackingEvent[];
  /**
   * A connector that pulls: every event the carrier's tracking API has for a shipment's packages,
   * oldest first (the tracking service ignores those it already has). Undefined: none to read.
   */
  track?(shipment: Pick<FollowedShipment, 'voucher' | 'tracking_numbers'>): Promise<CarrierTrackingEvent[]>;
  signingSecret?(carrier: CarrierDto): string;
  /**
   * The carrier's quote of a shipment on a tour's service (its rating API): price and promised
   * delivery day. Undefined: the carrier quotes nothing online. Refusals and outages throw as for labels.
   */
  quote?(shipment: ShipmentDto, tour: TourDto): Promise<CarrierQuote>;
}

/** A carrier's quote: its total price for the account, its currency, and the day it promises delivery. */
export interface CarrierQuote {
  price: number;
  currency: string;
  /** YYYY-MM-DD; null when the carrier promises no day. */
  deliveryDate: string | null;
  /** The service as the carrier names it. */
  service: string | null;
}

/** A pickup as a carrier's web service books it; the place's phone for the driver (UPS requires one). */
export type PickupBooking = Pick<PickupRequestDto, 'depositor_code' | 'shipper' | 'pickup_date' | 'pickup_hour' | 'account_number'> & {
  phone?: string | null;
};

/** A shipment with a voucher as the carrier follows it. */
export interface FollowedShipment {
  uuid: string;
  reference: string;
  voucher: string;
  tracking_numbers: string[];
  /** When the labels came: the carrier's clock starts there, or on the shipping day if later. */
  labels_at: string;
  date_shipment_desired: string | null;
  /** How many of its events already went to the webhook. */
  sent: number;
}

/** One event of the tracking webhook's body (`{ events: [...] }`, see the tracking service). */
export interface CarrierTrackingEvent {
  id: string;
  trackingNumber: string;
  status: CarrierEventStatus;
  at: string;
  note: string | null;
}

export const CARRIER_ADAPTERS = Symbol('CARRIER_ADAPTERS');

/** A tour's carrier account as the adapters read it: the connector, its settings and opened credentials. */
export interface TourAccounts {
  opened(tourId: number): Promise<OpenAccount & { updatedAt: string | null }>;
}

/**
 * The adapter that answers a tour's shipments: its carrier account's connector (UPS…) or, without an
 * account, the built-in demo carrier. A connector is kept per account until the account changes, so
 * that its token and its circuit breaker outlive one request.
 */
export class CarrierAdapters {
  private readonly byTour = new Map<number, { updatedAt: string | null; adapter: CarrierAdapter; health: CarrierHealth }>();

  constructor(
    private readonly demo: CarrierAdapter,
    private readonly accounts?: TourAccounts,
    /** The connector of an account, its line telling `health` of its circuit. */
    private readonly connect?: (account: OpenAccount, health: CarrierHealth) => CarrierAdapter,
  ) {}

  /** The demo carrier (its tracking job and the pickups of carriers without a connector). */
  of(_carrierRef: string): CarrierAdapter {
    return this.demo;
  }

  async forTour(tourId: number): Promise<CarrierAdapter> {
    if (!this.accounts || !this.connect) return this.demo;
    const account = await this.accounts.opened(tourId);
    if (account.connector === 'demo') return this.demo;
    const kept = this.byTour.get(tourId);
    if (kept && kept.updatedAt === account.updatedAt) return kept.adapter;
    // A changed account is a new connector, on a new line: its measurements start again.
    const health = new CarrierHealth(account.connector, String(tourId));
    const adapter = measuredAdapter(this.connect(account, health), health);
    this.byTour.set(tourId, { updatedAt: account.updatedAt, adapter, health });
    return adapter;
  }

  /** The measurements of a tour's connector in this copy of the service, if it has made calls. */
  healthOf(tourId: number): CarrierHealth | undefined {
    return this.byTour.get(tourId)?.health;
  }
}
