/**
 * The words an import's refusals are said with, in the five languages, under the web catalogue's own
 * keys (`errors.*`, `fields.*`, `imports.cause*`): the web's catalogues take these sections from here,
 * and the gateway's downloadable report says the same sentences as the screen (`importLineReason`).
 * The field rules are the forms' too (spec §5 validation messages).
 */
import type { FieldErrorKey } from '../errors';
import type { ShortLocale } from '../settings';
import type { IMPORT_ERROR_STATUS } from './errors';
import type { ImportLineDto } from './index';

/** §8 keys a refused line gives as its reason (a rule of the owner's form, a reference already taken). */
type ImportReasonKey = 'invalidDate' | 'loginAlreadyExists' | 'emailAlreadyExists' | 'existingReference';
/** Rules of an import column beyond the forms' (spec §5): a key twice in a file, a 0/1 flag, one of a list, a phone or a mobile. */
type ImportRuleKey = 'duplicateInFile' | 'flag' | 'choice' | 'phoneOrMobile';

export interface ImportWords {
  errors: Record<keyof typeof IMPORT_ERROR_STATUS | ImportReasonKey, string>;
  fields: Record<FieldErrorKey | ImportRuleKey, string>;
  imports: Record<'causeLine' | 'causeColumn' | 'causeCode', string>;
}

/** A translation function as react-admin's: a catalogue key, its `%{name}` values, `_` when the key has no words. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Parameters said by the sentence of the key or of the reason, not repeated after it. */
const SAID = ['expected', 'found', 'sample', 'max', 'choices'];

/**
 * Why a line is refused, in the user's words: the §8 key's sentence, then the line, column or code
 * at fault and the reason (a field rule, else a §8 key); a reason without words stays as it is.
 */
export function importLineReason(translate: Translate, l: Pick<ImportLineDto, 'key' | 'params'>): string {
  if (!l.key) return '';
  const params = l.params ?? {};
  const details = Object.entries(params)
    .filter(([k]) => !SAID.includes(k))
    .map(([k, v]) => {
      if (k === 'line') return translate('imports.causeLine', { line: v });
      if (k === 'column') return translate('imports.causeColumn', { column: v });
      if (k === 'code') return translate('imports.causeCode', { code: v });
      if (k === 'reason')
        return translate(`fields.${v}`, { n: params.max, choices: params.choices, _: translate(`errors.${v}`, { _: String(v) }) });
      return `${k} ${v}`;
    });
  return [translate(`errors.${l.key}`, params), ...details].join(' — ');
}

/** A translation over one language's import words, read as the web reads its catalogue (polyglot's `%{name}` and `_`). */
export function importWordsTranslate(language: ShortLocale): Translate {
  const words = IMPORT_WORDS[language] as unknown as Record<string, Record<string, string>>;
  return (key, options = {}) => {
    const [section, name] = key.split('.', 2);
    const text = Object.hasOwn(words, section) && Object.hasOwn(words[section], name) ? words[section][name] : undefined;
    if (text === undefined) return typeof options._ === 'string' ? options._ : key;
    return text.replace(/%\{(\w+)\}/g, (placeholder, param: string) => (options[param] == null ? placeholder : String(options[param])));
  };
}

export const IMPORT_WORDS_FR: ImportWords = {
  errors: {
    importNoReference: 'Aucune référence : ligne sans référence de commande, ou colis sans commande au-dessus.',
    importWriteFailed: 'Création ou mise à jour impossible.',
    importElementCount: 'Nombre d’éléments incorrect : %{expected} attendus, %{found} trouvés.',
    importUnknownLineType: 'Type de ligne inconnu (ligne d’exemple à supprimer ?).',
    importUnknownAddressCode: 'Code adresse expéditeur ou destinataire inconnu.',
    importUnknownPackagingCode: 'Code emballage inconnu.',
    importUnknownTourCode: 'Code tournée inconnu.',
    importEmptyLine: 'Ligne vide ignorée.',
    importMalformedReference: 'Référence de commande mal formée : lettres A-Z, chiffres, tiret et souligné uniquement.',
    importEmailFormat: 'Format de la colonne e-mail incorrect.',
    importCodeNotAuthorized: 'Code non autorisé pour votre compte.',
    importHasRefusedLines: 'Lignes refusées : %{refused}. Importez en ignorant les lignes refusées, ou corrigez le fichier.',
    importHeaderMismatch: 'La ligne d’en-tête ne correspond pas aux colonnes attendues (%{column}) : %{expected}.',
    importNotReady: 'Cet import n’est pas prêt : la simulation est en cours ou l’import déjà fait.',
    invalidDate: 'Date invalide.',
    loginAlreadyExists: 'Cet identifiant est déjà utilisé.',
    emailAlreadyExists: 'Cette adresse e-mail est déjà utilisée.',
    existingReference: 'Cette référence existe déjà.',
  },
  fields: {
    required: 'Champ obligatoire',
    numeric: 'Valeur numérique attendue',
    integer: 'Nombre entier attendu',
    maxLength: 'Nombre de caractères limité à %{n}',
    invalidEmail: 'Adresse e-mail invalide',
    max: 'Au maximum %{n}',
    min: 'Au moins %{n}',
    belowMinimum: 'Inférieur au minimum saisi',
    invalidFormat: 'Format invalide',
    inFuture: 'Date dans le futur',
    unknownCode: 'Code inconnu',
    duplicateInFile: 'Présent plus haut dans le même fichier',
    phoneDigits: 'Chiffres uniquement, + facultatif (6 à 15 chiffres)',
    printerAddress: 'Adresse attendue : http://hôte:port',
    contradictsQuantities: 'Motif contraire aux quantités commandée et reçue',
    notShipped: 'Livraison pas encore expédiée : rien à réclamer',
    flag: 'Valeur attendue : 0 ou 1',
    choice: 'Valeur attendue : %{choices}',
    phoneOrMobile: 'Téléphone ou mobile obligatoire',
  },
  imports: {
    causeLine: 'voir ligne %{line}',
    causeColumn: 'colonne %{column}',
    causeCode: 'code %{code}',
  },
};

export const IMPORT_WORDS_EN: ImportWords = {
  errors: {
    importNoReference: 'No reference found: a line without an order reference, or a package with no order above it.',
    importWriteFailed: 'Create or update failure.',
    importElementCount: 'Element count mismatch: %{expected} expected, %{found} found.',
    importUnknownLineType: 'Unknown line type (a sample line left in?).',
    importUnknownAddressCode: 'Unknown shipper or recipient address code.',
    importUnknownPackagingCode: 'Unknown packaging code.',
    importUnknownTourCode: 'Unknown tour code.',
    importEmptyLine: 'Empty line ignored.',
    importMalformedReference: 'Malformed order reference: letters A-Z, digits, hyphen and underscore only.',
    importEmailFormat: 'Email column format is wrong.',
    importCodeNotAuthorized: 'Code not authorized for your account.',
    importHasRefusedLines: 'Refused lines: %{refused}. Import skipping the refused lines, or fix the file.',
    importHeaderMismatch: 'The header row does not match the expected columns (%{column}): %{expected}.',
    importNotReady: 'This import is not ready: the simulation is still running or the import is done.',
    invalidDate: 'Invalid date.',
    loginAlreadyExists: 'This login is already used.',
    emailAlreadyExists: 'This e-mail address is already used.',
    existingReference: 'This reference already exists.',
  },
  fields: {
    required: 'Required field',
    numeric: 'A number is required',
    integer: 'A whole number is required',
    maxLength: 'Limited to %{n} characters',
    invalidEmail: 'Invalid e-mail address',
    max: 'At most %{n}',
    min: 'At least %{n}',
    belowMinimum: 'Below the minimum entered',
    invalidFormat: 'Invalid format',
    inFuture: 'Date in the future',
    unknownCode: 'Unknown code',
    duplicateInFile: 'Already earlier in the same file',
    phoneDigits: 'Digits only, optional leading + (6 to 15 digits)',
    printerAddress: 'Expected address: http://host:port',
    contradictsQuantities: 'Reason contrary to the quantities ordered and received',
    notShipped: 'Delivery not shipped yet: nothing to claim',
    flag: 'Expected value: 0 or 1',
    choice: 'Expected value: %{choices}',
    phoneOrMobile: 'Phone or mobile required',
  },
  imports: {
    causeLine: 'see line %{line}',
    causeColumn: 'column %{column}',
    causeCode: 'code %{code}',
  },
};

export const IMPORT_WORDS_ES: ImportWords = {
  errors: {
    importNoReference: 'Ninguna referencia: línea sin referencia de pedido, o bulto sin pedido encima.',
    importWriteFailed: 'Error al crear o actualizar.',
    importElementCount: 'Número de elementos incorrecto: %{expected} esperados, %{found} encontrados.',
    importUnknownLineType: 'Tipo de línea desconocido (¿línea de ejemplo sin borrar?).',
    importUnknownAddressCode: 'Código de dirección de remitente o destinatario desconocido.',
    importUnknownPackagingCode: 'Código de embalaje desconocido.',
    importUnknownTourCode: 'Código de ruta desconocido.',
    importEmptyLine: 'Línea vacía ignorada.',
    importMalformedReference: 'Referencia de pedido mal formada: solo letras A-Z, cifras, guion y guion bajo.',
    importEmailFormat: 'Formato de la columna de correo incorrecto.',
    importCodeNotAuthorized: 'Código no autorizado para su cuenta.',
    importHasRefusedLines: 'Líneas rechazadas: %{refused}. Importe ignorando las líneas rechazadas o corrija el archivo.',
    importHeaderMismatch: 'La fila de encabezado no coincide con las columnas esperadas (%{column}): %{expected}.',
    importNotReady: 'Esta importación no está lista: la simulación sigue en curso o la importación ya se hizo.',
    invalidDate: 'Fecha no válida.',
    loginAlreadyExists: 'Este usuario ya existe.',
    emailAlreadyExists: 'Esta dirección de correo ya está en uso.',
    existingReference: 'Esta referencia ya existe.',
  },
  fields: {
    required: 'Campo obligatorio',
    numeric: 'Se espera un valor numérico',
    integer: 'Se espera un número entero',
    maxLength: 'Limitado a %{n} caracteres',
    invalidEmail: 'Correo electrónico no válido',
    max: 'Como máximo %{n}',
    min: 'Como mínimo %{n}',
    belowMinimum: 'Inferior al mínimo indicado',
    invalidFormat: 'Formato no válido',
    inFuture: 'Fecha en el futuro',
    unknownCode: 'Código desconocido',
    duplicateInFile: 'Ya presente más arriba en el mismo archivo',
    phoneDigits: 'Solo cifras, + opcional (de 6 a 15 cifras)',
    printerAddress: 'Dirección esperada: http://host:puerto',
    contradictsQuantities: 'Motivo contrario a las cantidades pedida y recibida',
    notShipped: 'Entrega aún no expedida: nada que reclamar',
    flag: 'Valor esperado: 0 o 1',
    choice: 'Valor esperado: %{choices}',
    phoneOrMobile: 'Teléfono o móvil obligatorio',
  },
  imports: {
    causeLine: 'ver línea %{line}',
    causeColumn: 'columna %{column}',
    causeCode: 'código %{code}',
  },
};

export const IMPORT_WORDS_IT: ImportWords = {
  errors: {
    importNoReference: 'Nessun riferimento: riga senza riferimento d’ordine, o collo senza ordine sopra.',
    importWriteFailed: 'Creazione o aggiornamento non riuscito.',
    importElementCount: 'Numero di elementi errato: %{expected} attesi, %{found} trovati.',
    importUnknownLineType: 'Tipo di riga sconosciuto (riga di esempio da eliminare?).',
    importUnknownAddressCode: 'Codice indirizzo mittente o destinatario sconosciuto.',
    importUnknownPackagingCode: 'Codice imballo sconosciuto.',
    importUnknownTourCode: 'Codice giro sconosciuto.',
    importEmptyLine: 'Riga vuota ignorata.',
    importMalformedReference: 'Riferimento d’ordine non valido: solo lettere A-Z, cifre, trattino e trattino basso.',
    importEmailFormat: 'Formato della colonna e-mail errato.',
    importCodeNotAuthorized: 'Codice non autorizzato per il suo account.',
    importHasRefusedLines: 'Righe rifiutate: %{refused}. Importi ignorando le righe rifiutate o corregga il file.',
    importHeaderMismatch: 'La riga di intestazione non corrisponde alle colonne attese (%{column}): %{expected}.',
    importNotReady: 'Questa importazione non è pronta: la simulazione è in corso o l’importazione è già fatta.',
    invalidDate: 'Data non valida.',
    loginAlreadyExists: 'Questo nome utente è già in uso.',
    emailAlreadyExists: 'Questo indirizzo e-mail è già in uso.',
    existingReference: 'Questo riferimento esiste già.',
  },
  fields: {
    required: 'Campo obbligatorio',
    numeric: 'È richiesto un valore numerico',
    integer: 'È richiesto un numero intero',
    maxLength: 'Limitato a %{n} caratteri',
    invalidEmail: 'Indirizzo e-mail non valido',
    max: 'Al massimo %{n}',
    min: 'Almeno %{n}',
    belowMinimum: 'Inferiore al minimo indicato',
    invalidFormat: 'Formato non valido',
    inFuture: 'Data nel futuro',
    unknownCode: 'Codice sconosciuto',
    duplicateInFile: 'Già presente più in alto nello stesso file',
    phoneDigits: 'Solo cifre, + facoltativo (da 6 a 15 cifre)',
    printerAddress: 'Indirizzo atteso: http://host:porta',
    contradictsQuantities: 'Motivo contrario alle quantità ordinata e ricevuta',
    notShipped: 'Consegna non ancora spedita: niente da reclamare',
    flag: 'Valore atteso: 0 o 1',
    choice: 'Valore atteso: %{choices}',
    phoneOrMobile: 'Telefono o cellulare obbligatorio',
  },
  imports: {
    causeLine: 'vedi riga %{line}',
    causeColumn: 'colonna %{column}',
    causeCode: 'codice %{code}',
  },
};

export const IMPORT_WORDS_DE: ImportWords = {
  errors: {
    importNoReference: 'Keine Referenz: Zeile ohne Auftragsreferenz oder Packstück ohne Auftrag darüber.',
    importWriteFailed: 'Anlegen oder Ändern fehlgeschlagen.',
    importElementCount: 'Falsche Anzahl Elemente: %{expected} erwartet, %{found} gefunden.',
    importUnknownLineType: 'Unbekannter Zeilentyp (Beispielzeile nicht gelöscht?).',
    importUnknownAddressCode: 'Unbekannter Absender- oder Empfänger-Adresscode.',
    importUnknownPackagingCode: 'Unbekannter Verpackungscode.',
    importUnknownTourCode: 'Unbekannter Tourcode.',
    importEmptyLine: 'Leere Zeile ignoriert.',
    importMalformedReference: 'Ungültige Auftragsreferenz: nur Buchstaben A-Z, Ziffern, Bindestrich und Unterstrich.',
    importEmailFormat: 'Format der E-Mail-Spalte ungültig.',
    importCodeNotAuthorized: 'Code für Ihr Konto nicht freigegeben.',
    importHasRefusedLines: 'Abgelehnte Zeilen: %{refused}. Importieren Sie ohne die abgelehnten Zeilen oder korrigieren Sie die Datei.',
    importHeaderMismatch: 'Die Kopfzeile entspricht nicht den erwarteten Spalten (%{column}): %{expected}.',
    importNotReady: 'Dieser Import ist nicht bereit: die Simulation läuft noch oder der Import ist erledigt.',
    invalidDate: 'Ungültiges Datum.',
    loginAlreadyExists: 'Dieser Benutzername ist bereits vergeben.',
    emailAlreadyExists: 'Diese E-Mail-Adresse wird bereits verwendet.',
    existingReference: 'Diese Referenz existiert bereits.',
  },
  fields: {
    required: 'Pflichtfeld',
    numeric: 'Zahlenwert erforderlich',
    integer: 'Ganze Zahl erforderlich',
    maxLength: 'Auf %{n} Zeichen begrenzt',
    invalidEmail: 'Ungültige E-Mail-Adresse',
    max: 'Höchstens %{n}',
    min: 'Mindestens %{n}',
    belowMinimum: 'Kleiner als das eingegebene Minimum',
    invalidFormat: 'Ungültiges Format',
    inFuture: 'Datum in der Zukunft',
    unknownCode: 'Unbekannter Code',
    duplicateInFile: 'Weiter oben in derselben Datei bereits vorhanden',
    phoneDigits: 'Nur Ziffern, optional mit + (6 bis 15 Ziffern)',
    printerAddress: 'Erwartete Adresse: http://Host:Port',
    contradictsQuantities: 'Grund widerspricht den bestellten und erhaltenen Mengen',
    notShipped: 'Lieferung noch nicht versandt: nichts zu reklamieren',
    flag: 'Erwarteter Wert: 0 oder 1',
    choice: 'Erwarteter Wert: %{choices}',
    phoneOrMobile: 'Telefon oder Mobilnummer erforderlich',
  },
  imports: {
    causeLine: 'siehe Zeile %{line}',
    causeColumn: 'Spalte %{column}',
    causeCode: 'Code %{code}',
  },
};

/** Every language's, for the server (the web loads one language at a time). */
export const IMPORT_WORDS: Record<ShortLocale, ImportWords> = {
  fr: IMPORT_WORDS_FR,
  en: IMPORT_WORDS_EN,
  es: IMPORT_WORDS_ES,
  it: IMPORT_WORDS_IT,
  de: IMPORT_WORDS_DE,
};
