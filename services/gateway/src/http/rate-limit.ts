import { Injectable, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { ThrottlerGuard, ThrottlerModule, type ThrottlerLimitDetail, type ThrottlerRequest } from '@nestjs/throttler';
import { AppError } from '@portal/contracts';
import type { FastifyReply } from 'fastify';

/**
 * Calls per client IP and minute in each group of public routes (README: RATE_LIMIT_MULTIPLIER scales
 * them): sign-in and passwords, and the recipients' tracking page with its logo (a page view is two calls).
 */
export const RATE_LIMITS = { login: 30, forgot: 10, reset: 30, publicTracking: 30 } as const;
export type RateLimitBucket = keyof typeof RATE_LIMITS;
const WINDOW_MS = 60_000;
const BUCKET_KEY = 'portal:rate-limit';

/** Counts this route's calls in `bucket`, together with the other routes naming it; undecorated routes are not limited. */
export const RateLimit = (bucket: RateLimitBucket): MethodDecorator => SetMetadata(BUCKET_KEY, bucket);

/**
 * One throttler per bucket; in memory, per gateway instance: behind a load balancer each instance
 * counts its own share. The guard writes Retry-After itself (the library would name it Retry-After-<bucket>).
 */
export const RateLimitModule = ThrottlerModule.forRoot({
  throttlers: Object.entries(RATE_LIMITS).map(([name, limit]) => ({
    name,
    ttl: WINDOW_MS,
    limit: limit * Number(process.env.RATE_LIMIT_MULTIPLIER ?? 1),
  })),
  setHeaders: false,
});

/** @nestjs/throttler per client IP (IPv6 by /64), a bucket shared by its routes, past the limit 429 `tooManyRequests`. */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  /** A route naming no bucket (nearly all) skips the throttlers' per-route look-ups: every request passes here. */
  override canActivate(context: ExecutionContext): Promise<boolean> {
    if (!this.reflector.get<RateLimitBucket | undefined>(BUCKET_KEY, context.getHandler())) return Promise.resolve(true);
    return super.canActivate(context);
  }

  protected override handleRequest(request: ThrottlerRequest): Promise<boolean> {
    const bucket = this.reflector.get<RateLimitBucket | undefined>(BUCKET_KEY, request.context.getHandler());
    return bucket === request.throttler.name ? super.handleRequest(request) : Promise.resolve(true);
  }

  protected override generateKey(_context: ExecutionContext, client: string, bucket: string): string {
    return `${bucket}:${client}`;
  }

  protected override async throwThrottlingException(context: ExecutionContext, limit: ThrottlerLimitDetail): Promise<void> {
    const seconds = limit.timeToBlockExpire;
    context.switchToHttp().getResponse<FastifyReply>().header('Retry-After', String(seconds));
    throw new AppError('tooManyRequests', 'too many requests', { seconds });
  }
}
