import { useTranslate } from 'ra-core';
import {
  Alert,
  Autocomplete,
  Checkbox,
  Chip,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import {
  ALERT_DOCUMENT_TYPES,
  ALERT_SLA_RULES,
  CARRIER_EVENT_STATUSES,
  TRACER_EVENT_TYPE_LABELS,
  TRACER_EVENT_TYPES,
  TRACKING_STATUS_CODES,
  type AlertSlaRule,
} from '@portal/contracts';
import { Section } from '../delivery/ui';
import { useShortLocale } from '../stock/ui';
import { useTrackingStatusLabel } from '../tracking/StatusChip';
import type { SectionProps } from './CriteriaSection';

const CARRIER_EVENTS: readonly string[] = CARRIER_EVENT_STATUSES;

/** An alert event in words: a carrier's status or a Tracer Route event, in the user's language. */
function useEventLabel() {
  const translate = useTranslate();
  const locale = useShortLocale();
  return (event: string) =>
    CARRIER_EVENTS.includes(event)
      ? translate(`delivery.carrierStatus.${event}`)
      : (TRACER_EVENT_TYPE_LABELS[event as keyof typeof TRACER_EVENT_TYPE_LABELS]?.[locale] ?? event);
}

/** Statuses and events a My VIP alert follows (at least one of them). */
function FollowedChanges({ form, set, checks }: SectionProps) {
  const translate = useTranslate();
  const statusLabel = useTrackingStatusLabel();
  const eventLabel = useEventLabel();
  const statuses = checks.field('statuses', translate('alerts.hints.statuses'));
  return (
    <Stack spacing={1}>
      <Autocomplete
        id="alert-statuses"
        multiple
        options={TRACKING_STATUS_CODES as number[]}
        value={form.statuses}
        onChange={(_, next) => set({ statuses: next })}
        getOptionLabel={(s) => statusLabel(s)}
        renderValue={(values, getItemProps) =>
          values.map((s, index) => {
            const { key, ...item } = getItemProps({ index });
            return <Chip key={key} size="small" label={statusLabel(s)} {...item} />;
          })
        }
        onBlur={statuses.onBlur}
        renderInput={(params) => (
          <TextField
            {...params}
            size="small"
            label={translate('alerts.f.statuses')}
            error={statuses.error}
            helperText={statuses.helperText}
          />
        )}
      />
      <Autocomplete
        id="alert-events"
        multiple
        options={[...CARRIER_EVENT_STATUSES, ...TRACER_EVENT_TYPES] as string[]}
        groupBy={(e) => translate(CARRIER_EVENTS.includes(e) ? 'alerts.eventGroups.carrier' : 'alerts.eventGroups.tracer')}
        value={form.events}
        onChange={(_, next) => set({ events: next })}
        getOptionLabel={eventLabel}
        renderValue={(values, getItemProps) =>
          values.map((e, index) => {
            const { key, ...item } = getItemProps({ index });
            return <Chip key={key} size="small" label={eventLabel(e)} {...item} />;
          })
        }
        renderInput={(params) => <TextField {...params} size="small" label={translate('alerts.f.events')} helperText=" " />}
      />
    </Stack>
  );
}

/** The document types a My DOC mail attaches. */
function DocumentTypes({ form, set, checks }: SectionProps) {
  const translate = useTranslate();
  const shown = checks.field('documentTypes', translate('alerts.hints.documentTypes'));
  return (
    <FormControl component="fieldset" error={shown.error} onBlur={shown.onBlur}>
      <FormLabel component="legend">{translate('alerts.f.documentTypes')}</FormLabel>
      <FormGroup row>
        {ALERT_DOCUMENT_TYPES.map((t) => (
          <FormControlLabel
            key={t}
            label={translate(`alerts.documentTypes.${t}`)}
            control={
              <Checkbox
                checked={form.documentTypes.includes(t)}
                onChange={(_, on) => set({ documentTypes: on ? [...form.documentTypes, t] : form.documentTypes.filter((x) => x !== t) })}
              />
            }
          />
        ))}
      </FormGroup>
      <FormHelperText>{shown.helperText}</FormHelperText>
    </FormControl>
  );
}

/** A preparation SLA: its rule, and the cut-off time of the picking rule. */
function SlaRule({ form, set, checks }: SectionProps) {
  const translate = useTranslate();
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      <TextField
        select
        id="alert-slaRule"
        size="small"
        required
        label={translate('alerts.f.slaRule')}
        value={form.slaRule}
        onChange={(e) => set({ slaRule: e.target.value as AlertSlaRule })}
        sx={{ flex: 2 }}
        {...checks.field('slaRule')}
      >
        {ALERT_SLA_RULES.map((r) => (
          <MenuItem key={r} value={r}>
            {translate(`alerts.slaRules.${r}`)}
          </MenuItem>
        ))}
      </TextField>
      {form.slaRule === 'PICKING_CUTOFF' && (
        <TextField
          id="alert-cutoff"
          size="small"
          type="time"
          required
          label={translate('alerts.f.cutoff')}
          value={form.cutoff}
          onChange={(e) => set({ cutoff: e.target.value })}
          sx={{ flex: 1 }}
          slotProps={{ inputLabel: { shrink: true } }}
          {...checks.field('cutoff', translate('alerts.hints.cutoff'))}
        />
      )}
    </Stack>
  );
}

/** Déclencheur: what makes the alert write: followed changes, documents, an SLA rule, a silent probe. */
export function TriggerSection(props: SectionProps) {
  const translate = useTranslate();
  const { kind } = props.form;
  return (
    <Section id="alert-section-trigger" title={translate('alerts.sections.trigger')}>
      {kind === 'VIP' && <FollowedChanges {...props} />}
      {kind === 'DOC' && <DocumentTypes {...props} />}
      {kind === 'SLA' && <SlaRule {...props} />}
      {kind === 'NO_TEMPERATURE' && <Alert severity="info">{translate('alerts.hints.noTemperature')}</Alert>}
    </Section>
  );
}
