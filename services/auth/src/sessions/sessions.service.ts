import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { dummyHash, TokenService, verifyPassword } from '@portal/auth';
import { addToOutbox, OutboxRelay } from '@portal/bus';
import { AppError, EventTypes, type CallerContext, type LoginResponse } from '@portal/contracts';
import { Db } from '@portal/db';
import type { EntityManager } from 'typeorm';
import { UsersRepository } from '../users/users.repository';
import { presentUser } from '../users/user.presenter';
import { afterFailure, CLEARED, secondsBlocked } from './lockout';
import { ScopeCodes } from './scope-codes';
import { SessionsRepository, type ResolvedSession } from './sessions.repository';

export interface LoginRequest {
  login: string;
  password: string;
  ip?: string;
  userAgent?: string;
}

export const SESSION_MAX_HOURS = Number(process.env.SESSION_MAX_HOURS ?? 12);

@Injectable()
export class SessionsService {
  constructor(
    @Inject(Db) private readonly db: Db,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
    private readonly tokens: TokenService,
    private readonly outbox: OutboxRelay,
    private readonly scopeCodes: ScopeCodes,
  ) {}

  async login(request: LoginRequest): Promise<LoginResponse> {
    const user = request.login ? await this.users.findByLoginOrEmail(request.login) : null;
    if (!user || user.disabled) {
      await verifyPassword(await dummyHash(), request.password ?? ''); // same time as a real check
      throw new AppError('loginFailed', 'wrong login or password');
    }
    const blocked = secondsBlocked(user);
    if (blocked > 0) throw new AppError('accountBlocked', 'account temporarily blocked', { seconds: blocked });
    if (!(await verifyPassword(user.passwordHash, request.password ?? ''))) {
      const next = afterFailure(user);
      await this.db.system.transaction(async (em) => {
        await this.users.update(user.id, next, em);
        if (next.blockedUntil)
          await addToOutbox(em, 'auth', EventTypes.accountBlocked, {
            userUuid: user.uuid,
            login: user.login,
            at: new Date().toISOString(),
          });
      });
      if (next.blockedUntil) {
        this.outbox.kick();
        throw new AppError('accountBlocked', 'account temporarily blocked', { seconds: secondsBlocked(next) });
      }
      throw new AppError('loginFailed', 'wrong login or password');
    }
    const fresh = user.failedLogins || user.blockedUntil ? await this.users.update(user.id, CLEARED) : user;
    const sessionId = await this.sessions.open(user.id, SESSION_MAX_HOURS, request.ip, request.userAgent);
    return {
      token: this.tokens.sign({ sid: sessionId, sub: user.uuid }),
      user: presentUser(fresh, await this.users.roleGroupsOf(user.id)),
    };
  }

  /** The caller context parts of a valid session; AppError tokenDismiss otherwise. */
  async resolve(sessionId: string, userUuid: string): Promise<ResolvedSession> {
    const session = await this.sessions.resolve(sessionId);
    if (!session || session.user.uuid !== userUuid) throw new AppError('tokenDismiss', 'session ended');
    return { ...session, scope: await this.scopeCodes.withKeys(session.scope) };
  }

  async logout(ctx: CallerContext): Promise<{ ok: true }> {
    await this.db.system.transaction(async (em) => {
      await this.sessions.revoke(ctx.user!.sessionId, em);
      await addToOutbox(em, 'auth', EventTypes.userSessionsRevoked, {
        userUuid: ctx.user!.uuid,
        sessionId: ctx.user!.sessionId,
        reason: 'logout',
      });
    });
    this.outbox.kick();
    return { ok: true };
  }

  /** Ends every session of a user (password change, admin reset) and says so on the bus. */
  async revokeAll(em: EntityManager, userId: number, userUuid: string, reason: string): Promise<void> {
    await this.sessions.revokeAllOf(userId, em);
    await addToOutbox(em, 'auth', EventTypes.userSessionsRevoked, { userUuid, reason });
  }

  /** Opens a new session for a user who just proved who they are (after a password change). */
  async openFor(userId: number, userUuid: string): Promise<string> {
    const sessionId = await this.sessions.open(userId, SESSION_MAX_HOURS);
    return this.tokens.sign({ sid: sessionId, sub: userUuid });
  }

  newSessionId(): string {
    return randomUUID();
  }
}
