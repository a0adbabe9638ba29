import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useListController, useNotify, useTranslate } from 'ra-core';
import { Box, Button, Chip, Link, Stack, Switch, Typography } from '@mui/material';
import { ALERTS_LIST, type AlertDto } from '@portal/contracts';
import { useErrorText } from '../i18n/useErrorText';
import { FilterBar, ListTable, useShortLocale, type Column } from '../stock/ui';
import { useDateTime } from '../delivery/ui';
import { useDepositors } from '../tracking/useReferenceData';
import { alertBody, formFromAlert, frequencyWords, type AlertScreen } from './model';
import { alertsApi } from './alertsApi';

/** The enabled switch of a row: saved at once, shown as saved only once the server said so. */
function EnabledSwitch({ alert, onSaved }: { alert: AlertDto; onSaved: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [enabled, setEnabled] = useState(alert.enabled);
  const toggle = async (next: boolean) => {
    setBusy(true);
    setEnabled(next);
    try {
      await alertsApi.update(alert.id, alertBody({ ...formFromAlert(alert), enabled: next }));
      notify(next ? 'alerts.msg.enabledOn' : 'alerts.msg.enabledOff', { type: 'success', messageArgs: { title: alert.title } });
      onSaved();
    } catch (error) {
      setEnabled(!next);
      notify(errorText(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Switch
      checked={enabled}
      disabled={busy}
      onChange={(_, next) => void toggle(next)}
      slotProps={{ input: { 'aria-label': translate('alerts.list.enabledSwitch', { title: alert.title }) } }}
      data-alert-enabled={alert.id}
    />
  );
}

/**
 * Hello (spec §1, §2): the user's alerts of this screen, with the frequency in words, the
 * depositors, the enabled switch, the last mail and the next slot.
 */
export default function AlertList({ screen }: { screen: AlertScreen }) {
  const translate = useTranslate();
  const locale = useShortLocale();
  const dateTime = useDateTime();
  const depositors = useDepositors();
  const list = useListController<AlertDto>({
    resource: 'alerts',
    storeKey: `alerts.${screen}`,
    filter: { screen },
    sort: { field: 'updatedAt', order: 'DESC' },
    perPage: 25,
  });
  const depositorCodes = (ids: number[]) => ids.map((id) => depositors.find((d) => d.id === id)?.code ?? String(id)).join(', ');
  const columns: Column<AlertDto>[] = [
    {
      source: 'title',
      label: translate('alerts.f.title'),
      wrapAt: 280,
      render: (a) => (
        <Link component={RouterLink} to={`/${screen}/${a.id}`}>
          {a.title}
        </Link>
      ),
    },
    ...(screen === 'vip'
      ? [
          {
            source: 'kind',
            label: translate('alerts.f.kind'),
            sortable: false,
            render: (a) => <Chip size="small" variant="outlined" label={translate(`alerts.kinds.${a.kind}`)} data-kind={a.kind} />,
          } satisfies Column<AlertDto>,
        ]
      : []),
    {
      source: 'frequency',
      label: translate('alerts.f.frequency'),
      sortable: false,
      wrapAt: 260,
      render: (a) => frequencyWords(a, translate, locale),
    },
    { source: 'depositorIds', label: translate('alerts.f.depositors'), sortable: false, render: (a) => depositorCodes(a.depositorIds) },
    {
      source: 'enabled',
      label: translate('alerts.f.enabled'),
      sortable: false,
      render: (a) => <EnabledSwitch key={`${a.id}:${a.updatedAt}`} alert={a} onSaved={() => void list.refetch()} />,
    },
    { source: 'lastSentAt', label: translate('alerts.f.lastSent'), sortable: false, render: (a) => dateTime(a.lastSentAt) || '—' },
    {
      source: 'nextSlotAt',
      label: translate('alerts.f.nextSend'),
      sortable: false,
      render: (a) =>
        a.frequency === 'IMMEDIATE'
          ? translate('alerts.list.onEvent')
          : a.enabled
            ? dateTime(a.nextSlotAt) || '—'
            : translate('alerts.list.paused'),
    },
  ];
  return (
    <Box aria-labelledby="alerts-title">
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography id="alerts-title" variant="h4" component="h1">
            {translate(`alerts.title.${screen}`)}
          </Typography>
          <Typography color="text.secondary">{translate(`alerts.intro.${screen}`)}</Typography>
        </Box>
        <Button variant="contained" component={RouterLink} to={`/${screen}/new`}>
          {translate(`alerts.actions.new.${screen}`)}
        </Button>
      </Stack>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('alerts.list.hello')}
      </Typography>
      <FilterBar list={list} declaration={ALERTS_LIST} fields={[{ source: 'q', label: translate('alerts.list.q'), width: 280 }]} />
      <ListTable
        list={list}
        columns={columns}
        caption={translate('alerts.list.hello')}
        emptyText={translate(`alerts.list.empty.${screen}`)}
      />
    </Box>
  );
}
