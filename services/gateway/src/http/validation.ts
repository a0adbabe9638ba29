import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { AppError, type FieldErrorKey } from '@portal/contracts';

const CONSTRAINT_KEYS: Record<string, FieldErrorKey> = {
  isDefined: 'required',
  isNotEmpty: 'required',
  isEmail: 'invalidEmail',
  maxLength: 'maxLength',
  isInt: 'integer',
  isNumber: 'numeric',
  isNumberString: 'numeric',
  max: 'max',
  min: 'min',
};

/** Body validation with spec §5 messages per field: `error.fields = { email: 'invalidEmail' }`. */
export function portalValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    exceptionFactory: (errors: ValidationError[]) => {
      const fields: Record<string, FieldErrorKey> = {};
      for (const e of errors) {
        const names = Object.keys(e.constraints ?? {});
        const first = names.find((n) => n === 'isDefined' || n === 'isNotEmpty') ?? names[0];
        fields[e.property] = CONSTRAINT_KEYS[first] ?? 'invalidFormat';
      }
      return new AppError('validationFailed', 'invalid input', undefined, fields);
    },
  });
}
