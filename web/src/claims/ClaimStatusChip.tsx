import { useTranslate } from 'ra-core';
import { Chip, type ChipProps } from '@mui/material';
import { formatClaimDate, type ClaimStatus } from '@portal/contracts';
import { useTimeZone } from '../user/useUser';

const COLOR: Record<ClaimStatus, ChipProps['color']> = { draft: 'default', sent: 'info', processed: 'warning', closed: 'success' };

export function ClaimStatusChip({ status }: { status: ClaimStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant={status === 'draft' ? 'outlined' : 'filled'}
      color={COLOR[status]}
      label={translate(`claims.status.${status}`)}
      data-status={status}
    />
  );
}

/** Spec §3 claim dates: DD/MM/YY HH:mm in the user's time zone. */
export function useClaimDate(): (value: string | null | undefined) => string {
  const timeZone = useTimeZone();
  return (value) => formatClaimDate(value, timeZone);
}
