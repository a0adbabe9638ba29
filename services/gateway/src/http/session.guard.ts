import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { routeAccess } from '@portal/auth';
import { AppError, EMPTY_SCOPE, findLocale, hasAnyRole, type CallerContext } from '@portal/contracts';
import type { PortalRequest } from './caller';
import { SessionResolver } from './session-resolver';

/**
 * Every HTTP route is private unless marked @Public(): the bearer token must name a live session;
 * the route's @Roles() are checked here and again by the service that answers.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionResolver,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<PortalRequest>();
    const requestId = request.id; // fastifyAdapter's genReqId: the caller's X-Request-Id or a new one
    const access = routeAccess(this.reflector, context);
    if (access.isPublic) {
      request.caller = anonymous(requestId, request);
      return true;
    }
    const kinds = access.machineKinds;
    if (kinds) {
      const key = String(request.headers['x-api-key'] ?? '');
      if (!key) throw new AppError('invalidApiKey', 'missing X-Api-Key header');
      const machine = await this.sessions.resolveApiKey(key, requestId);
      if (!kinds.includes(machine.client.kind)) throw new AppError('invalidApiKey', 'this call needs an API key of another kind');
      request.caller = { requestId, client: machine.client, roles: [], scope: machine.scope, locale: 'fr_FR', timezone: 'Europe/Paris' };
      return true;
    }
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) throw new AppError('tokenDismiss', 'missing token');
    const session = await this.sessions.resolve(token, requestId);
    request.caller = { requestId, ...session };
    if (!hasAnyRole(session.roles, access.roles)) throw new AppError('permissionDenied', 'permission denied');
    return true;
  }
}

function anonymous(requestId: string, request: PortalRequest): CallerContext {
  const language = String(request.headers['accept-language'] ?? '').slice(0, 2);
  return { requestId, roles: [], scope: EMPTY_SCOPE, locale: findLocale(language)?.code ?? 'fr_FR', timezone: 'Europe/Paris' };
}
