import { holdsNul, type FieldErrorKey, FEED_CLOCK_TOLERANCE_MS } from '@portal/contracts';

/** Dates PostgreSQL and the screens both handle (the list kit's range). */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2999;

/**
 * Small field checks for the machine feeds, where thousands of orders arrive per call and
 * class-validator's per-object cost would dominate. Each returns the value or records a spec §5 key.
 */
export class FieldChecks {
  readonly fields: Record<string, FieldErrorKey> = {};

  get ok(): boolean {
    return Object.keys(this.fields).length === 0;
  }

  text(path: string, value: unknown, max: number, options: { required?: boolean; pattern?: RegExp } = {}): string | null {
    if (value === undefined || value === null || value === '') {
      if (options.required) this.fields[path] = 'required';
      return null;
    }
    if (typeof value !== 'string' && typeof value !== 'number') return this.fail(path, 'invalidFormat');
    const text = String(value).trim();
    if (text.length > max) return this.fail(path, 'maxLength');
    if (text.includes('\u0000')) return this.fail(path, 'invalidFormat');
    if (options.pattern && !options.pattern.test(text)) return this.fail(path, 'invalidFormat');
    return text;
  }

  integer(path: string, value: unknown, options: { required?: boolean; min?: number; max?: number } = {}): number | null {
    if (value === undefined || value === null || value === '') {
      if (options.required) this.fields[path] = 'required';
      return null;
    }
    const n = Number(value);
    if (!Number.isInteger(n)) return this.fail(path, 'integer');
    if (options.min !== undefined && n < options.min) return this.fail(path, 'min');
    if (options.max !== undefined && n > options.max) return this.fail(path, 'max');
    return n;
  }

  number(path: string, value: unknown, max = 1e9): number | null {
    if (value === undefined || value === null || value === '') return null;
    const n = Number(value);
    if (!Number.isFinite(n)) return this.fail(path, 'numeric');
    if (n < 0) return this.fail(path, 'min');
    if (n > max) return this.fail(path, 'max');
    return n;
  }

  /** An ISO date; `happened`: the date of something that took place, refused later than now (clock tolerance aside). */
  date(path: string, value: unknown, required = false, happened = false): string | null {
    if (value === undefined || value === null || value === '') {
      if (required) this.fields[path] = 'required';
      return null;
    }
    const t = typeof value === 'string' || typeof value === 'number' ? new Date(value).getTime() : NaN;
    if (Number.isNaN(t)) return this.fail(path, 'invalidFormat');
    const year = new Date(t).getUTCFullYear();
    if (year < FIRST_YEAR || year > LAST_YEAR) return this.fail(path, 'invalidFormat');
    if (happened && t > Date.now() + FEED_CLOCK_TOLERANCE_MS) return this.fail(path, 'inFuture');
    return new Date(t).toISOString();
  }

  oneOf<T>(path: string, value: unknown, allowed: readonly T[], required = false): T | null {
    if (value === undefined || value === null || value === '') {
      if (required) this.fields[path] = 'required';
      return null;
    }
    return allowed.includes(value as T) ? (value as T) : this.fail(path, 'invalidFormat');
  }

  list(path: string, value: unknown, max: number): unknown[] | undefined {
    if (value === undefined || value === null) return undefined;
    if (!Array.isArray(value)) return this.fail(path, 'invalidFormat') ?? undefined;
    if (value.length > max) return this.fail(path, 'max') ?? undefined;
    return value;
  }

  /** Refuses a NUL character anywhere in a value stored as it comes (jsonb cannot hold one). */
  noNul(path: string, value: unknown): void {
    if (holdsNul(value)) this.fail(path, 'invalidFormat');
  }

  object(path: string, value: unknown): Record<string, unknown> | undefined {
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'object' || Array.isArray(value)) return this.fail(path, 'invalidFormat') ?? undefined;
    return value as Record<string, unknown>;
  }

  private fail(path: string, key: FieldErrorKey): null {
    this.fields[path] ??= key;
    return null;
  }
}

/** Spec §5: codes and order references are uppercase letters, digits, hyphen and underscore. */
export const CODE = /^[A-Z0-9_-]+$/;
