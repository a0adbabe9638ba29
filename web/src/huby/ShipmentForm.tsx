import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useNotify, useTranslate } from 'ra-core';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Grid,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  formatDate,
  hasAnyRole,
  HUBY_LIMITS,
  HubyStatus,
  bodyFieldErrors,
  shipmentInput,
  fittingTours,
  packingTotals,
  Role,
  type PackagingTypeDto,
  type TourDto,
  type ShipmentDto,
  type ShipmentHistoryDto,
} from '@portal/contracts';
import { alertParams, ApiError, errorKeyOf } from '../core/api';
import { CreatedLine } from '../core/Created';
import { useCreatorText } from '../core/creator';
import { useErrorText } from '../i18n/useErrorText';
import { INVALID_DATE } from '../dates/dateValue';
import { SchemaField, useSchemaForm } from '../forms/kit';
import { useDepositors } from '../tracking/useReferenceData';
import { useNumber, useTimeZone } from '../stock/ui';
import { useUser } from '../user/useUser';
import { AddressPicker } from './AddressPicker';
import { DepositorSelect } from './DepositorSelect';
import { hubyApi } from './hubyApi';
import { StatusChip } from './StatusChip';
import { Section, ShipmentGoods } from './ShipmentGoods';
import { bodyOf, DATES, emptyForm, FLAGS, formOf, tourNeedsOf, type Form, type Text } from './shipmentModel';
import { TourRates } from './TourRates';
import { usePrinting } from './printing/AutoPrint';
import { labelsApi } from './printing/labelsApi';
import { ReprintDialog } from './printing/ReprintDialog';

/**
 * The Huby shipment form (spec §2, §3): a draft is edited whole and saved, then validated; once it
 * left draft, only the recipient and the delivery options change (PUT /dashtower/order/{uuid}) until
 * it is taken in charge. Cancel, restore and duplicate (1 to 50) from here; refusals are shown on
 * their fields with the spec §5 messages and as an alert with the §8 key.
 */
export default function ShipmentForm() {
  const { uuid } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const number = useNumber();
  const timeZone = useTimeZone();
  const creator = useCreatorText();
  const depositors = useDepositors();
  const [shipment, setShipment] = useState<ShipmentDto | null>(null);
  const [history, setHistory] = useState<ShipmentHistoryDto[]>([]);
  const [form, setForm] = useState<Form>(() => emptyForm(''));
  const kit = useSchemaForm(shipmentInput);
  const { setFields } = kit;
  const [busy, setBusy] = useState(false);
  const [types, setTypes] = useState<{ list: PackagingTypeDto[]; warning: boolean }>({ list: [], warning: false });
  const [duplicating, setDuplicating] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  // The depositors' transport plan, read once: the tours that fit are worked out from it as the form changes.
  const [plan, setPlan] = useState<TourDto[] | null>(null);
  const me = useUser();
  const roles = me?.roles ?? [];
  const printing = usePrinting();
  const [reprinting, setReprinting] = useState(false);
  const canPrint = hasAnyRole(roles, [Role.DASHTOWER_USER, Role.ADMIN_DASHTOWER_USER]);
  const canAdr = hasAnyRole(roles, [Role.USER_HUBY_DANGEROUS_GOODS]);
  const canTrack = hasAnyRole(roles, [Role.PGT_USER]);

  const load = useCallback(async () => {
    if (!uuid) return;
    try {
      const s = await hubyApi.shipment(uuid);
      setShipment(s);
      setForm(formOf(s));
      setHistory(await hubyApi.history(uuid));
    } catch (error) {
      notify(`errors.${errorKeyOf(error)}`, { type: 'error' });
      navigate('/dashtower', { replace: true });
    }
  }, [uuid, notify, navigate]);
  // Printed from here (or by the auto-print job): the status and history change.
  const printedKey = printing?.refreshKey ?? 0;
  useEffect(() => {
    if (printedKey) void load();
  }, [printedKey, load]);
  const printLabels = async (s: ShipmentDto) => {
    try {
      const request = { uuids: [s.uuid] };
      printing?.show(await labelsApi.labels(request, me?.etiquette_format ?? 'PDF'), request);
    } catch (error) {
      notify(`errors.${errorKeyOf(error)}`, { type: 'error', messageArgs: error instanceof ApiError ? alertParams(error.params) : {} });
    }
  };
  const downloadTransportDocument = async (s: ShipmentDto) => {
    try {
      await labelsApi.downloadTransportDocument(s.uuid, s.reference);
    } catch (error) {
      notify(`errors.${errorKeyOf(error)}`, { type: 'error', messageArgs: error instanceof ApiError ? alertParams(error.params) : {} });
    }
  };
  useEffect(() => {
    void load();
  }, [load]);
  // Opened from Geo-order (/dashtower/new?shipper=<uuid>&recipient=<uuid>): the chosen platform and recipient are filled in.
  const [prefill] = useSearchParams();
  useEffect(() => {
    const [shipperId, recipientId] = [prefill.get('shipper'), prefill.get('recipient')];
    if (uuid || !shipperId) return;
    let live = true;
    Promise.all([hubyApi.address(shipperId), recipientId ? hubyApi.address(recipientId) : null])
      .then(([s, r]) => {
        if (live)
          setForm((f) => ({ ...f, depositor_id: s.depositor_id, shipper: s, recipient: r?.depositor_id === s.depositor_id ? r : null }));
      })
      .catch((error: unknown) => live && notify(`errors.${errorKeyOf(error)}`, { type: 'error' }));
    return () => {
      live = false;
    };
  }, [uuid, prefill, notify]);
  // A new shipment starts on the user's first depositor.
  useEffect(() => {
    if (!uuid && form.depositor_id === '' && depositors.length) setForm((f) => ({ ...f, depositor_id: depositors[0].id }));
  }, [uuid, depositors, form.depositor_id]);
  const depositorCode = useMemo(
    () => shipment?.depositor_code ?? depositors.find((d) => d.id === form.depositor_id)?.code,
    [shipment, depositors, form.depositor_id],
  );
  useEffect(() => {
    if (!depositorCode) return;
    let live = true;
    hubyApi
      .packagingTypes(depositorCode)
      .then((t) => live && setTypes({ list: t.types, warning: t.warning === 'noPackagingType' }))
      .catch(() => live && setTypes({ list: [], warning: false }));
    return () => {
      live = false;
    };
  }, [depositorCode]);

  useEffect(() => {
    let live = true;
    hubyApi
      .tours()
      .then((tours) => live && setPlan(tours))
      .catch(() => live && setPlan(null));
    return () => {
      live = false;
    };
  }, []);

  const status = shipment?.status;
  const draft = !shipment || status === HubyStatus.Draft;
  const fitting = draft && plan && form.depositor_id !== '' ? fittingTours(plan, form.depositor_id, tourNeedsOf(form)) : null;
  const optionsOpen = shipment !== null && status !== HubyStatus.Canceled && status! < HubyStatus.TakenInCharge && !draft;
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const err = kit.err;

  const run = async (call: () => Promise<void>, success: string, args: Record<string, unknown> = {}) => {
    // A date typed but invalid or unfinished is marked under its field; nothing is sent.
    if (DATES.some((n) => form[n] === INVALID_DATE)) return notify('errors.validationFailed', { type: 'error' });
    setBusy(true);
    setFields({});
    try {
      await call();
      notify(success, { type: 'success', messageArgs: args });
    } catch (error) {
      if (error instanceof ApiError) setFields(error.fields);
      notify(errorText(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  /** A draft's body checked here with the server's own rules: a wrong field is said under it, nothing is sent. */
  const checked = () => {
    const body = bodyOf(form);
    const errors = bodyFieldErrors(shipmentInput, body);
    if (Object.keys(errors).length) throw new ApiError(400, 'validationFailed', 'invalid input', {}, errors);
    return body;
  };
  const save = () =>
    run(async () => {
      if (!shipment) {
        const created = await hubyApi.create(checked());
        navigate(`/dashtower/${created.uuid}`, { replace: true });
      } else if (draft) {
        setShipment(await hubyApi.update(shipment.uuid, checked()));
        setHistory(await hubyApi.history(shipment.uuid));
      } else {
        const order = { uuid_address_recipient: form.recipient?.uuid, ...Object.fromEntries(FLAGS.map((k) => [k, form[k]])) };
        setShipment(await hubyApi.patchOrder(shipment.uuid, order));
      }
    }, 'huby.msg.saved');
  const move = (action: 'validate' | 'cancel' | 'restore' | 'labels') =>
    run(
      async () => {
        if (action === 'validate' && draft) await hubyApi.update(shipment!.uuid, checked());
        // Labels are asked in the user's format: a carrier that gives both sends them so.
        const next = await hubyApi.move(
          shipment!.uuid,
          action,
          action === 'labels' ? { format: me?.etiquette_format ?? 'PDF' } : undefined,
        );
        setShipment(next);
        setForm(formOf(next));
        setHistory(await hubyApi.history(next.uuid));
      },
      `huby.msg.${{ validate: 'validated', cancel: 'canceled', restore: 'restored', labels: 'labelsReceived' }[action]}`,
    );

  const num = (v: string) => Number(v.replace(',', '.')) || 0;
  const totals = packingTotals(
    form.packings.map((p) => ({ packages: num(p.packages), duplicate_count: num(p.duplicate_count), weight_kg: num(p.weight_kg) })),
  );

  /** A field of the kit: its kind, bounds and choices from the shipment's schema, the server's own. */
  const schemaField = (name: Text, disabled = false) => (
    <SchemaField
      id={`huby-${name}`}
      rule={kit.rules[name]}
      label={translate(`huby.f.${name}`)}
      value={form[name]}
      onChange={(value) => {
        set(name, String(value));
        kit.clear(name);
      }}
      disabled={busy || disabled || !draft}
      {...err(name)}
    />
  );
  const dateField = (name: (typeof DATES)[number]) => schemaField(name);
  const textField = (name: Text, options: { disabled?: boolean } = {}) => schemaField(name, options.disabled);

  return (
    <Box component="form" noValidate onSubmit={(e) => (e.preventDefault(), void save())} aria-labelledby="huby-form-title">
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography id="huby-form-title" variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {shipment ? shipment.reference : translate('huby.actions.new')}
        </Typography>
        {shipment && <StatusChip status={shipment.status} />}
        <Button component={RouterLink} to="/dashtower">
          {translate('huby.actions.back')}
        </Button>
      </Stack>
      {shipment && <CreatedLine label={translate('huby.f.created_at')} at={shipment.created_at} by={shipment.created_by} />}
      {shipment && !draft && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('huby.msg.readOnly')}
        </Alert>
      )}
      {shipment?.voucher && (
        <Alert
          severity="success"
          sx={{ mb: 2 }}
          data-testid="huby-voucher"
          action={
            canTrack && shipment.status !== HubyStatus.Canceled ? (
              // From its labels on, the shipment is a tracking order: its carrier's events show in Pack and Go Tracer.
              <Button
                component={RouterLink}
                to={`/pgt?filter=${encodeURIComponent(JSON.stringify({ q: shipment.reference }))}`}
                color="inherit"
              >
                {translate('huby.actions.track')}
              </Button>
            ) : undefined
          }
        >
          {translate('huby.msg.voucher', { voucher: shipment.voucher, numbers: shipment.tracking_numbers.join(', ') })}
        </Alert>
      )}
      {shipment?.voucher && canPrint && shipment.status !== HubyStatus.Canceled && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }} data-testid="huby-label-actions">
          {(shipment.status === HubyStatus.LabelsReceived || shipment.status === HubyStatus.LabelsPrinted) && (
            <>
              <Button variant="contained" onClick={() => void printLabels(shipment)}>
                {translate('huby.labels.printOne')}
              </Button>
              <Button variant="outlined" onClick={() => setReprinting(true)}>
                {translate('huby.labels.reprintButton')}
              </Button>
            </>
          )}
          <Button variant="outlined" onClick={() => void downloadTransportDocument(shipment)}>
            {translate('huby.labels.transportDocument')}
          </Button>
        </Stack>
      )}
      {reprinting && shipment && <ReprintDialog shipment={shipment} onClose={() => setReprinting(false)} />}
      <Section title={translate('huby.sections.references')}>
        <Grid size={{ xs: 12, md: 4 }}>
          <DepositorSelect
            id="huby-depositor"
            depositors={depositors}
            value={form.depositor_id}
            onChange={(id) => setForm((f) => ({ ...f, depositor_id: id, shipper: null, recipient: null, billing: null }))}
            disabled={busy || !!shipment}
            required
            {...err('depositor_id')}
          />
        </Grid>
        {(['reference', 'order_number', 'delivery_note_number', 'customer_order_number', 'customer_reference'] as const).map((n) => (
          <Grid key={n} size={{ xs: 12, sm: 6, md: 4 }}>
            {textField(n)}
          </Grid>
        ))}
      </Section>
      <Section title={translate('huby.sections.parties')}>
        <Grid size={{ xs: 12, md: 6 }}>
          <AddressPicker
            id="huby-shipper"
            book="shipper"
            depositor={form.depositor_id || undefined}
            label={translate('huby.f.shipper')}
            value={form.shipper}
            onChange={(a) => set('shipper', a)}
            required
            disabled={busy || !draft || form.depositor_id === ''}
            {...err('uuid_address_shipper')}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <AddressPicker
            id="huby-recipient"
            book="recipient"
            label={translate('huby.f.recipient')}
            value={form.recipient}
            onChange={(a) => {
              set('recipient', a);
              // Spec §7: an address that fails its check is said as an alert; the choice stays the user's.
              if (a)
                hubyApi
                  .checkAddress(a.uuid)
                  .then(
                    (c) =>
                      !c.result && notify('huby.a.notDeliverable', { type: 'warning', messageArgs: { reason: c.error?.message ?? '' } }),
                  )
                  .catch((error: unknown) => notify(`errors.${errorKeyOf(error)}`, { type: 'error' }));
            }}
            shipper={form.shipper?.uuid}
            required
            disabled={busy || !(draft || optionsOpen) || !form.shipper}
            {...err('uuid_address_recipient')}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormControlLabel
            control={
              <Checkbox
                checked={form.billing_same_as_recipient}
                onChange={(e) => set('billing_same_as_recipient', e.target.checked)}
                disabled={busy || !draft}
              />
            }
            label={translate('huby.f.billing_same_as_recipient')}
          />
        </Grid>
        {!form.billing_same_as_recipient && (
          <Grid size={{ xs: 12, md: 6 }}>
            <AddressPicker
              id="huby-billing"
              book="recipient"
              label={translate('huby.f.billing')}
              value={form.billing}
              onChange={(a) => set('billing', a)}
              shipper={form.shipper?.uuid}
              disabled={busy || !draft || !form.shipper}
              {...err('uuid_address_billing')}
            />
          </Grid>
        )}
      </Section>
      <Section title={translate('huby.sections.transport')}>
        <Grid size={{ xs: 12, sm: 6 }}>{textField('carrier_code')}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {fitting ? (
            <TextField
              id="huby-tour_code"
              select
              label={translate('huby.f.tour_code')}
              value={form.tour_code}
              onChange={(e) => {
                const tour = fitting.tours.find((t) => t.code === e.target.value);
                setForm((f) => ({ ...f, tour_code: e.target.value, carrier_code: tour ? tour.carrier.ref : f.carrier_code }));
              }}
              disabled={busy}
              fullWidth
              size="small"
              slotProps={{ inputLabel: { shrink: true } }}
              {...err('tour_code')}
            >
              <MenuItem value="">–</MenuItem>
              {form.tour_code && !fitting.tours.some((t) => t.code === form.tour_code) && (
                <MenuItem value={form.tour_code}>{form.tour_code}</MenuItem>
              )}
              {fitting.tours.map((t) => (
                <MenuItem key={t.code} value={t.code}>
                  {t.code} – {t.carrier.name}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            textField('tour_code')
          )}
        </Grid>
        {DATES.map((n) => (
          <Grid key={n} size={{ xs: 12, sm: 6, md: 4 }}>
            {dateField(n)}
          </Grid>
        ))}
      </Section>
      {shipment && draft && fitting && !fitting.warning && (
        <TourRates
          uuid={shipment.uuid}
          shipment={shipment}
          chosen={form.tour_code}
          onChoose={(r) => setForm((f) => ({ ...f, tour_code: r.tour_code, carrier_code: r.carrier.ref }))}
        />
      )}
      {fitting?.warning === 'noToursAvailable' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('huby.tours.none')}
        </Alert>
      )}
      {!shipment && fitting && !fitting.warning && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: -1, mb: 2 }}>
          {translate('huby.tours.saveFirst')}
        </Typography>
      )}
      <Section title={translate('huby.sections.options')}>
        {FLAGS.map((k) => (
          <Grid key={k} size={{ xs: 12, sm: 6, md: 3 }}>
            <FormControlLabel
              control={
                <Checkbox
                  id={`huby-${k}`}
                  checked={form[k]}
                  onChange={(e) => set(k, e.target.checked)}
                  disabled={busy || !(draft || optionsOpen)}
                />
              }
              label={translate(`huby.f.${k}`)}
            />
          </Grid>
        ))}
      </Section>
      <Section title={translate('huby.sections.amounts')}>
        <Grid size={{ xs: 12, sm: 4, md: 2 }}>{textField('incoterm')}</Grid>
        <Grid size={{ xs: 12, sm: 8, md: 4 }}>{textField('incoterm_location')}</Grid>
        <Grid size={{ xs: 12, md: 6 }}>{textField('content_description')}</Grid>
        {(['declared_amount', 'insurance_value', 'cash_on_delivery'] as const).map((n) => (
          <Grid key={n} size={{ xs: 12, sm: 4 }}>
            {textField(n)}
          </Grid>
        ))}
      </Section>
      <Section title={translate('huby.sections.comments')}>
        {(['preparation_comment', 'carrier_comment'] as const).map((n) => (
          <Grid key={n} size={{ xs: 12, md: 6 }}>
            {textField(n)}
          </Grid>
        ))}
      </Section>
      <ShipmentGoods
        form={form}
        setForm={setForm}
        kit={kit}
        types={types}
        editable={!busy && draft}
        canAdr={canAdr}
        totals={translate('huby.msg.totals', { packages: totals.packages, weight: number(totals.weight_kg) })}
      />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', my: 2 }}>
        {(draft || optionsOpen) && (
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('huby.actions.save')}
          </Button>
        )}
        {shipment && draft && (
          <Button variant="contained" color="success" disabled={busy} onClick={() => void move('validate')}>
            {translate('huby.actions.validate')}
          </Button>
        )}
        {shipment && status === HubyStatus.Validated && (
          <Button variant="contained" disabled={busy} onClick={() => void move('labels')}>
            {translate('huby.actions.labels')}
          </Button>
        )}
        {shipment && status !== HubyStatus.Canceled && status! < HubyStatus.TakenInCharge && (
          <Button color="error" disabled={busy} onClick={() => setConfirmCancel(true)}>
            {translate('huby.actions.cancel')}
          </Button>
        )}
        {shipment && status === HubyStatus.Canceled && (
          <Button variant="outlined" disabled={busy} onClick={() => void move('restore')}>
            {translate('huby.actions.restore')}
          </Button>
        )}
        {shipment && (
          <Button variant="outlined" disabled={busy} onClick={() => setDuplicating(true)}>
            {translate('huby.actions.duplicate')}
          </Button>
        )}
      </Stack>
      {history.length > 0 && (
        <Section title={translate('huby.sections.history')}>
          <Grid size={12}>
            <Box component="ol" sx={{ m: 0, pl: 3 }}>
              {history.map((h, i) => (
                <li key={i}>
                  {formatDate(h.at, timeZone, true)} · {translate(`huby.status.${h.status}`)}
                  {h.by ? ` · ${creator(h.by)}` : ''}
                </li>
              ))}
            </Box>
          </Grid>
        </Section>
      )}
      <Dialog open={confirmCancel} onClose={() => setConfirmCancel(false)} aria-labelledby="huby-cancel-title">
        <DialogTitle id="huby-cancel-title">{translate('huby.actions.cancel')}</DialogTitle>
        <DialogContent>{translate('huby.actions.confirmCancel')}</DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmCancel(false)}>{translate('huby.actions.close')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setConfirmCancel(false);
              void move('cancel');
            }}
          >
            {translate('huby.actions.cancel')}
          </Button>
        </DialogActions>
      </Dialog>
      {shipment && (
        <DuplicateDialog
          open={duplicating}
          onClose={() => setDuplicating(false)}
          onDone={(count) => {
            setDuplicating(false);
            notify('huby.msg.duplicated', { type: 'success', messageArgs: { smart_count: count } });
            navigate('/dashtower');
          }}
          uuid={shipment.uuid}
        />
      )}
    </Box>
  );
}

function DuplicateDialog({
  open,
  onClose,
  onDone,
  uuid,
}: {
  open: boolean;
  onClose: () => void;
  onDone: (count: number) => void;
  uuid: string;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [count, setCount] = useState('1');
  const [fields, setFields] = useState<Record<string, string>>({});
  const submit = async () => {
    setFields({});
    try {
      const { uuids } = await hubyApi.duplicate(uuid, Number(count));
      onDone(uuids.length);
    } catch (error) {
      if (error instanceof ApiError) setFields(error.fields);
      notify(`errors.${errorKeyOf(error)}`, { type: 'error' });
    }
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="huby-duplicate-title">
      <DialogTitle id="huby-duplicate-title">{translate('huby.actions.duplicate')}</DialogTitle>
      <DialogContent>
        <TextField
          id="huby-duplicate-count"
          type="number"
          label={translate('huby.f.count')}
          value={count}
          onChange={(e) => setCount(e.target.value)}
          slotProps={{ htmlInput: { min: 1, max: HUBY_LIMITS.maxDuplicates } }}
          error={!!fields.count}
          helperText={
            fields.count
              ? translate(`fields.${fields.count}`, { n: fields.count === 'max' ? HUBY_LIMITS.maxDuplicates : 1 })
              : `1 – ${HUBY_LIMITS.maxDuplicates}`
          }
          sx={{ mt: 1 }}
          autoFocus
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('huby.actions.close')}</Button>
        <Button variant="contained" onClick={() => void submit()}>
          {translate('huby.actions.duplicate')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
