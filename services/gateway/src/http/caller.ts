import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { CallerContext } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';

export type PortalRequest = FastifyRequest & { caller?: CallerContext };

/** The CallerContext the session guard resolved for this request. */
export const Caller = createParamDecorator((_: unknown, context: ExecutionContext): CallerContext => {
  const caller = context.switchToHttp().getRequest<PortalRequest>().caller;
  if (!caller) throw new Error('no caller context: is the route behind SessionGuard?');
  return caller;
});

/** Client facts a few services need (lockout logs, sessions list). */
export const ClientInfo = createParamDecorator((_: unknown, context: ExecutionContext) => {
  const request = context.switchToHttp().getRequest<PortalRequest>();
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') };
});
