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
  const fields: Record<string, FieldErrorKey> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.length ? issue.path.map(String).join('.') : 'body';
    fields[path] ??= (Object.values(FIELD_ERRORS) as string[]).includes(issue.message) ? (issue.message as FieldErrorKey) : 'invalidFormat';
  }
  throw new AppError('validationFailed', 'invalid input', undefined, fields);
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Body fields: trimmed text without control characters (line breaks allowed in `multiline`), '' and null as absent. */
export const bodyField = {
  text: (max: number, options: { multiline?: boolean } = {}) =>
    z.preprocess(
      (v) => (v === null || v === '' ? undefined : typeof v === 'number' ? String(v) : v),
      z
        .string({ error: FIELD_ERRORS.invalidFormat })
        .transform((v) => v.trim())
        .refine((v) => !CONTROL.test(v) && (options.multiline || !/[\r\n]/.test(v)), { error: FIELD_ERRORS.invalidFormat })
        .refine((v) => v.length <= max, { error: FIELD_ERRORS.maxLength })
        .optional(),
    ),
  code: (max: number, pattern: RegExp) =>
    z.preprocess(
      (v) => (v === null || v === '' ? undefined : typeof v === 'string' ? v.trim().toUpperCase() : v),
      z
        .string({ error: FIELD_ERRORS.invalidFormat })
        .max(max, { error: FIELD_ERRORS.maxLength })
        .regex(pattern, { error: FIELD_ERRORS.invalidFormat })
        .optional(),
    ),
  number: (min: number, max: number) =>
    z.preprocess(
      (v) => (v === null || v === '' ? undefined : typeof v === 'string' && v.trim() !== '' ? Number(v.replace(',', '.')) : v),
      z
        .number({ error: FIELD_ERRORS.numeric })
        .finite({ error: FIELD_ERRORS.numeric })
        .min(min, { error: FIELD_ERRORS.min })
        .max(max, { error: FIELD_ERRORS.max })
        .optional(),
    ),
  integer: (min: number, max: number) =>
    z.preprocess(
      (v) => (v === null || v === '' ? undefined : typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : v),
      z
        .number({ error: FIELD_ERRORS.integer })
        .int({ error: FIELD_ERRORS.integer })
        .min(min, { error: FIELD_ERRORS.min })
        .max(max, { error: FIELD_ERRORS.max })
        .optional(),
    ),
  flag: () =>
    z.preprocess(
      (v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' || v === null ? false : v),
      z.boolean({ error: FIELD_ERRORS.invalidFormat }).optional(),
    ),
  oneOf: <T extends readonly [string, ...string[]]>(values: T) =>
    z.preprocess((v) => (v === null || v === '' ? undefined : v), z.enum(values, { error: FIELD_ERRORS.invalidFormat }).optional()),
  email: (max = 255) =>
    z.preprocess(
      (v) => (v === null || v === '' ? undefined : typeof v === 'string' ? v.trim() : v),
      z.email({ error: FIELD_ERRORS.invalidEmail }).max(max, { error: FIELD_ERRORS.maxLength }).optional(),
    ),
  /** A calendar day YYYY-MM-DD between 1900 and 2999. */
  day: () =>
    z.preprocess(
      (v) => (v === null || v === '' ? undefined : v),
      z
        .string({ error: FIELD_ERRORS.invalidFormat })
        .refine((v) => isValidDay(v), { error: FIELD_ERRORS.invalidFormat })
        .optional(),
    ),
  uuid: () => z.preprocess((v) => (v === null || v === '' ? undefined : v), z.uuid({ error: FIELD_ERRORS.invalidFormat }).optional()),
};
