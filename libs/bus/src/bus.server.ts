import { Logger } from '@nestjs/common';
import { BaseRpcContext, CustomTransportStrategy, EventPattern, MessageHandler, Server } from '@nestjs/microservices';
import type { DomainEvent } from '@portal/contracts';
import { lastValueFrom } from 'rxjs';
import { toAppError } from './errors';
import type { BusTransport, Reply } from './transport';

/**
 * Subscribes a method to a domain event as a named durable consumer (`<service>.<purpose>`).
 * The handler gets the DomainEvent; it should write through `handleOnce` to stay idempotent.
 */
export const OnEvent = (type: string, consumer: string): MethodDecorator => EventPattern(type, { consumer });

/**
 * Nest transport strategy over a BusTransport: binds every @MessagePattern to a request subject and
 * every @OnEvent to a durable consumer. The same class serves the all-in-one and distributed modes.
 */
export class BusServer extends Server implements CustomTransportStrategy {
  protected override readonly logger = new Logger('BusServer');

  constructor(private readonly transport: BusTransport) {
    super();
  }

  async listen(callback: (...optionalParams: unknown[]) => unknown): Promise<void> {
    try {
      for (const [pattern, handler] of this.messageHandlers) {
        if (handler.isEventHandler) await this.bindEvents(pattern, handler);
        else await this.transport.serve(pattern, (payload) => this.invoke(pattern, handler, payload));
      }
      callback();
    } catch (e) {
      callback(e);
    }
  }

  private async bindEvents(pattern: string, first: MessageHandler): Promise<void> {
    // Nest chains the handlers of one pattern and calling the first runs them all; each is its own
    // durable consumer here, so unchain them to run (and fail, and be redelivered) on their own.
    const handlers: MessageHandler[] = [];
    for (let h: MessageHandler | undefined = first; h; h = h.next as MessageHandler | undefined) handlers.push(h);
    for (const handler of handlers) handler.next = undefined;
    for (const handler of handlers) {
      const consumer = String(handler.extras?.consumer ?? pattern);
      await this.transport.consume(consumer, [pattern], async (event: DomainEvent) => {
        const reply = await this.invoke(pattern, handler, event);
        if (!reply.ok) throw new Error(`${consumer} failed on ${event.type} ${event.id}: ${reply.error.key}`);
      });
    }
  }

  private async invoke(pattern: string, handler: MessageHandler, payload: unknown): Promise<Reply> {
    try {
      const result = this.transformToObservable(await handler(payload, new BaseRpcContext([pattern])));
      const data = await lastValueFrom(result, { defaultValue: null });
      return { ok: true, data: data ?? null };
    } catch (e) {
      return { ok: false, error: toAppError(e).toBody().error };
    }
  }

  on(): never {
    throw new Error('BusServer has no status events');
  }

  unwrap<T>(): T {
    return this.transport as T;
  }

  async close(): Promise<void> {
    // The transport is shared (all-in-one); its owner closes it.
  }
}
