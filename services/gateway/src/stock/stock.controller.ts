import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '@portal/auth';
import { BusClient } from '@portal/bus';
import {
  hasAnyRole,
  Role,
  StockSubjects,
  type CallerContext,
  type ItemDto,
  type Labels5,
  ITEMS_LIST,
  MOVEMENTS_LIST,
  stockListFor,
  type ListPage,
  type ListRequest,
  type MovementDto,
  type StockLineDto,
} from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import { Caller } from '../http/caller';
import { movementColumns, stockByReferenceColumns, stockLineColumns, type ExportColumn } from './export-columns';
import { ApiExport } from '../exports/exports.dto';
import { ExportsService } from '../exports/exports.service';
import { columnsSheet, listPages, withPlatformCodes } from './export-file';
import { decodeListQuery, firstRow, listRequest, sendListPage } from '../http/list-query';
import { ExportQuery, StockListQuery } from './stock.dto';
import { CountsAsSearch } from '../statistics/usage.interceptor';

/** The stock exports as the mail names them. */
const EXPORT_TITLES: Record<'stock' | 'movements', Labels5> = {
  stock: { fr: 'Mes Stocks', en: 'My Stocks', es: 'Mis existencias', it: 'Le mie giacenze', de: 'Meine Bestände' },
  movements: {
    fr: 'Mes Stocks : mouvements de stock',
    en: 'My Stocks: stock movements',
    es: 'Mis existencias: movimientos de stock',
    it: 'Le mie giacenze: movimenti di magazzino',
    de: 'Meine Bestände: Lagerbewegungen',
  },
};

/**
 * My Stocks and My Items as react-admin resources (ra-data-simple-rest): the list answers a JSON
 * array and `Content-Range: <resource> <first>-<last>/<total>`. Extension: above 10,000 rows the
 * total is `*` (not counted) and `X-Has-More: true|false` says whether a next page exists.
 */
@ApiTags('stock')
@ApiBearerAuth()
@Controller()
export class StockController {
  constructor(
    private readonly bus: BusClient,
    private readonly exports: ExportsService,
  ) {
    // The columns follow the caller's roles and the view asked, as when the export was asked.
    exports.register('stock', (ctx, query) => {
      const request = query as ListRequest;
      const revenue = hasAnyRole(ctx.roles, [Role.USER_VIEW_REVENUE_DATA]);
      const columns = request.filter?.view === 'reference' ? stockByReferenceColumns(revenue) : stockLineColumns(revenue);
      return this.source(ctx, request, StockSubjects.stockList, columns, 'stock');
    });
    exports.register('movements', (ctx, query) =>
      this.source(
        ctx,
        query as ListRequest,
        StockSubjects.movementsList,
        movementColumns(hasAnyRole(ctx.roles, [Role.STOCK_MVT_DETAILS])),
        'movements',
      ),
    );
  }

  @Roles(Role.STOCK_USER)
  @CountsAsSearch()
  @Get('stock')
  @ApiOperation({ summary: 'Stock lines (tab Stock) or, with filter view=reference, totals by reference (tab Id)' })
  async stock(@Caller() ctx: CallerContext, @Query() query: StockListQuery, @Res({ passthrough: true }) res: FastifyReply) {
    const request = await stockRequest(this.bus, ctx, query);
    const page = await this.bus.request<ListPage<StockLineDto>>(StockSubjects.stockList, ctx, request);
    return sendListPage('stock', res, page, firstRow(request));
  }

  @Roles(Role.STOCK_USER)
  @Get('stock/export')
  @ApiExport('Stock as CSV or XLSX (same filter and sort), dates in the user’s export format and time zone')
  async stockExport(@Caller() ctx: CallerContext, @Query() query: ExportQuery, @Res({ passthrough: true }) res: FastifyReply) {
    const request = await stockRequest(this.bus, ctx, query);
    return this.exports.run(ctx, res, { name: 'stock', query: request, format: query.format ?? 'csv', dateFormat: query.dateFormat });
  }

  @Roles(Role.STOCK_USER)
  @Get('stock/:id')
  @ApiOperation({ summary: 'One stock line; 404 objectNotFound outside the caller’s depositors' })
  stockLine(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<StockLineDto>(StockSubjects.stockGet, ctx, { id });
  }

  @Roles(Role.STOCK_USER)
  @CountsAsSearch()
  @Get('movements')
  @ApiOperation({ summary: 'Movements (tab Movements): dateFrom/dateTo (default last 30 days, at most 366), type, lot, reference…' })
  async movements(@Caller() ctx: CallerContext, @Query() query: StockListQuery, @Res({ passthrough: true }) res: FastifyReply) {
    const request = await listRequest(this.bus, ctx, MOVEMENTS_LIST, query);
    const page = await this.bus.request<ListPage<MovementDto>>(StockSubjects.movementsList, ctx, request);
    return sendListPage('movements', res, page, firstRow(request));
  }

  @Roles(Role.STOCK_USER)
  @Get('movements/export')
  @ApiExport('Movements as CSV or XLSX')
  async movementsExport(@Caller() ctx: CallerContext, @Query() query: ExportQuery, @Res({ passthrough: true }) res: FastifyReply) {
    const request = await listRequest(this.bus, ctx, MOVEMENTS_LIST, query);
    return this.exports.run(ctx, res, { name: 'movements', query: request, format: query.format ?? 'csv', dateFormat: query.dateFormat });
  }

  @Roles(Role.STOCK_USER)
  @Get('movements/:id')
  @ApiOperation({ summary: 'One movement (details with STOCK_MVT_DETAILS)' })
  movement(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<MovementDto>(StockSubjects.movementsGet, ctx, { id });
  }

  @Roles(Role.ITEM_USER)
  @CountsAsSearch()
  @Get('items')
  @ApiOperation({ summary: 'Item sheets: reference, barcode, family, newProduct, hazardous, depositor' })
  async items(@Caller() ctx: CallerContext, @Query() query: StockListQuery, @Res({ passthrough: true }) res: FastifyReply) {
    const request = await listRequest(this.bus, ctx, ITEMS_LIST, query);
    const page = await this.bus.request<ListPage<ItemDto>>(StockSubjects.itemsList, ctx, request);
    return sendListPage('items', res, page, firstRow(request));
  }

  @Roles(Role.ITEM_USER)
  @Get('items/:id')
  @ApiOperation({ summary: 'An item sheet with its unit, box, carton and pallet variants; its stock: GET /stock?filter={"itemId":id}' })
  item(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<ItemDto>(StockSubjects.itemsGet, ctx, { id });
  }

  /** A stock list as an export: its pages with platform codes, its columns. */
  private source(ctx: CallerContext, request: ListRequest, subject: string, columns: ExportColumn[], name: 'stock' | 'movements') {
    return {
      title: EXPORT_TITLES[name],
      pages: withPlatformCodes(this.bus, ctx, listPages(this.bus, ctx, subject, request)),
      sheet: columnsSheet(columns, name),
    };
  }
}

/** A /stock request, checked with the declaration of its view (lines, or totals by reference). */
function stockRequest(bus: BusClient, ctx: CallerContext, query: StockListQuery): Promise<ListRequest> {
  return listRequest(bus, ctx, stockListFor(decodeListQuery(query)), query);
}
