import { Navigate, Route, Routes, Link as RouterLink, useParams } from 'react-router-dom';
import { useListController, useTranslate } from 'ra-core';
import { Box, Button, Link, Paper, Tab, Tabs } from '@mui/material';
import {
  activityInput,
  platformInput,
  storeInput,
  ADMIN_ACTIVITIES_LIST,
  ADMIN_PLATFORMS_LIST,
  ADMIN_STORES_LIST,
  type AdminActivityDto,
  type AdminPlatformDto,
  type AdminStoreDto,
  type DepositorDto,
  type ListDeclaration,
} from '@portal/contracts';
import { api } from '../../core/api';
import { FilterBar, ListTable, type Column } from '../../stock/ui';
import { useLoaded, usePlatforms } from '../../tracking/useReferenceData';
import { AreaTitle, RecordForm, type FieldSpec } from './kit';
import { orNull, type FormValues } from './model';
import { referenceTabChanges, useChangesSharedRows } from '../reach';
import { ADMIN_ROUTES, REFERENCE_TABS } from '../../routes';

const BASE = '/admin/reference';
const TABS = REFERENCE_TABS;
type ReferenceTab = (typeof TABS)[number];
const LISTS: Record<ReferenceTab, ListDeclaration> = {
  platforms: ADMIN_PLATFORMS_LIST,
  activities: ADMIN_ACTIVITIES_LIST,
  stores: ADMIN_STORES_LIST,
};
/** The schema the server parses each tab's record with. */
const SCHEMAS = { platforms: platformInput, activities: activityInput, stores: storeInput };
type Row = AdminPlatformDto | AdminActivityDto | AdminStoreDto;

/**
 * The provider's reference lists (ADMIN_LIST): platforms, activities and stores, one tab each, codes unique per depositor.
 * Platforms are shared by every depositor: read-only to an administrator who does not reach them all.
 */
export default function ReferenceArea() {
  return (
    <Routes>
      <Route index element={<Navigate to={`${BASE}/platforms`} replace />} />
      <Route path={ADMIN_ROUTES.reference.list} element={<ReferenceList />} />
      <Route path={ADMIN_ROUTES.reference.new} element={<ReferenceForm />} />
      <Route path={ADMIN_ROUTES.reference.record} element={<ReferenceForm />} />
    </Routes>
  );
}

const tabOf = (value: string | undefined): ReferenceTab | null =>
  (TABS as readonly string[]).includes(value ?? '') ? (value as ReferenceTab) : null;

/** Every depositor for the pickers (GET /api/depositors/admin). */
function useAllDepositors(): DepositorDto[] {
  return useLoaded('admin-depositors', () => api<DepositorDto[]>('/depositors/admin'), [] as DepositorDto[]);
}

function ReferenceList() {
  const tab = tabOf(useParams().tab);
  if (!tab) return <Navigate to={`${BASE}/platforms`} replace />;
  return <TabList key={tab} tab={tab} />;
}

function TabList({ tab }: { tab: ReferenceTab }) {
  const translate = useTranslate();
  const depositors = useAllDepositors();
  const changes = referenceTabChanges(tab, useChangesSharedRows());
  const list = useListController<Row>({
    resource: LISTS[tab].resource,
    storeKey: `admin.reference.${tab}`,
    sort: { field: 'code', order: 'ASC' },
    perPage: 25,
  });
  const f = (key: string) => translate(`adminRef.reference.f.${key}`);
  const code: Column<Row> = {
    source: 'code',
    label: f('code'),
    render: (r) => (
      <Link component={RouterLink} to={`${BASE}/${tab}/${r.id}`} data-code={r.code}>
        {r.code}
      </Link>
    ),
  };
  const columns: Column<Row>[] =
    tab === 'platforms'
      ? [
          code,
          { source: 'label', label: f('label'), wrapAt: 320 },
          { source: 'town', label: f('town') },
          { source: 'stores', label: f('stores'), numeric: true, sortable: false },
        ]
      : [
          code,
          { source: 'label', label: f('label'), wrapAt: 320 },
          { source: 'depositorId', label: f('depositor'), render: (r) => (r as AdminActivityDto).depositorCode },
          ...(tab === 'stores'
            ? [
                {
                  source: 'platformCode',
                  label: f('platform'),
                  sortable: false,
                  render: (r: Row) => (r as AdminStoreDto).platformCode ?? '',
                },
              ]
            : []),
        ];
  const depositorOptions = depositors.map((d) => ({ value: String(d.id), label: `${d.code} – ${d.label}` }));
  return (
    <Box component="section" aria-labelledby="reference-title">
      <AreaTitle id="reference-title" title={translate('adminRef.areas.reference.title')}>
        {changes && (
          <Button variant="contained" component={RouterLink} to={`${BASE}/${tab}/new`}>
            {translate(`adminRef.reference.new.${tab}`)}
          </Button>
        )}
      </AreaTitle>
      <Paper variant="outlined" sx={{ mb: 2 }}>
        <Tabs value={tab} variant="scrollable" allowScrollButtonsMobile aria-label={translate('adminRef.areas.reference.title')}>
          {TABS.map((t) => (
            <Tab key={t} value={t} label={translate(`adminRef.reference.tabs.${t}`)} component={RouterLink} to={`${BASE}/${t}`} />
          ))}
        </Tabs>
      </Paper>
      <FilterBar
        list={list}
        declaration={LISTS[tab]}
        fields={[
          { source: 'q', label: translate('adminRef.common.search'), width: 260 },
          ...(tab === 'platforms'
            ? []
            : [{ source: 'depositorId', label: f('depositor'), type: 'select' as const, options: depositorOptions, width: 260 }]),
        ]}
      />
      <ListTable
        list={list}
        columns={columns}
        caption={translate(`adminRef.reference.tabs.${tab}`)}
        emptyText={translate('adminRef.common.empty')}
      />
    </Box>
  );
}

function ReferenceForm() {
  const translate = useTranslate();
  const params = useParams();
  const tab = tabOf(params.tab);
  const depositors = useAllDepositors();
  const platforms = usePlatforms();
  const changesShared = useChangesSharedRows();
  if (!tab) return <Navigate to={`${BASE}/platforms`} replace />;
  const f = (key: string) => translate(`adminRef.reference.f.${key}`);
  const codeField: FieldSpec = {
    source: 'code',
    label: f('code'),
    required: true,
    upper: true,
    helperText: tab === 'platforms' ? undefined : translate('adminRef.reference.uniqueHelp'),
  };
  const fields: FieldSpec[] =
    tab === 'platforms'
      ? [
          codeField,
          { source: 'label', label: f('label'), required: true, width: 480 },
          { source: 'town', label: f('town'), required: true },
        ]
      : [
          {
            source: 'depositorId',
            label: f('depositor'),
            type: 'select',
            required: true,
            options: depositors.map((d) => ({ value: String(d.id), label: `${d.code} – ${d.label}` })),
          },
          codeField,
          { source: 'label', label: f('label'), required: true, width: 480 },
          ...(tab === 'stores'
            ? [
                {
                  source: 'platformId',
                  label: f('platform'),
                  type: 'select' as const,
                  options: [
                    { value: '', label: translate('adminRef.reference.noPlatform') },
                    ...platforms.map((p) => ({ value: String(p.id), label: `${p.code} – ${p.label}` })),
                  ],
                },
              ]
            : []),
        ];
  const toBody = (v: FormValues) =>
    tab === 'platforms'
      ? { code: v.code, label: v.label, town: v.town }
      : {
          depositorId: orNull(v.depositorId),
          code: v.code,
          label: v.label,
          ...(tab === 'stores' ? { platformId: orNull(v.platformId) } : {}),
        };
  return (
    <RecordForm
      key={`${tab}-${params.id ?? 'new'}`}
      resource={LISTS[tab].resource}
      schema={SCHEMAS[tab]}
      id={params.id}
      title={(r) =>
        r ? translate(`adminRef.reference.edit.${tab}`, { code: String(r.code) }) : translate(`adminRef.reference.new.${tab}`)
      }
      fields={fields}
      defaults={{ code: '', label: '', town: '', depositorId: '', platformId: '' }}
      toBody={toBody}
      backTo={`${BASE}/${tab}`}
      canDelete
      deleteName={(v) => String(v.code)}
      readOnly={!referenceTabChanges(tab, changesShared)}
    />
  );
}
