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
 * Problems of a form shown under their fields: a field's problem once the user left it (or after
 * `checkAll` on submit), else the server's `fields` answer for it. `problems` maps a field name (a
 * path for nested fields: `recipients.0.email`) to its §5 key; `params` gives a message its values
 * (the {n} of "at most {n} characters").
 */
export function useShownProblems<N extends string>(
  problems: Partial<Record<N, string>>,
  server: Record<string, string> = {},
  params?: (name: N) => Record<string, unknown>,
) {
  const translate = useTranslate();
  const [touched, setTouched] = useState<ReadonlySet<N>>(new Set());
  const touch = useCallback((name: N) => setTouched((t) => (t.has(name) ? t : new Set(t).add(name))), []);
  const keyOf = (name: N): string | undefined => (touched.has(name) ? problems[name] : undefined) ?? server[name];
  return {
    /** The §5 key shown for a field, if any. */
    keyOf,
    /** `error`, `helperText` and `onBlur` for the field's TextField. */
    field: (name: N, helper?: string) => {
      const key = keyOf(name);
      return {
        error: !!key,
        helperText: key ? translate(`fields.${key}`, { _: key, ...params?.(name) }) : helper,
        onBlur: () => touch(name),
      };
    },
    /** Shows the problems of these fields (all the known ones by default); true when there is none, so they may be sent. */
    checkAll: (names: readonly N[] = Object.keys(problems) as N[]): boolean => {
      setTouched((t) => new Set([...t, ...names]));
      return names.every((n) => !problems[n]);
    },
    /** Forgets what was shown (after a successful send empties the form). */
    reset: () => setTouched(new Set()),
  };
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
  const names = Object.keys(rules) as N[];
  const problems = Object.fromEntries(names.map((n) => [n, fieldProblem(values[n], rules[n])])) as Partial<Record<N, string>>;
  const shown = useShownProblems(problems, server);
  return { field: shown.field, checkAll: (only: readonly N[] = names) => shown.checkAll(only), reset: shown.reset };
}
