import { prng } from '@portal/demo';
import { addDays, systemContext, todayIn, USAGE_TIME_ZONE } from '@portal/contracts';
import type { Db } from '@portal/db';

/**
 * The depositors' users of the auth service's demo (ids in the order it creates them): alice (DEMO-A
 * and DEMO-B), bob (DEMO-B) and denis (DEMO-A), with how often each comes on a working day.
 */
const DEMO_USAGE_USERS = [
  { userId: 2, depositorIds: [1, 2], presence: 0.95, searches: 18, exports: 0.6 },
  { userId: 3, depositorIds: [2], presence: 0.8, searches: 9, exports: 0.3 },
  { userId: 5, depositorIds: [1], presence: 0.6, searches: 6, exports: 0.2 },
];
const DAYS = 120;

/**
 * The portal's use by the demo's users over the last 120 days up to yesterday (today's is what the
 * gateway meters): working days mostly, a sign-in or two a day, searches and a few exports. Written
 * once (a start again keeps what is there), deterministic.
 */
export async function seedUsageDemo(db: Db, now: Date): Promise<number> {
  const today = todayIn(USAGE_TIME_ZONE, now);
  const rand = prng(20261205);
  const rows: [string, number, number, number, number, number][] = [];
  for (let back = DAYS; back >= 1; back--) {
    const day = addDays(today, -back);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    const working = weekday >= 1 && weekday <= 5;
    for (const u of DEMO_USAGE_USERS) {
      if (rand() > (working ? u.presence : 0.05)) continue;
      const signIns = 1 + (rand() < 0.3 ? 1 : 0);
      const searches = Math.round(u.searches * (0.4 + rand() * 1.2));
      const exports = rand() < u.exports ? 1 + Math.floor(rand() * 3) : 0;
      for (const depositorId of u.depositorIds) rows.push([day, depositorId, u.userId, signIns, searches, exports]);
    }
  }
  const column = (i: number) => rows.map((r) => r[i]);
  await db.scopedQuery(
    systemContext('demo-usage'),
    `INSERT INTO report_usage (day, depositor_id, user_id, sign_ins, searches, exports)
     SELECT * FROM unnest($1::date[], $2::int[], $3::int[], $4::int[], $5::int[], $6::int[])
     ON CONFLICT (depositor_id, day, user_id) DO NOTHING`,
    [column(0), column(1), column(2), column(3), column(4), column(5)],
  );
  return rows.length;
}
