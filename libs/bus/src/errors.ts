import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { AppError, ERROR_STATUS, type ErrorKey, type FieldErrorKey } from '@portal/contracts';
import { throwError, type Observable } from 'rxjs';
import { SHED_RETRY_AFTER_SECONDS } from './admission';

const logger = new Logger('Errors');

const HTTP_STATUS_KEYS: Record<number, ErrorKey> = {
  400: 'validationFailed',
  401: 'tokenDismiss',
  403: 'permissionDenied',
  404: 'pageNotFound',
  413: 'sizeLimitExceeded',
  415: 'unexpectedFileContent',
  429: 'tooManyRequests',
  503: 'serverUnavailable',
};

/** Maps anything thrown to the catalogue; unknown errors are logged and answered as unexpected. */
export function toAppError(e: unknown): AppError {
  if (e instanceof AppError) return e;
  if (isPlainErrorBody(e)) return AppError.fromBody(e);
  if (e instanceof HttpException) {
    const key = HTTP_STATUS_KEYS[e.getStatus()];
    if (key) return new AppError(key, e.message, undefined, fieldsOf(e));
  }
  const refused = refusedByDatabase(e);
  if (refused) return refused;
  if (databaseUnreachable(e)) {
    logger.warn(`database unreachable: ${(e as Error).message}`);
    return new AppError('serverUnavailable', 'the database is not reachable');
  }
  logger.error(e instanceof Error ? (e.stack ?? e.message) : JSON.stringify(e));
  return new AppError('unexpectedError', 'unexpected error');
}

/**
 * The safety net under input validation: PostgreSQL refusing a value (SQLSTATE class 22, data
 * exception: out of range, bad date, NUL, bad text representation; 54000, a value too large to
 * index) means a check is missing upstream. Logged as such, answered as the client's error, not 500.
 */
function refusedByDatabase(e: unknown): AppError | undefined {
  const code = sqlState(e);
  if (!code || !(code.startsWith('22') || code === '54000')) return undefined;
  logger.warn(`input refused by the database (SQLSTATE ${code}), a check is missing: ${(e as Error).message}`);
  return code === '54000'
    ? new AppError('sizeLimitExceeded', 'a value is too large')
    : new AppError('validationFailed', 'a value the database cannot store');
}

/** Node's network errors: the database's socket refused, reset, broken or timed out. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/**
 * pg's own words when its connection went away or could not be had in time, or the pool was ended
 * (a stop or a lost database); TypeORM's when a transaction's runner, or the connection it lent
 * (QueryRunnerProviderAlreadyReleasedError), was released under a query because its connection died.
 */
const LOST_CONNECTION =
  /Connection terminated|connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect|terminating connection|Cannot use a pool after calling end|Query runner already released|provided by a query runner was already released/i;

/**
 * The database is down or restarting (killed, failing over, shutting down): the request cannot be
 * served now but may be later, so 503 serverUnavailable, not 500. SQLSTATE class 08 (connection
 * exception), 57P01-57P03 (shut down, crashed, not accepting connections yet), 53300 (too many
 * connections), a network error, or pg's lost-connection messages.
 */
export function databaseUnreachable(e: unknown): boolean {
  const code = sqlState(e);
  if (code && (code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code))) return true;
  for (let cause: unknown = e, depth = 0; cause && typeof cause === 'object' && depth < 4; depth++) {
    const own = (cause as { code?: unknown }).code;
    if (typeof own === 'string' && NETWORK_CODES.has(own)) return true;
    if (cause instanceof Error && LOST_CONNECTION.test(cause.message)) return true;
    cause = (cause as { driverError?: unknown; cause?: unknown }).driverError ?? (cause as { cause?: unknown }).cause;
  }
  return false;
}

/** The SQLSTATE of a pg error, bare or wrapped by TypeORM (QueryFailedError.driverError). */
function sqlState(e: unknown): string | undefined {
  if (typeof e !== 'object' || e === null) return undefined;
  const own = (e as { code?: unknown }).code;
  const driver = (e as { driverError?: { code?: unknown } }).driverError?.code;
  const code = typeof own === 'string' ? own : driver;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

function isPlainErrorBody(e: unknown): e is { key: ErrorKey; message: string } {
  return (
    typeof e === 'object' &&
    e !== null &&
    'key' in e &&
    typeof (e as { key: unknown }).key === 'string' &&
    (e as { key: string }).key in ERROR_STATUS
  );
}

function fieldsOf(e: HttpException): Record<string, FieldErrorKey> | undefined {
  const body = e.getResponse() as { fields?: Record<string, FieldErrorKey> };
  return typeof body === 'object' ? body.fields : undefined;
}

interface HttpReply {
  header(name: string, value: string): unknown;
  status(code: number): { send(body: unknown): void };
}

/** Seconds before trying again: the shedding side's own figure, else one second. */
function retryAfterOf(error: AppError): number {
  const seconds = Number(error.params?.retryAfter);
  return Number.isInteger(seconds) && seconds > 0 ? seconds : SHED_RETRY_AFTER_SECONDS;
}

/**
 * One filter for both sides: on the bus it turns an error into the envelope that crosses the wire,
 * over HTTP it writes the envelope with the key's status.
 */
@Catch()
export class PortalExceptionFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): Observable<never> | void {
    const error = toAppError(exception);
    if (host.getType() === 'rpc') return throwError(() => error.toBody().error);
    const reply = host.switchToHttp().getResponse<HttpReply>();
    // Unavailable (a shed request, a service that did not answer): say when to come back (RFC 9110).
    if (error.status === 503) reply.header('Retry-After', String(retryAfterOf(error)));
    reply.status(error.status).send(error.toBody());
  }
}
