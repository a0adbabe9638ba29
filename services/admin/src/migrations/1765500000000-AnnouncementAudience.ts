import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An announcement's audience: the rights a reader must hold one of (empty: every signed-in user), so
 * that news of a feature only reaches those who can use it.
 */
export class AnnouncementAudience1765500000000 implements MigrationInterface {
  name = 'AnnouncementAudience1765500000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`ALTER TABLE "announcements" ADD "roles" text[] NOT NULL DEFAULT '{}'`);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`ALTER TABLE "announcements" DROP "roles"`);
  }
}
