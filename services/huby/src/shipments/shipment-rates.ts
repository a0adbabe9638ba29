import { createHash } from 'node:crypto';
import { AppError, sortTourRates, type ShipmentDto, type ShipmentRatesDto, type TourDto, type TourRateDto } from '@portal/contracts';
import type { CarrierAdapter, CarrierAdapters, CarrierQuote } from '../carriers/carrier-adapter';
import { CarrierOutage } from '../carriers/connectors/carrier-line';

const envMs = (name: string, fallback: number, max: number): number => {
  const n = Number(process.env[name]);
  return Number.isFinite(n) && n > 0 ? Math.min(n, max) : fallback;
};

/** A quote's budget: 3 s, HUBY_RATES_TIMEOUT_MS may change it (tests), at most 10 s. */
export const ratesTimeoutMs = (): number => envMs('HUBY_RATES_TIMEOUT_MS', 3_000, 10_000);
/** How long a quote is kept for the same shipment as quoted: 5 minutes, HUBY_RATES_CACHE_MS may change it. */
export const ratesCacheMs = (): number => envMs('HUBY_RATES_CACHE_MS', 5 * 60_000, 60 * 60_000);

/** Quotes kept per connector at most: beyond it the expired ones go, then the oldest. */
const KEPT = 2_000;

/**
 * What a quote depends on: the parties' addresses, the packages, the weight, the shipping day and the
 * tour's codes. A change of any of them is a new key, so a kept quote is never one of another shipment.
 */
export function quoteKey(s: ShipmentDto, tour: TourDto): string {
  const party = (p: ShipmentDto['shipper']) => [p.address1, p.address2, p.zip, p.town, p.state_code, p.country];
  return createHash('sha256')
    .update(
      JSON.stringify([
        s.uuid,
        tour.id,
        tour.codes,
        party(s.shipper),
        party(s.recipient),
        s.packings,
        s.total_weight_kg,
        s.date_shipment_desired,
        s.dangerous_goods,
        s.cash_on_delivery,
      ]),
    )
    .digest('base64url');
}

class QuoteTimeout extends Error {}

/** `work`, or a QuoteTimeout after `ms` (the work goes on and is dropped: its line has its own budget). */
async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new QuoteTimeout()), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
    work.catch(() => undefined);
  }
}

/** Why a quote failed, in a word for the screen's tooltip and the logs: the outage's code or the carrier's refusal code. */
function reasonOf(e: unknown): string {
  if (e instanceof QuoteTimeout) return 'TIMEOUT';
  if (e instanceof CarrierOutage) return e.code;
  if (e instanceof AppError) {
    const code = (e.params as { code?: unknown } | undefined)?.code;
    return code === undefined ? e.key : String(code).slice(0, 40);
  }
  return 'ERROR';
}

/**
 * The carriers' quotes of a shipment's fitting tours (issue 37 item 3), asked in parallel, each within
 * its short budget: a quote that fails or comes late marks its own tour `unavailable`, never the whole
 * answer; a carrier whose connector quotes nothing is `noOnlineRates`. An open circuit answers at once
 * (the connector's line). Quotes are kept a few minutes per connector, shipment and what they depend on.
 */
export class ShipmentRates {
  private readonly kept = new WeakMap<CarrierAdapter, Map<string, { at: number; quote: CarrierQuote }>>();

  constructor(
    private readonly carriers: CarrierAdapters,
    private readonly now: () => number = Date.now,
  ) {}

  async of(s: ShipmentDto, tours: TourDto[], sort: ShipmentRatesDto['sort']): Promise<TourRateDto[]> {
    const budget = ratesTimeoutMs();
    const rates = await Promise.all(tours.map((tour) => this.rateOf(s, tour, budget)));
    return sortTourRates(rates, sort);
  }

  private async rateOf(s: ShipmentDto, tour: TourDto, budget: number): Promise<TourRateDto> {
    const row: TourRateDto = {
      tour_id: tour.id,
      tour_code: tour.code,
      carrier: tour.carrier,
      status: 'noOnlineRates',
      service: tour.codes.service || tour.codes.product || null,
      price: null,
      currency: null,
      delivery_date: null,
      reason: null,
    };
    let adapter: CarrierAdapter;
    try {
      adapter = await within(this.carriers.forTour(tour.id), budget);
    } catch (e) {
      return { ...row, status: 'unavailable', reason: reasonOf(e) };
    }
    if (!adapter.quote) return row;
    const key = quoteKey(s, tour);
    let kept = this.kept.get(adapter);
    if (!kept) this.kept.set(adapter, (kept = new Map()));
    const hit = kept.get(key);
    let quote: CarrierQuote;
    if (hit && this.now() - hit.at < ratesCacheMs()) quote = hit.quote;
    else {
      try {
        quote = await within(adapter.quote(s, tour), budget);
      } catch (e) {
        return { ...row, status: 'unavailable', reason: reasonOf(e) };
      }
      this.keep(kept, key, quote);
    }
    return {
      ...row,
      status: 'quoted',
      service: quote.service ?? row.service,
      price: quote.price,
      currency: quote.currency,
      delivery_date: quote.deliveryDate,
    };
  }

  private keep(kept: Map<string, { at: number; quote: CarrierQuote }>, key: string, quote: CarrierQuote): void {
    kept.delete(key);
    kept.set(key, { at: this.now(), quote });
    if (kept.size <= KEPT) return;
    const ttl = ratesCacheMs();
    for (const [k, v] of kept) if (this.now() - v.at >= ttl) kept.delete(k);
    // Still too many: the oldest go first (a Map keeps its insertion order).
    for (const k of kept.keys()) {
      if (kept.size <= KEPT) break;
      kept.delete(k);
    }
  }
}
