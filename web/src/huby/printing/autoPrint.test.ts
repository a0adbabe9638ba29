import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LabelFormat, LabelResponseDto } from '@portal/contracts';
import { AutoPrintJob, decodeBase64Text, type AutoPrintDeps } from './autoPrint';
import { parseHostStatus, PrinterHealth, type PrinterDevice } from './agent';

const zebra: PrinterDevice = {
  name: 'ZD421 Quai 2',
  uid: 'ZD421-Q2',
  connection: 'network',
  deviceType: 'printer',
  provider: 'com.zebra.ds.webdriver.desktop.provider.DefaultDeviceProvider',
  manufacturer: 'Zebra Technologies',
};
const b64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));
const zplAnswer = (uuids: string[]): LabelResponseDto => ({
  success: true,
  etiquettes: {
    ZPL: {
      b64merged: b64('^XA^CI28^FDÉtiquette^FS^XZ'),
      details: uuids.map((uuid) => ({ uuid, reference: `REF-${uuid}`, depositor_code: 'DEMO-A', format: 'ZPL', packages: [] })),
    },
    refs: Object.fromEntries(uuids.map((u) => [u, `REF-${u}`])),
  },
  errorsFront: [],
});

function deps(format: LabelFormat, patch: Partial<AutoPrintDeps> = {}) {
  const calls = {
    alerts: [] as [string, string, unknown][],
    autoPrint: [] as boolean[],
    written: [] as string[],
    printed: [] as string[][],
  };
  const d: AutoPrintDeps = {
    format: () => format,
    printerUid: () => 'ZD421-Q2',
    fetchLabels: async () => zplAnswer(['u1', 'u2']),
    printed: async (uuids) => calls.printed.push(uuids),
    setAutoPrint: async (on) => calls.autoPrint.push(on),
    listPrinters: async () => [zebra],
    write: async (_d, data) => void calls.written.push(data),
    read: async () => 'PRINTER STATUS\r\n ERRORS: 0 00000000 00000000\r\n WARNINGS: 0 00000000 00000000',
    openPdf: vi.fn(),
    pdfOpen: () => false,
    alert: (key, type, args) => void calls.alerts.push([key, type, args]),
    refresh: vi.fn(),
    onChange: vi.fn(),
    ...patch,
  };
  return { d, calls };
}

describe('the label auto-print job (spec §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts once, sends the ZPL to the default printer, reads its status back, says so and moves the shipments', async () => {
    const { d, calls } = deps('ZPL');
    const job = new AutoPrintJob(d, 1000);
    expect(job.start()).toBe(true);
    expect(job.start()).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.autoPrint).toEqual([true]);
    expect(calls.written).toEqual(['^XA^CI28^FDÉtiquette^FS^XZ', '~HQES']);
    expect(calls.alerts).toEqual([['dtZplRequestSent', 'success', { references: 'REF-u1, REF-u2' }]]);
    expect(calls.printed).toEqual([['u1', 'u2']]);
    job.stop(true);
    expect(calls.autoPrint).toEqual([true]);
  });

  it('stops with autoPrint off: no printer, no default printer, list failure, send failure, printer error, fetch failure', async () => {
    const cases: [Partial<AutoPrintDeps>, string][] = [
      [{ listPrinters: async () => [] }, 'dtErrorDeviceListEmpty'],
      [{ printerUid: () => 'OTHER' }, 'dtErrorZebraGetDefaultPrinter'],
      [{ listPrinters: async () => Promise.reject(new Error('agent down')) }, 'dtErrorZebraGetListPrinters'],
      [{ write: async () => Promise.reject(new Error('socket closed')) }, 'dtErrorSendRequest'],
      [{ read: async () => 'PRINTER STATUS\r\n ERRORS: 1 00000000 00000005' }, 'dtZplErrorRequestSent'],
      [{ fetchLabels: async () => Promise.reject(new Error('503')) }, 'dtUnexpectedError'],
    ];
    for (const [patch, key] of cases) {
      const { d, calls } = deps('ZPL', patch);
      const job = new AutoPrintJob(d, 1000);
      job.start();
      await vi.advanceTimersByTimeAsync(0);
      expect(
        calls.alerts.map((a) => a[0]),
        key,
      ).toEqual([key]);
      expect(calls.autoPrint).toEqual([true, false]);
      expect(job.running).toBe(false);
      expect(calls.printed).toEqual([]);
    }
  });

  it('PDF: opens the popup with the labels, not while it is open; server alerts shown with their colour', async () => {
    let open = false;
    const answer: LabelResponseDto = {
      success: true,
      etiquettes: {
        PDF: { b64merged: 'JVBERi0=', details: [{ uuid: 'u1', reference: 'R1', depositor_code: 'DEMO-A', format: 'PDF', packages: [] }] },
        refs: { u1: 'R1' },
      },
      errorsFront: [{ key: 'labelFormatIgnored', color: 'warning', parameters: { format: 'PDF', references: ['A', 'B'] } }],
    };
    const fetchLabels = vi.fn(async () => answer);
    let reopen = true;
    const openPdf = vi.fn(() => (open = reopen));
    const { d, calls } = deps('PDF', { fetchLabels, openPdf, pdfOpen: () => open });
    const job = new AutoPrintJob(d, 1000);
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(openPdf).toHaveBeenCalledWith(answer);
    expect(calls.alerts).toEqual([['errors.labelFormatIgnored', 'warning', { format: 'PDF', references: 'A, B' }]]);
    await vi.advanceTimersByTimeAsync(3000);
    expect(fetchLabels).toHaveBeenCalledTimes(1);
    // The popup closed: the next ticks fetch again, the same warning is not said twice.
    open = reopen = false;
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetchLabels).toHaveBeenCalledTimes(3);
    expect(calls.alerts).toHaveLength(1);
    job.stop();
    expect(calls.autoPrint).toEqual([true, false]);
  });

  it('decodes UTF-8 ZPL, reads printer status, and counts a printer offline after two errors in a row', () => {
    expect(decodeBase64Text(b64('Fürth – Œ'))).toBe('Fürth – Œ');
    expect(parseHostStatus(' ERRORS: 0 00000000 00000000')).toEqual({ ready: true, errors: null });
    expect(parseHostStatus(' ERRORS: 1 00000000 00000001').ready).toBe(false);
    const health = new PrinterHealth();
    health.failed();
    expect(health.offline).toBe(false);
    health.ok();
    health.failed();
    health.failed();
    expect(health.offline).toBe(true);
  });

  it('stops polling while the live stream announces labels, and polls again when it is cut', async () => {
    const fetchLabels = vi.fn(async () => zplAnswer([]));
    const { d } = deps('ZPL', { fetchLabels });
    const job = new AutoPrintJob(d, 1000);
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(job.polling).toBe(true);
    job.setLive(true);
    await vi.advanceTimersByTimeAsync(0);
    const afterUp = fetchLabels.mock.calls.length;
    // Up: no tick however long it waits; one per announced arrival.
    await vi.advanceTimersByTimeAsync(5000);
    expect(job.polling).toBe(false);
    expect(job.running).toBe(true);
    expect(fetchLabels.mock.calls.length).toBe(afterUp);
    job.labelsArrived();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchLabels.mock.calls.length).toBe(afterUp + 1);
    // Cut: a tick at once for what came meanwhile, then the interval again.
    job.setLive(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchLabels.mock.calls.length).toBe(afterUp + 2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetchLabels.mock.calls.length).toBe(afterUp + 4);
    job.stop();
    job.labelsArrived();
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetchLabels.mock.calls.length).toBe(afterUp + 4);
  });
});
