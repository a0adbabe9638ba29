import { Inject, Injectable } from '@nestjs/common';
import { AppError, type BusRequest, type CallerContext } from '@portal/contracts';
import { currentRequestIsSafe, timeBusRequest } from '@portal/ops';
import { BUS_TRANSPORT, DEFAULT_REQUEST_TIMEOUT_MS, type BusTransport } from './transport';

/** Sends requests to other services with the caller's context; unwraps the reply or throws AppError. */
@Injectable()
export class BusClient {
  constructor(@Inject(BUS_TRANSPORT) private readonly transport: BusTransport) {}

  async request<T, D = unknown>(subject: string, ctx: CallerContext, data: D, timeoutMs?: number): Promise<T> {
    const budgetMs = timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    const message: BusRequest<D> = { ctx, data, budgetMs };
    return timeBusRequest(subject, async () => {
      // A request made for an HTTP GET may be asked again of another copy if its own dies (NatsTransport).
      const reply = await this.transport.request(subject, message, budgetMs, { retryable: currentRequestIsSafe() });
      if (!reply.ok) throw AppError.fromBody(reply.error);
      return reply.data as T;
    });
  }

  /** A durable consumer's acknowledgement floor (`BusTransport.ackFloor`): null when there is nothing to wait for. */
  ackFloor(consumer: string): Promise<number | null> {
    return this.transport.ackFloor(consumer);
  }
}
