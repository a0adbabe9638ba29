import { randomUUID } from 'node:crypto';

/**
 * Reading the gateway's OpenAPI document (GET /api/docs-json) to walk every path: the operations,
 * what their path parameters name, sample bodies, and where another party's data shows in an answer.
 * Used by tests that must cover new modules without being edited (isolation.test.ts).
 */

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
const METHODS: readonly Method[] = ['get', 'post', 'put', 'patch', 'delete'];

export interface JsonSchema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  example?: unknown;
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  allOf?: JsonSchema[];
}

export interface OpenApiDocument {
  paths: Record<string, Partial<Record<Method, RawOperation>>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

interface RawOperation {
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: Record<string, unknown>[];
}

export interface PathParam {
  name: string;
  /** What the parameter names: the path segment before it and itself, e.g. `orders/{id}`, `documents/{documentId}`. */
  key: string;
}

export interface Operation {
  method: Method;
  /** As documented, e.g. `/api/orders/{id}/documents/{documentId}/file`. */
  path: string;
  pathParams: PathParam[];
  queryParams: string[];
  body?: JsonSchema;
  /** A signed-in user's path (bearer token); machine clients' (X-Api-Key) and public ones are not. */
  bearer: boolean;
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const parameters = op.parameters ?? [];
      operations.push({
        method,
        path,
        pathParams: pathParamsOf(path),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        body: op.requestBody?.content?.['application/json']?.schema,
        bearer: (op.security ?? []).some((s) => 'bearer' in s),
      });
    }
  }
  return operations;
}

export function pathParamsOf(path: string): PathParam[] {
  const segments = path.split('/');
  return segments.flatMap((segment, i) => {
    const name = /^\{(\w+)\}$/.exec(segment)?.[1];
    return name ? [{ name, key: `${segments[i - 1]}/{${name}}` }] : [];
  });
}

/** The path with its parameters replaced (URL-encoded). */
export function fillPath(path: string, values: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (values[name] === undefined) throw new Error(`no value for {${name}} in ${path}`);
    return encodeSegment(String(values[name]));
  });
}

/** URL-encoded; a lone surrogate half (no UTF-8 form) is sent as the invalid bytes a hostile client would send. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    const wellFormed = value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
    return encodeURIComponent(wellFormed).replaceAll('%EF%BF%BD', '%ED%A0%80');
  }
}

export function resolve(doc: OpenApiDocument, schema: JsonSchema): JsonSchema {
  if (schema.$ref) return resolve(doc, doc.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')] ?? {});
  if (schema.allOf?.length === 1) return resolve(doc, schema.allOf[0]);
  return schema;
}

/** A plausible value of a schema: its example, default or first enum value, else one built from its type (required fields only). */
export function sampleOf(doc: OpenApiDocument, raw: JsonSchema): unknown {
  const schema = resolve(doc, raw);
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  switch (schema.type) {
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((name) => [name, sampleOf(doc, schema.properties?.[name] ?? {})]));
    case 'array':
      return [sampleOf(doc, schema.items ?? {})];
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'date-time') return new Date(Date.now() - 3_600_000).toISOString();
      if (schema.format === 'uuid') return randomUUID();
      return 'test';
    default:
      return {};
  }
}

/** The body fields (dotted paths, `[]` for array items) whose name says they hold ids or scope members. */
export function idFieldsOf(doc: OpenApiDocument, raw: JsonSchema | undefined, prefix = ''): string[] {
  if (!raw) return [];
  const schema = resolve(doc, raw);
  if (schema.type === 'array' && schema.items) return idFieldsOf(doc, schema.items, `${prefix}[]`);
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    const own = ID_FIELD.test(name) ? [path] : [];
    return [...own, ...idFieldsOf(doc, property, path)];
  });
}
const ID_FIELD = /^(ids?|uuids?|\w+Ids?|\w+_ids?|depositors?|activities|activity|stores?|platforms?)$/;

/** What must not show in an answer to an outsider: another depositor's ids and codes, references of objects it may not see. */
export interface Foreign {
  depositorIds: readonly number[];
  depositorCodes: readonly string[];
  /** Strings only the foreign objects hold (their references, names, titles). */
  markers: readonly string[];
  /** For a caller limited to some activities or stores: the only codes its rows may carry. */
  activityCodes?: readonly string[];
  storeCodes?: readonly string[];
}

const DEPOSITOR_FIELD = /^depositors?(_?ids?|_?codes?)?$/i;
const ACTIVITY_FIELD = /^activity(_?code)?$/i;
const STORE_FIELD = /^store(_?code)?$/i;

/** Where foreign data shows in an answer (JSON walked field by field, text searched): empty when nothing does. */
export function tracesOf(answer: unknown, foreign: Foreign, path = '$'): string[] {
  if (typeof answer === 'string') {
    return [
      ...foreign.markers.filter((m) => answer.includes(m)).map((m) => `${path} contains ${m}`),
      ...foreign.depositorCodes
        .filter((c) => new RegExp(`(^|[^\\w-])${escape(c)}($|[^\\w-])`).test(answer))
        .map((c) => `${path} names ${c}`),
    ];
  }
  if (Array.isArray(answer)) return answer.flatMap((v, i) => tracesOf(v, foreign, `${path}[${i}]`));
  if (answer === null || typeof answer !== 'object') return [];
  return Object.entries(answer as Record<string, unknown>).flatMap(([key, value]) => {
    const at = `${path}.${key}`;
    const values = Array.isArray(value) ? value : [value];
    const own: string[] = [];
    if (DEPOSITOR_FIELD.test(key)) {
      for (const v of values)
        if (foreign.depositorIds.includes(Number(v)) || foreign.depositorCodes.includes(String(v))) own.push(`${at} = ${v}`);
    }
    if (ACTIVITY_FIELD.test(key) && foreign.activityCodes) {
      for (const v of values)
        if (typeof v === 'string' && !foreign.activityCodes.includes(v)) own.push(`${at} = ${v} (activity outside the scope)`);
    }
    if (STORE_FIELD.test(key) && foreign.storeCodes) {
      for (const v of values)
        if (typeof v === 'string' && !foreign.storeCodes.includes(v)) own.push(`${at} = ${v} (store outside the scope)`);
    }
    return [...own, ...tracesOf(value, foreign, at)];
  });
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
