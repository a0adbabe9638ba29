import type { GeoPoint } from '@portal/contracts';
import { FR_POSTCODES } from './fr-postcodes';

/** The bundled postcode tables, by ISO country code (only France has one for now). */
const TABLES: Record<string, string> = { FR: FR_POSTCODES };
const parsed = new Map<string, Map<string, GeoPoint>>();

function table(country: string): Map<string, GeoPoint> | undefined {
  if (!Object.hasOwn(TABLES, country)) return undefined;
  let points = parsed.get(country);
  if (!points) {
    points = new Map();
    for (const entry of TABLES[country].split(';')) {
      const [code, at] = entry.split(':');
      const [lat, lon] = at.split(',').map(Number);
      points.set(code, { lat, lon });
    }
    parsed.set(country, points);
  }
  return points;
}

/**
 * Where a postcode lies (its communes' centre), from the bundled table of its country; null when the
 * country has no table or the code is not in it: such an address stays off the map.
 */
export function coordinatesOf(country: string | null | undefined, zip: string | null | undefined): GeoPoint | null {
  const points = table(
    String(country ?? '')
      .trim()
      .toUpperCase(),
  );
  if (!points) return null;
  return points.get(String(zip ?? '').replace(/\s+/g, '')) ?? null;
}
