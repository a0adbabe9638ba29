import type { BeforeApplicationShutdown, Logger, OnApplicationBootstrap } from '@nestjs/common';

const RETRY_MS = 5000;
const ATTEMPTS = 12;

/**
 * The lifecycle of a projection that fills itself from the owning services' pages over the bus:
 * at start, when it holds nothing (a new deployment, or data written without events: the demo's),
 * retried a while since the owners may not answer yet; and when asked (after the demo data is
 * loaded). One run at a time; a run asked while one is under way starts when that one ends, so it
 * reads what was written since (the all-in-one asks once the demo's orders are in, possibly while
 * the start's run over a partly loaded database is still going).
 */
export abstract class CatchUpWhenEmpty<T> implements OnApplicationBootstrap, BeforeApplicationShutdown {
  protected abstract readonly logger: Logger;
  /** Set on shutdown: a run stops at its next page. */
  protected stopped = false;
  private running?: Promise<T>;
  private queued?: Promise<T>;

  /** Whether the projection holds nothing yet. */
  protected abstract isEmpty(): Promise<boolean>;
  /** Reads the owners' pages into the projection (checking `stopped` between pages); answers what was read. */
  protected abstract catchUp(now: Date): Promise<T>;

  onApplicationBootstrap(): void {
    void this.ifEmpty();
  }

  /** Before the databases and the bus close: a run ends at its next page. */
  beforeApplicationShutdown(): void {
    this.stopped = true;
  }

  /** Catches up when the projection is empty; retried while the database or the owners do not answer. */
  async ifEmpty(attempts = ATTEMPTS, retryMs = RETRY_MS): Promise<void> {
    for (let attempt = 1; attempt <= attempts && !this.stopped; attempt++) {
      try {
        if (await this.isEmpty()) await this.run();
        return;
      } catch (e) {
        this.logger.warn(`catch-up attempt ${attempt} failed: ${e instanceof Error ? e.message : String(e)}`);
        await new Promise((r) => setTimeout(r, retryMs).unref());
      }
    }
  }

  /** Runs now, or right after the run under way (runs asked meanwhile share that next one). */
  run(now?: Date): Promise<T> {
    if (!this.running) {
      this.running = this.catchUp(now ?? new Date()).finally(() => (this.running = undefined));
      return this.running;
    }
    this.queued ??= this.running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        this.queued = undefined;
        return this.run(now);
      });
    return this.queued;
  }
}
