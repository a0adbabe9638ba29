/**
 * The demo data's loading, as the all-in-one portal tells it after `npm start` (issue 36 item 8): the
 * screens work at once and fill in as each data set arrives, so the web app says which sets are still
 * loading instead of showing empty tiles as if there were no orders. Always "nothing loading" in the
 * distributed mode and when the demo is off.
 */
export const DEMO_DATA_SETS = ['tracking', 'stock', 'claims', 'fever', 'reports'] as const;
export type DemoDataSet = (typeof DEMO_DATA_SETS)[number];
export type DemoSetState = 'waiting' | 'loading' | 'ready' | 'failed';

export interface DemoProgressDto {
  /** Some set is waiting or loading. */
  loading: boolean;
  /** The background sets in their loading order, with their state. */
  sets: { name: DemoDataSet; state: DemoSetState }[];
}

/** How often the web app asks again while the demo loads. */
export const DEMO_PROGRESS_POLL_MS = 3000;
