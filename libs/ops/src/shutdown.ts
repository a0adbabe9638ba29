import type { Server } from 'node:http';
import { Logger } from '@nestjs/common';
import { markStopping } from './readiness';

/** How long in-flight work may take to finish after SIGTERM before connections are cut (SHUTDOWN_DRAIN_MS). */
export const DRAIN_TIMEOUT_MS = Number(process.env.SHUTDOWN_DRAIN_MS ?? 10_000);

interface Closable {
  close(): Promise<void>;
}

/**
 * Graceful stop on SIGTERM/SIGINT, in place of Nest's `enableShutdownHooks`: readiness turns
 * unready at once, the HTTP server stops accepting and lets in-flight requests finish (cut after
 * DRAIN_TIMEOUT_MS), then Nest's shutdown hooks stop the relays and consumers and close the bus and
 * the databases. The process exits 0 when all closed in time, 1 otherwise.
 */
export function stopGracefullyOnSignals(app: Closable, options: { httpServers?: () => Server[]; drainMs?: number } = {}): void {
  const logger = new Logger('shutdown');
  const drainMs = options.drainMs ?? DRAIN_TIMEOUT_MS;
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    markStopping();
    logger.log(`${signal}: draining in-flight work (at most ${drainMs} ms), then closing`);
    const cut = setTimeout(() => {
      logger.warn(`in-flight work still running after ${drainMs} ms: closing its connections`);
      for (const server of options.httpServers?.() ?? []) server.closeAllConnections();
    }, drainMs);
    cut.unref();
    // A keep-alive connection whose request has just been answered would hold the close until its
    // timeout: close connections as they turn idle.
    const idle = setInterval(() => {
      for (const server of options.httpServers?.() ?? []) server.closeIdleConnections();
    }, 200);
    idle.unref();
    // Past the drain and the hooks' own time, leave whatever still hangs.
    setTimeout(() => process.exit(1), drainMs + 10_000).unref();
    app.close().then(
      () => {
        clearTimeout(cut);
        clearInterval(idle);
        logger.log('stopped');
        process.exit(0);
      },
      (e: unknown) => {
        logger.error(`shutdown failed: ${e instanceof Error ? e.message : String(e)}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
