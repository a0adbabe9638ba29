import { AppError, type ShortLocale } from '@portal/contracts';
import Handlebars from 'handlebars';

/** Words of the sample data, per language: what a real alert mail would carry. */
const WORDS: Record<ShortLocale, { title: string; comment: string; what: string; probe: string; zone: string; name: string }> = {
  fr: {
    title: 'Commandes livrées du jour',
    comment: 'Exemple de commentaire de l’alerte.',
    what: 'Livrée',
    probe: 'Chambre froide 2–8 °C',
    zone: 'Zone pharmacie',
    name: 'Camille Bernard',
  },
  en: {
    title: 'Orders delivered today',
    comment: 'Sample comment of the alert.',
    what: 'Delivered',
    probe: 'Cold room 2–8 °C',
    zone: 'Pharmacy zone',
    name: 'Camille Bernard',
  },
  es: {
    title: 'Pedidos entregados hoy',
    comment: 'Comentario de ejemplo de la alerta.',
    what: 'Entregado',
    probe: 'Cámara frigorífica 2–8 °C',
    zone: 'Zona farmacia',
    name: 'Camille Bernard',
  },
  it: {
    title: 'Ordini consegnati oggi',
    comment: 'Commento di esempio dell’avviso.',
    what: 'Consegnato',
    probe: 'Cella frigorifera 2–8 °C',
    zone: 'Zona farmacia',
    name: 'Camille Bernard',
  },
  de: {
    title: 'Heute zugestellte Aufträge',
    comment: 'Beispielkommentar des Alarms.',
    what: 'Zugestellt',
    probe: 'Kühlraum 2–8 °C',
    zone: 'Pharmazone',
    name: 'Camille Bernard',
  },
};

const DATE_LOCALE: Record<ShortLocale, string> = { fr: 'fr-FR', en: 'en-GB', es: 'es-ES', it: 'it-IT', de: 'de-DE' };

/**
 * Sample data for a preview in one language: every variable the portal's mails use (alerts, the
 * final recipient's mail, user mails), with realistic values and dates written in that language.
 */
export function sampleData(locale: ShortLocale): Record<string, unknown> {
  const w = WORDS[locale];
  const at = (iso: string) =>
    new Intl.DateTimeFormat(DATE_LOCALE[locale], { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' }).format(
      new Date(iso),
    );
  const order = (n: number) => ({
    depositor: 'DEMO-A',
    reference: `BL2600${n}41`,
    orderReference: `CMD-2026-00${n}8`,
    customerReference: `PO-7${n}12`,
    what: w.what,
    at: at(`2026-11-2${n}T09:3${n}:00Z`),
    trackingUrl: `https://portal.example/suivi/Xq3v8LmT2pWn6RbK0cYd4Fh${n}`,
  });
  return {
    alertTitle: w.title,
    comment: w.comment,
    period: { from: at('2026-11-24T00:00:00Z'), to: at('2026-11-25T00:00:00Z') },
    orders: [order(1), order(2), order(3)],
    moreOrders: 12,
    order: order(1),
    attachments: [{ filename: 'BL260014.pdf' }, { filename: 'PL260014.xlsx' }],
    unattached: [{ reference: 'BL2600241', filename: 'BL2600241.pdf' }],
    cutoff: '12:00',
    tour: 'GEO-LYON-01',
    promisedAt: at('2026-11-25T16:00:00Z'),
    depositors: 'DEMO-A',
    probe: { label: w.probe, mac: '00:1B:44:11:3A:B7', zone: w.zone, lastReadingAt: at('2026-11-25T03:10:00Z'), silentHours: 12 },
    recipientName: w.name,
    firstname: 'Camille',
    lastname: 'Bernard',
    login: 'camille.bernard',
    name: w.name,
    reference: 'RC0000042',
    link: 'https://portal.example/claim/1',
  };
}

/** Where a template failed: the field and, for a syntax error, its line. */
interface TemplateFault {
  where: 'subject' | 'body';
  line?: number;
  detail: string;
}

/**
 * Renders a subject and an HTML body with handlebars (an environment of its own: no helper
 * registered elsewhere leaks in). A template that does not compile or render answers
 * templateLoadingFailure with where it failed.
 */
export function renderTemplate(subject: string, body: string, data: Record<string, unknown>): { subject: string; html: string } {
  const env = Handlebars.create();
  return { subject: render(env, 'subject', subject, data, true), html: render(env, 'body', body, data, false) };
}

function render(
  env: typeof Handlebars,
  where: TemplateFault['where'],
  text: string,
  data: Record<string, unknown>,
  plain: boolean,
): string {
  try {
    return env.compile(text, { noEscape: plain, strict: false })(data);
  } catch (e) {
    throw templateFault({ where, ...faultOf(e) });
  }
}

function faultOf(e: unknown): Omit<TemplateFault, 'where'> {
  const error = e as { message?: string; lineNumber?: number };
  const message = String(error?.message ?? e);
  const line = error?.lineNumber ?? Number(/on line (\d+)/.exec(message)?.[1] ?? NaN);
  // The first line of the message says what: the rest is handlebars' ASCII pointer.
  const detail = message.split('\n')[0].slice(0, 300);
  return Number.isFinite(line) ? { line, detail } : { detail };
}

export const templateFault = (fault: TemplateFault): AppError =>
  new AppError('templateLoadingFailure', `template does not compile (${fault.where})`, { ...fault });
