import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { DepositorDto } from '@portal/contracts';

/** The depositor a Huby form works for, among the user's (code – name). */
export function DepositorSelect({
  id,
  depositors,
  value,
  onChange,
  disabled,
  required,
  error,
  helperText,
}: {
  id: string;
  depositors: DepositorDto[];
  value: number | '' | undefined;
  onChange: (id: number) => void;
  disabled?: boolean;
  required?: boolean;
  error?: boolean;
  helperText?: string;
}) {
  const translate = useTranslate();
  return (
    <TextField
      select
      id={id}
      label={translate('huby.f.depositor')}
      value={value ?? ''}
      onChange={(e) => onChange(Number(e.target.value))}
      disabled={disabled}
      required={required}
      error={error}
      helperText={helperText}
      fullWidth
      size="small"
    >
      {depositors.map((d) => (
        <MenuItem key={d.id} value={d.id}>
          {d.code} – {d.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
