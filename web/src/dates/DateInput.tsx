import { useState, type ReactNode } from 'react';
import type { SxProps, Theme } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { useTranslate } from 'ra-core';
import { todayIn, toLocalInput } from '@portal/contracts';
import { useTimeZone } from '../user/useUser';
import { dateToDay, dateToWallClock, INVALID_DATE, isValidDate, wallClockToDate } from './dateValue';

/** Spec §9 formats, whatever the language. */
export const DAY_FORMAT = 'dd/MM/yyyy';
export const DATE_TIME_FORMAT = 'dd/MM/yyyy HH:mm';

export interface DateInputProps {
  /** The id of the field's input (labels, tests). */
  id: string;
  label: string;
  /** `YYYY-MM-DD` (DateInput) or `YYYY-MM-DDTHH:mm` in the user's time zone (DateTimeInput); '' when empty. */
  value: string;
  /** The new value: '' when cleared, `INVALID_DATE` while the date typed is invalid or unfinished. */
  onChange: (value: string) => void;
  /** The caller's own refusal (its text in helperText); an invalid date shows its own message instead. */
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  name?: string;
  sx?: SxProps<Theme>;
}

/**
 * The picker's `Date` kept between renders: the value the form gives back is the one it was given
 * (an unfinished date stays as typed), anything else (a period chosen, a reset) replaces it.
 */
function usePicked(value: string, onChange: (value: string) => void, toValue: (date: Date | null) => string) {
  const [picked, setPicked] = useState(() => ({ value, date: wallClockToDate(value) }));
  let current = picked;
  if (picked.value !== value) {
    current = { value, date: wallClockToDate(value) };
    setPicked(current);
  }
  const change = (date: Date | null, context: { validationError: unknown }) => {
    const next = date !== null && context.validationError !== null ? INVALID_DATE : toValue(date);
    setPicked({ value: next, date });
    onChange(next);
  };
  const invalid = value === INVALID_DATE || (current.date !== null && !isValidDate(current.date));
  return { date: current.date, change, invalid };
}

function useTextField(props: DateInputProps, invalid: boolean) {
  const translate = useTranslate();
  const { id, error, helperText, required, fullWidth, size = 'small', name, sx } = props;
  return {
    id,
    name,
    required,
    fullWidth,
    size,
    sx,
    error: Boolean(error) || invalid,
    // The caller's refusal of an invalid date says less than this.
    helperText: invalid ? translate('errors.invalidDate') : helperText,
  };
}

/** A day, DD/MM/YYYY, typed or picked on a calendar in the portal's language. */
export function DateInput(props: DateInputProps) {
  const timeZone = useTimeZone();
  const { date, change, invalid } = usePicked(props.value, props.onChange, dateToDay);
  const textField = useTextField(props, invalid);
  return (
    <DatePicker
      label={props.label}
      value={date}
      onChange={change}
      format={DAY_FORMAT}
      disabled={props.disabled}
      referenceDate={wallClockToDate(todayIn(timeZone)) ?? undefined}
      slotProps={{ textField }}
    />
  );
}

/** A date and time, DD/MM/YYYY HH:mm on 24 hours, as the wall clock of the user's time zone. */
export function DateTimeInput(props: DateInputProps) {
  const timeZone = useTimeZone();
  const { date, change, invalid } = usePicked(props.value, props.onChange, dateToWallClock);
  const textField = useTextField(props, invalid);
  return (
    <DateTimePicker
      label={props.label}
      value={date}
      onChange={change}
      format={DATE_TIME_FORMAT}
      ampm={false}
      disabled={props.disabled}
      referenceDate={wallClockToDate(toLocalInput(new Date(), timeZone)) ?? undefined}
      slotProps={{ textField }}
    />
  );
}
