import { callerContext } from '@portal/testing';
import { depositorScope, FULL_SCOPE, type CallerContext } from '@portal/contracts';

/** Test fixtures of the tracking service (test-only, never imported by src). */
export const A = 1;
export const B = 2;

export function warehouse(depositorIds: number[] | 'all' = 'all'): CallerContext {
  return {
    requestId: 'feed',
    client: { id: 1, name: 'WMS test', kind: 'warehouse', platformIds: [] },
    roles: [],
    scope: depositorIds === 'all' ? FULL_SCOPE : depositorScope(depositorIds),
    locale: 'fr_FR',
    timezone: 'Europe/Paris',
  };
}

export function carrier(): CallerContext {
  return { ...warehouse('all'), requestId: 'carrier', client: { id: 2, name: 'Carrier test', kind: 'carrier', platformIds: [] } };
}

export const userOf = (depositorIds: number[], roles: string[] = ['PGT_USER'], userId = 11): CallerContext =>
  callerContext({ userId, roles, depositorIds });

const HOUR = 3_600_000;

/** A realistic order message of the warehouse feed. */
export function feedOrder(n: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const depositorId = (overrides.depositorId as number) ?? A;
  // Within the 300 hours after 10 November 2026 08:00: every date of the message is in the past (a feed refuses later ones).
  const createdAt = new Date(Date.UTC(2026, 10, 10, 8) + (n % 300) * HOUR);
  return {
    reference: `CMD${depositorId}${String(n).padStart(6, '0')}`,
    depositorId,
    depositorCode: depositorId === A ? 'DEMO-A' : depositorId === B ? 'DEMO-B' : 'DEMO-C',
    platformId: 1,
    customerReference: `PO-${n}`,
    orderReference: `BL${depositorId}${String(n).padStart(6, '0')}`,
    slipNumber: `SLIP${String(n % 7)}`,
    tourCode: 'T-LYON',
    carrier: { code: 'COLISSIMO', name: 'Colissimo' },
    weightKg: 12.5,
    insuranceAmount: 150,
    customsStatus: 'NOT_NEEDED',
    sender: { company: 'Entrepôt Saint-Priest', zip: '69800', town: 'SAINT-PRIEST', country: 'FR' },
    recipient: {
      company: 'Pharmacie du Centre',
      name: 'Camille Bernard',
      address1: '12 rue Pasteur',
      zip: '69003',
      town: 'Lyon',
      country: 'fr',
      customerCode: 'CUST-42',
    },
    createdAt: createdAt.toISOString(),
    dates: {
      shippedAt: new Date(createdAt.getTime() + 6 * HOUR).toISOString(),
      promisedDeliveryAt: new Date(createdAt.getTime() + 48 * HOUR).toISOString(),
    },
    lines: [
      { reference: 'ART-001', label: 'Crème hydratante', quantityOrdered: 12, quantitySent: 12, lot: `LOT${n}`, bestBefore: '2027-10-01' },
      {
        reference: 'ART-SER',
        label: 'Lecteur',
        quantityOrdered: 2,
        quantitySent: 2,
        serials: [`SN${depositorId}-${n}-1`, `SN${depositorId}-${n}-2`],
      },
    ],
    parcels: [{ trackingNumber: `6A${String(n).padStart(11, '0')}`, status: 90, weightKg: 12.5, packaging: 'CARTON' }],
    packaging: [{ type: 'CARTON', count: 1 }],
    documents: [{ type: 'DELIVERY_NOTE', name: `BL-${n}.pdf` }],
    statuses: [
      { status: 0, at: createdAt.toISOString() },
      { status: 90, at: new Date(createdAt.getTime() + 6 * HOUR).toISOString() },
    ],
    ...overrides,
  };
}

/** A tiny valid PDF and PNG for uploads (magic numbers are what the storage checks). */
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
