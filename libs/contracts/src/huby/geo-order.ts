import type { AddressDto } from './dto';
import { HUBY_LIMITS } from './limits';

/** A latitude and longitude in degrees (WGS 84). */
export interface GeoPoint {
  lat: number;
  lon: number;
}

/** An address of a book with where it lies, or null coordinates when its postcode is not in a bundled table. */
export type GeoAddressDto = AddressDto & { lat: number | null; lon: number | null };

/** GET /geo-order/address/all (spec §7): type shipper -> addressesPlatform, recipient -> addressesRecipient. */
export interface GeoAddressesDto {
  success: true;
  addressesPlatform?: GeoAddressDto[];
  addressesRecipient?: GeoAddressDto[];
}

export const GEO_ORDER_LIMITS = {
  /** Addresses answered when no limit is given (spec §7, §9): the same as Dashtower's list. */
  addressListDefault: HUBY_LIMITS.addressListDefault,
  /** A map shows more than a picker: at most this many markers per call. */
  addressListMax: 2000,
} as const;
