import { useEffect, useState } from 'react';
import { Navigate, Route, Routes, Link as RouterLink, useParams } from 'react-router-dom';
import { useListController, useTranslate } from 'ra-core';
import { Box, Button, Link, Paper, Tab, Tabs } from '@mui/material';
import {
  carrierInput,
  tourInput,
  ADMIN_CARRIERS_LIST,
  ADMIN_TOURS_LIST,
  hasAnyRole,
  Role,
  TOUR_CODE_KEYS,
  TOUR_FLAGS,
  TOUR_TYPES,
  TRANSPORT_MODES,
  type AdminCarrierDto,
  type AdminTourDto,
  type DepositorDto,
} from '@portal/contracts';
import { api } from '../../core/api';
import { FilterBar, ListTable, type Column } from '../../stock/ui';
import { useLoaded } from '../../tracking/useReferenceData';
import { useUser } from '../../user/useUser';
import { AreaTitle, RecordForm, type FieldSpec } from '../reference/kit';
import { formOf } from '../reference/model';
import { useChangesSharedRows } from '../reach';
import { AccountSection } from './AccountSection';
import { CarrierHealthPanel } from './CarrierHealthPanel';
import { carrierBody, readsCarrierAccount, settingsText, tourBody } from './model';
import { ADMIN_ROUTES, TRANSPORT_TABS } from '../../routes';

const BASE = '/admin/transport';
const TABS = TRANSPORT_TABS;
type TransportTab = (typeof TABS)[number];
const TAB_ROLES: Record<TransportTab, string> = { carriers: Role.ADMIN_CARRIER, tours: Role.ADMIN_TOUR };

/**
 * The transport plan's back office (spec §3 Tour, Carrier): the provider's carriers (ADMIN_CARRIER),
 * read-only to an administrator who does not reach every depositor, and the depositors' tours
 * (ADMIN_TOUR) in the administrator's reach. Deactivated, never deleted. A tour's edit page also holds
 * its carrier account (AccountSection) for a carrier administrator who reaches every depositor.
 */
export default function TransportArea() {
  const tabs = useTabs();
  const first = tabs[0] ?? 'carriers';
  return (
    <Routes>
      <Route index element={<Navigate to={`${BASE}/${first}`} replace />} />
      <Route path={ADMIN_ROUTES.transport.list} element={<TransportList tabs={tabs} />} />
      <Route path={ADMIN_ROUTES.transport.new} element={<TransportForm tabs={tabs} />} />
      <Route path={ADMIN_ROUTES.transport.record} element={<TransportForm tabs={tabs} />} />
    </Routes>
  );
}

function useTabs(): TransportTab[] {
  const roles = useUser()?.roles ?? [];
  return TABS.filter((t) => hasAnyRole(roles, [TAB_ROLES[t]]));
}

const tabOf = (value: string | undefined, tabs: TransportTab[]): TransportTab | null =>
  (tabs as readonly string[]).includes(value ?? '') ? (value as TransportTab) : null;

function useDepositors(): DepositorDto[] {
  return useLoaded('admin-depositors', () => api<DepositorDto[]>('/depositors/admin'), [] as DepositorDto[]);
}

/** The carriers for the tour pickers, read again on each screen (a carrier just created is offered at once). */
function useCarriers(): AdminCarrierDto[] {
  const [carriers, setCarriers] = useState<AdminCarrierDto[]>([]);
  useEffect(() => {
    let live = true;
    api<AdminCarrierDto[]>('/admin/transport/carriers?range=[0,199]').then(
      (list) => live && setCarriers(list),
      () => live && setCarriers([]),
    );
    return () => {
      live = false;
    };
  }, []);
  return carriers;
}

/** The state column of both lists. */
function useStateColumn<T extends { active: boolean }>(): Column<T> {
  const translate = useTranslate();
  return {
    source: 'active',
    label: translate('adminTransport.state'),
    sortable: false,
    render: (r) => translate(`adminTransport.${r.active ? 'active' : 'inactive'}`),
  };
}

function TransportList({ tabs }: { tabs: TransportTab[] }) {
  const tab = tabOf(useParams().tab, tabs);
  if (!tab) return <Navigate to={`${BASE}/${tabs[0] ?? 'carriers'}`} replace />;
  return tab === 'carriers' ? <CarrierList key={tab} tabs={tabs} /> : <TourList key={tab} tabs={tabs} />;
}

function TabBar({ tab, tabs }: { tab: TransportTab; tabs: TransportTab[] }) {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" sx={{ mb: 2 }}>
      <Tabs value={tab} variant="scrollable" allowScrollButtonsMobile aria-label={translate('adminTransport.title')}>
        {tabs.map((t) => (
          <Tab key={t} value={t} label={translate(`adminTransport.tabs.${t}`)} component={RouterLink} to={`${BASE}/${t}`} />
        ))}
      </Tabs>
    </Paper>
  );
}

function useActiveOptions() {
  const translate = useTranslate();
  return [
    { value: 'true', label: translate('adminTransport.active') },
    { value: 'false', label: translate('adminTransport.inactive') },
  ];
}

function CarrierList({ tabs }: { tabs: TransportTab[] }) {
  const translate = useTranslate();
  const changes = useChangesSharedRows();
  const activeOptions = useActiveOptions();
  const stateColumn = useStateColumn<AdminCarrierDto>();
  const list = useListController<AdminCarrierDto>({
    resource: ADMIN_CARRIERS_LIST.resource,
    storeKey: 'admin.transport.carriers',
    sort: { field: 'ref', order: 'ASC' },
    perPage: 25,
  });
  const f = (key: string) => translate(`adminTransport.carrier.${key}`);
  const columns: Column<AdminCarrierDto>[] = [
    {
      source: 'ref',
      label: f('ref'),
      render: (r) => (
        <Link component={RouterLink} to={`${BASE}/carriers/${r.id}`}>
          {r.ref}
        </Link>
      ),
    },
    { source: 'name', label: f('name'), wrapAt: 280 },
    { source: 'kind', label: f('kind'), sortable: false, render: (r) => translate(`adminTransport.tourTypes.${r.kind}`) },
    { source: 'tours', label: f('tours'), numeric: true, sortable: false },
    stateColumn,
  ];
  return (
    <Box component="section" aria-labelledby="transport-title">
      <AreaTitle id="transport-title" title={translate('adminTransport.title')}>
        {changes && (
          <Button variant="contained" component={RouterLink} to={`${BASE}/carriers/new`}>
            {translate('adminTransport.new.carriers')}
          </Button>
        )}
      </AreaTitle>
      <TabBar tab="carriers" tabs={tabs} />
      <FilterBar
        list={list}
        declaration={ADMIN_CARRIERS_LIST}
        fields={[
          { source: 'q', label: translate('adminRef.common.search'), width: 240 },
          {
            source: 'kind',
            label: f('kind'),
            type: 'select',
            options: TOUR_TYPES.map((t) => ({ value: t, label: translate(`adminTransport.tourTypes.${t}`) })),
            width: 200,
          },
          { source: 'active', label: translate('adminTransport.state'), type: 'select', options: activeOptions, width: 160 },
        ]}
      />
      <ListTable
        list={list}
        columns={columns}
        caption={translate('adminTransport.tabs.carriers')}
        emptyText={translate('adminRef.common.empty')}
      />
      {changes && (
        <Box sx={{ mt: 3 }}>
          <CarrierHealthPanel base={BASE} />
        </Box>
      )}
    </Box>
  );
}

function TourList({ tabs }: { tabs: TransportTab[] }) {
  const translate = useTranslate();
  const depositors = useDepositors();
  const carriers = useCarriers();
  const activeOptions = useActiveOptions();
  const stateColumn = useStateColumn<AdminTourDto>();
  const list = useListController<AdminTourDto>({
    resource: ADMIN_TOURS_LIST.resource,
    storeKey: 'admin.transport.tours',
    sort: { field: 'code', order: 'ASC' },
    perPage: 25,
  });
  const f = (key: string) => translate(`adminTransport.tour.${key}`);
  const columns: Column<AdminTourDto>[] = [
    {
      source: 'code',
      label: f('code'),
      render: (r) => (
        <Link component={RouterLink} to={`${BASE}/tours/${r.id}`}>
          {r.code}
        </Link>
      ),
    },
    { source: 'depositorId', label: f('depositor'), render: (r) => r.depositorCode },
    { source: 'carrier', label: f('carrier'), render: (r) => `${r.carrierRef} – ${r.carrierName}`, wrapAt: 240 },
    { source: 'tour_type', label: f('tour_type'), sortable: false, render: (r) => translate(`adminTransport.tourTypes.${r.tour_type}`) },
    { source: 'account_number', label: f('account_number'), sortable: false },
    stateColumn,
  ];
  return (
    <Box component="section" aria-labelledby="transport-title">
      <AreaTitle id="transport-title" title={translate('adminTransport.title')}>
        <Button variant="contained" component={RouterLink} to={`${BASE}/tours/new`}>
          {translate('adminTransport.new.tours')}
        </Button>
      </AreaTitle>
      <TabBar tab="tours" tabs={tabs} />
      <FilterBar
        list={list}
        declaration={ADMIN_TOURS_LIST}
        fields={[
          { source: 'q', label: translate('adminRef.common.search'), width: 220 },
          {
            source: 'depositorId',
            label: f('depositor'),
            type: 'select',
            options: depositors.map((d) => ({ value: String(d.id), label: `${d.code} – ${d.label}` })),
            width: 220,
          },
          {
            source: 'carrierId',
            label: f('carrier'),
            type: 'select',
            options: carriers.map((c) => ({ value: String(c.id), label: `${c.ref} – ${c.name}` })),
            width: 220,
          },
          { source: 'active', label: translate('adminTransport.state'), type: 'select', options: activeOptions, width: 160 },
        ]}
      />
      <ListTable
        list={list}
        columns={columns}
        caption={translate('adminTransport.tabs.tours')}
        emptyText={translate('adminRef.common.empty')}
      />
    </Box>
  );
}

function TransportForm({ tabs }: { tabs: TransportTab[] }) {
  const params = useParams();
  const tab = tabOf(params.tab, tabs);
  if (!tab) return <Navigate to={`${BASE}/${tabs[0] ?? 'carriers'}`} replace />;
  return tab === 'carriers' ? (
    <CarrierForm key={params.id ?? 'new'} id={params.id} />
  ) : (
    <TourForm key={params.id ?? 'new'} id={params.id} />
  );
}

function CarrierForm({ id }: { id?: string }) {
  const translate = useTranslate();
  const changes = useChangesSharedRows();
  const f = (key: string) => translate(`adminTransport.carrier.${key}`);
  const fields: FieldSpec[] = [
    { source: 'ref', label: f('ref'), required: true, upper: true },
    { source: 'name', label: f('name'), required: true, width: 480 },
    {
      source: 'kind',
      label: f('kind'),
      type: 'select',
      required: true,
      options: TOUR_TYPES.map((t) => ({ value: t, label: translate(`adminTransport.tourTypes.${t}`) })),
    },
    { source: 'shipping_window_days', label: f('shipping_window_days'), type: 'integer', helperText: f('shipping_window_help') },
    { source: 'insurance_threshold', label: f('insurance_threshold'), helperText: f('insurance_threshold_help') },
    { source: 'pickup_email', label: f('pickup_email'), width: 480 },
    { source: 'settingsText', label: f('settings'), type: 'multiline', helperText: f('settings_help') },
    { source: 'active', label: translate('adminTransport.activeSwitch'), type: 'switch' },
  ];
  const defaults = {
    ref: '',
    name: '',
    kind: 'parcel',
    shipping_window_days: '',
    insurance_threshold: '',
    pickup_email: '',
    settingsText: '',
    active: true,
  };
  return (
    <RecordForm
      resource={ADMIN_CARRIERS_LIST.resource}
      schema={carrierInput}
      id={id}
      title={(r) => (r ? translate('adminTransport.edit.carriers', { code: String(r.ref) }) : translate('adminTransport.new.carriers'))}
      fields={fields}
      defaults={defaults}
      fromRecord={(r) => ({ ...formOf(fields, r, defaults), settingsText: settingsText(r.settings as Record<string, unknown>) })}
      toBody={carrierBody}
      backTo={`${BASE}/carriers`}
      readOnly={!changes}
    />
  );
}

function TourForm({ id }: { id?: string }) {
  const translate = useTranslate();
  const readsAccount = readsCarrierAccount(useUser());
  const depositors = useDepositors();
  const carriers = useCarriers();
  const f = (key: string) => translate(`adminTransport.tour.${key}`);
  const fields: FieldSpec[] = [
    {
      source: 'depositorId',
      label: f('depositor'),
      type: 'select',
      required: true,
      options: depositors.map((d) => ({ value: String(d.id), label: `${d.code} – ${d.label}` })),
    },
    { source: 'code', label: f('code'), required: true, upper: true, helperText: f('code_help') },
    {
      source: 'carrierId',
      label: f('carrier'),
      type: 'select',
      required: true,
      options: carriers.map((c) => ({ value: String(c.id), label: `${c.ref} – ${c.name}` })),
    },
    {
      source: 'tour_type',
      label: f('tour_type'),
      type: 'select',
      required: true,
      options: TOUR_TYPES.map((t) => ({ value: t, label: translate(`adminTransport.tourTypes.${t}`) })),
    },
    {
      source: 'transport_mode',
      label: f('transport_mode'),
      type: 'select',
      options: TRANSPORT_MODES.map((m) => ({ value: m, label: translate(`adminTransport.modes.${m}`) })),
    },
    { source: 'account_number', label: f('account_number') },
    { source: 'transport_code', label: f('transport_code') },
    ...TOUR_FLAGS.map((flag): FieldSpec => ({ source: `flags.${flag}`, label: translate(`adminTransport.flags.${flag}`), type: 'switch' })),
    { source: 'weight_min_kg', label: f('weight_min_kg') },
    { source: 'weight_max_kg', label: f('weight_max_kg') },
    { source: 'volume_min_m3', label: f('volume_min_m3') },
    { source: 'volume_max_m3', label: f('volume_max_m3') },
    { source: 'max_packages', label: f('max_packages'), type: 'integer' },
    { source: 'delivery_delay_days', label: f('delivery_delay_days'), type: 'integer' },
    ...TOUR_CODE_KEYS.map((key): FieldSpec => ({ source: `codes.${key}`, label: translate(`adminTransport.codes.${key}`) })),
    { source: 'codes.min_insurance_amount', label: translate('adminTransport.codes.min_insurance_amount') },
    { source: 'active', label: translate('adminTransport.activeSwitch'), type: 'switch' },
  ];
  const defaults = {
    depositorId: '',
    code: '',
    carrierId: '',
    tour_type: 'parcel',
    transport_mode: 'road',
    active: true,
    ...Object.fromEntries(TOUR_FLAGS.map((flag) => [`flags.${flag}`, false])),
  };
  return (
    <RecordForm
      resource={ADMIN_TOURS_LIST.resource}
      schema={tourInput}
      id={id}
      title={(r) => (r ? translate('adminTransport.edit.tours', { code: String(r.code) }) : translate('adminTransport.new.tours'))}
      fields={fields}
      defaults={defaults}
      toBody={tourBody}
      backTo={`${BASE}/tours`}
      // The carrier account belongs to a saved tour: on its edit page, beside the tour's fields.
      extra={id && readsAccount ? () => <AccountSection tourId={id} /> : undefined}
    />
  );
}
