import type http from 'node:http';
import bwipjs from 'bwip-js';

/**
 * What the carriers' fakes share: an answer written at once or held (a timeout: the work is done, the
 * answer comes after `holdMs`, too late for a client with a shorter budget), and a Code 128's bars to
 * draw on a label (real barcodes, read back by zbarimg).
 */
export function writeOrHold(
  res: http.ServerResponse,
  status: number,
  headers: http.OutgoingHttpHeaders,
  body: Buffer,
  holdMs: number,
  held: Set<NodeJS.Timeout>,
): void {
  const write = () => {
    if (res.destroyed) return;
    res.writeHead(status, { ...headers, 'Content-Length': String(body.length) });
    res.end(body);
  };
  if (holdMs <= 0) return write();
  const timer = setTimeout(() => {
    held.delete(timer);
    write();
  }, holdMs);
  held.add(timer);
}

/** A Code 128's bar and space widths (in modules, bars first) and its width in modules. */
export function code128Bars(text: string): { widths: number[]; modules: number } {
  const [symbol] = bwipjs.raw('code128', text, '') as { sbs: number[] }[];
  return { widths: symbol.sbs, modules: symbol.sbs.reduce((a, b) => a + b, 0) };
}
