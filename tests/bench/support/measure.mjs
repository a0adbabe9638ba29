// What every benchmark needs: its --key=value options, percentiles, timed sequential calls.

/** `--key=value` → { key: 'value' }, a bare `--flag` → { flag: true }. */
export function cliArgs(argv = process.argv.slice(2)) {
  return Object.fromEntries(
    argv.map((a) => {
      const [key, value] = a.replace(/^--/, '').split('=');
      return [key, value ?? true];
    }),
  );
}

/** A numeric option (`--lines=100_000`; underscores allowed), or the fallback when absent or bare. */
export const numberArg = (argv, key, fallback) =>
  argv[key] === undefined || argv[key] === true ? fallback : Number(String(argv[key]).replace(/_/g, ''));

/** Runs a benchmark's main, always cleans up, and exits 1 on a failure (figures never fail it). */
export async function runBench(main, cleanup) {
  let exitCode = 0;
  try {
    await main();
  } catch (error) {
    console.error(`[bench] failed: ${error.stack ?? error}`);
    exitCode = 1;
  } finally {
    await cleanup();
  }
  process.exit(exitCode);
}

export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** p50/p95/max in ms of `samples` sequential calls, after `warmup` untimed ones. */
export async function timed(fn, samples, warmup = 10) {
  for (let i = 0; i < warmup; i++) await fn(i);
  const times = [];
  for (let i = 0; i < samples; i++) {
    const t = process.hrtime.bigint();
    await fn(i);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(...times) };
}

/**
 * The verdicts of a search case against the list targets: gateway p95, gateway p95 over bare SQL p50,
 * gateway p50 over bare HTTP p50 (issue 9). Returns the two ratios and the printed verdicts.
 */
export function searchVerdicts(gw, sqlP50, httpP50, targets) {
  const ratio = gw.p95 / sqlP50;
  const toHttp = gw.p50 / httpP50;
  const ok = [
    gw.p95 <= targets.p95Ms ? 'p95 ok' : 'p95 MISSED',
    ratio <= targets.ratioToSql ? 'sql ok' : 'sql MISSED',
    toHttp <= targets.ratioToBareHttp ? 'http ok' : 'http MISSED',
  ].join(', ');
  return { ratio, toHttp, ok };
}
