import { ApiPropertyOptional } from '@nestjs/swagger';
import { DATE_RANGES } from '@portal/contracts';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { ListQuery } from '../http/list-query';

export class FeverZonesQuery extends ListQuery {
  @ApiPropertyOptional({ description: 'JSON object. Keys: q (code or label), depositor, platform (ids or codes)', example: '{}' })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  override filter?: string = undefined;
}

export class FeverPlansQuery extends ListQuery {
  @ApiPropertyOptional({ description: 'JSON object. Keys: q (name), depositor, platform (ids or codes)', example: '{}' })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  override filter?: string = undefined;
}

export class FeverProbesQuery extends ListQuery {
  @ApiPropertyOptional({
    description: 'JSON object. Keys: q (label, MAC or zone), depositor, platform, zone, plan, state (ok | excursion | silent)',
    example: '{"plan":1}',
  })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  override filter?: string = undefined;
}

/** A graph's or an export's period: a §9 range, or from/to (days in the user's time zone, or ISO instants). */
export class FeverPeriodParams {
  @ApiPropertyOptional({ enum: DATE_RANGES, description: 'A §9 predefined range; default rolling30 when neither it nor from/to is given' })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  range?: string;

  @ApiPropertyOptional({ description: 'YYYY-MM-DD in the user’s time zone, or an ISO instant' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  from?: string;

  @ApiPropertyOptional({ description: 'YYYY-MM-DD (included) in the user’s time zone, or an ISO instant (excluded)' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  to?: string;
}

export class FeverExportParams extends FeverPeriodParams {
  @ApiPropertyOptional({ enum: ['csv', 'xlsx'], default: 'csv' })
  @IsOptional()
  @IsIn(['csv', 'xlsx'])
  format?: 'csv' | 'xlsx';

  @ApiPropertyOptional({ enum: ['datetime', 'two_columns'], description: 'Date columns: one column, or date and time apart' })
  @IsOptional()
  @IsIn(['datetime', 'two_columns'])
  dateFormat?: 'datetime' | 'two_columns';
}

const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const temperature = { type: 'number', minimum: -60, maximum: 90, nullable: true } as const;
const zoneFields = {
  code: text(30),
  label: text(100),
  minTemperature: temperature,
  maxTemperature: temperature,
  maxHumidity: { type: 'number', minimum: 0, maximum: 100, nullable: true },
} as const;

/** OpenAPI bodies (zod checks them, in the gateway and again in the service). */
export const FEVER_BODIES = {
  zoneCreate: { type: 'object', properties: { depositorId: { type: 'integer' }, platformId: { type: 'integer' }, ...zoneFields } },
  zoneUpdate: { type: 'object', properties: zoneFields },
  planCreate: { type: 'object', properties: { depositorId: { type: 'integer' }, platformId: { type: 'integer' }, name: text(100) } },
  planUpdate: { type: 'object', properties: { name: text(100) } },
  probe: {
    type: 'object',
    properties: { mac: { type: 'string', example: '00:1b:c5:0a:10:01' }, label: text(100), zoneId: { type: 'integer' } },
  },
  place: {
    type: 'object',
    properties: {
      planId: { type: 'integer', nullable: true },
      x: { type: 'number', minimum: 0, maximum: 1 },
      y: { type: 'number', minimum: 0, maximum: 1 },
    },
  },
} as const;
