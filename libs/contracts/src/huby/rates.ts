import type { ShipmentRatesDto, TourRateDto } from './dto';

/** How the rates of a shipment's tours may be sorted (`?sort=` of GET …/orders/:uuid/rates). */
export const RATE_SORTS = ['price', 'date'] as const satisfies readonly ShipmentRatesDto['sort'][];

const GROUP: Record<TourRateDto['status'], number> = { quoted: 0, unavailable: 1, noOnlineRates: 2 };

/**
 * The rates in the user's order: quoted tours first, by price (then the earlier delivery day) or by
 * delivery day (a quote without a day after those with one, then the lower price); then the tours
 * whose quote failed, then those whose carrier quotes nothing; ties by tour code. Prices in different
 * currencies are compared as numbers (a provider's contracts are in one currency).
 */
export function sortTourRates(rates: readonly TourRateDto[], by: ShipmentRatesDto['sort']): TourRateDto[] {
  const price = (r: TourRateDto) => r.price ?? Number.POSITIVE_INFINITY;
  const day = (r: TourRateDto) => r.delivery_date ?? '9999-12-31';
  return [...rates].sort((a, b) => {
    if (GROUP[a.status] !== GROUP[b.status]) return GROUP[a.status] - GROUP[b.status];
    if (a.status === 'quoted') {
      const byPrice = price(a) - price(b);
      const byDay = day(a).localeCompare(day(b));
      const first = by === 'price' ? byPrice || byDay : byDay || byPrice;
      if (first) return first;
    }
    return a.tour_code.localeCompare(b.tour_code);
  });
}
