import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ClaimsSubjects,
  Role,
  TrackingSubjects,
  type ClaimDeliveryCandidate,
  type ClaimEvidenceDto,
  type FeedResultDto,
} from '@portal/contracts';
import { startServices, type ServiceHarness } from '@portal/testing';
import { A, B, feedOrder, userOf, warehouse } from '../../test/fixtures';
import { TrackingServiceModule } from '../tracking.module';

describe('claims lookup and evidence', () => {
  let h: ServiceHarness;
  const creator = userOf([A], [Role.USER_CLAIM_CREATE]);
  const lookup = (number: string, ctx = creator) => h.call<ClaimDeliveryCandidate[]>(ClaimsSubjects.trackingLookup, ctx, { number });

  beforeAll(async () => {
    h = await startServices([TrackingServiceModule]);
    const orders = [
      feedOrder(1, { orderReference: 'SPLIT-1' }),
      feedOrder(2, { orderReference: 'SPLIT-1' }),
      feedOrder(3, { depositorId: B, orderReference: 'SPLIT-1' }),
    ];
    expect(await h.call<FeedResultDto>(TrackingSubjects.feedOrders, warehouse(), { orders })).toMatchObject({ applied: 3 });
  });
  afterAll(() => h.close());

  it('answers every delivery of an order number in the caller’s scope, and one delivery by its reference', async () => {
    expect((await lookup('SPLIT-1')).map((d) => d.reference).sort()).toEqual(['CMD1000001', 'CMD1000002']);
    expect((await lookup('cmd1000001')).map((d) => d.reference)).toEqual(['CMD1000001']);
    expect(await lookup('CMD2000003')).toEqual([]);
    expect(await lookup('')).toEqual([]);
  });

  it('gives a delivery’s products with lots and serials, parcels with their weights, and events; another depositor’s is not found', async () => {
    const [delivery] = await lookup('CMD1000001');
    const evidence = await h.call<ClaimEvidenceDto>(ClaimsSubjects.trackingEvidence, creator, { id: delivery.id });
    expect(evidence.order).toMatchObject({ reference: 'CMD1000001', depositorCode: 'DEMO-A', weightKg: 12.5 });
    expect(evidence.lines.length).toBeGreaterThan(0);
    expect(evidence.parcels.every((p) => 'weightKg' in p)).toBe(true);
    expect(Array.isArray(evidence.events) && Array.isArray(evidence.pods)).toBe(true);
    const [other] = await lookup('CMD2000003', userOf([B], [Role.USER_CLAIM_CREATE]));
    await expect(h.call(ClaimsSubjects.trackingEvidence, creator, { id: other.id })).rejects.toMatchObject({ key: 'deliveryNotFound' });
  });

  it('needs the right to create claims', async () => {
    await expect(lookup('SPLIT-1', userOf([A], [Role.PGT_USER]))).rejects.toMatchObject({ key: 'permissionDenied' });
  });
});
