import { z } from 'zod';
import { AppError, FIELD_ERRORS, type ErrorKey, type FieldErrorKey } from '../errors';

/**
 * The list kit's contract half: a list request (filter, range, sort, cursor) declared once per
 * resource with zod and read the same way by the gateway (before the bus), the service (the bus
 * trusts nothing) and the web (draft filters). A bad value answers 400 with spec §5 field keys.
 */

/** How a sort key compares, so that a cursor's last value can be checked before it reaches SQL. */
export type SortType = 'text' | 'int' | 'bigint' | 'number' | 'instant' | 'day';
export type SortOrder = 'ASC' | 'DESC';

/** A react-admin list request as it crosses the bus (ra-data-simple-rest's filter, range, sort, plus cursor). */
export interface ListRequest {
  filter?: Record<string, unknown>;
  /** [first, last] row indexes, inclusive. */
  range?: [number, number];
  sort?: [string, SortOrder];
  /** X-Next-Cursor of the previous page. */
  cursor?: string;
}

/** A list as one resource answers it. */
export interface ListDeclaration<F extends z.ZodRawShape = z.ZodRawShape, S extends string = string> {
  /** The react-admin resource name (Content-Range's first word). */
  resource: string;
  filter: z.ZodObject<F>;
  /** The API sort keys and their types; `id` is always accepted (react-admin's default sort). */
  sorts: Record<S, SortType>;
  defaultSort: readonly [NoInfer<S> | 'id', SortOrder];
  maxPageSize: number;
  /** Offsets past this need a cursor (keyset pages: no OFFSET walk over millions of rows). */
  maxOffset: number;
}

export type FilterOf<L> = L extends ListDeclaration<infer F> ? z.infer<z.ZodObject<F>> : never;
export type SortOf<L> = L extends ListDeclaration<z.ZodRawShape, infer S> ? S | 'id' : never;

/** A checked list request. */
export interface ListQuery<L extends ListDeclaration = ListDeclaration> {
  filter: FilterOf<L>;
  offset: number;
  limit: number;
  sort: SortOf<L>;
  order: SortOrder;
  /** The position after which this page starts (keyset), when the request carried a cursor. */
  after?: ListCursor;
}

/** The last row of the previous page, in the sort it was read with. */
export interface ListCursor {
  sort: string;
  order: SortOrder;
  value: string | number | null;
  id: string;
}

/** A page as every list service answers it; the gateway's one header writer turns it into HTTP. */
export interface ListPage<T> {
  rows: T[];
  /** Exact count, or null when not counted (large lists, keyset pages). */
  total: number | null;
  /** True when rows follow this page. */
  more: boolean;
  /** Cursor of the next page (keyset lists), null when this page is the last. */
  nextCursor?: string | null;
}

export function defineList<F extends z.ZodRawShape, S extends string>(declaration: ListDeclaration<F, S>): ListDeclaration<F, S> {
  return declaration;
}

// ---- Filter fields: every one treats '' and null as absent, and refuses control characters. ----

const absent = (v: unknown) => (v === '' || v === null ? undefined : v);
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const ID_MAX = 2_147_483_647;
/** Days and instants PostgreSQL and every screen can hold; anything else is a typing error. */
const YEAR_MIN = 1900;
const YEAR_MAX = 2999;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;

const textOf = (max: number) =>
  z
    .union([z.string(), z.number().finite()], { error: FIELD_ERRORS.invalidFormat })
    .transform((v) => String(v).trim())
    .refine((v) => !CONTROL.test(v), { error: FIELD_ERRORS.invalidFormat })
    .refine((v) => v.length <= max, { error: FIELD_ERRORS.maxLength });

const idOf = z.preprocess(
  (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
  z
    .number({ error: FIELD_ERRORS.integer })
    .int({ error: FIELD_ERRORS.integer })
    .min(1, { error: FIELD_ERRORS.min })
    .max(ID_MAX, { error: FIELD_ERRORS.max }),
);

const oneOrMany = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v : [v]),
    z.array(item).min(1, { error: FIELD_ERRORS.required }).max(max, { error: FIELD_ERRORS.max }),
  );

export function isValidDay(value: string): boolean {
  const m = DAY.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < YEAR_MIN || year > YEAR_MAX || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function isValidInstant(value: string): boolean {
  const m = INSTANT.exec(value);
  return !!m && isValidDay(`${m[1]}-${m[2]}-${m[3]}`) && !Number.isNaN(Date.parse(value));
}

/** The field builders of list filters. */
export const listField = {
  /** Free text, trimmed; `max` characters. */
  text: (max = 64) => z.preprocess(absent, textOf(max).optional()),
  /** Text matched as a prefix (an index range): at least one character. */
  prefix: (max = 64) => z.preprocess(absent, textOf(max).optional()),
  /** A row id (PostgreSQL integer). */
  id: () => z.preprocess(absent, idOf.optional()),
  /** One id or a list of them. */
  ids: (max = 100) => z.preprocess(absent, oneOrMany(idOf, max).optional()),
  /** One of `values`. */
  oneOf: <T extends string | number>(values: readonly T[]) =>
    z.preprocess(
      (v) => (typeof v === 'string' && typeof values[0] === 'number' && /^-?\d+$/.test(v) ? Number(v) : absent(v)),
      z.custom<T>((v) => values.includes(v as T), { error: FIELD_ERRORS.invalidFormat }).optional(),
    ),
  /** One or several of `values`. */
  anyOf: <T extends string | number>(values: readonly T[]) =>
    z.preprocess(
      absent,
      oneOrMany(
        z.preprocess(
          (v) => (typeof v === 'string' && typeof values[0] === 'number' && /^-?\d+$/.test(v) ? Number(v) : v),
          z.custom<T>((v) => values.includes(v as T), { error: FIELD_ERRORS.invalidFormat }),
        ),
        values.length,
      ).optional(),
    ),
  /** true/false, also as 'true'/'false'/1/0. */
  flag: () =>
    z.preprocess(
      (v) => (v === 'true' || v === 1 || v === '1' ? true : v === 'false' || v === 0 || v === '0' ? false : absent(v)),
      z.boolean({ error: FIELD_ERRORS.invalidFormat }).optional(),
    ),
  /** A calendar day `YYYY-MM-DD` (years 1900–2999). */
  day: () =>
    z.preprocess(
      absent,
      z.string({ error: FIELD_ERRORS.invalidFormat }).refine(isValidDay, { error: FIELD_ERRORS.invalidFormat }).optional(),
    ),
  /** A day (in the caller's time zone) or an ISO instant with its offset. */
  dayOrInstant: () =>
    z.preprocess(
      absent,
      z
        .string({ error: FIELD_ERRORS.invalidFormat })
        .refine((v) => isValidDay(v) || isValidInstant(v), { error: FIELD_ERRORS.invalidFormat })
        .optional(),
    ),
};

/** Filter fields whose refusal answers `invalidDate` rather than `validationFailed`. */
const DATE_FIELD = /^date|At$|From$|To$/;

// ---- Reading a request ----

const invalid = (fields: Record<string, FieldErrorKey>, key: ErrorKey = 'validationFailed') =>
  new AppError(key, 'invalid list request', undefined, fields);

/**
 * Checks `{ filter, range, sort, cursor }` (JSON-decoded, as the gateway forwards them and the web
 * builds them) against the resource's declaration.
 */
export function parseListRequest<L extends ListDeclaration>(list: L, data: unknown): ListQuery<L> {
  const input = (typeof data === 'object' && data !== null && !Array.isArray(data) ? data : {}) as Record<string, unknown>;
  const fields: Record<string, FieldErrorKey> = {};
  const filter = readFilter(list, input.filter, fields);
  const [sort, order] = readSort(list, input.sort, fields);
  const [offset, limit] = readRange(list, input.range, input.cursor !== undefined && input.cursor !== null && input.cursor !== '', fields);
  if (Object.keys(fields).length) {
    const dates = Object.keys(fields).every((f) => DATE_FIELD.test(f));
    throw invalid(fields, dates ? 'invalidDate' : 'validationFailed');
  }
  const query: ListQuery<L> = { filter: filter as FilterOf<L>, offset, limit, sort: sort as SortOf<L>, order };
  if (input.cursor !== undefined && input.cursor !== null && input.cursor !== '')
    query.after = decodeCursor(list, input.cursor, sort, order);
  return query;
}

/** The filter alone (the web's draft filters, the exports' filter). */
export function parseListFilter<L extends ListDeclaration>(list: L, filter: unknown): FilterOf<L> {
  const fields: Record<string, FieldErrorKey> = {};
  const parsed = readFilter(list, filter, fields);
  if (Object.keys(fields).length)
    throw invalid(fields, Object.keys(fields).every((f) => DATE_FIELD.test(f)) ? 'invalidDate' : 'validationFailed');
  return parsed as FilterOf<L>;
}

function readFilter(list: ListDeclaration, raw: unknown, fields: Record<string, FieldErrorKey>): Record<string, unknown> {
  if (raw === undefined || raw === null) raw = {};
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    fields.filter = FIELD_ERRORS.invalidFormat;
    return {};
  }
  const result = list.filter.safeParse(raw);
  if (result.success) return result.data as Record<string, unknown>;
  for (const issue of result.error.issues) {
    // The filter's own field: that is what a screen marks (a list's n-th value has no field of its own).
    const path = issue.path.length ? String(issue.path[0]) : 'filter';
    fields[path] ??= (Object.values(FIELD_ERRORS) as string[]).includes(issue.message) ? (issue.message as FieldErrorKey) : 'invalidFormat';
  }
  return {};
}

function readSort(list: ListDeclaration, raw: unknown, fields: Record<string, FieldErrorKey>): [string, SortOrder] {
  if (raw === undefined || raw === null) return [list.defaultSort[0], list.defaultSort[1]];
  const [field, order = 'ASC'] = Array.isArray(raw) ? raw : [];
  if (
    typeof field !== 'string' ||
    !(field === 'id' || Object.prototype.hasOwnProperty.call(list.sorts, field)) ||
    (order !== 'ASC' && order !== 'DESC')
  ) {
    fields.sort = FIELD_ERRORS.invalidFormat;
    return [list.defaultSort[0], list.defaultSort[1]];
  }
  return [field, order];
}

function readRange(list: ListDeclaration, raw: unknown, keyset: boolean, fields: Record<string, FieldErrorKey>): [number, number] {
  if (raw === undefined || raw === null) return [0, Math.min(25, list.maxPageSize)];
  const [first, last] = Array.isArray(raw) && raw.length === 2 ? raw : [NaN, NaN];
  const ok = Number.isSafeInteger(first) && Number.isSafeInteger(last) && first >= 0 && last >= first;
  if (!ok) fields.range = FIELD_ERRORS.integer;
  else if (last - first + 1 > list.maxPageSize || (!keyset && first > list.maxOffset)) fields.range = FIELD_ERRORS.max;
  return ok ? [first, Math.min(last - first + 1, list.maxPageSize)] : [0, 25];
}

// ---- Cursors: the previous page's last row, fully checked before any SQL sees it ----

export function encodeCursor(cursor: ListCursor): string {
  return toBase64Url(JSON.stringify([cursor.sort, cursor.order, cursor.value, cursor.id]));
}

// base64url over UTF-8 without Buffer: the same code runs in the browser.
function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

const CURSOR_VALUE: Record<SortType, (v: unknown) => boolean> = {
  text: (v) => typeof v === 'string' && v.length <= 512 && !CONTROL.test(v),
  int: (v) => Number.isSafeInteger(v) && Math.abs(v as number) <= ID_MAX,
  bigint: (v) => typeof v === 'string' && /^-?\d{1,18}$/.test(v),
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  instant: (v) => typeof v === 'string' && isValidInstant(v),
  day: (v) => typeof v === 'string' && isValidDay(v),
};

function decodeCursor(list: ListDeclaration, raw: unknown, sort: string, order: SortOrder): ListCursor {
  const type: SortType = sort === 'id' ? 'bigint' : (list.sorts[sort] as SortType);
  try {
    if (typeof raw !== 'string' || raw.length > 1024 || !/^[A-Za-z0-9_-]+$/.test(raw)) throw new Error('shape');
    const decoded: unknown = JSON.parse(fromBase64Url(raw));
    if (!Array.isArray(decoded) || decoded.length !== 4) throw new Error('shape');
    const [s, o, value, id] = decoded as unknown[];
    const valueOk = value === null || CURSOR_VALUE[type](value);
    if (s === sort && o === order && valueOk && typeof id === 'string' && /^\d{1,18}$/.test(id)) {
      return { sort, order, value: value as string | number | null, id };
    }
  } catch {
    // refused below
  }
  throw new AppError('invalidCursor', 'cursor does not belong to this list', undefined, { cursor: FIELD_ERRORS.invalidFormat });
}
