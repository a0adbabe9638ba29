import type { LabelFormat } from '@portal/contracts';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import type { CarrierLabel } from '../carriers/carrier-adapter';

/** A 4×6 in label page (the stock UPS and DHL print on), in PDF points. */
const FOUR_BY_SIX: [number, number] = [4 * 72, 6 * 72];

/**
 * The formats a shipment's carrier labels can be printed in: ZPL labels in ZPL; PDF, GIF and PNG
 * labels in PDF (an image becomes a PDF page). A carrier's ZPL is not drawn again as PDF, nor the
 * other way round: the labels are the carrier's own.
 */
export function carrierLabelFormatsOf(formats: readonly string[]): LabelFormat[] {
  if (!formats.length) return [];
  return formats.every((f) => f === 'ZPL') ? ['ZPL'] : formats.includes('ZPL') ? [] : ['PDF'];
}

/** One piece of a print: the portal's own labels already drawn as PDF, or carrier labels. */
export type PdfPart = { pdf: Buffer } | { labels: CarrierLabel[] };

/**
 * One PDF of the parts in order: the portal's pages and the carrier's PDF pages copied as they are,
 * each GIF or PNG label on a 4×6 in page of its own (turned upright when the carrier gives it lying,
 * as UPS does), at its full resolution.
 */
export async function mergePdf(parts: PdfPart[], title: string): Promise<Buffer> {
  const out = await PDFDocument.create();
  out.setTitle(title);
  out.setCreator('Huby');
  const copy = async (bytes: Buffer) => {
    const source = await PDFDocument.load(bytes);
    for (const page of await out.copyPages(source, source.getPageIndices())) out.addPage(page);
  };
  for (const part of parts) {
    if ('pdf' in part) {
      await copy(part.pdf);
      continue;
    }
    for (const label of part.labels) {
      if (label.format === 'PDF') await copy(label.content);
      else if (label.format === 'GIF' || label.format === 'PNG') {
        const meta = await sharp(label.content).metadata();
        const lying = (meta.width ?? 0) > (meta.height ?? 0);
        const png = await sharp(label.content)
          .rotate(lying ? 90 : 0)
          .png()
          .toBuffer();
        const image = await out.embedPng(png);
        const page = out.addPage(FOUR_BY_SIX);
        const scale = Math.min(FOUR_BY_SIX[0] / image.width, FOUR_BY_SIX[1] / image.height);
        const [w, h] = [image.width * scale, image.height * scale];
        page.drawImage(image, { x: (FOUR_BY_SIX[0] - w) / 2, y: (FOUR_BY_SIX[1] - h) / 2, width: w, height: h });
      } else throw new Error(`a ${label.format} label cannot be put in a PDF`);
    }
  }
  return Buffer.from(await out.save());
}
