import { HttpException, type ArgumentsHost } from '@nestjs/common';
import { AppError } from '@portal/contracts';
import { PortalExceptionFilter, toAppError } from './errors';

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

describe('PortalExceptionFilter over HTTP', () => {
  /** What the filter writes on a Fastify-like reply. */
  function answer(exception: unknown) {
    const sent: { status?: number; body?: unknown; headers: Record<string, string> } = { headers: {} };
    const reply = {
      header: (name: string, value: string) => (sent.headers[name] = value),
      status: (code: number) => ((sent.status = code), { send: (body: unknown) => (sent.body = body) }),
    };
    const host = { getType: () => 'http', switchToHttp: () => ({ getResponse: () => reply }) } as unknown as ArgumentsHost;
    new PortalExceptionFilter().catch(exception, host);
    return sent;
  }

  it('tells an unavailable answer when to come back: the shedding side’s figure, else one second', () => {
    expect(answer(new AppError('serverUnavailable', 'busy', { retryAfter: 3 }))).toEqual({
      status: 503,
      headers: { 'Retry-After': '3' },
      body: { error: { key: 'serverUnavailable', message: 'busy', params: { retryAfter: 3 } } },
    });
    expect(answer(new AppError('serverUnavailable', 'no answer')).headers).toEqual({ 'Retry-After': '1' });
    expect(answer(new AppError('objectNotFound', 'gone')).headers).toEqual({});
  });
});
