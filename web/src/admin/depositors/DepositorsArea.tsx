import { Navigate, Route, Routes, Link as RouterLink, useParams } from 'react-router-dom';
import { useListController, useTranslate } from 'ra-core';
import { Box, Button, Link } from '@mui/material';
import { depositorInput, ADMIN_DEPOSITORS_LIST, type AdminDepositorDto } from '@portal/contracts';
import { FilterBar, ListTable, type Column } from '../../stock/ui';
import { AreaTitle, RecordForm, type FieldSpec } from '../reference/kit';
import { orNull } from '../reference/model';
import { useChangesSharedRows } from '../reach';
import { ADMIN_ROUTES } from '../../routes';

const BASE = '/admin/depositors';

/**
 * Depositors (ADMIN_DEPOSITOR, spec §3): the list, a new one, an edit; the code is unique (depositorCodeAlreadyExists).
 * A new depositor is for an administrator who reaches every depositor; a depositor's own administrator edits theirs.
 */
export default function DepositorsArea() {
  return (
    <Routes>
      <Route index element={<DepositorList />} />
      <Route path={ADMIN_ROUTES.depositors.new} element={<DepositorForm />} />
      <Route path={ADMIN_ROUTES.depositors.depositor} element={<DepositorForm />} />
      <Route path="*" element={<Navigate to={BASE} replace />} />
    </Routes>
  );
}

function DepositorList() {
  const translate = useTranslate();
  const createsDepositors = useChangesSharedRows();
  const list = useListController<AdminDepositorDto>({
    resource: ADMIN_DEPOSITORS_LIST.resource,
    storeKey: 'admin.depositors',
    sort: { field: 'code', order: 'ASC' },
    perPage: 25,
  });
  const f = (key: string) => translate(`adminRef.depositors.f.${key}`);
  const columns: Column<AdminDepositorDto>[] = [
    {
      source: 'code',
      label: f('code'),
      render: (d) => (
        <Link component={RouterLink} to={`${BASE}/${d.id}`} data-depositor={d.code}>
          {d.code}
        </Link>
      ),
    },
    { source: 'label', label: f('label'), wrapAt: 320 },
    { source: 'action_delay_on_address', label: f('action_delay_on_address'), sortable: false, numeric: true },
    { source: 'activities', label: f('activities'), sortable: false, numeric: true },
    { source: 'stores', label: f('stores'), sortable: false, numeric: true },
  ];
  return (
    <Box component="section" aria-labelledby="depositors-title">
      <AreaTitle id="depositors-title" title={translate('adminRef.areas.depositors.title')}>
        {createsDepositors && (
          <Button variant="contained" component={RouterLink} to={`${BASE}/new`}>
            {translate('adminRef.depositors.new')}
          </Button>
        )}
      </AreaTitle>
      <FilterBar
        list={list}
        declaration={ADMIN_DEPOSITORS_LIST}
        fields={[{ source: 'q', label: translate('adminRef.common.search'), width: 280 }]}
      />
      <ListTable
        list={list}
        columns={columns}
        caption={translate('adminRef.areas.depositors.title')}
        emptyText={translate('adminRef.common.empty')}
      />
    </Box>
  );
}

function DepositorForm() {
  const translate = useTranslate();
  const { id } = useParams();
  const createsDepositors = useChangesSharedRows();
  const f = (key: string) => translate(`adminRef.depositors.f.${key}`);
  const fields: FieldSpec[] = [
    { source: 'code', label: f('code'), required: true, upper: true, helperText: translate('adminRef.depositors.codeHelp') },
    { source: 'label', label: f('label'), required: true, width: 480 },
    {
      source: 'action_delay_on_address',
      label: f('action_delay_on_address'),
      type: 'integer',
      helperText: translate('adminRef.depositors.delayHelp'),
    },
  ];
  return (
    <RecordForm
      resource={ADMIN_DEPOSITORS_LIST.resource}
      schema={depositorInput}
      id={id}
      title={(r) => (r ? translate('adminRef.depositors.edit', { code: String(r.code) }) : translate('adminRef.depositors.new'))}
      fields={fields}
      defaults={{ code: '', label: '', action_delay_on_address: '' }}
      toBody={(v) => ({ code: v.code, label: v.label, action_delay_on_address: orNull(v.action_delay_on_address) })}
      backTo={BASE}
      readOnly={!id && !createsDepositors}
    />
  );
}
