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
    const kinds = machineKinds(this.reflector, context);
    if (kinds) {
      if (!ctx.client || !kinds.includes(ctx.client.kind)) throw new AppError('invalidApiKey', 'this call needs an API key of its kind');
      return true;
    }
    if (ctx.client) throw new AppError('permissionDenied', 'machine clients cannot call this');
    if (!ctx.user && !ctx.roles.includes('ADMIN')) throw new AppError('tokenDismiss', 'no session');
    if (!hasAnyRole(ctx.roles, requiredRoles(this.reflector, context))) {
      throw new AppError('permissionDenied', 'permission denied');
    }
    return true;
  }
}
