import { Inject, Injectable } from '@nestjs/common';
import { TokenService } from '@portal/auth';
import { BusClient } from '@portal/bus';
import { SessionCache } from './session-cache';
import {
  AppError,
  AuthSubjects,
  systemContext,
  type CallerContext,
  type MachineClient,
  type Scope,
  type TokenCheckResponse,
} from '@portal/contracts';

export interface ResolvedSession {
  user: { id: number; uuid: string; login: string; sessionId: string };
  roles: string[];
  scope: Scope;
  adminReach: Scope;
  locale: string;
  timezone: string;
}

/**
 * Turns a bearer token into the caller's session: the signature is checked here, the session
 * (revocation, roles, scope) by the auth service, remembered a few seconds by the SessionCache.
 * A session so resolved gets its fresh token here too (spec §7 token/check).
 */
@Injectable()
export class SessionResolver {
  constructor(
    @Inject(TokenService) private readonly tokens: TokenService,
    private readonly bus: BusClient,
    private readonly cache: SessionCache,
  ) {}

  /** A machine client's API key: its client and scope (auth service). */
  resolveApiKey(key: string, requestId: string): Promise<{ client: MachineClient; scope: Scope }> {
    return this.bus.request(AuthSubjects.resolveApiKey, systemContext(requestId), { key });
  }

  async resolve(token: string, requestId: string): Promise<ResolvedSession> {
    const cached = this.cache.get(token);
    if (cached) return cached;
    const claims = this.tokens.verify(token);
    const session = await this.bus.request<ResolvedSession>(AuthSubjects.resolveSession, systemContext(requestId), {
      sessionId: claims.sid,
      userUuid: claims.sub,
    });
    this.cache.set(token, session, claims.exp * 1000);
    return session;
  }

  /**
   * A fresh token for the caller's session, which the session guard has just resolved: renewing is
   * signing its ids again, with no trip to auth (the signing key is the one that verifies here).
   */
  renew(ctx: CallerContext): TokenCheckResponse {
    if (!ctx.user) throw new AppError('tokenDismiss', 'no user session');
    return { ok: true, token: this.tokens.sign({ sid: ctx.user.sessionId, sub: ctx.user.uuid }) };
  }
}
