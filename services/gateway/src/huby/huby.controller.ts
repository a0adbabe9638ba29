import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Roles } from '@portal/auth';
import { BusClient } from '@portal/bus';
import {
  addressInput,
  ADDRESSES_LIST,
  duplicateInput,
  HubySubjects,
  LABEL_REQUEST_TIMEOUT_MS,
  orderPatchInput,
  parseBody,
  Role,
  SHIPMENTS_LIST,
  shipmentInput,
  type AddressCheckDto,
  type AddressDto,
  type AddressesAllDto,
  type CallerContext,
  type ListPage,
  type PackagingTypesDto,
  type ShipmentDto,
  type ShipmentHistoryDto,
  type ShipmentSummaryDto,
  type ShipmentToursDto,
  type ShipmentRatesDto,
  type PickupRequestDto,
  pickupInput,
  type TourDto,
  type CarrierDto,
  type LabelResponseDto,
} from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import { Caller } from '../http/caller';
import { attachment } from '../http/files';
import { firstRow, ListQuery, listRequest, sendListPage } from '../http/list-query';
import { CountsAsSearch } from '../statistics/usage.interceptor';

/** Spec §6: creating and changing Huby orders is the user right USER_CREATE_HUBY_ORDER. */
const WRITE = [Role.USER_CREATE_HUBY_ORDER] as const;
/** Printing labels: Dashtower users (spec §6). */
const PRINT = [Role.DASHTOWER_USER, Role.ADMIN_DASHTOWER_USER] as const;
type Json = Record<string, unknown>;
const object = (body: unknown): Json => (body && typeof body === 'object' && !Array.isArray(body) ? (body as Json) : {});

/**
 * Dashtower/Huby (spec §2, §7): shipments by tab, their creation form and status moves, the
 * address books and packaging types. Bodies are checked here against the same zod schemas the
 * service reads (the service checks again). Lists are react-admin resources.
 */
@ApiTags('dashtower')
@ApiBearerAuth()
@Controller('dashtower')
export class HubyController {
  constructor(private readonly bus: BusClient) {}

  @Roles(Role.DASHTOWER_USER)
  @CountsAsSearch()
  @Get('orders')
  @ApiOperation({ summary: 'Shipments; filter tab = waiting | ready | sent | canceled, q, recipient, carrier, tour, dates' })
  async list(@Caller() ctx: CallerContext, @Query() query: ListQuery, @Res({ passthrough: true }) res: FastifyReply) {
    const request = await listRequest(this.bus, ctx, SHIPMENTS_LIST, query);
    const page = await this.bus.request<ListPage<ShipmentSummaryDto>>(HubySubjects.shipmentsList, ctx, request);
    return sendListPage('dashtower/orders', res, page, firstRow(request));
  }

  @Roles(...PRINT)
  @Get('orders/etiquettes')
  @ApiOperation({
    summary:
      'Spec §7: the labels of 1 to 10 shipments (uuid_orders[] repeated), format PDF or ZPL (PDF by default), sscc[] for a reprint of some packages; the §3 label response',
  })
  @ApiQuery({ name: 'uuid_orders[]', type: [String], required: true, description: 'one per shipment, 1 to 10' })
  @ApiQuery({ name: 'format', enum: ['PDF', 'ZPL'], required: false })
  @ApiQuery({ name: 'sscc[]', type: [String], required: false, description: 'a reprint of these packages only' })
  labels(@Caller() ctx: CallerContext, @Query() query: Json) {
    return this.bus.request<LabelResponseDto>(HubySubjects.labelsOf, ctx, {
      uuids: query['uuid_orders[]'] ?? query.uuid_orders,
      format: query.format,
      sscc: query['sscc[]'] ?? query.sscc,
    });
  }

  @Roles(...PRINT)
  @Get('orders/etiquettes/autoprint/:format')
  @ApiOperation({ summary: 'Spec §7: the next labels not printed yet (oldest first, at most 10 shipments) in PDF or ZPL' })
  autoprint(@Caller() ctx: CallerContext, @Param('format') format: string) {
    return this.bus.request<LabelResponseDto>(HubySubjects.labelsAutoprint, ctx, { format });
  }

  @Roles(...PRINT)
  @Put('orders/status/await_shipment_printed')
  @ApiOperation({ summary: 'Spec §7: body orders (uuids): labels received -> labels printed; 409 printedStatusUpdateFailed' })
  @ApiBody({
    schema: { type: 'object', required: ['orders'], properties: { orders: { type: 'array', items: { type: 'string', format: 'uuid' } } } },
  })
  printed(@Caller() ctx: CallerContext, @Body() body: Json) {
    return this.bus.request<{ success: true; moved: string[]; unchanged: string[] }>(HubySubjects.shipmentsPrinted, ctx, {
      orders: object(body).orders,
    });
  }

  @Roles(...PRINT)
  @Get('orders/:uuid/transport-document')
  @ApiOperation({ summary: 'The transport document (PDF) of a shipment with its labels, ADR lines included' })
  async transportDocument(@Caller() ctx: CallerContext, @Param('uuid') uuid: string) {
    const file = await this.bus.request<{ name: string; contentBase64: string }>(HubySubjects.transportDocument, ctx, { uuid });
    return new StreamableFile(Buffer.from(file.contentBase64, 'base64'), { type: 'application/pdf', disposition: attachment(file.name) });
  }

  @Roles(Role.DASHTOWER_USER)
  @Get('orders/:uuid')
  get(@Caller() ctx: CallerContext, @Param('uuid') uuid: string) {
    return this.bus.request<ShipmentDto>(HubySubjects.shipmentsGet, ctx, { uuid });
  }

  @Roles(Role.DASHTOWER_USER)
  @Get('orders/:uuid/history')
  history(@Caller() ctx: CallerContext, @Param('uuid') uuid: string) {
    return this.bus.request<ShipmentHistoryDto[]>(HubySubjects.shipmentsHistory, ctx, { uuid });
  }

  @Roles(...WRITE)
  @Post('orders')
  @ApiOperation({ summary: 'A draft shipment (spec §3 fields); 409 existingReference' })
  create(@Caller() ctx: CallerContext, @Body() body: Json) {
    parseBody(shipmentInput, body);
    return this.bus.request<ShipmentDto>(HubySubjects.shipmentsCreate, ctx, body);
  }

  @Roles(...WRITE)
  @Put('orders/:uuid')
  @ApiOperation({ summary: 'Edits a draft (the whole form); 409 orderAlreadyInProcess once it left draft' })
  update(@Caller() ctx: CallerContext, @Param('uuid') uuid: string, @Body() body: Json) {
    return this.bus.request<ShipmentDto>(HubySubjects.shipmentsUpdate, ctx, { uuid, shipment: object(body) });
  }

  @Roles(...WRITE)
  @Put('order/:uuid')
  @ApiOperation({
    summary: 'Spec §7: order (uuid_address_recipient, appointment, pallet_stripping, delivery_on_floor, hatchback), force_recipient',
  })
  patchOrder(@Caller() ctx: CallerContext, @Param('uuid') uuid: string, @Body() body: Json) {
    const b = object(body);
    parseBody(orderPatchInput, { order: b.order ?? {}, force_recipient: b.force_recipient });
    return this.bus.request<ShipmentDto>(HubySubjects.shipmentsPatchOrder, ctx, {
      uuid,
      order: b.order ?? {},
      force_recipient: b.force_recipient,
    });
  }

  @Roles(...WRITE)
  @Post('orders/:uuid/validate')
  @HttpCode(200)
  validate(@Caller() ctx: CallerContext, @Param('uuid') uuid: string) {
    return this.bus.request<ShipmentDto>(HubySubjects.shipmentsValidate, ctx, { uuid });
  }

  @Roles(...WRITE)
  @Post('orders/:uuid/cancel')
  @HttpCode(200)
  cancel(@Caller() ctx: CallerContext, @Param('uuid') uuid: string) {
    // A shipment with a voucher is voided at its carrier first: the carrier's time, as for labels.
    return this.bus.request<ShipmentDto>(HubySubjects.shipmentsCancel, ctx, { uuid }, LABEL_REQUEST_TIMEOUT_MS);
  }

  @Roles(...WRITE)
  @Post('orders/:uuid/restore')
  @HttpCode(200)
  restore(@Caller() ctx: CallerContext, @Param('uuid') uuid: string) {
    return this.bus.request<ShipmentDto>(HubySubjects.shipmentsRestore, ctx, { uuid });
  }

  @Roles(...WRITE)
  @Post('orders/:uuid/labels')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Asks the carrier for the voucher and tracking numbers (validated -> labels received); carrier refusals with their §8 key',
  })
  requestLabels(@Caller() ctx: CallerContext, @Param('uuid') uuid: string, @Body() body: Json) {
    // The user's label format (PDF or ZPL): a carrier that gives both is asked in it.
    const { format } = object(body);
    return this.bus.request<ShipmentDto>(HubySubjects.shipmentsRequestLabels, ctx, { uuid, format }, LABEL_REQUEST_TIMEOUT_MS);
  }

  @Roles(...WRITE)
  @Post('orders/:uuid/duplicate')
  @ApiOperation({ summary: 'Copies a shipment 1 to 50 times as drafts with the next free references' })
  duplicate(@Caller() ctx: CallerContext, @Param('uuid') uuid: string, @Body() body: Json) {
    const { count } = parseBody(duplicateInput, { count: object(body).count });
    return this.bus.request<{ uuids: string[] }>(HubySubjects.shipmentsDuplicate, ctx, { uuid, count });
  }

  @Roles(Role.DASHTOWER_USER)
  @Get('orders/:uuid/tours')
  @ApiOperation({ summary: 'The tours that fit the shipment (options, weight, volume, packages, delay); warning noToursAvailable' })
  toursFor(@Caller() ctx: CallerContext, @Param('uuid') uuid: string) {
    return this.bus.request<ShipmentToursDto>(HubySubjects.toursForShipment, ctx, { uuid });
  }

  @Roles(Role.DASHTOWER_USER)
  @Get('orders/:uuid/rates')
  @ApiOperation({
    summary:
      'Carrier quotes of the fitting tours (price, promised delivery day), each within a short budget; sort=price|date; a failed quote marks its tour unavailable',
  })
  ratesFor(@Caller() ctx: CallerContext, @Param('uuid') uuid: string, @Query('sort') sort?: string) {
    return this.bus.request<ShipmentRatesDto>(HubySubjects.ratesForShipment, ctx, { uuid, sort });
  }

  @Roles(Role.DASHTOWER_USER)
  @Get('tours')
  @ApiOperation({ summary: 'The transport plan: tours of the caller’s depositors with carrier, flags and limits; depositor (id) narrows' })
  tours(@Caller() ctx: CallerContext, @Query('depositor') depositor?: string) {
    return this.bus.request<TourDto[]>(HubySubjects.toursList, ctx, { depositor });
  }

  @Roles(Role.DASHTOWER_USER)
  @Get('pickups')
  @ApiOperation({ summary: 'Pickup requests of the caller’s depositors, newest first (200 at most)' })
  pickups(@Caller() ctx: CallerContext) {
    return this.bus.request<PickupRequestDto[]>(HubySubjects.pickupsList, ctx, {});
  }

  @Roles(...WRITE)
  @Post('pickups')
  @ApiOperation({ summary: 'A pickup request mailed to the carrier; same day only before 12:00 in the pickup place (pickupCutoffPassed)' })
  createPickup(@Caller() ctx: CallerContext, @Body() body: Json) {
    parseBody(pickupInput, body);
    // Booked with the carrier's pickup API where it has one: the carrier's time, as for labels.
    return this.bus.request<PickupRequestDto>(HubySubjects.pickupsCreate, ctx, body, LABEL_REQUEST_TIMEOUT_MS);
  }

  @Roles(Role.DASHTOWER_USER)
  @Get('packagingTypes/:code_depositor')
  @ApiOperation({ summary: 'Spec §7: packaging types of a depositor; warning noPackagingType when it has none' })
  packagingTypes(@Caller() ctx: CallerContext, @Param('code_depositor') code: string) {
    return this.bus.request<PackagingTypesDto>(HubySubjects.packagingTypes, ctx, { code });
  }

  @Roles(Role.DASHTOWER_USER)
  @Get('address/all')
  @ApiOperation({ summary: 'Spec §7: type, limit (default 50), active=1, search, uuid_address_shipper' })
  addressAll(@Caller() ctx: CallerContext, @Query() query: Json) {
    return this.bus.request<AddressesAllDto>(HubySubjects.addressesAll, ctx, query);
  }

  @Roles(Role.DASHTOWER_USER)
  @Get('address/check/:uuid')
  addressCheck(@Caller() ctx: CallerContext, @Param('uuid') uuid: string) {
    return this.bus.request<AddressCheckDto>(HubySubjects.addressesCheck, ctx, { uuid });
  }

  @Roles(Role.DASHTOWER_USER)
  @Get('addresses')
  @ApiOperation({ summary: 'The address books; filter book = shipper | recipient, q, type, country, favorite' })
  async addresses(@Caller() ctx: CallerContext, @Query() query: ListQuery, @Res({ passthrough: true }) res: FastifyReply) {
    const request = await listRequest(this.bus, ctx, ADDRESSES_LIST, query);
    const page = await this.bus.request<ListPage<AddressDto>>(HubySubjects.addressesList, ctx, request);
    return sendListPage('dashtower/addresses', res, page, firstRow(request));
  }

  @Roles(Role.DASHTOWER_USER)
  @Get('addresses/:uuid')
  address(@Caller() ctx: CallerContext, @Param('uuid') uuid: string) {
    return this.bus.request<AddressDto>(HubySubjects.addressesGet, ctx, { uuid });
  }

  @Roles(Role.DASHTOWER_USER)
  @Post('addresses')
  createAddress(@Caller() ctx: CallerContext, @Body() body: Json) {
    parseBody(addressInput, body);
    return this.bus.request<AddressDto>(HubySubjects.addressesCreate, ctx, body);
  }

  @Roles(Role.DASHTOWER_USER)
  @Put('addresses/:uuid')
  updateAddress(@Caller() ctx: CallerContext, @Param('uuid') uuid: string, @Body() body: Json) {
    return this.bus.request<AddressDto>(HubySubjects.addressesUpdate, ctx, { uuid, address: object(body) });
  }

  @Roles(Role.DASHTOWER_USER)
  @Delete('addresses/:uuid')
  removeAddress(@Caller() ctx: CallerContext, @Param('uuid') uuid: string) {
    return this.bus.request<{ ok: true }>(HubySubjects.addressesDelete, ctx, { uuid });
  }
}

/** Spec §7 GET /admin/carriers/{depositor_code}: the carriers a depositor's tours use (Dashtower's carrier list). */
@ApiTags('dashtower')
@ApiBearerAuth()
@Controller('admin/carriers')
export class CarriersController {
  constructor(private readonly bus: BusClient) {}

  @Roles(Role.DASHTOWER_USER, Role.ADMIN_DASHTOWER_USER)
  @Get()
  @ApiOperation({ summary: 'Spec §5: loading carriers requires a depositor code (400 depositorCodeRequired)' })
  withoutCode(@Caller() ctx: CallerContext) {
    return this.bus.request<CarrierDto[]>(HubySubjects.carriersOfDepositor, ctx, {});
  }

  @Roles(Role.DASHTOWER_USER, Role.ADMIN_DASHTOWER_USER)
  @Get(':depositor_code')
  @ApiOperation({ summary: 'minify=1: id and ref only' })
  carriers(@Caller() ctx: CallerContext, @Param('depositor_code') code: string, @Query('minify') minify?: string) {
    return this.bus.request<CarrierDto[]>(HubySubjects.carriersOfDepositor, ctx, { code, minify });
  }
}
