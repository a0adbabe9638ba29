import { AppError } from '@portal/contracts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid from a request, or 400 validationFailed naming the field (a forged id never reaches SQL). */
export function uuidOf(value: unknown, field = 'uuid'): string {
  if (typeof value !== 'string' || !UUID.test(value))
    throw new AppError('validationFailed', `invalid ${field}`, undefined, { [field]: 'invalidFormat' });
  return value.toLowerCase();
}
