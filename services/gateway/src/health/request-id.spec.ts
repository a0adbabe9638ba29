import { Body, Controller, Logger, Module, Post } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { BusClient, BusModule, BusServer, InProcessTransport } from '@portal/bus';
import { systemContext, type BusRequest } from '@portal/contracts';
import { PortalLogger } from '@portal/ops';
import type { FastifyInstance } from 'fastify';
import { fastifyAdapter } from '../http/bootstrap';
import { useOperations } from './operations';
import { currentRequestId } from '@portal/ops';

/** A service handler that logs, as every service's handlers do. */
@Controller()
class EchoService {
  private readonly logger = new Logger('EchoService');
  @MessagePattern('echo.say')
  async say(@Payload() message: BusRequest<{ words: string }>) {
    await new Promise((r) => setTimeout(r, 5));
    this.logger.log(`said ${message.data.words}`);
    return { words: message.data.words };
  }
}

/** A gateway route forwarding on the bus with the request id, as the real controllers do. */
@Controller('echo')
class EchoGateway {
  constructor(private readonly bus: BusClient) {}
  @Post()
  say(@Body() body: { words: string }) {
    new Logger('EchoGateway').log('forwarding');
    return this.bus.request('echo.say', systemContext(currentRequestId()), body);
  }
}

describe('request id across the gateway and the bus', () => {
  let app: NestFastifyApplication;
  let url = '';
  const lines: string[] = [];
  let restore: () => void;

  beforeAll(async () => {
    const transport = new InProcessTransport();
    @Module({ imports: [BusModule.forTransport(transport)], controllers: [EchoGateway, EchoService] })
    class Root {}
    app = await NestFactory.create<NestFastifyApplication>(Root, fastifyAdapter(), { logger: false });
    useOperations(app.getHttpAdapter().getInstance() as unknown as FastifyInstance);
    app.connectMicroservice({ strategy: new BusServer(transport) });
    await app.startAllMicroservices();
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
    app.useLogger(new PortalLogger('gateway', 'json'));
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    restore = () => spy.mockRestore();
  });
  afterAll(async () => {
    restore();
    await app.close();
  });

  // The JSON lines of the portal's logger; anything else on stdout meanwhile (Nest's own coloured warning
  // printed under a loaded machine's slow start, seen once in a full run) is not what is checked here.
  const logged = () =>
    lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { context: string; message: string; requestId?: string });

  it("puts the caller's X-Request-Id on the gateway's and the service's log lines, and in the answer", async () => {
    lines.length = 0;
    const res = await fetch(`${url}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'trace-0001' },
      body: JSON.stringify({ words: 'bonjour' }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-request-id')).toBe('trace-0001');
    const service = logged().find((l) => l.context === 'EchoService');
    expect(service).toMatchObject({ message: 'said bonjour', requestId: 'trace-0001' });
    expect(logged().find((l) => l.context === 'EchoGateway')).toMatchObject({ requestId: 'trace-0001' });
  });

  it('makes an id when the caller gives none or an unsafe one, and keeps concurrent requests apart', async () => {
    lines.length = 0;
    const answers = await Promise.all(
      ['un', 'deux', 'trois'].map((words, i) =>
        fetch(`${url}/echo`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(i === 2 ? { 'x-request-id': 'bad id <script>' } : {}) },
          body: JSON.stringify({ words }),
        }),
      ),
    );
    const ids = answers.map((a) => a.headers.get('x-request-id')!);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    ['un', 'deux', 'trois'].forEach((words, i) =>
      expect(logged().find((l) => l.message === `said ${words}`)).toMatchObject({ requestId: ids[i] }),
    );
  });
});
