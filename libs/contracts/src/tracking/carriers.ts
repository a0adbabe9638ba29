/** The placeholder a carrier's public tracking URL template holds where the tracking number goes. */
export const TRACKING_NUMBER_PLACEHOLDER = '{trackingNumber}';
export const TRACKING_URL_MAX_LENGTH = 500;

/** A carrier of the tracking service's reference table, with the public tracking page of its parcels. */
export interface TrackingCarrierDto {
  code: string;
  name: string;
  /** e.g. `https://www.dhl.com/fr-fr/home/suivi.html?tracking-id={trackingNumber}`; null: no public page. */
  trackingUrlTemplate: string | null;
}

/**
 * Whether a template is a carrier's public tracking page: an https URL of at most 500 characters,
 * without spaces or control characters, with the placeholder outside the host (a tracking number
 * never chooses the site the user is sent to).
 */
export function isTrackingUrlTemplate(template: string): boolean {
  if (template.length > TRACKING_URL_MAX_LENGTH || !template.includes(TRACKING_NUMBER_PLACEHOLDER)) return false;
  if (/\s/.test(template) || [...template].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return false;
  let url: URL;
  try {
    url = new URL(template.replaceAll(TRACKING_NUMBER_PLACEHOLDER, 'TRACKINGNUMBER'));
  } catch {
    return false;
  }
  return url.protocol === 'https:' && !!url.hostname && !url.hostname.includes('trackingnumber') && !url.username && !url.password;
}

/** The carrier's page of this tracking number (the number URL-encoded), or null without a usable template. */
export function carrierTrackingUrl(template: string | null | undefined, trackingNumber: string): string | null {
  if (!template || !trackingNumber || !isTrackingUrlTemplate(template)) return null;
  return template.replaceAll(TRACKING_NUMBER_PLACEHOLDER, encodeURIComponent(trackingNumber));
}
