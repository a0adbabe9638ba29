/**
 * The local printer agent on the user's machine (Zebra Browser Print protocol, spec §7, §9): port 9100
 * over http, 9101 over https (a page served over https may not call http). GET available / default /
 * config, POST write and read with a JSON body sent as text/plain, so that the browser needs no CORS
 * preflight (the agent answers simple requests only).
 */

/** Spec §3 Printer. */
export interface PrinterDevice {
  name: string;
  uid: string;
  connection: string;
  deviceType: string;
  provider: string;
  manufacturer: string;
  version?: number;
}

/** A support setting (localStorage) that points the portal at another agent address (a test agent). */
export const AGENT_URL_KEY = 'portal.printerAgentUrl';
const CALL_TIMEOUT_MS = 5_000;

export function agentUrl(): string {
  const override = typeof localStorage !== 'undefined' ? localStorage.getItem(AGENT_URL_KEY) : null;
  if (override) return override.replace(/\/+$/, '');
  return typeof location !== 'undefined' && location.protocol === 'https:' ? 'https://localhost:9101' : 'http://localhost:9100';
}

export class AgentError extends Error {
  constructor(
    readonly call: string,
    message: string,
  ) {
    super(`${call}: ${message}`);
    this.name = 'AgentError';
  }
}

async function call(path: string, init: RequestInit = {}): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`${agentUrl()}${path}`, { ...init, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  } catch (error) {
    throw new AgentError(path, error instanceof Error ? error.message : String(error));
  }
  const text = await response.text();
  if (!response.ok) throw new AgentError(path, `${response.status} ${text.slice(0, 200)}`);
  return text;
}

const post = (path: string, body: object) =>
  call(path, { method: 'POST', headers: { 'Content-Type': 'text/plain;charset=UTF-8' }, body: JSON.stringify(body) });

const isDevice = (d: unknown): d is PrinterDevice =>
  !!d && typeof d === 'object' && typeof (d as PrinterDevice).uid === 'string' && typeof (d as PrinterDevice).name === 'string';

export const printerAgent = {
  /** The printers the agent sees (GET /available: `{ printer: [...] }`). */
  async available(): Promise<PrinterDevice[]> {
    const answer = JSON.parse((await call('/available')) || '{}') as { printer?: unknown[] };
    return (answer.printer ?? []).filter(isDevice).filter((d) => !d.deviceType || d.deviceType === 'printer');
  },
  /** The agent's own default printer, or null (an empty answer). */
  async default(): Promise<PrinterDevice | null> {
    const text = await call('/default?type=printer');
    const device = text ? (JSON.parse(text) as unknown) : null;
    return isDevice(device) ? device : null;
  },
  async config(): Promise<Record<string, unknown>> {
    return JSON.parse((await call('/config')) || '{}') as Record<string, unknown>;
  },
  /** Sends raw data (ZPL) to a printer. */
  async write(device: PrinterDevice, data: string): Promise<void> {
    await post('/write', { device, data });
  },
  /** What the printer answered since the last read (to a ~HQES status query, for instance). */
  read: (device: PrinterDevice): Promise<string> => post('/read', { device }),
};

/**
 * The printer's state from its answer to ~HQES (host query, error status): "PRINTER STATUS" then
 * "ERRORS: <flag> <group 2> <group 1>" and "WARNINGS: …"; a flag of 1 is an error (paper out, head
 * open, ribbon out…).
 */
export function parseHostStatus(answer: string): { ready: boolean; errors: string | null } {
  const errors = /ERRORS:\s*(\d)\s+(\w+)\s+(\w+)/.exec(answer);
  if (!errors) return { ready: false, errors: null };
  return { ready: errors[1] === '0', errors: errors[1] === '0' ? null : `${errors[2]} ${errors[3]}` };
}

/** Spec §9: offline after 2 consecutive errors; status polled every 2 s. */
export const PRINTER_POLL_MS = 2_000;
export const OFFLINE_AFTER_ERRORS = 2;

/** Counts consecutive failures of the status poll: online until the second one in a row. */
export class PrinterHealth {
  private failures = 0;
  ok(): void {
    this.failures = 0;
  }
  failed(): void {
    this.failures++;
  }
  get offline(): boolean {
    return this.failures >= OFFLINE_AFTER_ERRORS;
  }
}

/**
 * The alternative to the agent (spec §7): the decoded ZPL POSTed to the printer address saved in the
 * user's settings (a network printer's raw port behind an http bridge). A printer answers no CORS,
 * so the answer cannot be read: only a network failure is seen.
 */
export async function postToPrinterAddress(printer: { url: string; port: number | null }, zpl: string): Promise<void> {
  const target = `${printer.url.replace(/\/+$/, '')}${printer.port ? `:${printer.port}` : ''}/`;
  try {
    await fetch(target, { method: 'POST', mode: 'no-cors', body: zpl, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  } catch (error) {
    throw new AgentError('printer address', error instanceof Error ? error.message : String(error));
  }
}
