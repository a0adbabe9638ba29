import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Dashboard profiles (spec §3, issue 17): a user's tiles belong to one of their profiles, one of
 * which is current. Every user who had tiles gets profile 1, current, holding them.
 */
export class DashboardProfiles1767100000000 implements MigrationInterface {
  name = 'DashboardProfiles1767100000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`
      CREATE TABLE "dashboard_profiles" (
        "id" serial PRIMARY KEY,
        "user_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "number" integer NOT NULL CHECK ("number" >= 1),
        "name" text NOT NULL DEFAULT '',
        "parent_id" integer REFERENCES "dashboard_profiles" ("id") ON DELETE SET NULL,
        "master" boolean NOT NULL DEFAULT false,
        "current" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        UNIQUE ("user_id", "number")
      )`);
    // One current profile per user; the masters every user may copy.
    await qr.query(`CREATE UNIQUE INDEX "dashboard_profiles_current" ON "dashboard_profiles" ("user_id") WHERE "current"`);
    await qr.query(`CREATE INDEX "dashboard_profiles_masters" ON "dashboard_profiles" ("id") WHERE "master"`);
    await qr.query(
      `ALTER TABLE "dashboard_tiles" ADD COLUMN "profile_id" integer REFERENCES "dashboard_profiles" ("id") ON DELETE CASCADE`,
    );
    await qr.query(
      `INSERT INTO "dashboard_profiles" ("user_id", "number", "current") SELECT DISTINCT "user_id", 1, true FROM "dashboard_tiles"`,
    );
    await qr.query(`UPDATE "dashboard_tiles" t SET "profile_id" = p."id" FROM "dashboard_profiles" p WHERE p."user_id" = t."user_id"`);
    await qr.query(`CREATE INDEX "dashboard_tiles_profile" ON "dashboard_tiles" ("profile_id", "x")`);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`ALTER TABLE "dashboard_tiles" DROP COLUMN "profile_id"`);
    await qr.query(`DROP TABLE "dashboard_profiles"`);
  }
}
