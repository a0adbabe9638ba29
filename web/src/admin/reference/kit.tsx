import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router-dom';
import { useDataProvider, useNotify, useTranslate } from 'ra-core';
import { Alert, Box, Button, FormControlLabel, MenuItem, Paper, Stack, Switch, TextField, Typography } from '@mui/material';
import { z } from 'zod';
import type { FieldRule } from '@portal/contracts';
import { useSchemaForm } from '../../forms/kit';
import { useErrorText } from '../../i18n/useErrorText';
import { Loading } from '../../layout/Loading';
import { ConfirmDialog } from '../../delivery/ui';
import { fieldErrorsOf, formOf, type FormValues } from './model';
import { fitLabelSx } from '../../lists/fitLabel';
import { fieldError } from '../../settings/FieldError';

/** No schema given: nothing checked before sending (the server still checks). */
const ANY_BODY = z.object({});

/** The title of a back-office page, with its actions on the right. */
export function AreaTitle({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
      <Typography id={id} variant="h4" component="h1" sx={{ flexGrow: 1 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

export interface FieldSpec {
  source: string;
  label: string;
  type?: 'text' | 'integer' | 'select' | 'multiselect' | 'multiline' | 'switch' | 'datetime';
  options?: { value: string; label: string }[];
  helperText?: string;
  required?: boolean;
  /** A code: typed in upper case. */
  upper?: boolean;
  width?: number | string;
}

/** One field of a record form, marked with the spec §5 message of its server-side refusal. */
export function FormField({
  field,
  rule,
  value,
  error,
  onChange,
  disabled,
}: {
  field: FieldSpec;
  /** The rule of the server's schema for the field (RecordForm's `schema`): required, longest length, a code. */
  rule?: FieldRule;
  value: string | boolean | undefined;
  error?: string;
  onChange: (value: string | boolean) => void;
  disabled?: boolean;
}) {
  const translate = useTranslate();
  const upper = field.upper ?? rule?.kind === 'code';
  const required = field.required ?? rule?.required;
  if (field.type === 'switch')
    return (
      <FormControlLabel
        control={<Switch checked={value === true} onChange={(_, checked) => onChange(checked)} name={field.source} disabled={disabled} />}
        label={field.label}
      />
    );
  const many = field.type === 'multiselect';
  const text = (value as string | undefined) ?? '';
  return (
    <TextField
      id={`field-${field.source}`}
      name={field.source}
      label={field.label}
      value={many ? (text ? text.split(',') : []) : text}
      onChange={(e) => {
        const next = e.target.value as string | string[];
        onChange(Array.isArray(next) ? next.join(',') : upper ? next.toUpperCase() : next);
      }}
      select={field.type === 'select' || many}
      multiline={field.type === 'multiline'}
      minRows={field.type === 'multiline' ? 4 : undefined}
      type={field.type === 'datetime' ? 'datetime-local' : field.type === 'integer' ? 'number' : 'text'}
      required={required && !disabled}
      disabled={disabled}
      error={!!error}
      helperText={error ? fieldError({ [field.source]: error }, field.source, translate) : field.helperText}
      size="small"
      sx={
        field.type === 'multiline'
          ? { width: field.width ?? '100%', maxWidth: '100%' }
          : fitLabelSx(field.label, field.width ?? 320, field.type === 'select' ? (field.options ?? []).map((o) => o.label) : [])
      }
      slotProps={{
        inputLabel: { shrink: field.type === 'select' || many || field.type === 'datetime' ? true : undefined },
        select: many ? { multiple: true } : undefined,
        htmlInput: rule?.max && !field.type?.includes('select') ? { maxLength: rule.max } : undefined,
      }}
    >
      {(field.type === 'select' || many) &&
        (field.options ?? []).map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
    </TextField>
  );
}

/**
 * A create or edit page of a back-office record through the data provider (POST or PUT on
 * /api/<resource>): the fields, the server's field refusals marked, the catalogue key said, then
 * back to the list. `extra` shows beside the form (a preview), given the values being typed.
 * `readOnly` (a row shared by every depositor, for an administrator who does not reach them all):
 * the record shown, nothing to save or delete, no new one.
 */
export function RecordForm({
  resource,
  id,
  title,
  fields,
  defaults,
  toBody,
  backTo,
  canDelete,
  deleteName,
  extra,
  fromRecord,
  readOnly,
  schema,
}: {
  resource: string;
  id?: string;
  title: (record: Record<string, unknown> | null) => string;
  fields: FieldSpec[];
  defaults: FormValues;
  toBody: (values: FormValues) => Record<string, unknown>;
  backTo: string;
  canDelete?: boolean;
  deleteName?: (values: FormValues) => string;
  extra?: (values: FormValues, set: (patch: FormValues) => void) => ReactNode;
  /** How a read record fills the form, when not field by field. */
  fromRecord?: (record: Record<string, unknown>) => FormValues;
  readOnly?: boolean;
  /**
   * The schema the server parses the body with (libs/contracts): the fields' rules come from it, and
   * the body is checked with it before it is sent (issue 36's form kit).
   */
  schema?: z.ZodObject;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const dataProvider = useDataProvider();
  const navigate = useNavigate();
  const [record, setRecord] = useState<Record<string, unknown> | null>(null);
  const [values, setValues] = useState<FormValues>(defaults);
  const kit = useSchemaForm(schema ?? ANY_BODY);
  const errors = kit.fields;
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [loading, setLoading] = useState(!!id);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    if (!id) return;
    dataProvider.getOne(resource, { id }).then(
      ({ data }) => {
        setRecord(data as Record<string, unknown>);
        const read = data as Record<string, unknown>;
        setValues(fromRecord ? fromRecord(read) : formOf(fields, read, defaults));
        setLoading(false);
      },
      (error: unknown) => {
        setFailure(errorText(error));
        setLoading(false);
      },
    );
  }, [resource, id]);

  const set = (patch: FormValues) => {
    setValues((all) => ({ ...all, ...patch }));
    for (const name of Object.keys(patch)) kit.clear(name);
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const data = toBody(values);
    // Checked as the server will before it is sent: each wrong field said under it.
    if (!kit.check(data)) {
      setFailure(translate('adminRef.common.fixFields'));
      return;
    }
    setBusy(true);
    try {
      if (id) await dataProvider.update(resource, { id, data, previousData: { id, ...(record ?? {}) } });
      else await dataProvider.create(resource, { data });
      notify('adminRef.common.saved', { type: 'success' });
      navigate(backTo);
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error);
      kit.setFields(fieldErrors);
      setFailure(Object.keys(fieldErrors).length ? translate('adminRef.common.fixFields') : errorText(error));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    try {
      await dataProvider.delete(resource, { id: id!, previousData: { id: id!, ...(record ?? {}) } });
      notify('adminRef.common.deleted', { type: 'success' });
      navigate(backTo);
    } catch (error) {
      setConfirming(false);
      setFailure(errorText(error));
    }
  };

  if (readOnly && !id) return <Navigate to={backTo} replace />;
  if (loading) return <Loading />;
  return (
    <Box component="section" aria-labelledby="record-title">
      <AreaTitle id="record-title" title={title(record)}>
        <Button component={RouterLink} to={backTo}>
          {translate('adminRef.common.back')}
        </Button>
      </AreaTitle>
      {readOnly && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="form-read-only">
          {translate('adminRef.common.sharedReadOnly')}
        </Alert>
      )}
      {failure && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid="form-error">
          {failure}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Paper component="form" variant="outlined" onSubmit={save} noValidate sx={{ p: 2, flex: 1, minWidth: 0, width: '100%' }}>
          <Stack spacing={2}>
            {fields.map((f) => (
              <FormField
                key={f.source}
                field={f}
                rule={kit.rules[f.source]}
                value={values[f.source]}
                error={errors[f.source]}
                onChange={(v) => set({ [f.source]: v })}
                disabled={readOnly}
              />
            ))}
            <FormActions
              backTo={backTo}
              busy={busy}
              readOnly={readOnly}
              onDelete={id && canDelete ? () => setConfirming(true) : undefined}
            />
          </Stack>
        </Paper>
        {extra && <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>{extra(values, set)}</Box>}
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={translate('adminRef.common.delete')}
        text={translate('adminRef.common.confirmDelete', { name: deleteName?.(values) ?? id })}
        confirmLabel={translate('adminRef.common.delete')}
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}

/** Save, cancel and delete (when given) of a record form; none when it is read-only (the title keeps the way back). */
export function FormActions({
  backTo,
  busy,
  readOnly,
  onDelete,
}: {
  backTo: string;
  busy?: boolean;
  readOnly?: boolean;
  onDelete?: () => void;
}) {
  const translate = useTranslate();
  // Read-only: nothing to save or cancel; the way back is the title's "Retour à la liste", not a second one here.
  if (readOnly) return null;
  return (
    <Stack direction="row" spacing={1}>
      <Button type="submit" variant="contained" disabled={busy}>
        {translate('adminRef.common.save')}
      </Button>
      <Button component={RouterLink} to={backTo} disabled={busy}>
        {translate('adminRef.common.cancel')}
      </Button>
      {onDelete && (
        <Button color="error" onClick={onDelete} disabled={busy} sx={{ ml: 'auto' }}>
          {translate('adminRef.common.delete')}
        </Button>
      )}
    </Stack>
  );
}
