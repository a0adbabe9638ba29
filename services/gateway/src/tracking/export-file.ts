import type { BusClient } from '@portal/bus';
import {
  TRACKING_MAX_PAGE_SIZE,
  trackingWord,
  TrackingSubjects,
  type CallerContext,
  type Labels5,
  type OrderSearchPage,
  type OrderSearchRequest,
  type OrderSummaryDto,
} from '@portal/contracts';
import type { ExportPage } from '../exports/exports.service';
import { dateTimeFormatter, dateTimeHeaders, type Cell, type ExportOptions, type ExportSheet } from '../exports/sheet';

type Column = { label: Labels5; value: (o: OrderSummaryDto) => string | number | null; date?: boolean };
const l = (fr: string, en: string, es: string, it: string, de: string): Labels5 => ({ fr, en, es, it, de });

/** The export as the mail names it. */
export const ORDERS_EXPORT_TITLE = l(
  'Pack and Go Tracer : suivi des commandes',
  'Pack and Go Tracer: order tracking',
  'Pack and Go Tracer: seguimiento de pedidos',
  'Pack and Go Tracer: tracciamento ordini',
  'Pack and Go Tracer: Auftragsverfolgung',
);

const STATUS = l('Statut', 'Status', 'Estado', 'Stato', 'Status');

/** The tracker list as exported: the columns of the search results, in the user's language. */
const COLUMNS: Column[] = [
  { label: l('Déposant', 'Depositor', 'Depositante', 'Depositante', 'Einlagerer'), value: (o) => o.depositorCode },
  { label: l('Commande', 'Order', 'Pedido', 'Ordine', 'Auftrag'), value: (o) => o.reference },
  { label: l('Livraison', 'Delivery', 'Entrega', 'Consegna', 'Lieferung'), value: (o) => o.orderReference },
  { label: l('Réf. client', 'Customer reference', 'Ref. cliente', 'Rif. cliente', 'Kundenreferenz'), value: (o) => o.customerReference },
  { label: l('Bordereau', 'Slip', 'Albarán de agrupación', 'Distinta', 'Sammelbeleg'), value: (o) => o.slipNumber },
  { label: STATUS, value: (o) => o.status },
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

/**
 * Rows in the user's export date format ("DD/MM/YYYY HH:mm", or date and time apart) and time zone; status
 * with its word (the provider's, else the catalogue's).
 */
export function ordersSheet(o: ExportOptions): ExportSheet<OrderSummaryDto> {
  const dateTime = dateTimeFormatter(o);
  return {
    sheetName: 'Orders',
    headers: COLUMNS.flatMap((c) => (c.date ? dateTimeHeaders(c.label[o.language], o) : [c.label[o.language]])),
    cells: (row) =>
      COLUMNS.flatMap((c): Cell[] => {
        const value = c.value(row);
        if (c.label === STATUS) {
          const word = trackingWord(o.trackingWords, 'trackingStatus', String(value), o.language);
          return [word === String(value) ? word : `${value} ${word}`];
        }
        return c.date ? dateTime(value) : [value];
      }),
  };
}

/** The search page by page along its cursor (no count over millions of rows), in the caller's scope. */
export async function* orderPages(
  bus: BusClient,
  ctx: CallerContext,
  request: OrderSearchRequest,
): AsyncGenerator<ExportPage<OrderSummaryDto>> {
  let cursor: string | undefined;
  do {
    const page = await bus.request<OrderSearchPage>(TrackingSubjects.searchOrders, ctx, {
      ...request,
      cursor,
      range: [0, TRACKING_MAX_PAGE_SIZE - 1],
      export: true,
    });
    yield { rows: page.items };
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}
