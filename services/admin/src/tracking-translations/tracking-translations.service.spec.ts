import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AuditEvents, Role, TrackingTranslationSubjects as S, type AuditChangeEvent, type TrackingTranslationDto } from '@portal/contracts';
import { Db } from '@portal/db';
import { callerContext, startServices, type ServiceHarness } from '@portal/testing';
import { AdminServiceModule } from '../admin.module';

/** The provider's words for statuses and carrier events: read by all, changed by ADMIN_TRACKING_TRANSLATION reaching every depositor. */
describe('tracking translations', () => {
  let h: ServiceHarness;
  let db: Db;
  const translator = () => callerContext({ userId: 80, roles: [Role.ADMIN_TRACKING_TRANSLATION], depositorIds: [] });
  const adminOfA = () => callerContext({ userId: 81, roles: [Role.ADMIN_TRACKING_TRANSLATION], depositorIds: [1] });
  const user = () => callerContext({ userId: 82, roles: [Role.PGT_USER], depositorIds: [1] });

  beforeAll(async () => {
    h = await startServices([AdminServiceModule]);
    db = h.app.get<Db>(Db);
  });
  afterAll(() => h.close());

  const events = async (id: string) =>
    (
      await db.system.query<{ payload: AuditChangeEvent }>(
        `SELECT payload FROM outbox WHERE type = $1 AND payload->>'entity' = 'trackingTranslation' AND payload->>'id' = $2 ORDER BY occurred_at`,
        [AuditEvents.changed, id],
      )
    ).map((r) => r.payload);

  it('sets, replaces and removes a word, each change on the audit trail; an empty word removes it', async () => {
    const key = { kind: 'tracerStatus', code: 'LATE', locale: 'it' };
    await h.call(S.set, translator(), { ...key, text: ' In ritardo sul giro ' });
    await h.call(S.set, translator(), { ...key, text: 'In ritardo' });
    expect(await h.call<TrackingTranslationDto[]>(S.list, user(), {})).toEqual([{ ...key, text: 'In ritardo' }]);
    expect(await h.call(S.set, translator(), { ...key, text: '' })).toEqual({ ...key, text: null });
    expect(await h.call(S.list, user(), {})).toEqual([]);
    const trail = await events('tracerStatus:LATE:it');
    expect(trail.map((e) => e.action)).toEqual(['created', 'updated', 'deleted']);
    expect(trail[1]).toMatchObject({ before: { text: 'In ritardo sul giro' }, after: { text: 'In ritardo' }, depositorIds: [] });
  });

  it('refuses a plain user and a depositor’s administrator (the words are every depositor’s) and writes nothing', async () => {
    for (const ctx of [user(), adminOfA()]) {
      await expect(h.call(S.set, ctx, { kind: 'trackingStatus', code: '100', locale: 'fr', text: 'x' })).rejects.toMatchObject({
        key: 'permissionDenied',
      });
    }
    expect(await db.system.query(`SELECT 1 FROM tracking_translations`)).toHaveLength(0);
  });

  it('checks the word on the bus too: kind, code of the catalogue, language, text', async () => {
    const bad = [
      [{ kind: 'x', code: '100', locale: 'fr', text: 'x' }, { kind: 'invalidFormat' }],
      [{ kind: 'trackingStatus', code: '101', locale: 'fr', text: 'x' }, { code: 'unknownCode' }],
      [{ kind: 'trackingStatus', code: 'constructor', locale: 'fr', text: 'x' }, { code: 'unknownCode' }],
      [{ kind: 'trackingStatus', code: '100', locale: 'xx', text: 'x' }, { locale: 'invalidFormat' }],
      [{ kind: 'trackingStatus', code: '100', locale: 'fr', text: 'a\u0000b' }, { text: 'invalidFormat' }],
      [{ kind: 'trackingStatus', code: '100', locale: 'fr', text: 'x'.repeat(121) }, { text: 'maxLength' }],
    ] as const;
    for (const [data, fields] of bad) {
      await expect(h.call(S.set, translator(), data)).rejects.toMatchObject({ key: 'validationFailed', fields });
    }
  });
});
