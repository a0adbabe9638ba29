import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 19: every dashboard tile belongs to a profile. Tiles still outside one (pinned before
 * profiles, or by the demo seed of that time) go into their user's current profile, made where the
 * user has none; then the column is required, so reading a dashboard never has to put them there.
 */
export class DashboardTilesInProfiles1767950000000 implements MigrationInterface {
  name = 'DashboardTilesInProfiles1767950000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`
      INSERT INTO "dashboard_profiles" ("user_id", "number", "current")
      SELECT t."user_id", COALESCE((SELECT max(p."number") FROM "dashboard_profiles" p WHERE p."user_id" = t."user_id"), 0) + 1, true
      FROM (SELECT DISTINCT "user_id" FROM "dashboard_tiles" WHERE "profile_id" IS NULL) t
      WHERE NOT EXISTS (SELECT 1 FROM "dashboard_profiles" p WHERE p."user_id" = t."user_id" AND p."current")`);
    await qr.query(`
      UPDATE "dashboard_tiles" t SET "profile_id" = p."id"
      FROM "dashboard_profiles" p WHERE p."user_id" = t."user_id" AND p."current" AND t."profile_id" IS NULL`);
    await qr.query(`ALTER TABLE "dashboard_tiles" ALTER COLUMN "profile_id" SET NOT NULL`);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`ALTER TABLE "dashboard_tiles" ALTER COLUMN "profile_id" DROP NOT NULL`);
  }
}
