import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import {
  Autocomplete,
  Badge,
  Box,
  Button,
  Checkbox,
  Collapse,
  ListItemText,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslate } from 'ra-core';
import { fitLabelSx } from '../lists/fitLabel';
import { RangeSelect } from '../dates/RangeSelect';
import { formatDay, hasAnyRole, Role, TRACKING_STATUS_CODES, todayIn, rangeOf, type DateRange } from '@portal/contracts';
import { FoldedFilters, type ActiveFilter } from '../lists/FoldedFilters';
import { DateInput } from '../dates/DateInput';
import { useTimeZone } from '../user/useUser';
import type { TrackerFilter } from './searchFilter';
import { useTrackingStatusLabel } from './StatusChip';
import { useCountries, useDepositors } from './useReferenceData';
import { useUser } from '../user/useUser';

export type SetDraft = (patch: Partial<TrackerFilter>) => void;

/** A text criterion of the tracker search. */
export function CriterionField({
  name,
  label,
  value,
  set,
  helperText,
  error,
  width = 180,
}: {
  name: keyof TrackerFilter;
  label: string;
  value: string | undefined;
  set: SetDraft;
  helperText?: string;
  /** Why the list declaration refuses the value (translated). */
  error?: string;
  width?: number;
}) {
  return (
    <TextField
      id={`tracking-${name}`}
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(e) => set({ [name]: e.target.value })}
      error={error !== undefined}
      helperText={error ?? helperText}
      sx={fitLabelSx(label, width)}
      slotProps={{ htmlInput: { maxLength: 64 } }}
    />
  );
}

/** How the reference, zip and town criteria match (tracking numbers only with USER_TRACKER_NUMBER_SEARCH). */
export function useSearchHint(): string {
  const translate = useTranslate();
  const user = useUser();
  return translate(hasAnyRole(user?.roles ?? [], [Role.USER_TRACKER_NUMBER_SEARCH]) ? 'pgt.f.hintTracking' : 'pgt.f.hint');
}

/** Multi-select of ids rendered as their labels. */
function MultiSelect<T extends string | number>({
  id,
  label,
  options,
  value,
  onChange,
  width,
}: {
  id: string;
  label: string;
  options: { value: T; label: string }[];
  value: T[];
  onChange: (value: T[]) => void;
  width: number;
}) {
  const translate = useTranslate();
  const byValue = new Map(options.map((o) => [o.value, o.label]));
  return (
    <TextField
      id={id}
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as unknown as T[])}
      sx={fitLabelSx(label, width)}
      slotProps={{
        inputLabel: { shrink: true },
        select: {
          multiple: true,
          displayEmpty: true,
          renderValue: (selected) => {
            const list = selected as T[];
            return list.length ? list.map((v) => byValue.get(v) ?? String(v)).join(', ') : translate('pgt.all');
          },
          MenuProps: { slotProps: { paper: { sx: { maxHeight: 420 } } } },
        },
      }}
    >
      {options.map((o) => (
        <MenuItem key={String(o.value)} value={o.value as string | number} dense>
          <Checkbox size="small" checked={value.includes(o.value)} tabIndex={-1} disableRipple sx={{ py: 0 }} />
          <ListItemText primary={o.label} />
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The user's depositors (hidden when there is only one to choose). */
export function DepositorField({ value, set }: { value: number[] | undefined; set: SetDraft }) {
  const translate = useTranslate();
  const depositors = useDepositors();
  if (depositors.length < 2 && !value?.length) return null;
  return (
    <MultiSelect
      id="tracking-depositor"
      label={translate('pgt.f.depositor')}
      options={depositors.map((d) => ({ value: d.id, label: d.code }))}
      value={value ?? []}
      onChange={(v) => set({ depositor: v.length ? v : undefined })}
      width={170}
    />
  );
}

export function StatusField({ value, set }: { value: number[] | undefined; set: SetDraft }) {
  const translate = useTranslate();
  const label = useTrackingStatusLabel();
  return (
    <MultiSelect
      id="tracking-status"
      label={translate('pgt.f.status')}
      options={TRACKING_STATUS_CODES.map((s) => ({ value: s as number, label: label(s) }))}
      value={value ?? []}
      onChange={(v) => set({ status: v.length ? v : undefined })}
      width={230}
    />
  );
}

export function CountryField({ value, set }: { value: string | undefined; set: SetDraft }) {
  const translate = useTranslate();
  const countries = useCountries();
  const selected = countries.find((c) => c.ref === value) ?? (value ? { ref: value, label: value } : null);
  return (
    <Autocomplete
      id="tracking-country"
      size="small"
      options={countries}
      value={selected}
      onChange={(_, option) => set({ country: option?.ref })}
      getOptionLabel={(o) => `${o.label} (${o.ref})`}
      isOptionEqualToValue={(a, b) => a.ref === b.ref}
      sx={fitLabelSx(translate('pgt.f.country'), 200)}
      renderInput={(params) => <TextField {...params} label={translate('pgt.f.country')} />}
    />
  );
}

/**
 * The applied criteria of a tracker search as chips (for the folded form on a phone): each with its
 * field's label and its value in words (a status by its name, a depositor by its code, a period by its
 * name), removed by a tap that searches again without it.
 */
export function useTrackerChips(filter: TrackerFilter, onSearch: (filter: TrackerFilter) => void): ActiveFilter[] {
  const translate = useTranslate();
  const depositors = useDepositors();
  const countries = useCountries();
  const status = useTrackingStatusLabel();
  const shown: Partial<Record<keyof TrackerFilter, (value: never) => string>> = {
    depositor: (ids: number[]) => ids.map((id) => depositors.find((d) => d.id === id)?.code ?? String(id)).join(', '),
    status: (codes: number[]) => codes.map((code) => status(code)).join(', '),
    country: (ref: string) => countries.find((c) => c.ref === ref)?.label ?? ref,
    period: (period: DateRange) => translate(`stock.ranges.${period}`),
    dateFrom: (day: string) => formatDay(day),
    dateTo: (day: string) => formatDay(day),
  };
  return (Object.keys(filter) as (keyof TrackerFilter)[])
    .filter(
      (key) =>
        key !== 'tracerStatus' && filter[key] !== undefined && filter[key] !== '' && !(Array.isArray(filter[key]) && !filter[key].length),
    )
    .map((key) => ({
      key,
      label: translate('lists.activeFilter', {
        label: translate(`pgt.f.${key}`),
        value: shown[key] ? shown[key](filter[key] as never) : String(filter[key]),
      }),
      onDelete: () => onSearch(Object.fromEntries(Object.entries(filter).filter(([k]) => k !== key)) as TrackerFilter),
    }));
}

/** Spec §9 predefined periods, or two days typed or picked (both inclusive) in the user's time zone. */
export function PeriodFields({
  draft,
  set,
  errorText,
}: {
  draft: TrackerFilter;
  set: SetDraft;
  /** Why the list declaration refuses a day (translated). */
  errorText?: (field: 'dateFrom' | 'dateTo') => string | undefined;
}) {
  const translate = useTranslate();
  const today = todayIn(useTimeZone());
  const [from, to] = draft.period ? rangeOf(draft.period, today) : [draft.dateFrom, draft.dateTo];
  const day = (key: 'dateFrom' | 'dateTo', value: string) =>
    set({ period: undefined, dateFrom: from, dateTo: to, [key]: value || undefined });
  return (
    <>
      <RangeSelect
        id="tracking-period"
        label={translate('pgt.f.period')}
        value={draft.period ?? ''}
        onChange={(range) => {
          const period = range || undefined;
          set({ period, ...(period ? { dateFrom: undefined, dateTo: undefined } : {}) });
        }}
      />
      {(['dateFrom', 'dateTo'] as const).map((key) => (
        <DateInput
          key={key}
          id={`tracking-${key}`}
          label={translate(`pgt.f.${key}`)}
          value={(key === 'dateFrom' ? from : to) ?? ''}
          onChange={(value) => day(key, value)}
          error={errorText?.(key) !== undefined}
          helperText={errorText?.(key)}
          sx={fitLabelSx(translate(`pgt.f.${key}`), 185)}
        />
      ))}
    </>
  );
}

/**
 * The search form: criteria applied on submit only (typing does not fire a search per key), an
 * "advanced search" section folded away unless one of its criteria is set.
 */
export function SearchPanel({
  label,
  onSubmit,
  onReset,
  children,
  advanced,
  advancedCount = 0,
  advancedRefused = false,
  refused,
  actions,
  hint,
  active = [],
}: {
  label: string;
  /** The applied criteria as chips, shown beside the « Filtres » button that folds the form on a phone. */
  active?: ActiveFilter[];
  /** How the criteria match, under the fields. */
  hint?: string;
  onSubmit: () => void;
  onReset: () => void;
  children: ReactNode;
  advanced?: ReactNode;
  advancedCount?: number;
  /** A criterion of the advanced section is refused: the section opens to show it. */
  advancedRefused?: boolean;
  /** A refusal no field of the form can show (a crafted link), said under the fields. */
  refused?: string;
  actions?: ReactNode;
}) {
  const translate = useTranslate();
  const [open, setOpen] = useState(advancedCount > 0);
  useEffect(() => {
    if (advancedRefused) setOpen(true);
  }, [advancedRefused]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <FoldedFilters id="tracking-criteria" active={active}>
      <Paper variant="outlined" component="form" role="search" aria-label={label} onSubmit={submit} sx={{ p: 2, mb: 2 }}>
        <Stack direction="row" useFlexGap spacing={1.5} sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
          {children}
        </Stack>
        {hint && (
          <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 1 }}>
            {hint}
          </Typography>
        )}
        {refused && (
          <Typography variant="body2" role="alert" color="error" sx={{ mt: 1 }}>
            {refused}
          </Typography>
        )}
        {advanced && (
          <Collapse in={open} unmountOnExit>
            <Box id="tracking-advanced" role="group" aria-label={translate('pgt.advanced')} sx={{ mt: 1.5 }}>
              <Stack direction="row" useFlexGap spacing={1.5} sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
                {advanced}
              </Stack>
            </Box>
          </Collapse>
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
          <Button type="submit" variant="contained">
            {translate('pgt.search')}
          </Button>
          <Button type="button" onClick={onReset}>
            {translate('pgt.reset')}
          </Button>
          {advanced && (
            <Button
              type="button"
              aria-expanded={open}
              aria-controls="tracking-advanced"
              onClick={() => setOpen((o) => !o)}
              endIcon={<ExpandMoreIcon sx={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }} />}
            >
              <Badge color="primary" badgeContent={advancedCount} sx={{ '& .MuiBadge-badge': { right: -10 } }}>
                {translate('pgt.advanced')}
              </Badge>
            </Button>
          )}
          <Box sx={{ flexGrow: 1 }} />
          {actions}
        </Stack>
      </Paper>
    </FoldedFilters>
  );
}
