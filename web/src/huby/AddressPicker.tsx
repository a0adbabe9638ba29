import { useEffect, useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { AddressBook, AddressDto } from '@portal/contracts';
import { addressLine, hubyApi } from './hubyApi';

/**
 * Picks an address of a book by typing a name, code, postcode or town (GET /dashtower/address/all,
 * favourites first). Recipients are those of the chosen shipper's depositor.
 */
export function AddressPicker({
  id,
  book,
  label,
  value,
  onChange,
  shipper,
  depositor,
  error,
  helperText,
  required,
  disabled,
}: {
  id: string;
  book: AddressBook;
  label: string;
  value: AddressDto | null;
  onChange: (address: AddressDto | null) => void;
  shipper?: string;
  /** Only this depositor's addresses. */
  depositor?: number;
  error?: boolean;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
}) {
  const translate = useTranslate();
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<AddressDto[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    let live = true;
    const search = value && input === addressLine(value) ? '' : input;
    setLoading(true);
    const timer = setTimeout(() => {
      hubyApi
        .addresses(book, search, shipper, depositor)
        .then((found) => live && setOptions(found))
        .catch(() => live && setOptions([]))
        .finally(() => live && setLoading(false));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [book, input, shipper, depositor, value]);
  return (
    <Autocomplete
      id={id}
      options={value && !options.some((o) => o.uuid === value.uuid) ? [value, ...options] : options}
      value={value}
      onChange={(_, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_, next) => setInput(next)}
      getOptionLabel={addressLine}
      isOptionEqualToValue={(a, b) => a.uuid === b.uuid}
      filterOptions={(o) => o}
      loading={loading}
      disabled={disabled}
      noOptionsText={translate('huby.a.none')}
      renderOption={(props, option) => (
        <li {...props} key={option.uuid}>
          {option.is_favorite ? '★ ' : ''}
          {addressLine(option)}
          {option.code ? ` · ${option.code}` : ''}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={error}
          helperText={helperText}
          placeholder={translate('huby.a.search')}
        />
      )}
    />
  );
}
