// Huby set-ups shared by the journeys: made through the API, as the signed-in user of a page.
import assert from 'node:assert/strict';
import { apiAs } from './journey.mjs';

/**
 * A DEMO-A draft of two 4.5 kg cartons of fine groceries for tomorrow, from DEMO-A's first platform to
 * a French recipient of its address book with a phone (some carriers require one); answers its uuid.
 */
export async function demoDraft(page, reference) {
  const shipper = (await apiAs(page, 'GET', '/dashtower/address/all?type=shipper&depositor=1')).body.addressesShipper[0];
  const recipient = (await apiAs(page, 'GET', '/dashtower/address/all?type=recipient&depositor=1')).body.addressesRecipient.find(
    (r) => r.country === 'FR' && (r.phone || r.mobile),
  );
  const created = await apiAs(page, 'POST', '/dashtower/orders', {
    depositor_id: 1,
    reference,
    uuid_address_shipper: shipper.uuid,
    uuid_address_recipient: recipient.uuid,
    date_shipment_desired: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
    content_description: 'Épicerie fine',
    packings: [{ packaging_type: 'CARTON-M', weight_kg: 4.5, length_cm: 40, width_cm: 30, height_cm: 30, packages: 2 }],
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return created.body.uuid;
}
