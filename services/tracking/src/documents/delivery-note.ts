import { DEFAULT_TIME_ZONE, formatDate, type OrderDetailDto } from '@portal/contracts';
import PDFDocument from 'pdfkit';

/** The note is the provider's document, printed once and kept: its times are read in the provider's zone. */
const fmt = (iso: string | null) => (iso ? formatDate(iso, DEFAULT_TIME_ZONE, true) : '—');

/**
 * A delivery note (bon de livraison) rendered from the order data. Generated on first download
 * rather than for every order at seed or feed time (100,000 PDFs at demo scale 1 would be wasted work).
 */
export function renderDeliveryNote(order: OrderDetailDto): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `Bon de livraison ${order.reference}` } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(18).text('BON DE LIVRAISON', { align: 'right' });
    doc.fontSize(10).text(`${order.depositorCode} — ${order.reference}`, { align: 'right' });
    doc.moveDown();
    doc.text(`Commande client : ${order.customerReference ?? '—'}    Bordereau : ${order.slipNumber ?? '—'}`);
    doc.text(`Transporteur : ${order.carrierName ?? '—'}    Tournée : ${order.tourCode ?? '—'}`);
    doc.text(`Expédiée le : ${fmt(order.dates.shippedAt)}    Livraison prévue : ${fmt(order.dates.promisedDeliveryAt)}`);
    doc.moveDown();
    const r = order.recipient;
    doc.fontSize(11).text('Destinataire', { underline: true }).fontSize(10);
    for (const line of [r.company, r.name, r.address1, r.address2, `${r.zip ?? ''} ${r.town ?? ''}`, r.country])
      if (line?.trim()) doc.text(line);
    doc.moveDown();
    doc.fontSize(11).text('Articles', { underline: true }).fontSize(9);
    for (const l of order.lines) {
      const extra = [l.lot ? `lot ${l.lot}` : '', l.serials.length ? `N° série ${l.serials.join(', ')}` : ''].filter(Boolean).join(' — ');
      doc.text(
        `${l.articleReference}  ${l.label ?? ''}   commandé ${l.quantityOrdered}   expédié ${l.quantitySent}${extra ? `   (${extra})` : ''}`,
      );
    }
    doc.moveDown();
    doc.fontSize(9).text(`Colis : ${order.parcels.map((p) => p.trackingNumber ?? p.number).join(', ') || order.parcelCount}`);
    doc.end();
  });
}
