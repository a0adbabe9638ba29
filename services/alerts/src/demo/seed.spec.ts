import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AlertsSubjects, hasAnyRole, Role, type AlertDto, type ListPage } from '@portal/contracts';
import { Db } from '@portal/db';
import { DEMO_USERS } from '@portal/service-auth';
import { callerContext, startServices, type ServiceHarness } from '@portal/testing';
import { AlertsServiceModule } from '../alerts.module';
import { DEMO_ALERTS, seedAlertsDemo } from './seed';

describe('alerts demo seed', () => {
  it('gives every demo alert to a demo user as auth seeds it, who has the alert screens and the alert’s depositors', () => {
    for (const [owner, form] of DEMO_ALERTS) {
      // auth inserts DEMO_USERS in order into an empty table: the n-th gets id n.
      const user = DEMO_USERS[owner.id - 1];
      expect([user.login, user.email]).toEqual([owner.login, owner.email]);
      expect(hasAnyRole(user.roles, [Role.ALERT_USER])).toBe(true);
      expect(form.depositorIds?.every((id) => user.depositorIds.includes(id))).toBe(true);
    }
  });

  describe('on a database', () => {
    let h: ServiceHarness;
    beforeAll(async () => {
      h = await startServices([AlertsServiceModule]);
    }, 90000);
    afterAll(() => h?.close());

    it('loads the alerts once; alice sees all of them, DEMO-B’s weekly one included', async () => {
      const db = h.get<Db>(Db);
      await seedAlertsDemo(db);
      await seedAlertsDemo(db);
      const alice = callerContext({ userId: 2, roles: [Role.ALERT_USER], depositorIds: [1, 2] });
      const titles = async (screen: string) =>
        (await h.call<ListPage<AlertDto>>(AlertsSubjects.list, alice, { filter: { screen } })).rows.map((a) => a.title);
      const seen = [...(await titles('vip')), ...(await titles('doc'))];
      expect(seen.sort()).toEqual(DEMO_ALERTS.map(([, form]) => form.title).sort());
      expect(seen).toContain('Expéditions DEMO-B de la semaine');
    });
  });
});
