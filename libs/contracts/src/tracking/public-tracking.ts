import type { CarrierEventStatus, TracerEventType } from './statuses';

/**
 * The recipient's public tracking page (issue 35 item 3): `/suivi/<token>`, no login. The token is
 * 144 random bits in base64url (24 characters), kept with the tracking order; the order's reference
 * never appears in the link.
 */
export const PUBLIC_TRACKING_PATH = '/suivi';
export const PUBLIC_TRACKING_TOKEN_LENGTH = 24;
const TOKEN = /^[A-Za-z0-9_-]{24}$/;

/** Whether a value has the shape of a tracking token (nothing else is ever looked up). */
export const isPublicTrackingToken = (value: unknown): value is string => typeof value === 'string' && TOKEN.test(value);

/** The page of a token under the portal's public address (PUBLIC_URL), e.g. `https://portail.example/suivi/Ab…`. */
export function publicTrackingUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${PUBLIC_TRACKING_PATH}/${token}`;
}

/**
 * The Tracer Route event types a recipient is told about (with the appointment date when there is
 * one); order information and litigations stay between the depositor and the carrier.
 */
export const RECIPIENT_EVENT_TYPES: readonly TracerEventType[] = [
  'EXPECTED_DELIVERY_ON',
  'NEW_APPOINTMENT',
  'APPOINTMENT_BY_RECIPIENT',
  'APPOINTMENT_BY_SENDER',
  'WRONG_ADDRESS',
  'DELIVERY_REFUSED',
  'REFUSED',
  'DELIVERY_ANOMALY',
  'BACK_TO_SENDER',
];

/** One line of the public timeline: a tracking status (spec §4 code), or an event (its type, else the carrier's status). */
export type PublicTimelineEntry =
  | { kind: 'status'; at: string; status: number }
  | { kind: 'event'; at: string; type: TracerEventType | null; carrierStatus: CarrierEventStatus | null; appointmentAt: string | null };

/** A tracking number with the carrier's own page of it (null when the carrier settings have none). */
export interface PublicTrackingNumber {
  number: string;
  url: string | null;
}

/**
 * What the public page shows of one order, and nothing else: no reference, no street, phone, email,
 * name, note or comment. `depositorId` only lets the gateway fetch the depositor's name and logo.
 */
export interface PublicTrackingDto {
  depositorId: number;
  status: number;
  carrierName: string | null;
  trackingNumbers: PublicTrackingNumber[];
  promisedDeliveryAt: string | null;
  deliveredAt: string | null;
  zip: string | null;
  town: string | null;
  /** Newest first. */
  timeline: PublicTimelineEntry[];
}

/** TrackingSubjects.publicLinks (system callers): the tokens of visible orders, by order id. */
export interface PublicTrackingLinkDto {
  orderId: number;
  token: string;
}
