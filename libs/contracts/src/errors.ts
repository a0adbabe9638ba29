/**
 * The error catalogue: every key the API can answer, with its HTTP status. Keys are spec §8 names
 * where the spec gives them, camelCase names in the same spirit otherwise. Each key has a
 * translation in the five languages of the web app (checked by a test).
 */
import { ADMIN_USERS_ERROR_STATUS } from './admin-users-errors';
import { ADMIN_REFERENCE_ERROR_STATUS } from './admin-reference/errors';
import { ALERTS_ERROR_STATUS } from './alerts/errors';
import { CLAIMS_ERROR_STATUS } from './claims/errors';
import { FEVER_CERTIFICATE_ERROR_STATUS } from './fever/certificate';
import { FEVER_ERROR_STATUS } from './fever/errors';
import { HUBY_ERROR_STATUS } from './huby/errors';
import { IMPORT_ERROR_STATUS } from './imports/errors';
import { LOOP_ERROR_STATUS } from './huby/loop-errors';
import { TRANSPORT_ADMIN_ERROR_STATUS } from './huby/transport-admin-errors';
import { STOCK_ERROR_STATUS } from './stock/errors';
import { TRACKING_ERROR_STATUS } from './tracking/errors';
import { WEBHOOK_ERROR_STATUS } from './webhooks-errors';

export const ERROR_STATUS = {
  ...TRACKING_ERROR_STATUS,
  ...STOCK_ERROR_STATUS,
  ...HUBY_ERROR_STATUS,
  ...LOOP_ERROR_STATUS,
  ...TRANSPORT_ADMIN_ERROR_STATUS,
  ...ALERTS_ERROR_STATUS,
  ...CLAIMS_ERROR_STATUS,
  ...FEVER_ERROR_STATUS,
  ...ADMIN_USERS_ERROR_STATUS,
  ...FEVER_CERTIFICATE_ERROR_STATUS,
  ...ADMIN_REFERENCE_ERROR_STATUS,
  ...IMPORT_ERROR_STATUS,
  ...WEBHOOK_ERROR_STATUS,
  // Alerts and session (§8)
  loginFailed: 401,
  tokenDismiss: 401,
  invalidApiKey: 401,
  accountBlocked: 423,
  tooManyRequests: 429,
  resetLinkInvalid: 400,
  serverUnavailable: 503,
  // General messages (§8)
  objectNotFound: 404,
  missingParameter: 400,
  validationFailed: 400,
  sizeLimitExceeded: 413,
  forbiddenObject: 403,
  permissionDenied: 403,
  cannotReadFile: 400,
  unexpectedFileContent: 415,
  pageNotFound: 404,
  fileWriteFailed: 500,
  invalidDate: 400,
  unableToUpdate: 500,
  unableToCreate: 500,
  emailFailed: 502,
  // The template's text is what fails (an administrator's edit): a client error, never a 5xx.
  templateLoadingFailure: 422,
  unexpectedError: 500,
  // User settings (§7 value sets)
  invalidLanguage: 400,
  invalidTheme: 400,
  invalidExportFormat: 400,
  invalidTimezone: 400,
  invalidPhone: 400,
  invalidLabelFormat: 400,
  invalidPrinter: 400,
  invalidPrinterUri: 400,
  invalidPreference: 400,
  invalidFilter: 400,
  // User and password (§8)
  userNotFound: 404,
  userEmailEmpty: 400,
  updateFailed: 500,
  mailSendFailed: 502,
  noActiveResetTemplate: 500,
  wrongOldPassword: 400,
  wrongPasswordFormat: 400,
  wrongPasswordConfirmation: 400,
  loginAlreadyExists: 409,
  emailAlreadyExists: 409,
  depositorCodeAlreadyExists: 409,
  // Dashboard
  invalidTileSize: 400,
  invalidTileType: 400,
  lastDashboardProfile: 409,
} as const;

export type ErrorKey = keyof typeof ERROR_STATUS;
export const ERROR_KEYS = Object.keys(ERROR_STATUS) as ErrorKey[];

/** Success and information keys the API and the web app show as alerts (spec §8). */
export const MESSAGE_KEYS = ['loginGood', 'dataSaved', 'passwordUpdated', 'emailSent', 'mailSentIfKnown'] as const;
export type MessageKey = (typeof MESSAGE_KEYS)[number];

/** Spec §5 generic validation messages, used as values of `error.fields`. */
export const FIELD_ERRORS = {
  required: 'required',
  numeric: 'numeric',
  integer: 'integer',
  maxLength: 'maxLength',
  invalidEmail: 'invalidEmail',
  max: 'max',
  min: 'min',
  /** The upper limit of a pair (weight, volume) below its lower one. */
  belowMinimum: 'belowMinimum',
  invalidFormat: 'invalidFormat',
  /** A date of something that happened, later than now (beyond FEED_CLOCK_TOLERANCE_MS). */
  inFuture: 'inFuture',
  /** A code (depositor, platform…) that names nothing the caller may use. */
  unknownCode: 'unknownCode',
  /** A phone number: digits, an optional leading +, 6 to 15 of them. */
  phoneDigits: 'phoneDigits',
  /** A network printer's address: http(s)://host:port. */
  printerAddress: 'printerAddress',
  /** A claim line's reason the quantities contradict (fewer received than ordered, and "extra quantity"). */
  contradictsQuantities: 'contradictsQuantities',
  /** A claim on a delivery that has not left the warehouse. */
  notShipped: 'notShipped',
} as const;

/** A feed's clocks may run a little ahead of ours: dates of what happened may be this much later than now. */
export const FEED_CLOCK_TOLERANCE_MS = 5 * 60_000;
export type FieldErrorKey = (typeof FIELD_ERRORS)[keyof typeof FIELD_ERRORS];

export interface ErrorBody {
  error: {
    key: ErrorKey;
    message: string;
    params?: Record<string, unknown>;
    fields?: Record<string, FieldErrorKey>;
  };
}

/** The one error type services throw; it crosses the bus and becomes the HTTP envelope. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly key: ErrorKey,
    message?: string,
    readonly params?: Record<string, unknown>,
    readonly fields?: Record<string, FieldErrorKey>,
  ) {
    super(message ?? key);
    this.name = 'AppError';
    this.status = ERROR_STATUS[key];
  }

  toBody(): ErrorBody {
    const error: ErrorBody['error'] = { key: this.key, message: this.message };
    if (this.params && Object.keys(this.params).length > 0) error.params = this.params;
    if (this.fields && Object.keys(this.fields).length > 0) error.fields = this.fields;
    return { error };
  }

  /** Rebuilds an AppError from an envelope that crossed the bus. */
  static fromBody(body: ErrorBody['error']): AppError {
    const key = body.key in ERROR_STATUS ? body.key : 'unexpectedError';
    return new AppError(key, body.message, body.params, body.fields);
  }

  static isErrorBody(value: unknown): value is ErrorBody {
    return typeof value === 'object' && value !== null && 'error' in value && typeof (value as ErrorBody).error?.key === 'string';
  }
}

export const notFound = (what = 'object'): AppError => new AppError('objectNotFound', `${what} not found`);
