import { HttpException, type ArgumentsHost } from '@nestjs/common';
import { AppError } from '@portal/contracts';
import { QueryFailedError, QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
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

  it('answers a database that is down or restarting as 503 serverUnavailable, bare or wrapped by TypeORM', () => {
    expect(toAppError(pgError('57P01')).key).toBe('serverUnavailable'); // terminated by an administrator / shutdown
    expect(toAppError(pgError('57P03')).key).toBe('serverUnavailable'); // starting up, recovering after a crash
    expect(toAppError(pgError('08006')).status).toBe(503); // connection failure
    expect(toAppError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })).key).toBe(
      'serverUnavailable',
    );
    expect(toAppError(new Error('Connection terminated unexpectedly')).key).toBe('serverUnavailable');
    expect(toAppError({ message: 'x', driverError: new Error('timeout exceeded when trying to connect') }).key).toBe('serverUnavailable');
  });

  it('answers a transaction whose connection died under it, or an ended pool, as 503, never 500 (issue 33)', () => {
    // What TypeORM and pg throw when the database process was killed in the middle of a transaction.
    expect(toAppError(new QueryRunnerAlreadyReleasedError()).key).toBe('serverUnavailable');
    // A statement through a transaction's manager once its runner was released (seen in tests/api/crash.test.ts).
    expect(toAppError(new QueryRunnerProviderAlreadyReleasedError()).key).toBe('serverUnavailable');
    expect(toAppError(new Error('Cannot use a pool after calling end on the pool')).status).toBe(503);
    expect(toAppError(new Error('Client was closed and is not queryable')).key).toBe('serverUnavailable');
    expect(toAppError(new QueryFailedError('COMMIT', [], new Error('Connection terminated unexpectedly'))).key).toBe('serverUnavailable');
  });

  it('still answers other failures as unexpected: a bug, a system error', () => {
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
