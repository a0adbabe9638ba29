import { Controller, Get, Param, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { CallerContext } from '@portal/contracts';
import { Caller } from '../http/caller';
import { attachment } from '../http/files';
import { exportFileName, ExportStore } from './export-store';
import { CONTENT_TYPES } from './sheet';

/** The files of background exports, as mailed: each to its owner only. */
@ApiTags('exports')
@ApiBearerAuth()
@Controller('exports')
export class ExportsController {
  constructor(private readonly store: ExportStore) {}

  @Get(':id')
  @ApiOperation({
    summary:
      'Streams a background export (CSV or XLSX) to the user it was mailed to, for EXPORT_RETENTION_DAYS days (7); 404 objectNotFound for an unknown or expired export and for any other user',
  })
  @ApiParam({ name: 'id', description: 'The id at the end of the mailed link /exports/<id>', format: 'uuid' })
  @ApiProduces(CONTENT_TYPES.csv, CONTENT_TYPES.xlsx)
  async download(@Caller() ctx: CallerContext, @Param('id') id: string): Promise<StreamableFile> {
    const file = await this.store.find(ctx, id);
    const name = exportFileName(file.name, file.format, file.createdAt, ctx.timezone);
    return new StreamableFile(this.store.stream(file), {
      type: CONTENT_TYPES[file.format],
      length: file.size,
      disposition: attachment(name),
    });
  }
}
