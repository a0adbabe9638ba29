import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'ra-core';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Grid, MenuItem, TextField } from '@mui/material';
import { pickupInput, type AddressDto, type CarrierDto } from '@portal/contracts';
import { ApiError, errorKeyOf } from '../core/api';
import { SchemaField, useSchemaForm } from '../forms/kit';
import { INVALID_DATE } from '../dates/dateValue';
import { useDepositors } from '../tracking/useReferenceData';
import { AddressPicker } from './AddressPicker';
import { DepositorSelect } from './DepositorSelect';
import { hubyApi } from './hubyApi';

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** The pickup request dialog (spec §2, §3): a shipper address, a carrier of the depositor's plan, date, hour, mail. */
export function PickupDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const depositors = useDepositors();
  const [depositor, setDepositor] = useState<number | ''>('');
  const [shipper, setShipper] = useState<AddressDto | null>(null);
  const [carriers, setCarriers] = useState<CarrierDto[]>([]);
  const [form, setForm] = useState({
    carrier: '',
    date: tomorrow(),
    hour: '14:00',
    account_number: '',
    email_to: '',
    email_cc: '',
    body: '',
  });
  const kit = useSchemaForm(pickupInput);
  const [busy, setBusy] = useState(false);
  const chosen = depositor === '' ? depositors[0] : depositors.find((d) => d.id === depositor);
  useEffect(() => {
    if (!chosen) return;
    let live = true;
    hubyApi
      .carriers(chosen.code)
      .then((c) => live && setCarriers(c))
      .catch(() => live && setCarriers([]));
    return () => {
      live = false;
    };
  }, [chosen]);
  const set = (key: keyof typeof form, value: string) => setForm((f) => ({ ...f, [key]: value }));
  const err = kit.err;
  /** A field of the kit: its rule and error from the pickup's schema. */
  const field = (name: 'date' | 'account_number' | 'email_to' | 'body', id: string) => (
    <SchemaField
      id={id}
      rule={kit.rules[name]}
      label={translate(`huby.pickup.${name}`)}
      value={form[name]}
      onChange={(value) => {
        set(name, String(value));
        kit.clear(name);
      }}
      {...err(name)}
    />
  );
  const submit = async () => {
    // An invalid or unfinished date is marked under its field; nothing is sent.
    if (form.date === INVALID_DATE) return notify('errors.validationFailed', { type: 'error' });
    const body = {
      ...form,
      uuid_address_shipper: shipper?.uuid,
      email_cc: form.email_cc
        .split(/[\s,;]+/)
        .map((e) => e.trim())
        .filter(Boolean),
    };
    // Checked here with the server's own rules: a wrong field is said under it, nothing is sent.
    if (!kit.check(body)) return notify('errors.validationFailed', { type: 'error' });
    setBusy(true);
    try {
      const created = await hubyApi.createPickup(body);
      // A carrier with a web service booked it: its confirmation number is what the shipper quotes.
      if (created.carrier_reference)
        notify('huby.pickup.sentBooked', { type: 'success', messageArgs: { reference: created.carrier_reference } });
      else notify('huby.pickup.sent', { type: 'success' });
      onClose();
    } catch (error) {
      kit.refused(error);
      notify(`errors.${errorKeyOf(error)}`, { type: 'error', messageArgs: error instanceof ApiError ? error.params : {} });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="huby-pickup-title">
      <DialogTitle id="huby-pickup-title">{translate('huby.pickup.title')}</DialogTitle>
      <DialogContent>
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('huby.pickup.cutoffHint')}
        </Alert>
        <Grid container spacing={2}>
          {depositors.length > 1 && (
            <Grid size={{ xs: 12, sm: 4 }}>
              <DepositorSelect
                id="pickup-depositor"
                depositors={depositors}
                value={chosen?.id}
                onChange={(id) => {
                  setDepositor(id);
                  setShipper(null);
                  set('carrier', '');
                }}
              />
            </Grid>
          )}
          <Grid size={{ xs: 12, sm: depositors.length > 1 ? 8 : 12 }}>
            <AddressPicker
              id="pickup-shipper"
              book="shipper"
              depositor={chosen?.id}
              label={translate('huby.pickup.shipper')}
              value={shipper}
              onChange={setShipper}
              required
              {...err('uuid_address_shipper')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField
              select
              id="pickup-carrier"
              label={translate('huby.pickup.carrier')}
              value={form.carrier}
              onChange={(e) => {
                const carrier = carriers.find((c) => c.ref === e.target.value);
                setForm((f) => ({ ...f, carrier: e.target.value, email_to: carrier?.pickup_email ?? f.email_to }));
              }}
              required
              fullWidth
              size="small"
              {...err('carrier')}
            >
              {carriers.map((c) => (
                <MenuItem key={c.ref} value={c.ref}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>{field('date', 'pickup-date')}</Grid>
          <Grid size={{ xs: 6, sm: 4 }}>
            <TextField
              id="pickup-hour"
              label={translate('huby.pickup.hour')}
              value={form.hour}
              onChange={(e) => set('hour', e.target.value)}
              required
              fullWidth
              size="small"
              placeholder="hh:mm"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
              {...err('hour')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>{field('account_number', 'pickup-account')}</Grid>
          <Grid size={{ xs: 12, sm: 4 }}>{field('email_to', 'pickup-email-to')}</Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField
              id="pickup-email-cc"
              label={translate('huby.pickup.email_cc')}
              value={form.email_cc}
              onChange={(e) => set('email_cc', e.target.value)}
              fullWidth
              size="small"
              error={Object.keys(kit.fields).some((k) => k.startsWith('email_cc'))}
              helperText={Object.keys(kit.fields).some((k) => k.startsWith('email_cc')) ? translate('fields.invalidEmail') : undefined}
            />
          </Grid>
          <Grid size={12}>{field('body', 'pickup-body')}</Grid>
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('huby.actions.close')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void submit()}>
          {translate('huby.pickup.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
