import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useListController, useNotify, useTranslate } from 'ra-core';
import { Box, Button, IconButton, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { ADDRESS_BOOKS, ADDRESS_TYPES, ADDRESSES_LIST, type AddressBook as Book, type AddressDto } from '@portal/contracts';
import { errorKeyOf } from '../core/api';
import { FilterBar, ListTable, type Column } from '../stock/ui';
import { AddressDialog } from './AddressDialog';
import { hubyApi } from './hubyApi';

/** The shipper and recipient address books (spec §2): search, favourites first, create, edit, delete. */
export default function AddressBook() {
  const translate = useTranslate();
  const notify = useNotify();
  const [book, setBook] = useState<Book>('recipient');
  const [editing, setEditing] = useState<AddressDto | 'new' | null>(null);
  const list = useListController<AddressDto>({
    resource: 'dashtower/addresses',
    storeKey: `huby.addresses.${book}`,
    filter: { book },
    sort: { field: 'name', order: 'ASC' },
    perPage: 25,
  });
  const remove = async (a: AddressDto) => {
    if (!window.confirm(translate('huby.a.confirmDelete'))) return;
    try {
      await hubyApi.deleteAddress(a.uuid);
      notify('huby.a.deleted', { type: 'success' });
      list.refetch();
    } catch (error) {
      notify(`errors.${errorKeyOf(error)}`, { type: 'error' });
    }
  };
  const columns: Column<AddressDto>[] = [
    // The row's actions first, as icons: at 1366 px or with long addresses they never slide off the right edge.
    {
      source: 'actions',
      label: translate('huby.a.actions'),
      sortable: false,
      cardAside: true,
      render: (a) => (
        <Stack direction="row" sx={{ mx: -0.5 }}>
          <IconButton
            size="small"
            onClick={() => setEditing(a)}
            aria-label={`${translate('huby.a.edit')} ${a.company_name ?? a.contact_name ?? ''}`}
          >
            <EditIcon fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            color="error"
            onClick={() => void remove(a)}
            aria-label={`${translate('huby.actions.delete')} ${a.company_name ?? a.contact_name ?? ''}`}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Stack>
      ),
    },
    {
      source: 'name',
      label: translate('huby.a.company_name'),
      render: (a) => `${a.is_favorite ? '★ ' : ''}${a.company_name ?? ''}`,
      wrapAt: 220,
    },
    { source: 'contact_name', label: translate('huby.a.contact_name'), sortable: false, wrapAt: 160 },
    { source: 'code', label: translate('huby.a.code'), sortable: false },
    { source: 'address1', label: translate('huby.a.address1'), sortable: false, wrapAt: 220 },
    { source: 'zip', label: translate('huby.a.zip') },
    { source: 'town', label: translate('huby.a.town'), wrapAt: 140 },
    { source: 'country', label: translate('huby.a.country'), sortable: false },
    { source: 'customer_code', label: translate('huby.a.customer_code'), sortable: false },
    {
      source: 'address_type',
      label: translate('huby.a.address_type'),
      sortable: false,
      render: (a) => translate(`huby.a.type_${a.address_type}`),
    },
    { source: 'phone', label: translate('huby.a.phone'), sortable: false, render: (a) => a.phone ?? a.mobile ?? '' },
  ];
  return (
    <Box aria-labelledby="huby-addresses-title">
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography id="huby-addresses-title" variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {translate('huby.a.books')}
        </Typography>
        <Button variant="contained" onClick={() => setEditing('new')}>
          {translate('huby.a.new')}
        </Button>
        <Button component={RouterLink} to="/dashtower">
          {translate('huby.actions.back')}
        </Button>
      </Stack>
      <Paper variant="outlined" sx={{ mb: 2 }}>
        <Tabs value={book} onChange={(_, b: Book) => setBook(b)} aria-label={translate('huby.a.books')}>
          {ADDRESS_BOOKS.map((b) => (
            <Tab key={b} value={b} label={translate(`huby.a.${b}`)} />
          ))}
        </Tabs>
      </Paper>
      <FilterBar
        key={book}
        list={list}
        declaration={ADDRESSES_LIST}
        fields={[
          { source: 'q', label: translate('huby.a.search'), width: 260 },
          {
            source: 'type',
            label: translate('huby.a.address_type'),
            type: 'select',
            width: 190,
            options: ADDRESS_TYPES.map((t) => ({ value: t, label: translate(`huby.a.type_${t}`) })),
          },
          { source: 'country', label: translate('huby.a.country'), width: 100 },
        ]}
      />
      <ListTable list={list} columns={columns} caption={translate(`huby.a.${book}`)} />
      {editing && (
        <AddressDialog
          book={book}
          address={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.refetch();
          }}
        />
      )}
    </Box>
  );
}
