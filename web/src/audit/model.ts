import { AUDIT_BOOKKEEPING_FIELDS, auditDiff, type AuditEntryDto, type AuditFieldChange } from '@portal/contracts';

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A value of a change as one short line (instants in the user's zone, yes and no in words, lists joined,
 * objects as JSON, long text cut).
 */
export function shortValue(
  value: unknown,
  max = 60,
  instant: (iso: string) => string = (iso) => iso,
  yesNo: (value: boolean) => string = String,
): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' && INSTANT.test(value)) return instant(value);
  if (typeof value === 'boolean') return yesNo(value);
  const text = Array.isArray(value)
    ? value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : typeof v === 'boolean' ? yesNo(v) : String(v))).join(', ')
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** What an entry changed: every field for a creation or a deletion would be noise, so only an update lists its fields. */
export function entryChanges(entry: Pick<AuditEntryDto, 'before' | 'after'>): AuditFieldChange[] {
  if (!entry.before || !entry.after) return [];
  return auditDiff(entry.before, entry.after).filter((c) => !AUDIT_BOOKKEEPING_FIELDS.includes(c.field));
}

/** A field's name in words when no label is known: `sent_at` and `sentAt` read "sent at". */
export const fieldWords = (field: string): string =>
  field
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
