import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Checkbox, ListItemText, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { matchRange, type DateRange } from '@portal/contracts';
import { DateInput } from '../dates/DateInput';
import { RangeSelect } from '../dates/RangeSelect';
import { useDepositors } from '../tracking/useReferenceData';
import { customDaysValid } from './params';
import type { ReportParams } from './reportsApi';
import { fitLabelSx } from '../lists/fitLabel';

interface Props {
  params: ReportParams;
  /** The days the last run covered (the server's default range when none was asked). */
  shown: { from: string; to: string } | null;
  today: string;
  onApply: (params: ReportParams) => void;
  /** The depositors one may choose (default: those of the caller's scope, GET /depositors). */
  depositors?: { id: number; code: string; label: string }[];
  /** More fields of the page's own, before the button (the statistics' grain). */
  children?: ReactNode;
}

/**
 * The report's parameters: depositors of the caller's scope (none chosen: all of them), a §9
 * predefined range (applied at once, like the movements and tracker searches) or two days.
 */
export function ReportParamsBar({ params, shown, today, onApply, depositors: given, children }: Props) {
  const translate = useTranslate();
  const scope = useDepositors();
  const depositors = given ?? scope;
  const [from, setFrom] = useState(params.from ?? shown?.from ?? '');
  const [to, setTo] = useState(params.to ?? shown?.to ?? '');
  const [chosen, setChosen] = useState<number[]>(params.depositorIds ?? []);
  useEffect(() => {
    setFrom(params.from ?? shown?.from ?? '');
    setTo(params.to ?? shown?.to ?? '');
  }, [params.from, params.to, shown?.from, shown?.to]);
  useEffect(() => setChosen(params.depositorIds ?? []), [params.depositorIds?.join(',')]);

  const range: DateRange | '' = params.range ?? (shown && !params.from ? matchRange(shown.from, shown.to, today) : '');
  const daysValid = customDaysValid(from, to);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!daysValid) return;
    // Days that are a predefined range stay that range (a bookmark of "last month" moves with time).
    const named = matchRange(from, to, today);
    onApply(named ? { range: named, depositorIds: chosen } : { from, to, depositorIds: chosen });
  };

  return (
    <Stack component="form" onSubmit={submit} direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
      {depositors.length > 1 && (
        <TextField
          id="report-depositors"
          select
          size="small"
          label={translate('reports.depositors')}
          value={chosen}
          onChange={(e) => {
            const value = e.target.value as unknown as (number | string)[];
            setChosen(value.map(Number));
          }}
          sx={fitLabelSx(translate('reports.depositors'), 240, [translate('reports.allDepositors')])}
          slotProps={{
            inputLabel: { shrink: true },
            select: {
              multiple: true,
              displayEmpty: true,
              renderValue: (selected) =>
                (selected as number[]).length === 0
                  ? translate('reports.allDepositors')
                  : depositors
                      .filter((d) => (selected as number[]).includes(d.id))
                      .map((d) => d.code)
                      .join(', '),
            },
          }}
        >
          {depositors.map((d) => (
            <MenuItem key={d.id} value={d.id}>
              <Checkbox size="small" checked={chosen.includes(d.id)} />
              <ListItemText primary={`${d.code} – ${d.label}`} />
            </MenuItem>
          ))}
        </TextField>
      )}
      <RangeSelect
        id="report-range"
        label={translate('reports.range')}
        value={range}
        onChange={(value) => value && onApply({ range: value, depositorIds: chosen })}
        base={210}
      />
      <DateInput
        id="report-from"
        label={translate('reports.from')}
        value={from}
        onChange={setFrom}
        sx={fitLabelSx(translate('reports.from'), 175)}
      />
      <DateInput
        id="report-to"
        label={translate('reports.to')}
        value={to}
        onChange={setTo}
        error={!!from && !!to && from > to}
        helperText={!!from && !!to && from > to ? translate('reports.toBeforeFrom') : undefined}
        sx={fitLabelSx(translate('reports.to'), 175)}
      />
      {children}
      <Button type="submit" variant="contained" disabled={!daysValid}>
        {translate('reports.show')}
      </Button>
    </Stack>
  );
}
