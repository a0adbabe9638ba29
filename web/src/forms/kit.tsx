import { useMemo, useState, type ReactNode } from 'react';
import { Checkbox, FormControlLabel, MenuItem, TextField, type SxProps, type Theme } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { z } from 'zod';
import { bodyFieldErrors, formRules, type FieldRule } from '@portal/contracts';
import { ApiError } from '../core/api';
import { DateInput } from '../dates/DateInput';
import { fieldError } from '../settings/FieldError';

/**
 * The form kit (issue 36 item 7): a form's fields read their kind, bounds, choices and whether they
 * must be given from the zod schema the server parses the body with (libs/contracts, `formRules`),
 * and the form is checked against that schema before it is sent: a wrong value is said under its
 * field at once, with the key the server would answer (the server checks again).
 */
export function useSchemaForm(schema: z.ZodObject) {
  const translate = useTranslate();
  const rules = useMemo(() => formRules(schema), [schema]);
  const [fields, setFields] = useState<Record<string, string>>({});
  return {
    rules,
    fields,
    setFields,
    /** The body checked as the server will: false (and each field's key shown) when something is wrong. */
    check(body: Record<string, unknown>): boolean {
      const errors = bodyFieldErrors(schema, body);
      setFields(errors);
      return Object.keys(errors).length === 0;
    },
    /** A field the user changes: its error goes until the form is checked again. */
    clear(name: string) {
      setFields((now) => {
        if (!(name in now)) return now;
        const { [name]: _, ...rest } = now;
        return rest;
      });
    },
    /** The server's refusal: its fields' keys shown under them. */
    refused(error: unknown) {
      if (error instanceof ApiError) setFields(error.fields);
    },
    /** A field's error state and text. */
    err(name: string) {
      return { error: !!fields[name], helperText: fieldError(fields, name, translate) };
    },
  };
}

export interface SchemaFieldProps {
  /** The input's id (labels, tests). */
  id: string;
  rule: FieldRule | undefined;
  label: string;
  value: string | boolean | null | undefined;
  onChange: (value: string | boolean) => void;
  error?: boolean;
  helperText?: ReactNode;
  /** A choice's words (choice fields); the empty choice of an optional field reads `emptyChoice` (default –). */
  choiceLabel?: (choice: string) => string;
  emptyChoice?: string;
  /** The browser's keyboard for a text: a phone number, a postcode…; a password hidden. */
  type?: 'text' | 'tel' | 'password';
  disabled?: boolean;
  /** Its width where the form does not lay it out on a grid (default: the whole width). */
  sx?: SxProps<Theme>;
  fullWidth?: boolean;
  /** The input's own attributes beside those of its rule: an aria-label in a table cell, a test's data attribute. */
  htmlInput?: Record<string, unknown>;
}

/** One field of a form, shown as its rule says: a text with its longest length, a number, a day, a choice, a flag. */
export function SchemaField({
  id,
  rule,
  label,
  value,
  onChange,
  error,
  helperText,
  choiceLabel,
  emptyChoice,
  type,
  disabled,
  sx,
  fullWidth = true,
  htmlInput,
}: SchemaFieldProps) {
  const kind = rule?.kind ?? 'text';
  const required = rule?.required ?? false;
  if (kind === 'flag')
    return (
      <FormControlLabel
        control={<Checkbox id={id} checked={value === true} onChange={(e) => onChange(e.target.checked)} disabled={disabled} />}
        label={label}
      />
    );
  if (kind === 'day')
    return (
      <DateInput
        id={id}
        label={label}
        value={typeof value === 'string' ? value : ''}
        onChange={onChange}
        required={required}
        error={error}
        helperText={helperText}
        disabled={disabled}
        fullWidth
        size="small"
      />
    );
  const text = value === null || value === undefined || typeof value === 'boolean' ? '' : value;
  const choice = kind === 'choice';
  const numeric = kind === 'number' || kind === 'integer';
  return (
    <TextField
      select={choice}
      id={id}
      label={label}
      value={text}
      onChange={(e) => onChange(e.target.value)}
      required={required}
      error={error}
      helperText={helperText}
      disabled={disabled}
      multiline={kind === 'multiline'}
      minRows={kind === 'multiline' ? 2 : undefined}
      type={kind === 'email' ? 'email' : (type ?? 'text')}
      fullWidth={fullWidth}
      size="small"
      sx={sx}
      slotProps={{
        htmlInput: {
          ...htmlInput,
          ...(rule?.max && !choice ? { maxLength: rule.max } : {}),
          ...(numeric ? { inputMode: kind === 'integer' ? 'numeric' : 'decimal' } : {}),
          ...(kind === 'code' ? { style: { textTransform: 'uppercase' } } : {}),
        },
      }}
    >
      {choice && !required && <MenuItem value="">{emptyChoice ?? '–'}</MenuItem>}
      {choice &&
        (rule?.choices ?? []).map((c) => (
          <MenuItem key={c} value={c}>
            {choiceLabel ? choiceLabel(c) : c}
          </MenuItem>
        ))}
    </TextField>
  );
}
