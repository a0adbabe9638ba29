import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { DATE_RANGES, type DateRange } from '@portal/contracts';

/** A report tile's period: a §9 predefined range, or the report's own default range. */
export function RangeField({ id, value, onChange }: { id: string; value: DateRange | ''; onChange: (range: DateRange | '') => void }) {
  const translate = useTranslate();
  return (
    <TextField
      select
      id={id}
      label={translate('reports.range')}
      value={value}
      onChange={(e) => onChange(e.target.value as DateRange | '')}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{translate('reports.defaultRange')}</MenuItem>
      {DATE_RANGES.map((r) => (
        <MenuItem key={r} value={r}>
          {translate(`stock.ranges.${r}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
