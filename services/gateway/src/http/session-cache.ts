import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { BUS_TRANSPORT, type BusTransport } from '@portal/bus';
import { EventTypes, type DomainEvent } from '@portal/contracts';
import { LRUCache } from 'lru-cache';
import type { ResolvedSession } from './session-resolver';

export const SESSION_CACHE_MS = Number(process.env.SESSION_CACHE_MS ?? 10_000);
const MAX_ENTRIES = 50_000;

/**
 * Tokens this gateway verified and resolved recently, so a request costs neither a signature check
 * nor a round trip to auth and its database. A revocation empties the entries at once: here when
 * this gateway carried it, on every gateway through the `sessions-revoked` event; the time limit
 * (never past the token's own expiry) only bounds a missed event.
 */
@Injectable()
export class SessionCache implements OnModuleInit {
  private readonly entries = new LRUCache<string, ResolvedSession>({ max: MAX_ENTRIES });
  /**
   * Sessions and users forgotten lately: a request resolved before the revocation but answered
   * after it must not put the session back (it would live on for SESSION_CACHE_MS).
   */
  private readonly forgotten = new LRUCache<string, true>({ max: MAX_ENTRIES, ttl: Math.max(SESSION_CACHE_MS, 1) * 2 });

  constructor(@Inject(BUS_TRANSPORT) private readonly transport: BusTransport) {}

  async onModuleInit(): Promise<void> {
    await this.transport.listen([EventTypes.userSessionsRevoked, EventTypes.userContextChanged], async (event: DomainEvent) => {
      const { userUuid, sessionId } = event.payload as { userUuid?: string; sessionId?: string };
      if (sessionId) this.forgetSession(sessionId);
      else if (userUuid) this.forgetUser(userUuid);
    });
  }

  get(token: string): ResolvedSession | undefined {
    return this.entries.get(token);
  }

  /** Remembers a resolved token until `expiresAt` (ms) at the latest. */
  set(token: string, session: ResolvedSession, expiresAt: number): void {
    if (this.forgotten.has(`s:${session.user.sessionId}`) || this.forgotten.has(`u:${session.user.uuid}`)) return;
    const ttl = Math.min(SESSION_CACHE_MS, expiresAt - Date.now());
    // lru-cache reads a ttl of 0 as "forever": a token at its end is simply not remembered.
    if (ttl > 0) this.entries.set(token, session, { ttl });
  }

  forgetSession(sessionId: string): void {
    this.forgotten.set(`s:${sessionId}`, true);
    this.forget((session) => session.user.sessionId === sessionId);
  }

  forgetUser(userUuid: string): void {
    this.forgotten.set(`u:${userUuid}`, true);
    this.forget((session) => session.user.uuid === userUuid);
  }

  /** Collects the tokens first: lru-cache does not promise its iteration survives a delete. */
  private forget(matches: (session: ResolvedSession) => boolean): void {
    const tokens = [...this.entries.entries()].filter(([, session]) => matches(session)).map(([token]) => token);
    for (const token of tokens) this.entries.delete(token);
  }
}
