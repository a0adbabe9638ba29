import type { Labels5 } from './tracking/labels';

const l = (fr: string, en: string, es: string, it: string, de: string): Labels5 => ({ fr, en, es, it, de });
const preset = (n: number): Labels5 =>
  l(`Profil prédéfini ${n}`, `Preset profile ${n}`, `Perfil predefinido ${n}`, `Profilo predefinito ${n}`, `Vordefiniertes Profil ${n}`);

/**
 * A short title per report of the catalogue (REPORT_IDS), in the five languages: what the report will
 * show. The spec names the ids, not their content (the reports module is a later issue): these titles
 * are the portal's working names, kept here so the dashboard and the reports module say the same
 * thing. The preset profiles of 1005 and 1010 are named as presets, by number.
 */
export const REPORT_TITLES: Readonly<Record<string, Labels5>> = {
  '10': preset(10),
  '59': preset(59),
  '159': preset(159),
  '161': preset(161),
  '189': preset(189),
  '197': preset(197),
  '240': preset(240),
  '1002': l(
    'Commandes reçues par jour',
    'Orders received per day',
    'Pedidos recibidos por día',
    'Ordini ricevuti al giorno',
    'Eingegangene Aufträge pro Tag',
  ),
  '1003': l(
    'Expéditions par transporteur',
    'Shipments per carrier',
    'Envíos por transportista',
    'Spedizioni per vettore',
    'Sendungen je Spediteur',
  ),
  '1005': l('Suivi des livraisons', 'Delivery tracking', 'Seguimiento de entregas', 'Monitoraggio consegne', 'Sendungsverfolgung'),
  '1008': l('Retards de livraison', 'Late deliveries', 'Entregas con retraso', 'Consegne in ritardo', 'Verspätete Zustellungen'),
  '1010': l('État du stock', 'Stock status', 'Estado del stock', 'Stato delle giacenze', 'Bestandsübersicht'),
  '1011': l('Mouvements de stock', 'Stock movements', 'Movimientos de stock', 'Movimenti di magazzino', 'Lagerbewegungen'),
  '1018': l(
    'Stock bloqué par code',
    'Blocked stock by code',
    'Stock bloqueado por código',
    'Giacenze bloccate per codice',
    'Gesperrter Bestand nach Code',
  ),
  '1027': l(
    'Messagerie : colis expédiés',
    'Parcel courier: parcels shipped',
    'Paquetería: bultos enviados',
    'Corriere: colli spediti',
    'Paketdienst: versendete Pakete',
  ),
  '1028': l(
    'Messagerie : colis livrés',
    'Parcel courier: parcels delivered',
    'Paquetería: bultos entregados',
    'Corriere: colli consegnati',
    'Paketdienst: zugestellte Pakete',
  ),
  '1029': l(
    'Messagerie : délais de livraison',
    'Parcel courier: delivery times',
    'Paquetería: plazos de entrega',
    'Corriere: tempi di consegna',
    'Paketdienst: Laufzeiten',
  ),
  '1030': l(
    'Messagerie : anomalies',
    'Parcel courier: anomalies',
    'Paquetería: incidencias',
    'Corriere: anomalie',
    'Paketdienst: Störungen',
  ),
  '1031': l(
    'Messagerie : retours expéditeur',
    'Parcel courier: returns to sender',
    'Paquetería: devoluciones al remitente',
    'Corriere: resi al mittente',
    'Paketdienst: Rücksendungen',
  ),
  '1032': l(
    'Transit : palettes expédiées',
    'Transit: pallets shipped',
    'Tránsito: palés enviados',
    'Transito: pallet spediti',
    'Transit: versendete Paletten',
  ),
  '1033': l(
    'Transit : délais par tournée',
    'Transit: lead times per tour',
    'Tránsito: plazos por ruta',
    'Transito: tempi per giro',
    'Transit: Laufzeiten je Tour',
  ),
  '1034': l(
    'Transit : rendez-vous de livraison',
    'Transit: delivery appointments',
    'Tránsito: citas de entrega',
    'Transito: appuntamenti di consegna',
    'Transit: Liefertermine',
  ),
  '1035': l('Transit : anomalies', 'Transit: anomalies', 'Tránsito: incidencias', 'Transito: anomalie', 'Transit: Störungen'),
  '1042': l(
    'Préparations par jour',
    'Orders prepared per day',
    'Preparaciones por día',
    'Preparazioni al giorno',
    'Kommissionierungen pro Tag',
  ),
  '1047': l(
    'Lignes préparées par article',
    'Lines prepared per article',
    'Líneas preparadas por artículo',
    'Righe preparate per articolo',
    'Kommissionierte Positionen je Artikel',
  ),
  '1050': l('Réceptions par jour', 'Receipts per day', 'Recepciones por día', 'Ricevimenti al giorno', 'Wareneingänge pro Tag'),
  '1052': l(
    'Dates limites (DLUO) proches',
    'Best-before dates due soon',
    'Fechas de consumo próximas',
    'Scadenze ravvicinate',
    'Bald ablaufende MHD',
  ),
  '1057': l(
    'Numéros de série expédiés',
    'Serial numbers shipped',
    'Números de serie enviados',
    'Numeri di serie spediti',
    'Versendete Seriennummern',
  ),
  '1059': l(
    'Lots expédiés par client',
    'Lots shipped per customer',
    'Lotes enviados por cliente',
    'Lotti spediti per cliente',
    'Versendete Chargen je Kunde',
  ),
  '1060': l('Valeur du stock', 'Stock value', 'Valor del stock', 'Valore delle giacenze', 'Bestandswert'),
  '1061': l('Stock par plateforme', 'Stock per platform', 'Stock por plataforma', 'Giacenze per piattaforma', 'Bestand je Lager'),
  '1062': l('Stock par magasin', 'Stock per store', 'Stock por almacén', 'Giacenze per magazzino', 'Bestand je Lagerort'),
  '1063': l(
    'Articles sans mouvement',
    'Articles without movement',
    'Artículos sin movimiento',
    'Articoli senza movimenti',
    'Artikel ohne Bewegung',
  ),
  '1064': l('Entrées en stock', 'Stock entries', 'Entradas de stock', 'Entrate di magazzino', 'Lagerzugänge'),
  '1065': l('Sorties de stock', 'Stock exits', 'Salidas de stock', 'Uscite di magazzino', 'Lagerabgänge'),
  '1066': l('Écarts d’inventaire', 'Inventory differences', 'Diferencias de inventario', 'Differenze inventariali', 'Inventurdifferenzen'),
  '1067': l('Chiffre d’affaires logistique', 'Logistics turnover', 'Facturación logística', 'Fatturato logistico', 'Logistikumsatz'),
  '1068': l('Colis par commande', 'Parcels per order', 'Bultos por pedido', 'Colli per ordine', 'Pakete je Auftrag'),
  '1069': l('Poids expédié par jour', 'Weight shipped per day', 'Peso enviado por día', 'Peso spedito al giorno', 'Versandgewicht pro Tag'),
  '1070': l('Expéditions par pays', 'Shipments per country', 'Envíos por país', 'Spedizioni per paese', 'Sendungen je Land'),
  '1071': l(
    'Preuves de livraison manquantes',
    'Missing proofs of delivery',
    'Pruebas de entrega pendientes',
    'Prove di consegna mancanti',
    'Fehlende Zustellnachweise',
  ),
  '1072': l('Réclamations par motif', 'Claims by reason', 'Reclamaciones por motivo', 'Reclami per motivo', 'Reklamationen nach Grund'),
  '1073': l('Commandes annulées', 'Canceled orders', 'Pedidos cancelados', 'Ordini annullati', 'Stornierte Aufträge'),
  '10075': l(
    'Températures des sondes',
    'Probe temperatures',
    'Temperaturas de las sondas',
    'Temperature delle sonde',
    'Sondentemperaturen',
  ),
  '10110': l(
    'Envois Huby par statut',
    'Huby shipments by status',
    'Envíos Huby por estado',
    'Spedizioni Huby per stato',
    'Huby-Sendungen nach Status',
  ),
  '100001': l('Rapport de test', 'Test report', 'Informe de prueba', 'Report di prova', 'Testbericht'),
  '101053': l(
    'Matières dangereuses expédiées',
    'Dangerous goods shipped',
    'Mercancías peligrosas enviadas',
    'Merci pericolose spedite',
    'Versendete Gefahrgüter',
  ),
};

/** The title of a report in a short locale (fr, en, es, it, de), French when the locale is unknown; undefined for an unknown report. */
export function reportTitle(reportId: string, locale: string): string | undefined {
  const title = REPORT_TITLES[reportId];
  return title ? (title[locale as keyof Labels5] ?? title.fr) : undefined;
}
