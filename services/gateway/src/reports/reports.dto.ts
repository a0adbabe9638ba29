import { ApiPropertyOptional } from '@nestjs/swagger';
import { AppError, DATE_RANGES, type ReportRunRequest } from '@portal/contracts';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

/** GET /api/reports/:id: the period (a §9 range, or from/to days in the user's time zone) and the depositors. */
export class ReportQuery {
  @ApiPropertyOptional({
    enum: DATE_RANGES,
    description: 'A predefined period (spec §9); default rolling30 when neither range nor from/to',
  })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  range?: string;

  @ApiPropertyOptional({ example: '2026-11-01', description: 'First day (YYYY-MM-DD, user’s time zone), with to' })
  @IsOptional()
  @IsString()
  @MaxLength(10)
  from?: string;

  @ApiPropertyOptional({ example: '2026-11-30', description: 'Last day, inclusive (at most 731 days after from)' })
  @IsOptional()
  @IsString()
  @MaxLength(10)
  to?: string;

  @ApiPropertyOptional({ example: '1,2', description: 'Depositor ids of the caller’s scope, comma separated; none: the whole scope' })
  @IsOptional()
  @IsString()
  @MaxLength(4000)
  depositorIds?: string;
}

export class ReportExportQuery extends ReportQuery {
  @ApiPropertyOptional({ enum: ['csv', 'xlsx'], default: 'csv' })
  @IsOptional()
  @IsIn(['csv', 'xlsx'])
  format?: 'csv' | 'xlsx';

  @ApiPropertyOptional({ enum: ['datetime', 'two_columns'], description: 'Date columns: one column, or date and time apart' })
  @IsOptional()
  @IsIn(['datetime', 'two_columns'])
  dateFormat?: 'datetime' | 'two_columns';
}

/** The run request of a report from the route and its query (the service checks the report, rights, period and scope). */
export function runRequest(reportId: string, q: ReportQuery): ReportRunRequest {
  const request: ReportRunRequest = { reportId };
  if (q.range) request.range = q.range as ReportRunRequest['range'];
  if (q.from) request.from = q.from;
  if (q.to) request.to = q.to;
  if (q.depositorIds) {
    const parts = q.depositorIds.split(',').map((p) => p.trim());
    if (!parts.every((p) => /^[1-9]\d{0,8}$/.test(p)))
      throw new AppError('validationFailed', 'depositorIds: comma-separated ids', undefined, { depositorIds: 'invalidFormat' });
    request.depositorIds = parts.map(Number);
  }
  return request;
}
