import { parseArgs } from './generate';

describe('stock benchmark generator arguments', () => {
  it('takes the benchmark volumes by default', () => {
    expect(parseArgs(['--url=postgres://x@h/db_stock'])).toEqual({
      url: 'postgres://x@h/db_stock',
      lines: 100_000,
      movements: 5_000_000,
      depositors: 3,
      references: 2000,
      months: 12,
      chunk: 500_000,
      replace: false,
      keepIndexes: false,
    });
  });

  it('reads scaled-down volumes and flags', () => {
    const o = parseArgs(['--url=u', '--lines=1_000', '--movements=500000', '--depositors=5', '--replace', '--keep-indexes']);
    expect(o).toMatchObject({ lines: 1000, movements: 500_000, depositors: 5, replace: true, keepIndexes: true });
  });

  it('refuses a missing URL and bad numbers', () => {
    const env = process.env.STOCK_DATABASE_URL;
    delete process.env.STOCK_DATABASE_URL;
    expect(() => parseArgs([])).toThrow('--url');
    expect(() => parseArgs(['--url=u', '--movements=-1'])).toThrow('--movements');
    expect(() => parseArgs(['--url=u', '--depositors=0'])).toThrow('--depositors');
    if (env !== undefined) process.env.STOCK_DATABASE_URL = env;
  });
});
