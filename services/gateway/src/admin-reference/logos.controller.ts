import { Controller, Delete, Get, Param, Post, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '@portal/auth';
import { BusClient } from '@portal/bus';
import {
  AdminReferenceSubjects as S,
  AppError,
  AdminSubjects,
  notFound,
  Role,
  type CallerContext,
  type DepositorDto,
  type LogoDto,
} from '@portal/contracts';
import { FileStorage } from '@portal/files';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Caller } from '../http/caller';
import { withUpload } from '../http/raw-upload';
import { storeLogoUpload } from './admin-reference.dto';

const UPLOAD =
  'Raw body: PNG or JPEG read from the bytes (415 unexpectedFileContent), at most 2 MB (413 sizeLimitExceeded); kept as a PNG fitting 300x150';

/**
 * Depositors' logos (spec §5 300x150, §6 "change own logo"): set by ADMIN_DEPOSITOR for a
 * depositor in their reach or by USER_CHANGE_OWN_LOGO for one of the caller's own; read by that depositor's users
 * (the header shows GET /api/logo); another depositor's answers 404.
 */
@ApiTags('admin')
@ApiBearerAuth()
@Controller()
export class LogosController {
  constructor(
    private readonly bus: BusClient,
    private readonly files: FileStorage,
  ) {}

  @Get('logo')
  @ApiOperation({ summary: 'The logo (PNG) of the caller’s own depositor, for the header; 204 No Content when it has none' })
  async own(@Caller() ctx: CallerContext, @Res({ passthrough: true }) res: FastifyReply) {
    // Most depositors have none: a normal answer, not an error every page of the web app would log.
    const logo = await this.bus.request<LogoDto>(S.logoOf, ctx, {}).catch((e: unknown) => {
      if (e instanceof AppError && e.key === 'objectNotFound') return null;
      throw e;
    });
    if (!logo) {
      res.status(204);
      return undefined;
    }
    return this.send(logo, res);
  }

  @Get('depositors/:id/logo')
  @ApiOperation({
    summary: 'A depositor’s logo (PNG): the depositor’s users, and ADMIN_DEPOSITOR for those in their reach; 404 objectNotFound otherwise',
  })
  async logo(@Caller() ctx: CallerContext, @Param('id') id: string, @Res({ passthrough: true }) res: FastifyReply) {
    return this.send(await this.bus.request<LogoDto>(S.logoOf, ctx, { depositorId: id }), res);
  }

  @Roles(Role.USER_CHANGE_OWN_LOGO)
  @Post('depositors/:id/logo')
  @ApiOperation({ summary: `Sets the logo of one of the caller’s own depositors (another’s answers 404). ${UPLOAD}` })
  @ApiConsumes('application/octet-stream')
  async setOwn(@Caller() ctx: CallerContext, @Param('id') id: string, @Req() req: FastifyRequest) {
    // Another depositor's answers 404 before anything is read or stored.
    if (!/^\d{1,10}$/.test(id)) throw notFound('depositor');
    const [own] = await this.bus.request<DepositorDto[]>(AdminSubjects.depositorsByIds, ctx, { ids: [Number(id)] });
    if (!own) throw notFound('depositor');
    const upload = await storeLogoUpload(this.files, req);
    return withUpload(this.files, upload, () => this.bus.request<LogoDto>(S.logoSetOwn, ctx, { depositorId: id, upload }));
  }

  @Roles(Role.ADMIN_DEPOSITOR)
  @Post('admin/depositors/:id/logo')
  @ApiOperation({ summary: `Sets the logo of a depositor in the caller’s reach (ADMIN_DEPOSITOR; 404 otherwise). ${UPLOAD}` })
  @ApiConsumes('application/octet-stream')
  async set(@Caller() ctx: CallerContext, @Param('id') id: string, @Req() req: FastifyRequest) {
    await this.bus.request(S.depositorGet, ctx, { id });
    const upload = await storeLogoUpload(this.files, req);
    return withUpload(this.files, upload, () => this.bus.request<LogoDto>(S.logoSet, ctx, { depositorId: id, upload }));
  }

  @Roles(Role.ADMIN_DEPOSITOR)
  @Delete('admin/depositors/:id/logo')
  @ApiOperation({ summary: 'Removes the logo of a depositor in the caller’s reach (ADMIN_DEPOSITOR; 404 otherwise)' })
  remove(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<{ ok: true }>(S.logoRemove, ctx, { depositorId: id });
  }

  private send(logo: LogoDto, res: FastifyReply): StreamableFile {
    // The API's answers are never cached (security headers): a new logo shows at once.
    res.header('Last-Modified', new Date(logo.updatedAt).toUTCString());
    return new StreamableFile(this.files.stream(logo.key), { type: 'image/png' });
  }
}
