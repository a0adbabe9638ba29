import { hasAnyRole, Role, type ActivityDto, type StoreDto, type TourDto, type TrackingCarrierDto } from '@portal/contracts';
import { api } from '../core/api';
import { useLoaded } from '../tracking/useReferenceData';
import { useUser } from '../user/useUser';

/** A code the user may pick, with the words beside it. */
export interface CodeOption {
  code: string;
  label: string;
  /** The depositor it belongs to, when it belongs to one. */
  depositorId?: number;
}

const NONE: CodeOption[] = [];
/** Roles that read the carriers' list (GET /api/carriers) and the transport plan (GET /api/dashtower/tours). */
const CARRIER_READERS = [Role.PGT_USER, Role.TRACERROUTE_USER, Role.SERIAL_USER, Role.ADMIN_CARRIER];
const TOUR_READERS = [Role.DASHTOWER_USER];

/**
 * The codes the alert form offers for its criteria: the user's activities and stores (their
 * filters), the carriers and the tours of their depositors when their rights read them; any code
 * may still be typed.
 */
export function useCodeOptions(): { activities: CodeOption[]; stores: CodeOption[]; carriers: CodeOption[]; tours: CodeOption[] } {
  const user = useUser();
  const roles = user?.roles ?? [];
  const scope = user ? `${user.uuid}:${user.filters.depositors.join(',')}` : null;
  const activities = useLoaded(
    scope && `alerts.activities:${scope}`,
    async () => (await api<ActivityDto[]>('/activities')).map((a) => ({ code: a.code, label: a.label, depositorId: a.depositorId })),
    NONE,
  );
  const stores = useLoaded(
    scope && `alerts.stores:${scope}`,
    async () => (await api<StoreDto[]>('/stores')).map((s) => ({ code: s.code, label: s.label, depositorId: s.depositorId })),
    NONE,
  );
  const carriers = useLoaded(
    scope && hasAnyRole(roles, CARRIER_READERS) ? 'alerts.carriers' : null,
    async () => (await api<TrackingCarrierDto[]>('/carriers')).map((c) => ({ code: c.code, label: c.name })),
    NONE,
  );
  const tours = useLoaded(
    scope && hasAnyRole(roles, TOUR_READERS) ? `alerts.tours:${scope}` : null,
    async () =>
      (await api<TourDto[]>('/dashtower/tours')).map((t) => ({ code: t.code, label: t.carrier.name, depositorId: t.depositor_id })),
    NONE,
  );
  return { activities, stores, carriers, tours };
}
