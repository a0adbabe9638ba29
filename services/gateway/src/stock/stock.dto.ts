import { ApiPropertyOptional } from '@nestjs/swagger';
import { ListQuery } from '../http/list-query';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

/** The stock lists' query: the kit's ListQuery with their filter keys documented. */
export class StockListQuery extends ListQuery {
  @ApiPropertyOptional({
    description:
      'JSON object. Keys: reference, barcode, platform, depositor, lot, family, blockingCode, dateFrom, dateTo, type, itemId, expiry; ' +
      'platform and depositor take an id or a code (MLV1, DEMO-A); on /stock also view ("platform": one row per line, the default, tab Stock; "reference": totals over platforms and lots, tab Id); ' +
      'on /items also newProduct, hazardous, label',
    example: '{"reference":"APAR","view":"reference"}',
  })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  override filter?: string = undefined;
}

export class ExportQuery extends StockListQuery {
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
