import { randomUUID } from 'node:crypto';
import { Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import type { DomainEvent } from '@portal/contracts';
import { addLibraryMigration, type Db } from '@portal/db';
import { currentRequestId, watchOutbox, type OutboxBacklog } from '@portal/ops';
import type { EntityManager, MigrationInterface, QueryRunner } from 'typeorm';
import { Repeater } from './repeater';
import type { BusTransport } from './transport';

/** Migration helper: the outbox and inbox tables every service database has. */
export async function createOutboxAndInbox(qr: QueryRunner): Promise<void> {
  await qr.query(`CREATE TABLE "outbox" (
    "id" uuid PRIMARY KEY,
    "type" text NOT NULL,
    "source" text NOT NULL,
    "payload" jsonb NOT NULL,
    "occurred_at" timestamptz NOT NULL DEFAULT now(),
    "published_at" timestamptz,
    "attempts" integer NOT NULL DEFAULT 0,
    "last_error" text,
    "request_id" text
  )`);
  await qr.query(`CREATE INDEX "outbox_pending" ON "outbox" ("occurred_at") WHERE "published_at" IS NULL`);
  await qr.query(`CREATE TABLE "inbox" (
    "consumer" text NOT NULL,
    "event_id" uuid NOT NULL,
    "handled_at" timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY ("consumer", "event_id")
  )`);
}

/**
 * The outbox's `request_id` (issue 19) in databases created before it: every service database has
 * an outbox, so libs/bus adds this migration to each (a database without an outbox is left alone).
 */
export class OutboxRequestId1767900000000 implements MigrationInterface {
  name = 'OutboxRequestId1767900000000';
  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`ALTER TABLE IF EXISTS "outbox" ADD COLUMN IF NOT EXISTS "request_id" text`);
  }
  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`ALTER TABLE IF EXISTS "outbox" DROP COLUMN IF EXISTS "request_id"`);
  }
}
addLibraryMigration(OutboxRequestId1767900000000);

/**
 * Records an event in the same transaction as the change that caused it, with the id of the request
 * doing the work (so each consumer's log lines name the HTTP request that started it all).
 */
export async function addToOutbox<T>(em: EntityManager, source: string, type: string, payload: T): Promise<DomainEvent<T>> {
  const requestId = currentRequestId();
  const event: DomainEvent<T> = {
    id: randomUUID(),
    type,
    source,
    occurredAt: new Date().toISOString(),
    payload,
    ...(requestId ? { requestId } : {}),
  };
  await em.query(`INSERT INTO "outbox" ("id", "type", "source", "payload", "occurred_at", "request_id") VALUES ($1, $2, $3, $4, $5, $6)`, [
    event.id,
    type,
    source,
    JSON.stringify(payload),
    event.occurredAt,
    requestId ?? null,
  ]);
  return event;
}

/** `addToOutbox` for many events of one change (a batch): the same rows, in one statement. */
export async function addManyToOutbox<T>(
  em: EntityManager,
  source: string,
  events: { type: string; payload: T }[],
): Promise<DomainEvent<T>[]> {
  if (!events.length) return [];
  const occurredAt = new Date().toISOString();
  const rows: DomainEvent<T>[] = events.map((e) => ({ id: randomUUID(), type: e.type, source, occurredAt, payload: e.payload }));
  await em.query(
    `INSERT INTO "outbox" ("id", "type", "source", "payload", "occurred_at")
     SELECT x.id, x.type, x.source, x.payload, x."occurredAt" FROM jsonb_to_recordset($1::jsonb)
       AS x(id uuid, type text, source text, payload jsonb, "occurredAt" timestamptz)`,
    [JSON.stringify(rows)],
  );
  return rows;
}

/**
 * Runs `fn` once per event and consumer: the inbox row and the handler's writes commit together,
 * so a redelivered event is skipped and a failed one is retried.
 */
export async function handleOnce(db: Db, consumer: string, event: DomainEvent, fn: (em: EntityManager) => Promise<void>): Promise<boolean> {
  return db.system.transaction(async (em) => {
    const inserted: unknown[] = await em.query(
      `INSERT INTO "inbox" ("consumer", "event_id") VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1`,
      [consumer, event.id],
    );
    if (inserted.length === 0) return false;
    await fn(em);
    return true;
  });
}

/**
 * Moves committed outbox rows to the bus. Several copies of a service may run: SKIP LOCKED gives
 * each row to one relay. A row stays until the bus took it, so nothing is lost on a restart.
 * On shutdown a relay ends with the event it is publishing and leaves the rest to the next start
 * (or another copy); it stops before any database or bus closes (beforeApplicationShutdown).
 */
export class OutboxRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger: Logger;
  private readonly repeater = new Repeater(
    () => this.drain(),
    (e: unknown) => this.logger.warn(`relay failed: ${e instanceof Error ? e.message : String(e)}`),
  );

  constructor(
    private readonly db: Db,
    private readonly transport: BusTransport,
    private readonly intervalMs = Number(process.env.OUTBOX_INTERVAL_MS ?? 500),
  ) {
    this.logger = new Logger(`Outbox:${db.service}`);
  }

  private unwatch?: () => void;

  onApplicationBootstrap(): void {
    this.unwatch = watchOutbox(this.db.service, () => this.backlog());
    this.repeater.start(this.intervalMs, true);
  }

  private stopping = false;

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    this.unwatch?.();
    await this.repeater.stop();
  }

  /** Pending events and the age of the oldest (metrics: outbox lag). */
  async backlog(): Promise<OutboxBacklog> {
    const [row]: { pending: number; age: number | null }[] = await this.db.system.query(
      `SELECT count(*)::int AS "pending", extract(epoch FROM now() - min("occurred_at"))::float AS "age"
         FROM "outbox" WHERE "published_at" IS NULL`,
    );
    return { pending: row?.pending ?? 0, oldestAgeSeconds: Math.max(0, row?.age ?? 0) };
  }

  /** Set when a commit wrote events: the next pass has work and skips the question whether any is pending. */
  private told = false;

  /** Relays now (called after a commit that wrote events; the timer's passes come without it). */
  kick(): void {
    this.told = true;
    this.repeater.kick();
  }

  /**
   * Publishes events just committed to the outbox at once, for listeners that must hear them before
   * the caller gets its answer (a cache another gateway keeps). The rows stay for the relay, which
   * publishes them again under the same id (the stream keeps one; listeners hear twice, harmlessly):
   * a failure here loses nothing.
   */
  async publishCommitted(events: DomainEvent[]): Promise<void> {
    for (const event of events)
      await this.transport.publish(event).catch((e: unknown) => this.logger.warn(`publishing ${event.type} at once failed: ${String(e)}`));
    this.kick();
  }

  /** Publishes pending events until none is left; resolves when done (tests await it). */
  async drain(): Promise<void> {
    // A pass not told of a commit (the timer's, every OUTBOX_INTERVAL_MS in every service) mostly finds
    // nothing: one statement on the pending rows' index first, rather than the transaction below and its
    // four round trips (BEGIN, SET, SELECT, COMMIT). A pass after a commit goes straight to it.
    const told = this.told;
    this.told = false;
    if (!told) {
      const [pending]: { any: boolean }[] = await this.db.system.query(
        `SELECT EXISTS (SELECT 1 FROM "outbox" WHERE "published_at" IS NULL) AS "any"`,
      );
      if (!pending?.any) return;
    }
    for (;;) {
      const sent = await this.db.system.transaction(async (em) => {
        // Marking events published need not wait for the disk: lost in a crash, they are published
        // again, and every consumer's inbox takes an event once.
        await em.query(`SET LOCAL synchronous_commit = off`);
        const rows: { id: string; type: string; source: string; payload: unknown; occurred_at: Date; request_id: string | null }[] =
          await em.query(
            `SELECT "id", "type", "source", "payload", "occurred_at", "request_id" FROM "outbox"
            WHERE "published_at" IS NULL ORDER BY "occurred_at" LIMIT 100 FOR UPDATE SKIP LOCKED`,
          );
        let published = 0;
        for (const row of rows) {
          if (this.stopping) break;
          const event: DomainEvent = {
            id: row.id,
            type: row.type,
            source: row.source,
            payload: row.payload,
            occurredAt: new Date(row.occurred_at).toISOString(),
            ...(row.request_id ? { requestId: row.request_id } : {}),
          };
          try {
            await this.transport.publish(event);
            await em.query(`UPDATE "outbox" SET "published_at" = now(), "attempts" = "attempts" + 1 WHERE "id" = $1`, [row.id]);
            published++;
          } catch (e) {
            await em.query(`UPDATE "outbox" SET "attempts" = "attempts" + 1, "last_error" = $2 WHERE "id" = $1`, [row.id, String(e)]);
            return -1; // keep order: retry this event before later ones, on the next tick
          }
        }
        return published;
      });
      if (sent <= 0 || sent < 100 || this.stopping) return;
    }
  }
}
