import { useTranslate } from 'ra-core';
import { Alert, Checkbox, FormControlLabel, MenuItem, Stack, TextField } from '@mui/material';
import {
  ALERT_FREQUENCIES,
  ALERT_MONTH_DAYS,
  ALERT_TIMES,
  type AlertFrequency,
  type AlertMonthDay,
  type AlertTime,
} from '@portal/contracts';
import { Section } from '../delivery/ui';
import { useShortLocale } from '../stock/ui';
import type { SectionProps } from './CriteriaSection';
import { frequencyWords, monthName, weekdayName } from './model';

/** Spec §9 alert times by the moment of the day users know them by. */
const TIME_NAMES: Record<AlertTime, string> = { '01:00': 'morning', '12:00': 'midday', '23:50': 'evening' };
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];
const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

/**
 * Fréquence (spec §3, §9): at once on each event, or a digest each day, week, month or year at
 * 01:00, 12:00 or 23:50 in the user's time zone; send only when there is something to say; the
 * comment in the mail. The choice reads back in words.
 */
export function FrequencySection({ form, set, checks }: SectionProps) {
  const translate = useTranslate();
  const locale = useShortLocale();
  const f = form.frequency;
  const select = (id: string, label: string, value: string | number, onChange: (v: string) => void, items: [string | number, string][]) => (
    <TextField
      select
      id={`alert-${id}`}
      size="small"
      required
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ flex: '1 1 180px' }}
      {...checks.field(id, ' ')}
    >
      {items.map(([v, text]) => (
        <MenuItem key={v} value={v}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Section id="alert-section-frequency" title={translate('alerts.sections.frequency')}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {select(
          'frequency',
          translate('alerts.f.frequency'),
          f,
          (v) => set({ frequency: v as AlertFrequency }),
          ALERT_FREQUENCIES.map((x) => [x, translate(`alerts.frequencies.${x}`)]),
        )}
        {f !== 'IMMEDIATE' &&
          select(
            'time',
            translate('alerts.f.time'),
            form.time,
            (v) => set({ time: v as AlertTime }),
            ALERT_TIMES.map((t) => [t, translate(`alerts.times.${TIME_NAMES[t]}`, { time: t })]),
          )}
        {f === 'WEEK' &&
          select(
            'weekday',
            translate('alerts.f.weekday'),
            form.weekday,
            (v) => set({ weekday: Number(v) }),
            WEEKDAYS.map((d) => [d, weekdayName(d, locale)]),
          )}
        {(f === 'MONTH' || f === 'YEAR') &&
          select(
            'monthDay',
            translate('alerts.f.monthDay'),
            form.monthDay,
            (v) => set({ monthDay: v as AlertMonthDay }),
            ALERT_MONTH_DAYS.map((d) => [d, translate(`alerts.monthDays.${d}`)]),
          )}
        {f === 'YEAR' &&
          select(
            'month',
            translate('alerts.f.month'),
            form.month,
            (v) => set({ month: Number(v) }),
            MONTHS.map((m) => [m, monthName(m, locale)]),
          )}
      </Stack>
      <Alert severity="info" icon={false} data-testid="alert-frequency-words" sx={{ mb: 1 }}>
        {frequencyWords(form, translate, locale)}
      </Alert>
      <Stack>
        <FormControlLabel
          control={<Checkbox id="alert-sendOnlyIfData" checked={form.sendOnlyIfData} onChange={(_, on) => set({ sendOnlyIfData: on })} />}
          label={translate('alerts.f.sendOnlyIfData')}
        />
        <FormControlLabel
          control={<Checkbox id="alert-showComment" checked={form.showComment} onChange={(_, on) => set({ showComment: on })} />}
          label={translate('alerts.f.showComment')}
        />
      </Stack>
    </Section>
  );
}
