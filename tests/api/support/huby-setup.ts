import type { loginAs } from './target';

type Client = Awaited<ReturnType<typeof loginAs>>;

/**
 * A carrier, a DEMO-A tour on it and the tour's carrier account, as the provider's administrator sets
 * them; answers the tour's id and the account as answered.
 */
export async function connectedTour(
  provider: Client,
  carrier: { ref: string; name: string },
  tour: { code: string; account_number: string; codes: Record<string, string> },
  account: object,
): Promise<{ tourId: number; account: unknown }> {
  const { id: carrierId } = (
    await provider
      .post('/api/admin/transport/carriers')
      .send({ ...carrier, kind: 'parcel', shipping_window_days: 10, insurance_threshold: 1500 })
      .expect(201)
  ).body as { id: number };
  const tourId = (
    await provider
      .post('/api/admin/transport/tours')
      .send({ depositorId: 1, carrierId, tour_type: 'parcel', transport_mode: 'road', weight_max_kg: 70, ...tour })
      .expect(201)
  ).body.id as number;
  return { tourId, account: (await provider.put(`/api/admin/transport/tours/${tourId}/account`).send(account).expect(200)).body };
}

/** The UPS account of a carrier fake (tests/support/carrier-fakes.ts): what the fake accepts. */
export interface UpsAccount {
  clientId: string;
  clientSecret: string;
  shipperNumber: string;
}

/**
 * A DEMO-A UPS tour `code` (service 11, Standard) whose account calls the carrier fake at `fakeUrl`
 * with `ups`'s credentials; its carrier is named after the code. Answers as connectedTour.
 */
export function upsTour(provider: Client, code: string, fakeUrl: string, ups: UpsAccount): Promise<{ tourId: number; account: unknown }> {
  return connectedTour(
    provider,
    { ref: code, name: `UPS ${code}` },
    { code, account_number: ups.shipperNumber, codes: { service: '11' } },
    {
      connector: 'ups',
      environment: 'custom',
      base_url: fakeUrl,
      settings: { client_id: ups.clientId, shipper_number: ups.shipperNumber },
      secrets: { client_secret: ups.clientSecret },
    },
  );
}

export const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/**
 * DEMO-A's first active platform (its shipper address) and a new recipient in Lyon, with `contact`
 * (a phone or a mobile: some carriers need one) and its own customer code; answers both uuids.
 */
export async function demoParties(
  user: Client,
  customerCode: string,
  contact: { phone?: string; mobile?: string },
): Promise<{ shipper: string; recipient: string }> {
  const shipper = (await user.get('/api/dashtower/address/all?type=shipper&active=1&depositor=1').expect(200)).body.addressesShipper[0]
    .uuid as string;
  const recipient = (
    await user
      .post('/api/dashtower/addresses')
      .send({
        book: 'recipient',
        depositor_id: 1,
        company_name: 'Épicerie Fine Bellecour',
        contact_name: 'Léa Martin',
        address1: '3 place Bellecour',
        zip: '69002',
        town: 'LYON',
        country: 'FR',
        email: 'lea.martin@client.example',
        ...contact,
        customer_code: customerCode,
      })
      .expect(201)
  ).body.uuid as string;
  return { shipper, recipient };
}

/**
 * A DEMO-A shipment of cartons on `tourCode` (two unless `extra` says other packings), validated;
 * answers its uuid.
 */
export async function validatedShipment(
  user: Client,
  parties: { shipper: string; recipient: string },
  tourCode: string,
  reference: string,
  extra: object = {},
): Promise<string> {
  const uuid = (
    await user
      .post('/api/dashtower/orders')
      .send({
        depositor_id: 1,
        reference,
        uuid_address_shipper: parties.shipper,
        uuid_address_recipient: parties.recipient,
        packings: [{ packaging_type: 'CARTON-M', weight_kg: 4.5, length_cm: 40, width_cm: 30, height_cm: 30, packages: 2 }],
        tour_code: tourCode,
        date_shipment_desired: tomorrow(),
        content_description: 'Épicerie fine',
        ...extra,
      })
      .expect(201)
  ).body.uuid as string;
  const valid = await user.post(`/api/dashtower/orders/${uuid}/validate`);
  expect(valid.body.error ?? valid.status).toBe(200);
  return uuid;
}
