import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The list's order (favourites first, then by name) and the prefix searches' columns, each read in index order. */
const BOOK_ORDERS = {
  addresses_book_list_order: '"is_favorite" DESC, "search_name", "uuid"',
  addresses_book_name: '"search_name", "uuid"',
  addresses_book_code: '"code", "uuid"',
  addresses_book_zip: '"zip", "uuid"',
  addresses_book_town: '"search_town", "uuid"',
};

/**
 * The address lists (GET /dashtower/address/all, /geo-order/address/all) read their first rows in
 * index order instead of sorting the book: with no search, favourites first then by name (per
 * depositor: one depositor or a platform's recipients); and over the whole book, for a user of
 * several depositors, whose scope is a list that the per-depositor indexes cannot merge in order (at
 * 100,000 addresses, 130 ms sorted; a prefix search such as "P" 50 ms; both a few ms from these).
 */
export class AddressListOrder1765800000000 implements MigrationInterface {
  name = 'AddressListOrder1765800000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(
      `CREATE INDEX "addresses_list_order" ON "addresses" ("depositor_id", "book", "is_favorite" DESC, "search_name", "uuid") WHERE "deleted_at" IS NULL`,
    );
    for (const [name, columns] of Object.entries(BOOK_ORDERS))
      await qr.query(`CREATE INDEX "${name}" ON "addresses" ("book", ${columns}) WHERE "deleted_at" IS NULL`);
  }

  async down(qr: QueryRunner): Promise<void> {
    for (const name of Object.keys(BOOK_ORDERS).reverse()) await qr.query(`DROP INDEX "${name}"`);
    await qr.query(`DROP INDEX "addresses_list_order"`);
  }
}
