import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Roles } from '@portal/auth';
import { BusClient } from '@portal/bus';
import {
  HUBY_IMPORT_ROLES,
  HUBY_IMPORT_SUBJECTS,
  HubySubjects,
  importSampleRows,
  type CallerContext,
  type ImportSampleValuesDto,
} from '@portal/contracts';
import { FileStorage } from '@portal/files';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Caller } from '../http/caller';
import { ImportHttp, sendSampleFile } from '../imports/import-http';

type Json = Record<string, unknown>;

/** The upload route: its body reaches the handler as the raw request stream (see useRawUploads). */
export const IMPORT_UPLOAD_PATH = '/api/dashtower/import/simulations';

/** Huby order import over HTTP, on the shared import routes (imports/import-http.ts). */
@ApiTags('dashtower')
@ApiBearerAuth()
@Controller('dashtower/import')
export class HubyImportController {
  private readonly imports: ImportHttp;

  constructor(
    private readonly bus: BusClient,
    files: FileStorage,
  ) {
    this.imports = new ImportHttp(bus, files, HUBY_IMPORT_SUBJECTS, 'huby/imports');
  }

  @Roles(...HUBY_IMPORT_ROLES)
  @Post('simulations')
  @ApiOperation({ summary: 'Uploads a CSV or XLSX order file (raw body) and starts its simulation; 413 sizeLimitExceeded' })
  @ApiConsumes('application/octet-stream', 'text/csv')
  @ApiQuery({ name: 'name', required: false, description: 'the file name shown in the report' })
  simulate(@Caller() ctx: CallerContext, @Req() req: FastifyRequest, @Query('name') name?: string) {
    return this.imports.simulate(ctx, req, name);
  }

  @Roles(...HUBY_IMPORT_ROLES)
  @Get('simulations/:id')
  @ApiOperation({ summary: 'A simulation: state (reading, simulated, importing, imported, failed), progress, counts per line status' })
  get(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.imports.get(ctx, id);
  }

  @Roles(...HUBY_IMPORT_ROLES)
  @Get('simulations/:id/lines')
  @ApiOperation({ summary: 'A page of simulated lines (line, status, §8 key, params, reference, what); status filters' })
  lines(@Caller() ctx: CallerContext, @Param('id') id: string, @Query() query: Json) {
    return this.imports.lines(ctx, id, query);
  }

  @Roles(...HUBY_IMPORT_ROLES)
  @Get('simulations/:id/report')
  @ApiOperation({ summary: 'The simulation or import report as CSV (every line, or one status)' })
  report(@Caller() ctx: CallerContext, @Param('id') id: string, @Query('status') status: string | undefined, @Res() res: FastifyReply) {
    return this.imports.report(ctx, id, status, res);
  }

  @Roles(...HUBY_IMPORT_ROLES)
  @Post('simulations/:id/import')
  @HttpCode(200)
  @ApiOperation({ summary: 'Imports what the simulation found; force = true skips refused lines, else 409 importHasRefusedLines' })
  @ApiBody({ schema: { type: 'object', properties: { force: { type: 'boolean' } } } })
  apply(@Caller() ctx: CallerContext, @Param('id') id: string, @Body() body: Json) {
    return this.imports.apply(ctx, id, body);
  }

  @Roles(...HUBY_IMPORT_ROLES)
  @Get('sample/:format')
  @ApiOperation({
    summary: 'A sample order file (csv or xlsx) with the caller’s codes: a header row, an example line to remove, two orders',
  })
  async sample(@Caller() ctx: CallerContext, @Param('format') format: string, @Res() res: FastifyReply) {
    const values = await this.bus.request<ImportSampleValuesDto>(HubySubjects.importSample, ctx, {});
    await sendSampleFile(
      res,
      format,
      'huby-import-sample',
      'orders',
      importSampleRows(values, `SAMPLE-${Date.now().toString(36).toUpperCase()}`),
    );
  }
}
