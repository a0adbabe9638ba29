import type { DangerousGoodDto, FeedOrderMessage, ShipmentDto } from '@portal/contracts';
import PDFDocument from 'pdfkit';
import { packageLabels } from './label-data';
import { winAnsi } from './pdf-text';

/** ADR 1.1.3.6.4: points per unit of quantity by transport category (0: no exemption at all). */
const POINTS_PER_UNIT: Record<number, number> = { 1: 50, 2: 3, 3: 1, 4: 0 };
const EXEMPTION_POINTS = 1000;

/** ADR 5.4.1.1.1: UN number, proper shipping name (technical name), class (danger notice), packing group, tunnel code. */
export function adrLine(d: DangerousGoodDto): string {
  const name = d.technical_name ? `${d.adr_designation} (${d.technical_name})` : d.adr_designation;
  const cls = d.danger_notice ? `${d.class} (${d.danger_notice})` : d.class;
  return [
    `UN ${d.un_number} ${name}`,
    cls,
    d.packing_group ? `GE ${d.packing_group}` : null,
    d.tunnel_code !== '-' ? `(${d.tunnel_code})` : null,
  ]
    .filter(Boolean)
    .join(', ');
}

/** ADR 1.1.3.6: the load's points; above 1000, or any category 0, the transport is under full ADR (orange plates). */
export function adrPoints(goods: readonly DangerousGoodDto[]): { points: number; fullAdr: boolean } {
  let points = 0;
  let fullAdr = false;
  for (const d of goods) {
    if (d.transport_category === 0) fullAdr = true;
    else points += d.package_quantity * (POINTS_PER_UNIT[d.transport_category] ?? 0);
  }
  return { points, fullAdr: fullAdr || points > EXEMPTION_POINTS };
}

/**
 * The transport document of a shipment (document de transport): parties, carrier and voucher, the
 * packages with their tracking numbers, the ADR lines of its dangerous goods with the 1.1.3.6 points,
 * its limited quantities, and the signature boxes. French first, English under, as carriers read it.
 */
export function renderTransportDocument(s: ShipmentDto, carrierName: string | null): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `Document de transport ${s.reference}`, Creator: 'Dashtower' } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const t = (v: string | number | null | undefined) => winAnsi(v === null || v === undefined ? '—' : String(v));
    try {
      doc.font('Helvetica-Bold').fontSize(16).text('DOCUMENT DE TRANSPORT', { align: 'right' });
      doc.font('Helvetica').fontSize(9).text('Transport document', { align: 'right' });
      doc.moveDown(0.5);
      doc
        .font('Helvetica-Bold')
        .fontSize(10)
        .text(`${t(s.depositor_code)} — ${t(s.reference)}`, { align: 'right' });
      doc.font('Helvetica').fontSize(9);
      doc.text(`Transporteur / Carrier : ${t(carrierName ?? s.carrier_code)}    Tournée / Tour : ${t(s.tour_code)}`);
      doc.text(`Lettre de voiture / Voucher : ${t(s.voucher)}    Date d'expédition / Shipping date : ${t(s.date_shipment_desired)}`);
      doc.text(
        `Commande / Order : ${t(s.order_number ?? s.customer_order_number)}    Incoterm : ${t(s.incoterm)} ${t(s.incoterm_location ?? '')}`,
      );
      doc.moveDown();
      const top = doc.y;
      const party = (title: string, p: ShipmentDto['shipper'], x: number) => {
        doc.font('Helvetica-Bold').fontSize(9).text(title, x, top, { width: 250 });
        doc.font('Helvetica').fontSize(9);
        for (const line of [p.company_name, p.contact_name, p.address1, p.address2, `${p.zip} ${p.town}`, p.country, p.phone ?? p.mobile])
          if (line?.trim()) doc.text(t(line), x, undefined, { width: 250 });
      };
      party('Expéditeur / Shipper', s.shipper, 40);
      const afterShipper = doc.y;
      party('Destinataire / Consignee', s.recipient, 310);
      doc.x = 40;
      doc.y = Math.max(afterShipper, doc.y) + 14;

      doc.font('Helvetica-Bold').fontSize(10).text('Colis / Packages', 40);
      doc.font('Helvetica').fontSize(8);
      for (const l of packageLabels({ ...s, carrier_name: carrierName, sscc: [] }))
        doc.text(`${l.n}/${l.of}   ${t(l.packaging)}   ${l.weightKg} kg   ${t(l.trackingNumber)}`, 40);
      doc.font('Helvetica-Bold').fontSize(9).text(`Total : ${s.package_count} colis, ${s.total_weight_kg} kg`, 40);
      doc.moveDown();

      if (s.dangerous_goods.length) {
        doc.font('Helvetica-Bold').fontSize(10).text('Marchandises dangereuses (ADR) / Dangerous goods', 40);
        doc.font('Helvetica').fontSize(9);
        for (const d of s.dangerous_goods) {
          doc.text(
            `${t(adrLine(d))}${d.environment_danger ? ", DANGEREUX POUR L'ENVIRONNEMENT" : ''} — ${d.package_quantity} (cat. ${d.transport_category})`,
            40,
          );
        }
        const { points, fullAdr } = adrPoints(s.dangerous_goods);
        doc
          .font('Helvetica-Bold')
          .text(
            fullAdr
              ? `Points 1.1.3.6 : ${points} — transport soumis à l'ADR complet (plaques orange)`
              : `Points 1.1.3.6 : ${points} (au plus ${EXEMPTION_POINTS}) — exemption partielle 1.1.3.6`,
            40,
          );
        doc.moveDown();
      }
      if (s.limited_quantities) {
        doc.font('Helvetica-Bold').fontSize(10).text('Quantités limitées (ADR 3.4) / Limited quantities', 40);
        doc
          .font('Helvetica')
          .fontSize(9)
          .text(
            `Masse brute / Gross mass : ${s.limited_quantities.gross_weight_kg} kg — UN ${s.limited_quantities.un_numbers.map(t).join(', UN ')}`,
            40,
          );
        doc.moveDown();
      }
      if (s.carrier_comment)
        doc
          .font('Helvetica')
          .fontSize(9)
          .text(`Instructions : ${t(s.carrier_comment)}`, 40);

      const boxTop = Math.max(doc.y + 20, 680);
      ['Expéditeur / Shipper', 'Transporteur / Carrier', 'Destinataire / Consignee'].forEach((title, i) => {
        const x = 40 + i * 175;
        doc.rect(x, boxTop, 165, 80).lineWidth(0.5).stroke();
        doc
          .font('Helvetica')
          .fontSize(8)
          .text(`${title}\nDate, signature`, x + 5, boxTop + 5, { width: 155 });
      });
      doc.end();
    } catch (e) {
      reject(e instanceof Error ? e : new Error(String(e)));
    }
  });
}

/**
 * The transport document as a tracking order's document: ADR when it carries dangerous goods, LQ for
 * limited quantities only, else the delivery note type (the spec's types have no consignment note).
 */
export async function transportDocumentOf(
  s: ShipmentDto,
  carrierName: string | null,
): Promise<NonNullable<FeedOrderMessage['documents']>[number]> {
  const type = s.dangerous_goods.length ? 'ADR' : s.limited_quantities ? 'LQ' : 'DELIVERY_NOTE';
  return { type, name: `${s.reference}-transport.pdf`, contentBase64: (await renderTransportDocument(s, carrierName)).toString('base64') };
}
