import { useState } from 'react';
import { FormControl, FormControlLabel, FormLabel, MenuItem, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import {
  TRACER_EVENT_TYPE_LABELS,
  TRACER_EVENT_TYPES,
  TRACER_ROUTE_STATUSES,
  type OrderSummaryDto,
  type TracerEventType,
  type TracerRouteStatusCode,
  toLocalInput,
  zonedInstant,
} from '@portal/contracts';
import { useShortLocale, useTimeZone } from '../stock/ui';
import { DateTimeInput } from '../dates/DateInput';
import { useTracerStatusLabel, useTrackingStatusLabel } from '../tracking/StatusChip';
import { ActionDialog, useSubmit } from '../tracking/ActionDialog';
import { addTracerEvent, setCarrierInfo, setTracerStatus, withoutBlanks } from './tracerApi';

/** LATE is computed from the promised delivery date: never set by hand (spec §4, backend rule). */
const SETTABLE = TRACER_ROUTE_STATUSES.filter((s) => s !== 'LATE');

export interface RowDialogProps {
  row: OrderSummaryDto;
  onClose: () => void;
  /** Called after the server accepted the change, with the message key to show. */
  onDone: (messageKey: string) => void;
}

/** Manual Tracer Route status (spec §2, §4), with a public or private comment kept in the delivery's history. */
export function StatusDialog({ row, onClose, onDone }: RowDialogProps) {
  const translate = useTranslate();
  const tracerLabel = useTracerStatusLabel();
  const trackingLabel = useTrackingStatusLabel();
  const [status, setStatus] = useState<TracerRouteStatusCode | ''>(row.tracerStatus === 'LATE' ? '' : row.tracerStatus);
  const [comment, setComment] = useState('');
  const [visibility, setVisibility] = useState<'public' | 'private'>('public');
  const { busy, error, run, fieldError } = useSubmit();
  const submit = () =>
    run(async () => {
      if (!status) return;
      const text = comment.trim();
      await setTracerStatus(row.id, withoutBlanks({ status, comment: text, commentPrivate: text ? visibility === 'private' : undefined }));
      onDone('tracer.status.done');
    });
  return (
    <ActionDialog
      id="tracer-status"
      title={translate('tracer.status.title', { reference: row.reference })}
      submitLabel={translate('tracer.status.submit')}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      error={error}
      disabled={!status || status === row.tracerStatus}
    >
      <Typography variant="body2">
        {translate('tracer.status.current', { status: tracerLabel(row.tracerStatus), tracking: trackingLabel(row.status) })}
      </Typography>
      <TextField
        id="tracer-status-value"
        select
        required
        label={translate('tracer.status.field')}
        value={status}
        onChange={(e) => setStatus(e.target.value as TracerRouteStatusCode)}
        helperText={fieldError('status') ?? translate('tracer.status.lateHelp')}
        error={Boolean(fieldError('status'))}
      >
        {SETTABLE.map((s) => (
          <MenuItem key={s} value={s}>
            {tracerLabel(s)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        id="tracer-status-comment"
        label={translate('tracer.comment')}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        multiline
        minRows={2}
        error={Boolean(fieldError('comment'))}
        helperText={fieldError('comment', { n: 2000 })}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      <FormControl disabled={!comment.trim()}>
        <FormLabel id="tracer-status-visibility-label">{translate('tracer.status.visibility')}</FormLabel>
        <RadioGroup
          aria-labelledby="tracer-status-visibility-label"
          name="tracer-status-visibility"
          value={visibility}
          onChange={(e) => setVisibility(e.target.value as 'public' | 'private')}
        >
          <FormControlLabel value="public" control={<Radio size="small" />} label={translate('tracer.status.public')} />
          <FormControlLabel value="private" control={<Radio size="small" />} label={translate('tracer.status.private')} />
        </RadioGroup>
      </FormControl>
    </ActionDialog>
  );
}

/** Carrier information entered by hand: "shipped without carrier information" becomes "shipped". */
export function CarrierDialog({ row, onClose, onDone }: RowDialogProps) {
  const translate = useTranslate();
  const [carrierName, setCarrierName] = useState(row.carrierName ?? '');
  const [carrierCode, setCarrierCode] = useState(row.carrierCode ?? '');
  const [trackingNumber, setTrackingNumber] = useState('');
  const { busy, error, run, fieldError } = useSubmit();
  const codeOk = carrierCode === '' || /^[A-Z0-9_-]{1,50}$/.test(carrierCode);
  const submit = () =>
    run(async () => {
      await setCarrierInfo(row.id, withoutBlanks({ carrierName: carrierName.trim(), carrierCode, trackingNumber: trackingNumber.trim() }));
      onDone('tracer.carrier.done');
    });
  return (
    <ActionDialog
      id="tracer-carrier"
      title={translate('tracer.carrier.title', { reference: row.reference })}
      submitLabel={translate('common.save')}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      error={error}
      disabled={!carrierName.trim() || !codeOk}
    >
      <TextField
        id="tracer-carrier-name"
        required
        label={translate('tracer.carrier.name')}
        value={carrierName}
        onChange={(e) => setCarrierName(e.target.value)}
        error={Boolean(fieldError('carrierName'))}
        helperText={fieldError('carrierName', { n: 255 })}
        slotProps={{ htmlInput: { maxLength: 255 } }}
      />
      <TextField
        id="tracer-carrier-code"
        label={translate('tracer.carrier.code')}
        value={carrierCode}
        onChange={(e) => setCarrierCode(e.target.value.toUpperCase())}
        error={!codeOk || Boolean(fieldError('carrierCode'))}
        helperText={fieldError('carrierCode') ?? translate('tracer.carrier.codeHelp')}
        slotProps={{ htmlInput: { maxLength: 50 } }}
      />
      <TextField
        id="tracer-carrier-tracking"
        label={translate('tracer.carrier.trackingNumber')}
        value={trackingNumber}
        onChange={(e) => setTrackingNumber(e.target.value)}
        error={Boolean(fieldError('trackingNumber'))}
        helperText={fieldError('trackingNumber', { n: 64 })}
        slotProps={{ htmlInput: { maxLength: 64 } }}
      />
    </ActionDialog>
  );
}

/** A Tracer Route event (spec §3): type, carrier, appointment and event dates, public and private notes. */
export function EventDialog({ row, onClose, onDone }: RowDialogProps) {
  const translate = useTranslate();
  const locale = useShortLocale();
  const timeZone = useTimeZone();
  const [type, setType] = useState<TracerEventType | ''>('');
  const [carrierName, setCarrierName] = useState(row.carrierName ?? '');
  const [appointmentAt, setAppointmentAt] = useState('');
  const [eventAt, setEventAt] = useState(() => toLocalInput(new Date(), timeZone));
  const [publicNote, setPublicNote] = useState('');
  const [privateNote, setPrivateNote] = useState('');
  const { busy, error, run, fieldError } = useSubmit();
  const instant = (local: string) => (local ? zonedInstant(local, timeZone)?.toISOString() : undefined);
  const badDate = (local: string) => local !== '' && !zonedInstant(local, timeZone);
  const submit = () =>
    run(async () => {
      if (!type) return;
      await addTracerEvent(
        row.id,
        withoutBlanks({
          type,
          carrierName: carrierName.trim(),
          appointmentAt: instant(appointmentAt),
          eventAt: instant(eventAt),
          publicNote: publicNote.trim(),
          privateNote: privateNote.trim(),
        }),
      );
      onDone('tracer.event.done');
    });
  const dateField = (id: string, key: 'appointmentAt' | 'eventAt', value: string, set: (v: string) => void) => (
    <DateTimeInput
      id={id}
      label={translate(`tracer.event.${key}`)}
      value={value}
      onChange={set}
      size="medium"
      error={Boolean(fieldError(key))}
      helperText={fieldError(key) ?? translate('tracer.timeZone', { zone: timeZone })}
    />
  );
  return (
    <ActionDialog
      id="tracer-event"
      title={translate('tracer.event.title', { reference: row.reference })}
      submitLabel={translate('common.add')}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      error={error}
      disabled={!type || badDate(appointmentAt) || badDate(eventAt)}
    >
      <TextField
        id="tracer-event-type"
        select
        required
        label={translate('tracer.event.type')}
        value={type}
        onChange={(e) => setType(e.target.value as TracerEventType)}
      >
        {TRACER_EVENT_TYPES.map((t) => (
          <MenuItem key={t} value={t}>
            {TRACER_EVENT_TYPE_LABELS[t][locale]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        id="tracer-event-carrier"
        label={translate('tracer.carrier.name')}
        value={carrierName}
        onChange={(e) => setCarrierName(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 255 } }}
      />
      {dateField('tracer-event-appointment', 'appointmentAt', appointmentAt, setAppointmentAt)}
      {dateField('tracer-event-at', 'eventAt', eventAt, setEventAt)}
      <TextField
        id="tracer-event-public"
        label={translate('tracer.event.publicNote')}
        value={publicNote}
        onChange={(e) => setPublicNote(e.target.value)}
        multiline
        minRows={2}
        helperText={translate('tracer.event.publicHelp')}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      <TextField
        id="tracer-event-private"
        label={translate('tracer.event.privateNote')}
        value={privateNote}
        onChange={(e) => setPrivateNote(e.target.value)}
        multiline
        minRows={2}
        helperText={translate('tracer.event.privateHelp')}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
    </ActionDialog>
  );
}
