import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ListQuery, listRequest } from '../http/list-query';
import { BusClient } from '@portal/bus';
import { CLASSIFICATIONS, ORDERS_LIST, UPLOADABLE_DOCUMENT_TYPES, type CallerContext, type OrderSearchRequest } from '@portal/contracts';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

/** The tracker lists' query (orders, tracerroute): the kit's ListQuery with their keys documented. */
export class OrdersQuery extends ListQuery {
  @ApiPropertyOptional({
    description:
      'JSON object. Keys: q (prefix of order, delivery or customer reference, slip; tracking number with USER_TRACKER_NUMBER_SEARCH), ' +
      'zip, town (exact; a trailing * searches a prefix), country, depositor (id or code, or a list of them), dateFrom, dateTo (ISO, at most 93 days apart: ' +
      'wider answers 400 dateRangeTooLarge and the web offers an export), slip, serial, lot, customer, article, status (code or codes), ' +
      'tracerStatus',
    example: '{"q":"CMD1","dateFrom":"2026-10-01"}',
  })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  override filter?: string = undefined;

  @ApiPropertyOptional({
    description: 'JSON [first, last] row indexes, inclusive (at most 200 rows; first at most 1,000 without a cursor)',
    example: '[0,24]',
  })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  override range?: string = undefined;

  @ApiPropertyOptional({
    description: 'JSON [field, "ASC"|"DESC"]; fields createdAt (default, newest first), id, reference',
    example: '["createdAt","DESC"]',
  })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  override sort?: string = undefined;
}

export class SerialsQuery {
  @ApiPropertyOptional({ description: 'JSON object { serial } or { lot } (prefix)', example: '{"serial":"SN-3-"}' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  filter?: string;
}

/** A tracker list request, checked against ORDERS_LIST before the bus. */
export async function searchRequest(bus: BusClient, ctx: CallerContext, query: OrdersQuery): Promise<OrderSearchRequest> {
  return (await listRequest(bus, ctx, ORDERS_LIST, query)) as OrderSearchRequest;
}

/** A file sent in JSON (the gateway body limit is 5 MB; files at most TRACKING_UPLOAD_MAX_BYTES). */
export class UploadedFileBody {
  @ApiProperty({ example: 'signature.png' }) @IsNotEmpty() @IsString() @MaxLength(255) name!: string;
  @ApiProperty({ description: 'The file, base64; PDF, JPEG or PNG, read from its bytes' })
  @IsNotEmpty()
  @IsString()
  @MaxLength(5 * 1024 * 1024)
  contentBase64!: string;
}

export class AddDocumentBody extends UploadedFileBody {
  @ApiProperty({ enum: UPLOADABLE_DOCUMENT_TYPES }) @IsIn(UPLOADABLE_DOCUMENT_TYPES) type!: string;
}

export class ClassifyBody {
  @ApiProperty({ enum: CLASSIFICATIONS }) @IsIn(CLASSIFICATIONS) as!: string;
  @ApiProperty({ description: 'Delivery (or event) date, at least 10 minutes in the past', example: '2026-11-21T09:30:00+01:00' })
  @IsISO8601()
  at!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2000) comment?: string;
  @ApiPropertyOptional({ description: 'true: visible to its author and the provider only' })
  @IsOptional()
  @IsBoolean()
  commentPrivate?: boolean;
  @ApiPropertyOptional({ type: UploadedFileBody, description: 'Optional proof of delivery (image or PDF)' })
  @IsOptional()
  @ValidateNested()
  @Type(() => UploadedFileBody)
  pod?: UploadedFileBody;
}

export class TracerStatusBody {
  @ApiProperty({ example: 'DELIVERED_DAMAGED' }) @IsString() @MaxLength(30) status!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2000) comment?: string;
  @ApiPropertyOptional({ description: 'true: visible to its author and the provider only' })
  @IsOptional()
  @IsBoolean()
  commentPrivate?: boolean;
}

export class TracerEventBody {
  @ApiProperty({ example: 'NEW_APPOINTMENT' }) @IsString() @MaxLength(40) type!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) carrierName?: string;
  @ApiPropertyOptional() @IsOptional() @IsISO8601() appointmentAt?: string;
  @ApiPropertyOptional() @IsOptional() @IsISO8601() eventAt?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2000) publicNote?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2000) privateNote?: string;
}

export class CarrierInfoBody {
  @ApiProperty({ example: 'Geodis' }) @IsNotEmpty() @IsString() @MaxLength(255) carrierName!: string;
  @ApiPropertyOptional({ example: 'GEODIS' }) @IsOptional() @Matches(/^[A-Z0-9_-]{1,50}$/) carrierCode?: string;
  @ApiPropertyOptional({ example: 'GEO0012345678' }) @IsOptional() @IsString() @MaxLength(64) trackingNumber?: string;
}

export class OrderIdsBody {
  @ApiProperty({ type: [Number], maxItems: 500 })
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(500)
  @Type(() => Number)
  @IsInt({ each: true })
  @Min(1, { each: true })
  ids!: number[];
}

export class MarkDeliveredBody extends OrderIdsBody {
  @ApiProperty({ description: 'Delivery date, at least 10 minutes in the past' }) @IsISO8601() at!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2000) comment?: string;
}

export class SearchProfileBody {
  @ApiProperty({ example: 'Lyon en retard' }) @IsNotEmpty() @IsString() @MaxLength(100) name!: string;
  @ApiProperty({ description: 'The filter of GET /orders', example: { town: 'LYON', tracerStatus: 'LATE' } }) @IsObject() filter!: object;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() shared?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() isDefault?: boolean;
}

export class OrdersExportQuery extends OrdersQuery {
  @ApiPropertyOptional({ enum: ['csv', 'xlsx'], default: 'csv' }) @IsOptional() @IsIn(['csv', 'xlsx']) format?: 'csv' | 'xlsx';
  @ApiPropertyOptional({ enum: ['datetime', 'two_columns'], description: 'Default: the user’s export setting' })
  @IsOptional()
  @IsIn(['datetime', 'two_columns'])
  dateFormat?: 'datetime' | 'two_columns';
}
