import { FEED_CLOCK_TOLERANCE_MS, isValidDay, isValidInstant, type FieldErrorKey } from '@portal/contracts';

/** What a feed field may hold. Hand-written rather than class-validator: 50,000 lines must check in milliseconds. */
export type FieldRule =
  | { kind: 'text'; max: number; required?: boolean; pattern?: RegExp }
  | { kind: 'int'; min?: number; max?: number; required?: boolean }
  | { kind: 'number'; min?: number; required?: boolean }
  | { kind: 'day' | 'instant'; required?: boolean; /** The date of something that happened: not later than now. */ happened?: boolean }
  | { kind: 'bool' }
  | { kind: 'enum'; values: readonly string[]; required?: boolean };

const INT_MAX = 2_147_483_647;

/** The first faulty field of a line, with its spec §5 message key, or null when the line is right. */
export function firstFault(line: unknown, rules: Record<string, FieldRule>, prefix = ''): { field: string; key: FieldErrorKey } | null {
  if (typeof line !== 'object' || line === null || Array.isArray(line))
    return { field: prefix.replace(/\.$/, '') || 'line', key: 'invalidFormat' };
  const values = line as Record<string, unknown>;
  for (const [field, rule] of Object.entries(rules)) {
    const key = faultOf(values[field], rule);
    if (key) return { field: prefix + field, key };
  }
  return null;
}

function faultOf(value: unknown, rule: FieldRule): FieldErrorKey | null {
  if (value === undefined || value === null || value === '') return 'required' in rule && rule.required ? 'required' : null;
  switch (rule.kind) {
    case 'text':
      if (typeof value !== 'string') return 'invalidFormat';
      if (value.length > rule.max) return 'maxLength';
      if (value.includes('\u0000')) return 'invalidFormat';
      return rule.pattern && !rule.pattern.test(value) ? 'invalidFormat' : null;
    case 'int':
      if (typeof value !== 'number' || !Number.isInteger(value)) return 'integer';
      if (value < (rule.min ?? -INT_MAX)) return 'min';
      return value > (rule.max ?? INT_MAX) ? 'max' : null;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'numeric';
      return rule.min !== undefined && value < rule.min ? 'min' : value > 1e11 ? 'max' : null;
    case 'day':
      return typeof value === 'string' && isValidDay(value) ? null : 'invalidFormat';
    case 'instant':
      if (typeof value !== 'string' || !(isValidDay(value) || isValidInstant(value))) return 'invalidFormat';
      return rule.happened && Date.parse(value) > Date.now() + FEED_CLOCK_TOLERANCE_MS ? 'inFuture' : null;
    case 'bool':
      return typeof value === 'boolean' ? null : 'invalidFormat';
    case 'enum':
      return typeof value === 'string' && rule.values.includes(value) ? null : 'invalidFormat';
  }
}
