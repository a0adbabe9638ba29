import { Inject, Injectable, Optional } from '@nestjs/common';
import { AppError } from '@portal/contracts';
import { allowListOf, OutboundRefused, resolveOutbound, systemResolver, type OutboundTarget, type Resolver } from '@portal/ops';

/** The name resolver of the webhook guard (a test module provides one that changes its mind). */
export const WEBHOOK_RESOLVER = Symbol('WEBHOOK_RESOLVER');

/**
 * The outbound guard (libs/ops outbound.ts) as webhooks apply it: the allow-list of plain http hosts
 * is WEBHOOK_HTTP_HOSTS, read at each use; a refusal at save is a 400 with its key, a refusal at
 * delivery a failed attempt (the queue logs it) before any connection.
 */
@Injectable()
export class WebhookAddressGuard {
  constructor(@Optional() @Inject(WEBHOOK_RESOLVER) private readonly resolver: Resolver = systemResolver) {}

  resolve(url: string): Promise<OutboundTarget> {
    return resolveOutbound(url, { httpHosts: allowListOf(process.env.WEBHOOK_HTTP_HOSTS), resolver: this.resolver ?? systemResolver });
  }

  /** At save: the address must be acceptable now (it is checked again at every attempt). */
  async check(url: string): Promise<void> {
    try {
      await this.resolve(url);
    } catch (e) {
      if (!(e instanceof OutboundRefused)) throw e;
      throw new AppError(e.reason === 'httpsRequired' ? 'webhookHttpsRequired' : 'webhookAddressRefused', e.message, undefined, {
        url: 'invalidFormat',
      });
    }
  }
}
