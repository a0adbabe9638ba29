import type { UserDto } from '@portal/contracts';
import { useUser } from '../user/useUser';

/**
 * The back office's rows shared by every depositor (platforms, new depositors, email templates,
 * announcements) change only for an administrator who reaches every depositor: the server answers
 * 403 permissionDenied to a depositor's own administrator, so their pages show those rows read-only.
 * `fullAdminReach` is computed by auth from the server's one rule (adminReachOf).
 */
export const changesSharedRows = (user: Pick<UserDto, 'fullAdminReach'> | null): boolean => user?.fullAdminReach === true;

export const useChangesSharedRows = (): boolean => changesSharedRows(useUser());

/** A reference list tab offers new rows and changes unless its rows are shared (platforms) and the reach is not full. */
export const referenceTabChanges = (tab: 'platforms' | 'activities' | 'stores', changesShared: boolean): boolean =>
  tab !== 'platforms' || changesShared;
