import { Chip } from '@mui/material';
import { TRACER_ROUTE_STATUS_LABELS, TRACKING_STATUS_LABELS, type TracerRouteStatusCode, type TrackingStatusCode } from '@portal/contracts';
import { useShortLocale } from '../stock/ui';
import { tracerStatusColor, trackingStatusColor } from './statusColors';

/** The §4 label of a tracking status code, in the user's language (the code itself if unknown). */
export function useTrackingStatusLabel() {
  const locale = useShortLocale();
  return (status: number) => TRACKING_STATUS_LABELS[status as TrackingStatusCode]?.[locale] ?? String(status);
}

export function useTracerStatusLabel() {
  const locale = useShortLocale();
  return (status: TracerRouteStatusCode) => TRACER_ROUTE_STATUS_LABELS[status]?.[locale] ?? status;
}

/** Long labels wrap on two lines rather than widen the table. */
const WRAP = { height: 'auto', maxWidth: 150, '& .MuiChip-label': { whiteSpace: 'normal', py: '2px', lineHeight: 1.25 } };

export function TrackingStatusChip({ status }: { status: number }) {
  const label = useTrackingStatusLabel();
  return (
    <span data-status={status}>
      <Chip size="small" variant="outlined" color={trackingStatusColor(status)} label={label(status)} sx={WRAP} />
    </span>
  );
}

export function TracerStatusChip({ status }: { status: TracerRouteStatusCode }) {
  const label = useTracerStatusLabel();
  return (
    <span data-tracer-status={status}>
      <Chip size="small" variant="outlined" color={tracerStatusColor(status)} label={label(status)} sx={WRAP} />
    </span>
  );
}
