import type { FeverCertificateVerdict, ShortLocale } from '@portal/contracts';

/** The words of the certificate in the portal's five languages (DOMAIN.md: sonde, seuils, magasin…). */
export interface CertificateLabels {
  title: string;
  /** Between a label and its value: French typography puts a space before the colon. */
  colon: string;
  provisional: string;
  order: string;
  depositor: string;
  reference: string;
  customerReference: string;
  platform: string;
  store: string;
  stay: string;
  stayFrom: string;
  stayTo: string;
  zone: string;
  thresholds: string;
  maxHumidity: string;
  notWatched: string;
  probes: string;
  readings: string;
  minimum: string;
  maximum: string;
  average: string;
  withinThresholds: string;
  outsideReadings: string;
  curve: string;
  bucket: string;
  excursions: string;
  kind: Record<'high' | 'low' | 'humidity', string>;
  start: string;
  end: string;
  duration: string;
  peak: string;
  inProgress: string;
  none: string;
  silences: string;
  silenceNote: string;
  conclusion: string;
  verdicts: Record<FeverCertificateVerdict, string>;
  issued: string;
  timeZone: string;
  definitions: string;
  day: string;
}

const fr: CertificateLabels = {
  title: 'Certificat chaîne du froid',
  colon: ' : ',
  provisional: 'PROVISOIRE : la commande n’est pas encore expédiée, le séjour est compté jusqu’à l’édition du certificat.',
  order: 'Commande',
  depositor: 'Déposant',
  reference: 'Référence',
  customerReference: 'Commande client',
  platform: 'Plateforme',
  store: 'Magasin',
  stay: 'Séjour sur la plateforme',
  stayFrom: 'de la réception',
  stayTo: 'à l’expédition',
  zone: 'Zone',
  thresholds: 'Seuils',
  maxHumidity: 'humidité max.',
  notWatched: 'non surveillé',
  probes: 'Sondes',
  readings: 'relevés',
  minimum: 'Température minimale',
  maximum: 'Température maximale',
  average: 'Température moyenne',
  withinThresholds: 'Temps dans les seuils',
  outsideReadings: 'Relevés hors seuils',
  curve: 'Courbe de température : plage min/max et moyenne par tranche de',
  bucket: 'tranche',
  excursions: 'Dépassements de seuil pendant le séjour',
  kind: { high: 'au-dessus du maximum', low: 'au-dessous du minimum', humidity: 'humidité' },
  start: 'Début',
  end: 'Fin',
  duration: 'Durée',
  peak: 'Pic',
  inProgress: 'en cours',
  none: 'Aucun',
  silences: 'Silences (aucun relevé d’une sonde pendant plus de',
  silenceNote: 'le temps des silences n’est pas certifié',
  conclusion: 'Conclusion',
  verdicts: {
    conforming: 'CONFORME : toutes les températures relevées pendant le séjour sont restées dans les seuils.',
    conformingWithSilences: 'CONFORME SOUS RÉSERVE : températures dans les seuils, hors silences indiqués ci-dessus.',
    notConforming: 'NON CONFORME : des relevés hors seuils ou des dépassements de seuil ont été constatés pendant le séjour.',
    noReadings: 'NON CONFORME : aucun relevé pendant le séjour, la chaîne du froid ne peut pas être attestée.',
  },
  issued: 'Édité le',
  timeZone: 'heures en',
  definitions:
    'Un relevé vaut jusqu’au relevé suivant de la même sonde ; le temps dans les seuils est la part du temps couvert par des relevés pendant laquelle la température était dans les seuils.',
  day: 'j',
};

const en: CertificateLabels = {
  title: 'Cold-chain certificate',
  colon: ': ',
  provisional: 'PROVISIONAL: the order has not shipped yet, the stay is counted up to the issue of this certificate.',
  order: 'Order',
  depositor: 'Depositor',
  reference: 'Reference',
  customerReference: 'Customer order',
  platform: 'Platform',
  store: 'Store',
  stay: 'Stay on the platform',
  stayFrom: 'from reception',
  stayTo: 'to shipping',
  zone: 'Zone',
  thresholds: 'Thresholds',
  maxHumidity: 'max. humidity',
  notWatched: 'not watched',
  probes: 'Probes',
  readings: 'readings',
  minimum: 'Minimum temperature',
  maximum: 'Maximum temperature',
  average: 'Average temperature',
  withinThresholds: 'Time within thresholds',
  outsideReadings: 'Readings outside thresholds',
  curve: 'Temperature curve: min/max band and average per',
  bucket: 'bucket',
  excursions: 'Threshold excursions during the stay',
  kind: { high: 'above maximum', low: 'below minimum', humidity: 'humidity' },
  start: 'Start',
  end: 'End',
  duration: 'Duration',
  peak: 'Peak',
  inProgress: 'in progress',
  none: 'None',
  silences: 'Silences (no reading from a probe for more than',
  silenceNote: 'the time of the silences is not certified',
  conclusion: 'Conclusion',
  verdicts: {
    conforming: 'CONFORMING: every temperature read during the stay stayed within the thresholds.',
    conformingWithSilences: 'CONFORMING WITH RESERVATIONS: temperatures within the thresholds, except the silences stated above.',
    notConforming: 'NOT CONFORMING: readings outside the thresholds or threshold excursions occurred during the stay.',
    noReadings: 'NOT CONFORMING: no reading during the stay, the cold chain cannot be attested.',
  },
  issued: 'Issued on',
  timeZone: 'times in',
  definitions:
    'A reading holds until the next reading of the same probe; time within thresholds is the share of the time covered by readings during which the temperature was within the thresholds.',
  day: 'd',
};

const es: CertificateLabels = {
  title: 'Certificado de cadena de frío',
  colon: ': ',
  provisional: 'PROVISIONAL: el pedido aún no se ha expedido, la estancia se cuenta hasta la emisión del certificado.',
  order: 'Pedido',
  depositor: 'Depositante',
  reference: 'Referencia',
  customerReference: 'Pedido del cliente',
  platform: 'Plataforma',
  store: 'Almacén',
  stay: 'Estancia en la plataforma',
  stayFrom: 'desde la recepción',
  stayTo: 'hasta la expedición',
  zone: 'Zona',
  thresholds: 'Umbrales',
  maxHumidity: 'humedad máx.',
  notWatched: 'no vigilado',
  probes: 'Sondas',
  readings: 'lecturas',
  minimum: 'Temperatura mínima',
  maximum: 'Temperatura máxima',
  average: 'Temperatura media',
  withinThresholds: 'Tiempo dentro de los umbrales',
  outsideReadings: 'Lecturas fuera de umbrales',
  curve: 'Curva de temperatura: franja mín./máx. y media por tramo de',
  bucket: 'tramo',
  excursions: 'Desviaciones de umbral durante la estancia',
  kind: { high: 'por encima del máximo', low: 'por debajo del mínimo', humidity: 'humedad' },
  start: 'Inicio',
  end: 'Fin',
  duration: 'Duración',
  peak: 'Pico',
  inProgress: 'en curso',
  none: 'Ninguna',
  silences: 'Silencios (ninguna lectura de una sonda durante más de',
  silenceNote: 'el tiempo de los silencios no está certificado',
  conclusion: 'Conclusión',
  verdicts: {
    conforming: 'CONFORME: todas las temperaturas leídas durante la estancia se mantuvieron dentro de los umbrales.',
    conformingWithSilences: 'CONFORME CON RESERVAS: temperaturas dentro de los umbrales, salvo los silencios indicados.',
    notConforming: 'NO CONFORME: se constataron lecturas fuera de los umbrales o desviaciones de umbral durante la estancia.',
    noReadings: 'NO CONFORME: ninguna lectura durante la estancia, la cadena de frío no puede certificarse.',
  },
  issued: 'Emitido el',
  timeZone: 'horas en',
  definitions:
    'Una lectura vale hasta la siguiente lectura de la misma sonda; el tiempo dentro de los umbrales es la parte del tiempo cubierto por lecturas en la que la temperatura estuvo dentro de los umbrales.',
  day: 'd',
};

const it: CertificateLabels = {
  title: 'Certificato catena del freddo',
  colon: ': ',
  provisional: 'PROVVISORIO: l’ordine non è ancora spedito, la permanenza è contata fino all’emissione del certificato.',
  order: 'Ordine',
  depositor: 'Depositante',
  reference: 'Riferimento',
  customerReference: 'Ordine cliente',
  platform: 'Piattaforma',
  store: 'Magazzino',
  stay: 'Permanenza sulla piattaforma',
  stayFrom: 'dal ricevimento',
  stayTo: 'alla spedizione',
  zone: 'Zona',
  thresholds: 'Soglie',
  maxHumidity: 'umidità max.',
  notWatched: 'non sorvegliato',
  probes: 'Sonde',
  readings: 'rilevazioni',
  minimum: 'Temperatura minima',
  maximum: 'Temperatura massima',
  average: 'Temperatura media',
  withinThresholds: 'Tempo entro le soglie',
  outsideReadings: 'Rilevazioni fuori soglia',
  curve: 'Curva di temperatura: fascia min/max e media per intervallo di',
  bucket: 'intervallo',
  excursions: 'Superamenti di soglia durante la permanenza',
  kind: { high: 'sopra il massimo', low: 'sotto il minimo', humidity: 'umidità' },
  start: 'Inizio',
  end: 'Fine',
  duration: 'Durata',
  peak: 'Picco',
  inProgress: 'in corso',
  none: 'Nessuno',
  silences: 'Silenzi (nessuna rilevazione di una sonda per più di',
  silenceNote: 'il tempo dei silenzi non è certificato',
  conclusion: 'Conclusione',
  verdicts: {
    conforming: 'CONFORME: tutte le temperature rilevate durante la permanenza sono rimaste entro le soglie.',
    conformingWithSilences: 'CONFORME CON RISERVA: temperature entro le soglie, salvo i silenzi indicati sopra.',
    notConforming: 'NON CONFORME: durante la permanenza sono state rilevate letture fuori soglia o superamenti di soglia.',
    noReadings: 'NON CONFORME: nessuna rilevazione durante la permanenza, la catena del freddo non può essere attestata.',
  },
  issued: 'Emesso il',
  timeZone: 'orari in',
  definitions:
    'Una rilevazione vale fino alla rilevazione successiva della stessa sonda; il tempo entro le soglie è la quota del tempo coperto da rilevazioni in cui la temperatura era entro le soglie.',
  day: 'g',
};

const de: CertificateLabels = {
  title: 'Kühlketten-Zertifikat',
  colon: ': ',
  provisional: 'VORLÄUFIG: Der Auftrag ist noch nicht versandt, der Aufenthalt wird bis zur Ausstellung des Zertifikats gezählt.',
  order: 'Auftrag',
  depositor: 'Einlagerer',
  reference: 'Referenz',
  customerReference: 'Kundenauftrag',
  platform: 'Plattform',
  store: 'Lagerort',
  stay: 'Aufenthalt auf der Plattform',
  stayFrom: 'ab Wareneingang',
  stayTo: 'bis Versand',
  zone: 'Zone',
  thresholds: 'Grenzwerte',
  maxHumidity: 'max. Feuchte',
  notWatched: 'nicht überwacht',
  probes: 'Sensoren',
  readings: 'Messwerte',
  minimum: 'Minimale Temperatur',
  maximum: 'Maximale Temperatur',
  average: 'Durchschnittstemperatur',
  withinThresholds: 'Zeit innerhalb der Grenzwerte',
  outsideReadings: 'Messwerte außerhalb der Grenzwerte',
  curve: 'Temperaturkurve: Min./Max.-Band und Durchschnitt je',
  bucket: 'Intervall',
  excursions: 'Grenzwertüberschreitungen während des Aufenthalts',
  kind: { high: 'über dem Maximum', low: 'unter dem Minimum', humidity: 'Feuchte' },
  start: 'Beginn',
  end: 'Ende',
  duration: 'Dauer',
  peak: 'Spitze',
  inProgress: 'läuft',
  none: 'Keine',
  silences: 'Funkstille (kein Messwert eines Sensors länger als',
  silenceNote: 'die Zeit der Funkstille ist nicht zertifiziert',
  conclusion: 'Ergebnis',
  verdicts: {
    conforming: 'KONFORM: Alle während des Aufenthalts gemessenen Temperaturen lagen innerhalb der Grenzwerte.',
    conformingWithSilences: 'KONFORM MIT VORBEHALT: Temperaturen innerhalb der Grenzwerte, außer der oben genannten Funkstille.',
    notConforming: 'NICHT KONFORM: Während des Aufenthalts gab es Messwerte außerhalb der Grenzwerte oder Grenzwertüberschreitungen.',
    noReadings: 'NICHT KONFORM: Kein Messwert während des Aufenthalts, die Kühlkette kann nicht bestätigt werden.',
  },
  issued: 'Ausgestellt am',
  timeZone: 'Zeiten in',
  definitions:
    'Ein Messwert gilt bis zum nächsten Messwert desselben Sensors; die Zeit innerhalb der Grenzwerte ist der Anteil der von Messwerten abgedeckten Zeit, in der die Temperatur innerhalb der Grenzwerte lag.',
  day: 'T',
};

export const CERTIFICATE_LABELS: Record<ShortLocale, CertificateLabels> = { fr, en, es, it, de };

/** The file name the certificate is stored and downloaded under, in the caller's language. */
export const CERTIFICATE_FILE_PREFIX: Record<ShortLocale, string> = {
  fr: 'certificat-chaine-du-froid',
  en: 'cold-chain-certificate',
  es: 'certificado-cadena-de-frio',
  it: 'certificato-catena-del-freddo',
  de: 'kuehlketten-zertifikat',
};
