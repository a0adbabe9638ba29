import { PassThrough, Readable } from 'node:stream';
import type { BusClient } from '@portal/bus';
import {
  AppError,
  IMPORT_MAX_BYTES,
  importLineReason,
  importWordsTranslate,
  shortLocale,
  type CallerContext,
  type ImportBusSubjects,
  type ImportLineDto,
  type ImportSimulationDto,
} from '@portal/contracts';
import { isZip, peekStream, type FileStorage } from '@portal/files';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONTENT_TYPES, sheetWriter } from '../exports/sheet';
import { attachment } from '../http/files';
import { limited } from '../http/raw-upload';

const REPORT_PAGE = 5000;

/**
 * Every import's HTTP side, the same for each kind: the file is the raw request body (CSV or XLSX,
 * told apart by its bytes), streamed into the shared storage under the size limit, then simulated by
 * the owning service in the background; the screen polls the simulation, pages its lines, downloads
 * the report and asks for the import. Sample files are written from the kind's column definition.
 */
export class ImportHttp {
  constructor(
    private readonly bus: BusClient,
    private readonly files: FileStorage,
    private readonly subjects: ImportBusSubjects,
    private readonly folder: string,
  ) {}

  async simulate(ctx: CallerContext, req: FastifyRequest, name?: string): Promise<ImportSimulationDto> {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > IMPORT_MAX_BYTES) throw new AppError('sizeLimitExceeded', 'file too large', { limit: IMPORT_MAX_BYTES });
    const body = req.body instanceof Readable ? req.body : Readable.from(Buffer.isBuffer(req.body) ? [req.body] : []);
    const { head, rest } = await peekStream(body);
    if (!head) throw new AppError('cannotReadFile', 'empty file');
    const format = isZip(head) ? 'xlsx' : 'csv';
    const stored = await this.files.putGenerated(rest.pipe(limited(IMPORT_MAX_BYTES)), { folder: this.folder, extension: format });
    try {
      return await this.bus.request<ImportSimulationDto>(this.subjects.simulate, ctx, {
        file_key: stored.key,
        name: typeof name === 'string' ? name : undefined,
        format,
        size: stored.size,
      });
    } catch (e) {
      await this.files.delete(stored.key).catch(() => undefined);
      throw e;
    }
  }

  get(ctx: CallerContext, id: string) {
    return this.bus.request<ImportSimulationDto>(this.subjects.get, ctx, { id });
  }

  lines(ctx: CallerContext, id: string, query: Record<string, unknown>) {
    return this.bus.request<{ total: number; lines: ImportLineDto[] }>(this.subjects.lines, ctx, {
      id,
      status: query.status,
      offset: query.offset,
      limit: query.limit,
    });
  }

  apply(ctx: CallerContext, id: string, body: Record<string, unknown> | undefined) {
    return this.bus.request<ImportSimulationDto>(this.subjects.apply, ctx, { id, force: body?.force === true });
  }

  /**
   * The simulation or import report as CSV: every line, or those of one status. Why a line is
   * refused is said in the caller's language, in the screen's words (importLineReason).
   */
  async report(ctx: CallerContext, id: string, status: string | undefined, res: FastifyReply): Promise<void> {
    const simulation = await this.get(ctx, id);
    const translate = importWordsTranslate(shortLocale(ctx.locale));
    const out = new PassThrough();
    void res
      .header('Content-Type', CONTENT_TYPES.csv)
      .header('Content-Disposition', attachment(`${simulation.name.replace(/\.[^.]*$/, '')}-report.csv`))
      .send(out);
    const writer = sheetWriter('csv', 'report', ['line', 'status', 'key', 'reason', 'reference', 'what'], out);
    try {
      for (let offset = 0; ; offset += REPORT_PAGE) {
        const page = await this.bus.request<{ total: number; lines: ImportLineDto[] }>(this.subjects.lines, ctx, {
          id,
          status,
          offset,
          limit: REPORT_PAGE,
        });
        await writer.add(page.lines.map((l) => [l.line, l.status, l.key, importLineReason(translate, l) || null, l.reference, l.what]));
        if (page.lines.length < REPORT_PAGE) break;
      }
      await writer.finish();
    } catch (e) {
      out.destroy(e as Error);
    }
  }
}

/** A sample file (csv or xlsx): its header row and lines, as an attachment. */
export async function sendSampleFile(res: FastifyReply, format: string, fileName: string, sheet: string, rows: string[][]): Promise<void> {
  if (format !== 'csv' && format !== 'xlsx') throw new AppError('pageNotFound', 'sample formats are csv and xlsx');
  const [headers, ...lines] = rows;
  const out = new PassThrough();
  void res
    .header('Content-Type', CONTENT_TYPES[format])
    .header('Content-Disposition', attachment(`${fileName}.${format}`))
    .send(out);
  const writer = sheetWriter(format, sheet, headers, out);
  await writer.add(lines);
  await writer.finish();
}
