import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { EventTypes, type DomainEvent } from '@portal/contracts';
import { Db } from '@portal/db';
import { startServices, type ServiceHarness } from '@portal/testing';
import { AdminServiceModule } from '../admin.module';
import type { UserSecurityEvent } from './security-log.service';

interface LogRow {
  severity: string;
  module: string;
  message: string;
  message_key: string;
  message_params: Record<string, unknown>;
  object_name: string;
  object_id: string;
  counter: number;
  first_at: Date;
  last_at: Date;
}

const event = (type: string, payload: UserSecurityEvent): DomainEvent<UserSecurityEvent> => ({
  id: randomUUID(),
  type,
  source: 'auth',
  occurredAt: payload.at,
  payload,
});

describe('security log (auth events)', () => {
  let h: ServiceHarness;
  let db: Db;

  beforeAll(async () => {
    h = await startServices([AdminServiceModule]);
    db = h.app.get<Db>(Db);
  });
  afterAll(() => h.close());

  const logsOf = (userUuid: string) =>
    db.system.query<LogRow>(
      `SELECT severity, module, message, message_key, message_params, object_name, object_id, counter, first_at, last_at FROM logs WHERE object_id = $1 ORDER BY id`,
      [userUuid],
    );

  it('writes a warning row for a blocked account', async () => {
    const uuid = randomUUID();
    await h.transport.publish(event(EventTypes.accountBlocked, { userUuid: uuid, login: 'bob', at: '2026-01-10T08:00:00.000Z' }));
    expect(await logsOf(uuid)).toEqual([
      {
        severity: 'warning',
        module: 'auth',
        message: 'Account temporarily blocked after repeated failed sign-ins (bob)',
        message_key: 'accountBlocked',
        message_params: { login: 'bob' },
        object_name: 'user',
        object_id: uuid,
        counter: 1,
        first_at: new Date('2026-01-10T08:00:00.000Z'),
        last_at: new Date('2026-01-10T08:00:00.000Z'),
      },
    ]);
  });

  it('handles the same event once: delivered twice, counted once', async () => {
    const uuid = randomUUID();
    const blocked = event(EventTypes.accountBlocked, { userUuid: uuid, login: 'bob', at: '2026-01-10T08:00:00.000Z' });
    await h.transport.publish(blocked);
    await h.transport.publish(blocked);
    const rows = await logsOf(uuid);
    expect(rows).toHaveLength(1);
    expect(rows[0].counter).toBe(1);
  });

  it('increments the open row on a new occurrence and moves last_at', async () => {
    const uuid = randomUUID();
    await h.transport.publish(event(EventTypes.passwordResetByAdmin, { userUuid: uuid, login: 'alice', at: '2026-02-01T09:00:00.000Z' }));
    await h.transport.publish(event(EventTypes.passwordResetByAdmin, { userUuid: uuid, login: 'alice', at: '2026-02-03T10:30:00.000Z' }));
    const [row] = await logsOf(uuid);
    expect(row).toMatchObject({
      message: 'Password reset by an administrator (alice)',
      message_key: 'passwordResetByAdmin',
      message_params: { login: 'alice' },
      counter: 2,
      severity: 'warning',
      module: 'auth',
    });
    expect(row.first_at).toEqual(new Date('2026-02-01T09:00:00.000Z'));
    expect(row.last_at).toEqual(new Date('2026-02-03T10:30:00.000Z'));
  });

  it('keeps each kind of event on its own row, and starts a new row once the old one is acknowledged', async () => {
    const uuid = randomUUID();
    await h.transport.publish(event(EventTypes.accountBlocked, { userUuid: uuid, login: 'carla', at: '2026-03-01T09:00:00.000Z' }));
    await h.transport.publish(event(EventTypes.passwordResetByAdmin, { userUuid: uuid, login: 'carla', at: '2026-03-01T09:05:00.000Z' }));
    expect((await logsOf(uuid)).map((r) => r.counter)).toEqual([1, 1]);
    await db.system.query(`UPDATE logs SET ack_at = now(), ack_user = 'admin' WHERE object_id = $1`, [uuid]);
    await h.transport.publish(event(EventTypes.accountBlocked, { userUuid: uuid, login: 'carla', at: '2026-03-02T09:00:00.000Z' }));
    expect(await logsOf(uuid)).toHaveLength(3);
  });

  it('skips a malformed event instead of failing on every redelivery', async () => {
    const broken = { ...event(EventTypes.accountBlocked, { userUuid: '', login: 'x', at: 'never' }) };
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(h.transport.publish(broken)).resolves.toBeUndefined();
    jest.restoreAllMocks();
    expect(await logsOf('')).toEqual([]);
  });
});
