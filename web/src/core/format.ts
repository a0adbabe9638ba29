/**
 * Spec §9 date formats: DD/MM/YYYY, or DD/MM/YYYY HH:mm, always in the user's time zone.
 */
export function formatDate(value: Date | string | number, timeZone: string, withTime = false): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const } : {}),
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const day = `${get('day')}/${get('month')}/${get('year')}`;
  return withTime ? `${day} ${get('hour')}:${get('minute')}` : day;
}

/** "GMT+01:00"-style offset of a zone right now, shown beside the zone names in settings. */
export function zoneOffset(timeZone: string, at = new Date()): string {
  const part = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value === 'GMT' ? 'GMT+00:00' : (part?.value ?? '');
}
