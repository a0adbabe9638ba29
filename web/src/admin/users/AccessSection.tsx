import { useEffect, useMemo, useState } from 'react';
import { useNotify, useTranslate } from 'ra-core';
import { Autocomplete, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { type AdminUserDto, type AdminUserOptionsDto } from '@portal/contracts';
import { ApiError } from '../../core/api';
import { useErrorText } from '../../i18n/useErrorText';
import { useShortLocale } from '../../stock/ui';
import { groupOfRole, rightName, sortRoles } from './model';
import { usersApi } from './usersApi';

interface Access {
  roles: string[];
  groups: string[];
  depositors: number[];
  activities: number[];
  stores: number[];
}

/**
 * Roles, role groups and filters (depositors, activities, stores) of a saved user (spec §5). The
 * pickers offer only what the caller may give (a depositor's administrator: their own depositors
 * and roles); activities and stores are those of the depositors chosen.
 */
export function AccessSection({ user, onSaved }: { user: AdminUserDto; onSaved: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const locale = useShortLocale();
  const [access, setAccess] = useState<Access>(() => accessOf(user));
  const [options, setOptions] = useState<AdminUserOptionsDto | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const depositorKey = access.depositors.join(',');
  useEffect(() => {
    usersApi
      .options(depositorKey ? depositorKey.split(',').map(Number) : [])
      .then(setOptions, (e: unknown) => notify(errorText(e), { type: 'error' }));
    // Asked again only when the chosen depositors change (their activities and stores).
  }, [depositorKey]);
  useEffect(() => setAccess(accessOf(user)), [user]);

  const roleChoices = useMemo(() => sortRoles([...new Set([...(options?.roles ?? []), ...access.roles])]), [options, access.roles]);
  const depositorLabel = (id: number) => {
    const d = options?.depositors.find((x) => x.id === id);
    return d ? `${d.code} – ${d.label}` : `#${id}`;
  };
  const refLabel = (list: { id: number; code: string; label: string }[] | undefined, id: number) => {
    const r = list?.find((x) => x.id === id);
    return r ? `${r.code} – ${r.label}` : `#${id}`;
  };
  const save = async () => {
    setBusy(true);
    setFields({});
    try {
      await usersApi.setAccess(user.uuid, access);
      notify('adminUsers.msg.accessSaved', { type: 'success' });
      onSaved();
    } catch (error) {
      if (error instanceof ApiError) setFields(error.fields);
      notify(errorText(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const helper = (key: string) => (fields[key] ? translate(`fields.${fields[key]}`) : undefined);
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-labelledby="access-title" data-testid="access-section">
      <Typography id="access-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('adminUsers.titles.access')}
      </Typography>
      <Stack spacing={2}>
        <Autocomplete
          multiple
          id="access-groups"
          options={(options?.groups ?? []).map((g) => g.code)}
          value={access.groups}
          onChange={(_, groups) => setAccess((a) => ({ ...a, groups }))}
          getOptionLabel={(code) => {
            const g = options?.groups.find((x) => x.code === code);
            return g ? `${g.label} (${code})` : code;
          }}
          renderInput={(params) => (
            <TextField {...params} label={translate('adminUsers.f.groups')} helperText={helper('groups')} error={!!fields.groups} />
          )}
        />
        <Autocomplete
          multiple
          id="access-roles"
          options={roleChoices}
          value={access.roles}
          groupBy={(role) => translate(`adminUsers.rightGroups.${groupOfRole(role)}`)}
          onChange={(_, roles) => setAccess((a) => ({ ...a, roles }))}
          getOptionLabel={(role) => `${rightName(role, locale)} (${role})`}
          renderInput={(params) => <TextField {...params} label={translate('adminUsers.f.roles')} />}
        />
        <Autocomplete
          multiple
          id="access-depositors"
          options={(options?.depositors ?? []).map((d) => d.id)}
          value={access.depositors}
          onChange={(_, depositors) => setAccess((a) => ({ ...a, depositors }))}
          getOptionLabel={depositorLabel}
          renderInput={(params) => (
            <TextField
              {...params}
              label={translate('adminUsers.f.depositors')}
              helperText={helper('depositors')}
              error={!!fields.depositors}
            />
          )}
        />
        <Autocomplete
          multiple
          id="access-activities"
          options={(options?.activities ?? []).map((a) => a.id)}
          value={access.activities}
          onChange={(_, activities) => setAccess((a) => ({ ...a, activities }))}
          getOptionLabel={(id) => refLabel(options?.activities, id)}
          renderInput={(params) => (
            <TextField
              {...params}
              label={translate('adminUsers.f.activities')}
              helperText={helper('activities') ?? translate('adminUsers.hints.emptyIsAll')}
              error={!!fields.activities}
            />
          )}
        />
        <Autocomplete
          multiple
          id="access-stores"
          options={(options?.stores ?? []).map((s) => s.id)}
          value={access.stores}
          onChange={(_, stores) => setAccess((a) => ({ ...a, stores }))}
          getOptionLabel={(id) => refLabel(options?.stores, id)}
          renderInput={(params) => (
            <TextField
              {...params}
              label={translate('adminUsers.f.stores')}
              helperText={helper('stores') ?? translate('adminUsers.hints.emptyIsAll')}
              error={!!fields.stores}
            />
          )}
        />
        <Typography variant="body2" color="text.secondary">
          {translate('adminUsers.f.effectiveRoles')} : {user.effectiveRoles.map((r) => rightName(r, locale)).join(', ') || '—'}
        </Typography>
        <div>
          <Button variant="contained" onClick={save} disabled={busy}>
            {translate('adminUsers.actions.saveAccess')}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}

const accessOf = (user: AdminUserDto): Access => ({
  roles: user.roles,
  groups: user.groups,
  depositors: user.depositors,
  activities: user.activities,
  stores: user.stores,
});
