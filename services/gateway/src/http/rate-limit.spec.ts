import { Controller, Get, HttpCode, Module, Post } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { PortalExceptionFilter } from '@portal/bus';
import { RATE_LIMITS, RateLimit, RateLimitGuard, RateLimitModule } from './rate-limit';

@Controller()
class Routes {
  @RateLimit('login')
  @Post('login')
  @HttpCode(200)
  login() {
    return { ok: true };
  }

  @RateLimit('forgot')
  @Post('password/forgot')
  @HttpCode(200)
  forgotPassword() {
    return { ok: true };
  }

  @RateLimit('forgot')
  @Post('login/forgot')
  @HttpCode(200)
  forgotLogin() {
    return { ok: true };
  }

  @Get('free')
  free() {
    return { ok: true };
  }
}

@Module({
  imports: [RateLimitModule],
  controllers: [Routes],
  providers: [
    { provide: APP_GUARD, useClass: RateLimitGuard },
    { provide: APP_FILTER, useClass: PortalExceptionFilter },
  ],
})
class RateLimitedApp {}

describe('RateLimitGuard', () => {
  let app: NestFastifyApplication;
  const call = (method: 'GET' | 'POST', url: string, ip = '10.0.0.1') => app.inject({ method, url, remoteAddress: ip });
  const calls = async (times: number, method: 'GET' | 'POST', url: string, ip?: string) => {
    for (let i = 0; i < times; i++) expect((await call(method, url, ip)).statusCode).toBe(200);
  };

  beforeEach(async () => {
    app = await NestFactory.create<NestFastifyApplication>(RateLimitedApp, new FastifyAdapter(), { logger: false });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });

  afterEach(async () => {
    jest.restoreAllMocks();
    await app.close();
  });

  it('lets a client through up to the limit, then answers 429 tooManyRequests with the seconds to wait', async () => {
    await calls(RATE_LIMITS.login, 'POST', '/login');
    const refused = await call('POST', '/login');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: expect.objectContaining({ key: 'tooManyRequests', params: { seconds: 60 } }) });
    expect(refused.headers['retry-after']).toBe('60');
    // Another client is counted apart, and undecorated routes are never limited.
    await calls(1, 'POST', '/login', '10.0.0.2');
    await calls(RATE_LIMITS.login + 5, 'GET', '/free');
  });

  it('counts the routes of one bucket together and the buckets apart', async () => {
    await calls(RATE_LIMITS.forgot / 2, 'POST', '/password/forgot');
    await calls(RATE_LIMITS.forgot / 2, 'POST', '/login/forgot');
    expect((await call('POST', '/password/forgot')).statusCode).toBe(429);
    expect((await call('POST', '/login/forgot')).statusCode).toBe(429);
    await calls(1, 'POST', '/login');
  });

  it('lets the client in again once the minute is over', async () => {
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now);
    await calls(RATE_LIMITS.forgot, 'POST', '/password/forgot');
    clock.mockReturnValue(now + 30_000);
    const refused = await call('POST', '/password/forgot');
    expect(refused.headers['retry-after']).toBe('60');
    clock.mockReturnValue(now + 90_001);
    await calls(1, 'POST', '/password/forgot');
  });
});
