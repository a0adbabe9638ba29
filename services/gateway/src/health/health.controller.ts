import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '@portal/auth';
import { BusClient } from '@portal/bus';
import { healthSubject, SERVICES, systemContext, type DemoProgressDto } from '@portal/contracts';
import { demoProgress, readiness } from '@portal/ops';
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

  @Public()
  @Get('live')
  @ApiOperation({ summary: 'Liveness: the process answers (never looks at its dependencies)' })
  live() {
    return { status: 'ok' };
  }

  /** The all-in-one portal's demo data still loading after its start (the screens say so); nothing elsewhere. */
  @Public()
  @Get('demo')
  @ApiOperation({ summary: 'The demo data sets still loading after an all-in-one start (tracking, stock, claims, fever, reports)' })
  demo(): DemoProgressDto {
    return demoProgress();
  }

  /**
   * This process's own dependencies only (the bus; in all-in-one also every database): a service
   * that is down makes its own probe fail, not every gateway's, which would take the whole site out.
   */
  @Public()
  @Get('ready')
  @ApiOperation({ summary: "Readiness: this process's bus and databases reachable, migrations run, not shutting down; 503 otherwise" })
  async ready(@Res() reply: FastifyReply) {
    const report = await readiness();
    return reply.status(report.ready ? 200 : 503).send({ status: report.ready ? 'ready' : 'unready', ...report });
  }
}
