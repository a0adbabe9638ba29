import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '@portal/auth';
import { BusClient } from '@portal/bus';
import {
  Role,
  TrackingSubjects,
  type CallerContext,
  type DocumentFileDto,
  type OrderDetailDto,
  type OrderSearchPage,
  type OrderSearchRequest,
  type OrderSummaryDto,
} from '@portal/contracts';
import { FileStorage } from '@portal/files';
import type { FastifyReply } from 'fastify';
import { Caller } from '../http/caller';
import { attachment } from '../http/files';
import { sendListPage } from '../http/list-query';
import { ApiExport } from '../exports/exports.dto';
import { ExportsService } from '../exports/exports.service';
import { ORDERS_EXPORT_TITLE, orderPages, ordersSheet } from './export-file';
import { AddDocumentBody, ClassifyBody, OrdersExportQuery, OrdersQuery, searchRequest } from './tracking.dto';
import { withUploadedFile } from './uploads';
import { CountsAsSearch } from '../statistics/usage.interceptor';

/**
 * Pack and Go Tracer as the react-admin resource `orders` (ra-data-simple-rest). Extension: no total
 * is counted over millions of rows, so the list answers `Content-Range: orders 0-24/*` and, when
 * more rows follow, `X-Next-Cursor: <cursor>`; the next page is `?cursor=<cursor>`.
 */
@ApiTags('tracking')
@ApiBearerAuth()
@Controller('orders')
export class TrackingOrdersController {
  constructor(
    private readonly bus: BusClient,
    private readonly files: FileStorage,
    private readonly exports: ExportsService,
  ) {
    exports.register('orders', (ctx, query) => ({
      title: ORDERS_EXPORT_TITLE,
      pages: orderPages(bus, ctx, query as OrderSearchRequest),
      sheet: ordersSheet,
    }));
  }

  @Roles(Role.PGT_USER, Role.TRACERROUTE_USER)
  @CountsAsSearch()
  @Get()
  @ApiOperation({ summary: 'Tracker search: a JSON array, Content-Range: orders <first>-<last>/* and X-Next-Cursor when more rows follow' })
  async list(
    @Caller() ctx: CallerContext,
    @Query() query: OrdersQuery,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<OrderSummaryDto[]> {
    return sendOrderPage(
      'orders',
      res,
      await this.bus.request<OrderSearchPage>(TrackingSubjects.searchOrders, ctx, await searchRequest(this.bus, ctx, query)),
    );
  }

  @Roles(Role.PGT_USER, Role.TRACERROUTE_USER)
  @Get('export')
  @ApiExport("The search as CSV or XLSX in the user's export date format and time zone; date range up to 366 days")
  async export(@Caller() ctx: CallerContext, @Query() query: OrdersExportQuery, @Res({ passthrough: true }) res: FastifyReply) {
    return this.exports.run(ctx, res, {
      name: 'orders',
      query: await searchRequest(this.bus, ctx, query),
      format: query.format ?? 'csv',
      dateFormat: query.dateFormat,
    });
  }

  @Roles(Role.PGT_USER, Role.TRACERROUTE_USER, Role.SERIAL_USER)
  @Get(':id')
  @ApiOperation({
    summary: 'Delivery detail: transport, products ordered and sent, parcels, packaging, tour, documents, timeline; 404 deliveryNotFound',
  })
  detail(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<OrderDetailDto>(TrackingSubjects.orderDetail, ctx, { id });
  }

  @Roles(Role.USER_DELETE_TRACKING_LINE)
  @Delete(':id')
  @ApiOperation({ summary: 'Removes an order from the tracker (USER_DELETE_TRACKING_LINE); 404 deliveryNotFound' })
  hide(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<{ ok: true }>(TrackingSubjects.deleteOrder, ctx, { id });
  }

  @Roles(Role.PGT_USER, Role.TRACERROUTE_USER)
  @Get(':id/documents/:documentId/file')
  @ApiOperation({ summary: 'Streams a document or POD with its stored content type; 404 documentNotFound' })
  async file(@Caller() ctx: CallerContext, @Param('id') id: string, @Param('documentId') documentId: string) {
    const file = await this.bus.request<DocumentFileDto>(TrackingSubjects.documentFile, ctx, { id, documentId });
    return new StreamableFile(this.files.stream(file.key), { type: file.contentType, disposition: attachment(file.name) });
  }

  @Roles(Role.USER_ADD_DOCUMENT)
  @Post(':id/documents')
  @ApiOperation({ summary: 'Adds a document (PDF, JPEG or PNG, size limit); one POD per order (409 podAlreadyPresent)' })
  addDocument(@Caller() ctx: CallerContext, @Param('id') id: string, @Body() body: AddDocumentBody) {
    return withUploadedFile(this.files, body, (file) =>
      this.bus.request<{ id: string }>(TrackingSubjects.addDocument, ctx, { id, type: body.type, file }),
    );
  }

  @Roles(Role.USER_DELETE_OWN_DOCUMENT, Role.USER_DELETE_ANY_DOCUMENT, Role.USER_DELETE_POD)
  @Delete(':id/documents/:documentId')
  @ApiOperation({ summary: 'Deletes a document: own (USER_DELETE_OWN_DOCUMENT), any (USER_DELETE_ANY_DOCUMENT), POD (USER_DELETE_POD)' })
  deleteDocument(@Caller() ctx: CallerContext, @Param('id') id: string, @Param('documentId') documentId: string) {
    return this.bus.request<{ ok: true }>(TrackingSubjects.deleteDocument, ctx, { id, documentId });
  }

  @Roles(Role.USER_DELETE_POD)
  @Delete(':id/pods')
  @ApiOperation({ summary: 'Removes the PODs of an order; 409 nothingToRemove when it has none' })
  deletePods(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<{ removed: number }>(TrackingSubjects.deletePods, ctx, { id });
  }

  @Roles(Role.USER_MANUAL_DELIVERED_STATUS)
  @Post(':id/classify')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Manual classification: delivered, anomaly or returned, comment, optional POD; date at least 10 minutes in the past',
  })
  classify(@Caller() ctx: CallerContext, @Param('id') id: string, @Body() body: ClassifyBody) {
    const { pod, ...rest } = body;
    return withUploadedFile(this.files, pod, (file) =>
      this.bus.request<{ ok: true }>(TrackingSubjects.classify, ctx, { ...rest, id, pod: file }),
    );
  }
}

/** A tracker page through the kit's one header writer: never counted, X-Next-Cursor when more rows follow. */
export function sendOrderPage(resource: string, res: FastifyReply, page: OrderSearchPage): OrderSummaryDto[] {
  return sendListPage(
    resource,
    res,
    { rows: page.items, total: null, more: page.nextCursor !== null, nextCursor: page.nextCursor },
    page.from,
  );
}
