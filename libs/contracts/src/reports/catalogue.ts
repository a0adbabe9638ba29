import type { ReportChart } from '../reports-run';
import { Role, type RoleName } from '../roles';
import type { Labels5 } from '../tracking/labels';
import type { ReportColumnKey } from './columns';

/**
 * The reports library (spec §2 /report/{id}, §6 report roles; issue 17), the one source of truth:
 * every report id and preset profile with its display number, title and description in the five
 * languages, the data it reads, its columns and chart, and the roles that open it. REPORT_IDS and
 * reportRoles (tiles.ts), REPORT_TITLES (reports.ts) and services/reports derive from it;
 * services/reports/README.md documents it as a table.
 *
 * Periods: order figures are those of the orders received (created) in the period, with what became
 * of them since; movement, claim, excursion, shipment and mail figures those of the events in the
 * period; stock figures (asOfNow) the stock as last reported, whatever the period.
 */
export type ReportSource = 'orders' | 'movements' | 'stock' | 'claims' | 'shipments' | 'excursions' | 'alertMails';

export interface ReportSpec {
  id: string;
  displayNumber: string;
  title: Labels5;
  description: Labels5;
  chart: ReportChart;
  /** Any of these opens it (ADMIN always does). */
  roles: readonly RoleName[];
  /** Has money columns: shown only to READ_TURNOVER (and ADMIN). */
  money: boolean;
  source: ReportSource;
  columns: readonly ReportColumnKey[];
  /** The chart's category (x) column and value columns. */
  x: ReportColumnKey;
  y: readonly ReportColumnKey[];
  /** The stock as last reported: the period does not apply. */
  asOfNow?: boolean;
  /** A preset profile of 1005 or 1010 (spec §2): the report it presets, its profile id. */
  presetOf?: string;
  profileId?: number;
}

const l = (fr: string, en: string, es: string, it: string, de: string): Labels5 => ({ fr, en, es, it, de });

type Shape = Pick<ReportSpec, 'chart' | 'source' | 'columns' | 'x' | 'y'> & Partial<Pick<ReportSpec, 'money' | 'asOfNow'>>;
const report = (
  id: string,
  displayNumber: string,
  roles: readonly RoleName[],
  shape: Shape,
  title: Labels5,
  description: Labels5,
): ReportSpec => ({
  id,
  displayNumber,
  title,
  description,
  roles,
  money: shape.money ?? false,
  ...shape,
});
const preset = (
  base: ReportSpec,
  profileId: number,
  displayNumber: string,
  shape: Partial<Shape>,
  title: Labels5,
  description: Labels5,
): ReportSpec => ({
  ...base,
  ...shape,
  id: String(profileId),
  displayNumber,
  title,
  description,
  presetOf: base.id,
  profileId,
});

const USER = [Role.REPORT_USER];
const numbered = (id: string) => [`REPORT_USER_${id}` as RoleName];
const MESSAGERIE = [Role.REPORT_USER_MESSAGERIE];
const TRANSIT = [Role.REPORT_USER_TRANSIT];

const PERFORMANCE: ReportColumnKey[] = ['orders', 'shipped', 'delivered', 'onTimeRate', 'late', 'anomalies', 'returns'];
const DELIVERY_PERFORMANCE = report(
  '1005',
  '03',
  USER,
  { chart: 'line', source: 'orders', columns: ['day', ...PERFORMANCE], x: 'day', y: ['delivered', 'late'] },
  l('Suivi des livraisons', 'Delivery performance', 'Seguimiento de entregas', 'Monitoraggio consegne', 'Zustellqualität'),
  l(
    'Par jour de réception : commandes, expédiées, livrées, part livrée avant la date de livraison promise, retards, anomalies et retours.',
    'Per day received: orders, shipped, delivered, share delivered by the promised delivery date, late, anomalies and returns.',
    'Por día de recepción: pedidos, enviados, entregados, parte entregada en la fecha prometida, retrasos, incidencias y devoluciones.',
    'Per giorno di ricezione: ordini, spediti, consegnati, quota consegnata entro la data promessa, ritardi, anomalie e resi.',
    'Je Eingangstag: Aufträge, versendet, zugestellt, Anteil pünktlich zum zugesagten Liefertermin, Verspätungen, Störungen, Rücksendungen.',
  ),
);

const STOCK_COLUMNS: ReportColumnKey[] = ['lines', 'inStock', 'reserved', 'blocked', 'available', 'value'];
const STOCK_STATUS = report(
  '1010',
  'S1',
  USER,
  {
    chart: 'bars',
    source: 'stock',
    columns: ['platform', ...STOCK_COLUMNS],
    x: 'platform',
    y: ['available', 'blocked'],
    money: true,
    asOfNow: true,
  },
  l('État du stock', 'Stock status', 'Estado del stock', 'Stato delle giacenze', 'Bestandsübersicht'),
  l(
    'Stock par plateforme : lignes, quantités en stock, réservées, bloquées et disponibles, et leur valeur si vous voyez les montants.',
    'Stock per platform: lines, quantities in stock, reserved, blocked and available, and their value if you see amounts.',
    'Stock por plataforma: líneas, cantidades en stock, reservadas, bloqueadas y disponibles, y su valor si ve los importes.',
    'Giacenze per piattaforma: righe, quantità in giacenza, riservate, bloccate e disponibili, e il loro valore se vede gli importi.',
    'Bestand je Lager: Zeilen, Bestand, reserviert, gesperrt und verfügbar, und ihr Wert, wenn Sie Beträge sehen.',
  ),
);

export const REPORT_CATALOGUE: readonly ReportSpec[] = [
  // Orders and delivery performance (tracking's orders).
  report(
    '1002',
    '01',
    numbered('1002'),
    { chart: 'line', source: 'orders', columns: ['day', 'orders', 'parcels', 'weightKg'], x: 'day', y: ['orders'] },
    l(
      'Commandes reçues par jour',
      'Orders received per day',
      'Pedidos recibidos por día',
      'Ordini ricevuti al giorno',
      'Eingegangene Aufträge pro Tag',
    ),
    l(
      'Commandes reçues chaque jour, avec leurs colis et leur poids.',
      'Orders received each day, with their parcels and weight.',
      'Pedidos recibidos cada día, con sus bultos y su peso.',
      'Ordini ricevuti ogni giorno, con colli e peso.',
      'Täglich eingegangene Aufträge mit Packstücken und Gewicht.',
    ),
  ),
  report(
    '1003',
    '02',
    numbered('1003'),
    { chart: 'pie', source: 'orders', columns: ['carrier', 'shipped', 'parcels', 'share'], x: 'carrier', y: ['shipped'] },
    l(
      'Expéditions par transporteur',
      'Shipments per carrier',
      'Envíos por transportista',
      'Spedizioni per vettore',
      'Sendungen je Spediteur',
    ),
    l(
      'Commandes expédiées et colis par transporteur, et la part de chacun.',
      'Orders shipped and parcels per carrier, and each carrier’s share.',
      'Pedidos enviados y bultos por transportista, y la cuota de cada uno.',
      'Ordini spediti e colli per vettore, e la quota di ciascuno.',
      'Versendete Aufträge und Packstücke je Spediteur und ihr Anteil.',
    ),
  ),
  DELIVERY_PERFORMANCE,
  preset(
    DELIVERY_PERFORMANCE,
    10,
    '11',
    { chart: 'bars', columns: ['carrier', ...PERFORMANCE], x: 'carrier', y: ['delivered', 'late'] },
    l(
      'Suivi des livraisons par transporteur',
      'Delivery performance per carrier',
      'Entregas por transportista',
      'Consegne per vettore',
      'Zustellqualität je Spediteur',
    ),
    l(
      'Profil prédéfini du suivi des livraisons, par transporteur.',
      'Preset profile of delivery performance, per carrier.',
      'Perfil predefinido del seguimiento de entregas, por transportista.',
      'Profilo predefinito del monitoraggio consegne, per vettore.',
      'Vordefiniertes Profil der Zustellqualität, je Spediteur.',
    ),
  ),
  preset(
    DELIVERY_PERFORMANCE,
    59,
    '12',
    { chart: 'bars', columns: ['country', ...PERFORMANCE], x: 'country', y: ['delivered', 'late'] },
    l(
      'Suivi des livraisons par pays',
      'Delivery performance per country',
      'Entregas por país',
      'Consegne per paese',
      'Zustellqualität je Land',
    ),
    l(
      'Profil prédéfini du suivi des livraisons, par pays de destination.',
      'Preset profile of delivery performance, per destination country.',
      'Perfil predefinido del seguimiento de entregas, por país de destino.',
      'Profilo predefinito del monitoraggio consegne, per paese di destinazione.',
      'Vordefiniertes Profil der Zustellqualität, je Zielland.',
    ),
  ),
  preset(
    DELIVERY_PERFORMANCE,
    159,
    '13',
    { columns: ['week', ...PERFORMANCE], x: 'week' },
    l(
      'Suivi des livraisons par semaine',
      'Delivery performance per week',
      'Entregas por semana',
      'Consegne per settimana',
      'Zustellqualität je Woche',
    ),
    l(
      'Profil prédéfini du suivi des livraisons, par semaine (du lundi).',
      'Preset profile of delivery performance, per week (from Monday).',
      'Perfil predefinido del seguimiento de entregas, por semana (desde el lunes).',
      'Profilo predefinito del monitoraggio consegne, per settimana (dal lunedì).',
      'Vordefiniertes Profil der Zustellqualität, je Woche (ab Montag).',
    ),
  ),
  report(
    '1008',
    '04',
    USER,
    { chart: 'bars', source: 'orders', columns: ['carrier', 'delivered', 'late', 'lateRate'], x: 'carrier', y: ['late'] },
    l('Retards de livraison', 'Late deliveries', 'Entregas con retraso', 'Consegne in ritardo', 'Verspätete Zustellungen'),
    l(
      'Livraisons après la date de livraison promise, par transporteur, et leur taux.',
      'Deliveries after the promised delivery date, per carrier, and their rate.',
      'Entregas posteriores a la fecha prometida, por transportista, y su tasa.',
      'Consegne dopo la data promessa, per vettore, e il loro tasso.',
      'Zustellungen nach dem zugesagten Liefertermin je Spediteur und ihre Quote.',
    ),
  ),
  report(
    '1042',
    '05',
    USER,
    {
      chart: 'line',
      source: 'orders',
      columns: ['day', 'orders', 'prepared', 'prepHours', 'preparedOnTimeRate'],
      x: 'day',
      y: ['prepHours'],
    },
    l('Délais de préparation', 'Preparation lead times', 'Plazos de preparación', 'Tempi di preparazione', 'Kommissionierzeiten'),
    l(
      'Par jour de réception : commandes préparées, délai moyen de la réception à la fin de préparation, part expédiée avant la date promise.',
      'Per day received: orders prepared, average time from receipt to end of preparation, share shipped by the promised shipping date.',
      'Por día de recepción: pedidos preparados, tiempo medio hasta el fin de la preparación, parte enviada en la fecha prometida.',
      'Per giorno di ricezione: ordini preparati, tempo medio fino a fine preparazione, quota spedita entro la data promessa.',
      'Je Eingangstag: kommissionierte Aufträge, mittlere Zeit bis Kommissionierende, Anteil rechtzeitig zum zugesagten Versanddatum versendet.',
    ),
  ),
  report(
    '1068',
    '06',
    USER,
    { chart: 'bars', source: 'orders', columns: ['bucket', 'orders', 'share'], x: 'bucket', y: ['orders'] },
    l('Colis par commande', 'Parcels per order', 'Bultos por pedido', 'Colli per ordine', 'Packstücke je Auftrag'),
    l(
      'Répartition des commandes par nombre de colis (1, 2, 3, 4, 5 et plus).',
      'Orders by number of parcels (1, 2, 3, 4, 5 and more).',
      'Pedidos por número de bultos (1, 2, 3, 4, 5 o más).',
      'Ordini per numero di colli (1, 2, 3, 4, 5 e oltre).',
      'Aufträge nach Anzahl Packstücke (1, 2, 3, 4, 5 und mehr).',
    ),
  ),
  report(
    '1069',
    '07',
    USER,
    { chart: 'bars', source: 'orders', columns: ['day', 'shipped', 'parcels', 'weightKg'], x: 'day', y: ['weightKg'] },
    l('Poids expédié par jour', 'Weight shipped per day', 'Peso enviado por día', 'Peso spedito al giorno', 'Versandgewicht pro Tag'),
    l(
      'Poids et colis des commandes expédiées, par jour de réception.',
      'Weight and parcels of the orders shipped, per day received.',
      'Peso y bultos de los pedidos enviados, por día de recepción.',
      'Peso e colli degli ordini spediti, per giorno di ricezione.',
      'Gewicht und Packstücke der versendeten Aufträge je Eingangstag.',
    ),
  ),
  report(
    '1070',
    '08',
    USER,
    { chart: 'pie', source: 'orders', columns: ['country', 'orders', 'parcels', 'share'], x: 'country', y: ['orders'] },
    l('Expéditions par pays', 'Shipments per country', 'Envíos por país', 'Spedizioni per paese', 'Sendungen je Land'),
    l(
      'Commandes et colis par pays de destination, et la part de chacun.',
      'Orders and parcels per destination country, and each one’s share.',
      'Pedidos y bultos por país de destino, y la cuota de cada uno.',
      'Ordini e colli per paese di destinazione, e la quota di ciascuno.',
      'Aufträge und Packstücke je Zielland und ihr Anteil.',
    ),
  ),
  report(
    '1073',
    '09',
    numbered('1073'),
    { chart: 'bars', source: 'orders', columns: ['day', 'orders', 'canceled', 'share'], x: 'day', y: ['canceled'] },
    l('Commandes annulées', 'Canceled orders', 'Pedidos cancelados', 'Ordini annullati', 'Stornierte Aufträge'),
    l(
      'Commandes annulées par jour de réception, et leur part.',
      'Orders canceled per day received, and their share.',
      'Pedidos cancelados por día de recepción, y su parte.',
      'Ordini annullati per giorno di ricezione, e la loro quota.',
      'Stornierte Aufträge je Eingangstag und ihr Anteil.',
    ),
  ),
  report(
    '1071',
    '10',
    numbered('1071'),
    {
      chart: 'bars',
      source: 'orders',
      columns: ['day', 'shipped', 'anomalies', 'returns', 'anomalyRate'],
      x: 'day',
      y: ['anomalies', 'returns'],
    },
    l('Livraisons non abouties', 'Undelivered shipments', 'Entregas fallidas', 'Consegne non riuscite', 'Nicht zugestellte Sendungen'),
    l(
      'Commandes expédiées restées en anomalie de livraison ou retournées à l’expéditeur, par jour de réception.',
      'Orders shipped left in delivery anomaly or returned to sender, per day received.',
      'Pedidos enviados con incidencia de entrega o devueltos al remitente, por día de recepción.',
      'Ordini spediti in anomalia di consegna o resi al mittente, per giorno di ricezione.',
      'Versendete Aufträge mit Zustellstörung oder Rücksendung, je Eingangstag.',
    ),
  ),
  report(
    '1059',
    'L1',
    numbered('1059'),
    {
      chart: 'table',
      source: 'orders',
      columns: ['customer', 'orders', 'parcels', 'delivered', 'onTimeRate'],
      x: 'customer',
      y: ['orders'],
    },
    l('Livraisons par client', 'Deliveries per customer', 'Entregas por cliente', 'Consegne per cliente', 'Zustellungen je Kunde'),
    l(
      'Les 50 clients qui ont reçu le plus de commandes : colis, livrées et part à l’heure.',
      'The 50 customers with the most orders: parcels, delivered and share on time.',
      'Los 50 clientes con más pedidos: bultos, entregados y parte a tiempo.',
      'I 50 clienti con più ordini: colli, consegnati e quota in tempo.',
      'Die 50 Kunden mit den meisten Aufträgen: Packstücke, zugestellt, pünktlicher Anteil.',
    ),
  ),
  report(
    '100001',
    '00',
    numbered('100001'),
    { chart: 'table', source: 'orders', columns: ['status', 'orders', 'share'], x: 'status', y: ['orders'] },
    l('Rapport de test', 'Test report', 'Informe de prueba', 'Report di prova', 'Testbericht'),
    l(
      'Rapport de test : commandes reçues par statut actuel.',
      'Test report: orders received by current status.',
      'Informe de prueba: pedidos recibidos por estado actual.',
      'Report di prova: ordini ricevuti per stato attuale.',
      'Testbericht: eingegangene Aufträge nach aktuellem Status.',
    ),
  ),
  // Parcel courier (messagerie).
  report(
    '1027',
    'M1',
    MESSAGERIE,
    { chart: 'bars', source: 'orders', columns: ['day', 'shipped', 'parcels'], x: 'day', y: ['parcels'] },
    l(
      'Messagerie : colis expédiés',
      'Parcel courier: parcels shipped',
      'Paquetería: bultos enviados',
      'Corriere: colli spediti',
      'Paketdienst: versendete Packstücke',
    ),
    l(
      'Commandes expédiées et colis remis aux transporteurs, par jour de réception.',
      'Orders shipped and parcels handed to carriers, per day received.',
      'Pedidos enviados y bultos entregados a los transportistas, por día de recepción.',
      'Ordini spediti e colli affidati ai vettori, per giorno di ricezione.',
      'Versendete Aufträge und übergebene Packstücke je Eingangstag.',
    ),
  ),
  report(
    '1028',
    'M2',
    MESSAGERIE,
    { chart: 'bars', source: 'orders', columns: ['carrier', 'shipped', 'delivered', 'parcels'], x: 'carrier', y: ['delivered'] },
    l(
      'Messagerie : colis livrés',
      'Parcel courier: parcels delivered',
      'Paquetería: bultos entregados',
      'Corriere: colli consegnati',
      'Paketdienst: zugestellte Packstücke',
    ),
    l(
      'Commandes expédiées et livrées par transporteur.',
      'Orders shipped and delivered per carrier.',
      'Pedidos enviados y entregados por transportista.',
      'Ordini spediti e consegnati per vettore.',
      'Versendete und zugestellte Aufträge je Spediteur.',
    ),
  ),
  report(
    '1029',
    'M3',
    MESSAGERIE,
    { chart: 'bars', source: 'orders', columns: ['bucket', 'delivered', 'share'], x: 'bucket', y: ['delivered'] },
    l(
      'Messagerie : délais de livraison',
      'Parcel courier: delivery times',
      'Paquetería: plazos de entrega',
      'Corriere: tempi di consegna',
      'Paketdienst: Laufzeiten',
    ),
    l(
      'Livraisons par délai entre expédition et livraison : 24 h, 48 h, 72 h, 96 h, au-delà.',
      'Deliveries by time from shipping to delivery: 24 h, 48 h, 72 h, 96 h, longer.',
      'Entregas por plazo entre envío y entrega: 24 h, 48 h, 72 h, 96 h, más.',
      'Consegne per tempo tra spedizione e consegna: 24 h, 48 h, 72 h, 96 h, oltre.',
      'Zustellungen nach Laufzeit ab Versand: 24 h, 48 h, 72 h, 96 h, länger.',
    ),
  ),
  report(
    '1030',
    'M4',
    MESSAGERIE,
    { chart: 'bars', source: 'orders', columns: ['carrier', 'shipped', 'anomalies', 'anomalyRate'], x: 'carrier', y: ['anomalyRate'] },
    l('Messagerie : anomalies', 'Parcel courier: anomalies', 'Paquetería: incidencias', 'Corriere: anomalie', 'Paketdienst: Störungen'),
    l(
      'Anomalies de livraison par transporteur et taux d’anomalie des commandes expédiées.',
      'Delivery anomalies per carrier and anomaly rate of the orders shipped.',
      'Incidencias de entrega por transportista y tasa sobre los pedidos enviados.',
      'Anomalie di consegna per vettore e tasso sugli ordini spediti.',
      'Zustellstörungen je Spediteur und Störungsquote der versendeten Aufträge.',
    ),
  ),
  report(
    '1031',
    'M5',
    MESSAGERIE,
    { chart: 'bars', source: 'orders', columns: ['carrier', 'shipped', 'returns', 'share'], x: 'carrier', y: ['returns'] },
    l(
      'Messagerie : retours expéditeur',
      'Parcel courier: returns to sender',
      'Paquetería: devoluciones',
      'Corriere: resi al mittente',
      'Paketdienst: Rücksendungen',
    ),
    l(
      'Commandes retournées à l’expéditeur par transporteur, et leur part des expédiées.',
      'Orders returned to sender per carrier, and their share of those shipped.',
      'Pedidos devueltos al remitente por transportista, y su parte de los enviados.',
      'Ordini resi al mittente per vettore, e la loro quota degli spediti.',
      'Rücksendungen je Spediteur und ihr Anteil an den versendeten Aufträgen.',
    ),
  ),
  // Transit times.
  report(
    '1032',
    'T1',
    TRANSIT,
    { chart: 'bars', source: 'orders', columns: ['tour', 'delivered', 'transitHours', 'onTimeRate'], x: 'tour', y: ['transitHours'] },
    l(
      'Transit : délais par tournée',
      'Transit: times per tour',
      'Tránsito: plazos por ruta',
      'Transito: tempi per giro',
      'Transit: Laufzeiten je Tour',
    ),
    l(
      'Délai moyen entre expédition et livraison par tournée, et part livrée à l’heure.',
      'Average time from shipping to delivery per tour, and share delivered on time.',
      'Tiempo medio entre envío y entrega por ruta, y parte entregada a tiempo.',
      'Tempo medio tra spedizione e consegna per giro, e quota consegnata in tempo.',
      'Mittlere Laufzeit vom Versand bis zur Zustellung je Tour und pünktlicher Anteil.',
    ),
  ),
  report(
    '1033',
    'T2',
    TRANSIT,
    { chart: 'bars', source: 'orders', columns: ['carrier', 'delivered', 'transitHours', 'onTimeRate'], x: 'carrier', y: ['transitHours'] },
    l(
      'Transit : délais par transporteur',
      'Transit: times per carrier',
      'Tránsito: plazos por transportista',
      'Transito: tempi per vettore',
      'Transit: Laufzeiten je Spediteur',
    ),
    l(
      'Délai moyen entre expédition et livraison par transporteur, et part livrée à l’heure.',
      'Average time from shipping to delivery per carrier, and share delivered on time.',
      'Tiempo medio entre envío y entrega por transportista, y parte entregada a tiempo.',
      'Tempo medio tra spedizione e consegna per vettore, e quota consegnata in tempo.',
      'Mittlere Laufzeit vom Versand bis zur Zustellung je Spediteur und pünktlicher Anteil.',
    ),
  ),
  report(
    '1034',
    'T3',
    TRANSIT,
    { chart: 'line', source: 'orders', columns: ['day', 'delivered', 'transitHours', 'onTimeRate'], x: 'day', y: ['transitHours'] },
    l(
      'Transit : évolution des délais',
      'Transit: times over time',
      'Tránsito: evolución de plazos',
      'Transito: andamento dei tempi',
      'Transit: Laufzeitentwicklung',
    ),
    l(
      'Délai moyen de transit par jour de réception, et part livrée à l’heure.',
      'Average transit time per day received, and share delivered on time.',
      'Tiempo medio de tránsito por día de recepción, y parte entregada a tiempo.',
      'Tempo medio di transito per giorno di ricezione, e quota consegnata in tempo.',
      'Mittlere Laufzeit je Eingangstag und pünktlicher Anteil.',
    ),
  ),
  report(
    '1035',
    'T4',
    TRANSIT,
    { chart: 'bars', source: 'orders', columns: ['country', 'delivered', 'transitHours', 'onTimeRate'], x: 'country', y: ['transitHours'] },
    l(
      'Transit : délais par pays',
      'Transit: times per country',
      'Tránsito: plazos por país',
      'Transito: tempi per paese',
      'Transit: Laufzeiten je Land',
    ),
    l(
      'Délai moyen de transit par pays de destination, et part livrée à l’heure.',
      'Average transit time per destination country, and share delivered on time.',
      'Tiempo medio de tránsito por país de destino, y parte entregada a tiempo.',
      'Tempo medio di transito per paese di destinazione, e quota consegnata in tempo.',
      'Mittlere Laufzeit je Zielland und pünktlicher Anteil.',
    ),
  ),
  // Stock (as last reported by the warehouse).
  STOCK_STATUS,
  preset(
    STOCK_STATUS,
    161,
    'S8',
    { columns: ['family', ...STOCK_COLUMNS], x: 'family' },
    l(
      'État du stock par famille',
      'Stock status per product family',
      'Stock por familia',
      'Giacenze per famiglia',
      'Bestand je Warengruppe',
    ),
    l(
      'Profil prédéfini de l’état du stock, par famille de produits.',
      'Preset profile of stock status, per product family.',
      'Perfil predefinido del estado del stock, por familia de productos.',
      'Profilo predefinito dello stato delle giacenze, per famiglia.',
      'Vordefiniertes Profil der Bestandsübersicht, je Warengruppe.',
    ),
  ),
  preset(
    STOCK_STATUS,
    189,
    'S9',
    { columns: ['store', ...STOCK_COLUMNS], x: 'store' },
    l('État du stock par magasin', 'Stock status per store', 'Stock por almacén', 'Giacenze per magazzino', 'Bestand je Lagerort'),
    l(
      'Profil prédéfini de l’état du stock, par magasin.',
      'Preset profile of stock status, per store.',
      'Perfil predefinido del estado del stock, por almacén.',
      'Profilo predefinito dello stato delle giacenze, per magazzino.',
      'Vordefiniertes Profil der Bestandsübersicht, je Lagerort.',
    ),
  ),
  preset(
    STOCK_STATUS,
    197,
    'S10',
    { chart: 'table', columns: ['reference', ...STOCK_COLUMNS], x: 'reference' },
    l('État du stock par article', 'Stock status per item', 'Stock por artículo', 'Giacenze per articolo', 'Bestand je Artikel'),
    l(
      'Profil prédéfini de l’état du stock : les 100 articles les plus stockés.',
      'Preset profile of stock status: the 100 items with the most stock.',
      'Perfil predefinido del estado del stock: los 100 artículos con más stock.',
      'Profilo predefinito dello stato delle giacenze: i 100 articoli più presenti.',
      'Vordefiniertes Profil der Bestandsübersicht: die 100 Artikel mit dem höchsten Bestand.',
    ),
  ),
  preset(
    STOCK_STATUS,
    240,
    'S11',
    { chart: 'table', columns: ['reference', 'lot', 'bestBefore', ...STOCK_COLUMNS], x: 'lot' },
    l('État du stock par lot', 'Stock status per lot', 'Stock por lote', 'Giacenze per lotto', 'Bestand je Charge'),
    l(
      'Profil prédéfini de l’état du stock : les lots, DLUO la plus proche en premier (500 au plus).',
      'Preset profile of stock status: the lots, nearest best-before date first (at most 500).',
      'Perfil predefinido del estado del stock: los lotes, fecha de consumo más próxima primero (500 como máximo).',
      'Profilo predefinito dello stato delle giacenze: i lotti, scadenza più vicina prima (al massimo 500).',
      'Vordefiniertes Profil der Bestandsübersicht: die Chargen, nächstes MHD zuerst (höchstens 500).',
    ),
  ),
  report(
    '1018',
    'S2',
    USER,
    {
      chart: 'pie',
      source: 'stock',
      columns: ['blockingCode', 'lines', 'blocked', 'value'],
      x: 'blockingCode',
      y: ['blocked'],
      money: true,
      asOfNow: true,
    },
    l(
      'Stock bloqué par code',
      'Blocked stock by code',
      'Stock bloqueado por código',
      'Giacenze bloccate per codice',
      'Gesperrter Bestand nach Code',
    ),
    l(
      'Quantités bloquées par code de blocage (AC, BL, BQ, CQ, DC, NC, WE) et leur valeur.',
      'Blocked quantities per blocking code (AC, BL, BQ, CQ, DC, NC, WE) and their value.',
      'Cantidades bloqueadas por código de bloqueo (AC, BL, BQ, CQ, DC, NC, WE) y su valor.',
      'Quantità bloccate per codice di blocco (AC, BL, BQ, CQ, DC, NC, WE) e il loro valore.',
      'Gesperrte Mengen je Sperrcode (AC, BL, BQ, CQ, DC, NC, WE) und ihr Wert.',
    ),
  ),
  report(
    '1060',
    'S3',
    numbered('1060'),
    {
      chart: 'pie',
      source: 'stock',
      columns: ['platform', 'inStock', 'value', 'share'],
      x: 'platform',
      y: ['value'],
      money: true,
      asOfNow: true,
    },
    l('Valeur du stock', 'Stock value', 'Valor del stock', 'Valore delle giacenze', 'Bestandswert'),
    l(
      'Valeur du stock par plateforme (quantité × prix unitaire) et la part de chacune.',
      'Stock value per platform (quantity × unit price) and each one’s share.',
      'Valor del stock por plataforma (cantidad × precio unitario) y la cuota de cada una.',
      'Valore delle giacenze per piattaforma (quantità × prezzo unitario) e la quota di ciascuna.',
      'Bestandswert je Lager (Menge × Stückpreis) und sein Anteil.',
    ),
  ),
  report(
    '1061',
    'S4',
    USER,
    {
      chart: 'bars',
      source: 'stock',
      columns: ['bucket', 'lines', 'inStock', 'value'],
      x: 'bucket',
      y: ['inStock'],
      money: true,
      asOfNow: true,
    },
    l('Ancienneté du stock', 'Stock ageing', 'Antigüedad del stock', 'Anzianità delle giacenze', 'Lagerdauer'),
    l(
      'Stock par ancienneté depuis sa date d’entrée : moins de 30 jours, 30–90, 90–180, 180–365, plus d’un an.',
      'Stock by age since its entry date: under 30 days, 30–90, 90–180, 180–365, over a year.',
      'Stock por antigüedad desde su entrada: menos de 30 días, 30–90, 90–180, 180–365, más de un año.',
      'Giacenze per anzianità dall’entrata: meno di 30 giorni, 30–90, 90–180, 180–365, oltre un anno.',
      'Bestand nach Alter seit Eingang: unter 30 Tage, 30–90, 90–180, 180–365, über ein Jahr.',
    ),
  ),
  report(
    '1062',
    'S5',
    USER,
    {
      chart: 'bars',
      source: 'stock',
      columns: ['store', ...STOCK_COLUMNS],
      x: 'store',
      y: ['available', 'blocked'],
      money: true,
      asOfNow: true,
    },
    l('Stock par magasin', 'Stock per store', 'Stock por almacén', 'Giacenze per magazzino', 'Bestand je Lagerort'),
    l(
      'Quantités et valeur du stock par magasin.',
      'Stock quantities and value per store.',
      'Cantidades y valor del stock por almacén.',
      'Quantità e valore delle giacenze per magazzino.',
      'Bestandsmengen und -wert je Lagerort.',
    ),
  ),
  report(
    '1052',
    'S6',
    USER,
    {
      chart: 'bars',
      source: 'stock',
      columns: ['bucket', 'lines', 'inStock', 'value'],
      x: 'bucket',
      y: ['inStock'],
      money: true,
      asOfNow: true,
    },
    l(
      'Dates limites (DLUO) proches',
      'Best-before dates due soon',
      'Fechas de consumo próximas',
      'Scadenze ravvicinate',
      'Bald ablaufende MHD',
    ),
    l(
      'Stock par échéance de DLUO : dépassée, sous 30 jours, 30–90, 90–180, au-delà.',
      'Stock by best-before date: past, within 30 days, 30–90, 90–180, later.',
      'Stock por fecha de consumo: vencida, en 30 días, 30–90, 90–180, más tarde.',
      'Giacenze per scadenza: scadute, entro 30 giorni, 30–90, 90–180, oltre.',
      'Bestand nach MHD: abgelaufen, binnen 30 Tagen, 30–90, 90–180, später.',
    ),
  ),
  report(
    '1063',
    'S7',
    USER,
    {
      chart: 'table',
      source: 'stock',
      columns: ['reference', 'inStock', 'value', 'lastMovement', 'daysIdle'],
      x: 'reference',
      y: ['daysIdle'],
      money: true,
      asOfNow: true,
    },
    l('Articles sans mouvement', 'Items without movement', 'Artículos sin movimiento', 'Articoli senza movimenti', 'Artikel ohne Bewegung'),
    l(
      'Articles en stock sans mouvement depuis 90 jours, le plus ancien d’abord (500 au plus).',
      'Items in stock without movement for 90 days, oldest first (at most 500).',
      'Artículos en stock sin movimiento desde hace 90 días, el más antiguo primero (500 como máximo).',
      'Articoli in giacenza senza movimenti da 90 giorni, il più vecchio prima (al massimo 500).',
      'Artikel im Bestand ohne Bewegung seit 90 Tagen, älteste zuerst (höchstens 500).',
    ),
  ),
  // Movements.
  report(
    '1011',
    'MVT1',
    [Role.STOCK_MVT_DETAILS],
    {
      chart: 'table',
      source: 'movements',
      columns: ['movedAt', 'platform', 'store', 'reference', 'lot', 'movementType', 'quantity'],
      x: 'movedAt',
      y: ['quantity'],
    },
    l('Détail des mouvements', 'Movement details', 'Detalle de movimientos', 'Dettaglio movimenti', 'Bewegungsdetails'),
    l(
      'Chaque mouvement de stock de la période, le plus récent d’abord (1 000 à l’écran, tous dans l’export).',
      'Every stock movement of the period, newest first (1,000 on screen, all in the export).',
      'Cada movimiento de stock del periodo, el más reciente primero (1.000 en pantalla, todos en la exportación).',
      'Ogni movimento di magazzino del periodo, il più recente prima (1.000 a schermo, tutti nell’esportazione).',
      'Jede Lagerbewegung des Zeitraums, neueste zuerst (1.000 am Bildschirm, alle im Export).',
    ),
  ),
  report(
    '1064',
    'MVT2',
    USER,
    { chart: 'pie', source: 'movements', columns: ['movementType', 'movements', 'quantity', 'share'], x: 'movementType', y: ['movements'] },
    l('Mouvements par type', 'Movements by type', 'Movimientos por tipo', 'Movimenti per tipo', 'Bewegungen nach Art'),
    l(
      'Mouvements et quantités par type : entrée, sortie, inventaire, modification, blocage, déblocage, prélèvement de contrôle.',
      'Movements and quantities per type: entry, exit, inventory, modification, lock, unlock, control sampling.',
      'Movimientos y cantidades por tipo: entrada, salida, inventario, modificación, bloqueo, desbloqueo, muestreo.',
      'Movimenti e quantità per tipo: entrata, uscita, inventario, modifica, blocco, sblocco, campionamento.',
      'Bewegungen und Mengen je Art: Zugang, Abgang, Inventur, Änderung, Sperre, Freigabe, Kontrollentnahme.',
    ),
  ),
  report(
    '1065',
    'MVT3',
    USER,
    { chart: 'bars', source: 'movements', columns: ['day', 'entries', 'exits'], x: 'day', y: ['entries', 'exits'] },
    l(
      'Entrées et sorties par jour',
      'Stock in and out per day',
      'Entradas y salidas por día',
      'Entrate e uscite al giorno',
      'Zu- und Abgänge pro Tag',
    ),
    l(
      'Quantités entrées et sorties du stock chaque jour.',
      'Quantities into and out of stock each day.',
      'Cantidades que entran y salen del stock cada día.',
      'Quantità entrate e uscite dal magazzino ogni giorno.',
      'Täglich zu- und abgegangene Mengen.',
    ),
  ),
  report(
    '1066',
    'MVT4',
    USER,
    { chart: 'bars', source: 'movements', columns: ['day', 'movements', 'gains', 'losses'], x: 'day', y: ['gains', 'losses'] },
    l('Écarts d’inventaire', 'Inventory differences', 'Diferencias de inventario', 'Differenze inventariali', 'Inventurdifferenzen'),
    l(
      'Mouvements d’inventaire et de modification par jour, écarts positifs et négatifs.',
      'Inventory and modification movements per day, positive and negative differences.',
      'Movimientos de inventario y modificación por día, diferencias positivas y negativas.',
      'Movimenti di inventario e modifica al giorno, differenze positive e negative.',
      'Inventur- und Änderungsbewegungen pro Tag, Mehr- und Fehlmengen.',
    ),
  ),
  report(
    '1047',
    'MVT5',
    USER,
    { chart: 'table', source: 'movements', columns: ['reference', 'movements', 'exits'], x: 'reference', y: ['exits'] },
    l('Sorties par article', 'Exits per item', 'Salidas por artículo', 'Uscite per articolo', 'Abgänge je Artikel'),
    l(
      'Les 50 articles les plus sortis du stock : lignes de sortie et quantités.',
      'The 50 items most taken out of stock: exit lines and quantities.',
      'Los 50 artículos con más salidas: líneas de salida y cantidades.',
      'I 50 articoli più usciti: righe di uscita e quantità.',
      'Die 50 Artikel mit den meisten Abgängen: Abgangspositionen und Mengen.',
    ),
  ),
  report(
    '1067',
    '14',
    numbered('1067'),
    { chart: 'bars', source: 'movements', columns: ['month', 'exits', 'exitValue'], x: 'month', y: ['exitValue'], money: true },
    l('Chiffre d’affaires logistique', 'Logistics turnover', 'Facturación logística', 'Fatturato logistico', 'Logistikumsatz'),
    l(
      'Quantités sorties par mois et leur valeur au prix unitaire du stock.',
      'Quantities out per month and their value at the stock’s unit price.',
      'Cantidades salidas por mes y su valor al precio unitario del stock.',
      'Quantità uscite al mese e il loro valore al prezzo unitario.',
      'Abgangsmengen je Monat und ihr Wert zum Stückpreis.',
    ),
  ),
  // Claims.
  report(
    '1072',
    '15',
    numbered('1072'),
    { chart: 'pie', source: 'claims', columns: ['reason', 'claims', 'share'], x: 'reason', y: ['claims'] },
    l('Réclamations par motif', 'Claims by reason', 'Reclamaciones por motivo', 'Reclami per motivo', 'Reklamationen nach Grund'),
    l(
      'Réclamations envoyées dans la période, par motif.',
      'Claims sent in the period, by reason.',
      'Reclamaciones enviadas en el periodo, por motivo.',
      'Reclami inviati nel periodo, per motivo.',
      'Im Zeitraum gesendete Reklamationen nach Grund.',
    ),
  ),
  report(
    '101053',
    'LA1',
    [Role.REPORT_USER_LAMAT],
    {
      chart: 'line',
      source: 'claims',
      columns: ['month', 'claims', 'delivered', 'claimRate', 'processingDays'],
      x: 'month',
      y: ['claimRate'],
    },
    l('Taux de réclamation', 'Claims rate', 'Tasa de reclamación', 'Tasso di reclamo', 'Reklamationsquote'),
    l(
      'Par mois : réclamations envoyées, livraisons, réclamations pour 1 000 livraisons, délai moyen jusqu’à la clôture.',
      'Per month: claims sent, deliveries, claims per 1,000 deliveries, average time to closing.',
      'Por mes: reclamaciones enviadas, entregas, reclamaciones por 1.000 entregas, tiempo medio hasta el cierre.',
      'Al mese: reclami inviati, consegne, reclami ogni 1.000 consegne, tempo medio fino alla chiusura.',
      'Je Monat: gesendete Reklamationen, Zustellungen, Reklamationen je 1.000 Zustellungen, mittlere Zeit bis zum Abschluss.',
    ),
  ),
  // Temperatures (fever).
  report(
    '10075',
    'TS1',
    USER,
    { chart: 'bars', source: 'excursions', columns: ['probe', 'excursions', 'excursionMinutes'], x: 'probe', y: ['excursions'] },
    l(
      'Excursions de température',
      'Temperature excursions',
      'Excursiones de temperatura',
      'Escursioni di temperatura',
      'Temperaturabweichungen',
    ),
    l(
      'Sorties de plage (température haute ou basse, humidité) par sonde dans la période, et leur durée.',
      'Out-of-range readings (high or low temperature, humidity) per probe in the period, and their duration.',
      'Salidas de rango (temperatura alta o baja, humedad) por sonda en el periodo, y su duración.',
      'Uscite dall’intervallo (temperatura alta o bassa, umidità) per sonda nel periodo, e la loro durata.',
      'Bereichsüberschreitungen (Temperatur hoch oder tief, Feuchte) je Sensor im Zeitraum und ihre Dauer.',
    ),
  ),
  // Huby shipments.
  report(
    '10110',
    'U1',
    USER,
    { chart: 'bars', source: 'shipments', columns: ['carrier', 'shipments', 'parcels', 'canceled'], x: 'carrier', y: ['shipments'] },
    l(
      'Envois Huby par transporteur',
      'Huby shipments per carrier',
      'Envíos Huby por transportista',
      'Spedizioni Huby per vettore',
      'Huby-Sendungen je Spediteur',
    ),
    l(
      'Envois Huby étiquetés dans la période par transporteur, leurs colis, et ceux annulés depuis.',
      'Huby shipments labelled in the period per carrier, their parcels, and those canceled since.',
      'Envíos Huby etiquetados en el periodo por transportista, sus bultos y los cancelados después.',
      'Spedizioni Huby etichettate nel periodo per vettore, i loro colli e quelle annullate poi.',
      'Im Zeitraum etikettierte Huby-Sendungen je Spediteur, ihre Packstücke und die danach stornierten.',
    ),
  ),
  report(
    '1057',
    'U2',
    USER,
    { chart: 'line', source: 'shipments', columns: ['day', 'labels', 'parcels'], x: 'day', y: ['labels'] },
    l(
      'Étiquettes créées par jour',
      'Labels created per day',
      'Etiquetas creadas por día',
      'Etichette create al giorno',
      'Erstellte Etiketten pro Tag',
    ),
    l(
      'Envois Huby dont les étiquettes ont été créées chaque jour, et leurs colis.',
      'Huby shipments whose labels were created each day, and their parcels.',
      'Envíos Huby cuyas etiquetas se crearon cada día, y sus bultos.',
      'Spedizioni Huby le cui etichette sono state create ogni giorno, e i loro colli.',
      'Huby-Sendungen, deren Etiketten täglich erstellt wurden, und ihre Packstücke.',
    ),
  ),
  // Provider-internal.
  report(
    '1050',
    'I1',
    [Role.REPORT_INTERNAL],
    {
      chart: 'bars',
      source: 'alertMails',
      columns: ['day', 'mailsSent', 'mailsFailed', 'mailFailureRate'],
      x: 'day',
      y: ['mailsSent', 'mailsFailed'],
    },
    l(
      'Mails d’alerte envoyés et en échec',
      'Alert mails sent and failed',
      'Correos de alerta enviados y fallidos',
      'Mail di avviso inviate e non inviate',
      'Gesendete und fehlgeschlagene Alarm-Mails',
    ),
    l(
      'Interne : mails My VIP et My DOC envoyés, et ceux abandonnés après leur dernière tentative, par jour, avec le taux d’échec.',
      'Internal: My VIP and My DOC mails sent, and those given up after their last attempt, per day, with the failure rate.',
      'Interno: correos My VIP y My DOC enviados, y los abandonados tras su último intento, por día, con la tasa de fallos.',
      'Interno: mail My VIP e My DOC inviate, e quelle abbandonate dopo l’ultimo tentativo, al giorno, con il tasso di errore.',
      'Intern: gesendete My-VIP- und My-DOC-Mails und die nach dem letzten Versuch aufgegebenen, pro Tag, mit der Fehlerquote.',
    ),
  ),
];

const BY_ID = new Map(REPORT_CATALOGUE.map((r) => [r.id, r]));

/** The report of this id, undefined when the catalogue has none. */
export const reportSpec = (id: string): ReportSpec | undefined => BY_ID.get(id);
