// Huby set-ups shared by the journeys: made through the API, as the signed-in user of a page.
import assert from 'node:assert/strict';
import { apiAs, newTab } from './journey.mjs';
import { loginToDashboard } from './portal.mjs';

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

/**
 * A DEMO-A tour on a new carrier, its account on a local fake, set up through the API as the provider's
 * administrator (signed in on `page`) would; answers `{ id, body }`, to give to retireTours.
 */
export async function connectedTour(page, { name, code, accountNumber, codes = {}, weightMaxKg = 70, account }) {
  const carrier = await apiAs(page, 'POST', '/admin/transport/carriers', {
    ref: code,
    name,
    kind: 'parcel',
    shipping_window_days: 10,
    insurance_threshold: 1500,
  });
  assert.equal(carrier.status, 201, JSON.stringify(carrier.body));
  const body = {
    depositorId: 1,
    code,
    carrierId: carrier.body.id,
    account_number: accountNumber,
    tour_type: 'parcel',
    transport_mode: 'road',
    weight_max_kg: weightMaxKg,
    codes,
  };
  const tour = await apiAs(page, 'POST', '/admin/transport/tours', body);
  assert.equal(tour.status, 201, JSON.stringify(tour.body));
  const saved = await apiAs(page, 'PUT', `/admin/transport/tours/${tour.body.id}/account`, account);
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  return { id: tour.body.id, body };
}

/**
 * Switches a journey's tours off at its end, as the administrator in a tab of its own, so that the
 * journeys after it in its group see DEMO-A's own tours.
 */
export async function retireTours(ctx, tours) {
  if (!tours.length) return;
  const admin = await newTab(ctx);
  try {
    await loginToDashboard(admin, ctx.base, 'admin');
    for (const t of tours) {
      const off = await apiAs(admin, 'PUT', `/admin/transport/tours/${t.id}`, { ...t.body, active: false });
      assert.equal(off.status, 200, JSON.stringify(off.body));
    }
  } finally {
    await admin.close();
  }
}
