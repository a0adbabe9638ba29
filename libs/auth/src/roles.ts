import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppError, hasAnyRole, type BusRequest, type CallerContext } from '@portal/contracts';

export const ROLES_KEY = 'portal:roles';
export const PUBLIC_KEY = 'portal:public';

/** The roles any of which allow this handler (ADMIN always does). No decorator: any signed-in user. */
export const Roles = (...roles: string[]): MethodDecorator & ClassDecorator => SetMetadata(ROLES_KEY, roles);

/** A handler that needs no signed-in user (login, forgotten password, health). */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(PUBLIC_KEY, true);

export function requiredRoles(reflector: Reflector, context: ExecutionContext): string[] {
  return reflector.getAllAndOverride<string[]>(ROLES_KEY, [context.getHandler(), context.getClass()]) ?? [];
}

export function isPublic(reflector: Reflector, context: ExecutionContext): boolean {
  return reflector.getAllAndOverride<boolean>(PUBLIC_KEY, [context.getHandler(), context.getClass()]) ?? false;
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
    if (isPublic(this.reflector, context)) return true;
    const ctx: CallerContext = message.ctx;
    if (!ctx.user && !ctx.roles.includes('ADMIN')) throw new AppError('tokenDismiss', 'no session');
    if (!hasAnyRole(ctx.roles, requiredRoles(this.reflector, context))) {
      throw new AppError('permissionDenied', 'permission denied');
    }
    return true;
  }
}
