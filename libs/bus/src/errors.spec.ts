import { HttpException } from '@nestjs/common';
import { AppError } from '@portal/contracts';
import { toAppError } from './errors';

describe('toAppError', () => {
  const pgError = (code: string) => Object.assign(new Error('refused'), { code, severity: 'ERROR' });

  it('keeps catalogue errors and maps HTTP exceptions to their key', () => {
    const own = new AppError('deliveryNotFound', 'x');
    expect(toAppError(own)).toBe(own);
    expect(toAppError(new HttpException('too big', 413)).key).toBe('sizeLimitExceeded');
  });

  it('answers a value PostgreSQL refuses as the client’s error, bare or wrapped by TypeORM', () => {
    expect(toAppError(pgError('22021')).key).toBe('validationFailed'); // NUL in text
    expect(toAppError(pgError('22008')).key).toBe('validationFailed'); // date out of range
    expect(toAppError(pgError('22003')).status).toBe(400); // numeric out of range
    expect(toAppError({ message: 'x', driverError: { code: '22P02' } }).key).toBe('validationFailed');
    expect(toAppError(pgError('54000')).key).toBe('sizeLimitExceeded'); // index row too large
  });

  it('still answers other failures as unexpected: a lost connection, a bug, a system error', () => {
    expect(toAppError(pgError('57P01')).key).toBe('unexpectedError');
    expect(toAppError(pgError('42P01')).key).toBe('unexpectedError');
    expect(toAppError(Object.assign(new Error('pipe'), { code: 'EPIPE' })).key).toBe('unexpectedError');
    expect(toAppError(new TypeError('x')).key).toBe('unexpectedError');
  });
});
