import { LOCALES, type AdminAnnouncementDto } from '@portal/contracts';
import { isoToLocalInput, localInputToIso, orNull, type FormValues } from '../reference/model';

/** An announcement as its form holds it: a text per language, the timeout in seconds, local date-times, rights joined by commas. */
export function announcementForm(a: AdminAnnouncementDto | null, now = new Date()): FormValues {
  const values: FormValues = {
    type: a?.type ?? 'info',
    priority: String(a?.priority ?? 0),
    timeout: String(Math.round((a?.timeout ?? 0) / 1000)),
    startsAt: isoToLocalInput(a?.startsAt ?? now.toISOString()),
    endsAt: a?.endsAt ? isoToLocalInput(a.endsAt) : '',
    roles: (a?.roles ?? []).join(','),
  };
  for (const l of LOCALES) values[`message.${l.short}`] = a?.message[l.short] ?? '';
  return values;
}

/** The body the API takes (spec §3 Announcement): timeout back in milliseconds, instants, the languages typed. */
export function announcementBody(v: FormValues): Record<string, unknown> {
  const seconds = String(v.timeout ?? '').trim();
  return {
    message: Object.fromEntries(LOCALES.map((l) => [l.short, String(v[`message.${l.short}`] ?? '')])),
    type: v.type,
    priority: orNull(v.priority),
    timeout: /^\d+$/.test(seconds) ? Number(seconds) * 1000 : orNull(seconds),
    startsAt: localInputToIso(String(v.startsAt ?? '')),
    endsAt: localInputToIso(String(v.endsAt ?? '')),
    roles: String(v.roles ?? '')
      .split(',')
      .filter(Boolean),
  };
}
