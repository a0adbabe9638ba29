import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppError } from '@portal/contracts';
import type { PortalRequest } from './caller';

export interface RateLimitRule {
  bucket: string;
  limit: number;
  windowMs: number;
}
const RATE_LIMIT_KEY = 'portal:rate-limit';

/** Limits calls per client IP on this route (fixed window); the answer is 429 `tooManyRequests`. */
export const RateLimit = (bucket: string, limit: number, windowMs = 60_000): MethodDecorator =>
  SetMetadata(RATE_LIMIT_KEY, { bucket, limit: Number(process.env.RATE_LIMIT_MULTIPLIER ?? 1) * limit, windowMs });

/** In-memory, per gateway instance: behind a load balancer each instance counts its own share. */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const rule = this.reflector.get<RateLimitRule | undefined>(RATE_LIMIT_KEY, context.getHandler());
    if (!rule) return true;
    const request = context.switchToHttp().getRequest<PortalRequest>();
    const key = `${rule.bucket}:${request.ip}`;
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || now - window.start >= rule.windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(key, window);
      if (this.windows.size > 50_000) this.sweep(now, rule.windowMs);
    }
    window.count += 1;
    if (window.count > rule.limit) {
      const seconds = Math.ceil((window.start + rule.windowMs - now) / 1000);
      throw new AppError('tooManyRequests', 'too many requests', { seconds });
    }
    return true;
  }

  private sweep(now: number, windowMs: number): void {
    for (const [key, w] of this.windows) if (now - w.start >= windowMs) this.windows.delete(key);
  }
}
