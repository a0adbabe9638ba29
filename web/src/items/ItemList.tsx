import { useListController, useTranslate } from 'ra-core';
import { Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { ITEMS_LIST, type ItemDto } from '@portal/contracts';
import { FilterBar, ListTable, type Column } from '../stock/ui';

/** Item search: reference, barcode, family, new product, hazardous. */
export default function ItemList() {
  const translate = useTranslate();
  const list = useListController<ItemDto>({
    resource: 'items',
    storeKey: 'items.list',
    sort: { field: 'reference', order: 'ASC' },
    perPage: 25,
  });
  const yesNo = [
    { value: 'true', label: translate('common.yes') },
    { value: 'false', label: translate('common.no') },
  ];
  const flag = (v: boolean) => (v ? translate('common.yes') : translate('common.no'));
  const columns: Column<ItemDto>[] = [
    {
      source: 'reference',
      label: translate('stock.f.reference'),
      render: (r) => (
        <Link component={RouterLink} to={`/item/${r.id}`}>
          {r.reference}
        </Link>
      ),
    },
    { source: 'label', label: translate('stock.f.label') },
    { source: 'barcode', label: translate('stock.f.barcode') },
    { source: 'depositorCode', label: translate('stock.f.depositor') },
    { source: 'family1', label: translate('items.family1') },
    { source: 'family2', label: translate('items.family2') },
    { source: 'newProduct', label: translate('items.newProduct'), render: (r) => flag(r.newProduct) },
    { source: 'unCode', label: translate('items.hazardous'), render: (r) => (r.hazardous ? `UN ${r.unCode ?? ''}` : flag(false)) },
  ];
  return (
    <>
      <Typography id="items-title" variant="h4" component="h1" gutterBottom>
        {translate('apps.item')}
      </Typography>
      <FilterBar
        list={list}
        declaration={ITEMS_LIST}
        fields={[
          { source: 'reference', label: translate('stock.f.reference') },
          { source: 'barcode', label: translate('stock.f.barcode') },
          { source: 'family', label: translate('stock.f.family') },
          { source: 'newProduct', label: translate('items.newProduct'), type: 'select', options: yesNo, width: 150 },
          { source: 'hazardous', label: translate('items.hazardous'), type: 'select', options: yesNo, width: 150 },
        ]}
      />
      <ListTable list={list} columns={columns} caption={translate('apps.item')} />
    </>
  );
}
