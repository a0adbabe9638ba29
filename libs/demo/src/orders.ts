import { lotNumber, pick, prng, serialNumber, type DemoArticle } from './catalogue';

/** How a demo order ends (drives the tracking status mix of the demo data). */
export type DemoOutcome = 'delivered' | 'in-transit' | 'preparing' | 'anomaly' | 'returned' | 'partial' | 'canceled';

export interface DemoOrderLine {
  reference: string;
  label: string;
  quantityOrdered: number;
  /** What left the warehouse (less than ordered on a partial preparation; 0 when canceled or not shipped yet). */
  quantitySent: number;
  lot: string | null;
  bestBefore: string | null;
  serials: string[];
  storeId: number;
}

export interface DemoOrder {
  /** Sequence number, stable for a given seed. */
  n: number;
  reference: string;
  customerReference: string;
  depositorId: number;
  platformId: number;
  activityCode: string;
  createdAt: Date;
  /** Null while not shipped (preparing) or when canceled. */
  shippedAt: Date | null;
  deliveredAt: Date | null;
  promisedDeliveryAt: Date;
  outcome: DemoOutcome;
  carrier: { code: string; name: string; kind: 'parcel' | 'pallet' | 'charter' };
  trackingNumbers: string[];
  recipient: { company: string; name: string; address1: string; zip: string; town: string; country: string; phone: string; email: string };
  lines: DemoOrderLine[];
}

/** Demo reference data shared by the services demo seeds. */
export const DEMO_CARRIERS = [
  { code: 'COLISSIMO', name: 'Colissimo', kind: 'parcel' as const },
  { code: 'CHRONOPOST', name: 'Chronopost', kind: 'parcel' as const },
  { code: 'DPD', name: 'DPD France', kind: 'parcel' as const },
  { code: 'GLS', name: 'GLS', kind: 'parcel' as const },
  { code: 'UPS', name: 'UPS', kind: 'parcel' as const },
  { code: 'GEODIS', name: 'Geodis Messagerie', kind: 'pallet' as const },
  { code: 'SCHENKER', name: 'DB Schenker', kind: 'pallet' as const },
  { code: 'HEPPNER', name: 'Heppner', kind: 'pallet' as const },
  { code: 'AFFRET', name: 'Affrètement direct', kind: 'charter' as const },
];

/** Demo reference data shared by the services demo seeds. */
export const DEMO_TOWNS: [string, string][] = [
  ['75011', 'PARIS'],
  ['69003', 'LYON'],
  ['13008', 'MARSEILLE'],
  ['31000', 'TOULOUSE'],
  ['06000', 'NICE'],
  ['44000', 'NANTES'],
  ['67000', 'STRASBOURG'],
  ['34000', 'MONTPELLIER'],
  ['33000', 'BORDEAUX'],
  ['59000', 'LILLE'],
  ['35000', 'RENNES'],
  ['51100', 'REIMS'],
  ['76600', 'LE HAVRE'],
  ['42000', 'SAINT-ETIENNE'],
  ['83000', 'TOULON'],
  ['38000', 'GRENOBLE'],
  ['21000', 'DIJON'],
  ['49000', 'ANGERS'],
  ['37000', 'TOURS'],
  ['63000', 'CLERMONT-FERRAND'],
  ['87000', 'LIMOGES'],
  ['80000', 'AMIENS'],
  ['57000', 'METZ'],
  ['45000', 'ORLEANS'],
];
export const DEMO_FOREIGN: [string, string, string][] = [
  ['1000', 'BRUXELLES', 'BE'],
  ['28013', 'MADRID', 'ES'],
  ['20121', 'MILANO', 'IT'],
  ['10115', 'BERLIN', 'DE'],
  ['1204', 'GENEVE', 'CH'],
  ['1011', 'AMSTERDAM', 'NL'],
];
/** Demo reference data shared by the services demo seeds. */
export const DEMO_COMPANIES = [
  'Pharmacie du Centre',
  'Parfumerie Rivoli',
  'Clinique Saint-Joseph',
  'Boulanger',
  'Darty Pro',
  'Galeries du Rhône',
  'Hôpital Nord',
  'Officine Bellecour',
  'Électro Dépôt',
  'Maison Duval',
  'SARL Martin Distribution',
  'Beauté Privée',
  'Centre Hospitalier Régional',
  'Informatique Services',
];
/** Demo reference data shared by the services demo seeds. */
export const DEMO_FIRST = [
  'Camille',
  'Louis',
  'Chloé',
  'Hugo',
  'Léa',
  'Lucas',
  'Manon',
  'Jules',
  'Inès',
  'Nathan',
  'Sarah',
  'Thomas',
  'Emma',
  'Arthur',
];
/** Demo reference data shared by the services demo seeds. */
export const DEMO_LAST = [
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
  'Simon',
  'Laurent',
  'Lefebvre',
  'Michel',
  'Garcia',
];
/** Demo reference data shared by the services demo seeds. */
export const DEMO_STREETS = [
  'rue de la République',
  'avenue Jean Jaurès',
  'boulevard Victor Hugo',
  'rue du Commerce',
  'allée des Tilleuls',
  'place de la Gare',
  'rue Pasteur',
  'zone artisanale des Prés',
];
const ACTIVITIES: Record<number, string[]> = { 1: ['B2B', 'B2C', 'ECOM'], 2: ['B2B', 'HOSP', 'XDOCK'], 3: ['B2B', 'ECOM', 'SAV', 'XDOCK'] };

const DAY = 86_400_000;

function trackingNumber(rand: () => number, carrier: string): string {
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(rand() * 10)).join('');
  switch (carrier) {
    case 'COLISSIMO':
      return `6A${digits(11)}`;
    case 'CHRONOPOST':
      return `XW${digits(9)}FR`;
    case 'UPS':
      return `1Z${Array.from({ length: 16 }, () => '0123456789ABCDEFGHJKLMNPRSTUVWXYZ'[Math.floor(rand() * 33)]).join('')}`;
    case 'DPD':
      return `0${digits(13)}`;
    case 'GLS':
      return `${digits(11)}`;
    default:
      return `${carrier.slice(0, 3)}${digits(10)}`;
  }
}

function outcomeFor(rand: () => number, ageDays: number): DemoOutcome {
  if (ageDays < 1) return rand() < 0.85 ? 'preparing' : 'canceled';
  if (ageDays < 4) {
    const r = rand();
    return r < 0.55 ? 'in-transit' : r < 0.9 ? 'delivered' : r < 0.95 ? 'anomaly' : 'preparing';
  }
  const r = rand();
  return r < 0.9 ? 'delivered' : r < 0.93 ? 'anomaly' : r < 0.955 ? 'returned' : r < 0.985 ? 'partial' : 'canceled';
}

/**
 * The demo orders, oldest first, spread over `months` up to `now` with the seasonal peak of
 * November and December. The same arguments always give the same orders, so the tracking demo and
 * the stock movements (exits = sent lines) agree.
 */
export function* demoOrders(
  catalogue: DemoArticle[],
  options: { count: number; now: Date; months?: number; seed?: number },
): Generator<DemoOrder> {
  const rand = prng(options.seed ?? 4242);
  const months = options.months ?? 18;
  const end = options.now.getTime();
  const start = end - months * 30 * DAY;
  const byDepositor = new Map<number, DemoArticle[]>();
  for (const a of catalogue) byDepositor.set(a.depositorId, [...(byDepositor.get(a.depositorId) ?? []), a]);
  const depositors = [...byDepositor.keys()];
  const serialCounters = new Map<string, number>();
  // Even spacing with a seasonal weight: more orders per day in November and December.
  const weights: number[] = [];
  for (let t = start; t < end; t += DAY) weights.push([10, 11].includes(new Date(t).getUTCMonth()) ? 1.6 : 1);
  const total = weights.reduce((a, b) => a + b, 0);
  let n = 0;
  let cumulated = 0;
  for (let day = 0; day < weights.length; day++) {
    cumulated += weights[day];
    const quota = Math.round((cumulated / total) * options.count) - n;
    for (let k = 0; k < quota; k++) {
      n += 1;
      const depositorId = depositors[n % depositors.length];
      const articles = byDepositor.get(depositorId)!;
      // Nothing after `now`: today's orders were taken before it, and one whose shipping would come later is still preparing.
      const createdAt = new Date(Math.min(start + day * DAY + (7 + rand() * 11) * 3_600_000, end - 60_000));
      const ageDays = (end - createdAt.getTime()) / DAY;
      let outcome = outcomeFor(rand, ageDays);
      const carrier = pick(rand, DEMO_CARRIERS);
      let shipped = outcome !== 'preparing' && outcome !== 'canceled';
      let shippedAt = shipped ? new Date(createdAt.getTime() + (4 + rand() * 30) * 3_600_000) : null;
      if (shippedAt && shippedAt.getTime() > end) {
        shipped = false;
        shippedAt = null;
        outcome = 'preparing';
      }
      const transitDays = carrier.kind === 'parcel' ? 1 + Math.floor(rand() * 2) : 2 + Math.floor(rand() * 3);
      const promisedDeliveryAt = new Date(createdAt.getTime() + (transitDays + 1) * DAY);
      const delivered = outcome === 'delivered' || outcome === 'partial';
      let deliveredAt = delivered && shippedAt ? new Date(shippedAt.getTime() + (transitDays + (rand() < 0.08 ? 2 : 0)) * DAY) : null;
      // A recent order drawn as delivered whose transit would end after `now` is still on its way.
      if (deliveredAt && deliveredAt.getTime() > end) {
        outcome = 'in-transit';
        deliveredAt = null;
      }
      const abroad = rand() < 0.12;
      const [zip, town, country] = abroad ? pick(rand, DEMO_FOREIGN) : [...pick(rand, DEMO_TOWNS), 'FR'];
      const lineCount = 1 + Math.floor(rand() ** 2 * 6);
      const lines: DemoOrderLine[] = [];
      const mainPlatform = articles[0].platformIds[0];
      for (let l = 0; l < lineCount; l++) {
        const article = pick(rand, articles);
        const quantityOrdered = article.serialized ? 1 + Math.floor(rand() * 3) : article.perBox * (1 + Math.floor(rand() * 4));
        const quantitySent = !shipped ? 0 : outcome === 'partial' && l === 0 ? Math.max(0, quantityOrdered - 1) : quantityOrdered;
        const serials: string[] = [];
        if (article.serialized) {
          for (let s = 0; s < quantitySent; s++) {
            const next = (serialCounters.get(article.reference) ?? 0) + 1;
            serialCounters.set(article.reference, next);
            serials.push(serialNumber(article, next));
          }
        }
        const lotDate = new Date(createdAt.getTime() - (20 + rand() * 200) * DAY);
        lines.push({
          reference: article.reference,
          label: article.label,
          quantityOrdered,
          quantitySent,
          lot: article.lotControlled ? lotNumber(rand, lotDate) : null,
          bestBefore: article.bestBeforeMonths
            ? new Date(lotDate.getTime() + article.bestBeforeMonths * 30 * DAY).toISOString().slice(0, 10)
            : null,
          serials,
          storeId: article.storeIds[0],
        });
      }
      const company = pick(rand, DEMO_COMPANIES);
      const first = pick(rand, DEMO_FIRST);
      const last = pick(rand, DEMO_LAST);
      const parcels = carrier.kind === 'parcel' ? 1 + Math.floor(rand() * 3) : 1;
      yield {
        n,
        reference: `CMD${String(depositorId)}${String(n).padStart(8, '0')}`,
        customerReference: `PO-${createdAt.getUTCFullYear()}-${String(Math.floor(rand() * 900000) + 100000)}`,
        depositorId,
        platformId: mainPlatform,
        activityCode: pick(rand, ACTIVITIES[depositorId] ?? ['B2B']),
        createdAt,
        shippedAt,
        deliveredAt,
        promisedDeliveryAt,
        outcome,
        carrier,
        trackingNumbers: shipped ? Array.from({ length: parcels }, () => trackingNumber(rand, carrier.code)) : [],
        recipient: {
          company,
          name: `${first} ${last}`,
          address1: `${1 + Math.floor(rand() * 120)} ${pick(rand, DEMO_STREETS)}`,
          zip,
          town,
          country,
          phone: `0${1 + Math.floor(rand() * 5)}${String(Math.floor(rand() * 1e8)).padStart(8, '0')}`,
          email: `${first}.${last}@${company
            .toLowerCase()
            .replace(/[^a-z]+/g, '-')
            .replace(/^-|-$/g, '')}.example`.toLowerCase(),
        },
        lines,
      };
    }
  }
}
