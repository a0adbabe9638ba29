import { useState } from 'react';
import { useNotify, useTranslate } from 'ra-core';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Grid, TextField, Typography } from '@mui/material';
import { addressInput, formRules, WEEK_DAYS, type AddressBook, type AddressDto, type OpeningPeriods } from '@portal/contracts';
import { errorKeyOf } from '../core/api';
import { SchemaField, useSchemaForm } from '../forms/kit';
import { fieldError } from '../settings/FieldError';
import { useDepositors } from '../tracking/useReferenceData';
import { DepositorSelect } from './DepositorSelect';
import { hubyApi } from './hubyApi';

/** The fields typed as text (name, address, contact, codes), in the schema's order: the server's list. */
const TEXTS = Object.entries(formRules(addressInput))
  .filter(([, rule]) => rule.kind === 'text' || rule.kind === 'code' || rule.kind === 'email')
  .map(([name]) => name as keyof AddressDto & string);
type Hours = Record<(typeof WEEK_DAYS)[number], OpeningPeriods>;
const PERIODS = ['am_from', 'am_to', 'pm_from', 'pm_to'] as const;

/** Creates or edits an address of a book (spec §3 Address), opening hours in two periods a day. */
export function AddressDialog({
  book,
  address,
  onClose,
  onSaved,
}: {
  book: AddressBook;
  address: AddressDto | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const depositors = useDepositors();
  const [depositor, setDepositor] = useState<number | ''>(address?.depositor_id ?? '');
  const kit = useSchemaForm(addressInput);
  const [form, setForm] = useState<Record<string, string | boolean>>(() => ({
    ...Object.fromEntries(TEXTS.map((t) => [t, String(address?.[t] ?? (t === 'country' ? 'FR' : ''))])),
    civility: address?.civility ?? '',
    address_type: address?.address_type ?? 'BOTH',
    action: address?.action ?? '',
    is_favorite: address?.is_favorite ?? false,
    active: address?.active ?? true,
  }));
  const set = (name: string) => (value: string | boolean) => {
    setForm((f) => ({ ...f, [name]: value }));
    kit.clear(name);
  };
  /** A field of the kit, its rule, value and error from the schema. */
  const field = (name: string, more: { choiceLabel?: (c: string) => string; emptyChoice?: string; type?: 'tel' } = {}) => (
    <SchemaField
      id={`address-${name === 'address_type' ? 'type' : name}`}
      rule={kit.rules[name]}
      label={translate(`huby.a.${name}`)}
      value={form[name]}
      onChange={set(name)}
      {...kit.err(name)}
      {...more}
    />
  );
  const [hours, setHours] = useState<Hours>(() => ({
    ...(Object.fromEntries(WEEK_DAYS.map((d) => [d, {}])) as Hours),
    ...(address?.opening_hours ?? {}),
  }));
  const [busy, setBusy] = useState(false);
  const chosenDepositor = depositor === '' ? depositors[0]?.id : depositor;

  const submit = async () => {
    const opening = Object.fromEntries(
      WEEK_DAYS.map((d) => [d, Object.fromEntries(Object.entries(hours[d] ?? {}).filter(([, v]) => v))]).filter(
        ([, v]) => Object.keys(v).length,
      ),
    );
    const body = { ...form, book, depositor_id: chosenDepositor, opening_hours: Object.keys(opening).length ? opening : null };
    // Checked here with the server's own rules: a wrong field is said under it, nothing is sent.
    if (!kit.check(body)) return notify('errors.validationFailed', { type: 'error' });
    setBusy(true);
    try {
      if (address) await hubyApi.updateAddress(address.uuid, body);
      else await hubyApi.createAddress(body);
      notify('huby.a.saved', { type: 'success' });
      onSaved();
    } catch (error) {
      kit.refused(error);
      notify(`errors.${errorKeyOf(error)}`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="huby-address-title">
      <DialogTitle id="huby-address-title">
        {address ? translate('huby.a.edit') : translate('huby.a.new')} · {translate(`huby.a.${book}`)}
      </DialogTitle>
      <DialogContent>
        <Grid container spacing={2} sx={{ mt: 0.5 }} component="form" noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
          {!address && depositors.length > 1 && (
            <Grid size={{ xs: 12, sm: 6 }}>
              <DepositorSelect id="address-depositor" depositors={depositors} value={chosenDepositor} onChange={setDepositor} />
            </Grid>
          )}
          <Grid size={{ xs: 12, sm: 3 }}>{field('civility', { choiceLabel: (c) => translate(`huby.a.civility_${c}`) })}</Grid>
          <Grid size={{ xs: 12, sm: 3 }}>{field('address_type', { choiceLabel: (t) => translate(`huby.a.type_${t}`) })}</Grid>
          {TEXTS.map((t) => (
            <Grid key={t} size={{ xs: 12, sm: t === 'address1' || t === 'company_name' ? 6 : 3 }}>
              {field(t, t === 'phone' || t === 'mobile' ? { type: 'tel' } : {})}
            </Grid>
          ))}
          <Grid size={{ xs: 12, sm: 4 }}>
            {field('action', { choiceLabel: (a) => translate(`huby.a.action_${a}`), emptyChoice: translate('huby.a.action_none') })}
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>{field('is_favorite')}</Grid>
          <Grid size={{ xs: 6, sm: 4 }}>{field('active')}</Grid>
          <Grid size={12}>
            <Typography variant="subtitle1" component="h2">
              {translate('huby.a.opening_hours')}
            </Typography>
            {kit.fields.opening_hours && (
              <Typography color="error" role="alert">
                {fieldError(kit.fields, 'opening_hours', translate)}
              </Typography>
            )}
          </Grid>
          {WEEK_DAYS.map((d) => (
            <Grid
              key={d}
              size={12}
              container
              spacing={1}
              role="group"
              aria-label={translate(`huby.days.${d}`)}
              sx={{ alignItems: 'center' }}
            >
              <Grid size={{ xs: 12, sm: 2 }}>
                <Typography>{translate(`huby.days.${d}`)}</Typography>
              </Grid>
              {PERIODS.map((p) => (
                <Grid key={p} size={{ xs: 6, sm: 2.5 }}>
                  <TextField
                    id={`address-hours-${d}-${p}`}
                    size="small"
                    fullWidth
                    label={`${translate(`huby.a.${p.slice(0, 2)}`)} ${translate(`huby.a.${p.slice(3)}`)}`}
                    value={hours[d]?.[p] ?? ''}
                    onChange={(e) => setHours((h) => ({ ...h, [d]: { ...h[d], [p]: e.target.value } }))}
                    placeholder="hh:mm"
                    slotProps={{
                      inputLabel: { shrink: true },
                      htmlInput: { inputMode: 'numeric', maxLength: 5, pattern: '[0-2][0-9]:[0-5][0-9]' },
                    }}
                    error={!!kit.fields[`opening_hours.${d}`]}
                  />
                </Grid>
              ))}
            </Grid>
          ))}
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('huby.actions.close')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void submit()}>
          {translate('huby.actions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
