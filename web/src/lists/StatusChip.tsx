import { useTranslate } from 'ra-core';
import { Chip, type ChipProps } from '@mui/material';

/**
 * The status of a row as a small chip: `<i18nPrefix>.<status>` in the user's language, the colour of
 * its status, a draft outlined (Loop orders, claims…).
 */
export function StatusChip<S extends string>({
  status,
  colors,
  i18nPrefix,
}: {
  status: S;
  colors: Record<S, ChipProps['color']>;
  i18nPrefix: string;
}) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant={status === 'draft' ? 'outlined' : 'filled'}
      color={colors[status]}
      label={translate(`${i18nPrefix}.${status}`)}
      data-status={status}
    />
  );
}
