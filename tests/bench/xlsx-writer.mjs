// XLSX writers compared: the exports' own streaming writer (services/gateway/src/exports/xlsx.ts) against
// exceljs's streaming WorkbookWriter as the exports used it (bold header, frozen row, no shared strings),
// each in a process of its own writing a sheet into a Writable that drops the bytes: time and peak RSS.
//   npm run build:server && node tests/bench/xlsx-writer.mjs [--rows=200000] [--cols=12] [--runs=3]
import { execFileSync } from 'node:child_process';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { cliArgs, numberArg } from './support/measure.mjs';
import { requireFromRoot } from './support/platform.mjs';

const argv = cliArgs();
const ROWS = numberArg(argv, 'rows', 200_000);
const COLS = numberArg(argv, 'cols', 12);
const RUNS = numberArg(argv, 'runs', 3);
const PAGE = 1000;

/** Export-like cells: references, dates and labels as text, quantities and temperatures as numbers. */
const cells = (i) =>
  Array.from({ length: COLS }, (_, c) =>
    c % 3 === 0
      ? `CMD-${2026_000_000 + i}-${c}`
      : c % 3 === 1
        ? (i % 97) * 1.25 - c
        : `${String((i % 28) + 1).padStart(2, '0')}/11/2026 10:${String(i % 60).padStart(2, '0')}`,
  );

function exceljsWriter(headers, out) {
  const ExcelJS = requireFromRoot('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Bench', { views: [{ state: 'frozen', ySplit: 1 }] });
  const header = sheet.addRow(headers);
  header.font = { bold: true };
  header.commit();
  return {
    add: async (rows) => rows.forEach((row) => sheet.addRow(row).commit()),
    finish: async () => {
      sheet.commit();
      await workbook.commit();
    },
  };
}

async function writeOnce(writerName) {
  const { sheetWriter } = requireFromRoot('./dist/services/gateway/src/exports/sheet.js');
  let bytes = 0;
  const out = new Writable({
    write(chunk, _encoding, done) {
      bytes += chunk.length;
      done();
    },
  });
  const headers = Array.from({ length: COLS }, (_, c) => `Colonne ${c + 1}`);
  const writer = writerName === 'exceljs' ? exceljsWriter(headers, out) : sheetWriter('xlsx', 'Bench', headers, out);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  for (let at = 0; at < ROWS; at += PAGE) await writer.add(Array.from({ length: Math.min(PAGE, ROWS - at) }, (_, i) => cells(at + i)));
  await writer.finish();
  const cpu = process.cpuUsage(cpuBefore);
  // CPU of every thread (zlib's pool included): steadier than wall time on a shared machine.
  return { ms: performance.now() - started, cpuMs: (cpu.user + cpu.system) / 1000, bytes };
}

if (argv.writer) {
  const times = [];
  const cpus = [];
  let bytes = 0;
  for (let run = 0; run < RUNS; run++) ({ ms: times[run], cpuMs: cpus[run], bytes } = await writeOnce(argv.writer));
  // maxRSS is in kB.
  console.log(JSON.stringify({ times, cpus, bytes, peakRssMb: process.resourceUsage().maxRSS / 1024 }));
} else {
  console.log(`[bench] ${ROWS.toLocaleString('en')} rows × ${COLS} columns into a null Writable, ${RUNS} runs per writer`);
  for (const writer of ['exceljs', 'ours']) {
    const output = execFileSync(
      process.execPath,
      [fileURLToPath(import.meta.url), `--writer=${writer}`, `--rows=${ROWS}`, `--cols=${COLS}`, `--runs=${RUNS}`],
      {
        encoding: 'utf8',
      },
    );
    const { times, cpus, bytes, peakRssMb } = JSON.parse(output.trim().split('\n').pop());
    console.log(
      `[bench] ${writer.padEnd(7)}: best ${Math.min(...times).toFixed(0)} ms of ${times.map((t) => t.toFixed(0)).join(' / ')} ms, ` +
        `CPU ${Math.min(...cpus).toFixed(0)} ms, file ${(bytes / 1e6).toFixed(1)} MB, peak RSS ${peakRssMb.toFixed(0)} MB`,
    );
  }
}
