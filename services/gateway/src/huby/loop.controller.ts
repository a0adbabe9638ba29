import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '@portal/auth';
import { BusClient } from '@portal/bus';
import {
  LOOP_ORDERS_LIST,
  loopArticlesQuery,
  loopPlatformsQuery,
  LoopSubjects,
  loopOrderInput,
  parseBody,
  Role,
  type CallerContext,
  type ListPage,
  type LoopArticleDto,
  type LoopOrderDto,
  type LoopPlatformDto,
} from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import { Caller } from '../http/caller';
import { firstRow, ListQuery, listRequest, sendListPage } from '../http/list-query';

/** Spec §6: Loop order entry is the user right USER_CREATE_LOOP_ORDER. */
const LOOP = Role.USER_CREATE_LOOP_ORDER;
type Json = Record<string, unknown>;
const object = (body: unknown): Json => (body && typeof body === 'object' && !Array.isArray(body) ? (body as Json) : {});

/**
 * Loop order entry (spec §1, §2, §5, §8): orders picked from the depositor's stock on a platform, by
 * tab (drafts, progress, integrated, rejected); drafts edited, deleted and submitted to the warehouse.
 */
@ApiTags('dashtower')
@ApiBearerAuth()
@Controller('dashtower')
export class LoopController {
  constructor(private readonly bus: BusClient) {}

  @Roles(LOOP)
  @Get('loop-orders')
  @ApiOperation({ summary: 'Loop orders; filter tab = drafts | progress | integrated | rejected, q, depositor, platform' })
  async list(@Caller() ctx: CallerContext, @Query() query: ListQuery, @Res({ passthrough: true }) res: FastifyReply) {
    const request = await listRequest(this.bus, ctx, LOOP_ORDERS_LIST, query);
    const page = await this.bus.request<ListPage<LoopOrderDto>>(LoopSubjects.list, ctx, request);
    return sendListPage('dashtower/loop-orders', res, page, firstRow(request));
  }

  @Roles(LOOP)
  @Get('loop/platforms')
  @ApiOperation({
    summary:
      'The platforms that can serve a depositor’s Loop orders (depositor_id): those where it has stock, with its articles available there; the others are refused at submit (loopDepositorNotOnPlatform)',
  })
  platforms(@Caller() ctx: CallerContext, @Query() query: Json) {
    return this.bus.request<LoopPlatformDto[]>(LoopSubjects.platforms, ctx, parseBody(loopPlatformsQuery, query));
  }

  @Roles(LOOP)
  @Get('loop/articles')
  @ApiOperation({ summary: 'Articles of My Items (search) with the quantity available now on the platform (depositor_id, platform_id)' })
  articles(@Caller() ctx: CallerContext, @Query() query: Json) {
    return this.bus.request<LoopArticleDto[]>(LoopSubjects.articles, ctx, parseBody(loopArticlesQuery, query));
  }

  @Roles(LOOP)
  @Get('loop/check-line')
  @ApiOperation({
    summary: 'One line as entered (depositor_id, platform_id, reference, quantity): available now and the §8 key when it does not fit',
  })
  checkLine(@Caller() ctx: CallerContext, @Query() query: Json) {
    return this.bus.request<{ available: number; key: string | null }>(LoopSubjects.checkLine, ctx, query);
  }

  @Roles(LOOP)
  @Get('loop-orders/:uuid')
  get(@Caller() ctx: CallerContext, @Param('uuid') uuid: string) {
    return this.bus.request<LoopOrderDto>(LoopSubjects.get, ctx, { uuid });
  }

  @Roles(LOOP)
  @Post('loop-orders')
  @ApiOperation({
    summary: 'A draft Loop order; quantities > 0 and not above the available quantity (loopInvalidQuantity, loopAvailableQuantityExceeded)',
  })
  create(@Caller() ctx: CallerContext, @Body() body: Json) {
    parseBody(loopOrderInput, body);
    return this.bus.request<LoopOrderDto>(LoopSubjects.create, ctx, body);
  }

  @Roles(LOOP)
  @Put('loop-orders/:uuid')
  @ApiOperation({ summary: 'Edits a draft; 409 orderAlreadyInProcess once submitted' })
  update(@Caller() ctx: CallerContext, @Param('uuid') uuid: string, @Body() body: Json) {
    return this.bus.request<LoopOrderDto>(LoopSubjects.update, ctx, { uuid, order: object(body) });
  }

  @Roles(LOOP)
  @Delete('loop-orders/:uuid')
  remove(@Caller() ctx: CallerContext, @Param('uuid') uuid: string) {
    return this.bus.request<{ ok: true }>(LoopSubjects.remove, ctx, { uuid });
  }

  @Roles(LOOP)
  @Post('loop-orders/:uuid/submit')
  @ApiOperation({ summary: 'Submits a draft to the warehouse (quantities checked again); it comes back integrated or rejected' })
  submit(@Caller() ctx: CallerContext, @Param('uuid') uuid: string) {
    return this.bus.request<LoopOrderDto>(LoopSubjects.submit, ctx, { uuid });
  }
}
