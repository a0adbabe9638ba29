import type { Db } from '@portal/db';
import { FileStorage, LocalFileStorage, PNG } from '@portal/files';
import sharp from 'sharp';
import { DEMO_FEVER_DEPOSITOR, DEMO_PLANS, DEMO_PROBES, DEMO_ZONES, type DemoPlan } from './fixtures';

const WIDTH = 1600;
const HEIGHT = 1000;

/**
 * The demo's zones, plans (with their images) and probes from fixtures.ts, for DEMO-B. Run again
 * it changes nothing: zones by code, plans by name and probes by MAC are kept as they are.
 */
export async function seedFeverSetup(db: Db, files: FileStorage = new LocalFileStorage()): Promise<void> {
  const zones = new Map<string, number>();
  for (const z of DEMO_ZONES) {
    await db.system.query(
      `INSERT INTO zones (depositor_id, platform_id, code, label, min_temperature, max_temperature, max_humidity)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (depositor_id, platform_id, code) DO NOTHING`,
      [DEMO_FEVER_DEPOSITOR, z.platformId, z.code, z.label, z.minTemperature, z.maxTemperature, z.maxHumidity],
    );
    const [row] = await db.system.query<{ id: number }>(`SELECT id FROM zones WHERE depositor_id = $1 AND platform_id = $2 AND code = $3`, [
      DEMO_FEVER_DEPOSITOR,
      z.platformId,
      z.code,
    ]);
    zones.set(z.code, row.id);
  }
  const plans = new Map<DemoPlan['key'], number>();
  for (const p of DEMO_PLANS) plans.set(p.key, await demoPlan(db, files, p));
  for (const p of DEMO_PROBES) {
    const zone = DEMO_ZONES.find((z) => z.code === p.zone)!;
    await db.system.query(
      `INSERT INTO probes (mac, label, zone_id, depositor_id, platform_id, plan_id, x, y, voltage)
       VALUES ($1::macaddr, $2, $3, $4, $5, $6, $7, $8, 3.6) ON CONFLICT (mac) DO NOTHING`,
      [p.mac, p.label, zones.get(p.zone), DEMO_FEVER_DEPOSITOR, zone.platformId, plans.get(p.plan), p.x, p.y],
    );
  }
}

async function demoPlan(db: Db, files: FileStorage, plan: DemoPlan): Promise<number> {
  const [existing] = await db.system.query<{ id: number }>(`SELECT id FROM plans WHERE depositor_id = $1 AND name = $2`, [
    DEMO_FEVER_DEPOSITOR,
    plan.name,
  ]);
  if (existing) return existing.id;
  const image = await sharp(Buffer.from(plan.key === 'saran' ? saranSvg() : lesquinSvg()))
    .png({ compressionLevel: 9 })
    .toBuffer();
  const stored = await files.put(image, { folder: 'fever/plans', maxBytes: 16 * 1024 * 1024, accept: [PNG] });
  const [row] = await db.system.query<{ id: number }>(
    `INSERT INTO plans (depositor_id, platform_id, name, image_key, width, height) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [DEMO_FEVER_DEPOSITOR, plan.platformId, plan.name, stored.key, WIDTH, HEIGHT],
  );
  return row.id;
}

// ---- The plan drawings: a warehouse seen from above, in fractions of the image as the probes are placed ----

const px = (f: number, side: number) => Math.round(f * side);
const FONT = `font-family="DejaVu Sans, Arial, sans-serif"`;

function room(x0: number, y0: number, x1: number, y1: number, fill: string, stroke: string, label: string, sub: string): string {
  const [x, y, w, h] = [px(x0, WIDTH), px(y0, HEIGHT), px(x1 - x0, WIDTH), px(y1 - y0, HEIGHT)];
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}" stroke="${stroke}" stroke-width="6"/>
    <text x="${x + 18}" y="${y + 40}" ${FONT} font-size="30" font-weight="bold" fill="#263238">${label}</text>
    <text x="${x + 18}" y="${y + 74}" ${FONT} font-size="22" fill="#455a64">${sub}</text>`;
}

/** Rack rows: long grey rectangles with their aisle names. */
function racks(x0: number, x1: number, ys: number[], names: string[]): string {
  return ys
    .map((y, i) => {
      const [x, w, top] = [px(x0, WIDTH), px(x1 - x0, WIDTH), px(y, HEIGHT)];
      return `<rect x="${x}" y="${top}" width="${w}" height="34" fill="#b0bec5" stroke="#78909c" stroke-width="2"/>
        ${Array.from({ length: Math.floor(w / 60) }, (_, k) => `<line x1="${x + k * 60}" y1="${top}" x2="${x + k * 60}" y2="${top + 34}" stroke="#90a4ae"/>`).join('')}
        <text x="${x + 8}" y="${top + 25}" ${FONT} font-size="18" fill="#37474f">${names[i] ?? ''}</text>`;
    })
    .join('');
}

/** Dock doors along the bottom (or the right) wall, numbered. */
function docks(count: number, from: number, to: number, side: 'bottom' | 'right'): string {
  const step = (to - from) / count;
  return Array.from({ length: count }, (_, i) => {
    const f = from + step * (i + 0.15);
    if (side === 'bottom') {
      const [x, y] = [px(f, WIDTH), HEIGHT - 44];
      return `<rect x="${x}" y="${y}" width="${px(step * 0.7, WIDTH)}" height="30" fill="#ffb74d" stroke="#e65100" stroke-width="3"/>
        <text x="${x + 10}" y="${y + 23}" ${FONT} font-size="18" fill="#3e2723">Quai ${i + 1}</text>`;
    }
    const [x, y] = [WIDTH - 46, px(f, HEIGHT)];
    return `<rect x="${x}" y="${y}" width="32" height="${px(step * 0.7, HEIGHT)}" fill="#ffb74d" stroke="#e65100" stroke-width="3"/>
      <text x="${x - 96}" y="${y + 30}" ${FONT} font-size="18" fill="#3e2723">Porte ${i + 1}</text>`;
  }).join('');
}

function frame(title: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
    <rect width="100%" height="100%" fill="#fafafa"/>
    <rect x="20" y="20" width="${WIDTH - 40}" height="${HEIGHT - 40}" fill="#eceff1" stroke="#37474f" stroke-width="10"/>
    ${body}
    <text x="${WIDTH - 30}" y="${HEIGHT - 60}" text-anchor="end" ${FONT} font-size="20" fill="#607d8b">${title}</text>
    <g transform="translate(${WIDTH - 90}, 90)"><circle r="34" fill="#fff" stroke="#607d8b" stroke-width="3"/>
      <path d="M0,-26 L9,6 L0,0 L-9,6 Z" fill="#37474f"/><text y="26" text-anchor="middle" ${FONT} font-size="16" fill="#37474f">N</text></g>
  </svg>`;
}

function saranSvg(): string {
  return frame(
    'ORL1 – Saran, bâtiment B – échelle 1:500',
    `${room(0.04, 0.08, 0.5, 0.88, '#e3f2fd', '#1565c0', 'Chambre froide 2–8 °C', 'FROID-2-8 – produits de santé')}
    ${racks(0.08, 0.46, [0.32, 0.44, 0.68], ['Allée A', 'Allée B', 'Allée C'])}
    <rect x="${px(0.08, WIDTH)}" y="${px(0.22, HEIGHT)}" width="90" height="60" fill="#fff" stroke="#1565c0" stroke-width="3"/>
    <text x="${px(0.08, WIDTH) + 10}" y="${px(0.22, HEIGHT) + 36}" ${FONT} font-size="18" fill="#1565c0">Sas</text>
    ${room(0.55, 0.08, 0.96, 0.88, '#fff8e1', '#f9a825', 'Zone tempérée 15–25 °C', 'TEMP-15-25 – stockage ambiant')}
    ${racks(0.6, 0.92, [0.22, 0.38, 0.54, 0.62], ['Rack 12', 'Rack 18', 'Rack 24', 'Rack 30'])}
    <rect x="${px(0.5, WIDTH)}" y="${px(0.08, HEIGHT)}" width="${px(0.05, WIDTH)}" height="${px(0.8, HEIGHT)}" fill="#cfd8dc"/>
    <text x="${px(0.525, WIDTH)}" y="${px(0.5, HEIGHT)}" ${FONT} font-size="18" fill="#455a64" text-anchor="middle" transform="rotate(-90 ${px(0.525, WIDTH)} ${px(0.5, HEIGHT)})">Circulation</text>
    ${docks(6, 0.05, 0.95, 'bottom')}`,
  );
}

function lesquinSvg(): string {
  return frame(
    'LIL1 – Lesquin, CRT – échelle 1:400',
    `${room(0.04, 0.08, 0.5, 0.92, '#e3f2fd', '#1565c0', 'Chambre froide 2–8 °C', 'FROID-LIL1')}
    ${racks(0.08, 0.46, [0.4, 0.64], ['Allée 1', 'Allée 2'])}
    ${room(0.5, 0.08, 0.62, 0.92, '#f5f5f5', '#90a4ae', 'Prépa.', '')}
    ${room(0.62, 0.08, 0.96, 0.92, '#fbe9e7', '#d84315', 'Quai de chargement', 'QUAI-LIL1 – 0–30 °C')}
    <rect x="${px(0.66, WIDTH)}" y="${px(0.3, HEIGHT)}" width="${px(0.18, WIDTH)}" height="${px(0.12, HEIGHT)}" fill="#d7ccc8" stroke="#8d6e63" stroke-width="2"/>
    <text x="${px(0.67, WIDTH)}" y="${px(0.37, HEIGHT)}" ${FONT} font-size="18" fill="#4e342e">Zone d’attente palettes</text>
    ${docks(5, 0.1, 0.9, 'right')}`,
  );
}
