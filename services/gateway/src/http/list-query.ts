import { ApiPropertyOptional } from '@nestjs/swagger';
import { BusClient } from '@portal/bus';
import {
  AdminSubjects,
  AppError,
  parseListRequest,
  type CallerContext,
  type ListDeclaration,
  type ListPage,
  type ListRequest,
} from '@portal/contracts';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { FastifyReply } from 'fastify';

/**
 * The list kit's HTTP half: a react-admin list query (ra-data-simple-rest's JSON-encoded filter,
 * range and sort, plus the keyset `cursor`) checked against the resource's declaration before
 * the bus, and the one writer of the list headers. Each list's query class extends ListQuery and
 * documents its own filter keys.
 */
export class ListQuery {
  @ApiPropertyOptional({ description: 'JSON object: the filter (keys per list)', example: '{}' })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  filter?: string;

  @ApiPropertyOptional({ description: 'JSON [first, last] row indexes, inclusive', example: '[0,24]' })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  range?: string;

  @ApiPropertyOptional({ description: 'JSON [field, "ASC"|"DESC"]; "id" is accepted on every list', example: '["id","ASC"]' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  sort?: string;

  @ApiPropertyOptional({ description: 'The X-Next-Cursor of the previous page: the next page starts after it' })
  @IsOptional()
  @IsString()
  @MaxLength(1024)
  cursor?: string;
}

/** The JSON parameters of a list query, decoded; malformed JSON is refused with validationFailed on its field. */
export function decodeListQuery(query: ListQuery): ListRequest {
  const parse = (name: 'filter' | 'range' | 'sort') => {
    const raw = query[name];
    if (raw === undefined || raw === '') return undefined;
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      throw new AppError('validationFailed', `${name} is not JSON`, undefined, { [name]: 'invalidFormat' });
    }
  };
  const request = { filter: parse('filter'), range: parse('range'), sort: parse('sort') } as ListRequest;
  if (query.cursor) request.cursor = query.cursor;
  return request;
}

/**
 * The list request as it goes on the bus, checked first against the declaration the service and
 * the web read too: a bad filter, range, sort or cursor answers 400 here without a bus trip (the
 * service checks again: the bus trusts no caller). Depositor and platform codes are read as
 * their ids first (resolveCodes).
 */
export async function listRequest(bus: BusClient, ctx: CallerContext, list: ListDeclaration, query: ListQuery): Promise<ListRequest> {
  const request = await resolveCodes(bus, ctx, decodeListQuery(query));
  parseListRequest(list, request);
  return request;
}

/**
 * The filter keys that name a depositor or a platform, with where their codes are read: users know
 * DEMO-A and MLV1, the services filter on ids. The caller's own depositors only, so that a code of
 * someone else's depositor is as unknown as one that does not exist.
 */
const CODE_FILTERS = { depositor: AdminSubjects.depositors, platform: AdminSubjects.platforms } as const;

const isCode = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '' && !/^\s*\d+\s*$/.test(value);

/**
 * The filter with the codes of `depositor` and `platform` (one or a list, any case) replaced by
 * their ids; ids pass as they are. A code naming nothing the caller may see: 400 validationFailed
 * with `unknownCode` on the field.
 */
export async function resolveCodes(bus: BusClient, ctx: CallerContext, request: ListRequest): Promise<ListRequest> {
  const filter = request.filter;
  if (!filter || typeof filter !== 'object' || Array.isArray(filter)) return request;
  const resolved: Record<string, unknown> = { ...(filter as Record<string, unknown>) };
  for (const [key, subject] of Object.entries(CODE_FILTERS)) {
    const value = resolved[key];
    const values: unknown[] = Array.isArray(value) ? value : [value];
    if (!values.some(isCode)) continue;
    const known = await bus.request<{ id: number; code: string }[]>(subject, ctx, {});
    const ids = new Map(known.map((k) => [k.code.toUpperCase(), k.id]));
    const read = values.map((v) => (isCode(v) ? ids.get(v.trim().toUpperCase()) : v));
    if (read.includes(undefined)) throw new AppError('validationFailed', `unknown ${key} code`, undefined, { [key]: 'unknownCode' });
    resolved[key] = Array.isArray(value) ? read : read[0];
  }
  return { ...request, filter: resolved };
}

/**
 * The one writer of the list headers (ra-data-simple-rest plus the kit's extensions):
 * `Content-Range: <resource> <first>-<last>/<total or *>`, `X-Has-More` when the total is not
 * counted, `X-Next-Cursor` for keyset pages.
 */
export function sendListPage<T>(resource: string, res: FastifyReply, page: ListPage<T>, first = 0): T[] {
  const last = page.rows.length ? first + page.rows.length - 1 : first;
  res.header('Content-Range', `${resource} ${first}-${last}/${page.total ?? '*'}`);
  res.header('X-Has-More', String(page.more));
  if (page.nextCursor) res.header('X-Next-Cursor', page.nextCursor);
  res.header('Access-Control-Expose-Headers', 'Content-Range, X-Has-More, X-Next-Cursor');
  return page.rows;
}

/** Where a list page starts, as its request asked. */
export function firstRow(request: ListRequest): number {
  return Array.isArray(request.range) && Number.isSafeInteger(request.range[0]) ? request.range[0] : 0;
}
