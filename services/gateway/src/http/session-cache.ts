import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { BUS_TRANSPORT, type BusTransport } from '@portal/bus';
import { EventTypes, type DomainEvent } from '@portal/contracts';
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
  private readonly entries = new Map<string, { session: ResolvedSession; until: number }>();

  constructor(@Inject(BUS_TRANSPORT) private readonly transport: BusTransport) {}

  async onModuleInit(): Promise<void> {
    await this.transport.listen([EventTypes.userSessionsRevoked, EventTypes.userContextChanged], async (event: DomainEvent) => {
      const { userUuid, sessionId } = event.payload as { userUuid?: string; sessionId?: string };
      if (sessionId) this.forgetSession(sessionId);
      else if (userUuid) this.forgetUser(userUuid);
    });
  }

  get(token: string): ResolvedSession | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.until < Date.now()) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.session;
  }

  /** Remembers a resolved token until `expiresAt` (ms) at the latest. */
  set(token: string, session: ResolvedSession, expiresAt: number): void {
    if (SESSION_CACHE_MS <= 0) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { session, until: Math.min(expiresAt, Date.now() + SESSION_CACHE_MS) });
  }

  forgetSession(sessionId: string): void {
    for (const [token, entry] of this.entries) if (entry.session.user.sessionId === sessionId) this.entries.delete(token);
  }

  forgetUser(userUuid: string): void {
    for (const [token, entry] of this.entries) if (entry.session.user.uuid === userUuid) this.entries.delete(token);
  }
}
