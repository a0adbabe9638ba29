import { PassThrough, Readable, Transform } from 'node:stream';
import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Roles } from '@portal/auth';
import { BusClient } from '@portal/bus';
import {
  AppError,
  HubySubjects,
  IMPORT_MAX_BYTES,
  importSampleRows,
  Role,
  type CallerContext,
  type ImportLineDto,
  type ImportSampleValuesDto,
  type ImportSimulationDto,
} from '@portal/contracts';
import { FileStorage, isZip, peekStream } from '@portal/files';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONTENT_TYPES, sheetWriter } from '../exports/sheet';
import { Caller } from '../http/caller';
import { attachment } from '../http/files';

/** Spec §6: importing orders is the user right "import all or Huby". */
const IMPORT = [Role.USER_IMPORT_HUBY, Role.USER_IMPORT_ALL] as const;
const REPORT_PAGE = 5000;
type Json = Record<string, unknown>;

/** The upload route: its body reaches the handler as the raw request stream (see useRawUploads). */
export const IMPORT_UPLOAD_PATH = '/api/dashtower/import/simulations';

/**
 * Huby order import over HTTP: the file is the raw request body (CSV or XLSX, told apart by its
 * bytes), streamed into the shared storage under the size limit, then simulated by the Huby service
 * in the background; the screen polls the simulation, pages its lines, downloads the report and
 * asks for the import. Sample files are written from the same column definition the parser reads.
 */
@ApiTags('dashtower')
@ApiBearerAuth()
@Controller('dashtower/import')
export class HubyImportController {
  constructor(
    private readonly bus: BusClient,
    private readonly files: FileStorage,
  ) {}

  @Roles(...IMPORT)
  @Post('simulations')
  @ApiOperation({ summary: 'Uploads a CSV or XLSX order file (raw body) and starts its simulation; 413 sizeLimitExceeded' })
  @ApiConsumes('application/octet-stream', 'text/csv')
  @ApiQuery({ name: 'name', required: false, description: 'the file name shown in the report' })
  async simulate(@Caller() ctx: CallerContext, @Req() req: FastifyRequest, @Query('name') name?: string) {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > IMPORT_MAX_BYTES) throw new AppError('sizeLimitExceeded', 'file too large', { limit: IMPORT_MAX_BYTES });
    const body = req.body instanceof Readable ? req.body : Readable.from(Buffer.isBuffer(req.body) ? [req.body] : []);
    const { head, rest } = await peekStream(body);
    if (!head) throw new AppError('cannotReadFile', 'empty file');
    const format = isZip(head) ? 'xlsx' : 'csv';
    const stored = await this.files.putGenerated(rest.pipe(limited(IMPORT_MAX_BYTES)), { folder: 'huby/imports', extension: format });
    try {
      return await this.bus.request<ImportSimulationDto>(HubySubjects.importSimulate, ctx, {
        file_key: stored.key,
        name: typeof name === 'string' ? name : undefined,
        format,
        size: stored.size,
      });
    } catch (e) {
      await this.files.delete(stored.key).catch(() => undefined);
      throw e;
    }
  }

  @Roles(...IMPORT)
  @Get('simulations/:id')
  @ApiOperation({ summary: 'A simulation: state (reading, simulated, importing, imported, failed), progress, counts per line status' })
  get(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<ImportSimulationDto>(HubySubjects.importGet, ctx, { id });
  }

  @Roles(...IMPORT)
  @Get('simulations/:id/lines')
  @ApiOperation({ summary: 'A page of simulated lines (line, status, §8 key, params, reference, what); status filters' })
  lines(@Caller() ctx: CallerContext, @Param('id') id: string, @Query() query: Json) {
    return this.bus.request<{ total: number; lines: ImportLineDto[] }>(HubySubjects.importLines, ctx, {
      id,
      status: query.status,
      offset: query.offset,
      limit: query.limit,
    });
  }

  @Roles(...IMPORT)
  @Get('simulations/:id/report')
  @ApiOperation({ summary: 'The simulation or import report as CSV (every line, or one status)' })
  async report(
    @Caller() ctx: CallerContext,
    @Param('id') id: string,
    @Query('status') status: string | undefined,
    @Res() res: FastifyReply,
  ) {
    const simulation = await this.bus.request<ImportSimulationDto>(HubySubjects.importGet, ctx, { id });
    const out = new PassThrough();
    void res
      .header('Content-Type', CONTENT_TYPES.csv)
      .header('Content-Disposition', attachment(`${simulation.name.replace(/\.[^.]*$/, '')}-report.csv`))
      .send(out);
    const writer = sheetWriter('csv', 'report', ['line', 'status', 'key', 'params', 'reference', 'what'], out);
    try {
      for (let offset = 0; ; offset += REPORT_PAGE) {
        const page = await this.bus.request<{ total: number; lines: ImportLineDto[] }>(HubySubjects.importLines, ctx, {
          id,
          status,
          offset,
          limit: REPORT_PAGE,
        });
        await writer.add(page.lines.map((l) => [l.line, l.status, l.key, paramsText(l.params), l.reference, l.what]));
        if (page.lines.length < REPORT_PAGE) break;
      }
      await writer.finish();
    } catch (e) {
      out.destroy(e as Error);
    }
  }

  @Roles(...IMPORT)
  @Post('simulations/:id/import')
  @HttpCode(200)
  @ApiOperation({ summary: 'Imports what the simulation found; force = true skips refused lines, else 409 importHasRefusedLines' })
  @ApiBody({ schema: { type: 'object', properties: { force: { type: 'boolean' } } } })
  apply(@Caller() ctx: CallerContext, @Param('id') id: string, @Body() body: Json) {
    return this.bus.request<ImportSimulationDto>(HubySubjects.importApply, ctx, { id, force: body?.force === true });
  }

  @Roles(...IMPORT)
  @Get('sample/:format')
  @ApiOperation({
    summary: 'A sample order file (csv or xlsx) with the caller’s codes: a header row, an example line to remove, two orders',
  })
  async sample(@Caller() ctx: CallerContext, @Param('format') format: string, @Res() res: FastifyReply) {
    if (format !== 'csv' && format !== 'xlsx') throw new AppError('pageNotFound', 'sample formats are csv and xlsx');
    const values = await this.bus.request<ImportSampleValuesDto>(HubySubjects.importSample, ctx, {});
    const [headers, ...rows] = importSampleRows(values, `SAMPLE-${Date.now().toString(36).toUpperCase()}`);
    const out = new PassThrough();
    void res
      .header('Content-Type', CONTENT_TYPES[format])
      .header('Content-Disposition', attachment(`huby-import-sample.${format}`))
      .send(out);
    const writer = sheetWriter(format, 'orders', headers, out);
    await writer.add(rows);
    await writer.finish();
  }
}

const paramsText = (params: Record<string, string | number> | null) =>
  params
    ? Object.entries(params)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')
    : null;

/** Fails the stream with sizeLimitExceeded past `max` bytes (the storage then removes what it wrote). */
export function limited(max: number): Transform {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      total += chunk.length;
      if (total > max) done(new AppError('sizeLimitExceeded', 'file too large', { limit: max }));
      else done(null, chunk);
    },
  });
}
