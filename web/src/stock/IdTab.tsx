import { useListController, useTranslate } from 'ra-core';
import { stockEmptyKey } from './emptyState';
import { Stack } from '@mui/material';
import { STOCK_BY_REFERENCE_LIST, type StockByReferenceDto } from '@portal/contracts';
import { BestBefore, ExportButtons, FilterBar, ListTable, useNumber, type Column } from './ui';
import { ReferenceLink, useExpiryOptions, useQuantityColumns } from './columns';

const VIEW = { view: 'reference' };

/** Tab Id: stock by reference, totals over platforms and lots. */
export default function IdTab() {
  const translate = useTranslate();
  const n = useNumber();
  const list = useListController<StockByReferenceDto>({
    resource: 'stock',
    storeKey: 'stock.byReference',
    filter: VIEW,
    sort: { field: 'reference', order: 'ASC' },
    perPage: 25,
  });
  const quantities = useQuantityColumns<StockByReferenceDto>();
  const revenue = (list.data ?? []).some((r) => 'stockValue' in r);
  const columns: Column<StockByReferenceDto>[] = [
    { source: 'depositorCode', label: translate('stock.f.depositor') },
    {
      source: 'reference',
      label: translate('stock.f.reference'),
      render: (r) => <ReferenceLink reference={r.reference} itemId={r.itemId} />,
    },
    { source: 'label', label: translate('stock.f.label'), sortable: false, wrapAt: 140 },
    { source: 'family', label: translate('stock.f.family') },
    { source: 'platformCount', label: translate('stock.f.platforms'), numeric: true },
    {
      source: 'bestBefore',
      label: translate('stock.f.bestBefore'),
      wrapAt: 100,
      render: (r) => <BestBefore day={r.bestBefore} expiry={r.expiry} />,
    },
    ...quantities,
    ...(revenue
      ? [
          {
            source: 'stockValue',
            label: translate('stock.f.stockValue'),
            numeric: true,
            render: (r: StockByReferenceDto) => n(r.stockValue, 2),
          },
        ]
      : []),
  ];
  return (
    <>
      <FilterBar
        list={list}
        declaration={STOCK_BY_REFERENCE_LIST}
        fields={[
          { source: 'reference', label: translate('stock.f.reference') },
          { source: 'barcode', label: translate('stock.f.barcode') },
          { source: 'family', label: translate('stock.f.family') },
          { source: 'expiry', label: translate('stock.f.expiry'), type: 'select', options: useExpiryOptions() },
        ]}
      />
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 1 }}>
        <ExportButtons path="/stock/export" filter={{ ...list.filterValues, ...VIEW }} sort={list.sort} />
      </Stack>
      <ListTable
        hiddenPreference="stockIdHiddenColumns"
        list={list}
        columns={columns}
        caption={translate('stock.tabs.id')}
        emptyText={translate(stockEmptyKey('byReference', list.filterValues))}
      />
    </>
  );
}
