import type { BusClient } from '@portal/bus';
import { AdminSubjects, STOCK_LIMITS, type CallerContext, type ListPage, type ListRequest, type PlatformDto } from '@portal/contracts';
import type { ExportPage } from '../exports/exports.service';
import { dateTimeFormatter, dateTimeHeaders, type Cell, type ExportOptions, type ExportSheet } from '../exports/sheet';
import type { ExportColumn } from './export-columns';

/** A stock list as a sheet: headers and cells in the user's language, export date format and time zone. */
export function columnsSheet(columns: ExportColumn[], sheetName: string): (o: ExportOptions) => ExportSheet<object> {
  return (o) => {
    const dateTime = dateTimeFormatter(o);
    return {
      sheetName,
      headers: columns.flatMap((col) => (col.kind === 'datetime' ? dateTimeHeaders(col.label[o.language], o) : [col.label[o.language]])),
      cells: (row) =>
        columns.flatMap((col): Cell[] => {
          const value = col.key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], row);
          if (col.kind === 'datetime') return dateTime(value);
          if (value === null || value === undefined) return [null];
          if (col.kind === 'day') return [String(value).slice(0, 10).split('-').reverse().join('/')];
          if (col.kind === 'number') return [Number(value)];
          return [typeof value === 'boolean' ? (value ? '1' : '0') : String(value)];
        }),
    };
  };
}

/**
 * The list page by page (the service strips what the caller may not see). A page knows the total up
 * to STOCK_LIMITS.maxExactCount; past it, that there are more rows than that.
 */
export async function* listPages(
  bus: BusClient,
  ctx: CallerContext,
  subject: string,
  request: ListRequest,
): AsyncGenerator<ExportPage<object>> {
  for (let first = 0; ; first += STOCK_LIMITS.maxPageSize) {
    const range: [number, number] = [first, first + STOCK_LIMITS.maxPageSize - 1];
    const page = await bus.request<ListPage<object>>(subject, ctx, { ...request, range });
    yield { rows: page.rows, atLeast: page.total ?? (page.more ? STOCK_LIMITS.maxExactCount + 1 : undefined) };
    if (!page.more) return;
  }
}

/**
 * The pages with each row's platform as its code (MLV1), the way users know it, in `platformCode`;
 * the platforms are read once per export.
 */
export async function* withPlatformCodes(
  bus: BusClient,
  ctx: CallerContext,
  pages: AsyncIterable<ExportPage<object>>,
): AsyncGenerator<ExportPage<object>> {
  let codes: Map<number, string> | undefined;
  for await (const page of pages) {
    codes ??= new Map((await bus.request<PlatformDto[]>(AdminSubjects.platforms, ctx, {})).map((p) => [p.id, p.code]));
    const known = codes;
    yield {
      ...page,
      rows: page.rows.map((row) => {
        const id = (row as { platformId?: unknown }).platformId;
        return typeof id === 'number' ? { ...row, platformCode: known.get(id) ?? String(id) } : row;
      }),
    };
  }
}
