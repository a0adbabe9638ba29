import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 35 item 3: every order (the warehouse's, and Huby's labelled shipments, which become orders)
 * has the token of its recipient's public tracking page, `/suivi/<token>`. 144 random bits in
 * base64url (24 characters): the first six bytes of three v4 UUIDs, all random, from
 * gen_random_uuid() (PostgreSQL's strong random source, no extension needed). The column's
 * volatile default gives each existing order its own token as the table is rewritten, and every
 * new order one, whatever path inserts it. Row-level security of `orders` covers the column; the
 * token is revoked with the order (hidden_at), never reused.
 */
export class PublicTrackingTokens1768500000000 implements MigrationInterface {
  name = 'PublicTrackingTokens1768500000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`CREATE OR REPLACE FUNCTION "public_tracking_token"() RETURNS varchar LANGUAGE sql VOLATILE AS $$
      SELECT translate(encode(substring(uuid_send(gen_random_uuid()) FROM 1 FOR 6)
        || substring(uuid_send(gen_random_uuid()) FROM 1 FOR 6)
        || substring(uuid_send(gen_random_uuid()) FROM 1 FOR 6), 'base64'), '+/', '-_')
    $$`);
    await qr.query(`ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "public_token" varchar(24) NOT NULL DEFAULT "public_tracking_token"()`);
    await qr.query(`CREATE UNIQUE INDEX IF NOT EXISTS "orders_public_token" ON "orders" ("public_token")`);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`DROP INDEX IF EXISTS "orders_public_token"`);
    await qr.query(`ALTER TABLE "orders" DROP COLUMN IF EXISTS "public_token"`);
    await qr.query(`DROP FUNCTION IF EXISTS "public_tracking_token"()`);
  }
}
