import { Navigate, Route, Routes, Link as RouterLink, useParams } from 'react-router-dom';
import { useListController, useTranslate } from 'ra-core';
import { Box, Button, Chip, Link } from '@mui/material';
import {
  announcementInput,
  ADMIN_ANNOUNCEMENTS_LIST,
  ALL_ROLES,
  ANNOUNCEMENT_STATES,
  ANNOUNCEMENT_TYPES,
  LOCALES,
  type AdminAnnouncementDto,
} from '@portal/contracts';
import { useDateTime } from '../../delivery/ui';
import { FilterBar, ListTable, useShortLocale, type Column } from '../../stock/ui';
import { AreaTitle, RecordForm, type FieldSpec } from '../reference/kit';
import { announcementBody, announcementForm } from './model';
import { useChangesSharedRows } from '../reach';
import { ADMIN_ROUTES } from '../../routes';

const BASE = '/admin/announcements';
const STATE_COLOR = { live: 'success', future: 'info', ended: 'default' } as const;

/**
 * Announcements (ADMIN_ANNOUNCEMENT): the banner's messages, per language, with type, priority, timeout, lifetime range and audience.
 * They reach every depositor's users: read-only to an administrator who does not reach them all.
 */
export default function AnnouncementsArea() {
  return (
    <Routes>
      <Route index element={<AnnouncementList />} />
      <Route path={ADMIN_ROUTES.announcements.new} element={<AnnouncementForm />} />
      <Route path={ADMIN_ROUTES.announcements.announcement} element={<AnnouncementForm />} />
      <Route path="*" element={<Navigate to={BASE} replace />} />
    </Routes>
  );
}

function AnnouncementList() {
  const translate = useTranslate();
  const dateTime = useDateTime();
  const locale = useShortLocale();
  const changes = useChangesSharedRows();
  const list = useListController<AdminAnnouncementDto>({
    resource: ADMIN_ANNOUNCEMENTS_LIST.resource,
    storeKey: 'admin.announcements',
    sort: { field: 'startsAt', order: 'DESC' },
    perPage: 25,
  });
  const f = (key: string) => translate(`adminRef.announcements.f.${key}`);
  const columns: Column<AdminAnnouncementDto>[] = [
    {
      source: 'message',
      label: f('message'),
      sortable: false,
      wrapAt: 420,
      render: (a) => (
        <Link component={RouterLink} to={`${BASE}/${a.id}`} data-announcement={a.id}>
          {a.message[locale] || a.message.fr}
        </Link>
      ),
    },
    {
      source: 'state',
      label: f('state'),
      sortable: false,
      render: (a) => <Chip size="small" color={STATE_COLOR[a.state]} label={translate(`adminRef.announcements.state.${a.state}`)} />,
    },
    { source: 'type', label: f('type'), sortable: false, render: (a) => translate(`adminRef.announcements.type.${a.type}`) },
    { source: 'priority', label: f('priority'), numeric: true },
    { source: 'startsAt', label: f('startsAt'), render: (a) => dateTime(a.startsAt) },
    { source: 'endsAt', label: f('endsAt'), sortable: false, render: (a) => dateTime(a.endsAt) },
  ];
  return (
    <Box component="section" aria-labelledby="announcements-title">
      <AreaTitle id="announcements-title" title={translate('adminRef.areas.announcements.title')}>
        {changes && (
          <Button variant="contained" component={RouterLink} to={`${BASE}/new`}>
            {translate('adminRef.announcements.new')}
          </Button>
        )}
      </AreaTitle>
      <FilterBar
        list={list}
        declaration={ADMIN_ANNOUNCEMENTS_LIST}
        fields={[
          {
            source: 'state',
            label: f('state'),
            type: 'select',
            options: ANNOUNCEMENT_STATES.map((s) => ({ value: s, label: translate(`adminRef.announcements.state.${s}`) })),
          },
          {
            source: 'type',
            label: f('type'),
            type: 'select',
            options: ANNOUNCEMENT_TYPES.map((t) => ({ value: t, label: translate(`adminRef.announcements.type.${t}`) })),
          },
        ]}
      />
      <ListTable
        list={list}
        columns={columns}
        caption={translate('adminRef.areas.announcements.title')}
        emptyText={translate('adminRef.common.empty')}
      />
    </Box>
  );
}

function AnnouncementForm() {
  const translate = useTranslate();
  const { id } = useParams();
  const changes = useChangesSharedRows();
  const f = (key: string) => translate(`adminRef.announcements.f.${key}`);
  const fields: FieldSpec[] = [
    ...LOCALES.map((l): FieldSpec => ({
      source: `message.${l.short}`,
      label: translate('adminRef.announcements.f.messageIn', { language: l.label }),
      type: 'multiline',
      required: l.short === 'fr',
      helperText: l.short === 'fr' ? translate('adminRef.announcements.frenchRequired') : undefined,
    })),
    {
      source: 'type',
      label: f('type'),
      type: 'select',
      required: true,
      options: ANNOUNCEMENT_TYPES.map((t) => ({ value: t, label: translate(`adminRef.announcements.type.${t}`) })),
    },
    { source: 'priority', label: f('priority'), type: 'integer' },
    { source: 'timeout', label: f('timeout'), type: 'integer', helperText: translate('adminRef.announcements.timeoutHelp') },
    { source: 'startsAt', label: f('startsAt'), type: 'datetime', required: true },
    { source: 'endsAt', label: f('endsAt'), type: 'datetime', helperText: translate('adminRef.announcements.endsHelp') },
    {
      source: 'roles',
      label: f('roles'),
      type: 'multiselect',
      options: ALL_ROLES.map((r) => ({ value: r, label: r })),
      helperText: translate('adminRef.announcements.rolesHelp'),
      width: 480,
    },
  ];
  return (
    <RecordForm
      key={id ?? 'new'}
      resource={ADMIN_ANNOUNCEMENTS_LIST.resource}
      schema={announcementInput}
      id={id}
      title={() => (id ? translate('adminRef.announcements.edit', { id }) : translate('adminRef.announcements.new'))}
      fields={fields}
      defaults={announcementForm(null)}
      fromRecord={(r) => announcementForm(r as unknown as AdminAnnouncementDto)}
      toBody={announcementBody}
      backTo={BASE}
      canDelete
      deleteName={(v) => String(v['message.fr'] ?? id)}
      readOnly={!changes}
    />
  );
}
