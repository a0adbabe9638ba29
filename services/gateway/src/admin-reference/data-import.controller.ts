import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Roles } from '@portal/auth';
import { BusClient } from '@portal/bus';
import {
  ADMIN_IMPORT_COLUMNS,
  ADMIN_IMPORT_KINDS,
  ADMIN_IMPORT_ROLES,
  AdminImportSubjects,
  AdminSubjects,
  AppError,
  hasAnyRole,
  importSampleFileRows,
  type AdminImportKind,
  type CallerContext,
  type DepositorDto,
} from '@portal/contracts';
import { FileStorage } from '@portal/files';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Caller } from '../http/caller';
import { ImportHttp, sendSampleFile } from '../imports/import-http';

type Json = Record<string, unknown>;
/** Anyone who may import one kind reaches these routes; each kind's own roles are checked here and again by its service. */
const ANY_KIND_ROLES = [...new Set(Object.values(ADMIN_IMPORT_ROLES).flat())];

/** The upload route: its body reaches the handler as the raw request stream (see useRawUploads). */
export const DATA_IMPORT_UPLOAD = /^\/api\/admin\/imports\/[a-z]+\/simulations$/;

/**
 * The back office's data import with simulation (spec §2 admin pages), one kind per path
 * (/api/admin/imports/depositors, /addresses), each answered by the service that owns its rows, on
 * the routes every import shares (imports/import-http.ts). An unknown kind is a page that does not exist.
 */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/imports')
export class DataImportController {
  private readonly kinds: Record<AdminImportKind, ImportHttp>;

  constructor(
    private readonly bus: BusClient,
    files: FileStorage,
  ) {
    this.kinds = Object.fromEntries(
      ADMIN_IMPORT_KINDS.map((kind) => [kind, new ImportHttp(bus, files, AdminImportSubjects[kind], `admin/imports/${kind}`)]),
    ) as Record<AdminImportKind, ImportHttp>;
  }

  @Roles(...ANY_KIND_ROLES)
  @Post(':kind/simulations')
  @ApiOperation({ summary: 'Uploads a CSV or XLSX file of one kind (raw body) and starts its simulation; 413 sizeLimitExceeded' })
  @ApiConsumes('application/octet-stream', 'text/csv')
  @ApiQuery({ name: 'name', required: false, description: 'the file name shown in the report' })
  simulate(@Caller() ctx: CallerContext, @Param('kind') kind: string, @Req() req: FastifyRequest, @Query('name') name?: string) {
    return this.of(ctx, kind).simulate(ctx, req, name);
  }

  @Roles(...ANY_KIND_ROLES)
  @Get(':kind/simulations/:id')
  @ApiOperation({ summary: 'A simulation: state (reading, simulated, importing, imported, failed), progress, counts per line status' })
  get(@Caller() ctx: CallerContext, @Param('kind') kind: string, @Param('id') id: string) {
    return this.of(ctx, kind).get(ctx, id);
  }

  @Roles(...ANY_KIND_ROLES)
  @Get(':kind/simulations/:id/lines')
  @ApiOperation({ summary: 'A page of simulated lines (line, status, §8 key, params, natural key, values); status filters' })
  lines(@Caller() ctx: CallerContext, @Param('kind') kind: string, @Param('id') id: string, @Query() query: Json) {
    return this.of(ctx, kind).lines(ctx, id, query);
  }

  @Roles(...ANY_KIND_ROLES)
  @Get(':kind/simulations/:id/report')
  @ApiOperation({ summary: 'The simulation or import report as CSV (every line, or one status)' })
  report(
    @Caller() ctx: CallerContext,
    @Param('kind') kind: string,
    @Param('id') id: string,
    @Query('status') status: string | undefined,
    @Res() res: FastifyReply,
  ) {
    return this.of(ctx, kind).report(ctx, id, status, res);
  }

  @Roles(...ANY_KIND_ROLES)
  @Post(':kind/simulations/:id/import')
  @HttpCode(200)
  @ApiOperation({ summary: 'Imports what the simulation found; force = true skips refused lines, else 409 importHasRefusedLines' })
  @ApiBody({ schema: { type: 'object', properties: { force: { type: 'boolean' } } } })
  apply(@Caller() ctx: CallerContext, @Param('kind') kind: string, @Param('id') id: string, @Body() body: Json) {
    return this.of(ctx, kind).apply(ctx, id, body);
  }

  @Roles(...ANY_KIND_ROLES)
  @Get(':kind/sample/:format')
  @ApiOperation({ summary: 'A sample file of one kind (csv or xlsx): the header row of its columns and an example line' })
  async sample(@Caller() ctx: CallerContext, @Param('kind') kind: string, @Param('format') format: string, @Res() res: FastifyReply) {
    this.of(ctx, kind);
    // Written with the caller's own depositor (never another's code), so that the sample imports as it is.
    const [own] = kind === 'depositors' ? [] : await this.bus.request<DepositorDto[]>(AdminSubjects.depositors, ctx, {});
    const code = own?.code ?? '';
    const rows = importSampleFileRows(ADMIN_IMPORT_COLUMNS[kind as AdminImportKind], [{ depositor_code: code, depositor_codes: code }]);
    await sendSampleFile(res, format, `import-${kind}-sample`, kind, rows);
  }

  /** The kind's routes, if the caller holds one of its roles (another kind's administrator is refused). */
  private of(ctx: CallerContext, kind: string): ImportHttp {
    if (!(ADMIN_IMPORT_KINDS as readonly string[]).includes(kind)) throw new AppError('pageNotFound', 'no such import kind');
    if (!hasAnyRole(ctx.roles, ADMIN_IMPORT_ROLES[kind as AdminImportKind]))
      throw new AppError('permissionDenied', 'this import needs another role');
    return this.kinds[kind as AdminImportKind];
  }
}
