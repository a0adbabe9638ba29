import bwipjs from 'bwip-js';

/**
 * A linear barcode as module widths (bar, space, bar, … from the first bar), from bwip-js's encoder:
 * drawn as rectangles, it stays sharp at any printer resolution. GS1-128 is checked by the encoder
 * (a wrong SSCC check digit throws).
 */
export interface LinearBarcode {
  widths: number[];
  modules: number;
}

function encode(bcid: 'gs1-128' | 'code128', text: string): LinearBarcode {
  const [symbol] = bwipjs.raw(bcid, text, '') as { sbs: number[] }[];
  return { widths: symbol.sbs, modules: symbol.sbs.reduce((a, b) => a + b, 0) };
}

/** The SSCC of a package as GS1-128: application identifier (00), its 18 digits. */
export const ssccBarcode = (sscc: string) => encode('gs1-128', `(00)${sscc}`);

/** A carrier's tracking number in Code 128. */
export const code128 = (text: string) => encode('code128', text);

/** Code 128 and GS1-128 need ten modules of quiet zone on each side. */
export const QUIET_ZONE_MODULES = 10;
