import type { PublicTrackingDto } from '@portal/contracts';
import { pageLanguage } from './language';
import { entryLabel, escapeHtml, messagePage, pageDates, statusTone, trackingPage, type TrackingView } from './page';

const order: PublicTrackingDto = {
  depositorId: 1,
  status: 95,
  carrierName: 'GLS',
  trackingNumbers: [
    { number: 'GLS<01>', url: 'https://gls-group.com/FR/fr/suivi-colis?match=GLS%3C01%3E&x="' },
    { number: 'NOLINK2', url: null },
  ],
  promisedDeliveryAt: '2026-11-20T10:00:00.000Z',
  deliveredAt: null,
  zip: '69003',
  town: 'LYON',
  timeline: [
    {
      kind: 'event',
      at: '2026-11-19T10:00:00.000Z',
      type: 'NEW_APPOINTMENT',
      carrierStatus: null,
      appointmentAt: '2026-11-20T08:30:00.000Z',
    },
    { kind: 'event', at: '2026-11-19T08:00:00.000Z', type: null, carrierStatus: 'PICKED_UP', appointmentAt: null },
    { kind: 'status', at: '2026-11-18T14:05:00.000Z', status: 90 },
  ],
};
const view: TrackingView = { order, depositorName: 'Maison <Lumière> & Cie', logoUrl: '/suivi/AAAAAAAAAAAAAAAAAAAAAAAA/logo?v=1' };
const fr = pageLanguage('fr', undefined);

describe('public tracking page', () => {
  it('shows the status, dates, destination, carrier and tracking numbers, escaped', () => {
    const html = trackingPage(view, fr);
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('<title>Suivi de votre livraison – Maison &lt;Lumière&gt; &amp; Cie</title>');
    expect(html).toContain('<p class="sender">Envoyée par Maison &lt;Lumière&gt; &amp; Cie</p>');
    expect(html).toContain('<p class="status info">En transit</p>');
    expect(html).toContain('<dt>Livraison prévue</dt><dd>vendredi 20 novembre 2026</dd>');
    expect(html).toContain('<dt>Destination</dt><dd>69003 LYON</dd>');
    expect(html).toContain(
      '<a href="https://gls-group.com/FR/fr/suivi-colis?match=GLS%3C01%3E&amp;x=&quot;" rel="noopener noreferrer"><span class="number">GLS&lt;01&gt;</span><span class="note">suivre sur le site de GLS</span></a>',
    );
    expect(html).toContain('<dt>Numéros de suivi</dt><dd><a href=');
    expect(html).toContain('</a></dd><dd><span class="number">NOLINK2</span></dd></dl>');
    expect(html).toContain('<img class="logo" src="/suivi/AAAAAAAAAAAAAAAAAAAAAAAA/logo?v=1" alt="">');
    expect(html).not.toMatch(/<script|<Lumière>|GLS<01>/);
  });

  it('lists the timeline as given (newest first), each line in the language with its date', () => {
    const html = trackingPage(view, fr);
    const lines = [
      ...html.matchAll(/<li><time datetime="([^"]+)">([^<]+)<\/time>([^<]+)(?:<span class="note">([^<]+)<\/span>)?<\/li>/g),
    ].map((m) => m.slice(1).filter(Boolean));
    expect(lines).toEqual([
      ['2026-11-19T10:00:00.000Z', '19 nov. 2026, 11:00', 'Nouveau rendez-vous', 'Rendez-vous : 20 nov. 2026, 09:30'],
      ['2026-11-19T08:00:00.000Z', '19 nov. 2026, 09:00', 'Pris en charge'],
      ['2026-11-18T14:05:00.000Z', '18 nov. 2026, 15:05', 'Expédiée'],
    ]);
    const de = trackingPage(view, pageLanguage('de', undefined));
    expect(de).toContain('Neuer Termin');
    expect(de).toContain('Freitag, 20. November 2026');
    expect(trackingPage({ ...view, order: { ...order, timeline: [] } }, fr)).toContain('<p>Aucune étape pour le moment.</p>');
  });

  it('says delivered with its day instead of the promised one, and leaves out what is unknown', () => {
    const html = trackingPage(
      {
        order: {
          ...order,
          status: 100,
          deliveredAt: '2026-11-19T16:00:00.000Z',
          carrierName: null,
          trackingNumbers: [],
          zip: null,
          town: null,
        },
        depositorName: null,
        logoUrl: null,
      },
      pageLanguage('en', 'en-GB'),
    );
    expect(html).toContain('<p class="status ok">Delivered</p>');
    expect(html).toContain('<dt>Delivered on</dt><dd>Thursday, 19 November 2026</dd>');
    expect(html).not.toMatch(/Expected delivery|Destination|Carrier|Tracking number|class="logo"|class="sender"/);
    expect(html).toContain('<title>Track your delivery</title>');
  });

  it('links the five languages, the current one marked, relative to the page itself', () => {
    const html = trackingPage(view, pageLanguage('es', undefined));
    expect(html).toContain('<nav aria-label="Idioma">');
    expect(
      [...html.matchAll(/<a href="\?lang=(\w+)" hreflang="\1" lang="\1"( aria-current="true")?>/g)].map((m) => `${m[1]}${m[2] ? '*' : ''}`),
    ).toEqual(['fr', 'en', 'de', 'es*', 'it']);
  });

  it('writes the same not-found page for every token: nothing of the request in it', () => {
    const page = messagePage('notFound', fr);
    expect(page).toContain('<h1>Lien de suivi introuvable</h1>');
    expect(messagePage('notFound', pageLanguage(undefined, 'fr-FR'))).toBe(page);
    expect(messagePage('tooMany', pageLanguage('it', undefined), { seconds: 42 })).toContain('Riprovi tra 42 secondi.');
    expect(messagePage('unavailable', pageLanguage('de', undefined))).toContain(
      '<h1>Sendungsverfolgung vorübergehend nicht verfügbar</h1>',
    );
  });

  it('has a word for every status tone and timeline entry', () => {
    expect([100, 97, 96, 98, 106, -1, 0, 95].map(statusTone)).toEqual(['ok', 'warn', 'warn', 'warn', 'warn', '', 'info', 'info']);
    expect(entryLabel({ kind: 'status', at: '', status: 12345 }, 'fr')).toBe('12345');
    expect(entryLabel({ kind: 'event', at: '', type: null, carrierStatus: 'RETURNED', appointmentAt: null }, 'it')).toBe(
      'Reso al mittente',
    );
    expect(escapeHtml(`<a href="x" onclick='y'>&`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;');
    expect(pageDates(pageLanguage(undefined, 'en-US')).dateTime('2026-11-18T14:05:00.000Z')).toBe('Nov 18, 2026, 3:05 PM');
  });
});
