import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { UsageInterceptor } from './usage.interceptor';
import { UsageMeter } from './usage-meter';

/** The usage meter of the back office's statistics, for every controller (sign-ins, exports) and each request (active users, searches). */
@Global()
@Module({
  providers: [UsageMeter, { provide: APP_INTERCEPTOR, useClass: UsageInterceptor }],
  exports: [UsageMeter],
})
export class UsageModule {}
