import { lazy } from 'react';
import { useLocation } from 'react-router-dom';

const DeliveryDetail = lazy(() => import('../delivery/DeliveryDetail'));

/** The delivery detail of a list row; "back" returns to the search the row was opened from. */
export function DetailRoute({ listPath }: { listPath: string }) {
  const { state } = useLocation();
  const search = typeof (state as { search?: unknown } | null)?.search === 'string' ? (state as { search: string }).search : '';
  return <DeliveryDetail backTo={`${listPath}${search}`} />;
}
