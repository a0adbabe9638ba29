import { describe, expect, it } from 'vitest';
import type { AdminAnnouncementDto } from '@portal/contracts';
import { announcementBody, announcementForm } from './model';

const stored: AdminAnnouncementDto = {
  id: 7,
  message: { fr: 'Inventaire samedi', en: 'Stocktake on Saturday' },
  type: 'other',
  timeout: 15000,
  priority: 40,
  startsAt: '2026-11-28T07:00:00.000Z',
  endsAt: null,
  roles: ['PGT_USER', 'STOCK_USER'],
  state: 'future',
};

describe('the announcement form', () => {
  it('shows the timeout in seconds, every language, the rights', () => {
    const form = announcementForm(stored);
    expect(form).toMatchObject({
      type: 'other',
      priority: '40',
      timeout: '15',
      endsAt: '',
      roles: 'PGT_USER,STOCK_USER',
      'message.de': '',
    });
    expect(form['message.fr']).toBe('Inventaire samedi');
    expect(new Date(String(form.startsAt)).toISOString()).toBe(stored.startsAt);
  });

  it('gives back the body of the API: milliseconds, instants, no end when left empty', () => {
    const body = announcementBody(announcementForm(stored));
    expect(body).toMatchObject({
      type: 'other',
      priority: '40',
      timeout: 15000,
      startsAt: stored.startsAt,
      endsAt: null,
      roles: ['PGT_USER', 'STOCK_USER'],
      message: { fr: 'Inventaire samedi', en: 'Stocktake on Saturday', es: '', it: '', de: '' },
    });
  });

  it('starts a new one now, for everyone, until closed', () => {
    const form = announcementForm(null, new Date('2026-11-26T10:15:00Z'));
    expect(form).toMatchObject({ type: 'info', priority: '0', timeout: '0', roles: '' });
    expect(announcementBody(form)).toMatchObject({ startsAt: '2026-11-26T10:15:00.000Z', roles: [], timeout: 0 });
  });

  it('leaves a timeout that is no number of seconds to the server, which marks the field', () => {
    expect(announcementBody({ ...announcementForm(null), timeout: '1.5' }).timeout).toBe('1.5');
  });
});
