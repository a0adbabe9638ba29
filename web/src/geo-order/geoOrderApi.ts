import { GEO_ORDER_LIMITS, type GeoAddressDto, type GeoAddressesDto } from '@portal/contracts';
import { api } from '../core/api';

/** GET /geo-order/address/all (spec §7): the map's platforms, and recipients (of a platform's depositor). */
export const geoOrderApi = {
  platforms: async (): Promise<GeoAddressDto[]> =>
    (await api<GeoAddressesDto>(`/geo-order/address/all?${new URLSearchParams({ type: 'shipper', limit: '200' })}`)).addressesPlatform ??
    [],
  recipients: async (search: string, platform?: string): Promise<GeoAddressDto[]> => {
    const q = new URLSearchParams({ type: 'recipient', limit: String(GEO_ORDER_LIMITS.addressListMax) });
    if (search) q.set('search', search);
    if (platform) q.set('uuid_address_shipper', platform);
    return (await api<GeoAddressesDto>(`/geo-order/address/all?${q}`)).addressesRecipient ?? [];
  },
};
