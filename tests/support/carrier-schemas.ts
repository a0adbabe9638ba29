import fs from 'node:fs';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import yaml from 'js-yaml';

/**
 * Validators of carriers' requests from their published OpenAPI documents (carrier-schemas/), with ajv:
 * a request a connector sends is checked against the schema the carrier publishes, not against our
 * reading of it. OpenAPI 3.0 schemas are JSON Schema with a few extra words (example, xml…), which
 * ajv is told to ignore (strict: false).
 */
type Parameter = { name: string; in: string; required?: boolean; schema?: object; $ref?: string };
type Document = {
  paths?: Record<string, Record<string, { parameters?: Parameter[] }>>;
  components: { schemas: Record<string, { required?: string[]; properties?: unknown }>; parameters?: Record<string, Parameter> };
};

/**
 * Where the schemas are, from the repository's root (the tests' working directory): this file is
 * loaded both by jest (CommonJS) and by the browser journeys (Node's ES modules), which share no
 * other way to name their own folder.
 */
const SCHEMAS = path.resolve(process.cwd(), 'tests/support/carrier-schemas');

const documents = new Map<string, Document>();
const validators = new Map<string, ValidateFunction>();
// JSON numbers are decimals: `multipleOf: 0.001` (DHL) is checked to 9 places, not in binary floating
// point, where 0.7 / 0.001 is not a whole number.
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true, multipleOfPrecision: 9 });
addFormats(ajv);

function load(file: string): Document {
  let doc = documents.get(file);
  if (!doc) {
    doc = yaml.load(fs.readFileSync(path.join(SCHEMAS, file), 'utf8')) as Document;
    const schemas = doc.components.schemas;
    // Erratum (README): TrackingNumbers is for Roadie labels only; a recovery by reference has none.
    if (file === 'ups/Pickup.yaml') {
      // Erratum (README): PickupDate is "yyyyMMdd" by its own description, its length says 4.
      const day = schemas.PickupCreationRequest_PickupDateInfo as {
        properties: { PickupDate: { minLength?: number; maxLength?: number } };
      };
      Object.assign(day.properties.PickupDate, { minLength: 8, maxLength: 8 });
    }
    if (file === 'ups/Rating.yaml') {
      // Erratum (README): its description lists two-digit service codes, its minLength says 3.
      const service = schemas.Shipment_Service as { properties: { Code: { minLength?: number } } };
      service.properties.Code.minLength = 2;
    }
    if (file === 'ups/Shipping.yaml') {
      const recovery = schemas.LabelRecoveryRequest;
      recovery.required = (recovery.required ?? []).filter((r) => r !== 'TrackingNumbers');
      // Erratum (README): its valid values are three letters (GIF, PDF, ZPL…), its minLength says 4.
      const format = schemas.LabelRecovery_LabelSpecification_LabelImageFormat as { properties: { Code: { minLength?: number } } };
      format.properties.Code.minLength = 3;
    }
    if (file === 'colissimo/colissimo-shipping-openapi.json') {
      // Erratum (README): a date-time whose own description's example is a day ("2022-06-25") is a date.
      for (const schema of Object.values(schemas))
        for (const p of Object.values((schema.properties ?? {}) as Record<string, { format?: string; description?: string }>))
          if (p.format === 'date-time' && /"\d{4}-\d{2}-\d{2}"/.test(p.description ?? '')) p.format = 'date';
    }
    ajv.addSchema(doc as object, file);
    documents.set(file, doc);
  }
  return doc;
}

/** The errors of `body` against the schema `name` of the carrier document `file`; empty when it validates. */
export function schemaErrors(file: string, name: string, body: unknown): string[] {
  const key = `${file}#/components/schemas/${name}`;
  let validate = validators.get(key);
  if (!validate) {
    load(file);
    validate = ajv.compile({ $ref: key });
    validators.set(key, validate);
  }
  if (validate(body)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
}

/**
 * The errors of a call's query and headers against the parameters the carrier's document gives its
 * operation (`method` `path`): a required one missing, a query parameter it does not know, a value
 * outside the parameter's schema (each value of a repeated parameter). Empty when they validate.
 */
export function parameterErrors(
  file: string,
  operationPath: string,
  method: string,
  query: URLSearchParams,
  headers: Record<string, string | string[] | undefined>,
): string[] {
  const doc = load(file);
  const item = doc.paths?.[operationPath];
  const operation = item?.[method.toLowerCase()];
  if (!operation) return [`${method} ${operationPath}: no such operation in ${file}`];
  // Parameters of the path itself come first, then the operation's.
  const shared = (item as { parameters?: Parameter[] }).parameters ?? [];
  const declared = [...shared, ...(operation.parameters ?? [])].map((p) =>
    p.$ref ? doc.components.parameters?.[p.$ref.split('/').pop() ?? ''] : p,
  );
  const errors: string[] = [];
  const known = new Set<string>();
  for (const p of declared) {
    if (!p) continue;
    if (p.in === 'query') known.add(p.name);
    const values =
      p.in === 'query'
        ? query.getAll(p.name)
        : p.in === 'header'
          ? [headers[p.name.toLowerCase()]].flat().filter((v) => v !== undefined)
          : [];
    if (p.required && (p.in === 'query' || p.in === 'header') && !values.length) errors.push(`${p.in} ${p.name} is required`);
    if (!p.schema || !values.length) continue;
    const schema = p.schema as { type?: string; items?: object };
    const validate = ajv.compile(schema.type === 'array' ? (schema.items ?? {}) : schema);
    for (const v of values) {
      // A query's values are text: read as the parameter's type when they are one.
      const typed =
        schema.type === 'boolean' && (v === 'true' || v === 'false')
          ? v === 'true'
          : (schema.type === 'number' || schema.type === 'integer') && v.trim() !== '' && Number.isFinite(Number(v))
            ? Number(v)
            : v;
      if (!validate(typed)) errors.push(`${p.in} ${p.name}=${v}: ${validate.errors?.map((e) => e.message).join(', ')}`);
    }
  }
  for (const name of new Set(query.keys()))
    if (!known.has(name)) errors.push(`query ${name} is not a parameter of ${method} ${operationPath}`);
  return errors;
}
