import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { ListQuery } from '../http/list-query';

/** The claims lists' query: the kit's ListQuery with their filter keys documented. */
export class ClaimsListQuery extends ListQuery {
  @ApiPropertyOptional({
    description:
      'JSON object. Keys: tab (current | closed | draft), q (prefix of the claim reference, delivery or order number, customer claim number), ' +
      'depositor, status, kind (preparation | delivery), reason, createdFrom, createdTo (days in the user’s time zone, or instants)',
    example: '{"tab":"current"}',
  })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  override filter?: string = undefined;
}

export class ClaimsExportQuery extends ClaimsListQuery {
  @ApiPropertyOptional({ enum: ['csv', 'xlsx'], default: 'csv' })
  @IsOptional()
  @IsIn(['csv', 'xlsx'])
  format?: 'csv' | 'xlsx';

  @ApiPropertyOptional({ enum: ['datetime', 'two_columns'], description: 'Date columns: one column, or date and time apart' })
  @IsOptional()
  @IsIn(['datetime', 'two_columns'])
  dateFormat?: 'datetime' | 'two_columns';
}
