import { useState } from 'react';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { useErrorText } from '../../i18n/useErrorText';
import { useSave } from '../useSave';
import { DeliveriesTable } from './DeliveriesTable';
import { DeliveryDetailDialog } from './DeliveryDetailDialog';
import { EndpointActions } from './EndpointActions';
import { DELIVERY_STATUSES, statusFromQuery } from './model';
import { useDeliveryLog } from './useDeliveryLog';
import { useEndpoints } from './useEndpoints';
import { EndpointState } from './WebhooksSection';
import { webhooksApi } from './webhooksApi';

/**
 * /settings/integrations/webhooks/:id (bookmarkable): an endpoint's deliveries, newest first, filtered
 * by status (?status=, kept in the address), older pages on "Charger plus", each delivery's detail
 * and "Renvoyer"; above them the endpoint, its state and its actions.
 */
export default function DeliveryLog() {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`settings.webhooks.${key}`, options);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [query, setQuery] = useSearchParams();
  const status = statusFromQuery(query.get('status'));
  const errorText = useErrorText();
  const { endpoints, failure: listFailure, depositors, reload: reloadEndpoints } = useEndpoints();
  const { log, failure, loadingMore, loadMore, reload } = useDeliveryLog(id, status);
  const { run, busy } = useSave();
  const [opened, setOpened] = useState<string | null>(null);
  const endpoint = endpoints?.find((e) => e.id === id);
  const refresh = () => {
    reloadEndpoints();
    reload();
  };
  const sendTest = async () => {
    if (await run(() => webhooksApi.test(id).then(() => true), 'settings.webhooks.testSent')) refresh();
  };

  const back = (
    <Button component={RouterLink} to="/settings/integrations/webhooks" startIcon={<ArrowBackIcon />} sx={{ alignSelf: 'flex-start' }}>
      {t('log.back')}
    </Button>
  );
  if (endpoints && !endpoint) {
    return (
      <Stack spacing={2}>
        {back}
        <Typography role="alert">{listFailure ? errorText(listFailure) : t('log.notFound')}</Typography>
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      {back}
      {endpoint && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
            <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {t('openLog')} —{' '}
              <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.9em' }}>
                {endpoint.url}
              </Box>
            </Typography>
            {endpoint.description && <Typography color="text.secondary">{endpoint.description}</Typography>}
            <Box sx={{ mt: 0.5 }}>
              <EndpointState endpoint={endpoint} />
            </Box>
          </Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Button variant="outlined" disabled={busy} onClick={() => void sendTest()}>
              {t('test')}
            </Button>
            <EndpointActions
              endpoint={endpoint}
              depositors={depositors}
              onChanged={refresh}
              onRemoved={() => navigate('/settings/integrations/webhooks')}
              withLog={false}
            />
          </Stack>
        </Stack>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          id="webhook-log-status"
          label={t('log.filter')}
          value={status ?? ''}
          onChange={(e) => setQuery(e.target.value ? { status: e.target.value } : {}, { replace: true })}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 200 }}
        >
          <option value="">{t('log.all')}</option>
          {DELIVERY_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`log.statuses.${s}`)}
            </option>
          ))}
        </TextField>
        <Button size="small" onClick={refresh}>
          {t('log.refresh')}
        </Button>
      </Stack>
      {failure !== null && <Typography color="error">{errorText(failure)}</Typography>}
      {log && !log.items.length && <Typography color="text.secondary">{t(status ? 'log.emptyFiltered' : 'log.empty')}</Typography>}
      {log && log.items.length > 0 && <DeliveriesTable endpointId={id} items={log.items} onOpen={setOpened} onRedelivered={reload} />}
      {log?.next && (
        <div>
          <Button variant="outlined" disabled={loadingMore} onClick={loadMore}>
            {t('log.loadMore')}
          </Button>
        </div>
      )}
      {opened && <DeliveryDetailDialog endpointId={id} deliveryId={opened} onClose={() => setOpened(null)} onRedelivered={reload} />}
    </Stack>
  );
}
