import { randomUUID } from 'node:crypto';
import { adminReachOf, type CallerContext } from '@portal/contracts';

/**
 * A caller context for service tests: a user with these roles and this scope, and the back office
 * reach a session gives them (adminReachOf of their roles and depositors: none given, every depositor).
 */
export function callerContext(options: {
  userId?: number;
  uuid?: string;
  roles?: string[];
  depositorIds?: number[];
  activityIds?: number[];
  storeIds?: number[];
  platformIds?: number[];
  /** `<depositorId>:<code>` keys of the allowed activities and stores (as auth resolves them). */
  activityKeys?: string[];
  storeKeys?: string[];
  all?: boolean;
  locale?: string;
}): CallerContext {
  return {
    requestId: randomUUID(),
    user: { id: options.userId ?? 1, uuid: options.uuid ?? randomUUID(), login: 'test', sessionId: randomUUID() },
    roles: options.roles ?? [],
    scope: {
      all: options.all ?? false,
      depositorIds: options.depositorIds ?? [],
      activityIds: options.activityIds ?? [],
      storeIds: options.storeIds ?? [],
      platformIds: options.platformIds ?? [],
      activityKeys: options.activityKeys ?? [],
      storeKeys: options.storeKeys ?? [],
    },
    adminReach: adminReachOf(options.roles ?? [], options.depositorIds ?? []),
    locale: options.locale ?? 'fr_FR',
    timezone: 'Europe/Paris',
  };
}
