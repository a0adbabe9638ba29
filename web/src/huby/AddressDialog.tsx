import { useState } from 'react';
import { useNotify, useTranslate } from 'ra-core';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Grid,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import {
  ADDRESS_ACTIONS,
  ADDRESS_TYPES,
  CIVILITIES,
  WEEK_DAYS,
  type AddressBook,
  type AddressDto,
  type OpeningPeriods,
} from '@portal/contracts';
import { ApiError, errorKeyOf } from '../core/api';
import { fieldError } from '../settings/FieldError';
import { useDepositors } from '../tracking/useReferenceData';
import { DepositorSelect } from './DepositorSelect';
import { hubyApi } from './hubyApi';

const TEXTS = [
  'code',
  'company_name',
  'contact_name',
  'address1',
  'address2',
  'zip',
  'town',
  'state_code',
  'country',
  'email',
  'phone',
  'mobile',
  'customer_code',
  'address_code',
  'akanea_id',
] as const;
type Text = (typeof TEXTS)[number];
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
  const [form, setForm] = useState<Record<Text, string>>(
    () => Object.fromEntries(TEXTS.map((t) => [t, address?.[t] ?? (t === 'country' ? 'FR' : '')])) as Record<Text, string>,
  );
  const [civility, setCivility] = useState<string>(address?.civility ?? '');
  const [type, setType] = useState<string>(address?.address_type ?? 'BOTH');
  const [action, setAction] = useState<string>(address?.action ?? '');
  const [favorite, setFavorite] = useState(address?.is_favorite ?? false);
  const [active, setActive] = useState(address?.active ?? true);
  const [hours, setHours] = useState<Hours>(() => ({
    ...(Object.fromEntries(WEEK_DAYS.map((d) => [d, {}])) as Hours),
    ...(address?.opening_hours ?? {}),
  }));
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const chosenDepositor = depositor === '' ? depositors[0]?.id : depositor;

  const submit = async () => {
    setBusy(true);
    setFields({});
    const opening = Object.fromEntries(
      WEEK_DAYS.map((d) => [d, Object.fromEntries(Object.entries(hours[d] ?? {}).filter(([, v]) => v))]).filter(
        ([, v]) => Object.keys(v).length,
      ),
    );
    const body = {
      ...form,
      book,
      depositor_id: chosenDepositor,
      civility,
      address_type: type,
      action,
      is_favorite: favorite,
      active,
      opening_hours: Object.keys(opening).length ? opening : null,
    };
    try {
      if (address) await hubyApi.updateAddress(address.uuid, body);
      else await hubyApi.createAddress(body);
      notify('huby.a.saved', { type: 'success' });
      onSaved();
    } catch (error) {
      if (error instanceof ApiError) setFields(error.fields);
      notify(`errors.${errorKeyOf(error)}`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const err = (name: string) => ({ error: !!fields[name], helperText: fieldError(fields, name, translate) });
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
          <Grid size={{ xs: 12, sm: 3 }}>
            <TextField
              select
              id="address-civility"
              label={translate('huby.a.civility')}
              value={civility}
              onChange={(e) => setCivility(e.target.value)}
              fullWidth
              size="small"
            >
              <MenuItem value="">–</MenuItem>
              {CIVILITIES.map((c) => (
                <MenuItem key={c} value={c}>
                  {translate(`huby.a.civility_${c}`)}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 3 }}>
            <TextField
              select
              id="address-type"
              label={translate('huby.a.address_type')}
              value={type}
              onChange={(e) => setType(e.target.value)}
              fullWidth
              size="small"
            >
              {ADDRESS_TYPES.map((t) => (
                <MenuItem key={t} value={t}>
                  {translate(`huby.a.type_${t}`)}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          {TEXTS.map((t) => (
            <Grid key={t} size={{ xs: 12, sm: t === 'address1' || t === 'company_name' ? 6 : 3 }}>
              <TextField
                id={`address-${t}`}
                label={translate(`huby.a.${t}`)}
                value={form[t]}
                onChange={(e) => setForm((f) => ({ ...f, [t]: e.target.value }))}
                required={['address1', 'zip', 'town', 'country'].includes(t)}
                type={t === 'email' ? 'email' : t === 'phone' || t === 'mobile' ? 'tel' : 'text'}
                fullWidth
                size="small"
                {...err(t)}
              />
            </Grid>
          ))}
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField
              select
              id="address-action"
              label={translate('huby.a.action')}
              value={action}
              onChange={(e) => setAction(e.target.value)}
              fullWidth
              size="small"
            >
              <MenuItem value="">{translate('huby.a.action_none')}</MenuItem>
              {ADDRESS_ACTIONS.map((a) => (
                <MenuItem key={a} value={a}>
                  {translate(`huby.a.action_${a}`)}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>
            <FormControlLabel
              control={<Checkbox checked={favorite} onChange={(e) => setFavorite(e.target.checked)} />}
              label={translate('huby.a.is_favorite')}
            />
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>
            <FormControlLabel
              control={<Checkbox checked={active} onChange={(e) => setActive(e.target.checked)} />}
              label={translate('huby.a.active')}
            />
          </Grid>
          <Grid size={12}>
            <Typography variant="subtitle1" component="h2">
              {translate('huby.a.opening_hours')}
            </Typography>
            {fields.opening_hours && (
              <Typography color="error" role="alert">
                {fieldError(fields, 'opening_hours', translate)}
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
                    error={!!fields[`opening_hours.${d}`]}
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
