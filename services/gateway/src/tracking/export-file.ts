import ExcelJS from 'exceljs';
import { TRACKING_STATUS_LABELS, type ExportFormat, type Labels5, type OrderSummaryDto, type TrackingStatusCode } from '@portal/contracts';

export interface OrdersExportOptions {
  format: 'csv' | 'xlsx';
  dateFormat: ExportFormat;
  timeZone: string;
  language: keyof Labels5;
}

type Column = { label: Labels5; value: (o: OrderSummaryDto) => string | number | null; date?: boolean };
const l = (fr: string, en: string, es: string, it: string, de: string): Labels5 => ({ fr, en, es, it, de });

/** The tracker list as exported: the columns of the search results, in the user's language. */
const COLUMNS: Column[] = [
  { label: l('Déposant', 'Depositor', 'Depositante', 'Depositante', 'Einlagerer'), value: (o) => o.depositorCode },
  { label: l('Commande', 'Order', 'Pedido', 'Ordine', 'Auftrag'), value: (o) => o.reference },
  { label: l('Livraison', 'Delivery', 'Entrega', 'Consegna', 'Lieferung'), value: (o) => o.orderReference },
  { label: l('Réf. client', 'Customer reference', 'Ref. cliente', 'Rif. cliente', 'Kundenreferenz'), value: (o) => o.customerReference },
  { label: l('Bordereau', 'Slip', 'Albarán de agrupación', 'Distinta', 'Sammelbeleg'), value: (o) => o.slipNumber },
  { label: l('Statut', 'Status', 'Estado', 'Stato', 'Status'), value: (o) => o.status },
  { label: l('Transporteur', 'Carrier', 'Transportista', 'Vettore', 'Frachtführer'), value: (o) => o.carrierName },
  {
    label: l('Destinataire', 'Recipient', 'Destinatario', 'Destinatario', 'Empfänger'),
    value: (o) => o.recipientCompany ?? o.recipientName,
  },
  { label: l('Code postal', 'Zip', 'Código postal', 'CAP', 'PLZ'), value: (o) => o.zip },
  { label: l('Ville', 'Town', 'Ciudad', 'Città', 'Ort'), value: (o) => o.town },
  { label: l('Pays', 'Country', 'País', 'Paese', 'Land'), value: (o) => o.country },
  { label: l('Colis', 'Parcels', 'Bultos', 'Colli', 'Packstücke'), value: (o) => o.parcelCount },
  { label: l('Date commande', 'Order date', 'Fecha pedido', 'Data ordine', 'Auftragsdatum'), value: (o) => o.createdAt, date: true },
  { label: l('Expédiée le', 'Shipped on', 'Enviado el', 'Spedito il', 'Versendet am'), value: (o) => o.shippedAt, date: true },
  {
    label: l('Livraison prévue', 'Promised delivery', 'Entrega prevista', 'Consegna prevista', 'Zugesagte Zustellung'),
    value: (o) => o.promisedDeliveryAt,
    date: true,
  },
  { label: l('Livrée le', 'Delivered on', 'Entregado el', 'Consegnato il', 'Zugestellt am'), value: (o) => o.deliveredAt, date: true },
];

/** Rows in the user's export date format: "DD/MM/YYYY HH:mm" in one column, or date and time apart, in their time zone. */
export async function ordersFile(rows: OrderSummaryDto[], o: OrdersExportOptions): Promise<Buffer> {
  const two = o.dateFormat === 'two_columns';
  const timeWord = l('heure', 'time', 'hora', 'ora', 'Uhrzeit')[o.language];
  const headers = COLUMNS.flatMap((c) =>
    c.date && two ? [c.label[o.language], `${c.label[o.language]} (${timeWord})`] : [c.label[o.language]],
  );
  const clock = new Intl.DateTimeFormat('en-GB', {
    timeZone: o.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const cells = rows.map((row) =>
    COLUMNS.flatMap((c): (string | number | null)[] => {
      const value = c.value(row);
      if (c === COLUMNS[5]) return [`${value} ${TRACKING_STATUS_LABELS[value as TrackingStatusCode]?.[o.language] ?? ''}`.trim()];
      if (!c.date) return [value];
      if (!value) return two ? [null, null] : [null];
      const p = Object.fromEntries(clock.formatToParts(new Date(String(value))).map((x) => [x.type, x.value]));
      return two ? [`${p.day}/${p.month}/${p.year}`, `${p.hour}:${p.minute}`] : [`${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`];
    }),
  );
  if (o.format === 'csv') {
    const quote = (v: string | number | null) =>
      v === null ? '' : /[";\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v);
    return Buffer.from(`\uFEFF${[headers, ...cells].map((r) => r.map(quote).join(';')).join('\r\n')}\r\n`, 'utf8');
  }
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Orders');
  sheet.addRow(headers).font = { bold: true };
  for (const r of cells) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}
