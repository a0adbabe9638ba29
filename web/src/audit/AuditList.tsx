import { useListController, useTranslate } from 'ra-core';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { AUDIT_LIST, type AuditEntryDto } from '@portal/contracts';
import { useDateTime } from '../delivery/ui';
import { FilterBar, ListTable, type Column } from '../stock/ui';
import { entryChanges, fieldWords, shortValue } from './model';

/**
 * The audit trail as a list, newest first: when, who, what, the move and, for an update, each field
 * before and after. `admin/audit`: every change (the provider's back office); `settings/activity`:
 * the changes the user's colleagues made to their depositors' data.
 */
export function AuditList({ resource }: { resource: 'admin/audit' | 'settings/activity' }) {
  const translate = useTranslate();
  const dateTime = useDateTime();
  const yesNo = (value: boolean) => translate(`ra.boolean.${value}`);
  const list = useListController<AuditEntryDto>({
    resource,
    storeKey: `audit.${resource}`,
    sort: { field: 'at', order: 'DESC' },
    perPage: 50,
  });
  const word = (group: string, key: string) => translate(`audit.${group}.${key}`, { _: key });
  const columns: Column<AuditEntryDto>[] = [
    { source: 'at', label: translate('audit.f.at'), render: (e) => dateTime(e.at) },
    {
      source: 'actorLogin',
      label: translate('audit.f.who'),
      sortable: false,
      render: (e) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {/* A machine caller is an API key, named as the rows it created name it (Clé d’API : …). */}
          <span>
            {e.actorLogin ?? (e.actorClient ? translate('common.apiKeyCreator', { name: e.actorClient }) : translate('audit.system'))}
          </span>
          {e.actorProvider && <Chip size="small" variant="outlined" label={translate('audit.provider')} />}
        </Stack>
      ),
    },
    {
      source: 'entity',
      label: translate('audit.f.what'),
      sortable: false,
      wrapAt: 260,
      render: (e) => (
        <span>
          {word('entities', e.entity)} {e.label ? <strong>{e.label}</strong> : <code>{e.entityId}</code>}
        </span>
      ),
    },
    {
      source: 'action',
      label: translate('audit.f.action'),
      sortable: false,
      render: (e) => <Chip size="small" label={word('actions', e.action)} data-action={e.action} />,
    },
    {
      source: 'changes',
      label: translate('audit.f.changes'),
      sortable: false,
      wrapAt: 420,
      render: (e) => {
        const changes = entryChanges(e);
        if (!changes.length) return '—';
        return (
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {changes.slice(0, 6).map((c) => (
              <li key={c.field}>
                <strong>{translate(`audit.fields.${c.field}`, { _: fieldWords(c.field) })}</strong> :{' '}
                {shortValue(c.before, 60, dateTime, yesNo)} → {shortValue(c.after, 60, dateTime, yesNo)}
              </li>
            ))}
            {changes.length > 6 && <li>{translate('audit.more', { count: changes.length - 6 })}</li>}
          </Box>
        );
      },
    },
  ];
  return (
    <Box>
      <FilterBar
        list={list}
        declaration={AUDIT_LIST}
        fields={[
          { source: 'actor', label: translate('audit.f.who'), width: 180 },
          { source: 'from', label: translate('audit.f.from'), type: 'date' },
          { source: 'to', label: translate('audit.f.to'), type: 'date' },
        ]}
      />
      <ListTable list={list} columns={columns} caption={translate('audit.title')} emptyText={translate('audit.empty')} />
    </Box>
  );
}

/** /admin/audit: the provider's whole trail. */
export default function AuditArea() {
  const translate = useTranslate();
  return (
    <Box component="section">
      <Typography variant="h4" component="h1" gutterBottom>
        {translate('audit.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('audit.description')}
      </Typography>
      <AuditList resource="admin/audit" />
    </Box>
  );
}
