import { Inject, Injectable } from '@nestjs/common';
import { AppError, type BusRequest, type CallerContext } from '@portal/contracts';
import { BUS_TRANSPORT, type BusTransport } from './transport';

/** Sends requests to other services with the caller's context; unwraps the reply or throws AppError. */
@Injectable()
export class BusClient {
  constructor(@Inject(BUS_TRANSPORT) private readonly transport: BusTransport) {}

  async request<T, D = unknown>(subject: string, ctx: CallerContext, data: D, timeoutMs?: number): Promise<T> {
    const message: BusRequest<D> = { ctx, data };
    const reply = await this.transport.request(subject, message, timeoutMs);
    if (!reply.ok) throw AppError.fromBody(reply.error);
    return reply.data as T;
  }
}
