import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '@portal/auth';
import { BusClient } from '@portal/bus';
import { healthSubject, SERVICES, systemContext } from '@portal/contracts';
import type { FastifyReply } from 'fastify';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly bus: BusClient) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'Each service and its database; 503 when one is down' })
  async check(@Res() reply: FastifyReply) {
    const entries = await Promise.all(
      SERVICES.map(async (name) => {
        try {
          const answer = await this.bus.request<{ db: boolean }>(healthSubject(name), systemContext(), {}, 1500);
          return [name, { up: true, db: answer.db }] as const;
        } catch {
          return [name, { up: false, db: false }] as const;
        }
      }),
    );
    const services = Object.fromEntries(entries);
    const ok = entries.every(([, s]) => s.up && s.db);
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'degraded', services });
  }
}
