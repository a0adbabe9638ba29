import { useEffect, useState } from 'react';
import { Link as RouterLink, Navigate, useNavigate, useParams } from 'react-router-dom';
import { useNotify, useTranslate } from 'ra-core';
import { Alert, Box, Button, Checkbox, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { ALERT_LIMITS, ALERT_SCREEN, type AlertDto, type AlertKind, type AlertTestSendResult } from '@portal/contracts';
import { ApiError } from '../core/api';
import { useShownProblems } from '../core/fieldChecks';
import { ConfirmDialog, Section } from '../delivery/ui';
import { useErrorText } from '../i18n/useErrorText';
import { Loading } from '../layout/Loading';
import { useDepositors } from '../tracking/useReferenceData';
import { CriteriaSection, type SectionProps } from './CriteriaSection';
import { FrequencySection } from './FrequencySection';
import { MailsHistory } from './MailsHistory';
import { RecipientsSection } from './RecipientsSection';
import { TriggerSection } from './TriggerSection';
import { alertsApi } from './alertsApi';
import { alertBody, alertFormProblems, emptyForm, formFromAlert, limitOf, SCREEN_KINDS, type AlertForm, type AlertScreen } from './model';

/** Title, kind (My VIP's kinds), comment and the enabled switch. */
function GeneralSection({ form, set, checks, screen }: SectionProps & { screen: AlertScreen }) {
  const translate = useTranslate();
  return (
    <Section id="alert-section-general" title={translate('alerts.sections.general')}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField
          id="alert-title"
          size="small"
          required
          label={translate('alerts.f.title')}
          value={form.title}
          onChange={(e) => set({ title: e.target.value })}
          sx={{ flex: 2 }}
          slotProps={{ htmlInput: { maxLength: ALERT_LIMITS.title } }}
          {...checks.field('title', ' ')}
        />
        {SCREEN_KINDS[screen].length > 1 && (
          <TextField
            select
            id="alert-kind"
            size="small"
            label={translate('alerts.f.kind')}
            value={form.kind}
            onChange={(e) => set({ kind: e.target.value as AlertKind })}
            sx={{ flex: 1 }}
            helperText=" "
          >
            {SCREEN_KINDS[screen].map((k) => (
              <MenuItem key={k} value={k}>
                {translate(`alerts.kinds.${k}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
        <FormControlLabel
          control={<Switch id="alert-enabled" checked={form.enabled} onChange={(_, on) => set({ enabled: on })} />}
          label={translate('alerts.f.enabled')}
          sx={{ alignSelf: 'flex-start', mt: 0.5 }}
        />
      </Stack>
      <TextField
        id="alert-comment"
        size="small"
        fullWidth
        multiline
        minRows={2}
        label={translate('alerts.f.comment')}
        value={form.comment}
        onChange={(e) => set({ comment: e.target.value })}
        slotProps={{ htmlInput: { maxLength: ALERT_LIMITS.comment } }}
        {...checks.field('comment', translate('alerts.hints.comment'))}
      />
    </Section>
  );
}

/** Envoyer un test: the alert now, to its recipients or to the user alone, and what was sent. */
function TestSend({ alert, onSent }: { alert: AlertDto; onSent: () => void }) {
  const translate = useTranslate();
  const errorText = useErrorText();
  const [toSelfOnly, setToSelfOnly] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<AlertTestSendResult | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const send = async () => {
    setBusy(true);
    setFailure(null);
    setResult(null);
    try {
      setResult(await alertsApi.testSend(alert.id, toSelfOnly));
      onSent();
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section id="alert-section-test" title={translate('alerts.sections.test')}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="outlined" disabled={busy} onClick={() => void send()}>
          {translate('alerts.actions.testSend')}
        </Button>
        <FormControlLabel
          control={<Checkbox id="alert-test-self" checked={toSelfOnly} onChange={(_, on) => setToSelfOnly(on)} />}
          label={translate('alerts.f.toSelfOnly')}
        />
      </Stack>
      {result && (
        <Alert severity="success" sx={{ mt: 1 }} data-testid="alert-test-result" role="status">
          {translate('alerts.msg.testSent', {
            smart_count: result.orders,
            orders: result.orders,
            recipients: result.recipients.join(', ') || '—',
          })}
        </Alert>
      )}
      {failure !== null && (
        <Alert severity="error" sx={{ mt: 1 }} role="alert">
          {errorText(failure)}
        </Alert>
      )}
    </Section>
  );
}

/**
 * The create and edit form of an alert (spec §2, §3) in sections a logistics user reads: the alert,
 * its criteria (with the live count of matching orders), what triggers it, who receives it and when;
 * once saved: a test send and the mails it sent.
 */
export default function AlertFormPage({ screen }: { screen: AlertScreen }) {
  const { id } = useParams();
  const alertId = id === undefined ? null : Number(id);
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [alert, setAlert] = useState<AlertDto | null>(null);
  const [form, setForm] = useState<AlertForm>(() => emptyForm(screen));
  const [loading, setLoading] = useState(alertId !== null);
  const [failure, setFailure] = useState<unknown>(null);
  const [server, setServer] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [mailsVersion, setMailsVersion] = useState(0);
  const depositors = useDepositors();
  const problems = alertFormProblems(form);
  const checks = useShownProblems<string>(problems, server, (name) => ({ n: limitOf(name) }));

  useEffect(() => {
    if (alertId === null) return;
    if (!Number.isSafeInteger(alertId)) {
      setFailure(new ApiError(404, 'objectNotFound', 'not found'));
      setLoading(false);
      return;
    }
    alertsApi
      .get(alertId)
      .then((found) => {
        setAlert(found);
        setForm(formFromAlert(found));
      })
      .catch((error: unknown) => setFailure(error))
      .finally(() => setLoading(false));
  }, [alertId]);

  // A user of one depositor does not have to choose it.
  const only = alertId === null && depositors.length === 1 ? depositors[0].id : null;
  useEffect(() => {
    if (only !== null) setForm((now) => (now.depositorIds.length ? now : { ...now, depositorIds: [only] }));
  }, [only]);

  if (loading) return <Loading />;
  // An alert opened from the other screen's address (a DOC at /vip/…) goes to its own screen.
  if (alert && ALERT_SCREEN[alert.kind] !== screen) return <Navigate to={`/${ALERT_SCREEN[alert.kind]}/${alert.id}`} replace />;
  const back = (
    <Button variant="outlined" component={RouterLink} to={`/${screen}`}>
      {translate('alerts.actions.back')}
    </Button>
  );
  if (failure !== null)
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="error">{errorText(failure)}</Alert>
        {back}
      </Stack>
    );

  /** A change forgets what the server said about the fields it touches. */
  const set = (patch: Partial<AlertForm>) => {
    setForm((now) => ({ ...now, ...patch }));
    const touched = Object.keys(patch);
    setServer((now) => Object.fromEntries(Object.entries(now).filter(([k]) => !touched.some((t) => k === t || k.startsWith(`${t}.`)))));
  };
  const save = async () => {
    if (!checks.checkAll()) {
      notify('alerts.msg.fixFields', { type: 'error' });
      return;
    }
    setBusy(true);
    try {
      const saved = alert ? await alertsApi.update(alert.id, alertBody(form)) : await alertsApi.create(alertBody(form));
      setAlert(saved);
      setForm(formFromAlert(saved));
      setServer({});
      notify('alerts.msg.saved', { type: 'success', messageArgs: { title: saved.title } });
      if (!alert) navigate(`/${screen}/${saved.id}`, { replace: true });
    } catch (error) {
      if (error instanceof ApiError) setServer(error.fields);
      notify(errorText(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!alert) return;
    try {
      await alertsApi.remove(alert.id);
      notify('alerts.msg.deleted', { type: 'success', messageArgs: { title: alert.title } });
      navigate(`/${screen}`);
    } catch (error) {
      setConfirming(false);
      notify(errorText(error), { type: 'error' });
    }
  };
  const props: SectionProps = { form, set, checks };
  return (
    <Box component="form" aria-labelledby="alert-form-title" onSubmit={(e) => e.preventDefault()} noValidate>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography id="alert-form-title" variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {alert ? translate('alerts.editTitle', { title: alert.title }) : translate(`alerts.newTitle.${screen}`)}
        </Typography>
        {back}
      </Stack>
      <Stack spacing={2}>
        <GeneralSection {...props} screen={screen} />
        <CriteriaSection {...props} />
        <TriggerSection {...props} />
        <RecipientsSection {...props} />
        <FrequencySection {...props} />
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained" type="submit" disabled={busy} onClick={() => void save()}>
            {translate('alerts.actions.save')}
          </Button>
          {alert && (
            <Button color="error" disabled={busy} onClick={() => setConfirming(true)}>
              {translate('alerts.actions.delete')}
            </Button>
          )}
        </Stack>
        {alert ? (
          <>
            <TestSend alert={alert} onSent={() => setMailsVersion((v) => v + 1)} />
            <MailsHistory alertId={alert.id} version={mailsVersion} />
          </>
        ) : (
          <Typography color="text.secondary">{translate('alerts.hints.saveToTest')}</Typography>
        )}
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={translate('alerts.actions.deleteTitle')}
        text={translate('alerts.actions.deleteConfirm', { title: alert?.title ?? '' })}
        confirmLabel={translate('alerts.actions.delete')}
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
