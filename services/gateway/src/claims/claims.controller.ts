import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Roles } from '@portal/auth';
import { BusClient } from '@portal/bus';
import {
  CLAIM_ATTACHMENT_MAX_BYTES,
  CLAIMS_LIST,
  ClaimsSubjects,
  claimInput,
  parseBody,
  Role,
  type CallerContext,
  type ClaimAttachmentDto,
  type ClaimDto,
  type DocumentFileDto,
  type ListPage,
  type ListRequest,
} from '@portal/contracts';
import { cleanUploadName, FileStorage } from '@portal/files';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiExport } from '../exports/exports.dto';
import { ExportsService } from '../exports/exports.service';
import { Caller } from '../http/caller';
import { attachment } from '../http/files';
import { firstRow, listRequest, sendListPage } from '../http/list-query';
import { readRawUpload, withUpload } from '../http/raw-upload';
import { columnsSheet, listPages } from '../stock/export-file';
import { ClaimsExportQuery, ClaimsListQuery } from './claims.dto';
import { CLAIMS_EXPORT_COLUMNS, CLAIMS_EXPORT_TITLE } from './export-file';
import { CountsAsSearch } from '../statistics/usage.interceptor';

type Json = Record<string, unknown>;
const object = (body: unknown): Json => (body && typeof body === 'object' && !Array.isArray(body) ? (body as Json) : {});

/** The upload route of attachments: its body reaches the handler as the raw request stream (see useRawUploads). */
export const CLAIM_ATTACHMENT_UPLOAD = /^\/api\/claims\/[^/]+\/attachments$/;

/**
 * Claims (spec §2, §3, §4, §5, §6, §8): lists Current, Closed and Draft with filters and export,
 * the creation flow (number looked up in tracking), the view, the provider's processing, closing
 * behind a confirmation, and attachments (4 MB, PDF, JPEG or PNG read from the bytes).
 */
@ApiTags('claims')
@ApiBearerAuth()
@Controller('claims')
export class ClaimsController {
  constructor(
    private readonly bus: BusClient,
    private readonly files: FileStorage,
    private readonly exports: ExportsService,
  ) {
    exports.register('claims', (ctx, query) => ({
      title: CLAIMS_EXPORT_TITLE,
      pages: listPages(bus, ctx, ClaimsSubjects.list, query as ListRequest),
      sheet: columnsSheet(CLAIMS_EXPORT_COLUMNS, 'Claims'),
    }));
  }

  @Roles(Role.USER_CLAIM_READ)
  @CountsAsSearch()
  @Get()
  @ApiOperation({ summary: 'Claims; filter tab = current | closed | draft, q, depositor, status, kind, reason, createdFrom, createdTo' })
  async list(@Caller() ctx: CallerContext, @Query() query: ClaimsListQuery, @Res({ passthrough: true }) res: FastifyReply) {
    const request = await listRequest(this.bus, ctx, CLAIMS_LIST, query);
    const page = await this.bus.request<ListPage<ClaimDto>>(ClaimsSubjects.list, ctx, request);
    return sendListPage('claims', res, page, firstRow(request));
  }

  @Roles(Role.USER_CLAIM_READ)
  @Get('export')
  @ApiExport("The claims of the filter as CSV or XLSX in the user's export date format and time zone")
  async export(@Caller() ctx: CallerContext, @Query() query: ClaimsExportQuery, @Res({ passthrough: true }) res: FastifyReply) {
    const request = await listRequest(this.bus, ctx, CLAIMS_LIST, query);
    return this.exports.run(ctx, res, { name: 'claims', query: request, format: query.format ?? 'csv', dateFormat: query.dateFormat });
  }

  @Roles(Role.USER_CLAIM_CREATE)
  @Get('lookup')
  @ApiOperation({
    summary:
      'Creation flow: the deliveries a delivery or order number names (404 claimNumberUnknown), each flagged with an open claim of someone else; the products as lines when one is named (or order_id chosen)',
  })
  @ApiQuery({ name: 'number', required: true })
  @ApiQuery({ name: 'order_id', required: false })
  lookup(@Caller() ctx: CallerContext, @Query() query: Json) {
    return this.bus.request(ClaimsSubjects.lookup, ctx, { number: query.number, order_id: query.order_id });
  }

  @Roles(Role.USER_CLAIM_READ)
  @Get(':uuid')
  @ApiOperation({
    summary: 'A claim with the delivery’s evidence (products, lots and serials, parcels and weights, carrier events) and its attachments',
  })
  get(@Caller() ctx: CallerContext, @Param('uuid') uuid: string) {
    return this.bus.request<ClaimDto>(ClaimsSubjects.get, ctx, { uuid });
  }

  @Roles(Role.USER_CLAIM_CREATE)
  @Post()
  @ApiOperation({
    summary:
      'Creates a claim (draft, or sent with send = true): 404 claimNumberUnknown, 409 claimSeveralDeliveries (choose order_id), 409 claimAlreadyCreated (params.uuid, the other claim)',
  })
  create(@Caller() ctx: CallerContext, @Body() body: Json) {
    parseBody(claimInput, body);
    return this.bus.request<ClaimDto>(ClaimsSubjects.create, ctx, body);
  }

  @Roles(Role.USER_CLAIM_CREATE, Role.USER_CLAIM_UPDATE)
  @Put(':uuid')
  @ApiOperation({ summary: 'Edits a draft (send = true sends it); 409 claimNotDraft once sent' })
  update(@Caller() ctx: CallerContext, @Param('uuid') uuid: string, @Body() body: Json) {
    return this.bus.request<ClaimDto>(ClaimsSubjects.update, ctx, { uuid, claim: object(body) });
  }

  @Roles(Role.USER_CLAIM_DELETE)
  @Delete(':uuid')
  @ApiOperation({ summary: 'Deletes a draft; 409 claimNotDraft once sent' })
  remove(@Caller() ctx: CallerContext, @Param('uuid') uuid: string) {
    return this.bus.request<{ ok: true }>(ClaimsSubjects.remove, ctx, { uuid });
  }

  @Roles(Role.USER_CLAIM_CREATE)
  @Post(':uuid/send')
  @HttpCode(200)
  @ApiOperation({ summary: 'Draft → sent (kind and reason required); 409 claimMoveRefused otherwise' })
  send(@Caller() ctx: CallerContext, @Param('uuid') uuid: string) {
    return this.bus.request<ClaimDto>(ClaimsSubjects.send, ctx, { uuid });
  }

  @Roles(Role.USER_CLAIM_UPDATE)
  @Post(':uuid/process')
  @HttpCode(200)
  @ApiOperation({
    summary: 'The provider’s processing: sent → processed with answer, attributable, notifiable; 409 claimMoveRefused otherwise',
  })
  @ApiBody({
    schema: {
      type: 'object',
      properties: { answer: { type: 'string' }, attributable: { type: 'boolean' }, notifiable: { type: 'boolean' } },
    },
  })
  process(@Caller() ctx: CallerContext, @Param('uuid') uuid: string, @Body() body: Json) {
    return this.bus.request<ClaimDto>(ClaimsSubjects.process, ctx, { uuid, processing: object(body) });
  }

  @Roles(Role.USER_CLAIM_UPDATE)
  @Post(':uuid/close')
  @HttpCode(200)
  @ApiOperation({ summary: 'Processed → closed, confirm = true (400 claimCloseNotConfirmed); 409 claimMoveRefused otherwise' })
  @ApiBody({ schema: { type: 'object', properties: { confirm: { type: 'boolean' } } } })
  close(@Caller() ctx: CallerContext, @Param('uuid') uuid: string, @Body() body: Json) {
    return this.bus.request<ClaimDto>(ClaimsSubjects.close, ctx, { uuid, confirm: object(body).confirm });
  }

  @Roles(Role.USER_CLAIM_CREATE, Role.USER_CLAIM_UPDATE)
  @Post(':uuid/attachments')
  @ApiOperation({
    summary:
      'Adds an attachment (raw body; type invoice | pl | photo | other): PDF, JPEG or PNG read from the bytes (415 unexpectedFileContent), at most 4 MB (413 sizeLimitExceeded); a refused file is stored nowhere',
  })
  @ApiConsumes('application/octet-stream')
  @ApiQuery({ name: 'type', required: true, enum: ['invoice', 'pl', 'photo', 'other'] })
  @ApiQuery({ name: 'name', required: false })
  async attach(
    @Caller() ctx: CallerContext,
    @Param('uuid') uuid: string,
    @Req() req: FastifyRequest,
    @Query('type') type?: string,
    @Query('name') name?: string,
  ): Promise<ClaimAttachmentDto> {
    // Another depositor's claim answers 404 before anything is read or stored.
    await this.bus.request<ClaimDto>(ClaimsSubjects.get, ctx, { uuid });
    const bytes = await readRawUpload(req, CLAIM_ATTACHMENT_MAX_BYTES);
    const stored = await this.files.put(bytes, { folder: 'claims/attachments', maxBytes: CLAIM_ATTACHMENT_MAX_BYTES });
    return withUpload(this.files, stored.key, () =>
      this.bus.request<ClaimAttachmentDto>(ClaimsSubjects.attach, ctx, {
        uuid,
        type,
        file: { key: stored.key, name: cleanUploadName(name, stored.contentType), contentType: stored.contentType, size: stored.size },
      }),
    );
  }

  @Roles(Role.USER_CLAIM_READ)
  @Get(':uuid/attachments/:attachmentId/file')
  @ApiOperation({ summary: 'Streams an attachment (or a POD copied as evidence)' })
  async file(@Caller() ctx: CallerContext, @Param('uuid') uuid: string, @Param('attachmentId') attachmentId: string) {
    const file = await this.bus.request<DocumentFileDto>(ClaimsSubjects.attachmentFile, ctx, { uuid, attachmentId });
    return new StreamableFile(this.files.stream(file.key), { type: file.contentType, disposition: attachment(file.name) });
  }

  @Roles(Role.USER_CLAIM_CREATE, Role.USER_CLAIM_UPDATE)
  @Delete(':uuid/attachments/:attachmentId')
  @ApiOperation({ summary: 'Removes an attachment (not the evidence: 409 claimEvidenceReadOnly)' })
  detach(@Caller() ctx: CallerContext, @Param('uuid') uuid: string, @Param('attachmentId') attachmentId: string) {
    return this.bus.request<{ ok: true }>(ClaimsSubjects.detach, ctx, { uuid, attachmentId });
  }
}
