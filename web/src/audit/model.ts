import { auditDiff, type AuditEntryDto, type AuditFieldChange } from '@portal/contracts';

/** A value of a change as one short line (lists joined, objects as JSON, long text cut). */
export function shortValue(value: unknown, max = 60): string {
  if (value === null || value === undefined || value === '') return '—';
  const text = Array.isArray(value)
    ? value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ')
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** What an entry changed: every field for a creation or a deletion would be noise, so only an update lists its fields. */
export function entryChanges(entry: Pick<AuditEntryDto, 'before' | 'after'>): AuditFieldChange[] {
  if (!entry.before || !entry.after) return [];
  return auditDiff(entry.before, entry.after).filter((c) => !['updated_at', 'updatedAt', 'updated_by'].includes(c.field));
}
