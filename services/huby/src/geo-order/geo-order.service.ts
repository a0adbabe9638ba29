import { Inject, Injectable } from '@nestjs/common';
import { GEO_ORDER_LIMITS, type AddressDto, type CallerContext, type GeoAddressDto, type GeoAddressesDto } from '@portal/contracts';
import { AddressesService } from '../addresses/addresses.service';
import { coordinatesOf } from './coordinates';

/**
 * Geo-order (spec §2 /geo-order, §7 GET /geo-order/address/all): the depositor's platforms (its
 * shipper book: the provider's warehouses it ships from) and recipients, each with the coordinates of
 * its postcode from a bundled table, so the map needs no network. Same query and scope as Dashtower's.
 */
@Injectable()
export class GeoOrderService {
  constructor(@Inject(AddressesService) private readonly addresses: AddressesService) {}

  async all(ctx: CallerContext, data: unknown): Promise<GeoAddressesDto> {
    const { book, rows } = await this.addresses.find(ctx, data, GEO_ORDER_LIMITS.addressListMax);
    const located = rows.map(withCoordinates);
    return book === 'shipper' ? { success: true, addressesPlatform: located } : { success: true, addressesRecipient: located };
  }
}

function withCoordinates(a: AddressDto): GeoAddressDto {
  const at = coordinatesOf(a.country, a.zip);
  return { ...a, lat: at?.lat ?? null, lon: at?.lon ?? null };
}
