/**
 * Runs a task on a timer and on demand, never two at once: a kick during a run asks for one more run
 * right after it (relays told after a commit, jobs on their interval). `stop` waits for the run.
 */
export class Repeater {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;

  constructor(
    private readonly task: () => Promise<unknown>,
    private readonly onError: (e: unknown) => void,
  ) {}

  /** Every `intervalMs` (none when it is not a positive number), and at once when `now`. */
  start(intervalMs: number, now: boolean): void {
    if (!Number.isFinite(intervalMs) || intervalMs <= 0) return;
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
    if (now) this.kick();
  }

  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.task()
      .then(() => undefined)
      .catch(this.onError)
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
