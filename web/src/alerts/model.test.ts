import { describe, expect, it } from 'vitest';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'ra-core';
import { ALERT_LIMITS, type AlertDto } from '@portal/contracts';
import { fr } from '../i18n/fr';
import { en } from '../i18n/en';
import { de } from '../i18n/de';
import { alertBody, alertFormProblems, emptyForm, formFromAlert, frequencyWords, mailStatus, typedCodes, type AlertForm } from './model';

const translator = (messages: object, locale: string) => {
  const provider = polyglotI18nProvider(() => messages as TranslationMessages, locale, [], { allowMissing: true });
  return (key: string, options?: Record<string, unknown>) => provider.translate(key, options);
};
const t = { fr: translator(fr, 'fr'), en: translator(en, 'en'), de: translator(de, 'de') };
type Schedule = Parameters<typeof frequencyWords>[0];
const schedule = (s: Partial<Schedule>): Schedule => ({
  frequency: 'IMMEDIATE',
  time: null,
  weekday: null,
  monthDay: null,
  month: null,
  ...s,
});

describe('the frequency of an alert in words (Hello and the form)', () => {
  it('reads each frequency in French', () => {
    expect(frequencyWords(schedule({}), t.fr, 'fr')).toBe('Immédiate, à chaque événement');
    expect(frequencyWords(schedule({ frequency: 'DAY', time: '01:00' }), t.fr, 'fr')).toBe('Chaque jour à 01:00');
    expect(frequencyWords(schedule({ frequency: 'WEEK', time: '12:00', weekday: 1 }), t.fr, 'fr')).toBe('Chaque lundi à 12:00');
    expect(frequencyWords(schedule({ frequency: 'WEEK', time: '23:50', weekday: 7 }), t.fr, 'fr')).toBe('Chaque dimanche à 23:50');
    expect(frequencyWords(schedule({ frequency: 'MONTH', time: '01:00', monthDay: 'FIRST' }), t.fr, 'fr')).toBe(
      'Le premier jour de chaque mois à 01:00',
    );
    expect(frequencyWords(schedule({ frequency: 'MONTH', time: '23:50', monthDay: 'LAST' }), t.fr, 'fr')).toBe(
      'Le dernier jour de chaque mois à 23:50',
    );
    expect(frequencyWords(schedule({ frequency: 'YEAR', time: '12:00', monthDay: 'FIRST', month: 3 }), t.fr, 'fr')).toBe(
      'Chaque année, le 1er mars à 12:00',
    );
    expect(frequencyWords(schedule({ frequency: 'YEAR', time: '12:00', monthDay: 'LAST', month: 4 }), t.fr, 'fr')).toBe(
      'Chaque année, fin avril (dernier jour) à 12:00',
    );
  });
  it('names weekdays and months in the user’s language', () => {
    expect(frequencyWords(schedule({ frequency: 'WEEK', time: '12:00', weekday: 1 }), t.en, 'en')).toBe('Every Monday at 12:00');
    expect(frequencyWords(schedule({ frequency: 'WEEK', time: '12:00', weekday: 3 }), t.de, 'de')).toBe('Jeden Mittwoch um 12:00');
    expect(frequencyWords(schedule({ frequency: 'YEAR', time: '01:00', monthDay: 'LAST', month: 12 }), t.de, 'de')).toBe(
      'Jährlich am letzten Tag im Dezember um 01:00',
    );
  });
  it('reads an unfinished schedule as far as it goes', () => {
    expect(frequencyWords(schedule({ frequency: 'WEEK' }), t.fr, 'fr')).toBe('Chaque — à —');
  });
});

const vip = (patch: Partial<AlertForm> = {}): AlertForm => ({
  ...emptyForm('vip'),
  title: 'Livrées DEMO-A',
  depositorIds: [1],
  statuses: [100],
  ...patch,
});

describe('the alert form’s rules (the server’s: alertInput and alertInputProblems)', () => {
  it('takes a complete My VIP alert', () => {
    expect(alertFormProblems(vip())).toEqual({});
  });
  it('asks for a title, a depositor and something to follow', () => {
    expect(alertFormProblems(vip({ title: '', depositorIds: [], statuses: [], events: [] }))).toEqual({
      title: 'required',
      depositorIds: 'required',
      statuses: 'required',
    });
    expect(alertFormProblems(vip({ statuses: [], events: ['DELIVERED'] }))).toEqual({});
  });
  it('asks for a recipient unless the user takes a copy', () => {
    expect(alertFormProblems(vip({ copyToSelf: false }))).toEqual({ recipients: 'required' });
    expect(
      alertFormProblems(vip({ copyToSelf: false, recipients: [{ name: 'Quai 2', email: 'quai2@demo-a.example', phone: '' }] })),
    ).toEqual({});
  });
  it('checks each recipient under its own field (spec §5)', () => {
    const recipients = [
      { name: 'Claire Durand', email: 'claire.durand@demo-a', phone: '04 72 00 00 00' },
      { name: '', email: 'ok@demo-a.example', phone: '04-AB' },
    ];
    expect(alertFormProblems(vip({ recipients }))).toEqual({
      'recipients.0.email': 'invalidEmail',
      'recipients.1.name': 'required',
      'recipients.1.phone': 'phoneDigits',
    });
  });
  it('asks for the time, weekday, month day and month the frequency names', () => {
    expect(alertFormProblems(vip({ frequency: 'DAY' }))).toEqual({ time: 'required' });
    expect(alertFormProblems(vip({ frequency: 'WEEK', time: '12:00' }))).toEqual({ weekday: 'required' });
    expect(alertFormProblems(vip({ frequency: 'MONTH', time: '12:00' }))).toEqual({ monthDay: 'required' });
    expect(alertFormProblems(vip({ frequency: 'YEAR', time: '12:00', monthDay: 'LAST' }))).toEqual({ month: 'required' });
    expect(alertFormProblems(vip({ frequency: 'YEAR', time: '12:00', monthDay: 'LAST', month: 12 }))).toEqual({});
  });
  it('asks My DOC for a document type and an SLA alert for its rule and cut-off', () => {
    expect(alertFormProblems({ ...emptyForm('doc'), title: 'BL du jour', depositorIds: [1] })).toEqual({ documentTypes: 'required' });
    const sla = vip({ kind: 'SLA', statuses: [] });
    expect(alertFormProblems(sla)).toEqual({ slaRule: 'required' });
    expect(alertFormProblems({ ...sla, slaRule: 'PICKING_CUTOFF' })).toEqual({ cutoff: 'required' });
    expect(alertFormProblems({ ...sla, slaRule: 'PICKING_CUTOFF', cutoff: '25:00' })).toEqual({ cutoff: 'invalidFormat' });
    expect(alertFormProblems({ ...sla, slaRule: 'PICKING_CUTOFF', cutoff: '14:00' })).toEqual({});
    expect(alertFormProblems({ ...sla, kind: 'NO_TEMPERATURE' })).toEqual({});
  });
  it('refuses codes outside §5 and text past its limit', () => {
    expect(alertFormProblems(vip({ customerCodes: ['DUP*', 'A B'] }))).toEqual({ 'customerCodes.1': 'invalidFormat' });
    expect(alertFormProblems(vip({ title: 'x'.repeat(ALERT_LIMITS.title + 1) }))).toEqual({ title: 'maxLength' });
  });
  it('sends only what the kind and the frequency use', () => {
    const body = alertBody(
      vip({ frequency: 'DAY', time: '12:00', weekday: 3, month: 5, documentTypes: ['DELIVERY_NOTE'], cutoff: '14:00' }),
    );
    expect(body).toMatchObject({ frequency: 'DAY', time: '12:00', weekday: '', month: '', documentTypes: [], cutoff: '', statuses: [100] });
  });
  it('edits an alert of the API as it was saved', () => {
    const saved = {
      ...alertBody(vip({ recipients: [{ name: 'Quai', email: 'q@demo-a.example', phone: '' }] })),
      id: 7,
    } as unknown as AlertDto;
    const dto: AlertDto = {
      ...saved,
      comment: null,
      subject: null,
      time: null,
      weekday: null,
      monthDay: null,
      month: null,
      referencePrefix: null,
      slaRule: null,
      cutoff: null,
    };
    const form = formFromAlert({ ...dto, recipients: [{ name: 'Quai', email: 'q@demo-a.example' }] });
    expect(form).toMatchObject({
      title: 'Livrées DEMO-A',
      comment: '',
      time: '',
      weekday: '',
      recipients: [{ name: 'Quai', email: 'q@demo-a.example', phone: '' }],
    });
    expect(alertFormProblems(form)).toEqual({});
  });
});

describe('codes typed or pasted', () => {
  it('splits on spaces, commas and semicolons, in capitals', () => {
    expect(typedCodes(' dup*, 1234 ;abc\n X-1 ')).toEqual(['DUP*', '1234', 'ABC', 'X-1']);
  });
});

describe('where a mail of an alert stands', () => {
  it('is sent, queued, waiting for a retry or given up', () => {
    expect(mailStatus({ sentAt: '2026-11-26T12:00:00Z', attempts: 2 })).toBe('sent');
    expect(mailStatus({ sentAt: null, attempts: 0 })).toBe('queued');
    expect(mailStatus({ sentAt: null, attempts: 2 })).toBe('retry');
    expect(mailStatus({ sentAt: null, attempts: ALERT_LIMITS.mailAttempts })).toBe('failed');
  });
});
