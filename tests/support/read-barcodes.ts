import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Reads labels back with tools no one here wrote, as a carrier's scanner would: Debian's pdftoppm
 * rasterises a PDF, zbar's zbarimg decodes every barcode of an image. `.ci/run` installs both
 * (poppler-utils, zbar-tools); on a laptop without them the tests that need them say so and skip.
 */
export const hasTool = (tool: string): boolean => {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
export const canReadLabels = hasTool('zbarimg') && hasTool('pdftoppm');

export interface ReadBarcode {
  type: string;
  data: string;
  /** zbar saw the FNC1 of a GS1 symbol (GS1-128), not a plain Code 128. */
  gs1: boolean;
}

/** Every barcode zbarimg finds in a PNG. */
export function readBarcodes(png: string | Buffer): ReadBarcode[] {
  const file = typeof png === 'string' ? png : writeTemp(png, '.png');
  let xml = '';
  try {
    xml = execFileSync('zbarimg', ['-q', '--xml', file], { encoding: 'utf8' });
  } catch (e) {
    // Exit status 4: no barcode found.
    if ((e as { status?: number }).status !== 4) throw e;
  }
  return [...xml.matchAll(/<symbol type='([^']+)'([^>]*)>[\s\S]*?<data[^>]*><!\[CDATA\[([\s\S]*?)\]\]><\/data>/g)].map((m) => ({
    type: m[1],
    gs1: /modifiers='[^']*GS1/.test(m[2]),
    data: m[3],
  }));
}

/** The pages of a PDF as PNG files (pdftoppm at `dpi`), in order. */
export function pdfPages(pdf: Buffer, dpi = 200): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labels-'));
  const file = path.join(dir, 'labels.pdf');
  fs.writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-r', String(dpi), '-png', file, path.join(dir, 'page')]);
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.png'))
    .sort()
    .map((f) => path.join(dir, f));
}

/** ZPL II rendered to one PNG per label by zpl-renderer-js (zebrash, an independent ZPL renderer). */
export async function zplPages(zpl: string, widthMm = 100, heightMm = 150, dpmm = 8): Promise<Buffer[]> {
  const { ready } = require('zpl-renderer-js') as {
    ready: Promise<{ api: { zplToBase64MultipleAsync: (...a: unknown[]) => Promise<string[]> } }>;
  };
  const { api } = await ready;
  const pages = await api.zplToBase64MultipleAsync(zpl, widthMm, heightMm, dpmm);
  return pages.map((p) => Buffer.from(p, 'base64'));
}

function writeTemp(data: Buffer, ext: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'barcode-')), `image${ext}`);
  fs.writeFileSync(file, data);
  return file;
}
