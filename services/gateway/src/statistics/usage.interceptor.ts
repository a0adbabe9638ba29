import { Injectable, SetMetadata, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { tap, type Observable } from 'rxjs';
import type { PortalRequest } from '../http/caller';
import { UsageMeter } from './usage-meter';

const SEARCH = 'portal:usage-search';

/** A list route whose reads with criteria are a user's searches (the statistics' « Recherches »). */
export const CountsAsSearch = () => SetMetadata(SEARCH, true);

/** Paging and ordering are not criteria: the next page of a search is the same search. */
const NOT_CRITERIA = new Set(['range', 'sort', 'cursor', 'format', 'dateFormat']);

const filled = (value: unknown): boolean =>
  value !== undefined &&
  value !== null &&
  value !== '' &&
  !(Array.isArray(value) && !value.some(filled)) &&
  !(typeof value === 'object' && !Array.isArray(value) && !Object.values(value).some(filled));

/** A first page read with at least one criterion (a filter key with a value, or another query parameter). */
export function isSearch(query: Record<string, unknown>): boolean {
  if (query.cursor) return false;
  if (typeof query.range === 'string' && !/^\[\s*0\s*,/.test(query.range)) return false;
  return Object.entries(query).some(([key, value]) => {
    if (NOT_CRITERIA.has(key)) return false;
    if (key !== 'filter' || typeof value !== 'string') return filled(value);
    try {
      return filled(JSON.parse(value));
    } catch {
      return false;
    }
  });
}

/**
 * Meters the portal's use for the back office's statistics: every request of a depositor's user makes
 * its day an active one, and a search route's answered search counts (after the session guard, so
 * only what the caller may do is counted).
 */
@Injectable()
export class UsageInterceptor implements NestInterceptor {
  constructor(
    private readonly meter: UsageMeter,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<PortalRequest>();
    const caller = request.caller;
    if (!caller?.user) return next.handle();
    this.meter.active(caller);
    if (!this.reflector.get<boolean>(SEARCH, context.getHandler()) || !isSearch((request.query ?? {}) as Record<string, unknown>))
      return next.handle();
    return next.handle().pipe(tap({ complete: () => this.meter.count(caller, 'searches') }));
  }
}
