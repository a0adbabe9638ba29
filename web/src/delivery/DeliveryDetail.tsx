import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useNotify, useTranslate } from 'ra-core';
import { hasAnyRole, Role, TRACER_ROUTE_STATUS_LABELS, TrackingStatus, type OrderDetailDto } from '@portal/contracts';
import { api, ApiError } from '../core/api';
import { Loading } from '../layout/Loading';
import { useShortLocale } from '../stock/ui';
import { useUser } from '../user/useUser';
import { ClassifyDialog } from './ClassifyDialog';
import { Documents } from './Documents';
import { allowedClassifications, deliveryRights } from './model';
import { useBackToList, type FromListState } from './navigation';
import { PublicTrackingLink } from './PublicTrackingLink';
import {
  DatesSection,
  PackagingSection,
  ParcelsSection,
  PartiesSection,
  ProductsSection,
  TransportSection,
  useStatusLabel,
} from './Sections';
import { AlertsSection, TimelineSection } from './Timeline';
import { ConfirmDialog, Facts } from './ui';
import { useErrorText } from '../i18n/useErrorText';

type Loaded = { state: 'loading' } | { state: 'ready'; order: OrderDetailDto } | { state: 'failed'; error: unknown };

/** GET /api/orders/:id, again on `reload()` (the page keeps showing the previous answer meanwhile). */
function useDelivery(id: string | undefined) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let current = true;
    api<OrderDetailDto>(`/orders/${encodeURIComponent(id ?? '')}`)
      .then((order) => current && setLoaded({ state: 'ready', order }))
      .catch((error: unknown) => current && setLoaded({ state: 'failed', error }));
    return () => {
      current = false;
    };
  }, [id, version]);
  return { loaded, reload: useCallback(() => setVersion((v) => v + 1), []) };
}

const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.key === 'deliveryNotFound' || error.key === 'validationFailed');

/**
 * Delivery detail (spec §2) of the order in the route's `:id`, shared by /pgt/:id, /tracerroute/:id
 * and /serialtracker/:id. `backTo` is the list the user came from.
 */
export default function DeliveryDetail({ backTo }: { backTo: string }) {
  const translate = useTranslate();
  const errorText = useErrorText();
  const { id } = useParams();
  const { loaded, reload } = useDelivery(id);
  // The list a link came from knows the reference; a typed or bookmarked address only has the internal id, never shown.
  const reference = (useLocation().state as FromListState | null)?.reference;
  const back = useBackToList(backTo);
  const backLink = (
    <Button component={RouterLink} to={back.href} onClick={back.onClick} startIcon={<ArrowBackIcon />} sx={{ alignSelf: 'flex-start' }}>
      {translate('delivery.back')}
    </Button>
  );
  if (loaded.state === 'loading') return <Loading />;
  if (loaded.state === 'failed') {
    const notFound = isNotFound(loaded.error);
    return (
      <Stack
        spacing={2}
        component="section"
        aria-labelledby="delivery-error-title"
        data-testid={notFound ? 'delivery-not-found' : 'delivery-error'}
      >
        {backLink}
        <Alert severity={notFound ? 'warning' : 'error'} variant="outlined">
          <Typography id="delivery-error-title" variant="h6" component="h1">
            {notFound ? translate('errors.deliveryNotFound') : errorText(loaded.error)}
          </Typography>
          {notFound && (
            <Typography>
              {typeof reference === 'string' && reference
                ? translate('delivery.notFoundText', { reference })
                : translate('delivery.notFoundNoReference')}
            </Typography>
          )}
        </Alert>
        {!notFound && (
          <Button variant="outlined" onClick={reload} sx={{ alignSelf: 'flex-start' }}>
            {translate('delivery.retry')}
          </Button>
        )}
      </Stack>
    );
  }
  return <DeliveryView order={loaded.order} backLink={backLink} reload={reload} leave={back.leave} />;
}

function statusColor(status: number): 'success' | 'error' | 'default' | 'info' {
  if (status === TrackingStatus.Delivered) return 'success';
  if ([96, 97, 98, 106].includes(status)) return 'error';
  if (status === TrackingStatus.Canceled) return 'default';
  return 'info';
}

function DeliveryView({
  order,
  backLink,
  reload,
  leave,
}: {
  order: OrderDetailDto;
  backLink: ReactNode;
  reload: () => void;
  leave: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const locale = useShortLocale();
  const errorText = useErrorText();
  const statusLabel = useStatusLabel();
  const rights = deliveryRights(useUser()?.roles ?? []);
  const [classifying, setClassifying] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const classifiable = rights.classify && allowedClassifications(order.status).length > 0;
  // Spec §2: a claim on this delivery, the creation flow pre-filled with it (claim right USER_CLAIM_CREATE).
  const canClaim = hasAnyRole(useUser()?.roles ?? [], [Role.USER_CLAIM_CREATE]);

  const deleteLine = async () => {
    try {
      await api(`/orders/${order.id}`, { method: 'DELETE' });
      notify('delivery.lineDeleted', { type: 'success', messageArgs: { reference: order.reference } });
      setDeleting(false);
      leave();
    } catch (error) {
      notify(errorText(error), { type: 'error' });
      setDeleting(false);
    }
  };

  return (
    <Stack spacing={2} component="article" aria-labelledby="delivery-title" data-order-id={order.id}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {backLink}
        <Box sx={{ flex: 1 }} />
        {classifiable && (
          <Button variant="contained" onClick={() => setClassifying(true)}>
            {translate('delivery.classify.open')}
          </Button>
        )}
        {canClaim && (
          <Button
            variant="outlined"
            component={RouterLink}
            to={`/claim/new?${new URLSearchParams({ number: order.reference, order_id: String(order.id) })}`}
            data-create-claim
          >
            {translate('claims.actions.createFromDelivery')}
          </Button>
        )}
        {rights.deleteLine && (
          <Button variant="outlined" color="error" onClick={() => setDeleting(true)}>
            {translate('delivery.deleteLine')}
          </Button>
        )}
      </Stack>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id="delivery-title" variant="h4" component="h1">
          {translate('delivery.title', { reference: order.reference })}
        </Typography>
        <Chip
          color={statusColor(order.status)}
          variant="outlined"
          label={translate('delivery.statusIs', { status: statusLabel(order.status) })}
          data-testid="delivery-status"
        />
        <Chip
          variant="outlined"
          label={translate('delivery.tracerStatusIs', {
            status: TRACER_ROUTE_STATUS_LABELS[order.tracerStatus]?.[locale] ?? order.tracerStatus,
          })}
          data-testid="delivery-tracer-status"
        />
      </Stack>
      <Box sx={{ maxWidth: 900 }}>
        <Facts
          rows={[
            [translate('delivery.f.orderReference'), order.orderReference],
            [translate('delivery.f.customerReference'), order.customerReference],
            [translate('delivery.f.slipNumber'), order.slipNumber],
            [translate('delivery.f.depositor'), order.depositorCode],
            [translate('publicTracking.link'), <PublicTrackingLink key="public-tracking" token={order.publicToken} />],
          ]}
        />
      </Box>
      <AlertsSection order={order} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        <TransportSection order={order} />
        <PartiesSection order={order} />
        <DatesSection order={order} />
      </Box>
      <ProductsSection order={order} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr)' } }}>
        <ParcelsSection order={order} />
        <PackagingSection order={order} />
      </Box>
      <Documents order={order} onChanged={reload} />
      <TimelineSection order={order} />
      {classifying && (
        <ClassifyDialog
          order={order}
          onClose={() => setClassifying(false)}
          onDone={() => {
            setClassifying(false);
            notify('delivery.classify.done', { type: 'success' });
            reload();
          }}
        />
      )}
      <ConfirmDialog
        open={deleting}
        title={translate('delivery.deleteLine')}
        text={translate('delivery.deleteLineConfirm', { reference: order.reference })}
        confirmLabel={translate('delivery.delete')}
        onConfirm={deleteLine}
        onClose={() => setDeleting(false)}
      />
    </Stack>
  );
}
