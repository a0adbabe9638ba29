import { useListController, useTranslate } from 'ra-core';
import { stockEmptyKey } from './emptyState';
import { Chip, Stack } from '@mui/material';
import { STOCK_LINES_LIST, type StockLineDto } from '@portal/contracts';
import { BestBefore, ExportButtons, FilterBar, ListTable, useNumber, type Column } from './ui';
import { ReferenceLink, useBlockingCodes, useExpiryOptions, useQuantityColumns, usePlatformColumn } from './columns';

/** Tab Stock: one row per platform, reference, lot, best-before date and blocking code. */
export default function StockTab() {
  const translate = useTranslate();
  const n = useNumber();
  const list = useListController<StockLineDto>({
    resource: 'stock',
    storeKey: 'stock.lines',
    sort: { field: 'reference', order: 'ASC' },
    perPage: 25,
  });
  const codes = useBlockingCodes();
  const quantities = useQuantityColumns<StockLineDto>();
  const rows = list.data ?? [];
  const platform = usePlatformColumn<StockLineDto>();
  const revenue = rows.some((r) => 'unitPrice' in r || 'stockValue' in r);
  const columns: Column<StockLineDto>[] = [
    { source: 'depositorCode', label: translate('stock.f.depositor') },
    platform,
    {
      source: 'reference',
      label: translate('stock.f.reference'),
      render: (r) => <ReferenceLink reference={r.reference} itemId={r.itemId} />,
    },
    // Narrow enough that a revenue user's two price columns still fit 1366 px.
    { source: 'label', label: translate('stock.f.label'), sortable: false, wrapAt: 100 },
    { source: 'lot', label: translate('stock.f.lot') },
    {
      source: 'bestBefore',
      label: translate('stock.f.bestBefore'),
      wrapAt: 100,
      render: (r) => <BestBefore day={r.bestBefore} expiry={r.expiry} />,
    },
    { source: 'blockingCode', label: translate('stock.f.blockingCode'), wrapAt: 96, render: (r) => codes.label(r.blockingCode) },
    ...quantities,
    ...(revenue
      ? [
          { source: 'unitPrice', label: translate('stock.f.unitPrice'), numeric: true, render: (r: StockLineDto) => n(r.unitPrice, 2) },
          { source: 'stockValue', label: translate('stock.f.stockValue'), numeric: true, render: (r: StockLineDto) => n(r.stockValue, 2) },
        ]
      : []),
  ];
  const itemId = list.filterValues?.itemId as number | string | undefined;
  return (
    <>
      <FilterBar
        list={list}
        declaration={STOCK_LINES_LIST}
        fields={[
          { source: 'reference', label: translate('stock.f.reference') },
          { source: 'barcode', label: translate('stock.f.barcode') },
          { source: 'platform', label: translate('stock.f.platform'), type: 'select', options: platform.options, width: 200 },
          { source: 'lot', label: translate('stock.f.lot'), width: 140 },
          { source: 'blockingCode', label: translate('stock.f.blockingCode'), type: 'select', options: codes.options, width: 230 },
          { source: 'expiry', label: translate('stock.f.expiry'), type: 'select', options: useExpiryOptions() },
        ]}
      />
      <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 1 }}>
        <span>
          {itemId && (
            <Chip
              label={translate('stock.itemFilter', { id: itemId })}
              onDelete={() => {
                const { itemId: _drop, ...rest } = list.filterValues;
                list.setFilters(rest, undefined, false);
              }}
            />
          )}
        </span>
        <ExportButtons path="/stock/export" filter={list.filterValues} sort={list.sort} />
      </Stack>
      <ListTable
        hiddenPreference="stockLinesHiddenColumns"
        list={list}
        columns={columns}
        caption={translate('stock.tabs.stock')}
        emptyText={translate(stockEmptyKey('lines', list.filterValues))}
      />
    </>
  );
}
