import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TRACER_ROUTE_STATUSES } from '@portal/contracts';
import { testServerUrl } from '@portal/testing';
import fc from 'fast-check';
import { Client } from 'pg';
import { SHOWN_TRACER_STATUS_SQL, shownTracerStatusIn } from './tracer-status';

/** TypeORM's `IN (:...name)` as a positional `= ANY($n)`, to run the condition on a bare client. */
function positional(condition: { sql: string; params: Record<string, string[]> }): { text: string; values: string[][] } {
  const values: string[][] = [];
  const text = condition.sql.replace(/ IN \(:\.\.\.(\w+)\)/g, (_, name: string) => {
    values.push(condition.params[name]);
    return ` = ANY($${values.length}::text[])`;
  });
  return { text, values };
}

describe('the shown Tracer Route status as an indexable condition', () => {
  const db = new Client({ connectionString: testServerUrl() });
  const stored = TRACER_ROUTE_STATUSES.filter((s) => s !== 'LATE');

  beforeAll(async () => {
    await db.connect();
    await db.query(
      `CREATE TEMP TABLE o (id serial, tracer_status text NOT NULL, status smallint NOT NULL, promised_delivery_at timestamptz)`,
    );
    // Every stored status, with a cancelled, open and delivered status code, promised never, before and after now.
    await db.query(
      `INSERT INTO o (tracer_status, status, promised_delivery_at)
       SELECT t, s, p FROM unnest($1::text[]) t, unnest('{-1,0,90,100}'::smallint[]) s,
         unnest(ARRAY[NULL, now() - interval '1 day', now() + interval '1 day']::timestamptz[]) p`,
      [stored],
    );
  });
  afterAll(() => db.end());

  it('selects exactly the rows whose computed status is asked for', async () => {
    await fc.assert(
      fc.asyncProperty(fc.subarray([...TRACER_ROUTE_STATUSES]), async (shown) => {
        const expected = await db.query<{ id: number }>(
          `SELECT id FROM o WHERE ${SHOWN_TRACER_STATUS_SQL('o')} = ANY($1::text[]) ORDER BY id`,
          [shown],
        );
        const { text, values } = positional(shownTracerStatusIn('o', shown, 'shown'));
        const actual = await db.query<{ id: number }>(`SELECT id FROM o WHERE ${text} ORDER BY id`, values);
        expect(actual.rows).toEqual(expected.rows);
      }),
      { numRuns: 200 },
    );
  });

  it('matches nothing for an empty list', () => {
    expect(shownTracerStatusIn('o', [], 'shown')).toEqual({ sql: 'FALSE', params: {} });
  });
});
