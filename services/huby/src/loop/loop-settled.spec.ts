import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LoopEvents, LoopSubjects, Role, type DomainEvent, type LoopOrderDto, type LoopOrderSettledEvent } from '@portal/contracts';
import { Db } from '@portal/db';
import { callerContext, startServices, type ServiceHarness } from '@portal/testing';
import { randomUUID } from 'node:crypto';
import { HubyServiceModule } from '../huby.module';
import { LoopSettledConsumer } from './loop-settled.consumer';

/** The warehouse's answer moves a submitted Loop order once; a replay or a late answer changes nothing. */
describe('Loop orders answered by the warehouse', () => {
  let h: ServiceHarness;
  let db: Db;
  let consumer: LoopSettledConsumer;
  const alice = callerContext({ roles: [Role.USER_CREATE_LOOP_ORDER], depositorIds: [1] });
  const answer = (payload: Omit<LoopOrderSettledEvent, 'depositorId'>, depositorId = 1): DomainEvent<LoopOrderSettledEvent> => ({
    id: randomUUID(),
    type: LoopEvents.orderSettled,
    source: 'stock',
    occurredAt: new Date().toISOString(),
    payload: { ...payload, depositorId },
  });
  const submitted = async (): Promise<string> =>
    (
      await db.system.query<{ uuid: string }>(
        `INSERT INTO loop_orders (depositor_id, depositor_code, platform_id, reference, status, lines)
         VALUES (1, 'DEMO-A', 1, 'LP' || lpad(nextval('loop_order_seq')::text, 8, '0'), 'submitted', '[{"reference":"R1","label":null,"quantity":2}]')
         RETURNING uuid`,
      )
    )[0].uuid;
  const get = (uuid: string) => h.call<LoopOrderDto>(LoopSubjects.get, alice, { uuid });

  beforeAll(async () => {
    h = await startServices([HubyServiceModule]);
    db = h.app.get(Db);
    consumer = h.app.get(LoopSettledConsumer);
  }, 90000);
  afterAll(() => h?.close());

  it('integrates once, even when the answer comes twice', async () => {
    const uuid = await submitted();
    const integrated = answer({ uuid, outcome: 'integrated' });
    expect(await consumer.apply(integrated)).toBe(true);
    expect(await consumer.apply(integrated)).toBe(false);
    // A later, contradicting answer for the same order (another event) is left.
    expect(await consumer.apply(answer({ uuid, outcome: 'rejected', reason: { key: 'loopInvalidQuantity' } }))).toBe(false);
    expect(await get(uuid)).toMatchObject({ status: 'integrated', reject_key: null, total_quantity: 2 });
  });

  it('keeps the reason of a rejection', async () => {
    const uuid = await submitted();
    const reason = { key: 'loopAvailableQuantityExceeded', params: { reference: 'R1', available: 1 } };
    expect(await consumer.apply(answer({ uuid, outcome: 'rejected', reason }))).toBe(true);
    expect(await get(uuid)).toMatchObject({ status: 'rejected', reject_key: reason.key, reject_params: reason.params });
  });

  it('does not move another depositor’s order on a forged answer', async () => {
    const uuid = await submitted();
    expect(await consumer.apply(answer({ uuid, outcome: 'integrated' }, 2))).toBe(false);
    expect((await get(uuid)).status).toBe('submitted');
  });
});
