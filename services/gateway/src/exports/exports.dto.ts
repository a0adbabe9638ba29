import { applyDecorators } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiProperty, ApiResponse } from '@nestjs/swagger';
import type { ExportQueuedDto } from '@portal/contracts';
import { CONTENT_TYPES } from './sheet';

export class ExportQueuedAnswer implements ExportQueuedDto {
  @ApiProperty({ enum: [true] }) queued!: true;
  @ApiProperty({ example: 'a***n@demo-a.example', description: 'The user’s address, masked, where the link will be mailed' })
  email!: string;
}

/** OpenAPI of an export route: the file (200), or 202 when it goes on in the background and is mailed. */
export const ApiExport = (summary: string) =>
  applyDecorators(
    ApiOperation({
      summary: `${summary}. Up to EXPORT_SYNC_MAX_ROWS rows (5,000) the file comes back; more answer 202 and the file is produced in the background and mailed as a link to /exports/{id}; more than EXPORT_MAX_ROWS (200,000) answer 413 exportTooLarge with params.limit (or a mail saying so)`,
    }),
    ApiProduces(CONTENT_TYPES.csv, CONTENT_TYPES.xlsx, 'application/json'),
    ApiOkResponse({ description: 'The CSV (UTF-8 with BOM, semicolons) or XLSX file' }),
    ApiAcceptedResponse({ type: ExportQueuedAnswer, description: 'Too many rows to answer at once: the file will be mailed' }),
    ApiResponse({ status: 413, description: 'exportTooLarge: more rows than EXPORT_MAX_ROWS, params.limit' }),
    ApiResponse({ status: 400, description: 'userEmailEmpty: the export must be mailed and the user has no e-mail address' }),
  );
