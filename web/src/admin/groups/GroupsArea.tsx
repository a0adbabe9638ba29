import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useCreate, useDelete, useListController, useNotify, useTranslate, useUpdate } from 'ra-core';
import {
  Autocomplete,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Paper,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { ALL_ROLES, RIGHT_GROUPS, ROLE_GROUPS_LIST, roleGroupInput, type RightDto, type RoleGroupDto } from '@portal/contracts';
import { SchemaField, useSchemaForm } from '../../forms/kit';
import { ApiError, api } from '../../core/api';
import { useErrorText } from '../../i18n/useErrorText';
import { FilterBar, ListTable, useShortLocale, type Column } from '../../stock/ui';
import { groupOfRole, rightName, sortRoles } from '../users/model';

const RESOURCE = ROLE_GROUPS_LIST.resource;

/** /admin/groups (ADMIN_GROUP): role groups (code, label, roles) and the rights catalogue (spec §3 Right). */
export default function GroupsArea() {
  const translate = useTranslate();
  const [tab, setTab] = useState<'groups' | 'rights'>('groups');
  return (
    <Box aria-labelledby="admin-groups-title">
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography id="admin-groups-title" variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {translate('adminUsers.areas.groups')}
        </Typography>
        <Button component={RouterLink} to="/admin">
          {translate('adminUsers.shell.back')}
        </Button>
      </Stack>
      <Paper variant="outlined" sx={{ mb: 2 }}>
        <Tabs value={tab} onChange={(_, value: 'groups' | 'rights') => setTab(value)} aria-label={translate('adminUsers.areas.groups')}>
          <Tab value="groups" label={translate('adminUsers.groups.tab')} />
          <Tab value="rights" label={translate('adminUsers.rights.tab')} />
        </Tabs>
      </Paper>
      {tab === 'groups' ? <GroupList /> : <RightsTable />}
    </Box>
  );
}

function GroupList() {
  const translate = useTranslate();
  const locale = useShortLocale();
  const [editing, setEditing] = useState<RoleGroupDto | 'new' | null>(null);
  const list = useListController<RoleGroupDto>({
    resource: RESOURCE,
    storeKey: 'admin.groups.list',
    sort: { field: 'code', order: 'ASC' },
    perPage: 25,
  });
  const columns: Column<RoleGroupDto>[] = [
    {
      source: 'code',
      label: translate('adminUsers.groups.code'),
      render: (g) => (
        <Button
          size="small"
          onClick={() => setEditing(g)}
          sx={{ textTransform: 'none', justifyContent: 'flex-start', minWidth: 0, px: 0.5 }}
        >
          {g.code}
        </Button>
      ),
    },
    { source: 'label', label: translate('adminUsers.groups.label') },
    {
      source: 'roles',
      label: translate('adminUsers.f.roles'),
      sortable: false,
      wrapAt: 420,
      render: (g) => g.roles.map((r) => rightName(r, locale)).join(', '),
    },
    { source: 'userCount', label: translate('adminUsers.groups.users'), sortable: false, numeric: true },
  ];
  return (
    <>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 1 }}>
        <Button variant="contained" onClick={() => setEditing('new')}>
          {translate('adminUsers.groups.new')}
        </Button>
      </Stack>
      <FilterBar
        list={list}
        declaration={ROLE_GROUPS_LIST}
        fields={[{ source: 'q', label: translate('adminUsers.groups.q'), width: 260 }]}
      />
      <ListTable
        list={list}
        columns={columns}
        caption={translate('adminUsers.groups.tab')}
        emptyText={translate('adminUsers.groups.empty')}
      />
      {editing && (
        <GroupDialog group={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={() => list.refetch()} />
      )}
    </>
  );
}

function GroupDialog({ group, onClose, onSaved }: { group: RoleGroupDto | null; onClose: () => void; onSaved: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const locale = useShortLocale();
  const [values, setValues] = useState({ code: group?.code ?? '', label: group?.label ?? '', roles: group?.roles ?? [] });
  const kit = useSchemaForm(roleGroupInput);
  const [create] = useCreate();
  const [update] = useUpdate();
  const [remove] = useDelete();
  const done = (message: string) => () => {
    notify(message, { type: 'success' });
    onSaved();
    onClose();
  };
  const failed = (error: unknown) => {
    kit.refused(error);
    if (error instanceof ApiError && error.key === 'roleGroupCodeAlreadyExists')
      kit.setFields((f) => ({ ...f, code: 'roleGroupCodeAlreadyExists' }));
    notify(errorText(error), { type: 'error' });
  };
  const set = (name: 'code' | 'label', value: string | boolean) => {
    setValues((v) => ({ ...v, [name]: String(value) }));
    kit.clear(name);
  };
  const save = () => {
    // Checked as the service will before it is sent.
    if (!kit.check(values)) return;
    if (group)
      update(
        RESOURCE,
        { id: group.id, data: values, previousData: group },
        { mutationMode: 'pessimistic', onSuccess: done('adminUsers.msg.saved'), onError: failed },
      );
    else create(RESOURCE, { data: values }, { onSuccess: done('adminUsers.msg.saved'), onError: failed });
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="group-dialog-title">
      <DialogTitle id="group-dialog-title">
        {group ? translate('adminUsers.groups.edit', { code: group.code }) : translate('adminUsers.groups.new')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <SchemaField
            id="group-code"
            rule={kit.rules.code}
            label={translate('adminUsers.groups.code')}
            value={values.code}
            onChange={(value) => set('code', String(value).toUpperCase())}
            {...kit.err('code')}
            helperText={kit.err('code').helperText ?? translate('adminUsers.groups.codeHint')}
          />
          <SchemaField
            id="group-label"
            rule={kit.rules.label}
            label={translate('adminUsers.groups.label')}
            value={values.label}
            onChange={(value) => set('label', value)}
            {...kit.err('label')}
          />
          <Autocomplete
            multiple
            id="group-roles"
            options={sortRoles(ALL_ROLES)}
            value={values.roles}
            groupBy={(role) => translate(`adminUsers.rightGroups.${groupOfRole(role)}`)}
            getOptionLabel={(role) => `${rightName(role, locale)} (${role})`}
            onChange={(_, roles) => setValues((v) => ({ ...v, roles }))}
            renderInput={(params) => <TextField {...params} label={translate('adminUsers.f.roles')} />}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        {group && (
          <Button
            color="error"
            onClick={() =>
              window.confirm(translate('adminUsers.confirm.removeGroup', { code: group.code, count: group.userCount })) &&
              remove(
                RESOURCE,
                { id: group.id, previousData: group },
                { mutationMode: 'pessimistic', onSuccess: done('adminUsers.msg.groupRemoved'), onError: failed },
              )
            }
          >
            {translate('adminUsers.groups.remove')}
          </Button>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Button onClick={onClose}>{translate('adminUsers.actions.cancel')}</Button>
        <Button variant="contained" onClick={save}>
          {translate('adminUsers.actions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Spec §3 Right: id, name, description, group, in the user's language. */
function RightsTable() {
  const translate = useTranslate();
  const locale = useShortLocale();
  const errorText = useErrorText();
  const [rights, setRights] = useState<RightDto[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    api<RightDto[]>('/admin/rights').then(
      (all) => setRights([...all].sort((a, b) => RIGHT_GROUPS.indexOf(a.group) - RIGHT_GROUPS.indexOf(b.group))),
      setError,
    );
  }, []);
  if (error) return <Typography color="error">{errorText(error)}</Typography>;
  return (
    <Paper variant="outlined">
      <Table size="small" aria-label={translate('adminUsers.rights.tab')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('adminUsers.rights.group')}</TableCell>
            <TableCell>{translate('adminUsers.rights.name')}</TableCell>
            <TableCell>{translate('adminUsers.rights.description')}</TableCell>
            <TableCell>{translate('adminUsers.rights.id')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(rights ?? []).map((r) => (
            <TableRow key={r.id} hover>
              <TableCell>{translate(`adminUsers.rightGroups.${r.group}`)}</TableCell>
              <TableCell>{r.name[locale]}</TableCell>
              <TableCell>{r.description[locale]}</TableCell>
              <TableCell>
                <code>{r.id}</code>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
