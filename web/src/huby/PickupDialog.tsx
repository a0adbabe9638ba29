import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'ra-core';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Grid, MenuItem, TextField } from '@mui/material';
import type { AddressDto, CarrierDto } from '@portal/contracts';
import { ApiError, errorKeyOf } from '../core/api';
import { DateInput } from '../dates/DateInput';
import { INVALID_DATE } from '../dates/dateValue';
import { fieldError } from '../settings/FieldError';
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
  const [fields, setFields] = useState<Record<string, string>>({});
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
  const err = (name: string) => ({ error: !!fields[name], helperText: fieldError(fields, name, translate) });
  const submit = async () => {
    // An invalid or unfinished date is marked under its field; nothing is sent.
    if (form.date === INVALID_DATE) return notify('errors.validationFailed', { type: 'error' });
    setBusy(true);
    setFields({});
    try {
      const created = await hubyApi.createPickup({
        ...form,
        uuid_address_shipper: shipper?.uuid,
        email_cc: form.email_cc
          .split(/[\s,;]+/)
          .map((e) => e.trim())
          .filter(Boolean),
      });
      // A carrier with a web service booked it: its confirmation number is what the shipper quotes.
      if (created.carrier_reference)
        notify('huby.pickup.sentBooked', { type: 'success', messageArgs: { reference: created.carrier_reference } });
      else notify('huby.pickup.sent', { type: 'success' });
      onClose();
    } catch (error) {
      if (error instanceof ApiError) setFields(error.fields);
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
          <Grid size={{ xs: 6, sm: 4 }}>
            <DateInput
              id="pickup-date"
              label={translate('huby.pickup.date')}
              value={form.date}
              onChange={(value) => set('date', value)}
              required
              fullWidth
              {...err('date')}
            />
          </Grid>
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
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField
              id="pickup-account"
              label={translate('huby.pickup.account_number')}
              value={form.account_number}
              onChange={(e) => set('account_number', e.target.value)}
              fullWidth
              size="small"
              {...err('account_number')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField
              id="pickup-email-to"
              type="email"
              label={translate('huby.pickup.email_to')}
              value={form.email_to}
              onChange={(e) => set('email_to', e.target.value)}
              required
              fullWidth
              size="small"
              {...err('email_to')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField
              id="pickup-email-cc"
              label={translate('huby.pickup.email_cc')}
              value={form.email_cc}
              onChange={(e) => set('email_cc', e.target.value)}
              fullWidth
              size="small"
              error={Object.keys(fields).some((k) => k.startsWith('email_cc'))}
              helperText={Object.keys(fields).some((k) => k.startsWith('email_cc')) ? translate('fields.invalidEmail') : undefined}
            />
          </Grid>
          <Grid size={12}>
            <TextField
              id="pickup-body"
              label={translate('huby.pickup.body')}
              value={form.body}
              onChange={(e) => set('body', e.target.value)}
              multiline
              minRows={3}
              fullWidth
              size="small"
              {...err('body')}
            />
          </Grid>
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
