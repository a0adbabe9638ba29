import { afterEach, describe, expect, it } from '@jest/globals';
import { systemContext } from '@portal/contracts';
import type { Db } from '@portal/db';
import { claimedHere, holdLabelClaim } from './label-claim';

/** A Db that records the statements of its scoped transactions. */
function recordingDb() {
  const statements: { sql: string; params: unknown[] }[] = [];
  const db = {
    scoped: async (_ctx: unknown, fn: (em: { query(sql: string, params: unknown[]): Promise<unknown> }) => Promise<unknown>) =>
      fn({ query: async (sql, params) => statements.push({ sql, params }) }),
  } as unknown as Db;
  return { db, statements };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ctx = systemContext('label-claim-spec');

describe('a label request’s claim on its shipment (issue 33 item 1)', () => {
  afterEach(() => {
    delete process.env.HUBY_INTERRUPTED_LABELS_AFTER_MS;
  });

  it('renews the shipment eight times per delay while held, only while it waits for its labels, and stops when released', async () => {
    process.env.HUBY_INTERRUPTED_LABELS_AFTER_MS = '400';
    const { db, statements } = recordingDb();
    const claim = holdLabelClaim(db, ctx, 'a0000000-0000-4000-8000-000000000001');
    await sleep(330);
    const renewals = statements.length;
    // Every 50 ms: about six in 330 ms, at least three on a loaded machine.
    expect(renewals).toBeGreaterThanOrEqual(3);
    expect(statements[0].sql).toMatch(/UPDATE shipments SET updated_at = now\(\) WHERE uuid = \$1 AND status = \$2/);
    expect(statements[0].params).toEqual(['a0000000-0000-4000-8000-000000000001', 20]);
    claim.release();
    await sleep(200);
    expect(statements.length).toBe(renewals);
  });

  it('is known in its own process while held, by as many requests as hold it', () => {
    const { db } = recordingDb();
    const uuid = 'a0000000-0000-4000-8000-000000000002';
    const first = holdLabelClaim(db, ctx, uuid);
    const second = holdLabelClaim(db, ctx, uuid);
    expect(claimedHere()).toContain(uuid);
    first.release();
    expect(claimedHere()).toContain(uuid);
    second.release();
    expect(claimedHere()).not.toContain(uuid);
  });

  it('a renewal that fails is not an error: the claim goes on', async () => {
    process.env.HUBY_INTERRUPTED_LABELS_AFTER_MS = '160';
    let calls = 0;
    const db = {
      scoped: async () => {
        calls++;
        throw new Error('database away');
      },
    } as unknown as Db;
    const claim = holdLabelClaim(db, ctx, 'a0000000-0000-4000-8000-000000000003');
    await sleep(150);
    claim.release();
    expect(calls).toBeGreaterThanOrEqual(2);
  });
});
