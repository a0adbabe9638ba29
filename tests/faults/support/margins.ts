import fs from 'node:fs';
import path from 'node:path';

/**
 * A fault scenario's timed limit as measured (the longest answer while a service was down, how long until
 * it worked again): written, one JSON line each, to the file FAULT_MARGINS names, from which `npm test`
 * prints how close every limit came in the run (infra/scripts/test.mjs). A limit met with a thin margin
 * on a loaded machine is the next flaky test: the run shows it before it fails.
 */
export function measured(label: string, ms: number, limitMs: number): void {
  const file = process.env.FAULT_MARGINS;
  if (!file || !Number.isFinite(ms)) return;
  const line = { file: path.basename(expect.getState().testPath ?? ''), label, ms: Math.round(ms), limitMs };
  fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
}

/** The longest of some answers' times (0 for none). */
export const longest = (answers: { ms: number }[]): number => answers.reduce((max, a) => Math.max(max, a.ms), 0);
