import type { CarrierDto, ShipmentDto, TourDto } from '@portal/contracts';

/** What a carrier answers to a label request: its transport voucher and one tracking number per package. */
export interface VoucherAnswer {
  voucher: string;
  trackingNumbers: string[];
  /** Insurance declared by mail instead of the carrier's web service (above its threshold, spec §9). */
  insuranceByMail: boolean;
}

/**
 * One carrier's integration, behind one interface (issue 11): a real carrier's web service or the
 * built-in demo carrier. Refusals are AppErrors with the spec §8 keys (address not deliverable,
 * postcode or town not referenced, no service, web-service failure and voucher failure with the
 * carrier's return code). Pickup requests are mailed (PickupsService); tracking events come next.
 */
export interface CarrierAdapter {
  /** The voucher and tracking numbers of a validated shipment, for its tour's account. */
  createVoucher(shipment: ShipmentDto, tour: TourDto, carrier: CarrierDto): Promise<VoucherAnswer>;
  /** Tells the carrier a shipment with a voucher is canceled. */
  cancel(shipment: ShipmentDto, carrier: CarrierDto): Promise<void>;
}

export const CARRIER_ADAPTERS = Symbol('CARRIER_ADAPTERS');

/** The adapter of each carrier ref; carriers without their own integration use the demo carrier. */
export class CarrierAdapters {
  constructor(
    private readonly byRef: ReadonlyMap<string, CarrierAdapter>,
    private readonly fallback: CarrierAdapter,
  ) {}

  of(carrierRef: string): CarrierAdapter {
    return this.byRef.get(carrierRef) ?? this.fallback;
  }
}
