import { AuditEvents, type AuditChangeEvent } from '@portal/contracts';
import { callerContext } from '@portal/testing';
import type { EntityManager } from 'typeorm';
import { auditedWrite, type AuditedRows } from './audit';

interface Zone {
  id: number;
  depositor_id: number;
  code: string;
  api_secret?: string;
  updated_at?: string;
}

/** A table in memory behind a fake transaction: the outbox rows it is asked to insert are kept. */
function fakeTransaction(rows: Zone[]) {
  const table = new Map(rows.map((r) => [r.id, r]));
  const events: AuditChangeEvent[] = [];
  const em = {
    query: async (sql: string, params: unknown[]) => {
      if (!sql.startsWith('INSERT INTO "outbox"')) throw new Error(`unexpected ${sql}`);
      expect(params[1]).toBe(AuditEvents.changed);
      events.push(JSON.parse(params[3] as string) as AuditChangeEvent);
      return [];
    },
  } as unknown as EntityManager;
  const zones: AuditedRows<Zone> = {
    service: 'fever',
    entity: 'zone',
    read: async (_em, ids) =>
      ids
        .map((id) => table.get(Number(id)))
        .filter((z): z is Zone => !!z)
        .map((z) => ({ ...z })),
    subject: (z) => ({ id: z.id, label: z.code, depositorIds: [z.depositor_id] }),
    fields: ({ updated_at: _u, ...z }) => z,
  };
  return { em, table, events, zones };
}

describe('auditedWrite', () => {
  const ctx = callerContext({ userId: 7, depositorIds: [1], roles: ['ADMIN_SONDE'] });

  it('tells a creation with the row read after the write, whose it is and who made it', async () => {
    const { em, table, events, zones } = fakeTransaction([]);
    const id = await auditedWrite(em, ctx, zones, { written: (id: number) => [id] }, async (before) => {
      expect(before).toEqual([]);
      table.set(3, { id: 3, depositor_id: 1, code: 'FROID', api_secret: 's3cr3t', updated_at: 'now' });
      return 3;
    });
    expect(id).toBe(3);
    expect(events).toEqual([
      expect.objectContaining({
        service: 'fever',
        entity: 'zone',
        id: '3',
        label: 'FROID',
        action: 'created',
        depositorIds: [1],
        before: null,
        after: { id: 3, depositor_id: 1, code: 'FROID', api_secret: '••••' },
        by: expect.objectContaining({ userId: 7, provider: false, depositorIds: [1] }),
      }),
    ]);
  });

  it('tells an update and a deletion per row with before and after', async () => {
    const { em, table, events, zones } = fakeTransaction([
      { id: 1, depositor_id: 1, code: 'A' },
      { id: 2, depositor_id: 2, code: 'B' },
    ]);
    await auditedWrite(em, ctx, zones, { ids: [1, 2] }, async (before) => {
      expect(before.map((z) => z.code).sort()).toEqual(['A', 'B']);
      table.set(1, { id: 1, depositor_id: 1, code: 'A2' });
      table.delete(2);
    });
    expect(events.map((e) => [e.id, e.action, e.before, e.after, e.depositorIds])).toEqual([
      ['1', 'updated', { id: 1, depositor_id: 1, code: 'A' }, { id: 1, depositor_id: 1, code: 'A2' }, [1]],
      ['2', 'deleted', { id: 2, depositor_id: 2, code: 'B' }, null, [2]],
    ]);
  });

  it('tells nothing of an update that changed none of the kept fields, but always tells a named move', async () => {
    const { em, table, events, zones } = fakeTransaction([{ id: 1, depositor_id: 1, code: 'A', updated_at: 'then' }]);
    await auditedWrite(
      em,
      ctx,
      zones,
      { ids: [1] },
      async () => void table.set(1, { id: 1, depositor_id: 1, code: 'A', updated_at: 'now' }),
    );
    expect(events).toEqual([]);
    await auditedWrite(em, ctx, zones, { ids: [1], action: 'printed' }, async () => undefined);
    expect(events.map((e) => [e.action, e.before, e.after])).toEqual([
      ['printed', { id: 1, depositor_id: 1, code: 'A' }, { id: 1, depositor_id: 1, code: 'A' }],
    ]);
  });

  it('tells nothing when the write fails, and lets the failure through', async () => {
    const { em, events, zones } = fakeTransaction([{ id: 1, depositor_id: 1, code: 'A' }]);
    await expect(
      auditedWrite(em, ctx, zones, { ids: [1] }, async () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(events).toEqual([]);
  });

  it('does not count a save’s bookkeeping (updated_at) as a change', async () => {
    const { em, table, events, zones } = fakeTransaction([{ id: 1, depositor_id: 1, code: 'A', updated_at: 'then' }]);
    const plain = { ...zones, fields: undefined };
    await auditedWrite(
      em,
      ctx,
      plain,
      { ids: [1] },
      async () => void table.set(1, { id: 1, depositor_id: 1, code: 'A', updated_at: 'now' }),
    );
    expect(events).toEqual([]);
  });

  it('counts a secret changed as a change, masked on both sides', async () => {
    const { em, table, events, zones } = fakeTransaction([{ id: 1, depositor_id: 1, code: 'A', api_secret: 'old' }]);
    await auditedWrite(
      em,
      ctx,
      zones,
      { ids: [1] },
      async () => void table.set(1, { id: 1, depositor_id: 1, code: 'A', api_secret: 'new' }),
    );
    expect(events.map((e) => [e.action, e.before?.api_secret, e.after?.api_secret])).toEqual([['updated', '••••', '••••']]);
  });

  it('keeps the row as read when the kind names no fields, and skips ids that name nothing', async () => {
    const { em, table, events, zones } = fakeTransaction([{ id: 1, depositor_id: 1, code: 'A' }]);
    const plain = { ...zones, fields: undefined };
    await auditedWrite(
      em,
      ctx,
      plain,
      { ids: [1, 99] },
      async () => void table.set(1, { id: 1, depositor_id: 1, code: 'B', updated_at: 'now' }),
    );
    expect(events.map((e) => [e.id, e.after])).toEqual([['1', { id: 1, depositor_id: 1, code: 'B', updated_at: 'now' }]]);
  });
});
