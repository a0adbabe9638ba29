import { Role, type RoleName } from './roles';
import type { Labels5 } from './tracking/labels';

/**
 * The rights catalogue (spec §3 Right: id, name, description, optional group): every role of
 * roles.ts with its name and one line of description in the five languages, grouped as the role
 * pickers show them. The id is the role name itself (what users and role groups store).
 */
export const RIGHT_GROUPS = ['applications', 'admin', 'reports', 'tracking', 'huby', 'claims', 'alerts', 'standalone'] as const;
export type RightGroup = (typeof RIGHT_GROUPS)[number];

export const RIGHT_GROUP_LABELS: Record<RightGroup, Labels5> = {
  applications: l('Applications', 'Applications', 'Aplicaciones', 'Applicazioni', 'Anwendungen'),
  admin: l('Back office', 'Back office', 'Back office', 'Back office', 'Backoffice'),
  reports: l('Rapports', 'Reports', 'Informes', 'Report', 'Berichte'),
  tracking: l(
    'Suivi et documents',
    'Tracking and documents',
    'Seguimiento y documentos',
    'Tracciamento e documenti',
    'Sendungsverfolgung und Dokumente',
  ),
  huby: l('Huby et Loop', 'Huby and Loop', 'Huby y Loop', 'Huby e Loop', 'Huby und Loop'),
  claims: l('Réclamations', 'Claims', 'Reclamaciones', 'Reclami', 'Reklamationen'),
  alerts: l('Alertes et mails', 'Alerts and mails', 'Alertas y correos', 'Avvisi e mail', 'Alarme und E-Mails'),
  standalone: l('Autres', 'Other', 'Otros', 'Altri', 'Sonstige'),
};

export interface RightDto {
  /** The role name (spec §6, verbatim). */
  id: RoleName;
  name: Labels5;
  description: Labels5;
  group: RightGroup;
}

function l(fr: string, en: string, es: string, it: string, de: string): Labels5 {
  return { fr, en, es, it, de };
}

const opens = (app: string): Labels5 => l(`Ouvre ${app}`, `Opens ${app}`, `Abre ${app}`, `Apre ${app}`, `Öffnet ${app}`);
const manages = (what: Labels5): Labels5 =>
  l(
    `Gère ${what.fr} dans /admin`,
    `Manages ${what.en} in /admin`,
    `Gestiona ${what.es} en /admin`,
    `Gestisce ${what.it} in /admin`,
    `Verwaltet ${what.de} in /admin`,
  );
const report = (id: string): Labels5 => l(`Rapport ${id}`, `Report ${id}`, `Informe ${id}`, `Report ${id}`, `Bericht ${id}`);
const readsReport = (id: string): Labels5 =>
  l(
    `Lit le rapport n° ${id}`,
    `Reads report no. ${id}`,
    `Consulta el informe n.º ${id}`,
    `Legge il report n. ${id}`,
    `Liest Bericht Nr. ${id}`,
  );

type Row = [RoleName, RightGroup, Labels5, Labels5];

const ADMIN_AREAS: [RoleName, Labels5][] = [
  [Role.ADMIN_USERS, l('les utilisateurs', 'users', 'los usuarios', 'gli utenti', 'Benutzer')],
  [Role.ADMIN_GROUP, l('les groupes de droits', 'role groups', 'los grupos de derechos', 'i gruppi di diritti', 'Rechtegruppen')],
  [Role.ADMIN_DEPOSITOR, l('les déposants', 'depositors', 'los depositantes', 'i depositanti', 'Einlagerer')],
  [
    Role.ADMIN_LIST,
    l('les listes de référence', 'reference lists', 'las listas de referencia', 'le liste di riferimento', 'Referenzlisten'),
  ],
  [Role.ADMIN_TEMPLATE, l('les modèles de mail', 'e-mail templates', 'las plantillas de correo', 'i modelli di mail', 'E-Mail-Vorlagen')],
  [Role.ADMIN_NAVETTE, l('les navettes', 'shuttles', 'las lanzaderas', 'le navette', 'Shuttles')],
  [Role.ADMIN_CARRIER, l('les transporteurs', 'carriers', 'los transportistas', 'i vettori', 'Frachtführer')],
  [Role.ADMIN_TOUR, l('les tournées', 'tours', 'las rutas', 'i giri', 'Touren')],
  [
    Role.ADMIN_DASHTOWER_USER,
    l('les utilisateurs Dashtower', 'Dashtower users', 'los usuarios Dashtower', 'gli utenti Dashtower', 'Dashtower-Benutzer'),
  ],
  [Role.ADMIN_WRAP, l('les emballages', 'packaging', 'los embalajes', 'gli imballaggi', 'Verpackungen')],
  [Role.ADMIN_THIRDPARTY, l('les tiers', 'third parties', 'los terceros', 'i terzi', 'Drittparteien')],
  [Role.ADMIN_SONDE, l('les sondes', 'probes', 'las sondas', 'le sonde', 'Sensoren')],
  [
    Role.ADMIN_TRACKING_TRANSLATION,
    l('les libellés de suivi', 'tracking wording', 'los textos de seguimiento', 'i testi di tracciamento', 'Sendungsverfolgungstexte'),
  ],
  [Role.ADMIN_ANNOUNCEMENT, l('les annonces', 'announcements', 'los anuncios', 'gli annunci', 'Ankündigungen')],
  [Role.ADMIN_LOGS, l('les journaux', 'logs', 'los registros', 'i log', 'Protokolle')],
  [Role.ADMIN_STATISTICS, l('les statistiques', 'statistics', 'las estadísticas', 'le statistiche', 'Statistiken')],
];

const capital = (what: Labels5): Labels5 =>
  Object.fromEntries(Object.entries(what).map(([k, v]) => [k, `Admin : ${v}`])) as unknown as Labels5;

const NUMBERED_REPORTS = ['1002', '1003', '1059', '1060', '1067', '1071', '1072', '1073', '100001'] as const;

const ROWS: Row[] = [
  [
    Role.ADMIN,
    'admin',
    l('Administrateur', 'Administrator', 'Administrador', 'Amministratore', 'Administrator'),
    l(
      'Accorde tous les droits, back office compris',
      'Grants every right, back office included',
      'Concede todos los derechos, back office incluido',
      'Concede tutti i diritti, back office compreso',
      'Gewährt alle Rechte, Backoffice eingeschlossen',
    ),
  ],
  [
    Role.PGT_USER,
    'applications',
    l('Pack and Go Tracer', 'Pack and Go Tracer', 'Pack and Go Tracer', 'Pack and Go Tracer', 'Pack and Go Tracer'),
    opens('/pgt'),
  ],
  [Role.STOCK_USER, 'applications', l('Mes stocks', 'My Stocks', 'Mis stocks', 'Le mie scorte', 'Meine Bestände'), opens('/stock')],
  [
    Role.ALERT_USER,
    'applications',
    l('My VIP et My DOC', 'My VIP and My DOC', 'My VIP y My DOC', 'My VIP e My DOC', 'My VIP und My DOC'),
    opens('/vip, /doc'),
  ],
  [Role.ITEM_USER, 'applications', l('Mes articles', 'My Items', 'Mis artículos', 'I miei articoli', 'Meine Artikel'), opens('/item')],
  [
    Role.DASHTOWER_USER,
    'applications',
    l('Dashtower / Huby', 'Dashtower / Huby', 'Dashtower / Huby', 'Dashtower / Huby', 'Dashtower / Huby'),
    opens('/dashtower'),
  ],
  [Role.GEO_ORDER_USER, 'applications', l('Géo-commande', 'Geo-order', 'Geo-pedido', 'Geo-ordine', 'Geo-Auftrag'), opens('/geo-order')],
  [
    Role.SERIAL_USER,
    'applications',
    l('Serial Tracker', 'Serial Tracker', 'Serial Tracker', 'Serial Tracker', 'Serial Tracker'),
    opens('/serialtracker'),
  ],
  [
    Role.TRACERROUTE_USER,
    'applications',
    l('Tracer Route', 'Tracer Route', 'Tracer Route', 'Tracer Route', 'Tracer Route'),
    opens('/tracerroute'),
  ],
  [
    Role.FEVER_USER,
    'applications',
    l('Fever (sondes)', 'Fever (probes)', 'Fever (sondas)', 'Fever (sonde)', 'Fever (Sensoren)'),
    opens('/fever'),
  ],
  [Role.CLAIM_USER, 'applications', l('Réclamations', 'Claims', 'Reclamaciones', 'Reclami', 'Reklamationen'), opens('/claim')],
  [
    Role.HUBY_USER,
    'applications',
    l('Huby', 'Huby', 'Huby', 'Huby', 'Huby'),
    l('Utilise les expéditions Huby', 'Uses Huby shipments', 'Usa los envíos Huby', 'Usa le spedizioni Huby', 'Nutzt Huby-Sendungen'),
  ],
  ...ADMIN_AREAS.map(([role, what]): Row => [role, 'admin', capital(what), manages(what)]),
  [
    Role.REPORT_USER,
    'reports',
    l('Bibliothèque de rapports', 'Reports library', 'Biblioteca de informes', 'Libreria report', 'Berichtsbibliothek'),
    l(
      'Ouvre la bibliothèque de rapports',
      'Opens the reports library',
      'Abre la biblioteca de informes',
      'Apre la libreria report',
      'Öffnet die Berichtsbibliothek',
    ),
  ],
  [
    Role.REPORT_USER_MESSAGERIE,
    'reports',
    l('Rapports messagerie', 'Parcel courier reports', 'Informes de paquetería', 'Report corriere espresso', 'Paketdienst-Berichte'),
    l(
      'Lit les rapports de messagerie',
      'Reads parcel courier reports',
      'Consulta los informes de paquetería',
      'Legge i report corriere espresso',
      'Liest Paketdienst-Berichte',
    ),
  ],
  [
    Role.REPORT_USER_TRANSIT,
    'reports',
    l('Rapports transit', 'Transit reports', 'Informes de tránsito', 'Report transito', 'Transitberichte'),
    l(
      'Lit les rapports de transit',
      'Reads transit reports',
      'Consulta los informes de tránsito',
      'Legge i report di transito',
      'Liest Transitberichte',
    ),
  ],
  [
    Role.REPORT_INTERNAL,
    'reports',
    l('Rapports internes', 'Internal reports', 'Informes internos', 'Report interni', 'Interne Berichte'),
    l(
      'Lit les rapports internes du prestataire',
      "Reads the provider's internal reports",
      'Consulta los informes internos del proveedor',
      'Legge i report interni del fornitore',
      'Liest interne Berichte des Dienstleisters',
    ),
  ],
  [
    Role.REPORT_USER_LAMAT,
    'reports',
    l('Rapports LAMAT', 'LAMAT reports', 'Informes LAMAT', 'Report LAMAT', 'LAMAT-Berichte'),
    l('Lit les rapports LAMAT', 'Reads LAMAT reports', 'Consulta los informes LAMAT', 'Legge i report LAMAT', 'Liest LAMAT-Berichte'),
  ],
  [
    Role.STOCK_MVT_DETAILS,
    'reports',
    l('Détail des mouvements', 'Movement details', 'Detalle de movimientos', 'Dettaglio movimenti', 'Bewegungsdetails'),
    l(
      'Lit le détail des mouvements de stock',
      'Reads stock movement details',
      'Consulta el detalle de movimientos de stock',
      'Legge il dettaglio dei movimenti di magazzino',
      'Liest Details der Lagerbewegungen',
    ),
  ],
  [
    Role.READ_TURNOVER,
    'reports',
    l("Chiffre d'affaires", 'Turnover', 'Facturación', 'Fatturato', 'Umsatz'),
    l("Lit le chiffre d'affaires", 'Reads turnover', 'Consulta la facturación', 'Legge il fatturato', 'Liest den Umsatz'),
  ],
  ...NUMBERED_REPORTS.map((id): Row => [`REPORT_USER_${id}` as RoleName, 'reports', report(id), readsReport(id)]),
  [
    Role.USER_MANUAL_DELIVERED_STATUS,
    'tracking',
    l(
      'Statut livré manuel',
      'Manual delivered status',
      'Estado entregado manual',
      'Stato consegnato manuale',
      'Manueller Status zugestellt',
    ),
    l(
      'Classe une livraison comme livrée à la main',
      'Classifies a delivery as delivered by hand',
      'Clasifica una entrega como entregada a mano',
      'Classifica a mano una consegna come consegnata',
      'Stuft eine Lieferung manuell als zugestellt ein',
    ),
  ],
  [
    Role.USER_DELETE_TRACKING_LINE,
    'tracking',
    l(
      'Supprimer une ligne de suivi',
      'Delete a tracking line',
      'Eliminar una línea de seguimiento',
      'Eliminare una riga di tracciamento',
      'Verfolgungszeile löschen',
    ),
    l(
      'Supprime une ligne du suivi',
      'Deletes a tracking line',
      'Elimina una línea del seguimiento',
      'Elimina una riga del tracciamento',
      'Löscht eine Verfolgungszeile',
    ),
  ],
  [
    Role.USER_VIEW_REVENUE_DATA,
    'tracking',
    l('Voir le chiffre d’affaires', 'View revenue data', 'Ver la facturación', 'Vedere il fatturato', 'Umsatzdaten sehen'),
    l(
      'Voit les montants facturés',
      'Sees invoiced amounts',
      'Ve los importes facturados',
      'Vede gli importi fatturati',
      'Sieht fakturierte Beträge',
    ),
  ],
  [
    Role.USER_CHANGE_OWN_LOGO,
    'standalone',
    l('Changer son logo', 'Change own logo', 'Cambiar su logotipo', 'Cambiare il proprio logo', 'Eigenes Logo ändern'),
    l(
      'Change le logo de son déposant',
      "Changes their depositor's logo",
      'Cambia el logotipo de su depositante',
      'Cambia il logo del proprio depositante',
      'Ändert das Logo des eigenen Einlagerers',
    ),
  ],
  [
    Role.USER_CREATE_HUBY_ORDER,
    'huby',
    l('Créer des commandes Huby', 'Create Huby orders', 'Crear pedidos Huby', 'Creare ordini Huby', 'Huby-Aufträge anlegen'),
    l('Crée des expéditions Huby', 'Creates Huby shipments', 'Crea envíos Huby', 'Crea spedizioni Huby', 'Legt Huby-Sendungen an'),
  ],
  [
    Role.USER_CREATE_LOOP_ORDER,
    'huby',
    l('Créer des commandes Loop', 'Create Loop orders', 'Crear pedidos Loop', 'Creare ordini Loop', 'Loop-Aufträge anlegen'),
    l('Saisit des commandes Loop', 'Enters Loop orders', 'Introduce pedidos Loop', 'Inserisce ordini Loop', 'Erfasst Loop-Aufträge'),
  ],
  [
    Role.USER_CREATE_HAZARDOUS_ORDER,
    'huby',
    l('Commandes dangereuses', 'Hazardous orders', 'Pedidos peligrosos', 'Ordini pericolosi', 'Gefahrgutaufträge'),
    l(
      'Crée des commandes de marchandises dangereuses',
      'Creates dangerous goods orders',
      'Crea pedidos de mercancías peligrosas',
      'Crea ordini di merci pericolose',
      'Legt Gefahrgutaufträge an',
    ),
  ],
  [
    Role.USER_HUBY_DANGEROUS_GOODS,
    'huby',
    l('Marchandises dangereuses Huby', 'Huby dangerous goods', 'Mercancías peligrosas Huby', 'Merci pericolose Huby', 'Huby-Gefahrgut'),
    l(
      'Déclare des marchandises dangereuses (ADR)',
      'Declares dangerous goods (ADR)',
      'Declara mercancías peligrosas (ADR)',
      'Dichiara merci pericolose (ADR)',
      'Meldet Gefahrgut (ADR)',
    ),
  ],
  [
    Role.USER_IMPORT_ALL,
    'huby',
    l('Tout importer', 'Import all', 'Importar todo', 'Importare tutto', 'Alles importieren'),
    l(
      'Importe commandes et données',
      'Imports orders and data',
      'Importa pedidos y datos',
      'Importa ordini e dati',
      'Importiert Aufträge und Daten',
    ),
  ],
  [
    Role.USER_IMPORT_HUBY,
    'huby',
    l('Import Huby', 'Huby import', 'Importación Huby', 'Importazione Huby', 'Huby-Import'),
    l('Importe des commandes Huby', 'Imports Huby orders', 'Importa pedidos Huby', 'Importa ordini Huby', 'Importiert Huby-Aufträge'),
  ],
  [
    Role.USER_VIP_PREMIUM,
    'alerts',
    l('VIP Premium', 'VIP Premium', 'VIP Premium', 'VIP Premium', 'VIP Premium'),
    l(
      'Écrit au client final depuis ses alertes',
      'Mails the final customer from alerts',
      'Escribe al cliente final desde sus alertas',
      'Scrive al cliente finale dai propri avvisi',
      'Schreibt dem Endkunden aus den Alarmen',
    ),
  ],
  [
    Role.USER_EMAIL_TEMPLATE_ADMIN,
    'alerts',
    l(
      'Modèles de mail (admin)',
      'E-mail templates (admin)',
      'Plantillas de correo (admin)',
      'Modelli di mail (admin)',
      'E-Mail-Vorlagen (Admin)',
    ),
    l(
      'Envoie les modèles réservés aux administrateurs',
      'Sends the administrators’ templates',
      'Envía las plantillas de administradores',
      'Invia i modelli degli amministratori',
      'Sendet die Vorlagen der Administratoren',
    ),
  ],
  [
    Role.USER_EMAIL_TEMPLATE_PUBLIC,
    'alerts',
    l(
      'Modèles de mail (publics)',
      'E-mail templates (public)',
      'Plantillas de correo (públicas)',
      'Modelli di mail (pubblici)',
      'E-Mail-Vorlagen (öffentlich)',
    ),
    l(
      'Envoie les modèles publics',
      'Sends the public templates',
      'Envía las plantillas públicas',
      'Invia i modelli pubblici',
      'Sendet die öffentlichen Vorlagen',
    ),
  ],
  [
    Role.USER_BULK_POD,
    'tracking',
    l('Preuves de livraison en masse', 'Bulk POD actions', 'Pruebas de entrega en bloque', 'POD in blocco', 'POD-Massenaktionen'),
    l(
      'Traite les preuves de livraison par lots',
      'Handles proofs of delivery in bulk',
      'Gestiona pruebas de entrega en bloque',
      'Gestisce le prove di consegna in blocco',
      'Bearbeitet Zustellnachweise in Mengen',
    ),
  ],
  [
    Role.USER_CUSTOM_ALERT_SUBJECT,
    'alerts',
    l(
      'Objet d’alerte personnalisé',
      'Custom alert subject',
      'Asunto de alerta personalizado',
      'Oggetto avviso personalizzato',
      'Eigener Alarmbetreff',
    ),
    l(
      'Écrit l’objet des mails de ses alertes',
      'Writes the subject of alert mails',
      'Escribe el asunto de los correos de alerta',
      "Scrive l'oggetto delle mail di avviso",
      'Schreibt den Betreff der Alarm-E-Mails',
    ),
  ],
  [
    Role.USER_ADD_DOCUMENT,
    'tracking',
    l('Ajouter des documents', 'Add documents', 'Añadir documentos', 'Aggiungere documenti', 'Dokumente hinzufügen'),
    l(
      'Joint des documents à une commande',
      'Attaches documents to an order',
      'Adjunta documentos a un pedido',
      'Allega documenti a un ordine',
      'Hängt Dokumente an einen Auftrag',
    ),
  ],
  [
    Role.USER_DELETE_OWN_DOCUMENT,
    'tracking',
    l(
      'Supprimer ses documents',
      'Delete own documents',
      'Eliminar sus documentos',
      'Eliminare i propri documenti',
      'Eigene Dokumente löschen',
    ),
    l(
      'Supprime les documents qu’il a ajoutés',
      'Deletes the documents they added',
      'Elimina los documentos que añadió',
      'Elimina i documenti che ha aggiunto',
      'Löscht selbst hinzugefügte Dokumente',
    ),
  ],
  [
    Role.USER_DELETE_ANY_DOCUMENT,
    'tracking',
    l(
      'Supprimer tout document',
      'Delete any document',
      'Eliminar cualquier documento',
      'Eliminare qualsiasi documento',
      'Beliebige Dokumente löschen',
    ),
    l(
      'Supprime n’importe quel document',
      'Deletes any document',
      'Elimina cualquier documento',
      'Elimina qualsiasi documento',
      'Löscht jedes Dokument',
    ),
  ],
  [
    Role.USER_DELETE_POD,
    'tracking',
    l(
      'Supprimer une preuve de livraison',
      'Delete a POD',
      'Eliminar una prueba de entrega',
      'Eliminare una POD',
      'Zustellnachweis löschen',
    ),
    l(
      'Supprime une preuve de livraison',
      'Deletes a proof of delivery',
      'Elimina una prueba de entrega',
      'Elimina una prova di consegna',
      'Löscht einen Zustellnachweis',
    ),
  ],
  [
    Role.USER_TRACKER_NUMBER_SEARCH,
    'tracking',
    l(
      'Recherche par n° de suivi',
      'Tracking number search',
      'Búsqueda por n.º de seguimiento',
      'Ricerca per n. di tracking',
      'Suche nach Sendungsnummer',
    ),
    l(
      'Cherche par numéro de suivi transporteur',
      'Searches by carrier tracking number',
      'Busca por número de seguimiento',
      'Cerca per numero di tracking del vettore',
      'Sucht nach Sendungsnummer des Frachtführers',
    ),
  ],
  [
    Role.USER_CLAIM_CREATE,
    'claims',
    l('Créer des réclamations', 'Create claims', 'Crear reclamaciones', 'Creare reclami', 'Reklamationen anlegen'),
    l('Dépose des réclamations', 'Files claims', 'Presenta reclamaciones', 'Presenta reclami', 'Reicht Reklamationen ein'),
  ],
  [
    Role.USER_CLAIM_READ,
    'claims',
    l('Lire les réclamations', 'Read claims', 'Leer reclamaciones', 'Leggere i reclami', 'Reklamationen lesen'),
    l('Consulte les réclamations', 'Reads claims', 'Consulta las reclamaciones', 'Consulta i reclami', 'Liest Reklamationen'),
  ],
  [
    Role.USER_CLAIM_UPDATE,
    'claims',
    l('Traiter les réclamations', 'Process claims', 'Tramitar reclamaciones', 'Gestire i reclami', 'Reklamationen bearbeiten'),
    l(
      'Modifie, traite et clôt les réclamations',
      'Edits, processes and closes claims',
      'Modifica, tramita y cierra reclamaciones',
      'Modifica, gestisce e chiude i reclami',
      'Ändert, bearbeitet und schließt Reklamationen',
    ),
  ],
  [
    Role.USER_CLAIM_DELETE,
    'claims',
    l('Supprimer des réclamations', 'Delete claims', 'Eliminar reclamaciones', 'Eliminare reclami', 'Reklamationen löschen'),
    l(
      'Supprime des brouillons de réclamation',
      'Deletes claim drafts',
      'Elimina borradores de reclamación',
      'Elimina bozze di reclamo',
      'Löscht Reklamationsentwürfe',
    ),
  ],
  [
    Role.SUPER_ADMIN,
    'standalone',
    l('Super administrateur', 'Super admin', 'Superadministrador', 'Super amministratore', 'Superadministrator'),
    l(
      'Droit historique du super administrateur',
      'Legacy super administrator right',
      'Derecho histórico de superadministrador',
      'Diritto storico di super amministratore',
      'Historisches Superadministrator-Recht',
    ),
  ],
  [
    Role.DEV_MODE,
    'standalone',
    l('Mode développeur', 'Dev mode', 'Modo desarrollador', 'Modalità sviluppatore', 'Entwicklermodus'),
    l(
      'Affiche les outils de développement',
      'Shows developer tools',
      'Muestra las herramientas de desarrollo',
      'Mostra gli strumenti di sviluppo',
      'Zeigt Entwicklerwerkzeuge',
    ),
  ],
  [
    Role.STOCK_MANAGER,
    'standalone',
    l(
      'Gestionnaire de stock (obsolète)',
      'Stock manager (deprecated)',
      'Gestor de stock (obsoleto)',
      'Gestore scorte (obsoleto)',
      'Lagerverwalter (veraltet)',
    ),
    l(
      'Conservé pour les comptes existants ; rien de plus que Mes stocks',
      'Kept for existing accounts; nothing beyond My Stocks',
      'Conservado para cuentas existentes; nada más que Mis stocks',
      'Mantenuto per gli account esistenti; niente oltre Le mie scorte',
      'Für bestehende Konten; nicht mehr als Meine Bestände',
    ),
  ],
  [
    Role.SPIDERMAN,
    'standalone',
    l('Spiderman', 'Spiderman', 'Spiderman', 'Spiderman', 'Spiderman'),
    l(
      'Droit historique « spiderman »',
      'Legacy "spiderman" right',
      'Derecho histórico «spiderman»',
      'Diritto storico «spiderman»',
      'Historisches Recht „Spiderman“',
    ),
  ],
];

/** The catalogue, in the order of roles.ts (a test checks that every role is here once). */
export const RIGHTS: readonly RightDto[] = ROWS.map(([id, group, name, description]) => ({ id, group, name, description }));
export const RIGHTS_BY_ID: ReadonlyMap<string, RightDto> = new Map(RIGHTS.map((r) => [r.id, r]));
