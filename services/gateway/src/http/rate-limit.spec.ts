import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppError } from '@portal/contracts';
import { RateLimit, RateLimitGuard } from './rate-limit';

class Routes {
  @RateLimit('login', 3, 60_000)
  login(): void {}
  free(): void {}
}

const contextFor = (handler: keyof Routes, ip: string) =>
  ({
    getHandler: () => Routes.prototype[handler],
    switchToHttp: () => ({ getRequest: () => ({ ip }) }),
  }) as unknown as ExecutionContext;

describe('RateLimitGuard', () => {
  it('lets a client through up to the limit, then answers tooManyRequests with the seconds to wait', () => {
    const guard = new RateLimitGuard(new Reflector());
    for (let i = 0; i < 3; i++) expect(guard.canActivate(contextFor('login', '10.0.0.1'))).toBe(true);
    let error: unknown;
    try {
      guard.canActivate(contextFor('login', '10.0.0.1'));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ key: 'tooManyRequests', status: 429, params: { seconds: expect.any(Number) } });
    // Another client is counted apart, and undecorated routes are never limited.
    expect(guard.canActivate(contextFor('login', '10.0.0.2'))).toBe(true);
    for (let i = 0; i < 10; i++) expect(guard.canActivate(contextFor('free', '10.0.0.1'))).toBe(true);
  });

  it('opens a new window once the previous one is over', () => {
    jest.useFakeTimers();
    const guard = new RateLimitGuard(new Reflector());
    for (let i = 0; i < 3; i++) guard.canActivate(contextFor('login', '10.0.0.3'));
    expect(() => guard.canActivate(contextFor('login', '10.0.0.3'))).toThrow(AppError);
    jest.advanceTimersByTime(60_001);
    expect(guard.canActivate(contextFor('login', '10.0.0.3'))).toBe(true);
    jest.useRealTimers();
  });
});
