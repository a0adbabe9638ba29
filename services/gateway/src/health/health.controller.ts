import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '@portal/auth';
import { BusClient } from '@portal/bus';
import { AdminSubjects, AuthSubjects, systemContext, type ServiceName } from '@portal/contracts';
import type { FastifyReply } from 'fastify';

const HEALTH_SUBJECTS: Record<ServiceName, string> = { auth: AuthSubjects.health, admin: AdminSubjects.health };

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly bus: BusClient) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'Each service and its database; 503 when one is down' })
  async check(@Res() reply: FastifyReply) {
    const entries = await Promise.all(
      Object.entries(HEALTH_SUBJECTS).map(async ([name, subject]) => {
        try {
          const answer = await this.bus.request<{ db: boolean }>(subject, systemContext(), {}, 1500);
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
