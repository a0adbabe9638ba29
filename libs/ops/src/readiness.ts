/**
 * Readiness of this process: every registered dependency answers (each service database reachable
 * with its migrations run, the bus connected) and the process is not shutting down. Liveness is
 * only "the process answers"; a dependency that is down makes a process unready, never dead, so an
 * orchestrator stops sending it traffic instead of restarting it in a loop.
 */
export type ReadinessCheck = () => Promise<boolean> | boolean;

const checks = new Set<{ name: string; check: ReadinessCheck }>();
let stopping = false;
const CHECK_TIMEOUT_MS = 2000;

/** Registers a named dependency check (`db:tracking`, `bus`); returns the undo. Checks of one name must all pass. */
export function addReadinessCheck(name: string, check: ReadinessCheck): () => void {
  const entry = { name, check };
  checks.add(entry);
  return () => void checks.delete(entry);
}

/** From now on the process answers not-ready: the load balancer sends no more work while it drains. */
export function markStopping(): void {
  stopping = true;
}

export interface ReadinessReport {
  ready: boolean;
  stopping: boolean;
  checks: Record<string, boolean>;
}

export async function readiness(): Promise<ReadinessReport> {
  const entries = await Promise.all([...checks].map(async ({ name, check }) => [name, await withTimeout(check)] as const));
  const report: Record<string, boolean> = {};
  for (const [name, ok] of entries) report[name] = (report[name] ?? true) && ok;
  return { ready: !stopping && entries.every(([, ok]) => ok), stopping, checks: report };
}

async function withTimeout(check: ReadinessCheck): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([Promise.resolve().then(check), late]).catch(() => false);
  } finally {
    clearTimeout(timer);
  }
}
