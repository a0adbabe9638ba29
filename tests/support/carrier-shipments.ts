import type { ShipmentDto } from '@portal/contracts';

/**
 * Shipments as the carrier connectors' tests give them (services/huby/src/carriers/connectors/*.spec.ts):
 * a Lyon recipient, the Saint-Priest warehouse as shipper, two 40×30×20 cartons; each test changes
 * what it is about.
 */
export type Party = ShipmentDto['recipient'];

export const testParty = (patch: Partial<Party> = {}): Party =>
  ({
    uuid: null,
    code: null,
    company_name: 'Boulangerie Martin',
    contact_name: 'Claire Martin',
    civility: null,
    address1: '3 place Bellecour',
    address2: null,
    zip: '69002',
    town: 'LYON',
    state_code: null,
    country: 'FR',
    email: 'claire@example.fr',
    phone: '04 78 00 00 00',
    mobile: null,
    customer_code: null,
    ...patch,
  }) as Party;

/** A packing line of `packages` cartons of `weightKg` each. */
export const testPacking = (weightKg: number, packages = 1): ShipmentDto['packings'][number] => ({
  line: 1,
  packaging_type: 'CARTON',
  content: null,
  net_quantity: null,
  unit: null,
  weight_kg: weightKg,
  length_cm: 40,
  width_cm: 30,
  height_cm: 20,
  volume_m3: null,
  packages,
  duplicate_count: 0,
});

export const testShipment = (patch: Partial<ShipmentDto> = {}, recipient: Partial<Party> = {}): ShipmentDto =>
  ({
    uuid: '00000000-0000-4000-8000-000000000001',
    reference: 'HUB-1',
    shipper: testParty({ company_name: 'Entrepôt Saint-Priest', address1: '12 rue du Dauphiné', zip: '69800', town: 'SAINT-PRIEST' }),
    recipient: testParty(recipient),
    content_description: 'Vaisselle',
    insurance_value: 800,
    declared_amount: null,
    cash_on_delivery: null,
    incoterm: null,
    date_shipment_desired: null,
    dangerous_goods: [],
    limited_quantities: null,
    packings: [testPacking(4.5, 2)],
    package_count: 2,
    total_weight_kg: 9,
    voucher: null,
    ...patch,
  }) as ShipmentDto;
