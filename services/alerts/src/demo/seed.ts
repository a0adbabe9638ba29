import { alertInput, TrackingStatus, type AlertInput } from '@portal/contracts';
import type { Db } from '@portal/db';
import { FORM_COLUMNS, formValues } from '../alerts/alerts.sql';

/**
 * The demo user who owns the demo alerts, as auth seeds it (ids in the order of its DEMO_USERS, into
 * an empty table; seed.spec.ts checks them). Only alice has ALERT_USER: bob has no alert screen.
 */
export const ALICE = { id: 2, login: 'alice', email: 'alice.martin@demo-a.example' };
const DEMO_A = 1;
const DEMO_B = 2;

export const DEMO_ALERTS: [typeof ALICE, Partial<AlertInput>][] = [
  [
    ALICE,
    {
      kind: 'VIP',
      title: 'Livraisons et anomalies DEMO-A',
      comment: 'Clients VIP : livrée ou en anomalie de livraison.',
      depositorIds: [DEMO_A],
      statuses: [TrackingStatus.Delivered, TrackingStatus.DeliveryAnomaly],
      recipients: [{ name: 'Service client DEMO-A', email: 'service-client@demo-a.example' }],
      copyToSelf: true,
      frequency: 'IMMEDIATE',
    },
  ],
  [
    ALICE,
    {
      kind: 'DOC',
      title: 'BL et listes de colisage du jour',
      depositorIds: [DEMO_A, DEMO_B],
      statuses: [TrackingStatus.Shipped],
      documentTypes: ['DELIVERY_NOTE', 'PACKING_LIST'],
      recipients: [{ name: 'Comptabilité', email: 'compta@demo-a.example', phone: '0472000000' }],
      frequency: 'DAY',
      time: '12:00',
    },
  ],
  [
    ALICE,
    {
      kind: 'SLA',
      title: 'Commandes non préparées à 14 h',
      depositorIds: [DEMO_A],
      slaRule: 'PICKING_CUTOFF',
      cutoff: '14:00',
      copyToSelf: true,
      frequency: 'IMMEDIATE',
    },
  ],
  [
    ALICE,
    {
      kind: 'NO_TEMPERATURE',
      title: 'Sonde muette depuis 12 h',
      depositorIds: [DEMO_A],
      copyToSelf: true,
      frequency: 'IMMEDIATE',
    },
  ],
  [
    ALICE,
    {
      kind: 'VIP',
      title: 'Expéditions DEMO-B de la semaine',
      depositorIds: [DEMO_B],
      statuses: [TrackingStatus.Shipped, TrackingStatus.Delivered],
      copyToSelf: true,
      frequency: 'WEEK',
      weekday: 1,
      time: '01:00',
    },
  ],
];

/**
 * Demo alerts of alice (VIP, DOC, SLA, no temperature, and DEMO-B's weekly VIP), once. The projection
 * catches up with tracking's demo orders once they are loaded (ProjectionCatchUp, all-in-one).
 */
export async function seedAlertsDemo(db: Db): Promise<void> {
  const [{ any }] = await db.system.query<{ any: boolean }>(`SELECT EXISTS (SELECT 1 FROM alerts) AS any`);
  if (any) return;
  for (const [owner, form] of DEMO_ALERTS) {
    const input = alertInput.parse(form);
    await db.system.query(
      `INSERT INTO alerts (owner_id, owner_login, owner_email, ${FORM_COLUMNS.join(', ')})
         VALUES ($1, $2, $3, ${FORM_COLUMNS.map((_, i) => `$${i + 4}`).join(', ')})`,
      [owner.id, owner.login, owner.email, ...formValues(input)],
    );
  }
}
