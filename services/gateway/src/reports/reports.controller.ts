import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { BusClient } from '@portal/bus';
import {
  hasAnyRole,
  reportColumn,
  reportSpec,
  ReportsSubjects,
  Role,
  type CallerContext,
  type ReportCell,
  type ReportDefinitionDto,
  type ReportResultDto,
  type ReportRunRequest,
} from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import { ApiExport } from '../exports/exports.dto';
import type { ExportPage } from '../exports/exports.service';
import { ExportsService } from '../exports/exports.service';
import { Caller } from '../http/caller';
import type { ExportColumn } from '../stock/export-columns';
import { columnsSheet } from '../stock/export-file';
import { ReportExportQuery, ReportQuery, runRequest } from './reports.dto';

const EXPORT_PAGE = 1000;
const REPORT_EXPORT_TITLE = { fr: 'Rapport', en: 'Report', es: 'Informe', it: 'Report', de: 'Bericht' };

/** The report's columns as the export writes them (money ones for READ_TURNOVER only, as the service answers them). */
function exportColumns(ctx: CallerContext, reportId: string): ExportColumn[] {
  const spec = reportSpec(reportId);
  if (!spec) return [];
  const money = hasAnyRole(ctx.roles, [Role.READ_TURNOVER]);
  return spec.columns
    .map(reportColumn)
    .filter((c) => money || c.type !== 'money')
    .map((c) => ({
      key: c.key,
      label: c.title,
      kind: c.type === 'day' ? 'day' : c.type === 'datetime' ? 'datetime' : c.type === 'text' || c.type === 'month' ? 'text' : 'number',
    }));
}

async function* reportPages(bus: BusClient, ctx: CallerContext, request: ReportRunRequest): AsyncGenerator<ExportPage<object>> {
  for (let first = 0; ; first += EXPORT_PAGE) {
    const page = await bus.request<{ rows: Record<string, ReportCell>[]; more: boolean }>(ReportsSubjects.exportRows, ctx, {
      request,
      range: [first, first + EXPORT_PAGE - 1],
    });
    yield { rows: page.rows };
    if (!page.more) return;
  }
}

/**
 * The reports library (spec §2 /report/{id}, §6 report rights, §9 ranges and large exports by mail):
 * the reports the caller may open, a report's figures, and its export. The reports service checks
 * the rights (permissionDenied), the period and the depositors against the caller's scope.
 */
@ApiTags('reports')
@ApiBearerAuth()
@Controller('reports')
export class ReportsController {
  constructor(
    private readonly bus: BusClient,
    private readonly exports: ExportsService,
  ) {
    exports.register('reports', (ctx, query) => {
      const request = query as ReportRunRequest;
      const spec = reportSpec(request.reportId);
      return {
        title: spec?.title ?? REPORT_EXPORT_TITLE,
        pages: reportPages(bus, ctx, request),
        sheet: columnsSheet(exportColumns(ctx, request.reportId), `Report ${request.reportId}`.slice(0, 31)),
      };
    });
  }

  @Get()
  @ApiOperation({
    summary: 'The reports of the catalogue the caller may open (ReportDefinitionDto[]), money columns only with READ_TURNOVER',
  })
  catalogue(@Caller() ctx: CallerContext) {
    return this.bus.request<ReportDefinitionDto[]>(ReportsSubjects.catalogue, ctx, {});
  }

  @Get(':id')
  @ApiOperation({ summary: 'A report’s figures (ReportResultDto) over the period and depositors; 403 permissionDenied without its right' })
  run(@Caller() ctx: CallerContext, @Param('id') id: string, @Query() query: ReportQuery) {
    return this.bus.request<ReportResultDto>(ReportsSubjects.run, ctx, runRequest(id, query));
  }

  @Get(':id/export')
  @ApiExport('A report’s rows as CSV or XLSX (every row of a detail report)')
  export(
    @Caller() ctx: CallerContext,
    @Param('id') id: string,
    @Query() query: ReportExportQuery,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    const request = runRequest(id, query);
    return this.exports.run(ctx, res, { name: 'reports', query: request, format: query.format ?? 'csv', dateFormat: query.dateFormat });
  }
}
