import { Injectable, Logger } from '@nestjs/common';
import { BusClient, TrackingWordsCache } from '@portal/bus';
import {
  AdminReferenceSubjects,
  AdminSubjects,
  AppError,
  depositorScope,
  isPublicTrackingToken,
  PUBLIC_TRACKING_PATH,
  systemContext,
  TrackingSubjects,
  type CallerContext,
  type DepositorDto,
  type LogoDto,
  type PublicTrackingDto,
} from '@portal/contracts';
import type { TrackingView } from './page';

/**
 * What the public page needs from the services: the order of a token (tracking), then its
 * depositor's name and logo (admin), asked as the system limited to that one depositor. A token
 * that cannot be one is still asked (as nothing): an unknown, a revoked and a malformed token take
 * the same way and the same time.
 */
@Injectable()
export class PublicTrackingReader {
  private readonly logger = new Logger('PublicTracking');

  constructor(
    private readonly bus: BusClient,
    private readonly words: TrackingWordsCache,
  ) {}

  order(ctx: CallerContext, token: unknown): Promise<PublicTrackingDto | null> {
    return this.bus.request<PublicTrackingDto | null>(TrackingSubjects.publicTracking, ctx, {
      token: isPublicTrackingToken(token) ? token : '',
    });
  }

  /** The page of a token, or null (unknown, revoked, malformed alike). */
  async view(ctx: CallerContext, token: unknown): Promise<TrackingView | null> {
    const order = await this.order(ctx, token);
    if (!order) return null;
    const asDepositor = this.depositorContext(ctx, order.depositorId);
    const [depositors, logo, words] = await Promise.all([
      this.branding(this.bus.request<DepositorDto[]>(AdminSubjects.depositorsByIds, asDepositor, { ids: [order.depositorId] })),
      this.branding(this.bus.request<LogoDto>(AdminReferenceSubjects.logoOf, asDepositor, { depositorId: order.depositorId })),
      this.words.get(ctx.requestId),
    ]);
    return {
      order,
      words,
      depositorName: depositors?.[0]?.label ?? null,
      logoUrl: logo ? `${PUBLIC_TRACKING_PATH}/${token as string}/logo?v=${Date.parse(logo.updatedAt)}` : null,
    };
  }

  /** The depositor's logo of a token's order, or null. */
  async logo(ctx: CallerContext, token: unknown): Promise<LogoDto | null> {
    const order = await this.order(ctx, token);
    if (!order) return null;
    return this.branding(
      this.bus.request<LogoDto>(AdminReferenceSubjects.logoOf, this.depositorContext(ctx, order.depositorId), {
        depositorId: order.depositorId,
      }),
    );
  }

  /** The system, for this request, seeing that depositor alone. */
  private depositorContext(ctx: CallerContext, depositorId: number): CallerContext {
    return { ...systemContext(ctx.requestId), locale: ctx.locale, scope: depositorScope([depositorId]) };
  }

  /** The depositor's name and logo dress the page: without them (none, or admin away) it still shows the order. */
  private async branding<T>(answer: Promise<T>): Promise<T | null> {
    try {
      return await answer;
    } catch (e) {
      if (!(e instanceof AppError && e.key === 'objectNotFound'))
        this.logger.warn(`depositor branding not read: ${e instanceof Error ? e.message : String(e)}`);
      return null;
    }
  }
}
