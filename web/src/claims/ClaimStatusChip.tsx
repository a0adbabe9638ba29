import { type ChipProps } from '@mui/material';
import { formatClaimDate, type ClaimStatus } from '@portal/contracts';
import { StatusChip } from '../lists/StatusChip';
import { useTimeZone } from '../user/useUser';

const COLOR: Record<ClaimStatus, ChipProps['color']> = { draft: 'default', sent: 'info', processed: 'warning', closed: 'success' };

export function ClaimStatusChip({ status }: { status: ClaimStatus }) {
  return <StatusChip status={status} colors={COLOR} i18nPrefix="claims.status" />;
}

/** Claim dates: DD/MM/YYYY HH:mm in the user's time zone (formatClaimDate). */
export function useClaimDate(): (value: string | null | undefined) => string {
  const timeZone = useTimeZone();
  return (value) => formatClaimDate(value, timeZone);
}
