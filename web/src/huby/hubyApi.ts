import type {
  AddressBook,
  AddressCheckDto,
  AddressDto,
  AddressesAllDto,
  PackagingTypesDto,
  ShipmentDto,
  ShipmentHistoryDto,
  ShipmentRatesDto,
  TourDto,
  CarrierDto,
  PickupRequestDto,
} from '@portal/contracts';
import { api } from '../core/api';

/** The Dashtower calls of the screens (spec §7 paths under /api/dashtower). */
export const hubyApi = {
  shipment: (uuid: string) => api<ShipmentDto>(`/dashtower/orders/${encodeURIComponent(uuid)}`),
  history: (uuid: string) => api<ShipmentHistoryDto[]>(`/dashtower/orders/${encodeURIComponent(uuid)}/history`),
  create: (body: object) => api<ShipmentDto>('/dashtower/orders', { method: 'POST', body }),
  update: (uuid: string, body: object) => api<ShipmentDto>(`/dashtower/orders/${encodeURIComponent(uuid)}`, { method: 'PUT', body }),
  patchOrder: (uuid: string, order: object, forceRecipient = false) =>
    api<ShipmentDto>(`/dashtower/order/${encodeURIComponent(uuid)}`, { method: 'PUT', body: { order, force_recipient: forceRecipient } }),
  move: (uuid: string, action: 'validate' | 'cancel' | 'restore' | 'labels', body?: object) =>
    api<ShipmentDto>(`/dashtower/orders/${encodeURIComponent(uuid)}/${action}`, { method: 'POST', body }),
  duplicate: (uuid: string, count: number) =>
    api<{ uuids: string[] }>(`/dashtower/orders/${encodeURIComponent(uuid)}/duplicate`, { method: 'POST', body: { count } }),
  tours: () => api<TourDto[]>('/dashtower/tours'),
  carriers: (depositorCode: string) => api<CarrierDto[]>(`/admin/carriers/${encodeURIComponent(depositorCode)}`),
  createPickup: (body: object) => api<PickupRequestDto>('/dashtower/pickups', { method: 'POST', body }),
  /** The fitting tours' carrier quotes, each within a short budget (a failed one marks its tour only). */
  ratesFor: (uuid: string) => api<ShipmentRatesDto>(`/dashtower/orders/${encodeURIComponent(uuid)}/rates`),
  packagingTypes: (depositorCode: string) => api<PackagingTypesDto>(`/dashtower/packagingTypes/${encodeURIComponent(depositorCode)}`),
  /** GET /dashtower/address/all (spec §7): favourites first, `limit` 50 by default. */
  addresses: async (book: AddressBook, search: string, shipper?: string, depositor?: number): Promise<AddressDto[]> => {
    const q = new URLSearchParams({ type: book, active: '1', limit: '50' });
    if (depositor) q.set('depositor', String(depositor));
    if (search) q.set('search', search);
    if (shipper) q.set('uuid_address_shipper', shipper);
    const answer = await api<AddressesAllDto>(`/dashtower/address/all?${q}`);
    return (book === 'shipper' ? answer.addressesShipper : answer.addressesRecipient) ?? [];
  },
  address: (uuid: string) => api<AddressDto>(`/dashtower/addresses/${encodeURIComponent(uuid)}`),
  checkAddress: (uuid: string) => api<AddressCheckDto>(`/dashtower/address/check/${encodeURIComponent(uuid)}`),
  createAddress: (body: object) => api<AddressDto>('/dashtower/addresses', { method: 'POST', body }),
  updateAddress: (uuid: string, body: object) =>
    api<AddressDto>(`/dashtower/addresses/${encodeURIComponent(uuid)}`, { method: 'PUT', body }),
  deleteAddress: (uuid: string) => api<{ ok: true }>(`/dashtower/addresses/${encodeURIComponent(uuid)}`, { method: 'DELETE' }),
};

/** The name a person reads for an address: company, then contact. */
export const addressName = (a: Pick<AddressDto, 'company_name' | 'contact_name'>): string =>
  [a.company_name, a.contact_name].filter(Boolean).join(' – ');

/** One line: name, street, postcode, town, country. */
export const addressLine = (a: Pick<AddressDto, 'company_name' | 'contact_name' | 'address1' | 'zip' | 'town' | 'country'>): string =>
  `${addressName(a)}, ${a.address1}, ${a.zip} ${a.town} (${a.country})`;
