import type { ScopeColumns } from '@portal/db';

/**
 * The scope an order carries (alias `o`): depositor, platform, activity and store. Its lines,
 * parcels, documents, serials and history are reached through it, so they follow the same scope.
 */
export const ORDER_SCOPE: ScopeColumns = {
  depositor: 'o.depositor_id',
  platform: 'o.platform_id',
  activity: 'o.activity_code',
  store: 'o.store_code',
};
