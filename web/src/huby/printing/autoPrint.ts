import { HUBY_LABEL_LIMITS, type LabelAlertDto, type LabelFormat, type LabelResponseDto } from '@portal/contracts';
import { alertParams } from '../../core/api';
import { parseHostStatus, type PrinterDevice } from './agent';

/** The auto-print tick's pace (spec §9 does not give it): every 10 s while the job runs. */
export const AUTO_PRINT_INTERVAL_MS = 10_000;
/** Spec §9: the labels must be ready within 15,000 ms. */
export const READY_TIMEOUT_MS = HUBY_LABEL_LIMITS.readyTimeoutMs;

type AlertType = 'success' | 'error' | 'warning' | 'info';

/** What the job works with: the server, the printer agent, the screen. */
export interface AutoPrintDeps {
  format(): LabelFormat;
  /** The user's saved default printer uid (spec §3 uid_zpl_printer). */
  printerUid(): string | null;
  fetchLabels(format: LabelFormat, signal: AbortSignal): Promise<LabelResponseDto>;
  printed(uuids: string[]): Promise<unknown>;
  setAutoPrint(on: boolean): Promise<unknown>;
  listPrinters(): Promise<PrinterDevice[]>;
  write(device: PrinterDevice, data: string): Promise<void>;
  read(device: PrinterDevice): Promise<string>;
  /** Opens the label popup with a PDF answer; `pdfOpen` says whether it is still open. */
  openPdf(answer: LabelResponseDto): void;
  pdfOpen(): boolean;
  alert(key: string, type: AlertType, args?: Record<string, unknown>): void;
  /** The list's "refresh ready to go" flag: cleared each tick, the list reloads. */
  refresh(): void;
  onChange(state: { running: boolean; printer: PrinterDevice | null }): void;
}

/** ZPL text from the answer's base64 (UTF-8, ^CI28). */
export function decodeBase64Text(b64: string): string {
  return new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));
}

const referencesOf = (answer: LabelResponseDto): string => Object.values(answer.etiquettes.refs).join(', ');

/**
 * The label auto-print job (spec §4): start begins the interval and sets the user's autoPrint on (not
 * twice); stop clears it and sets autoPrint off unless told to keep it; any error fetching labels,
 * sending to the printer, or finding the printers stops it with autoPrint off. Each tick clears the
 * refresh flag, then: PDF, fetches the labels and opens the popup unless it is open; ZPL, needs the
 * printer of the user's saved uid (loading the list first), sends the labels, reads the printer's
 * status back, says so and moves the shipments to "labels printed".
 */
export class AutoPrintJob {
  private timer: ReturnType<typeof setInterval> | null = null;
  private on = false;
  /** The live stream is up: labels are announced as they arrive, the job waits for them instead of polling. */
  private live = false;
  private printer: PrinterDevice | null = null;
  private busy = false;
  /** Labels were announced during a tick: one more tick follows it. */
  private again = false;
  private lastAlerts = '[]';

  constructor(
    private readonly deps: AutoPrintDeps,
    private readonly intervalMs = AUTO_PRINT_INTERVAL_MS,
  ) {}

  get running(): boolean {
    return this.on;
  }

  /** Whether the job polls now: running without the live stream. */
  get polling(): boolean {
    return this.timer !== null;
  }

  start(): boolean {
    if (this.on) return false;
    this.on = true;
    this.pace();
    void this.deps.setAutoPrint(true).catch(() => undefined);
    this.changed();
    void this.tick();
    return true;
  }

  stop(keepAutoPrint = false): void {
    if (!this.on) return;
    this.on = false;
    this.pace();
    this.printer = null;
    this.lastAlerts = '[]';
    if (!keepAutoPrint) void this.deps.setAutoPrint(false).catch(() => undefined);
    this.changed();
  }

  /**
   * The live stream came up (labels are announced: no polling) or was cut (polling again). Either
   * way one tick now: labels that arrived while nobody listened are printed.
   */
  setLive(up: boolean): void {
    if (up === this.live) return;
    this.live = up;
    this.pace();
    if (this.on) void this.tick();
  }

  /** Labels arrived (a live event): a tick now, or right after the one under way. */
  labelsArrived(): void {
    if (!this.on) return;
    if (this.busy) this.again = true;
    else void this.tick();
  }

  /** The interval runs while the job is on and no live stream announces the labels. */
  private pace(): void {
    const poll = this.on && !this.live;
    if (poll && !this.timer) this.timer = setInterval(() => void this.tick(), this.intervalMs);
    if (!poll && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  private errorStop(key: string, args: Record<string, unknown> = {}): void {
    this.deps.alert(key, 'error', args);
    this.stop(false);
  }

  private changed(): void {
    this.deps.onChange({ running: this.running, printer: this.printer });
  }

  /** One tick; a tick still working makes the next one wait (a slow printer never gets labels twice). */
  async tick(): Promise<void> {
    if (this.busy || !this.on) return;
    this.busy = true;
    try {
      do {
        this.again = false;
        this.deps.refresh();
        if (this.deps.format() === 'PDF') await this.pdfTick();
        else await this.zplTick();
      } while (this.again && this.on);
    } finally {
      this.busy = false;
    }
  }

  private async fetch(format: LabelFormat): Promise<LabelResponseDto | null> {
    try {
      const answer = await this.deps.fetchLabels(format, AbortSignal.timeout(READY_TIMEOUT_MS));
      // The same warning every tick (a shipment left for the other format) is said once, until it changes.
      const said = JSON.stringify(answer.errorsFront);
      if (said !== this.lastAlerts) for (const e of answer.errorsFront) this.showServerAlert(e);
      this.lastAlerts = said;
      return answer;
    } catch (error) {
      this.errorStop('dtUnexpectedError', { error: error instanceof Error ? error.message : String(error) });
      return null;
    }
  }

  /** Spec §8: errorsFront entries are shown with their key, colour error by default. */
  private showServerAlert(e: LabelAlertDto): void {
    this.deps.alert(`errors.${e.key}`, e.color ?? 'error', alertParams(e.parameters));
  }

  private async pdfTick(): Promise<void> {
    if (this.deps.pdfOpen()) return;
    const answer = await this.fetch('PDF');
    if (answer?.etiquettes.PDF?.details.length) this.deps.openPdf(answer);
  }

  private async zplTick(): Promise<void> {
    if (!this.printer) {
      let printers: PrinterDevice[];
      try {
        printers = await this.deps.listPrinters();
      } catch (error) {
        return this.errorStop('dtErrorZebraGetListPrinters', { error: error instanceof Error ? error.message : String(error) });
      }
      if (!printers.length) return this.errorStop('dtErrorDeviceListEmpty');
      const uid = this.deps.printerUid();
      this.printer = printers.find((p) => p.uid === uid) ?? null;
      if (!this.printer) return this.errorStop('dtErrorZebraGetDefaultPrinter', { uid: uid ?? '' });
      this.changed();
    }
    const printer = this.printer;
    const answer = await this.fetch('ZPL');
    const zpl = answer?.etiquettes.ZPL;
    if (!answer || !zpl?.details.length) return;
    if (!zpl.b64merged) {
      console.error('auto-print: the server answered an empty merged ZPL', answer.etiquettes.refs);
      return;
    }
    const references = referencesOf(answer);
    try {
      await this.deps.write(printer, decodeBase64Text(zpl.b64merged));
      // The printer's error status, read back: paper out or head open means these labels did not print.
      await this.deps.write(printer, '~HQES');
      const status = parseHostStatus(await this.deps.read(printer));
      if (status.errors) return this.errorStop('dtZplErrorRequestSent', { error: status.errors, references });
    } catch (error) {
      return this.errorStop('dtErrorSendRequest', { error: error instanceof Error ? error.message : String(error), references });
    }
    this.deps.alert('dtZplRequestSent', 'success', { references });
    try {
      await this.deps.printed(zpl.details.map((d) => d.uuid));
    } catch {
      this.deps.alert('errors.printedStatusUpdateFailed', 'error', { references });
    }
    this.deps.refresh();
  }
}
