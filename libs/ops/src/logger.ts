import { ConsoleLogger, type LogLevel } from '@nestjs/common';
import { currentEventId, currentRequestId } from './request-context';

export type LogFormat = 'json' | 'text';

/** `LOG_FORMAT=json|text`; JSON by default in production (log collectors), text for a person otherwise. */
export function logFormat(env: NodeJS.ProcessEnv = process.env): LogFormat {
  const asked = String(env.LOG_FORMAT ?? '').toLowerCase();
  if (asked === 'json' || asked === 'text') return asked;
  return env.NODE_ENV === 'production' ? 'json' : 'text';
}

const LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

/** `LOG_LEVEL=fatal|error|warn|log|debug|verbose`: that level and the more severe ones; `log` by default. */
export function logLevels(env: NodeJS.ProcessEnv = process.env): LogLevel[] {
  const asked = String(env.LOG_LEVEL ?? '').toLowerCase() as LogLevel;
  const upTo = LEVELS.includes(asked) ? LEVELS.indexOf(asked) : LEVELS.indexOf('log');
  return LEVELS.slice(0, upTo + 1);
}

/**
 * Nest's console logger with the request id of the work in progress on every line: one JSON
 * object per line (`{"level","pid","timestamp","message","context","service","requestId","eventId"}`)
 * or the usual text with `[req <id>]` (and `[event <id>]` in a consumer) after the context.
 */
export class PortalLogger extends ConsoleLogger {
  constructor(
    private readonly service: string,
    format: LogFormat = logFormat(),
    levels: LogLevel[] = logLevels(),
  ) {
    super({ json: format === 'json', colors: format === 'json' ? false : undefined, logLevels: levels });
  }

  protected override getJsonLogObject(message: unknown, options: Parameters<ConsoleLogger['getJsonLogObject']>[1]) {
    const requestId = currentRequestId();
    const eventId = currentEventId();
    return {
      ...super.getJsonLogObject(message, options),
      service: this.service,
      ...(requestId ? { requestId } : {}),
      ...(eventId ? { eventId } : {}),
    };
  }

  protected override formatContext(context: string): string {
    const requestId = currentRequestId();
    const eventId = currentEventId();
    return (
      super.formatContext(context) +
      (requestId ? this.colorize(`[req ${requestId}] `, 'verbose') : '') +
      (eventId ? this.colorize(`[event ${eventId}] `, 'verbose') : '')
    );
  }
}
