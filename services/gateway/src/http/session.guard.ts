import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { routeAccess } from '@portal/auth';
import { AppError, clientKeyRightOf, EMPTY_SCOPE, findLocale, hasAnyRole, type CallerContext } from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { PortalRequest } from './caller';
import { SessionResolver, type ResolvedKey } from './session-resolver';

const RATE_WINDOW_MS = 60_000;

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
    if (!token && request.headers['x-api-key'] !== undefined) {
      request.caller = await this.clientKeyCaller(context, request, requestId, access.roles);
      return true;
    }
    if (!token) throw new AppError('tokenDismiss', 'missing token');
    const session = await this.sessions.resolve(token, requestId);
    request.caller = { requestId, ...session };
    if (!hasAnyRole(session.roles, access.roles)) throw new AppError('permissionDenied', 'permission denied');
    return true;
  }

  /**
   * A depositor's client key (issue 35) on a user route: only the routes CLIENT_KEY_RIGHTS opens, and
   * of those the ones its rights name; its calls counted per key and minute (429 with Retry-After).
   * The caller it makes carries the key's roles and depositors: every service scopes it as a user.
   */
  private async clientKeyCaller(
    context: ExecutionContext,
    request: PortalRequest,
    requestId: string,
    roles: string[],
  ): Promise<CallerContext> {
    const key = String(request.headers['x-api-key'] ?? '');
    if (!key) throw new AppError('invalidApiKey', 'empty X-Api-Key header');
    const right = clientKeyRightOf(request.method, request.routeOptions.url ?? '');
    const resolved = await this.sessions.resolveApiKey(key, requestId);
    if (resolved.client.kind !== 'client') throw new AppError('invalidApiKey', 'this call needs a client API key');
    if (!right) throw new AppError('permissionDenied', 'API keys cannot call this');
    const keyRoles = resolved.roles ?? [];
    if (!hasAnyRole(keyRoles, roles)) throw new AppError('permissionDenied', 'the key has not this right');
    this.countCall(context, resolved);
    return { requestId, client: resolved.client, roles: keyRoles, scope: resolved.scope, locale: 'fr_FR', timezone: 'Europe/Paris' };
  }

  /** Calls per key and minute, in memory per gateway instance like the throttles of the public routes. */
  private readonly windows = new LRUCache<number, { start: number; count: number }>({ max: 50_000, ttl: RATE_WINDOW_MS });

  private countCall(context: ExecutionContext, resolved: ResolvedKey): void {
    const now = Date.now();
    let window = this.windows.get(resolved.client.id);
    if (!window || now - window.start >= RATE_WINDOW_MS) this.windows.set(resolved.client.id, (window = { start: now, count: 0 }));
    window.count += 1;
    const limit = resolved.ratePerMinute ?? Number.POSITIVE_INFINITY;
    if (window.count > limit) {
      const seconds = Math.max(1, Math.ceil((window.start + RATE_WINDOW_MS - now) / 1000));
      context.switchToHttp().getResponse<FastifyReply>().header('Retry-After', String(seconds));
      throw new AppError('tooManyRequests', 'too many calls with this API key', { seconds });
    }
  }
}

function anonymous(requestId: string, request: PortalRequest): CallerContext {
  const language = String(request.headers['accept-language'] ?? '').slice(0, 2);
  return { requestId, roles: [], scope: EMPTY_SCOPE, locale: findLocale(language)?.code ?? 'fr_FR', timezone: 'Europe/Paris' };
}
