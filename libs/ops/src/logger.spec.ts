import { logFormat, logLevels, PortalLogger } from './logger';
import { runWithEvent, runWithRequestId } from './request-context';

/** What the logger writes, one string per write. */
function capture(fn: () => void): string[] {
  const lines: string[] = [];
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  const errors = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    fn();
  } finally {
    spy.mockRestore();
    errors.mockRestore();
  }
  return lines;
}

describe('log format', () => {
  it('is JSON by default in production, text otherwise, and LOG_FORMAT decides when set', () => {
    expect(logFormat({ NODE_ENV: 'production' })).toBe('json');
    expect(logFormat({})).toBe('text');
    expect(logFormat({ NODE_ENV: 'development' })).toBe('text');
    expect(logFormat({ NODE_ENV: 'production', LOG_FORMAT: 'text' })).toBe('text');
    expect(logFormat({ LOG_FORMAT: 'JSON' })).toBe('json');
    expect(logFormat({ NODE_ENV: 'production', LOG_FORMAT: 'yaml' })).toBe('json');
  });

  it('writes one JSON object per line with level, context, service and the request id of the work', () => {
    const logger = new PortalLogger('tracking', 'json');
    const lines = capture(() => {
      logger.log('outside any request', 'Orders');
      runWithRequestId('req-42', () => logger.warn('inside a request\nwith a second line', 'Orders'));
      runWithRequestId('req-43', () => logger.error('failed', 'Error: stack here', 'Orders'));
    });
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line.endsWith('\n') && line.indexOf('\n') === line.length - 1).toBe(true);
    const [outside, inside, failed] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(outside).toMatchObject({ level: 'log', message: 'outside any request', context: 'Orders', service: 'tracking' });
    expect(outside).not.toHaveProperty('requestId');
    expect(inside).toMatchObject({ level: 'warn', message: 'inside a request\nwith a second line', requestId: 'req-42' });
    expect(failed).toMatchObject({ level: 'error', requestId: 'req-43', stack: 'Error: stack here' });
    expect(typeof outside.timestamp).toBe('number');
  });

  it('writes text for a person, with the request id after the context', () => {
    const logger = new PortalLogger('stock', 'text');
    const [line] = capture(() => runWithRequestId('req-7', () => logger.log('stock lines read', 'StockLines')));
    expect(line).toContain('stock lines read');
    expect(line).toContain('[StockLines]');
    expect(line).toContain('[req req-7]');
    expect(() => JSON.parse(line)).toThrow();
  });

  it('keeps each request id to its own work when requests interleave', async () => {
    const logger = new PortalLogger('auth', 'json');
    const written: string[] = [];
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    try {
      const work = (id: string, delay: number) =>
        runWithRequestId(id, async () => {
          await new Promise((r) => setTimeout(r, delay));
          logger.log(`done ${id}`);
        });
      await Promise.all([work('a', 20), work('b', 5), work('c', 10)]);
    } finally {
      spy.mockRestore();
    }
    // stdout is the worker's: a timer left by an earlier file of the same jest worker may write there too.
    const ours = written
      .filter((l) => l.startsWith('{') && l.includes('"done '))
      .map((l) => JSON.parse(l) as { message: string; requestId: string });
    expect(ours).toHaveLength(3);
    for (const entry of ours) expect(entry.message).toBe(`done ${entry.requestId}`);
  });
});

describe('a consumer handling an event', () => {
  it('writes the event id and the id of the request that caused the event on each line, JSON and text', () => {
    const json = capture(() =>
      runWithEvent({ id: 'evt-1', requestId: 'req-9' }, () => new PortalLogger('alerts', 'json').warn('projection failed', 'Projection')),
    );
    expect(JSON.parse(json[0]!)).toMatchObject({ service: 'alerts', requestId: 'req-9', eventId: 'evt-1', message: 'projection failed' });
    const text = capture(() => runWithEvent({ id: 'evt-2' }, () => new PortalLogger('alerts', 'text').log('handled', 'Projection')));
    expect(text.join('')).toContain('[req event-evt-2] ');
    expect(text.join('')).toContain('[event evt-2] ');
  });
});

describe('log level', () => {
  it('is log by default (no debug lines), and LOG_LEVEL chooses a level and the more severe ones', () => {
    expect(logLevels({})).toEqual(['fatal', 'error', 'warn', 'log']);
    expect(logLevels({ LOG_LEVEL: 'debug' })).toEqual(['fatal', 'error', 'warn', 'log', 'debug']);
    expect(logLevels({ LOG_LEVEL: 'WARN' })).toEqual(['fatal', 'error', 'warn']);
    expect(logLevels({ LOG_LEVEL: 'chatty' })).toEqual(['fatal', 'error', 'warn', 'log']);
    const lines = capture(() => {
      const quiet = new PortalLogger('stock', 'json', logLevels({}));
      quiet.debug('hidden', 'Stock');
      quiet.log('shown', 'Stock');
    });
    expect(lines.map((l) => (JSON.parse(l) as { message: string }).message)).toEqual(['shown']);
  });
});
