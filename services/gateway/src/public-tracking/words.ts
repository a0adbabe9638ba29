import type { ShortLocale } from '@portal/contracts';

/**
 * The public tracking page's own words, in the portal's five languages, written for a recipient
 * (not logistics staff). Statuses and events come from the shared catalogues (contracts labels).
 */
export interface PageWords {
  title: string;
  sentBy: string;
  status: string;
  promisedDelivery: string;
  deliveredAt: string;
  destination: string;
  carrier: string;
  trackingNumber: string;
  trackingNumbers: string;
  carrierLink: string;
  timeline: string;
  noEvents: string;
  appointment: string;
  language: string;
  notFoundTitle: string;
  notFoundText: string;
  tooManyTitle: string;
  tooManyText: string;
  unavailableTitle: string;
  unavailableText: string;
}

export const PAGE_WORDS: Record<ShortLocale, PageWords> = {
  fr: {
    title: 'Suivi de votre livraison',
    sentBy: 'Envoyée par {name}',
    status: 'Statut',
    promisedDelivery: 'Livraison prévue',
    deliveredAt: 'Livrée le',
    destination: 'Destination',
    carrier: 'Transporteur',
    trackingNumber: 'Numéro de suivi',
    trackingNumbers: 'Numéros de suivi',
    carrierLink: 'suivre sur le site de {carrier}',
    timeline: 'Historique',
    noEvents: 'Aucune étape pour le moment.',
    appointment: 'Rendez-vous : {date}',
    language: 'Langue',
    notFoundTitle: 'Lien de suivi introuvable',
    notFoundText: 'Ce lien de suivi n’existe pas ou n’est plus valable. Vérifiez l’adresse reçue ou contactez l’expéditeur.',
    tooManyTitle: 'Trop de demandes',
    tooManyText: 'Trop de demandes depuis votre connexion. Réessayez dans {seconds} secondes.',
    unavailableTitle: 'Suivi momentanément indisponible',
    unavailableText: 'Le suivi ne répond pas pour le moment. Réessayez dans quelques instants.',
  },
  en: {
    title: 'Track your delivery',
    sentBy: 'Sent by {name}',
    status: 'Status',
    promisedDelivery: 'Expected delivery',
    deliveredAt: 'Delivered on',
    destination: 'Destination',
    carrier: 'Carrier',
    trackingNumber: 'Tracking number',
    trackingNumbers: 'Tracking numbers',
    carrierLink: 'track on the {carrier} website',
    timeline: 'History',
    noEvents: 'No step yet.',
    appointment: 'Appointment: {date}',
    language: 'Language',
    notFoundTitle: 'Tracking link not found',
    notFoundText: 'This tracking link does not exist or is no longer valid. Check the address you received or contact the sender.',
    tooManyTitle: 'Too many requests',
    tooManyText: 'Too many requests from your connection. Try again in {seconds} seconds.',
    unavailableTitle: 'Tracking temporarily unavailable',
    unavailableText: 'Tracking is not answering right now. Try again in a few moments.',
  },
  de: {
    title: 'Sendungsverfolgung',
    sentBy: 'Versendet von {name}',
    status: 'Status',
    promisedDelivery: 'Voraussichtliche Zustellung',
    deliveredAt: 'Zugestellt am',
    destination: 'Zielort',
    carrier: 'Versanddienstleister',
    trackingNumber: 'Sendungsnummer',
    trackingNumbers: 'Sendungsnummern',
    carrierLink: 'auf der Website von {carrier} verfolgen',
    timeline: 'Sendungsverlauf',
    noEvents: 'Noch keine Schritte.',
    appointment: 'Termin: {date}',
    language: 'Sprache',
    notFoundTitle: 'Link zur Sendungsverfolgung nicht gefunden',
    notFoundText:
      'Dieser Link existiert nicht oder ist nicht mehr gültig. Prüfen Sie die erhaltene Adresse oder wenden Sie sich an den Versender.',
    tooManyTitle: 'Zu viele Anfragen',
    tooManyText: 'Zu viele Anfragen von Ihrer Verbindung. Bitte versuchen Sie es in {seconds} Sekunden erneut.',
    unavailableTitle: 'Sendungsverfolgung vorübergehend nicht verfügbar',
    unavailableText: 'Die Sendungsverfolgung antwortet gerade nicht. Bitte versuchen Sie es gleich noch einmal.',
  },
  es: {
    title: 'Seguimiento de su entrega',
    sentBy: 'Enviado por {name}',
    status: 'Estado',
    promisedDelivery: 'Entrega prevista',
    deliveredAt: 'Entregado el',
    destination: 'Destino',
    carrier: 'Transportista',
    trackingNumber: 'Número de seguimiento',
    trackingNumbers: 'Números de seguimiento',
    carrierLink: 'seguir en la web de {carrier}',
    timeline: 'Historial',
    noEvents: 'Todavía no hay ninguna etapa.',
    appointment: 'Cita: {date}',
    language: 'Idioma',
    notFoundTitle: 'Enlace de seguimiento no encontrado',
    notFoundText: 'Este enlace de seguimiento no existe o ya no es válido. Compruebe la dirección recibida o contacte con el remitente.',
    tooManyTitle: 'Demasiadas solicitudes',
    tooManyText: 'Demasiadas solicitudes desde su conexión. Vuelva a intentarlo dentro de {seconds} segundos.',
    unavailableTitle: 'Seguimiento no disponible por el momento',
    unavailableText: 'El seguimiento no responde en este momento. Vuelva a intentarlo en unos instantes.',
  },
  it: {
    title: 'Tracciamento della consegna',
    sentBy: 'Spedito da {name}',
    status: 'Stato',
    promisedDelivery: 'Consegna prevista',
    deliveredAt: 'Consegnato il',
    destination: 'Destinazione',
    carrier: 'Corriere',
    trackingNumber: 'Numero di tracciamento',
    trackingNumbers: 'Numeri di tracciamento',
    carrierLink: 'segui sul sito di {carrier}',
    timeline: 'Cronologia',
    noEvents: 'Ancora nessuna fase.',
    appointment: 'Appuntamento: {date}',
    language: 'Lingua',
    notFoundTitle: 'Link di tracciamento non trovato',
    notFoundText: 'Questo link di tracciamento non esiste o non è più valido. Verifichi l’indirizzo ricevuto o contatti il mittente.',
    tooManyTitle: 'Troppe richieste',
    tooManyText: 'Troppe richieste dalla sua connessione. Riprovi tra {seconds} secondi.',
    unavailableTitle: 'Tracciamento momentaneamente non disponibile',
    unavailableText: 'Il tracciamento non risponde al momento. Riprovi tra qualche istante.',
  },
};

/** A word with its `{name}` placeholders filled (values are text: the page escapes the result). */
export const fill = (text: string, values: Record<string, string | number>): string =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
