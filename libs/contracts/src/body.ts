import { z } from 'zod';
import { AppError, FIELD_ERRORS, type FieldErrorKey } from './errors';
import { isValidDay } from './lists/kit';

/**
 * Reads a request body (a create or update form) against its zod schema: a bad value answers 400
 * `validationFailed` with one spec §5 field key per field, nested fields named by their path
 * (`packings.0.length`). The service checks it again: the bus trusts nothing.
 */
export function parseBody<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const result = schema.safeParse(raw ?? {});
  if (result.success) return result.data;
  throw new AppError('validationFailed', 'invalid input', undefined, fieldErrorsOf(result.error));
}

/**
 * What a form's fields hold wrong against the schema the server reads them with (the web checks a form
 * before sending it with the same rules): one spec §5 key per field, none when all is well.
 */
export function bodyFieldErrors(schema: z.ZodType, raw: unknown): Record<string, FieldErrorKey> {
  const result = schema.safeParse(raw ?? {});
  return result.success ? {} : fieldErrorsOf(result.error);
}

function fieldErrorsOf(error: z.ZodError): Record<string, FieldErrorKey> {
  const fields: Record<string, FieldErrorKey> = {};
  for (const issue of error.issues) {
    const path = issue.path.length ? issue.path.map(String).join('.') : 'body';
    fields[path] ??= (Object.values(FIELD_ERRORS) as string[]).includes(issue.message) ? (issue.message as FieldErrorKey) : 'invalidFormat';
  }
  return fields;
}

/** The kind of a body field, as a form shows it (issue 36 item 7: the form kit reads the server's own rules). */
export type FieldKind = 'text' | 'multiline' | 'code' | 'number' | 'integer' | 'flag' | 'choice' | 'email' | 'day' | 'uuid';

/** A body field's rule as a form needs it: its kind, whether it must be given, its bounds and choices. */
export interface FieldRule {
  kind: FieldKind;
  required: boolean;
  /** Longest text (characters). */
  max?: number;
  /** Smallest and largest number. */
  min?: number;
  maxValue?: number;
  choices?: readonly string[];
}

const RULES = new WeakMap<z.ZodType, Omit<FieldRule, 'required'>>();
const ruled = <T extends z.ZodType>(schema: T, rule: Omit<FieldRule, 'required'>): T => (RULES.set(schema, rule), schema);
/** A field schema of its own (a login, a phone number, a time zone) with the rule a form shows it by. */
export const withFieldRule = ruled;

/**
 * The rules of an object schema's fields made with `bodyField` (a field wrapped in `nonoptional` is
 * required); fields of other kinds (nested objects, lists) are left out.
 */
export function formRules(schema: z.ZodObject): Record<string, FieldRule> {
  const rules: Record<string, FieldRule> = {};
  for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    // The rule of the field's builder, under what wraps it (nonoptional, nullable, default, a preprocess before it).
    let inner: z.ZodType | undefined = field;
    while (inner && !RULES.has(inner)) {
      const def: { innerType?: z.ZodType; out?: z.ZodType } = (inner as unknown as { def: { innerType?: z.ZodType; out?: z.ZodType } }).def;
      inner = def.innerType ?? def.out;
    }
    const rule = inner && RULES.get(inner);
    // Required: the schema refuses the field left out (a nonoptional field, or one with no optional step).
    if (rule) rules[name] = { ...rule, required: !field.safeParse(undefined).success };
  }
  return rules;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Body fields: trimmed text without control characters (line breaks allowed in `multiline`), '', blanks and null as absent. */
export const bodyField = {
  text: (max: number, options: { multiline?: boolean } = {}) =>
    ruled(
      z.preprocess(
        // Blank (spaces only) is absent as '' is: a required text of spaces is refused as missing.
        (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : typeof v === 'number' ? String(v) : v),
        z
          .string({ error: FIELD_ERRORS.invalidFormat })
          .transform((v) => v.trim())
          .refine((v) => !CONTROL.test(v) && (options.multiline || !/[\r\n]/.test(v)), { error: FIELD_ERRORS.invalidFormat })
          .refine((v) => v.length <= max, { error: FIELD_ERRORS.maxLength })
          .optional(),
      ),
      { kind: options.multiline ? 'multiline' : 'text', max },
    ),
  code: (max: number, pattern: RegExp) =>
    ruled(
      z.preprocess(
        (v) => (v === null || v === '' ? undefined : typeof v === 'string' ? v.trim().toUpperCase() : v),
        z
          .string({ error: FIELD_ERRORS.invalidFormat })
          .max(max, { error: FIELD_ERRORS.maxLength })
          .regex(pattern, { error: FIELD_ERRORS.invalidFormat })
          .optional(),
      ),
      { kind: 'code', max },
    ),
  number: (min: number, max: number) =>
    ruled(
      z.preprocess(
        (v) => (v === null || v === '' ? undefined : typeof v === 'string' && v.trim() !== '' ? Number(v.replace(',', '.')) : v),
        z
          .number({ error: FIELD_ERRORS.numeric })
          .finite({ error: FIELD_ERRORS.numeric })
          .min(min, { error: FIELD_ERRORS.min })
          .max(max, { error: FIELD_ERRORS.max })
          .optional(),
      ),
      { kind: 'number', min, maxValue: max },
    ),
  integer: (min: number, max: number) =>
    ruled(
      z.preprocess(
        (v) => (v === null || v === '' ? undefined : typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : v),
        z
          .number({ error: FIELD_ERRORS.integer })
          .int({ error: FIELD_ERRORS.integer })
          .min(min, { error: FIELD_ERRORS.min })
          .max(max, { error: FIELD_ERRORS.max })
          .optional(),
      ),
      { kind: 'integer', min, maxValue: max },
    ),
  flag: () =>
    ruled(
      z.preprocess(
        (v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' || v === null ? false : v),
        z.boolean({ error: FIELD_ERRORS.invalidFormat }).optional(),
      ),
      { kind: 'flag' },
    ),
  oneOf: <T extends readonly [string, ...string[]]>(values: T) =>
    ruled(
      z.preprocess((v) => (v === null || v === '' ? undefined : v), z.enum(values, { error: FIELD_ERRORS.invalidFormat }).optional()),
      { kind: 'choice', choices: values },
    ),
  email: (max = 255) =>
    ruled(
      z.preprocess(
        (v) => (v === null || v === '' ? undefined : typeof v === 'string' ? v.trim() : v),
        z.email({ error: FIELD_ERRORS.invalidEmail }).max(max, { error: FIELD_ERRORS.maxLength }).optional(),
      ),
      { kind: 'email', max },
    ),
  /** A calendar day YYYY-MM-DD between 1900 and 2999. */
  day: () =>
    ruled(
      z.preprocess(
        (v) => (v === null || v === '' ? undefined : v),
        z
          .string({ error: FIELD_ERRORS.invalidFormat })
          .refine((v) => isValidDay(v), { error: FIELD_ERRORS.invalidFormat })
          .optional(),
      ),
      { kind: 'day' },
    ),
  uuid: () =>
    ruled(
      z.preprocess((v) => (v === null || v === '' ? undefined : v), z.uuid({ error: FIELD_ERRORS.invalidFormat }).optional()),
      {
        kind: 'uuid',
      },
    ),
};
