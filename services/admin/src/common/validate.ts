import { AppError, type FieldErrorKey } from '@portal/contracts';
import { plainToInstance, Transform, type ClassConstructor } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';

/** class-validator constraints mapped to the spec §5 field messages, most telling first. */
const FIELD_ERROR_OF_CONSTRAINT: [string, FieldErrorKey][] = [
  ['isDefined', 'required'],
  ['isNotEmpty', 'required'],
  ['arrayNotEmpty', 'required'],
  ['isEmail', 'invalidEmail'],
  ['isInt', 'integer'],
  ['isNumber', 'numeric'],
  ['maxLength', 'maxLength'],
  ['arrayMaxSize', 'max'],
  ['max', 'max'],
  ['min', 'min'],
];

/**
 * Turns the `data` of a bus message into a checked DTO instance, or throws `validationFailed` with
 * one spec §5 message per faulty field (`fields: { recipient: 'invalidEmail' }`).
 */
export function validateData<T extends object>(dto: ClassConstructor<T>, data: unknown): T {
  const plain = typeof data === 'object' && data !== null ? data : {};
  const instance = plainToInstance(dto, plain);
  const errors = validateSync(instance, { forbidUnknownValues: false });
  if (errors.length) throw new AppError('validationFailed', 'invalid data', undefined, fieldErrors(errors));
  return instance;
}

function fieldErrors(errors: ValidationError[]): Record<string, FieldErrorKey> {
  const fields: Record<string, FieldErrorKey> = {};
  for (const error of errors) {
    const failed = Object.keys(error.constraints ?? {});
    fields[error.property] = FIELD_ERROR_OF_CONSTRAINT.find(([c]) => failed.includes(c))?.[1] ?? 'invalidFormat';
  }
  return fields;
}

/** Ids are PostgreSQL integers: anything larger is no id of ours (and must not reach SQL). */
export const MAX_ID = 2_147_483_647;

/** Query-string flags arrive as `1`, `'1'`, `'true'` or `true`. */
export function isFlagSet(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

/** Surrounding blanks are no content: `'  '` is as missing as `''`. */
export const Trim = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));
