import { Controller, Delete, Get, Param, Post, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Roles } from '@portal/auth';
import { BusClient } from '@portal/bus';
import { AdminReferenceSubjects as S, Role, type CallerContext, type LogoDto } from '@portal/contracts';
import { FileStorage } from '@portal/files';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Caller } from '../http/caller';
import { storeLogoUpload, withUpload } from './admin-reference.dto';

const UPLOAD =
  'Raw body: PNG or JPEG read from the bytes (415 unexpectedFileContent), at most 2 MB (413 sizeLimitExceeded); kept as a PNG fitting 300x150';

/** Depositors' logos: set by ADMIN_DEPOSITOR or, for their own depositor, by USER_CHANGE_OWN_LOGO; shown in the header. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller()
export class LogosController {
  constructor(
    private readonly bus: BusClient,
    private readonly files: FileStorage,
  ) {}

  @Get('logo')
  @ApiOperation({ summary: 'The logo (PNG) of the caller’s own depositor; 404 objectNotFound when it has none' })
  async own(@Caller() ctx: CallerContext, @Res({ passthrough: true }) res: FastifyReply) {
    return this.send(await this.bus.request<LogoDto>(S.logoOf, ctx, {}), res);
  }

  @Roles(Role.USER_CHANGE_OWN_LOGO)
  @Post('logo')
  @ApiOperation({ summary: `Sets the logo of one of the caller’s depositors (the only one when depositorId is left out). ${UPLOAD}` })
  @ApiConsumes('application/octet-stream')
  @ApiQuery({ name: 'depositorId', required: false })
  async setOwn(@Caller() ctx: CallerContext, @Req() req: FastifyRequest, @Query('depositorId') depositorId?: string) {
    const upload = await storeLogoUpload(this.files, req);
    return withUpload(this.files, upload, () => this.bus.request<LogoDto>(S.logoSetOwn, ctx, { depositorId, upload }));
  }

  @Roles(Role.ADMIN_DEPOSITOR)
  @Get('admin/depositors/:id/logo')
  @ApiOperation({ summary: 'A depositor’s logo (PNG); 404 objectNotFound when it has none' })
  async logo(@Caller() ctx: CallerContext, @Param('id') id: string, @Res({ passthrough: true }) res: FastifyReply) {
    return this.send(await this.bus.request<LogoDto>(S.logoOf, ctx, { depositorId: id }), res);
  }

  @Roles(Role.ADMIN_DEPOSITOR)
  @Post('admin/depositors/:id/logo')
  @ApiOperation({ summary: `Sets a depositor’s logo. ${UPLOAD}` })
  @ApiConsumes('application/octet-stream')
  async set(@Caller() ctx: CallerContext, @Param('id') id: string, @Req() req: FastifyRequest) {
    // An unknown depositor answers 404 before anything is read or stored.
    await this.bus.request(S.depositorGet, ctx, { id });
    const upload = await storeLogoUpload(this.files, req);
    return withUpload(this.files, upload, () => this.bus.request<LogoDto>(S.logoSet, ctx, { depositorId: id, upload }));
  }

  @Roles(Role.ADMIN_DEPOSITOR)
  @Delete('admin/depositors/:id/logo')
  @ApiOperation({ summary: 'Removes a depositor’s logo' })
  remove(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<{ ok: true }>(S.logoRemove, ctx, { depositorId: id });
  }

  private send(logo: LogoDto, res: FastifyReply): StreamableFile {
    // Revalidated at each display: a new logo shows at once.
    res.header('Cache-Control', 'private, no-cache');
    res.header('Last-Modified', new Date(logo.updatedAt).toUTCString());
    return new StreamableFile(this.files.stream(logo.key), { type: 'image/png' });
  }
}
