import { ConsoleLogger, type LogLevel } from '@nestjs/common';
import { currentRequestId } from './request-context';

export type LogFormat = 'json' | 'text';

/** `LOG_FORMAT=json|text`; JSON by default in production (log collectors), text for a person otherwise. */
export function logFormat(env: NodeJS.ProcessEnv = process.env): LogFormat {
  const asked = String(env.LOG_FORMAT ?? '').toLowerCase();
  if (asked === 'json' || asked === 'text') return asked;
  return env.NODE_ENV === 'production' ? 'json' : 'text';
}

/**
 * Nest's console logger with the request id of the work in progress on every line: one JSON
 * object per line (`{"level","pid","timestamp","message","context","service","requestId"}`) or
 * the usual text with `[req <id>]` after the context.
 */
export class PortalLogger extends ConsoleLogger {
  constructor(
    private readonly service: string,
    format: LogFormat = logFormat(),
    logLevels?: LogLevel[],
  ) {
    super({ json: format === 'json', colors: format === 'json' ? false : undefined, ...(logLevels ? { logLevels } : {}) });
  }

  protected override getJsonLogObject(message: unknown, options: Parameters<ConsoleLogger['getJsonLogObject']>[1]) {
    const requestId = currentRequestId();
    return { ...super.getJsonLogObject(message, options), service: this.service, ...(requestId ? { requestId } : {}) };
  }

  protected override formatContext(context: string): string {
    const requestId = currentRequestId();
    return super.formatContext(context) + (requestId ? this.colorize(`[req ${requestId}] `, 'verbose') : '');
  }
}
