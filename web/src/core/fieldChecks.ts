import { useCallback, useState } from 'react';
import { useTranslate } from 'ra-core';
import { EMAIL_PATTERN, normalizePhone, parsePrinterUri, type FieldErrorKey } from '@portal/contracts';

/** What a form field must hold (spec §5 messages); the server checks the same rules again. */
export type FieldRule = 'required' | 'email' | 'phone' | 'printerUri';

/** The first rule a value breaks, as its §5 field key; an empty optional field breaks none. */
export function fieldProblem(value: string, rules: readonly FieldRule[]): FieldErrorKey | undefined {
  const text = value.trim();
  if (!text) return rules.includes('required') ? 'required' : undefined;
  if (rules.includes('email') && !EMAIL_PATTERN.test(text)) return 'invalidEmail';
  if (rules.includes('phone') && !normalizePhone(text)) return 'phoneDigits';
  if (rules.includes('printerUri') && !parsePrinterUri(text)) return 'printerAddress';
  return undefined;
}

/**
 * A form's fields checked as the user leaves each one (and all of them on submit), the message under
 * the field; the server's own `fields` answer shows where no local rule objects.
 */
export function useFieldChecks<N extends string>(
  rules: Record<N, readonly FieldRule[]>,
  values: Record<N, string>,
  server: Record<string, string> = {},
) {
  const translate = useTranslate();
  const [touched, setTouched] = useState<ReadonlySet<N>>(new Set());
  const touch = useCallback((name: N) => setTouched((t) => (t.has(name) ? t : new Set(t).add(name))), []);
  const keyOf = (name: N): string | undefined => (touched.has(name) ? fieldProblem(values[name], rules[name]) : undefined) ?? server[name];
  return {
    /** `error`, `helperText` and `onBlur` for the field's TextField. */
    field: (name: N, helper?: string) => {
      const key = keyOf(name);
      return {
        error: !!key,
        helperText: key ? translate(`fields.${key}`, { _: key }) : helper,
        onBlur: () => touch(name),
      };
    },
    /** Shows the problems of these fields (all by default); true when there is none, so they may be sent. */
    checkAll: (names: readonly N[] = Object.keys(rules) as N[]): boolean => {
      setTouched((t) => new Set([...t, ...names]));
      return names.every((n) => !fieldProblem(values[n], rules[n]));
    },
    /** Forgets what was shown (after a successful send empties the form). */
    reset: () => setTouched(new Set()),
  };
}
