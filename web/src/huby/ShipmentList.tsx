import { Link as RouterLink } from 'react-router-dom';
import { useListController, useNotify, useTranslate } from 'ra-core';
import { Box, Button, Checkbox, Link, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import {
  HUBY_LABEL_LIMITS,
  HubyStatus,
  formatDay,
  hasAnyRole,
  HUBY_TAB_NAMES,
  LiveEventNames,
  Role,
  SHIPMENTS_LIST,
  type HubyTab,
  type ShipmentSummaryDto,
} from '@portal/contracts';
import { useUser } from '../user/useUser';
import { useLiveRefresh } from '../core/liveHooks';
import { errorKeyOf } from '../core/api';
import { CreatedCell } from '../core/Created';
import { usePersistedTab } from '../preferences/usePreference';
import { FilterBar, ListTable, useNumber, type Column } from '../stock/ui';
import { MoreActions } from '../lists/MoreActions';
import { PickupDialog } from './PickupDialog';
import { StatusChip } from './StatusChip';
import { useEffect, useState } from 'react';
import { alertParams, ApiError } from '../core/api';
import { AutoPrintControl, usePrinting } from './printing/AutoPrint';
import { labelsApi } from './printing/labelsApi';

/**
 * The Huby shipment list (spec §2): tabs waiting, ready to go, sent, canceled; the last tab is kept
 * per user (preference hubyReadyToGoTab, default tab-ready) so it follows them to another computer.
 */
export default function ShipmentList() {
  const translate = useTranslate();
  const notify = useNotify();
  const number = useNumber();
  const [tab, saveTab] = usePersistedTab('hubyReadyToGoTab', HUBY_TAB_NAMES, 'ready');
  const [pickup, setPickup] = useState(false);
  const user = useUser();
  const roles = user?.roles ?? [];
  const canCreate = hasAnyRole(roles, [Role.USER_CREATE_HUBY_ORDER]);
  const canImport = hasAnyRole(roles, [Role.USER_IMPORT_HUBY, Role.USER_IMPORT_ALL]);
  const canLoop = hasAnyRole(roles, [Role.USER_CREATE_LOOP_ORDER]);
  const list = useListController<ShipmentSummaryDto>({
    resource: 'dashtower/orders',
    storeKey: 'huby.shipments',
    filter: { tab },
    sort: { field: 'createdAt', order: 'DESC' },
    perPage: 25,
  });
  const printing = usePrinting();
  const [selected, setSelected] = useState<string[]>([]);
  const [printingNow, setPrintingNow] = useState(false);
  const refetch = list.refetch;
  // Shipments printed (here or by the auto-print job): the tab reloads and the selection empties.
  useEffect(() => {
    if (!printing?.refreshKey) return;
    setSelected([]);
    void refetch();
  }, [printing?.refreshKey, refetch]);
  // A shipment's labels arrived (or it was canceled) elsewhere: the tab is read again, rows kept meanwhile.
  useLiveRefresh([LiveEventNames.shipment], () => void refetch());
  const printable = (r: ShipmentSummaryDto) => r.status === HubyStatus.LabelsReceived || r.status === HubyStatus.LabelsPrinted;
  const toggle = (uuid: string) => setSelected((s) => (s.includes(uuid) ? s.filter((u) => u !== uuid) : [...s, uuid]));
  const printSelected = async () => {
    setPrintingNow(true);
    try {
      const request = { uuids: selected };
      printing?.show(await labelsApi.labels(request, user?.etiquette_format ?? 'PDF'), request);
    } catch (error) {
      notify(`errors.${errorKeyOf(error)}`, { type: 'error', messageArgs: error instanceof ApiError ? alertParams(error.params) : {} });
    } finally {
      setPrintingNow(false);
    }
  };
  const columns: Column<ShipmentSummaryDto>[] = [
    {
      source: 'select',
      label: translate('huby.labels.select'),
      sortable: false,
      cardAside: true,
      render: (r) => (
        <Checkbox
          size="small"
          checked={selected.includes(r.uuid)}
          disabled={!printable(r) || (!selected.includes(r.uuid) && selected.length >= HUBY_LABEL_LIMITS.maxShipments)}
          onChange={() => toggle(r.uuid)}
          slotProps={{ input: { 'aria-label': translate('huby.labels.selectOne', { reference: r.reference }) } }}
        />
      ),
    },
    {
      source: 'reference',
      label: translate('huby.f.reference'),
      render: (r) => (
        <Link component={RouterLink} to={`/dashtower/${r.uuid}`}>
          {r.reference}
        </Link>
      ),
    },
    { source: 'status', label: translate('huby.f.status'), render: (r) => <StatusChip status={r.status} /> },
    { source: 'order_number', label: translate('huby.f.order_number'), sortable: false },
    {
      source: 'recipient_name',
      label: translate('huby.f.recipient'),
      sortable: false,
      render: (r) => `${r.recipient_name} – ${r.recipient_zip} ${r.recipient_town} (${r.recipient_country})`,
      // The longest cell wraps: twelve columns fit 1366 px with the reference and the actions in sight.
      wrapAt: 200,
    },
    { source: 'carrier_code', label: translate('huby.f.carrier_code'), sortable: false },
    { source: 'tour_code', label: translate('huby.f.tour_code'), sortable: false },
    { source: 'shippingDate', label: translate('huby.f.date_shipment_desired'), render: (r) => formatDay(r.date_shipment_desired) },
    { source: 'package_count', label: translate('huby.f.package_count'), numeric: true, sortable: false },
    {
      source: 'total_weight_kg',
      label: translate('huby.f.total_weight_kg'),
      numeric: true,
      sortable: false,
      render: (r) => number(r.total_weight_kg, 1),
    },
    { source: 'depositor_code', label: translate('huby.f.depositor'), sortable: false },
    // Day and time on two lines when the row is short of room; who made it (a user, or an API key) below.
    {
      source: 'createdAt',
      label: translate('huby.f.created_at'),
      render: (r) => <CreatedCell at={r.created_at} by={r.created_by} />,
      wrapAt: 100,
    },
  ];
  const choose = (next: HubyTab) => {
    saveTab(next);
    list.setPage(1);
    setSelected([]);
  };
  return (
    <Box aria-labelledby="huby-title" component="div">
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography id="huby-title" variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {translate('huby.title')}
        </Typography>
        {canCreate && (
          <Button variant="contained" component={RouterLink} to="/dashtower/new">
            {translate('huby.actions.new')}
          </Button>
        )}
        <MoreActions
          actions={[
            { key: 'addresses', label: translate('huby.actions.addresses'), to: '/dashtower/addresses' },
            ...(canCreate ? [{ key: 'pickup', label: translate('huby.pickup.button'), onClick: () => setPickup(true) }] : []),
            { key: 'tours', label: translate('huby.tours.title'), to: '/dashtower/tours' },
            ...(canLoop ? [{ key: 'loop', label: translate('loop.title'), to: '/dashtower/loop' }] : []),
            ...(canImport ? [{ key: 'import', label: translate('huby.import.button'), to: '/dashtower/import' }] : []),
          ]}
        />
      </Stack>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Button variant="contained" disabled={!selected.length || printingNow} onClick={() => void printSelected()}>
          {translate('huby.labels.printSelected', { count: selected.length, max: HUBY_LABEL_LIMITS.maxShipments })}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <AutoPrintControl />
      </Stack>
      <Paper variant="outlined" sx={{ mb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_, value: HubyTab) => choose(value)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={translate('huby.title')}
        >
          {HUBY_TAB_NAMES.map((name) => (
            <Tab key={name} value={name} label={translate(`huby.tabs.${name}`)} data-huby-tab={name} />
          ))}
        </Tabs>
      </Paper>
      <FilterBar
        list={list}
        declaration={SHIPMENTS_LIST}
        fields={[
          { source: 'q', label: translate('huby.f.q'), width: 230 },
          { source: 'recipient', label: translate('huby.f.recipient_name') },
          { source: 'carrier', label: translate('huby.f.carrier_code'), width: 140 },
          { source: 'tour', label: translate('huby.f.tour_code'), width: 140 },
          { source: 'dateFrom', label: translate('huby.f.dateFrom'), type: 'date', width: 170 },
          { source: 'dateTo', label: translate('huby.f.dateTo'), type: 'date', width: 170 },
        ]}
      />
      <ListTable list={list} columns={columns} caption={translate(`huby.tabs.${tab}`)} hiddenPreference="hubyShipmentsHiddenColumns" />
      {pickup && <PickupDialog onClose={() => setPickup(false)} />}
    </Box>
  );
}
