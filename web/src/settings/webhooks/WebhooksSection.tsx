import { useState } from 'react';
import {
  Box,
  Button,
  Chip,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { WEBHOOK_RETRY_HOURS, type WebhookEndpointDto, type WebhookSecretDto } from '@portal/contracts';
import { useDateTime } from '../../delivery/ui';
import { useErrorText } from '../../i18n/useErrorText';
import { RowCards, type CardField } from '../../lists/RowCards';
import { EndpointActions } from './EndpointActions';
import { EndpointDialog } from './EndpointDialog';
import { ENDPOINT_STATE_COLORS, endpointState, eventWordKeys, logRoute } from './model';
import { SecretDialog } from './SecretDialog';
import { useEndpoints } from './useEndpoints';

/**
 * Settings > Intégrations > Webhooks (issue 35 item 2): the endpoints of the user's depositors, a table
 * on a laptop and cards on a phone; each opens its delivery log. A new endpoint's secret is shown once.
 */
export default function WebhooksSection() {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`settings.webhooks.${key}`, options);
  const errorText = useErrorText();
  const dateTime = useDateTime();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { endpoints, failure, depositors, reload, codeOf } = useEndpoints();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<WebhookSecretDto | null>(null);

  const fields: CardField<WebhookEndpointDto>[] = [
    {
      key: 'url',
      label: t('columns.url'),
      render: (e) => (
        <Link component={RouterLink} to={logRoute(e.id)} sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          {e.url}
        </Link>
      ),
    },
    { key: 'description', label: t('columns.description'), render: (e) => e.description || '—' },
    { key: 'depositors', label: t('columns.depositors'), render: (e) => e.depositorIds.map(codeOf).join(', ') },
    {
      key: 'events',
      label: t('columns.events'),
      render: (e) =>
        eventWordKeys(e.eventTypes)
          .map((k) => t(k))
          .join(' · '),
    },
    { key: 'state', label: t('columns.state'), render: (e) => <EndpointState endpoint={e} /> },
    { key: 'pending', label: t('columns.pending'), render: (e) => e.pending },
    { key: 'lastDelivery', label: t('columns.lastDelivery'), render: (e) => dateTime(e.lastDeliveryAt) || t('never') },
    {
      key: 'actions',
      label: t('actions', { url: '' }),
      aside: true,
      render: (e) => <EndpointActions endpoint={e} depositors={depositors} onChanged={reload} />,
    },
  ];

  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('intro')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('docs', { hours: WEBHOOK_RETRY_HOURS })}
      </Typography>
      <div>
        <Button variant="contained" onClick={() => setCreating(true)}>
          {t('create')}
        </Button>
      </div>
      {failure !== null && <Typography color="error">{errorText(failure)}</Typography>}
      {endpoints && !endpoints.length && <Typography>{t('none')}</Typography>}
      {endpoints && endpoints.length > 0 && phone && (
        <Box sx={{ mx: -1 }}>
          <RowCards rows={endpoints} fields={fields} label={translate('settings.integrationSections.webhooks')} />
        </Box>
      )}
      {endpoints && endpoints.length > 0 && !phone && (
        <TableContainer>
          <Table size="small" aria-label={translate('settings.integrationSections.webhooks')} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
            <TableHead>
              <TableRow>
                {fields.map((f) => (
                  <TableCell key={f.key} sx={{ fontWeight: 600 }}>
                    {f.aside ? <span className="visually-hidden">{f.label}</span> : f.label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {endpoints.map((e) => (
                <TableRow key={e.id} data-endpoint-id={e.id}>
                  {fields.map((f) => (
                    <TableCell key={f.key} sx={CELL_STYLE[f.key]}>
                      {f.render(e)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {creating && (
        <EndpointDialog
          depositors={depositors}
          onClose={(created) => {
            setCreating(false);
            if (created && 'secret' in created) {
              setSecret(created);
              reload();
            }
          }}
        />
      )}
      {secret && <SecretDialog created={secret} onClose={() => setSecret(null)} />}
    </Stack>
  );
}

/** Columns that keep their width (dates, counts) or wrap within a bound (the address, the events). */
const CELL_STYLE: Record<string, object> = {
  url: { minWidth: 200, maxWidth: 320 },
  events: { minWidth: 180, maxWidth: 320 },
  pending: { textAlign: 'right' },
  lastDelivery: { whiteSpace: 'nowrap' },
  actions: { width: 48, p: 0 },
};

/** Active or disabled, and why when the service stopped it after a day of failures. */
export function EndpointState({ endpoint }: { endpoint: WebhookEndpointDto }) {
  const translate = useTranslate();
  const state = endpointState(endpoint);
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Chip size="small" color={ENDPOINT_STATE_COLORS[state]} label={translate(`settings.webhooks.states.${state}`)} data-state={state} />
      {state === 'failing' && (
        <Typography variant="caption" color="error">
          {translate('settings.webhooks.failingReason')}
        </Typography>
      )}
      {endpoint.previousSecretUntil && new Date(endpoint.previousSecretUntil) > new Date() && (
        <PreviousSecret until={endpoint.previousSecretUntil} />
      )}
    </Stack>
  );
}

function PreviousSecret({ until }: { until: string }) {
  const translate = useTranslate();
  const dateTime = useDateTime();
  return (
    <Typography variant="caption" color="text.secondary">
      {translate('settings.webhooks.previousSecretUntil', { date: dateTime(until) })}
    </Typography>
  );
}
