import {
  DEFAULT_TIME_ZONE,
  trackingWord,
  TrackingStatus,
  type PublicTimelineEntry,
  type PublicTrackingDto,
  type ShortLocale,
  type TrackingWords,
} from '@portal/contracts';
import { PAGE_LANGUAGES, type PageLanguage } from './language';
import { fill, PAGE_WORDS, type PageWords } from './words';

/** What the page shows: the order as tracking answered it, and the depositor's name and logo. */
export interface TrackingView {
  order: PublicTrackingDto;
  depositorName: string | null;
  /** Path of the depositor's logo for this token, or null without one. */
  logoUrl: string | null;
  /** The provider's words for statuses and events (tracking translations), over the catalogue's. */
  words?: TrackingWords;
}

/** The recipient's time zone is unknown without script: dates are read in the portal's (Europe/Paris). */
export const PAGE_TIME_ZONE = DEFAULT_TIME_ZONE;

const LANGUAGE_NAMES: Record<ShortLocale, string> = { fr: 'Français', en: 'English', de: 'Deutsch', es: 'Español', it: 'Italiano' };

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text and attribute values: every markup character escaped. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/**
 * Phone first, light and dark from the system, no script, no external resource: one inline style
 * sheet (the CSP allows inline styles), system fonts. Long words (tracking numbers, towns) wrap.
 */
const STYLE = `:root{color-scheme:light dark;--bg:#f4f5f7;--card:#fff;--text:#1b1f24;--muted:#4d5661;--line:#d5dbe1;--link:#a83f00;--ok:#1d6a33;--warn:#8a4600;--info:#1d4f91}
@media (prefers-color-scheme:dark){:root{--bg:#111315;--card:#1c2024;--text:#eef1f4;--muted:#b9c1c9;--line:#363c43;--link:#ffa766;--ok:#7ed695;--warn:#ffc46b;--info:#8cbcff}}
*{box-sizing:border-box}html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--text);font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;overflow-wrap:anywhere}
header,main,footer{max-width:40rem;margin:0 auto;padding:1rem}header{padding-bottom:0}
.logo{display:block;max-width:min(60%,300px);max-height:4rem;width:auto;height:auto}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 .25rem}h2{font-size:1.125rem;margin:1.5rem 0 .5rem}
p{margin:.25rem 0}.sender{color:var(--muted)}
.card{background:var(--card);border:1px solid var(--line);border-radius:.75rem;padding:1rem;margin-top:1rem}
.status{font-size:1.25rem;font-weight:700;margin:0}.status.ok{color:var(--ok)}.status.warn{color:var(--warn)}.status.info{color:var(--info)}
dl{margin:.75rem 0 0}dt{color:var(--muted);font-size:.875rem;margin-top:.75rem}dt:first-child{margin-top:0}dd{margin:0}
.number{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
a{color:var(--link);text-underline-offset:.15em}a:focus-visible{outline:3px solid var(--link);outline-offset:2px}
ol{list-style:none;margin:0;padding:0}ol li{padding:.625rem 0;border-top:1px solid var(--line)}ol li:first-child{border-top:0;padding-top:0}ol li:last-child{padding-bottom:0}
time,.note{display:block;color:var(--muted);font-size:.875rem}
footer ul{display:flex;flex-wrap:wrap;gap:0 1.25rem;list-style:none;margin:0;padding:0}footer li{padding:.5rem 0}
footer a[aria-current]{color:var(--text);font-weight:700;text-decoration:none}
@media (min-width:36rem){dl{display:grid;grid-template-columns:max-content 1fr;gap:.5rem 1.25rem}dt{grid-column:1;margin:0}dd{grid-column:2}h1{font-size:1.75rem}}`;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) formatters.set(key, (format = new Intl.DateTimeFormat(locale, { ...options, timeZone })));
  return format;
}

/** How the page writes instants and days in the recipient's language and locale. */
export interface PageDates {
  dateTime(iso: string): string;
  day(iso: string): string;
}

export function pageDates(language: PageLanguage, timeZone = PAGE_TIME_ZONE): PageDates {
  const long = formatter(language.dateLocale, { dateStyle: 'medium', timeStyle: 'short' }, timeZone);
  const day = formatter(language.dateLocale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }, timeZone);
  return { dateTime: (iso) => long.format(new Date(iso)), day: (iso) => day.format(new Date(iso)) };
}

/** The headline's tone: delivered, trouble (returns, anomalies, partial), canceled, else on its way. */
export function statusTone(status: number): 'ok' | 'warn' | 'info' | '' {
  if (status === TrackingStatus.Delivered) return 'ok';
  if ([96, 97, 98, 106].includes(status)) return 'warn';
  return status === TrackingStatus.Canceled ? '' : 'info';
}

export const statusLabel = (status: number, lang: ShortLocale, words?: TrackingWords): string =>
  trackingWord(words, 'trackingStatus', status, lang);

/** What one line of the timeline says: the status, the event's type, else the carrier's status. */
export function entryLabel(entry: PublicTimelineEntry, lang: ShortLocale, words?: TrackingWords): string {
  if (entry.kind === 'status') return statusLabel(entry.status, lang, words);
  if (entry.type) return trackingWord(words, 'tracerEvent', entry.type, lang);
  return entry.carrierStatus ? trackingWord(words, 'carrierStatus', entry.carrierStatus, lang) : '';
}

/** The page of an order (200). */
export function trackingPage(view: TrackingView, language: PageLanguage, timeZone = PAGE_TIME_ZONE): string {
  const { order } = view;
  const words = PAGE_WORDS[language.lang];
  const dates = pageDates(language, timeZone);
  // Each term with its descriptions (several tracking numbers under one term), already escaped.
  const facts: [string, string[]][] = [];
  if (order.deliveredAt) facts.push([words.deliveredAt, [escapeHtml(dates.day(order.deliveredAt))]]);
  else if (order.promisedDeliveryAt) facts.push([words.promisedDelivery, [escapeHtml(dates.day(order.promisedDeliveryAt))]]);
  const place = [order.zip, order.town].filter(Boolean).join(' ');
  if (place) facts.push([words.destination, [escapeHtml(place)]]);
  if (order.carrierName) facts.push([words.carrier, [escapeHtml(order.carrierName)]]);
  const numbers = order.trackingNumbers.map((t) => trackingNumber(t, order.carrierName, words));
  if (numbers.length) facts.push([numbers.length > 1 ? words.trackingNumbers : words.trackingNumber, numbers]);
  const tone = statusTone(order.status);
  const body = `<main>
<h1>${escapeHtml(words.title)}</h1>
${view.depositorName ? `<p class="sender">${escapeHtml(fill(words.sentBy, { name: view.depositorName }))}</p>` : ''}
<section class="card" aria-labelledby="status-title">
<h2 id="status-title" class="visually-hidden">${escapeHtml(words.status)}</h2>
<p class="status${tone ? ` ${tone}` : ''}">${escapeHtml(statusLabel(order.status, language.lang, view.words))}</p>
${facts.length ? `<dl>${facts.map(([dt, dds]) => `<dt>${escapeHtml(dt)}</dt>${dds.map((dd) => `<dd>${dd}</dd>`).join('')}`).join('')}</dl>` : ''}
</section>
<section aria-labelledby="timeline-title">
<h2 id="timeline-title">${escapeHtml(words.timeline)}</h2>
<div class="card">${timeline(order.timeline, language.lang, words, dates, view.words)}</div>
</section>
</main>`;
  const logo = view.logoUrl ? `<header><img class="logo" src="${escapeHtml(view.logoUrl)}" alt=""></header>` : '';
  const title = view.depositorName ? `${words.title} – ${view.depositorName}` : words.title;
  return document(language.lang, title, `${logo}${body}`);
}

function trackingNumber(t: { number: string; url: string | null }, carrier: string | null, words: PageWords): string {
  const number = `<span class="number">${escapeHtml(t.number)}</span>`;
  if (!t.url) return number;
  const hint = carrier ? `<span class="note">${escapeHtml(fill(words.carrierLink, { carrier }))}</span>` : '';
  return `<a href="${escapeHtml(t.url)}" rel="noopener noreferrer">${number}${hint}</a>`;
}

function timeline(
  entries: PublicTimelineEntry[],
  lang: ShortLocale,
  words: PageWords,
  dates: PageDates,
  overrides?: TrackingWords,
): string {
  if (!entries.length) return `<p>${escapeHtml(words.noEvents)}</p>`;
  const items = entries.map((e) => {
    const appointment =
      e.kind === 'event' && e.appointmentAt
        ? `<span class="note">${escapeHtml(fill(words.appointment, { date: dates.dateTime(e.appointmentAt) }))}</span>`
        : '';
    return `<li><time datetime="${escapeHtml(e.at)}">${escapeHtml(dates.dateTime(e.at))}</time>${escapeHtml(entryLabel(e, lang, overrides))}${appointment}</li>`;
  });
  return `<ol>${items.join('')}</ol>`;
}

/** The pages without an order: an unknown, revoked or malformed link (404), too many requests (429), unavailable (503). */
export type MessageKind = 'notFound' | 'tooMany' | 'unavailable';

export function messagePage(kind: MessageKind, language: PageLanguage, values: Record<string, string | number> = {}): string {
  const words = PAGE_WORDS[language.lang];
  const [title, text] = {
    notFound: [words.notFoundTitle, words.notFoundText],
    tooMany: [words.tooManyTitle, words.tooManyText],
    unavailable: [words.unavailableTitle, words.unavailableText],
  }[kind];
  return document(language.lang, title, `<main>\n<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(fill(text, values))}</p>\n</main>`);
}

/** The language links (relative `?lang=`: the page's own path, whatever the token). */
function languageLinks(lang: ShortLocale): string {
  const links = PAGE_LANGUAGES.map(
    (l) =>
      `<li><a href="?lang=${l}" hreflang="${l}" lang="${l}"${l === lang ? ' aria-current="true"' : ''}>${escapeHtml(LANGUAGE_NAMES[l])}</a></li>`,
  );
  return `<footer><nav aria-label="${escapeHtml(PAGE_WORDS[lang].language)}"><ul>${links.join('')}</ul></nav></footer>`;
}

function document(lang: ShortLocale, title: string, content: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)}</title>
<style>${STYLE}.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}</style>
</head>
<body>
${content}
${languageLinks(lang)}
</body>
</html>
`;
}
