import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { BLOCKING_CODE_LABELS, BLOCKING_CODES, hasAnyRole, Role, type BlockingCode, type StockQuantities } from '@portal/contracts';
import { useUser } from '../user/useUser';
import { usePlatforms } from '../tracking/useReferenceData';
import type { Column } from './ui';
import { useNumber, useShortLocale } from './ui';

/** The reference, linked to its item sheet when there is one and the user may open My Items. */
export function ReferenceLink({ reference, itemId }: { reference: string; itemId: number | null }) {
  const translate = useTranslate();
  const user = useUser();
  if (!itemId || !hasAnyRole(user?.roles ?? [], [Role.ITEM_USER])) return <>{reference}</>;
  return (
    <Link component={RouterLink} to={`/item/${itemId}`} title={translate('stock.openItem', { reference })}>
      {reference}
    </Link>
  );
}

export function useBlockingCodes() {
  const locale = useShortLocale();
  const label = (code: BlockingCode | null) => (code ? `${code} – ${BLOCKING_CODE_LABELS[code]?.[locale] ?? ''}` : '');
  return { label, options: BLOCKING_CODES.map((c) => ({ value: c, label: label(c) })) };
}

/** The five quantities of spec §3. */
export function useQuantityColumns<T extends StockQuantities>(): Column<T & { id: string | number }>[] {
  const translate = useTranslate();
  const n = useNumber();
  const keys = ['quantityInStock', 'quantityReserved', 'quantityBlocked', 'quantityAvailable', 'quantityCrossDock'] as const;
  return keys.map((k) => ({ source: k, label: translate(`stock.f.${k}`), numeric: true, render: (row: T) => n(row[k]) }));
}

export function useExpiryOptions() {
  const translate = useTranslate();
  return [
    { value: 'expired', label: translate('stock.expired') },
    { value: 'soon', label: translate('stock.soon') },
  ];
}

/** The platforms as the stock screens show them: the code in the column (its name on hover), code and name in the filter. */
export function usePlatformColumn<T extends { platformId: number }>(): Column<T> & { options: { value: string; label: string }[] } {
  const translate = useTranslate();
  const platforms = usePlatforms();
  const byId = new Map(platforms.map((p) => [p.id, p]));
  return {
    source: 'platformId',
    label: translate('stock.f.platform'),
    render: (r) => {
      const p = byId.get(r.platformId);
      return p ? <span title={p.label}>{p.code}</span> : String(r.platformId);
    },
    options: platforms.map((p) => ({ value: String(p.id), label: `${p.code} – ${p.label}` })),
  };
}
