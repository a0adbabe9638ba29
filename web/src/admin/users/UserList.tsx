import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useListController, useTranslate } from 'ra-core';
import { Box, Button, Chip, Link, Stack, Typography } from '@mui/material';
import { ADMIN_USERS_LIST, type AdminUserDto, type AdminUserOptionsDto } from '@portal/contracts';
import { FilterBar, ListTable, type Column } from '../../stock/ui';
import { usersApi } from './usersApi';

/** Users the caller administers, with the filters of issue 18 (login, name, e-mail, depositor, role group, active). */
export default function UserList() {
  const translate = useTranslate();
  const [options, setOptions] = useState<AdminUserOptionsDto | null>(null);
  useEffect(() => {
    usersApi.options().then(setOptions, () => setOptions(null));
  }, []);
  const list = useListController<AdminUserDto>({
    resource: ADMIN_USERS_LIST.resource,
    storeKey: 'admin.users.list',
    sort: { field: 'login', order: 'ASC' },
    perPage: 25,
  });
  const depositorCode = (id: number) => options?.depositors.find((d) => d.id === id)?.code ?? `#${id}`;
  const columns: Column<AdminUserDto>[] = [
    {
      source: 'login',
      label: translate('adminUsers.f.login'),
      render: (u) => (
        <Link component={RouterLink} to={`/admin/users/${u.uuid}`}>
          {u.login}
        </Link>
      ),
    },
    { source: 'lastname', label: translate('adminUsers.f.name'), render: (u) => `${u.firstname} ${u.lastname}`.trim() },
    { source: 'email', label: translate('adminUsers.f.email') },
    {
      source: 'depositors',
      label: translate('adminUsers.f.depositors'),
      sortable: false,
      wrapAt: 200,
      render: (u) => u.depositors.map(depositorCode).join(', '),
    },
    { source: 'groups', label: translate('adminUsers.f.groups'), sortable: false, wrapAt: 220, render: (u) => u.groups.join(', ') },
    {
      source: 'active',
      label: translate('adminUsers.f.active'),
      sortable: false,
      render: (u) => (
        <Chip
          size="small"
          variant="outlined"
          color={u.active ? 'success' : 'default'}
          label={translate(u.active ? 'adminUsers.status.active' : 'adminUsers.status.inactive')}
        />
      ),
    },
  ];
  return (
    <Box aria-labelledby="admin-users-title">
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography id="admin-users-title" variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {translate('adminUsers.areas.users')}
        </Typography>
        <Button component={RouterLink} to="/admin">
          {translate('adminUsers.shell.back')}
        </Button>
        <Button variant="contained" component={RouterLink} to="/admin/users/new">
          {translate('adminUsers.actions.new')}
        </Button>
      </Stack>
      <FilterBar
        list={list}
        declaration={ADMIN_USERS_LIST}
        fields={[
          { source: 'login', label: translate('adminUsers.f.login') },
          { source: 'name', label: translate('adminUsers.f.name') },
          { source: 'email', label: translate('adminUsers.f.email'), width: 220 },
          {
            source: 'depositor',
            label: translate('adminUsers.f.depositor'),
            type: 'select',
            options: (options?.depositors ?? []).map((d) => ({ value: String(d.id), label: `${d.code} – ${d.label}` })),
          },
          {
            source: 'group',
            label: translate('adminUsers.f.group'),
            type: 'select',
            options: (options?.groups ?? []).map((g) => ({ value: g.code, label: g.label })),
          },
          {
            source: 'active',
            label: translate('adminUsers.f.active'),
            type: 'select',
            options: [
              { value: 'true', label: translate('adminUsers.status.active') },
              { value: 'false', label: translate('adminUsers.status.inactive') },
            ],
          },
        ]}
      />
      <ListTable
        list={list}
        columns={columns}
        caption={translate('adminUsers.areas.users')}
        emptyText={translate('adminUsers.msg.empty')}
      />
    </Box>
  );
}
