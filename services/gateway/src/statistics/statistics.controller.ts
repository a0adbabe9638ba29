import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Roles } from '@portal/auth';
import { BusClient } from '@portal/bus';
import {
  adminReach,
  AdminSubjects,
  Role,
  STATISTICS_GRAINS,
  StatisticsSubjects,
  systemContext,
  type CallerContext,
  type DepositorDto,
  type Labels5,
  type StatisticsDto,
  type StatisticsFigures,
  type StatisticsGrain,
  type StatisticsRequest,
} from '@portal/contracts';
import { IsIn, IsOptional } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { ApiExport } from '../exports/exports.dto';
import { ExportsService, type ExportPage } from '../exports/exports.service';
import { Caller } from '../http/caller';
import { ReportExportQuery, ReportQuery, runRequest } from '../reports/reports.dto';
import type { ExportColumn } from '../stock/export-columns';
import { columnsSheet } from '../stock/export-file';

const l = (fr: string, en: string, es: string, it: string, de: string): Labels5 => ({ fr, en, es, it, de });
const EXPORT_PAGE = 1000;

export class StatisticsQuery extends ReportQuery {
  @ApiPropertyOptional({ enum: STATISTICS_GRAINS, default: 'day', description: 'One point per day (at most 186), ISO week or month' })
  @IsOptional()
  @IsIn(STATISTICS_GRAINS)
  grain?: StatisticsGrain;
}

export class StatisticsExportQuery extends ReportExportQuery {
  @ApiPropertyOptional({ enum: STATISTICS_GRAINS, default: 'day' })
  @IsOptional()
  @IsIn(STATISTICS_GRAINS)
  grain?: StatisticsGrain;
}

/** The export's columns: one row per period and depositor with any use. */
const EXPORT_COLUMNS: ExportColumn[] = [
  { key: 'period', kind: 'day', label: l('Période du', 'Period from', 'Periodo desde', 'Periodo dal', 'Zeitraum ab') },
  { key: 'depositorCode', kind: 'text', label: l('Déposant', 'Depositor', 'Depositante', 'Depositante', 'Einlagerer') },
  { key: 'depositorLabel', kind: 'text', label: l('Raison sociale', 'Company name', 'Razón social', 'Ragione sociale', 'Firmenname') },
  {
    key: 'activeUsers',
    kind: 'number',
    label: l('Utilisateurs actifs', 'Active users', 'Usuarios activos', 'Utenti attivi', 'Aktive Benutzer'),
  },
  { key: 'signIns', kind: 'number', label: l('Connexions', 'Sign-ins', 'Inicios de sesión', 'Accessi', 'Anmeldungen') },
  { key: 'searches', kind: 'number', label: l('Recherches', 'Searches', 'Búsquedas', 'Ricerche', 'Suchen') },
  { key: 'exports', kind: 'number', label: l('Exports', 'Exports', 'Exportaciones', 'Esportazioni', 'Exporte') },
  { key: 'labels', kind: 'number', label: l('Étiquettes', 'Labels', 'Etiquetas', 'Etichette', 'Etiketten') },
  { key: 'alertMails', kind: 'number', label: l('Mails d’alerte', 'Alert mails', 'Correos de alerta', 'Mail di avviso', 'Alarm-E-Mails') },
  { key: 'claims', kind: 'number', label: l('Réclamations', 'Claims', 'Reclamaciones', 'Reclami', 'Reklamationen') },
];
const EXPORT_TITLE = l(
  'Statistiques du portail',
  'Portal statistics',
  'Estadísticas del portal',
  'Statistiche del portale',
  'Portalstatistik',
);

function statisticsRequest(query: StatisticsQuery): StatisticsRequest {
  const { reportId: _, ...request } = runRequest('statistics', query);
  return { ...request, ...(query.grain ? { grain: query.grain } : {}) };
}

/** Every depositor by id, with its code and name (the figures carry ids; the rows are those the reports service let the caller read). */
async function depositorsById(bus: BusClient): Promise<Map<number, DepositorDto>> {
  const all = await bus.request<DepositorDto[]>(AdminSubjects.depositors, systemContext('statistics-depositors'), {});
  return new Map(all.map((d) => [d.id, d]));
}

async function* statisticsPages(bus: BusClient, ctx: CallerContext, request: StatisticsRequest): AsyncGenerator<ExportPage<object>> {
  const depositors = await depositorsById(bus);
  for (let first = 0; ; first += EXPORT_PAGE) {
    const page = await bus.request<{ rows: ({ period: string; depositorId: number } & StatisticsFigures)[]; more: boolean }>(
      StatisticsSubjects.exportRows,
      ctx,
      { request, range: [first, first + EXPORT_PAGE - 1] },
    );
    yield {
      rows: page.rows.map((row) => ({
        ...row,
        depositorCode: depositors.get(row.depositorId)?.code ?? String(row.depositorId),
        depositorLabel: depositors.get(row.depositorId)?.label ?? null,
      })),
    };
    if (!page.more) return;
  }
}

/**
 * The back office's statistics (spec §6 "plus statistics", ADMIN_STATISTICS): the portal's use per
 * depositor over time, and its export. Answered by the reports service, in the caller's scope.
 */
@ApiTags('admin')
@ApiBearerAuth()
@Roles(Role.ADMIN_STATISTICS)
@Controller('admin/statistics')
export class StatisticsController {
  constructor(
    private readonly bus: BusClient,
    private readonly exports: ExportsService,
  ) {
    exports.register('statistics', (ctx, query) => ({
      title: EXPORT_TITLE,
      pages: statisticsPages(bus, ctx, query as StatisticsRequest),
      sheet: columnsSheet(EXPORT_COLUMNS, 'Statistics'),
    }));
  }

  @Get()
  @ApiOperation({
    summary:
      'The portal’s use over the period (StatisticsDto): a series per day, week or month, each depositor’s figures and the totals — active users, sign-ins, searches, exports, labels, alert mails, claims',
  })
  async read(@Caller() ctx: CallerContext, @Query() query: StatisticsQuery): Promise<StatisticsDto> {
    const [answer, depositors] = await Promise.all([
      this.bus.request<StatisticsDto>(StatisticsSubjects.read, ctx, statisticsRequest(query)),
      depositorsById(this.bus),
    ]);
    const reach = adminReach(ctx);
    return {
      ...answer,
      depositors: answer.depositors.map((d) => ({
        ...d,
        code: depositors.get(d.depositorId)?.code,
        label: depositors.get(d.depositorId)?.label,
      })),
      choices: [...depositors.values()]
        .filter((d) => reach.all || reach.depositorIds.includes(d.id))
        .map(({ id, code, label }) => ({ id, code, label }))
        .sort((a, b) => a.code.localeCompare(b.code)),
    };
  }

  @Get('export')
  @ApiExport('The portal’s use per period and depositor as CSV or XLSX')
  export(@Caller() ctx: CallerContext, @Query() query: StatisticsExportQuery, @Res({ passthrough: true }) res: FastifyReply) {
    return this.exports.run(ctx, res, {
      name: 'statistics',
      query: statisticsRequest(query),
      format: query.format ?? 'csv',
      dateFormat: query.dateFormat,
    });
  }
}
