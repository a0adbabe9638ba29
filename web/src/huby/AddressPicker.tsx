import { useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { AddressBook, AddressDto } from '@portal/contracts';
import { useSearchOptions } from '../lists/useSearchOptions';
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
  const search = value && input === addressLine(value) ? '' : input;
  const { options, loading } = useSearchOptions(
    (q) => hubyApi.addresses(book, q, shipper, depositor),
    search,
    `${book}:${shipper}:${depositor}`,
  );
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
