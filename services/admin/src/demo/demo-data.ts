import type { LogMessageKey, LogMessageParams } from '@portal/contracts';
import type { AnnouncementType, LocalizedText } from '../announcements/announcement.entity';
import type { TemplateVisibility } from '../email-templates/email-template.entity';

/** Demo reference data: fixed ids so that other services' demo data (users, orders, stock) can point at it. */

export const DEMO_DEPOSITOR_IDS = { A: 1, B: 2, C: 3 } as const;

/** Warehouse sites in the French logistics clusters (spec §9: about 20 site codes). */
export const DEMO_PLATFORMS: { id: number; code: string; label: string; town: string }[] = [
  { id: 1, code: 'LYS1', label: 'Lyon Saint-Priest 1 – parc des Lumières', town: 'Saint-Priest' },
  { id: 2, code: 'LYS2', label: 'Lyon Saint-Priest 2 – Mi-Plaine', town: 'Saint-Priest' },
  { id: 3, code: 'LYC', label: 'Lyon Corbas – plateforme messagerie', town: 'Corbas' },
  { id: 4, code: 'SQF', label: 'Saint-Quentin-Fallavier – Chesnes', town: 'Saint-Quentin-Fallavier' },
  { id: 5, code: 'ROI1', label: 'Roissy Paris Nord 2', town: 'Roissy-en-France' },
  { id: 6, code: 'ROI2', label: 'Roissy Gonesse – zone cargo', town: 'Gonesse' },
  { id: 7, code: 'MIT', label: 'Mitry-Mory – Compans', town: 'Mitry-Mory' },
  { id: 8, code: 'MLV1', label: 'Marne-la-Vallée Bussy-Saint-Georges', town: 'Bussy-Saint-Georges' },
  { id: 9, code: 'MLV2', label: 'Marne-la-Vallée Croissy-Beaubourg', town: 'Croissy-Beaubourg' },
  { id: 10, code: 'LIL1', label: 'Lille Lesquin – CRT', town: 'Lesquin' },
  { id: 11, code: 'LIL2', label: 'Dourges – Delta 3', town: 'Dourges' },
  { id: 12, code: 'ORL1', label: 'Orléans Saran – pôle 45', town: 'Saran' },
  { id: 13, code: 'ORL2', label: 'Orléans Ormes – parc d’activités', town: 'Ormes' },
  { id: 14, code: 'HAV1', label: 'Le Havre – Parc logistique du Pont de Normandie', town: 'Le Havre' },
  { id: 15, code: 'HAV2', label: 'Sandouville – port 2000', town: 'Sandouville' },
  { id: 16, code: 'FOS1', label: 'Fos-sur-Mer – Distriport', town: 'Fos-sur-Mer' },
  { id: 17, code: 'FOS2', label: 'Miramas – Clésud', town: 'Miramas' },
  { id: 18, code: 'GRA', label: 'Grans – Salon-de-Provence', town: 'Grans' },
  { id: 19, code: 'BDX', label: 'Bordeaux Cestas', town: 'Cestas' },
  { id: 20, code: 'STR', label: 'Strasbourg Hœrdt', town: 'Hœrdt' },
];

export const DEMO_DEPOSITORS: { id: number; code: string; label: string; actionDelayOnAddress: number | null }[] = [
  { id: DEMO_DEPOSITOR_IDS.A, code: 'DEMO-A', label: 'Maison Lumière Cosmétiques', actionDelayOnAddress: 90 },
  { id: DEMO_DEPOSITOR_IDS.B, code: 'DEMO-B', label: 'Pharmalys Santé – chaîne du froid', actionDelayOnAddress: 30 },
  { id: DEMO_DEPOSITOR_IDS.C, code: 'DEMO-C', label: 'Voltéra Électronique', actionDelayOnAddress: null },
];

export const DEMO_ACTIVITIES: { id: number; depositorId: number; code: string; label: string }[] = [
  { id: 1, depositorId: 1, code: 'B2B', label: 'Distribution parfumeries et grands magasins' },
  { id: 2, depositorId: 1, code: 'B2C', label: 'Vente directe aux particuliers' },
  { id: 3, depositorId: 1, code: 'ECOM', label: 'E-commerce et marketplaces' },
  { id: 4, depositorId: 2, code: 'B2B', label: 'Répartiteurs et officines' },
  { id: 5, depositorId: 2, code: 'HOSP', label: 'Pharmacies hospitalières' },
  { id: 6, depositorId: 2, code: 'XDOCK', label: 'Cross-dock produits thermosensibles' },
  { id: 7, depositorId: 3, code: 'B2B', label: 'Revendeurs et installateurs' },
  { id: 8, depositorId: 3, code: 'ECOM', label: 'Boutique en ligne' },
  { id: 9, depositorId: 3, code: 'SAV', label: 'Retours et service après-vente' },
  { id: 10, depositorId: 3, code: 'XDOCK', label: 'Cross-dock import conteneurs' },
];

export { DEMO_STORES } from '@portal/demo';

export const DEMO_ANNOUNCEMENTS: {
  id: number;
  type: AnnouncementType;
  message: LocalizedText;
  timeout: number;
  priority: number;
  startsAt: string;
  endsAt: string | null;
  /** The rights a reader must hold one of; absent: everyone. */
  roles?: string[];
}[] = [
  {
    id: 1,
    type: 'other',
    priority: 10,
    timeout: 0,
    startsAt: '2024-01-01T00:00:00Z',
    endsAt: null,
    message: {
      fr: 'Pics de fin d’année : pour une expédition avant Noël, vos commandes doivent être transmises avant le 18 décembre à 12 h.',
      en: 'Year-end peak: for shipping before Christmas, your orders must reach us before 18 December at noon.',
      es: 'Temporada alta de fin de año: para enviar antes de Navidad, sus pedidos deben llegarnos antes del 18 de diciembre a las 12:00.',
      it: 'Picco di fine anno: per la spedizione prima di Natale, gli ordini devono pervenirci entro il 18 dicembre alle 12:00.',
      de: 'Jahresendspitze: Für den Versand vor Weihnachten müssen Ihre Aufträge bis zum 18. Dezember, 12 Uhr, bei uns eingehen.',
    },
  },
  {
    id: 2,
    type: 'info',
    priority: 5,
    timeout: 15000,
    startsAt: '2024-01-01T00:00:00Z',
    endsAt: null,
    // Only for those who may download proofs of delivery in bulk.
    roles: ['USER_BULK_POD'],
    message: {
      fr: 'Nouveau : les preuves de livraison sont désormais téléchargeables en lot depuis Tracer Route.',
      en: 'New: proofs of delivery can now be downloaded in bulk from Tracer Route.',
      es: 'Novedad: las pruebas de entrega ya se pueden descargar en lote desde Tracer Route.',
      it: 'Novità: le prove di consegna si possono ora scaricare in blocco da Tracer Route.',
      de: 'Neu: Zustellnachweise lassen sich jetzt gesammelt in Tracer Route herunterladen.',
    },
  },
  {
    id: 3,
    type: 'info',
    priority: 1,
    timeout: 0,
    startsAt: '2024-06-01T00:00:00Z',
    endsAt: '2024-06-02T06:00:00Z',
    message: {
      fr: 'Maintenance du portail le 1er juin de 22 h à 6 h : le suivi des commandes sera indisponible.',
      en: 'Portal maintenance on 1 June from 10 pm to 6 am: order tracking will be unavailable.',
    },
  },
];

export const DEMO_EMAIL_TEMPLATES: {
  id: number;
  code: string;
  locale: 'fr' | 'en';
  visibility: TemplateVisibility;
  label: string;
  subject: string;
  body: string;
}[] = [
  {
    id: 1,
    code: 'DELIVERY_DELAY',
    locale: 'fr',
    visibility: 'public',
    label: 'Retard de livraison',
    subject: 'Votre commande {{reference}} : retard de livraison',
    body: 'Bonjour,\n\nVotre commande {{reference}} a pris du retard chez le transporteur. Une nouvelle date de livraison vous sera communiquée dès que possible.\n\nNous vous prions de nous excuser pour la gêne occasionnée.\n\nCordialement,',
  },
  {
    id: 2,
    code: 'DELIVERY_DELAY',
    locale: 'en',
    visibility: 'public',
    label: 'Delivery delay',
    subject: 'Your order {{reference}}: delivery delay',
    body: 'Hello,\n\nYour order {{reference}} has been delayed at the carrier. We will let you know the new delivery date as soon as possible.\n\nWe apologise for any inconvenience.\n\nKind regards,',
  },
  {
    id: 3,
    code: 'POD_REQUEST',
    locale: 'fr',
    visibility: 'public',
    label: 'Demande de preuve de livraison',
    subject: 'Demande de preuve de livraison – commande {{reference}}',
    body: 'Bonjour,\n\nPourriez-vous nous transmettre la preuve de livraison (émargement) de la commande {{reference}} ?\n\nMerci par avance,',
  },
  {
    id: 4,
    code: 'POD_REQUEST',
    locale: 'en',
    visibility: 'public',
    label: 'Proof of delivery request',
    subject: 'Proof of delivery request – order {{reference}}',
    body: 'Hello,\n\nCould you please send us the proof of delivery (signed POD) for order {{reference}}?\n\nThank you in advance,',
  },
  {
    id: 5,
    code: 'ACCOUNT_CREATED',
    locale: 'fr',
    visibility: 'admin',
    label: 'Création de compte portail',
    subject: 'Votre accès au portail logistique',
    body: 'Bonjour,\n\nVotre compte sur le portail logistique a été créé avec l’identifiant {{login}}. Un lien pour choisir votre mot de passe vous parviendra dans un message séparé.\n\nL’équipe support',
  },
  {
    id: 6,
    code: 'ACCOUNT_CREATED',
    locale: 'en',
    visibility: 'admin',
    label: 'Portal account created',
    subject: 'Your access to the logistics portal',
    body: 'Hello,\n\nYour logistics portal account has been created with the login {{login}}. A link to choose your password will follow in a separate message.\n\nThe support team',
  },
];

/** Back-office logs of the demo (spec §3 Log): what an administrator finds to acknowledge. Fixed dates. */
export const DEMO_LOGS: {
  id: number;
  severity: 'info' | 'warning' | 'error' | 'critical';
  module: string;
  key: LogMessageKey;
  params: LogMessageParams;
  objectName: string;
  objectId: string;
  firstAt: string;
  lastAt: string;
  counter: number;
}[] = [
  {
    id: 1,
    severity: 'error',
    module: 'huby',
    key: 'carrierTimeout',
    params: { carrier: 'GLS', seconds: 30 },
    objectName: 'carrier',
    objectId: 'GLS',
    firstAt: '2026-11-20T07:12:00Z',
    lastAt: '2026-11-24T16:45:00Z',
    counter: 14,
  },
  {
    id: 2,
    severity: 'warning',
    module: 'fever',
    key: 'probeSilent',
    params: { hours: 12 },
    objectName: 'probe',
    objectId: '00:1B:44:11:3A:B7',
    firstAt: '2026-11-23T02:00:00Z',
    lastAt: '2026-11-23T02:00:00Z',
    counter: 1,
  },
  {
    id: 3,
    severity: 'critical',
    module: 'tracking',
    key: 'feedUnknownDepositor',
    params: {},
    objectName: 'feed',
    objectId: 'WMS-LYS1',
    firstAt: '2026-11-22T05:30:00Z',
    lastAt: '2026-11-25T05:30:00Z',
    counter: 4,
  },
  {
    id: 4,
    severity: 'info',
    module: 'alerts',
    key: 'mailDeliveredAfterRetries',
    params: { attempts: 2 },
    objectName: 'alert',
    objectId: '7',
    firstAt: '2026-11-21T12:00:00Z',
    lastAt: '2026-11-21T12:00:00Z',
    counter: 2,
  },
];
