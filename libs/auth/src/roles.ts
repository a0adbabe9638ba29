import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppError, hasAnyRole, type BusRequest, type CallerContext, type MachineKind } from '@portal/contracts';

export const ROLES_KEY = 'portal:roles';
export const MACHINE_KEY = 'portal:machine';
export const PUBLIC_KEY = 'portal:public';

/** The roles any of which allow this handler (ADMIN always does). No decorator: any signed-in user. */
export const Roles = (...roles: string[]): MethodDecorator & ClassDecorator => SetMetadata(ROLES_KEY, roles);

/** A handler that needs no signed-in user (login, forgotten password, health). */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(PUBLIC_KEY, true);

/**
 * A handler for machine clients with an API key of one of these kinds (header `X-Api-Key`), not
 * for signed-in users: warehouse feeds, carrier webhooks, probes.
 */
export const MachineClient = (...kinds: MachineKind[]): MethodDecorator & ClassDecorator => SetMetadata(MACHINE_KEY, kinds);

export function machineKinds(reflector: Reflector, context: ExecutionContext): MachineKind[] | undefined {
  return reflector.getAllAndOverride<MachineKind[]>(MACHINE_KEY, [context.getHandler(), context.getClass()]);
}

export function requiredRoles(reflector: Reflector, context: ExecutionContext): string[] {
  return reflector.getAllAndOverride<string[]>(ROLES_KEY, [context.getHandler(), context.getClass()]) ?? [];
}

export function isPublic(reflector: Reflector, context: ExecutionContext): boolean {
  return reflector.getAllAndOverride<boolean>(PUBLIC_KEY, [context.getHandler(), context.getClass()]) ?? false;
}

/** What a route's decorators ask of its callers. */
export interface RouteAccess {
  isPublic: boolean;
  machineKinds: MachineKind[] | undefined;
  roles: string[];
}

/** By class, then handler: an inherited handler may be decorated differently on each class. */
const accessByRoute = new WeakMap<object, WeakMap<object, RouteAccess>>();

/**
 * A route's @Public, @MachineClient and @Roles, read once per class and handler: decorators do not
 * change at run time, and reading them on every request was a tenth of the gateway's work.
 */
export function routeAccess(reflector: Reflector, context: ExecutionContext): RouteAccess {
  const handler = context.getHandler();
  let byHandler = accessByRoute.get(context.getClass());
  if (!byHandler) accessByRoute.set(context.getClass(), (byHandler = new WeakMap()));
  let access = byHandler.get(handler);
  if (!access) {
    access = {
      isPublic: isPublic(reflector, context),
      machineKinds: machineKinds(reflector, context),
      roles: requiredRoles(reflector, context),
    };
    byHandler.set(handler, access);
  }
  return access;
}

/**
 * Bus-side guard: services check roles themselves too (the gateway is not the only caller, and the
 * server never trusts its client). Event handlers carry no caller and are not guarded.
 */
@Injectable()
export class RpcRolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'rpc') return true;
    const message = context.switchToRpc().getData<BusRequest | { type?: string }>();
    if (!message || !('ctx' in message)) return true; // a domain event, not a request
    const access = routeAccess(this.reflector, context);
    if (access.isPublic) return true;
    const ctx: CallerContext = message.ctx;
    const kinds = access.machineKinds;
    if (kinds) {
      if (!ctx.client || !kinds.includes(ctx.client.kind)) throw new AppError('invalidApiKey', 'this call needs an API key of its kind');
      return true;
    }
    // A depositor's client key (issue 35) reaches the routes its rights open at the gateway, with the
    // roles they stand for: checked here as a user's roles are. Other machine clients call only their own.
    const clientKey = ctx.client?.kind === 'client';
    if (ctx.client && !clientKey) throw new AppError('permissionDenied', 'machine clients cannot call this');
    if (!ctx.user && !clientKey && !ctx.roles.includes('ADMIN')) throw new AppError('tokenDismiss', 'no session');
    if (!hasAnyRole(ctx.roles, access.roles)) {
      throw new AppError('permissionDenied', 'permission denied');
    }
    return true;
  }
}
