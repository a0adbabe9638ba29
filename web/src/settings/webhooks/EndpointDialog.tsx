import { useState } from 'react';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Stack,
  TextField,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { webhookEndpointSchema, type WebhookEndpointDto, type WebhookSecretDto } from '@portal/contracts';
import { errorKeyOf } from '../../core/api';
import { useSchemaForm } from '../../forms/kit';
import { fieldError } from '../FieldError';
import { useSave } from '../useSave';
import { choiceState, emptyEndpointForm, endpointBody, EVENT_CHOICES, formFromEndpoint, toggleChoice, type EndpointForm } from './model';
import type { DepositorOption } from './useEndpoints';
import { webhooksApi } from './webhooksApi';

/** The service's refusals of an address, shown under the address field as well as in the alert. */
const ADDRESS_ERRORS = ['webhookHttpsRequired', 'webhookAddressRefused'];

/**
 * A new endpoint (answered with its secret, for the caller to show once) or an endpoint's changes:
 * its address, description, depositors within the user's reach and the events it receives.
 */
export function EndpointDialog({
  endpoint,
  depositors,
  onClose,
}: {
  /** The endpoint to change; none: a new one. */
  endpoint?: WebhookEndpointDto;
  depositors: DepositorOption[];
  onClose: (saved?: WebhookEndpointDto | WebhookSecretDto) => void;
}) {
  const translate = useTranslate();
  const t = (key: string) => translate(`settings.webhooks.${key}`);
  const { run, busy, fields } = useSave();
  const [form, setForm] = useState<EndpointForm>(() =>
    endpoint ? formFromEndpoint(endpoint) : emptyEndpointForm(depositors.map((d) => d.id)),
  );
  const kit = useSchemaForm(webhookEndpointSchema);
  const [addressError, setAddressError] = useState<string | null>(null);
  const set = (change: Partial<EndpointForm>) => {
    setForm((f) => ({ ...f, ...change }));
    for (const name of Object.keys(change)) kit.clear(name);
  };
  const fieldText = (name: keyof EndpointForm) => fieldError({ ...fields, ...kit.fields }, name, translate);

  const submit = async () => {
    setAddressError(null);
    const body = endpointBody(form);
    // Checked with the schema the service parses the endpoint with before it is sent.
    if (!kit.check(body)) return;
    const call = () => (endpoint ? webhooksApi.update(endpoint.id, body) : webhooksApi.create(body));
    const saved = await run(() =>
      call().catch((error: unknown) => {
        const key = errorKeyOf(error);
        if (ADDRESS_ERRORS.includes(key)) setAddressError(translate(`errors.${key}`));
        throw error;
      }),
    );
    if (saved) onClose(saved);
  };
  const urlError = addressError ?? fieldText('url');

  return (
    <Dialog open onClose={() => onClose()} aria-labelledby="webhook-form-title" fullWidth maxWidth="sm">
      <DialogTitle id="webhook-form-title">{t(endpoint ? 'editTitle' : 'createTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            id="webhook-url"
            label={t('url')}
            value={form.url}
            onChange={(e) => set({ url: e.target.value })}
            required
            type="url"
            placeholder="https://"
            slotProps={{ htmlInput: { maxLength: kit.rules.url?.max, spellCheck: false, autoCapitalize: 'none' } }}
            error={!!urlError}
            helperText={urlError ?? t('urlHelp')}
          />
          <TextField
            id="webhook-description"
            label={t('description')}
            value={form.description}
            onChange={(e) => set({ description: e.target.value })}
            slotProps={{ htmlInput: { maxLength: kit.rules.description?.max } }}
            error={!!fieldText('description')}
            helperText={fieldText('description')}
          />
          <FormControl component="fieldset" error={!!fieldText('depositorIds')}>
            <FormLabel component="legend">{t('depositors')}</FormLabel>
            <FormGroup>
              {depositors.map((d) => (
                <FormControlLabel
                  key={d.id}
                  control={
                    <Checkbox
                      checked={form.depositorIds.includes(d.id)}
                      onChange={() =>
                        set({
                          depositorIds: form.depositorIds.includes(d.id)
                            ? form.depositorIds.filter((id) => id !== d.id)
                            : [...form.depositorIds, d.id],
                        })
                      }
                    />
                  }
                  label={`${d.code} – ${d.label}`}
                />
              ))}
            </FormGroup>
            {fieldText('depositorIds') && <FormHelperText>{fieldText('depositorIds')}</FormHelperText>}
          </FormControl>
          <FormControl component="fieldset" error={!!fieldText('eventTypes')}>
            <FormLabel component="legend">{t('events')}</FormLabel>
            <FormGroup>
              {EVENT_CHOICES.map((choice) => {
                const state = choiceState(form.eventTypes, choice);
                return (
                  <FormControlLabel
                    key={choice.key}
                    control={
                      <Checkbox
                        checked={state === 'all'}
                        indeterminate={state === 'some'}
                        onChange={() => set({ eventTypes: toggleChoice(form.eventTypes, choice) })}
                      />
                    }
                    label={t(`choices.${choice.key}`)}
                  />
                );
              })}
            </FormGroup>
            {fieldText('eventTypes') && <FormHelperText>{fieldText('eventTypes')}</FormHelperText>}
          </FormControl>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose()}>{translate('common.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void submit()}>
          {endpoint ? translate('common.save') : t('submitCreate')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
