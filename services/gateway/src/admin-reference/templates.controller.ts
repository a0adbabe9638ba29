import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '@portal/auth';
import { BusClient } from '@portal/bus';
import {
  ADMIN_TEMPLATES_LIST,
  AdminReferenceSubjects as S,
  parseBody,
  Role,
  templateInput,
  templatePreviewInput,
  type AdminEmailTemplateDto,
  type CallerContext,
  type TemplatePreviewDto,
} from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import { Caller } from '../http/caller';
import { ListQuery } from '../http/list-query';
import { listOf, object, type Json } from './admin-reference.dto';

/** Email templates in the back office (ADMIN_TEMPLATE): admin and public, per language, handlebars, preview and test mail. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/email-templates')
export class TemplatesController {
  constructor(private readonly bus: BusClient) {}

  @Roles(Role.ADMIN_TEMPLATE)
  @Get()
  @ApiOperation({ summary: 'Every template, one row per code and language; filter q, locale, visibility (admin | public), active' })
  list(@Caller() ctx: CallerContext, @Query() query: ListQuery, @Res({ passthrough: true }) res: FastifyReply) {
    return listOf<AdminEmailTemplateDto>(this.bus, ctx, ADMIN_TEMPLATES_LIST, S.templatesList, query, res);
  }

  @Roles(Role.ADMIN_TEMPLATE)
  @Post('preview')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Renders a subject and body (handlebars) with sample data in a language: { locale, subject, html }; 422 templateLoadingFailure (params.where, line)',
  })
  preview(@Caller() ctx: CallerContext, @Body() body: Json) {
    parseBody(templatePreviewInput, body);
    return this.bus.request<TemplatePreviewDto>(S.templatePreview, ctx, body);
  }

  @Roles(Role.ADMIN_TEMPLATE)
  @Post('test-send')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sends the rendered preview to the administrator’s own address: { ok, to }' })
  testSend(@Caller() ctx: CallerContext, @Body() body: Json) {
    parseBody(templatePreviewInput, body);
    return this.bus.request<{ ok: true; to: string }>(S.templateTestSend, ctx, body);
  }

  @Roles(Role.ADMIN_TEMPLATE)
  @Get(':id')
  @ApiOperation({ summary: 'A template' })
  get(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<AdminEmailTemplateDto>(S.templateGet, ctx, { id });
  }

  @Roles(Role.ADMIN_TEMPLATE)
  @Post()
  @ApiOperation({ summary: 'Creates a template (refused when it does not compile); 409 emailTemplateAlreadyExists (code and language)' })
  create(@Caller() ctx: CallerContext, @Body() body: Json) {
    parseBody(templateInput, body);
    return this.bus.request<AdminEmailTemplateDto>(S.templateCreate, ctx, body);
  }

  @Roles(Role.ADMIN_TEMPLATE)
  @Put(':id')
  @ApiOperation({ summary: 'Edits a template (refused when it does not compile)' })
  update(@Caller() ctx: CallerContext, @Param('id') id: string, @Body() body: Json) {
    parseBody(templateInput, object(body));
    return this.bus.request<AdminEmailTemplateDto>(S.templateUpdate, ctx, { id, values: object(body) });
  }
}
