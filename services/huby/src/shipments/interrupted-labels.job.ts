import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { interruptedLabelsAfterMs } from './label-claim';
import { ShipmentsService } from './shipments.service';

/**
 * Gives back the shipments a label request left waiting when the process serving it died (issue 33
 * item 1): every HUBY_INTERRUPTED_LABELS_EVERY_MS (default a minute, and once at start), those waiting
 * longer than HUBY_INTERRUPTED_LABELS_AFTER_MS (default twice a label request's budget) without a sign
 * of the request working on them (label-claim.ts: a living request renews its claim) go back to
 * validated, their labels to be asked again.
 */
@Injectable()
export class InterruptedLabelsJob implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('InterruptedLabels');
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(@Inject(ShipmentsService) private readonly shipments: ShipmentsService) {}

  onApplicationBootstrap(): void {
    const every = Number(process.env.HUBY_INTERRUPTED_LABELS_EVERY_MS ?? 60_000);
    const after = interruptedLabelsAfterMs();
    if (!Number.isFinite(every) || every <= 0 || !Number.isFinite(after) || after <= 0) return;
    const tick = () => {
      if (this.running) return;
      this.running = this.shipments
        .releaseInterrupted(after)
        .then((n) => n && this.logger.warn(`${n} shipment(s) left waiting for labels by an interrupted request: back to validated`))
        .catch((e: Error) => this.logger.error(`interrupted label requests not released: ${e.message}`))
        .finally(() => (this.running = undefined));
    };
    tick();
    this.timer = setInterval(tick, every);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
