import { ApiPropertyOptional } from '@nestjs/swagger';
import { parseListQuery } from '../http/list-query';
import type { ListRequest } from '@portal/contracts';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

/** ra-data-simple-rest list query: JSON-encoded filter, range and sort. */
export class ListQuery {
  @ApiPropertyOptional({
    description:
      'JSON object. Keys: reference, barcode, platform, depositor, lot, family, blockingCode, dateFrom, dateTo, type, itemId, expiry; ' +
      'on /stock also view ("platform": one row per line, the default, tab Stock; "reference": totals over platforms and lots, tab Id); ' +
      'on /items also newProduct, hazardous, label',
    example: '{"reference":"APAR","view":"reference"}',
  })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  filter?: string;

  @ApiPropertyOptional({ description: 'JSON [first, last] row indexes, inclusive (at most 5,000 rows)', example: '[0,24]' })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  range?: string;

  @ApiPropertyOptional({ description: 'JSON [field, "ASC"|"DESC"]', example: '["reference","ASC"]' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  sort?: string;
}

export class ExportQuery extends ListQuery {
  @ApiPropertyOptional({ enum: ['csv', 'xlsx'], default: 'csv' })
  @IsOptional()
  @IsIn(['csv', 'xlsx'])
  format?: 'csv' | 'xlsx';

  @ApiPropertyOptional({
    enum: ['datetime', 'two_columns'],
    description: 'Date columns: one "DD/MM/YYYY HH:mm" column, or date and time apart. Default: the user’s export setting',
  })
  @IsOptional()
  @IsIn(['datetime', 'two_columns'])
  dateFormat?: 'datetime' | 'two_columns';
}

/** Decodes the JSON parameters of a list query, refusing malformed ones with validationFailed. */
export function listRequest(query: ListQuery): ListRequest {
  return parseListQuery(query) as ListRequest;
}
