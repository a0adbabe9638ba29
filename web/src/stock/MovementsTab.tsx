import { useMemo } from 'react';
import { useListController, useTranslate } from 'ra-core';
import { stockEmptyKey } from './emptyState';
import { Stack } from '@mui/material';
import { RangeSelect } from '../dates/RangeSelect';
import {
  MOVEMENT_TYPE_LABELS,
  MOVEMENT_TYPES,
  MOVEMENTS_LIST,
  formatDate,
  todayIn,
  type MovementDto,
  matchRange,
  rangeOf,
} from '@portal/contracts';
import { BestBefore, ExportButtons, FilterBar, ListTable, useNumber, useShortLocale, useTimeZone, type Column } from './ui';
import { useBlockingCodes, usePlatformColumn } from './columns';

/** Tab Movements: by period (spec §9 ranges), type, lot and reference. */
export default function MovementsTab() {
  const translate = useTranslate();
  const locale = useShortLocale();
  const timeZone = useTimeZone();
  const n = useNumber();
  const codes = useBlockingCodes();
  const today = todayIn(timeZone);
  const defaults = useMemo(() => {
    const [dateFrom, dateTo] = rangeOf('rolling30', today);
    return { dateFrom, dateTo };
  }, [today]);
  const list = useListController<MovementDto>({
    resource: 'movements',
    storeKey: 'stock.movements',
    sort: { field: 'movedAt', order: 'DESC' },
    filterDefaultValues: defaults,
    perPage: 25,
  });
  const rows = list.data ?? [];
  const platform = usePlatformColumn<MovementDto>();
  const details = rows.some((r) => r.details);
  const columns: Column<MovementDto>[] = [
    { source: 'movedAt', label: translate('stock.f.date'), render: (r) => formatDate(r.movedAt, timeZone, true) },
    { source: 'depositorCode', label: translate('stock.f.depositor') },
    platform,
    { source: 'reference', label: translate('stock.f.reference') },
    { source: 'type', label: translate('stock.f.type'), wrapAt: 130, render: (r) => MOVEMENT_TYPE_LABELS[r.type]?.[locale] ?? r.type },
    { source: 'quantity', label: translate('stock.f.quantity'), numeric: true, render: (r) => n(r.quantity) },
    { source: 'lot', label: translate('stock.f.lot') },
    {
      source: 'bestBefore',
      label: translate('stock.f.bestBefore'),
      sortable: false,
      render: (r) => <BestBefore day={r.bestBefore} expiry={null} />,
    },
    {
      source: 'blockingCode',
      label: translate('stock.f.blockingCode'),
      sortable: false,
      wrapAt: 120,
      render: (r) => codes.label(r.blockingCode),
    },
    ...(details
      ? (['movementReference', 'storeCode', 'pallet'] as const).map((k) => ({
          source: `details.${k}`,
          label: translate(`stock.f.${k}`),
          sortable: false,
          render: (r: MovementDto) => r.details?.[k] ?? '',
        }))
      : []),
  ];
  return (
    <>
      <FilterBar
        list={list}
        declaration={MOVEMENTS_LIST}
        defaults={defaults}
        fields={[
          { source: 'dateFrom', label: translate('stock.f.from'), type: 'date' },
          { source: 'dateTo', label: translate('stock.f.to'), type: 'date' },
          {
            source: 'type',
            label: translate('stock.f.type'),
            type: 'select',
            options: MOVEMENT_TYPES.map((t) => ({ value: t, label: MOVEMENT_TYPE_LABELS[t][locale] })),
            width: 200,
          },
          { source: 'lot', label: translate('stock.f.lot'), width: 140 },
          { source: 'reference', label: translate('stock.f.reference') },
          { source: 'platform', label: translate('stock.f.platform'), type: 'select', options: platform.options, width: 200 },
        ]}
      >
        {({ draft, apply }) => (
          <RangeSelect
            id="filter-range"
            label={translate('stock.f.range')}
            value={matchRange(draft.dateFrom, draft.dateTo, today)}
            onChange={(range) => {
              const [dateFrom, dateTo] = range ? rangeOf(range, today) : [draft.dateFrom, draft.dateTo];
              apply({ dateFrom, dateTo });
            }}
            base={210}
          />
        )}
      </FilterBar>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 1 }}>
        <ExportButtons path="/movements/export" filter={list.filterValues} sort={list.sort} />
      </Stack>
      <ListTable
        hiddenPreference="movementsHiddenColumns"
        list={list}
        columns={columns}
        caption={translate('stock.tabs.movements')}
        emptyText={translate(stockEmptyKey('movements', list.filterValues))}
      />
    </>
  );
}
