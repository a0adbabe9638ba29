import { AppError } from '@portal/contracts';

/**
 * How much of one kind of request (one bus subject) a copy of a service takes on at once, and how
 * long the rest may wait for a turn. Past that, a request is shed: 503 `serverUnavailable` with a
 * Retry-After, at once, rather than queued without bound behind a pile of slow searches (issue 23).
 */
export interface AdmissionLimits {
  /** Requests of one subject served at once. */
  concurrency: number;
  /** Requests of one subject waiting for a turn at once; the next one is shed at once. */
  queue: number;
  /** The longest a request waits for its turn (never past its caller's own timeout). */
  maxWaitMs: number;
}

const envNumber = (name: string, fallback: number): number => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

/** From the environment: BUS_CONCURRENCY, BUS_QUEUE, BUS_QUEUE_WAIT_MS. */
export function admissionLimitsFromEnv(): AdmissionLimits {
  return {
    concurrency: envNumber('BUS_CONCURRENCY', 4),
    queue: envNumber('BUS_QUEUE', 200),
    maxWaitMs: envNumber('BUS_QUEUE_WAIT_MS', 1000),
  };
}

/**
 * Lanes whose requests mostly wait on something outside (a carrier's web service answering in
 * seconds) rather than use the database: more of them at once, and a longer wait for a turn, so that
 * sixteen packers asking labels together are not shed while each holds a turn for the carrier's
 * answer. Declared by the service that answers the subject (laneLimits), in the process that hosts it.
 */
const LANES = new Map<string, Partial<AdmissionLimits>>();

export function laneLimits(subject: string, limits: Partial<AdmissionLimits>): void {
  LANES.set(subject, limits);
}

/** What a shed request tells its caller: come back in this many seconds. */
export const SHED_RETRY_AFTER_SECONDS = 1;

/** Time a caller needs after its answer arrives: a turn taken later than this before its timeout is shed. */
const ANSWER_MARGIN_MS = 50;

interface Waiter {
  start: () => void;
  shed: (error: AppError) => void;
  timer: NodeJS.Timeout;
}

class Lane {
  running = 0;
  readonly waiting: Waiter[] = [];
  constructor(readonly limits: AdmissionLimits) {}
}

export interface AdmissionStats {
  admitted: number;
  queued: number;
  shed: number;
}

/**
 * One lane per subject, each with its own turns, so that one kind of expensive request cannot take
 * the turns (and the database connections) of the others: tracker searches piling up wait among
 * themselves while stock and the dashboard keep theirs. First come, first served within a lane.
 */
export class Admission {
  private readonly lanes = new Map<string, Lane>();
  readonly stats: AdmissionStats = { admitted: 0, queued: 0, shed: 0 };

  constructor(private readonly limits: AdmissionLimits = admissionLimitsFromEnv()) {}

  /**
   * Runs `work` when the subject's lane has a turn. `budgetMs` is what the caller waits in all (its
   * bus timeout): a request never waits for a turn it could not use before its caller gives up.
   */
  async run<T>(subject: string, budgetMs: number | undefined, work: () => Promise<T>): Promise<T> {
    const lane = this.laneOf(subject);
    if (lane.running >= lane.limits.concurrency) await this.turn(subject, lane, budgetMs);
    else lane.running++;
    this.stats.admitted++;
    try {
      return await work();
    } finally {
      this.release(lane);
    }
  }

  private laneOf(subject: string): Lane {
    let lane = this.lanes.get(subject);
    if (!lane) this.lanes.set(subject, (lane = new Lane({ ...this.limits, ...LANES.get(subject) })));
    return lane;
  }

  private turn(subject: string, lane: Lane, budgetMs: number | undefined): Promise<void> {
    const caller = budgetMs !== undefined && Number.isFinite(budgetMs) ? budgetMs - ANSWER_MARGIN_MS : Infinity;
    const waitMs = Math.min(lane.limits.maxWaitMs, caller);
    if (lane.waiting.length >= lane.limits.queue || waitMs <= 0) return Promise.reject(this.shed(subject, 'queue full'));
    this.stats.queued++;
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        shed: reject,
        timer: setTimeout(() => {
          const at = lane.waiting.indexOf(waiter);
          if (at >= 0) lane.waiting.splice(at, 1);
          reject(this.shed(subject, `no turn in ${Math.round(waitMs)} ms`));
        }, waitMs),
      };
      lane.waiting.push(waiter);
    });
  }

  /** The turn passes to the first waiter (it keeps `running` as it is), or is given back. */
  private release(lane: Lane): void {
    const next = lane.waiting.shift();
    if (next) next.start();
    else lane.running--;
  }

  private shed(subject: string, why: string): AppError {
    this.stats.shed++;
    return new AppError('serverUnavailable', `${subject} is busy: ${why}`, { retryAfter: SHED_RETRY_AFTER_SECONDS });
  }
}
