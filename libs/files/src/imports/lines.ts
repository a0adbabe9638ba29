import { HUBY_CODE, type ImportColumn, type ImportKey } from '@portal/contracts';

/** Why a line is refused: one §8 import key, its parameters (the column, the code, the counts). */
export interface Refusal {
  key: ImportKey;
  params: Record<string, string | number>;
}
export const refusal = (key: ImportKey, params: Record<string, string | number> = {}): Refusal => ({ key, params });

export type CellValue = string | number | boolean | null;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[+0-9 ().-]{6,32}$/;
const DAY_ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_FR = /^(\d{2})\/(\d{2})\/(\d{4})$/;

export const isEmptyLine = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

/**
 * Spec §5 "element count must match": a line has the count of its type, or the header's count when
 * the sheet pads every line to the widest one (the cells beyond its type empty). XLSX files do not
 * keep trailing empty cells: a shorter XLSX line is padded.
 */
export function elementCount(cells: readonly string[], expected: number, headerWidth: number, padShort: boolean): Refusal | string[] {
  if (cells.length === expected) return [...cells];
  if (cells.length < expected && padShort) return [...cells, ...Array<string>(expected - cells.length).fill('')];
  const padded = cells.length === headerWidth || (padShort && cells.length < headerWidth);
  if (cells.length > expected && padded && cells.slice(expected).every((c) => c.trim() === '')) return cells.slice(0, expected);
  return refusal('importElementCount', { expected, found: cells.length });
}

/** A day as YYYY-MM-DD, from YYYY-MM-DD or DD/MM/YYYY (spec §9 date format); null when not a real day. */
export function dayOf(text: string): string | null {
  const iso = DAY_ISO.exec(text);
  const fr = DAY_FR.exec(text);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : fr ? [fr[3], fr[2], fr[1]] : [];
  if (!y) return null;
  const date = new Date(`${y}-${m}-${d}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== `${y}-${m}-${d}` ? null : `${y}-${m}-${d}`;
}

/** A decimal as typed in France or elsewhere: `12,5` or `12.5`. */
const numberOf = (text: string) => (/^\d+([.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : NaN);

/**
 * Reads one cell by its column's definition: the value, or the refusal naming the column. Codes are
 * upper-cased (spec §5: uppercase letters, digits, hyphen, underscore); a NUL character is refused.
 */
export function cellValue(column: ImportColumn, raw: string): CellValue | Refusal {
  // A spreadsheet's formula guard (an apostrophe before = + - @, as our own CSV files write it) is not part of the value.
  const text = raw.trim().replace(/^'(?=[=+\-@])/, '');
  const column_ = { column: column.name };
  if (text.includes('\u0000')) return refusal('importWriteFailed', { ...column_, reason: 'invalidFormat' });
  if (text === '')
    return column.required
      ? refusal(column.kind === 'reference' ? 'importNoReference' : 'importWriteFailed', { ...column_, reason: 'required' })
      : null;
  if (
    column.max &&
    (column.kind === 'text' ||
      column.kind === 'email' ||
      column.kind === 'phone' ||
      column.kind === 'code' ||
      column.kind === 'reference') &&
    text.length > column.max
  )
    return refusal(column.kind === 'reference' ? 'importMalformedReference' : 'importWriteFailed', {
      ...column_,
      reason: 'maxLength',
      max: column.max,
    });
  switch (column.kind) {
    case 'type':
    case 'text':
      return text;
    case 'reference':
      return HUBY_CODE.test(text) ? text : refusal('importMalformedReference', { ...column_, value: text.slice(0, 40) });
    case 'code': {
      const code = text.toUpperCase();
      return HUBY_CODE.test(code) ? code : refusal('importWriteFailed', { ...column_, reason: 'invalidFormat' });
    }
    case 'email':
      return EMAIL.test(text) ? text : refusal('importEmailFormat', { ...column_, value: text.slice(0, 60) });
    case 'phone':
      return PHONE.test(text) ? text : refusal('importWriteFailed', { ...column_, reason: 'invalidFormat' });
    case 'flag':
      return text === '0' || text === '1' ? text === '1' : refusal('importWriteFailed', { ...column_, reason: 'flag' });
    case 'choice': {
      const choice = text.toUpperCase();
      return column.choices?.includes(choice)
        ? choice
        : refusal('importWriteFailed', { ...column_, reason: 'choice', choices: column.choices?.join(' | ') ?? '' });
    }
    case 'day':
      return dayOf(text) ?? refusal('importWriteFailed', { ...column_, reason: 'invalidDate' });
    case 'number':
    case 'integer': {
      const n = numberOf(text);
      const ok = Number.isFinite(n) && n > 0 && n <= (column.max ?? Infinity) && (column.kind === 'number' || Number.isInteger(n));
      return ok ? n : refusal('importWriteFailed', { ...column_, reason: column.kind === 'integer' ? 'integer' : 'numeric' });
    }
  }
}

export const isRefusal = (v: unknown): v is Refusal => typeof v === 'object' && v !== null && 'key' in v && 'params' in v;

/** Every cell of a line read by its columns: the values by column name, or the first refusal (in column order). */
export function lineValues(columns: readonly ImportColumn[], cells: readonly string[]): Record<string, CellValue> | Refusal {
  const values: Record<string, CellValue> = {};
  for (let i = 0; i < columns.length; i++) {
    const value = cellValue(columns[i], cells[i] ?? '');
    if (isRefusal(value)) return value;
    values[columns[i].name] = value;
  }
  return values;
}
