// The benchmarks' big recipient book (Huby address picker, Geo-order map).
import { queryOnce } from './platform.mjs';

/** 100,000 recipient addresses for DEMO-A, names, codes, postcodes and towns spread like a real book. */
export async function fillAddressBook(hubyUrl, count, log) {
  const started = Date.now();
  await queryOnce(
    hubyUrl,
    `INSERT INTO addresses (depositor_id, depositor_code, book, code, company_name, contact_name, address_type, address1, zip, town, country,
       email, customer_code, is_favorite)
     SELECT 1, 'DEMO-A', 'recipient', 'B' || lpad(i::text, 6, '0'),
       (ARRAY['Pharmacie', 'Parfumerie', 'Clinique', 'Boulangerie', 'Garage', 'Librairie', 'Optique', 'Cave', 'Fleuriste', 'Quincaillerie'])[1 + i % 10]
         || ' ' || (ARRAY['du Centre', 'de la Gare', 'des Halles', 'Saint-Michel', 'du Port', 'Bellecour', 'Rivoli', 'du Marché'])[1 + (i / 10) % 8]
         || ' ' || i,
       (ARRAY['Camille', 'Louis', 'Chloé', 'Hugo', 'Léa', 'Lucas'])[1 + i % 6] || ' ' || (ARRAY['Martin', 'Bernard', 'Durand', 'Petit', 'Moreau'])[1 + i % 5],
       CASE WHEN i % 3 = 0 THEN 'B2C' ELSE 'B2B' END, (1 + i % 150) || ' rue de la République',
       lpad(((1000 + (i * 7919) % 94000))::text, 5, '0'),
       (ARRAY['PARIS', 'LYON', 'MARSEILLE', 'TOULOUSE', 'NANTES', 'LILLE', 'BORDEAUX', 'RENNES', 'REIMS', 'DIJON'])[1 + (i / 7) % 10],
       'FR', 'client' || i || '@client.example', 'CLI' || lpad(i::text, 7, '0'), i % 997 = 0
     FROM generate_series(1, $1::int) i`,
    [count],
  );
  await queryOnce(hubyUrl, 'VACUUM ANALYZE addresses');
  log(`address book: ${count.toLocaleString('en')} recipient addresses for DEMO-A in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
