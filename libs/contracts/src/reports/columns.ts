import type { ReportColumn, ReportColumnType } from '../reports-run';
import type { Labels5 } from '../tracking/labels';

const c = (type: ReportColumnType, fr: string, en: string, es: string, it: string, de: string): Omit<ReportColumn, 'key'> => ({
  type,
  title: { fr, en, es, it, de } satisfies Labels5,
});

/**
 * Every column a report of the catalogue shows, once, with its title in the five languages. Codes
 * (statuses, movement types, claim reasons, blocking codes) are given as the owning service writes them.
 */
const COLUMNS = {
  day: c('day', 'Jour', 'Day', 'Día', 'Giorno', 'Tag'),
  week: c('day', 'Semaine du', 'Week of', 'Semana del', 'Settimana del', 'Woche vom'),
  month: c('month', 'Mois', 'Month', 'Mes', 'Mese', 'Monat'),
  carrier: c('text', 'Transporteur', 'Carrier', 'Transportista', 'Vettore', 'Spediteur'),
  tour: c('text', 'Tournée', 'Tour', 'Ruta', 'Giro', 'Tour'),
  country: c('text', 'Pays', 'Country', 'País', 'Paese', 'Land'),
  customer: c('text', 'Client', 'Customer', 'Cliente', 'Cliente', 'Kunde'),
  status: c('text', 'Statut', 'Status', 'Estado', 'Stato', 'Status'),
  bucket: c('text', 'Tranche', 'Range', 'Tramo', 'Fascia', 'Bereich'),
  orders: c('integer', 'Commandes', 'Orders', 'Pedidos', 'Ordini', 'Aufträge'),
  parcels: c('integer', 'Colis', 'Parcels', 'Bultos', 'Colli', 'Packstücke'),
  weightKg: c('decimal', 'Poids (kg)', 'Weight (kg)', 'Peso (kg)', 'Peso (kg)', 'Gewicht (kg)'),
  shipped: c('integer', 'Expédiées', 'Shipped', 'Enviados', 'Spediti', 'Versendet'),
  delivered: c('integer', 'Livrées', 'Delivered', 'Entregados', 'Consegnati', 'Zugestellt'),
  onTimeRate: c('percent', 'Livrées à l’heure', 'Delivered on time', 'Entregados a tiempo', 'Consegnati in tempo', 'Pünktlich zugestellt'),
  late: c('integer', 'En retard', 'Late', 'Con retraso', 'In ritardo', 'Verspätet'),
  lateRate: c('percent', 'Taux de retard', 'Late rate', 'Tasa de retraso', 'Tasso di ritardo', 'Verspätungsquote'),
  anomalies: c('integer', 'Anomalies', 'Anomalies', 'Incidencias', 'Anomalie', 'Störungen'),
  anomalyRate: c('percent', 'Taux d’anomalie', 'Anomaly rate', 'Tasa de incidencias', 'Tasso di anomalia', 'Störungsquote'),
  returns: c('integer', 'Retours expéditeur', 'Returns to sender', 'Devoluciones', 'Resi al mittente', 'Rücksendungen'),
  canceled: c('integer', 'Annulées', 'Canceled', 'Cancelados', 'Annullati', 'Storniert'),
  prepared: c('integer', 'Préparées', 'Prepared', 'Preparados', 'Preparati', 'Kommissioniert'),
  prepHours: c(
    'hours',
    'Délai de préparation moyen (h)',
    'Average preparation time (h)',
    'Tiempo medio de preparación (h)',
    'Tempo medio di preparazione (h)',
    'Mittlere Kommissionierzeit (h)',
  ),
  preparedOnTimeRate: c(
    'percent',
    'Préparées dans les délais',
    'Prepared on time',
    'Preparados a tiempo',
    'Preparati in tempo',
    'Rechtzeitig kommissioniert',
  ),
  transitHours: c(
    'hours',
    'Délai de transit moyen (h)',
    'Average transit time (h)',
    'Tiempo medio de tránsito (h)',
    'Tempo medio di transito (h)',
    'Mittlere Laufzeit (h)',
  ),
  share: c('percent', 'Part', 'Share', 'Cuota', 'Quota', 'Anteil'),
  platform: c('text', 'Plateforme', 'Platform', 'Plataforma', 'Piattaforma', 'Plattform'),
  store: c('text', 'Magasin', 'Store', 'Almacén', 'Magazzino', 'Lagerort'),
  family: c('text', 'Famille', 'Product family', 'Familia', 'Famiglia', 'Warengruppe'),
  reference: c('text', 'Article', 'Item', 'Artículo', 'Articolo', 'Artikel'),
  lot: c('text', 'Lot', 'Lot', 'Lote', 'Lotto', 'Charge'),
  bestBefore: c('day', 'DLUO', 'Best-before date', 'Fecha de consumo preferente', 'TMC', 'MHD'),
  lines: c('integer', 'Lignes de stock', 'Stock lines', 'Líneas de stock', 'Righe di magazzino', 'Bestandszeilen'),
  inStock: c('integer', 'Qté en stock', 'In stock', 'En stock', 'In giacenza', 'Bestand'),
  reserved: c('integer', 'Qté réservée', 'Reserved', 'Reservado', 'Riservato', 'Reserviert'),
  blocked: c('integer', 'Qté bloquée', 'Blocked', 'Bloqueado', 'Bloccato', 'Gesperrt'),
  available: c('integer', 'Qté disponible', 'Available', 'Disponible', 'Disponibile', 'Verfügbar'),
  blockingCode: c('text', 'Code blocage', 'Blocking code', 'Código de bloqueo', 'Codice blocco', 'Sperrcode'),
  value: c('money', 'Valeur du stock', 'Stock value', 'Valor del stock', 'Valore di magazzino', 'Bestandswert'),
  lastMovement: c('day', 'Dernier mouvement', 'Last movement', 'Último movimiento', 'Ultimo movimento', 'Letzte Bewegung'),
  daysIdle: c(
    'days',
    'Jours sans mouvement',
    'Days without movement',
    'Días sin movimiento',
    'Giorni senza movimenti',
    'Tage ohne Bewegung',
  ),
  movedAt: c('datetime', 'Date du mouvement', 'Movement date', 'Fecha del movimiento', 'Data del movimento', 'Bewegungsdatum'),
  movementType: c('text', 'Type de mouvement', 'Movement type', 'Tipo de movimiento', 'Tipo di movimento', 'Bewegungsart'),
  movements: c('integer', 'Mouvements', 'Movements', 'Movimientos', 'Movimenti', 'Bewegungen'),
  quantity: c('integer', 'Quantité', 'Quantity', 'Cantidad', 'Quantità', 'Menge'),
  entries: c('integer', 'Qté entrée', 'Quantity in', 'Cantidad entrada', 'Quantità in entrata', 'Zugangsmenge'),
  exits: c('integer', 'Qté sortie', 'Quantity out', 'Cantidad salida', 'Quantità in uscita', 'Abgangsmenge'),
  gains: c('integer', 'Écarts positifs', 'Positive differences', 'Diferencias positivas', 'Differenze positive', 'Mehrmengen'),
  losses: c('integer', 'Écarts négatifs', 'Negative differences', 'Diferencias negativas', 'Differenze negative', 'Fehlmengen'),
  exitValue: c('money', 'Valeur des sorties', 'Value shipped', 'Valor de las salidas', 'Valore delle uscite', 'Wert der Abgänge'),
  claims: c('integer', 'Réclamations', 'Claims', 'Reclamaciones', 'Reclami', 'Reklamationen'),
  reason: c('text', 'Motif', 'Reason', 'Motivo', 'Motivo', 'Grund'),
  claimRate: c(
    'decimal',
    'Réclamations pour 1 000 livraisons',
    'Claims per 1,000 deliveries',
    'Reclamaciones por 1.000 entregas',
    'Reclami ogni 1.000 consegne',
    'Reklamationen je 1.000 Zustellungen',
  ),
  processingDays: c(
    'days',
    'Délai de traitement moyen (j)',
    'Average processing time (days)',
    'Tiempo medio de tramitación (días)',
    'Tempo medio di gestione (giorni)',
    'Mittlere Bearbeitungszeit (Tage)',
  ),
  zone: c('text', 'Zone', 'Zone', 'Zona', 'Zona', 'Zone'),
  probe: c('text', 'Sonde', 'Probe', 'Sonda', 'Sonda', 'Sensor'),
  excursions: c('integer', 'Excursions', 'Excursions', 'Excursiones', 'Escursioni', 'Abweichungen'),
  excursionMinutes: c(
    'minutes',
    'Durée hors plage (min)',
    'Time out of range (min)',
    'Tiempo fuera de rango (min)',
    'Tempo fuori intervallo (min)',
    'Zeit außerhalb des Bereichs (min)',
  ),
  shipments: c('integer', 'Envois', 'Shipments', 'Envíos', 'Spedizioni', 'Sendungen'),
  labels: c('integer', 'Étiquettes créées', 'Labels created', 'Etiquetas creadas', 'Etichette create', 'Erstellte Etiketten'),
  alert: c('text', 'Alerte', 'Alert', 'Alerta', 'Avviso', 'Alarm'),
  mailsSent: c('integer', 'Mails envoyés', 'Mails sent', 'Correos enviados', 'Mail inviate', 'Gesendete Mails'),
  mailsFailed: c('integer', 'Mails en échec', 'Mails failed', 'Correos fallidos', 'Mail non inviate', 'Fehlgeschlagene Mails'),
  mailFailureRate: c('percent', 'Taux d’échec', 'Failure rate', 'Tasa de fallos', 'Tasso di errore', 'Fehlerquote'),
} as const;

export type ReportColumnKey = keyof typeof COLUMNS;

/** The column of this key, with its key. */
export const reportColumn = (key: ReportColumnKey): ReportColumn => ({ key, ...COLUMNS[key] });

export const REPORT_COLUMN_KEYS = Object.keys(COLUMNS) as ReportColumnKey[];
