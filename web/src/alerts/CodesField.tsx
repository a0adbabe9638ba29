import { Autocomplete, Chip, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { typedCodes } from './model';
import type { CodeOption } from './useCodeOptions';

/**
 * A list of codes: picked among `options` (code – words) or typed, Enter (or leaving the field)
 * adding each; pasted lists are split. The server checks each code again (§5 codes: capitals, digits, - _ . / *).
 */
export function CodesField({
  id,
  label,
  value,
  onChange,
  options = [],
  helperText,
  error,
  onBlur,
}: {
  id: string;
  label: string;
  value: string[];
  onChange: (codes: string[]) => void;
  options?: CodeOption[];
  helperText?: string;
  error?: boolean;
  onBlur?: () => void;
}) {
  const translate = useTranslate();
  const words = new Map(options.map((o) => [o.code, o.label]));
  const add = (codes: string[]) => onChange([...new Set([...value, ...codes])]);
  return (
    <Autocomplete
      id={id}
      multiple
      freeSolo
      autoSelect
      options={options.map((o) => o.code)}
      value={value}
      onChange={(_, next) => onChange([...new Set(next.flatMap((c) => typedCodes(c)))])}
      getOptionLabel={(code) => code}
      renderOption={(props, code) => (
        <li {...props} key={code}>
          <strong>{code}</strong>
          {words.get(code) ? `\u00a0– ${words.get(code)}` : ''}
        </li>
      )}
      renderValue={(codes, getItemProps) =>
        codes.map((code, index) => {
          const { key, ...item } = getItemProps({ index });
          return <Chip key={key} size="small" label={code} title={words.get(code)} {...item} />;
        })
      }
      onBlur={onBlur}
      sx={{ flex: '1 1 300px', minWidth: 0 }}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={label}
          error={error}
          helperText={helperText ?? ' '}
          placeholder={value.length ? undefined : translate('alerts.hints.codes')}
          onPaste={(e) => {
            const text = e.clipboardData.getData('text');
            if (!/[\s,;]/.test(text.trim())) return;
            e.preventDefault();
            add(typedCodes(text));
          }}
        />
      )}
    />
  );
}
