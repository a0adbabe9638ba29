import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Log messages as keys with parameters (issue 36 item 2): the screens say them in the reader's
 * language. The rows written before from the security events and the demo get their key back from
 * their English text; any other row keeps its text, shown as it is.
 */
export class LogMessageKeys1769210000000 implements MigrationInterface {
  name = 'LogMessageKeys1769210000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`ALTER TABLE "logs" ADD COLUMN "message_key" varchar(60), ADD COLUMN "message_params" jsonb`);
    const known: [string, string, string][] = [
      [
        'accountBlocked',
        '^Account temporarily blocked after repeated failed sign-ins(?: \\((.*)\\))?$',
        `jsonb_build_object('login', coalesce(x.m[1], ''))`,
      ],
      ['passwordResetByAdmin', '^Password reset by an administrator(?: \\((.*)\\))?$', `jsonb_build_object('login', coalesce(x.m[1], ''))`],
      [
        'carrierTimeout',
        '^Carrier web service call failed \\((.*)\\): timeout after (\\d+) s$',
        `jsonb_build_object('carrier', x.m[1], 'seconds', x.m[2]::int)`,
      ],
      ['probeSilent', '^Probe silent for more than (\\d+) h$', `jsonb_build_object('hours', x.m[1]::int)`],
      ['feedUnknownDepositor', '^Warehouse feed rejected: unknown depositor code()$', `'{}'::jsonb`],
      ['mailDeliveredAfterRetries', '^Mail delivered after (\\d+) attempts$', `jsonb_build_object('attempts', x.m[1]::int)`],
    ];
    for (const [key, pattern, params] of known)
      await qr.query(
        `UPDATE "logs" l SET "message_key" = $1, "message_params" = ${params}
         FROM (SELECT id, regexp_match(message, $2) AS m FROM "logs" WHERE "message_key" IS NULL) x
         WHERE x.id = l.id AND x.m IS NOT NULL`,
        [key, pattern],
      );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`ALTER TABLE "logs" DROP COLUMN "message_params", DROP COLUMN "message_key"`);
  }
}
