/** Huby limits (spec §5, §9). */
export const HUBY_LIMITS = {
  /** A shipment is duplicated 1 to 50 times at once. */
  maxDuplicates: 50,
  /** Addresses answered by GET /dashtower/address/all when no limit is given, and at most. */
  addressListDefault: 50,
  addressListMax: 200,
  /** A carrier with the shipping-window rule takes shipments at most this many days ahead. */
  shippingWindowDays: 10,
  /** Packings per shipment and packages per packing line. */
  maxPackings: 99,
  maxPackagesPerLine: 999,
  maxPageSize: 200,
} as const;

/** Codes (spec §5): uppercase letters, digits, hyphen and underscore. The order reference follows the same rule. */
export const HUBY_CODE = /^[A-Z0-9_-]+$/;

/** A packing line's counts: `packages` parcels, each sent `1 + duplicate_count` times. */
export interface PackingCounts {
  packages: number;
  duplicate_count: number;
  weight_kg: number;
  volume_m3?: number | null;
}

/** A shipment's parcels, weight (kg, 3 decimals) and volume (m³, 4 decimals) over its packing lines. */
export function packingTotals(lines: readonly PackingCounts[]): { packages: number; weight_kg: number; volume_m3: number } {
  let packages = 0;
  let weight = 0;
  let volume = 0;
  for (const p of lines) {
    const n = p.packages * (1 + p.duplicate_count);
    packages += n;
    weight += n * p.weight_kg;
    volume += n * (p.volume_m3 ?? 0);
  }
  return { packages, weight_kg: Math.round(weight * 1000) / 1000, volume_m3: Math.round(volume * 10000) / 10000 };
}
