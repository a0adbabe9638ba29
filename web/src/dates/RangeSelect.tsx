import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { DATE_RANGES, type DateRange } from '@portal/contracts';
import { fitLabelSx } from '../lists/fitLabel';

/**
 * A spec §9 predefined period (« 30 jours glissants », « Mois dernier »…) or « Personnalisée » (two
 * days typed beside it), as the tracker, the movements and the reports offer it: as wide as its
 * longest words in the user's language.
 */
export function RangeSelect({
  id,
  label,
  value,
  onChange,
  base = 190,
}: {
  id: string;
  label: string;
  /** The period chosen, '' for two days of the user's. */
  value: DateRange | '';
  onChange: (value: DateRange | '') => void;
  base?: number;
}) {
  const translate = useTranslate();
  const custom = translate('stock.ranges.custom');
  const words = DATE_RANGES.map((r) => translate(`stock.ranges.${r}`));
  return (
    <TextField
      id={id}
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as DateRange | '')}
      sx={fitLabelSx(label, base, [custom, ...words])}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
    >
      <MenuItem value="">{custom}</MenuItem>
      {DATE_RANGES.map((r, i) => (
        <MenuItem key={r} value={r}>
          {words[i]}
        </MenuItem>
      ))}
    </TextField>
  );
}
