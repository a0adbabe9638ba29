import { BusClient } from '@portal/bus';
import { AdminSubjects, AppError, type CallerContext, type PlatformDto } from '@portal/contracts';
import { inScope } from '@portal/db';

/**
 * What a form may name: a depositor of the caller's scope and a platform that exists (and, for a
 * user narrowed to some platforms, one of those). Anything else is a field the caller may not choose
 * (400 unknownCode), never a row written out of scope.
 */
export async function checkPlace(bus: BusClient, ctx: CallerContext, place: { depositorId: number; platformId: number }): Promise<void> {
  if (!inScope(ctx.scope, place.depositorId))
    throw new AppError('validationFailed', 'depositor outside the caller’s scope', undefined, { depositorId: 'unknownCode' });
  const narrowed = !ctx.scope.all && ctx.scope.platformIds.length > 0 && !ctx.scope.platformIds.includes(place.platformId);
  const platforms = narrowed ? [] : await bus.request<PlatformDto[]>(AdminSubjects.platforms, ctx, {});
  if (!platforms.some((p) => p.id === place.platformId))
    throw new AppError('validationFailed', 'no such platform', undefined, { platformId: 'unknownCode' });
}

/** An integer id of a message (a forged or absent one names nothing: 404). */
export function idOf(data: unknown, field = 'id'): number {
  const value = (data as Record<string, unknown> | null)?.[field];
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw notFound(field);
  return id;
}

export const notFound = (what = 'object'): AppError => new AppError('objectNotFound', `${what} not found`);

/** The body of a save message: `{ id?, <name>: {...} }`. */
export function bodyOf(data: unknown, name: string): unknown {
  const body = (data as Record<string, unknown> | null)?.[name];
  return body && typeof body === 'object' && !Array.isArray(body) ? body : {};
}
