import { useEffect, useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'ra-core';
import { Alert, Box, Button, InputAdornment, Paper, Stack, TextField, Typography } from '@mui/material';
import {
  CARRIER_CONNECTORS,
  CARRIER_ENVIRONMENTS,
  carrierAccountInput,
  CONNECTOR_ONE_OF_SECRETS,
  type CarrierAccountDto,
  type CarrierConnector,
  type CarrierEnvironment,
  type ConnectionTestDto,
  type ConnectorField,
} from '@portal/contracts';
import { useSchemaForm } from '../../forms/kit';
import { api, ApiError } from '../../core/api';
import { useErrorText } from '../../i18n/useErrorText';
import { FormField } from '../reference/kit';
import { fieldErrorsOf } from '../reference/model';
import {
  accountBody,
  accountChanged,
  accountFields,
  accountForm,
  carrierAnswer,
  publishedBaseUrl,
  secretIsSet,
  type AccountForm,
} from './model';

/** The id of a field of the section (server paths `settings.client_id` → `account-settings-client_id`). */
const fieldId = (path: string) => `account-${path.replace('.', '-')}`;

/**
 * "Compte transporteur" of a tour (issue 34 item 2): the connector that sends its shipments, the
 * carrier's environment and the contract data and credentials the connector asks. Credentials are
 * write-only: typed to change them, left empty to keep them, cleared to remove them. "Tester la
 * connexion" calls the carrier with the saved account. Shown to a carrier administrator who reaches
 * every depositor; anyone the server refuses (403) sees no section.
 */
export function AccountSection({ tourId }: { tourId: string }) {
  const translate = useTranslate();
  const errorText = useErrorText();
  const path = `/admin/transport/tours/${tourId}/account`;
  const [dto, setDto] = useState<CarrierAccountDto | null>(null);
  const [form, setForm] = useState<AccountForm | null>(null);
  const [hidden, setHidden] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api<CarrierAccountDto>(path).then(
      (read) => {
        if (!live) return;
        setDto(read);
        setForm(accountForm(read));
      },
      (error: unknown) => {
        if (!live) return;
        if (error instanceof ApiError && error.status === 403) setHidden(true);
        else setFailure(errorText(error));
      },
    );
    return () => {
      live = false;
    };
  }, [path]);

  if (hidden || (!dto && !failure)) return null;
  return (
    <Paper component="section" variant="outlined" aria-labelledby="carrier-account-title" sx={{ p: 2 }} data-testid="carrier-account">
      <Typography id="carrier-account-title" variant="h6" component="h2">
        {translate('adminTransport.account.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('adminTransport.account.intro')}
      </Typography>
      {dto && form ? (
        <AccountEditor
          path={path}
          dto={dto}
          form={form}
          setForm={setForm}
          onSaved={(saved) => {
            setDto(saved);
            setForm(accountForm(saved));
          }}
        />
      ) : (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
    </Paper>
  );
}

function AccountEditor({
  path,
  dto,
  form,
  setForm,
  onSaved,
}: {
  path: string;
  dto: CarrierAccountDto;
  form: AccountForm;
  setForm: (form: AccountForm) => void;
  onSaved: (saved: CarrierAccountDto) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const kit = useSchemaForm(carrierAccountInput);
  const errors = kit.fields;
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<ConnectionTestDto | null>(null);
  const t = (key: string, options?: Record<string, unknown>) => translate(`adminTransport.account.${key}`, options);
  const set = (patch: Partial<AccountForm>) => setForm({ ...form, ...patch });
  const fields = accountFields(form.connector);
  const published = publishedBaseUrl(form.connector, form.environment);
  const oneOf = CONNECTOR_ONE_OF_SECRETS[form.connector];
  const label = (field: ConnectorField) => t(`fields.${form.connector}.${field.name}`);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const body = accountBody(form, dto);
    // Checked with the schema the service parses the account with before it is sent (the service alone
    // knows which credentials are stored, so a missing one is its to say).
    if (!kit.check(body)) {
      setFailure(translate('adminRef.common.fixFields'));
      return;
    }
    setBusy(true);
    try {
      const saved = await api<CarrierAccountDto>(path, { method: 'PUT', body });
      setResult(null);
      onSaved(saved);
      notify('adminTransport.account.saved', { type: 'success' });
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error);
      kit.setFields(fieldErrors);
      setFailure(Object.keys(fieldErrors).length ? translate('adminRef.common.fixFields') : errorText(error));
    } finally {
      setBusy(false);
    }
  };
  const test = async () => {
    setTesting(true);
    setResult(null);
    setFailure(null);
    try {
      setResult(await api<ConnectionTestDto>(`${path}/test`, { method: 'POST' }));
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setTesting(false);
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={save} noValidate aria-labelledby="carrier-account-title">
      {failure && (
        <Alert severity="error" role="alert" data-testid="carrier-account-error">
          {failure}
        </Alert>
      )}
      <FormField
        field={{
          source: fieldId('connector'),
          label: t('connector'),
          type: 'select',
          required: true,
          options: CARRIER_CONNECTORS.map((c) => ({ value: c, label: t(`connectors.${c}`) })),
        }}
        value={form.connector}
        error={errors.connector}
        onChange={(v) => set({ connector: v as CarrierConnector })}
      />
      {form.connector === 'demo' ? (
        <Typography variant="body2">{t('demo')}</Typography>
      ) : (
        <>
          <FormField
            field={{
              source: fieldId('environment'),
              label: t('environment'),
              type: 'select',
              required: true,
              options: CARRIER_ENVIRONMENTS.map((env) => ({ value: env, label: t(`environments.${env}`) })),
              helperText: published ? t('published', { url: published }) : undefined,
              width: 400,
            }}
            value={form.environment}
            error={errors.environment}
            onChange={(v) => set({ environment: v as CarrierEnvironment })}
          />
          {form.environment === 'custom' && (
            <FormField
              field={{ source: fieldId('base_url'), label: t('base_url'), required: true, helperText: t('base_url_help'), width: 400 }}
              value={form.base_url}
              error={errors.base_url}
              onChange={(v) => set({ base_url: String(v) })}
            />
          )}
          {fields.map((field) =>
            field.secret ? (
              <SecretField
                key={field.name}
                field={field}
                label={label(field)}
                value={form.secrets[field.name] ?? ''}
                set={secretIsSet(form, dto, field.name)}
                cleared={!!form.cleared[field.name]}
                required={field.required}
                error={errors[`secrets.${field.name}`]}
                onChange={(value) => set({ secrets: { ...form.secrets, [field.name]: value } })}
                onClear={(cleared) => set({ cleared: { ...form.cleared, [field.name]: cleared } })}
              />
            ) : (
              <FormField
                key={field.name}
                field={{ source: fieldId(`settings.${field.name}`), label: label(field), required: field.required }}
                value={form.settings[field.name] ?? ''}
                error={errors[`settings.${field.name}`]}
                onChange={(v) => set({ settings: { ...form.settings, [field.name]: String(v) } })}
              />
            ),
          )}
          {oneOf && (
            <Typography variant="body2" color="text.secondary">
              {t('oneOf', { fields: oneOf.map((name) => t(`fields.${form.connector}.${name}`)).join(', ') })}
            </Typography>
          )}
        </>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {t('save')}
        </Button>
        <Button variant="outlined" onClick={test} disabled={testing || busy}>
          {t(testing ? 'test.running' : 'test.run')}
        </Button>
      </Stack>
      {accountChanged(form, dto) && (
        <Typography variant="body2" color="text.secondary">
          {t('test.savedOnly')}
        </Typography>
      )}
      {result && <TestResult result={result} />}
    </Stack>
  );
}

/** A credential: never shown, typed to replace it; "Effacer" removes the stored one on save. */
function SecretField({
  field,
  label,
  value,
  set,
  cleared,
  required,
  error,
  onChange,
  onClear,
}: {
  field: ConnectorField;
  label: string;
  value: string;
  set: boolean;
  cleared: boolean;
  required: boolean;
  error?: string;
  onChange: (value: string) => void;
  onClear: (cleared: boolean) => void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`adminTransport.account.${key}`, options);
  const id = fieldId(`secrets.${field.name}`);
  const help = error ? translate(`fields.${error}`, { _: error }) : cleared ? t('secretCleared') : set ? t('secretKeep') : undefined;
  const action = set || cleared;
  return (
    <TextField
      id={`field-${id}`}
      name={id}
      label={label}
      type="password"
      autoComplete="new-password"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={set ? t('secretSet') : undefined}
      required={required}
      error={!!error}
      helperText={help}
      size="small"
      sx={{ width: 320, maxWidth: '100%' }}
      slotProps={{
        inputLabel: { shrink: set || !!value || undefined },
        input: {
          endAdornment: action ? (
            <InputAdornment position="end">
              <Button size="small" onClick={() => onClear(!cleared)} aria-label={t(cleared ? 'keepLabel' : 'clearLabel', { field: label })}>
                {t(cleared ? 'keep' : 'clear')}
              </Button>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}

/** The connection test's outcome in words, with what the carrier answered when it failed. */
function TestResult({ result }: { result: ConnectionTestDto }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`adminTransport.account.test.${key}`, options);
  if (result.ok)
    return (
      <Alert severity="success" role="status" data-testid="connection-test" sx={{ overflowWrap: 'anywhere' }}>
        {t('ok', { call: result.call, ms: result.ms })}
      </Alert>
    );
  const answer = carrierAnswer(result, t('code'));
  return (
    <Alert severity="error" role="status" data-testid="connection-test" sx={{ overflowWrap: 'anywhere' }}>
      <Box component="span" sx={{ display: 'block', fontWeight: 500 }}>
        {t(result.failure ?? 'unexpectedAnswer')}
      </Box>
      {answer && <Box component="span">{t('answer', { details: answer })}</Box>}
    </Alert>
  );
}
