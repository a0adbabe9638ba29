import { Logger, type INestApplicationContext } from '@nestjs/common';
import { BusClient } from '@portal/bus';
import {
  depositorScope,
  Role,
  systemContext,
  TrackingSubjects,
  type CallerContext,
  type ClaimInput,
  type ClaimLineDto,
  type OrderSearchPage,
  type OrderSummaryDto,
} from '@portal/contracts';
import type { Db } from '@portal/db';
import { ClaimMoves } from '../claims/claim-moves';
import { ClaimsService } from '../claims/claims.service';

/** The demo users as auth seeds them (ids in insertion order): alice files the claims, the administrator processes them. */
const ALICE = { id: 2, uuid: '00000000-0000-4000-8000-000000000002', login: 'alice' };
const ADMIN = { id: 1, uuid: '00000000-0000-4000-8000-000000000001', login: 'admin' };
const CLAIM_RIGHTS = [Role.CLAIM_USER, Role.USER_CLAIM_CREATE, Role.USER_CLAIM_READ, Role.USER_CLAIM_DELETE];

type Target = 'draft' | 'sent' | 'processed' | 'closed';
interface DemoClaim {
  target: Target;
  input: Omit<ClaimInput, 'number' | 'lines' | 'send'>;
  /** The lines from the delivery's products, as the customer corrected them. */
  lines: (products: ClaimLineDto[]) => ClaimLineDto[];
  answer?: { answer: string; attributable: boolean; notifiable: boolean };
}

const first = (products: ClaimLineDto[]) => products.slice(0, 1);
const PLANS: DemoClaim[] = [
  {
    target: 'draft',
    input: {
      kind: 'delivery',
      reason: 'damaged_product',
      comment: 'Carton écrasé à la livraison, photos à joindre.',
      packings_concerned: '1',
    },
    lines: (p) => first(p).map((l) => ({ ...l, reason: 'damaged_product', comment: 'Colis endommagé' })),
  },
  {
    target: 'sent',
    input: {
      kind: 'preparation',
      reason: 'missing_product',
      customer_claim_number: 'LIT-2026-014',
      comment: 'Un article manquant à la réception, réserve notée sur le bon de livraison.',
      final_customer: 'Pharmacie du Centre',
    },
    lines: (p) => first(p).map((l) => ({ ...l, quantity_received: Math.max(0, (l.quantity_ordered ?? 1) - 1), reason: 'missing_product' })),
  },
  {
    target: 'processed',
    input: { kind: 'preparation', reason: 'extra_quantity', comment: 'Quantité livrée supérieure à la commande.' },
    lines: (p) => first(p).map((l) => ({ ...l, quantity_received: (l.quantity_ordered ?? 0) + 1, reason: 'extra_quantity' })),
    answer: {
      answer: 'Erreur de préparation confirmée : avoir émis, reprise de l’article excédentaire.',
      attributable: true,
      notifiable: false,
    },
  },
  {
    target: 'closed',
    input: { kind: 'delivery', reason: 'missing_document', comment: 'Bon de livraison absent du colis.' },
    lines: () => [],
    answer: { answer: 'Le bon de livraison vous a été renvoyé par mail.', attributable: true, notifiable: false },
  },
  {
    target: 'closed',
    input: { kind: 'delivery', reason: 'damaged_product', comment: 'Avarie transport, réserves émises auprès du transporteur.' },
    lines: (p) => first(p).map((l) => ({ ...l, reason: 'damaged_product' })),
    answer: { answer: 'Litige ouvert auprès du transporteur, indemnisation obtenue.', attributable: false, notifiable: true },
  },
];

const contextOf = (user: typeof ALICE, roles: string[]): CallerContext => ({
  ...systemContext('claims-demo'),
  user: { ...user, sessionId: 'demo' },
  roles,
  scope: user === ADMIN ? systemContext().scope : depositorScope([1, 2]),
});

/**
 * Demo claims of DEMO-A and DEMO-B in every state, on real demo deliveries read from tracking over
 * the bus (its demo orders load first, in the background): through the service's own creation flow,
 * so each carries its evidence and its creator had the mails. Idempotent: nothing when claims exist.
 */
export async function seedClaimsDemo(db: Db, app: INestApplicationContext): Promise<void> {
  const [{ any }] = await db.system.query<{ any: boolean }>(`SELECT EXISTS (SELECT 1 FROM claims) AS any`);
  if (any) return;
  const bus = app.get(BusClient, { strict: false });
  const claims = app.get(ClaimsService, { strict: false });
  const moves = app.get(ClaimMoves, { strict: false });
  const alice = contextOf(ALICE, CLAIM_RIGHTS);
  const admin = contextOf(ADMIN, [Role.ADMIN]);
  let count = 0;
  for (const depositor of [1, 2]) {
    for (const [plan, delivery] of (await deliveries(bus, depositor)).map((d, i) => [PLANS[i], d] as const)) {
      const { lines: products } = await claims.lookup(alice, { number: delivery.reference, order_id: delivery.id });
      const claim = await claims.create(alice, {
        ...plan.input,
        number: delivery.reference,
        order_id: delivery.id,
        lines: plan.lines(products ?? []),
        send: plan.target !== 'draft',
      });
      if (plan.answer) await moves.process(admin, { uuid: claim.uuid, processing: plan.answer });
      if (plan.target === 'closed') await moves.close(admin, { uuid: claim.uuid, confirm: true });
      count += 1;
    }
  }
  new Logger('ClaimsDemo').log(`${count} demo claims`);
}

/** Delivered demo orders of a depositor (the generator's references, CMD<depositor><n>), newest first, as many as there are plans. */
async function deliveries(bus: BusClient, depositor: number): Promise<OrderSummaryDto[]> {
  const page = await bus.request<OrderSearchPage>(TrackingSubjects.searchOrders, systemContext('claims-demo'), {
    filter: { depositor, status: [100], q: `CMD${depositor}00` },
    range: [0, PLANS.length - 1],
  });
  return page.items.slice(0, PLANS.length);
}
