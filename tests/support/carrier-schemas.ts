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
type Document = { components: { schemas: Record<string, { required?: string[]; properties?: unknown }> } };

const documents = new Map<string, Document>();
const validators = new Map<string, ValidateFunction>();
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);

function load(file: string): Document {
  let doc = documents.get(file);
  if (!doc) {
    doc = yaml.load(fs.readFileSync(path.join(__dirname, 'carrier-schemas', file), 'utf8')) as Document;
    const schemas = doc.components.schemas;
    // Erratum (README): TrackingNumbers is for Roadie labels only; a recovery by reference has none.
    if (file === 'ups/Shipping.yaml') {
      const recovery = schemas.LabelRecoveryRequest;
      recovery.required = (recovery.required ?? []).filter((r) => r !== 'TrackingNumbers');
      // Erratum (README): its valid values are three letters (GIF, PDF, ZPL…), its minLength says 4.
      const format = schemas.LabelRecovery_LabelSpecification_LabelImageFormat as { properties: { Code: { minLength?: number } } };
      format.properties.Code.minLength = 3;
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
