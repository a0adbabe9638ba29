import type { CarrierEventStatus } from '../tracking/statuses';

/** Request/reply subjects of the Huby service. */
export const HubySubjects = {
  shipmentsList: 'huby.shipments.list',
  shipmentsGet: 'huby.shipments.get',
  shipmentsCreate: 'huby.shipments.create',
  shipmentsUpdate: 'huby.shipments.update',
  /** PUT /dashtower/order/{uuid}: recipient and delivery options of a shipment. */
  shipmentsPatchOrder: 'huby.shipments.patch-order',
  shipmentsValidate: 'huby.shipments.validate',
  shipmentsCancel: 'huby.shipments.cancel',
  shipmentsRestore: 'huby.shipments.restore',
  shipmentsDuplicate: 'huby.shipments.duplicate',
  /** Asks the carrier for the transport voucher and tracking numbers (validated -> waiting for labels -> labels received). */
  shipmentsRequestLabels: 'huby.shipments.request-labels',
  shipmentsHistory: 'huby.shipments.history',
  /** GET /dashtower/orders/etiquettes: the labels of 1 to 10 shipments (reprint: a format, some packages). */
  labelsOf: 'huby.labels.of',
  /** GET /dashtower/orders/etiquettes/autoprint/{format}: the next labels not printed yet. */
  labelsAutoprint: 'huby.labels.autoprint',
  /** PUT /dashtower/orders/status/await_shipment_printed: labels received -> labels printed. */
  shipmentsPrinted: 'huby.shipments.printed',
  /** The transport document (PDF) of a shipment with its labels, ADR lines included. */
  transportDocument: 'huby.shipments.transport-document',
  addressesList: 'huby.addresses.list',
  addressesAll: 'huby.addresses.all',
  addressesGet: 'huby.addresses.get',
  addressesCheck: 'huby.addresses.check',
  addressesCreate: 'huby.addresses.create',
  addressesUpdate: 'huby.addresses.update',
  addressesDelete: 'huby.addresses.delete',
  /** GET /geo-order/address/all: platforms or recipients with their postcode's coordinates. */
  geoOrderAddresses: 'huby.geo-order.addresses',
  packagingTypes: 'huby.packaging-types.list',
  /** The transport plan: tours of the caller's depositors with their carriers. */
  toursList: 'huby.tours.list',
  /** The tours that fit a shipment (flags and limits). */
  toursForShipment: 'huby.tours.for-shipment',
  /** The fitting tours' carrier quotes (price, delivery day), each within a short time budget. */
  ratesForShipment: 'huby.rates.for-shipment',
  /** GET /admin/carriers/{depositor_code}: carriers of a depositor's tours. */
  carriersOfDepositor: 'huby.carriers.of-depositor',
  pickupsList: 'huby.pickups.list',
  pickupsCreate: 'huby.pickups.create',
  health: 'huby.health.check',
  /** Order import: starts the simulation of an uploaded file (answers at once; the file is read in the background). */
  importSimulate: 'huby.import.simulate',
  importGet: 'huby.import.get',
  importLines: 'huby.import.lines',
  importApply: 'huby.import.apply',
  /** The values of a sample file the caller can import (its depositor, shipper, packaging and tour codes). */
  importSample: 'huby.import.sample',
} as const;

/** Domain events of the Huby service. */
export const HubyEvents = {
  /**
   * Payload: FeedOrderMessage. A shipment with labels becomes a tracking order (Pack and Go Tracer,
   * Tracer Route): sent when its labels are received and again when it is canceled.
   */
  shipmentToTrack: 'huby.shipment.to-track',
  /**
   * Payload: CarrierEventsPulledMessage. Tracking events Huby read from a carrier's tracking API (a
   * connector that pulls): applied by the tracking service as a carrier's webhook call would be.
   */
  carrierEventsPulled: 'huby.carrier.events-pulled',
} as const;

/** Events of one shipment as a carrier's tracking API gave them, in the carrier webhook's event format. */
export interface CarrierEventsPulledMessage {
  /** The carrier's ref (as a carrier's own webhook names it), shown in Pack and Go Tracer as who reported. */
  carrier: string;
  depositorId: number;
  reference: string;
  events: { id: string; trackingNumber: string; status: CarrierEventStatus; at: string; note: string | null }[];
}
