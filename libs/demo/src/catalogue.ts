/**
 * The demo article catalogue shared by the tracking and stock demo data, so that stock exits match
 * shipped order lines. Deterministic: the same seed always gives the same catalogue.
 */

/** Small, fast, seedable PRNG (mulberry32): demo data must be the same on every machine. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(rand: () => number, items: readonly T[]): T => items[Math.floor(rand() * items.length)];

/** EAN-13 with its GS1 check digit, from a 12-digit body. */
export function ean13(body: string): string {
  const digits = body.padStart(12, '0').slice(-12);
  const sum = [...digits].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return digits + String((10 - (sum % 10)) % 10);
}

export interface DemoArticle {
  depositorId: number;
  reference: string;
  label: string;
  family1: string;
  family2: string;
  barcode: string;
  /** Units per box, boxes per carton, cartons per pallet. */
  perBox: number;
  perCarton: number;
  perPallet: number;
  unitWeightKg: number;
  unitPrice: number;
  lotControlled: boolean;
  bestBeforeMonths: number | null;
  serialized: boolean;
  newProduct: boolean;
  hazardous: { unCode: string; name: string; class: string; netMassKg: number } | null;
  /** Stores (admin demo ids) where the article is kept, first = main one. */
  storeIds: number[];
  /** Platforms of those stores. */
  platformIds: number[];
}

interface Sector {
  depositorId: number;
  code: string;
  families: { family1: string; family2: string[]; words: string[] }[];
  storeIds: number[];
  platformIds: number[];
  lotControlled: boolean;
  bestBeforeMonths: number | null;
  /** Every article serial-numbered, or only those of these sub-families (medical devices: UDI serials). */
  serialized: boolean | string[];
  price: [number, number];
  weight: [number, number];
  hazardous: { unCode: string; name: string; class: string; family2: string }[];
}

const SECTORS: Sector[] = [
  {
    depositorId: 1,
    code: 'DEMO-A',
    families: [
      {
        family1: 'SOIN',
        family2: ['VISAGE', 'CORPS', 'SOLAIRE'],
        words: ['Crème hydratante', 'Sérum éclat', 'Baume réparateur', 'Lait corps', 'Gel nettoyant', 'Huile sèche'],
      },
      {
        family1: 'PARFUM',
        family2: ['EAU-DE-PARFUM', 'EAU-DE-TOILETTE', 'BRUME'],
        words: ['Eau de parfum', 'Eau de toilette', 'Brume parfumée', 'Coffret découverte'],
      },
      {
        family1: 'MAQUILLAGE',
        family2: ['TEINT', 'YEUX', 'LEVRES'],
        words: ['Fond de teint', 'Mascara', 'Rouge à lèvres', 'Poudre libre', 'Crayon khôl'],
      },
    ],
    storeIds: [1, 2, 3],
    platformIds: [1, 8, 16],
    lotControlled: true,
    bestBeforeMonths: 30,
    serialized: false,
    price: [3.5, 65],
    weight: [0.05, 0.6],
    hazardous: [
      { unCode: '1266', name: 'Produits de parfumerie', class: '3', family2: 'EAU-DE-PARFUM' },
      { unCode: '1950', name: 'Aérosols inflammables', class: '2.1', family2: 'BRUME' },
    ],
  },
  {
    depositorId: 2,
    code: 'DEMO-B',
    families: [
      {
        family1: 'FROID',
        family2: ['VACCIN', 'INSULINE', 'BIOTHERAPIE'],
        words: ['Vaccin grippal', 'Insuline rapide', 'Stylo injecteur', 'Anticorps monoclonal'],
      },
      {
        family1: 'AMBIANT',
        family2: ['ANTALGIQUE', 'ANTIBIOTIQUE', 'DERMATO'],
        words: ['Paracétamol 1 g', 'Amoxicilline 500 mg', 'Ibuprofène 400 mg', 'Crème dermique', 'Sirop pédiatrique'],
      },
      {
        family1: 'DISPOSITIF',
        family2: ['PANSEMENT', 'DIAGNOSTIC'],
        words: ['Pansement stérile', 'Test antigénique', 'Bandelettes glycémie', 'Seringue 5 ml'],
      },
    ],
    storeIds: [4, 5, 6],
    platformIds: [12, 12, 10],
    lotControlled: true,
    bestBeforeMonths: 24,
    serialized: ['DIAGNOSTIC'],
    price: [1.2, 180],
    weight: [0.02, 0.4],
    hazardous: [{ unCode: '1170', name: 'Éthanol en solution', class: '3', family2: 'DERMATO' }],
  },
  {
    depositorId: 3,
    code: 'DEMO-C',
    families: [
      {
        family1: 'AUDIO',
        family2: ['CASQUE', 'ENCEINTE'],
        words: ['Casque sans fil', 'Écouteurs Bluetooth', 'Enceinte portable', 'Barre de son'],
      },
      {
        family1: 'INFORMATIQUE',
        family2: ['PORTABLE', 'ACCESSOIRE', 'RESEAU'],
        words: ['Ordinateur portable 14"', 'Station d’accueil USB-C', 'Routeur Wi-Fi 6', 'Clavier sans fil', 'Écran 27"'],
      },
      {
        family1: 'ENERGIE',
        family2: ['BATTERIE', 'CHARGEUR'],
        words: ['Batterie externe 20 000 mAh', 'Chargeur rapide 65 W', 'Batterie lithium-ion outillage'],
      },
    ],
    storeIds: [7, 8, 9],
    platformIds: [5, 14, 5],
    lotControlled: false,
    bestBeforeMonths: null,
    serialized: true,
    price: [9, 1450],
    weight: [0.08, 3.2],
    hazardous: [{ unCode: '3480', name: 'Piles au lithium ionique', class: '9', family2: 'BATTERIE' }],
  },
];

/** ~2,000 articles: about 670 per demo depositor, with their variants' packing and storage. */
export function demoCatalogue(perDepositor = 670, seed = 2026): DemoArticle[] {
  const articles: DemoArticle[] = [];
  for (const sector of SECTORS) {
    const rand = prng(seed + sector.depositorId);
    for (let n = 1; n <= perDepositor; n++) {
      const family = pick(rand, sector.families);
      const family2 = pick(rand, family.family2);
      const word = pick(rand, family.words);
      const variant = ['30 ml', '50 ml', '100 ml', 'lot de 3', 'format voyage', 'noir', 'blanc', 'édition 2026'][Math.floor(rand() * 8)];
      const hazard = sector.hazardous.find((h) => h.family2 === family2 && rand() < 0.6) ?? null;
      const perBox = pick(rand, [1, 6, 10, 12, 24]);
      const perCarton = pick(rand, [4, 6, 8]);
      const weight = sector.weight[0] + rand() * (sector.weight[1] - sector.weight[0]);
      const main = Math.floor(rand() * sector.storeIds.length);
      const second = (main + 1) % sector.storeIds.length;
      const storeIds = rand() < 0.35 ? [sector.storeIds[main], sector.storeIds[second]] : [sector.storeIds[main]];
      articles.push({
        depositorId: sector.depositorId,
        reference: `${sector.code.slice(-1)}${family.family1.slice(0, 3)}-${String(n).padStart(5, '0')}`,
        label: `${word} ${variant}`,
        family1: family.family1,
        family2,
        barcode: ean13(`37${sector.depositorId}${String(n).padStart(9, '0')}`),
        perBox,
        perCarton,
        perPallet: pick(rand, [20, 30, 40, 48]),
        unitWeightKg: Math.round(weight * 1000) / 1000,
        unitPrice: Math.round((sector.price[0] + rand() ** 2 * (sector.price[1] - sector.price[0])) * 100) / 100,
        lotControlled: sector.lotControlled,
        bestBeforeMonths: sector.bestBeforeMonths,
        serialized: Array.isArray(sector.serialized)
          ? sector.serialized.includes(family2)
          : sector.serialized && family.family1 !== 'ENERGIE',
        newProduct: n > perDepositor - 25,
        hazardous: hazard
          ? { unCode: hazard.unCode, name: hazard.name, class: hazard.class, netMassKg: Math.round(weight * perBox * 100) / 100 }
          : null,
        storeIds,
        platformIds: storeIds.map((id) => sector.platformIds[sector.storeIds.indexOf(id)]),
      });
    }
  }
  return articles;
}

/** A lot number as the warehouses print them: year, week, line. */
export function lotNumber(rand: () => number, date: Date): string {
  const week = Math.ceil(((date.getTime() - Date.UTC(date.getUTCFullYear(), 0, 1)) / 86400000 + 1) / 7);
  return `L${String(date.getUTCFullYear()).slice(-2)}${String(week).padStart(2, '0')}${String.fromCharCode(65 + Math.floor(rand() * 6))}${Math.floor(rand() * 90 + 10)}`;
}

/** A serial number for a serialized article (electronics, diagnostic devices). */
export function serialNumber(article: DemoArticle, index: number): string {
  return `SN${article.reference.replace(/[^A-Z0-9]/g, '')}${String(index).padStart(7, '0')}`;
}

/** The stores (magasins) of the demo depositors, as the back office seeds them: rows carry their codes. */
export const DEMO_STORES: { id: number; depositorId: number; platformId: number; code: string; label: string }[] = [
  { id: 1, depositorId: 1, platformId: 1, code: 'MAG-LYS1', label: 'Magasin cosmétiques Saint-Priest' },
  { id: 2, depositorId: 1, platformId: 8, code: 'MAG-MLV1', label: 'Magasin e-commerce Bussy-Saint-Georges' },
  { id: 3, depositorId: 1, platformId: 16, code: 'ADR-FOS1', label: 'Cellule aérosols et parfums (ADR) Fos-sur-Mer' },
  { id: 4, depositorId: 2, platformId: 12, code: 'FROID-2-8', label: 'Zone froide 2–8 °C Saran' },
  { id: 5, depositorId: 2, platformId: 12, code: 'TEMP-15-25', label: 'Zone tempérée 15–25 °C Saran' },
  { id: 6, depositorId: 2, platformId: 10, code: 'FROID-LIL1', label: 'Zone froide 2–8 °C Lesquin' },
  { id: 7, depositorId: 3, platformId: 5, code: 'MAG-ROI1', label: 'Magasin électronique Roissy' },
  { id: 8, depositorId: 3, platformId: 14, code: 'IMP-HAV1', label: 'Magasin import conteneurs Le Havre' },
  { id: 9, depositorId: 3, platformId: 5, code: 'SAV-ROI1', label: 'Retours et réparations Roissy' },
];

/** Store code by store id. */
export const DEMO_STORE_CODES: Record<number, string> = Object.fromEntries(DEMO_STORES.map((s) => [s.id, s.code]));
