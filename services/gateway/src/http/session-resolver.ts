import { createHash } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { TokenService } from '@portal/auth';
import { BUS_TRANSPORT, BusClient, type BusTransport } from '@portal/bus';
import { LRUCache } from 'lru-cache';
import { SESSION_CACHE_MS, SessionCache } from './session-cache';
import {
  API_KEY_REVOKED,
  AppError,
  AuthSubjects,
  EventTypes,
  type ApiKeyRevokedEvent,
  type DomainEvent,
  systemContext,
  type CallerContext,
  type MachineClient,
  type Scope,
  type TokenCheckResponse,
} from '@portal/contracts';

/** A resolved API key; client keys (issue 35) carry the roles their rights stand for and their rate. */
export interface ResolvedKey {
  client: MachineClient;
  scope: Scope;
  roles?: string[];
  ratePerMinute?: number;
  expiresAt?: string | null;
  /** Client keys: their creator, whose rights and limits the key's scope follows. */
  creatorUuid?: string;
}

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
export class SessionResolver implements OnModuleInit {
  /**
   * Client keys (issue 35) resolved lately, by their hash, like the sessions of the SessionCache and
   * forgotten the same way: a revocation's event reaches every gateway (NATS) within the outbox's beat.
   */
  private readonly clientKeys = new LRUCache<string, ResolvedKey>({ max: 10_000 });
  /** Keys revoked lately: an answer resolved before the revocation must not put the key back. */
  private readonly revokedKeys = new LRUCache<number, true>({ max: 10_000, ttl: Math.max(SESSION_CACHE_MS, 1) * 2 });
  /** Creators changed lately (rights, limits, deactivation): a key of theirs resolved before must not be remembered. */
  private readonly changedCreators = new LRUCache<string, true>({ max: 10_000, ttl: Math.max(SESSION_CACHE_MS, 1) * 2 });

  constructor(
    @Inject(TokenService) private readonly tokens: TokenService,
    private readonly bus: BusClient,
    private readonly cache: SessionCache,
    @Inject(BUS_TRANSPORT) private readonly transport: BusTransport,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.transport.listen([API_KEY_REVOKED], async (event: DomainEvent) => {
      const keyId = Number((event.payload as ApiKeyRevokedEvent | undefined)?.keyId);
      if (Number.isSafeInteger(keyId)) this.forgetApiKey(keyId);
    });
    // A key's scope is its creator's as they are now (auth reads it at each resolution): when their rights
    // change or they are deactivated, their keys are resolved again, as quickly as their own sessions end.
    await this.transport.listen([EventTypes.userSessionsRevoked, EventTypes.userContextChanged], async (event: DomainEvent) => {
      const { userUuid, sessionId } = (event.payload ?? {}) as { userUuid?: string; sessionId?: string };
      if (userUuid && !sessionId) this.forgetKeysOf(userUuid);
    });
  }

  /** An API key: its client and scope (auth service); a client key is remembered a few seconds at most, never past its expiry. */
  async resolveApiKey(key: string, requestId: string): Promise<ResolvedKey> {
    const hash = createHash('sha256').update(key).digest('hex');
    const cached = this.clientKeys.get(hash);
    if (cached) return cached;
    const resolved = await this.bus.request<ResolvedKey>(AuthSubjects.resolveApiKey, systemContext(requestId), { key });
    const creatorChanged = resolved.creatorUuid !== undefined && this.changedCreators.has(resolved.creatorUuid);
    if (resolved.client.kind === 'client' && !this.revokedKeys.has(resolved.client.id) && !creatorChanged) {
      const until = resolved.expiresAt ? Date.parse(resolved.expiresAt) - Date.now() : SESSION_CACHE_MS;
      const ttl = Math.min(SESSION_CACHE_MS, until);
      if (ttl > 0) this.clientKeys.set(hash, resolved, { ttl });
    }
    return resolved;
  }

  /** Drops a revoked key at once (here when this gateway carried the revocation, everywhere through its event). */
  forgetApiKey(keyId: number): void {
    this.revokedKeys.set(keyId, true);
    const hashes = [...this.clientKeys.entries()].filter(([, k]) => k.client.id === keyId).map(([hash]) => hash);
    for (const hash of hashes) this.clientKeys.delete(hash);
  }

  /** Drops the keys a user made: their scope is read again from the creator at the next call. */
  forgetKeysOf(creatorUuid: string): void {
    this.changedCreators.set(creatorUuid, true);
    const hashes = [...this.clientKeys.entries()].filter(([, k]) => k.creatorUuid === creatorUuid).map(([hash]) => hash);
    for (const hash of hashes) this.clientKeys.delete(hash);
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
