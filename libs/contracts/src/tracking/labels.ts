import type { CarrierEventStatus, DocumentType, TracerEventType, TracerRouteStatusCode, TrackingStatusCode } from './statuses';

/** A label in the five languages of the portal (spec §1), keyed by short locale. */
export interface Labels5 {
  fr: string;
  en: string;
  es: string;
  it: string;
  de: string;
}
const l = (fr: string, en: string, es: string, it: string, de: string): Labels5 => ({ fr, en, es, it, de });

/** Spec §4 tracking status labels, in the words of logistics staff (DOMAIN.md). */
export const TRACKING_STATUS_LABELS: Record<TrackingStatusCode, Labels5> = {
  [-1]: l('Annulée', 'Canceled', 'Cancelado', 'Annullato', 'Storniert'),
  0: l(
    'En cours de réception / préparation',
    'Being received / prepared',
    'En recepción / preparación',
    'In ricezione / preparazione',
    'Im Wareneingang / in Vorbereitung',
  ),
  5: l('Reçue sur plateforme', 'Received at platform', 'Recibido en plataforma', 'Ricevuto in piattaforma', 'Im Lager eingegangen'),
  10: l(
    'En attente de préparation',
    'Awaiting preparation',
    'Pendiente de preparación',
    'In attesa di prelievo',
    'Wartet auf Kommissionierung',
  ),
  11: l(
    'En attente (matière dangereuse)',
    'Waiting (hazardous material)',
    'En espera (mercancía peligrosa)',
    'In attesa (merce pericolosa)',
    'Wartend (Gefahrgut)',
  ),
  30: l('En préparation', 'Picking', 'En preparación', 'In prelievo', 'In Kommissionierung'),
  50: l('En emballage', 'Packing', 'En embalaje', 'In imballaggio', 'In Verpackung'),
  60: l('Préparation terminée', 'Preparation ended', 'Preparación terminada', 'Prelievo terminato', 'Kommissionierung abgeschlossen'),
  65: l('Dédouanement en cours', 'Customs in progress', 'Despacho aduanero en curso', 'Sdoganamento in corso', 'Verzollung läuft'),
  70: l('Prête à expédier', 'Ready to ship', 'Listo para enviar', 'Pronto per la spedizione', 'Versandbereit'),
  71: l(
    'Dédouanée, prête à expédier',
    'Customs cleared, ready to ship',
    'Despachado, listo para enviar',
    'Sdoganato, pronto per la spedizione',
    'Verzollt, versandbereit',
  ),
  90: l('Expédiée', 'Shipped', 'Enviado', 'Spedito', 'Versendet'),
  95: l('En transit', 'In transit', 'En tránsito', 'In transito', 'Unterwegs'),
  // 96: the carrier is bringing the parcel back; 106: the warehouse has it back (told apart for the customer).
  96: l(
    'Retour à l’expéditeur en cours',
    'Being returned to sender',
    'En devolución al remitente',
    'In rientro al mittente',
    'Rücksendung an Absender unterwegs',
  ),
  97: l('Anomalie de livraison', 'Delivery anomaly', 'Incidencia de entrega', 'Anomalia di consegna', 'Zustellstörung'),
  98: l('Livrée partiellement', 'Partially delivered', 'Entregado parcialmente', 'Consegnato parzialmente', 'Teilweise zugestellt'),
  99: l('Multiple (voir colis)', 'Multiple (see parcels)', 'Múltiple (ver bultos)', 'Multiplo (vedi colli)', 'Mehrere (siehe Packstücke)'),
  100: l('Livrée', 'Delivered', 'Entregado', 'Consegnato', 'Zugestellt'),
  106: l(
    'Retour reçu par l’expéditeur',
    'Return received by the sender',
    'Devolución recibida por el remitente',
    'Reso ricevuto dal mittente',
    'Rücksendung beim Absender eingegangen',
  ),
};

export const TRACER_ROUTE_STATUS_LABELS: Record<TracerRouteStatusCode, Labels5> = {
  WAITING: l('En attente', 'Waiting', 'En espera', 'In attesa', 'Wartend'),
  SHIPPED: l('Expédiée', 'Shipped', 'Enviado', 'Spedito', 'Versendet'),
  SHIPPED_NO_CARRIER_INFO: l(
    'Expédiée sans information transporteur',
    'Shipped without carrier information',
    'Enviado sin información del transportista',
    'Spedito senza informazioni del vettore',
    'Versendet ohne Frachtführerinformation',
  ),
  CARRIER_IN_PROGRESS: l(
    'En cours chez le transporteur',
    'Carrier in progress',
    'En curso con el transportista',
    'In carico al vettore',
    'Beim Frachtführer unterwegs',
  ),
  SENDER_RETURN: l('Retour expéditeur', 'Sender return', 'Devolución al remitente', 'Reso al mittente', 'Rücksendung'),
  LATE: l('En retard', 'Late', 'Con retraso', 'In ritardo', 'Verspätet'),
  DELIVERED: l('Livrée', 'Delivered', 'Entregado', 'Consegnato', 'Zugestellt'),
  DELIVERED_PARTIAL: l(
    'Livrée partiellement',
    'Delivered partial',
    'Entregado parcialmente',
    'Consegnato parzialmente',
    'Teilweise zugestellt',
  ),
  DELIVERED_DAMAGED: l(
    'Livrée avec avarie',
    'Delivered with damage',
    'Entregado con daños',
    'Consegnato con danni',
    'Mit Schaden zugestellt',
  ),
  ANOMALY: l('Anomalie', 'Anomaly', 'Incidencia', 'Anomalia', 'Störung'),
  ANOMALY_CARRIER: l(
    'Anomalie transporteur',
    'Anomaly carrier',
    'Incidencia del transportista',
    'Anomalia del vettore',
    'Störung beim Frachtführer',
  ),
};

export const TRACER_EVENT_TYPE_LABELS: Record<TracerEventType, Labels5> = {
  WRONG_ADDRESS: l('Adresse erronée', 'Wrong address', 'Dirección errónea', 'Indirizzo errato', 'Falsche Adresse'),
  BACK_TO_SENDER: l('Retour expéditeur', 'Back to sender', 'Devolución al remitente', 'Reso al mittente', 'Zurück an Absender'),
  REFUSED: l('Refusée', 'Refused', 'Rechazado', 'Rifiutato', 'Abgelehnt'),
  DELIVERY_ANOMALY: l('Anomalie de livraison', 'Delivery anomaly', 'Incidencia de entrega', 'Anomalia di consegna', 'Zustellstörung'),
  ORDER_INFO: l('Information commande', 'Order info', 'Información del pedido', 'Informazioni ordine', 'Auftragsinformation'),
  LITIGATION_IN_PROGRESS: l('Litige en cours', 'Litigation in progress', 'Litigio en curso', 'Contestazione in corso', 'Streitfall offen'),
  EXPECTED_DELIVERY_ON: l(
    'Livraison prévue le',
    'Expected delivery on',
    'Entrega prevista el',
    'Consegna prevista il',
    'Zustellung erwartet am',
  ),
  DELIVERY_REFUSED: l('Livraison refusée', 'Delivery refused', 'Entrega rechazada', 'Consegna rifiutata', 'Annahme verweigert'),
  NEW_APPOINTMENT: l('Nouveau rendez-vous', 'New appointment', 'Nueva cita', 'Nuovo appuntamento', 'Neuer Termin'),
  APPOINTMENT_BY_RECIPIENT: l(
    'Rendez-vous pris par le destinataire',
    'Appointment set by recipient',
    'Cita fijada por el destinatario',
    'Appuntamento fissato dal destinatario',
    'Termin vom Empfänger vereinbart',
  ),
  APPOINTMENT_BY_SENDER: l(
    'Rendez-vous pris par l’expéditeur',
    'Appointment set by sender',
    'Cita fijada por el remitente',
    'Appuntamento fissato dal mittente',
    'Termin vom Versender vereinbart',
  ),
};

/** What a carrier reported (webhooks and pulled events), as the delivery detail and the public tracking page say it. */
export const CARRIER_EVENT_STATUS_LABELS: Record<CarrierEventStatus, Labels5> = {
  PICKED_UP: l('Pris en charge', 'Picked up', 'Recogido', 'Ritirato', 'Abgeholt'),
  IN_TRANSIT: l('En transit', 'In transit', 'En tránsito', 'In transito', 'Unterwegs'),
  DELIVERED: l('Livré', 'Delivered', 'Entregado', 'Consegnato', 'Zugestellt'),
  DELIVERED_PARTIAL: l(
    'Livré partiellement',
    'Partially delivered',
    'Entregado parcialmente',
    'Consegnato parzialmente',
    'Teilweise zugestellt',
  ),
  DELIVERED_DAMAGED: l(
    'Livré avec avarie',
    'Delivered with damage',
    'Entregado con daños',
    'Consegnato con danni',
    'Mit Schaden zugestellt',
  ),
  ANOMALY: l('Anomalie', 'Anomaly', 'Incidencia', 'Anomalia', 'Störung'),
  RETURNED: l('Retourné à l’expéditeur', 'Returned to sender', 'Devuelto al remitente', 'Reso al mittente', 'An Absender zurück'),
};

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, Labels5> = {
  DELIVERY_NOTE: l('Bon de livraison', 'Delivery note', 'Albarán', 'Documento di trasporto (DDT)', 'Lieferschein'),
  PACKING_LIST: l('Liste de colisage', 'Packing list', 'Lista de empaque', 'Distinta colli', 'Packliste'),
  MASTER_PACKING_LIST: l(
    'Liste de colisage maître',
    'Master packing list',
    'Lista de empaque maestra',
    'Distinta colli principale',
    'Master-Packliste',
  ),
  PACKING_LIST_XLS: l(
    'Liste de colisage Excel',
    'Excel packing list',
    'Lista de empaque Excel',
    'Distinta colli Excel',
    'Packliste (Excel)',
  ),
  MASTER_PACKING_LIST_XLS: l(
    'Liste de colisage maître Excel',
    'Excel master packing list',
    'Lista de empaque maestra Excel',
    'Distinta colli principale Excel',
    'Master-Packliste (Excel)',
  ),
  FLASH: l('Flash', 'Flash', 'Flash', 'Flash', 'Flash'),
  POD: l('Preuve de livraison', 'Proof of delivery', 'Prueba de entrega', 'Prova di consegna (POD)', 'Zustellnachweis (POD)'),
  INVOICE: l('Facture', 'Invoice', 'Factura', 'Fattura', 'Rechnung'),
  ECS_IN: l('DAE/ECS entrée', 'ECS in', 'DAE/ECS entrada', 'DAE/ECS entrata', 'ABD Eingang'),
  ECS_OUT: l('DAE/ECS sortie', 'ECS out', 'DAE/ECS salida', 'DAE/ECS uscita', 'ABD Ausgang'),
  LQ: l('Quantité limitée (LQ)', 'Limited quantity (LQ)', 'Cantidad limitada (LQ)', 'Quantità limitata (LQ)', 'Begrenzte Menge (LQ)'),
  ADR: l(
    'Marchandises dangereuses (ADR)',
    'Dangerous goods (ADR)',
    'Mercancías peligrosas (ADR)',
    'Merci pericolose (ADR)',
    'Gefahrgut (ADR)',
  ),
  COLD_CHAIN: l(
    'Certificat chaîne du froid',
    'Cold-chain certificate',
    'Certificado de cadena de frío',
    'Certificato catena del freddo',
    'Kühlketten-Zertifikat',
  ),
};

/** Messages of the tracking error keys (spec §8 "Tracker and delivery" first), for the web i18n files. */
export const TRACKING_ERROR_LABELS: Record<keyof typeof import('./errors').TRACKING_ERROR_STATUS, Labels5> = {
  deliveryNotFound: l(
    'Livraison ou commande introuvable',
    'Delivery or order not found',
    'Entrega o pedido no encontrado',
    'Consegna o ordine non trovato',
    'Lieferung oder Auftrag nicht gefunden',
  ),
  documentNotFound: l(
    'Document introuvable',
    'Document not found',
    'Documento no encontrado',
    'Documento non trovato',
    'Dokument nicht gefunden',
  ),
  documentDeleteFailed: l(
    'La suppression du document a échoué',
    'Document delete failed',
    'No se pudo eliminar el documento',
    'Eliminazione del documento non riuscita',
    'Dokument konnte nicht gelöscht werden',
  ),
  statusUpdateImpossible: l(
    'Mise à jour du statut impossible',
    'Status update impossible',
    'Imposible actualizar el estado',
    'Impossibile aggiornare lo stato',
    'Statusänderung nicht möglich',
  ),
  classificationDeliveredFailed: l(
    'Impossible de classer la livraison comme livrée',
    'Cannot classify the delivery as delivered',
    'No se puede clasificar la entrega como entregada',
    'Impossibile classificare la consegna come consegnata',
    'Lieferung kann nicht als zugestellt eingestuft werden',
  ),
  classificationUndeliveredFailed: l(
    'Impossible de classer la livraison en anomalie',
    'Cannot classify the delivery as undelivered',
    'No se puede clasificar la entrega como no entregada',
    'Impossibile classificare la consegna come non consegnata',
    'Lieferung kann nicht als nicht zugestellt eingestuft werden',
  ),
  classificationReturnedFailed: l(
    'Impossible de classer la livraison en retour expéditeur',
    'Cannot classify the delivery as returned',
    'No se puede clasificar la entrega como devuelta',
    'Impossibile classificare la consegna come resa',
    'Lieferung kann nicht als Rücksendung eingestuft werden',
  ),
  podAlreadyPresent: l(
    'Une preuve de livraison existe déjà pour cette commande',
    'A POD is already present for the selected order',
    'Ya existe una prueba de entrega para este pedido',
    'Esiste già una prova di consegna per questo ordine',
    'Für diesen Auftrag liegt bereits ein Zustellnachweis vor',
  ),
  nothingToRemove: l('Rien à supprimer', 'Nothing to remove', 'Nada que eliminar', 'Niente da rimuovere', 'Nichts zu entfernen'),
  dateRangeTooLarge: l(
    'Période trop longue ({maxDays} jours au plus) : utilisez l’export',
    'Date range too large (at most {maxDays} days): use the export',
    'Periodo demasiado largo (máx. {maxDays} días): use la exportación',
    'Periodo troppo lungo (max {maxDays} giorni): usa l’esportazione',
    'Zeitraum zu groß (höchstens {maxDays} Tage): bitte exportieren',
  ),
  deliveryDateTooRecent: l(
    'La date de livraison doit être antérieure d’au moins {minutes} minutes',
    'The delivery date must be at least {minutes} minutes in the past',
    'La fecha de entrega debe ser al menos {minutes} minutos anterior',
    'La data di consegna deve essere di almeno {minutes} minuti fa',
    'Das Zustelldatum muss mindestens {minutes} Minuten zurückliegen',
  ),
  invalidCursor: l(
    'Page suivante introuvable : relancez la recherche',
    'Next page not found: search again',
    'Página siguiente no encontrada: busque de nuevo',
    'Pagina successiva non trovata: ripeti la ricerca',
    'Nächste Seite nicht gefunden: bitte neu suchen',
  ),
  unknownTrackingNumber: l(
    'Numéro de suivi inconnu',
    'Unknown tracking number',
    'Número de seguimiento desconocido',
    'Numero di tracciamento sconosciuto',
    'Unbekannte Sendungsnummer',
  ),
  unknownCarrier: l(
    'Transporteur inconnu',
    'Unknown carrier',
    'Transportista desconocido',
    'Vettore sconosciuto',
    'Unbekannter Frachtführer',
  ),
  invalidTrackingUrlTemplate: l(
    'Adresse de suivi invalide : une adresse https avec {trackingNumber} est attendue',
    'Invalid tracking URL: an https address with {trackingNumber} is expected',
    'Dirección de seguimiento no válida: se espera una dirección https con {trackingNumber}',
    'Indirizzo di tracciamento non valido: è atteso un indirizzo https con {trackingNumber}',
    'Ungültige Sendungsverfolgungs-URL: erwartet wird eine https-Adresse mit {trackingNumber}',
  ),
  invalidSignature: l('Signature invalide', 'Invalid signature', 'Firma no válida', 'Firma non valida', 'Ungültige Signatur'),
  malformedWebhook: l(
    'Message transporteur mal formé',
    'Malformed carrier message',
    'Mensaje del transportista mal formado',
    'Messaggio del vettore non valido',
    'Fehlerhafte Frachtführernachricht',
  ),
  profileNotFound: l(
    'Profil de recherche introuvable',
    'Search profile not found',
    'Perfil de búsqueda no encontrado',
    'Profilo di ricerca non trovato',
    'Suchprofil nicht gefunden',
  ),
};
